"""Computer opponents at three levels, deciding from their seat's view only (R9.2).

`make_bot(level)` gives a `Bot` of one of the `LEVELS` (bots/levels.py, their one list);
`bot.choose(view, legal, rng)` picks a legal action and `bot.suggest(...)` adds its reason
(a `Reason`: data that `chicago.text.reasons` words). `bot_stream(seed, seat, turn)` is the
reproducible random source for one decision.
"""

from __future__ import annotations

from typing import Final

from .base import Bot, Reason, Suggestion, bot_stream, why
from .easy import EasyBot
from .hard import HardBot
from .levels import DEFAULT_LEVEL, EASY, HARD, HINT_LEVEL, LEVELS, NORMAL
from .normal import NormalBot

__all__ = [
    "DEFAULT_LEVEL",
    "EASY",
    "HARD",
    "HINT_LEVEL",
    "LEVELS",
    "NORMAL",
    "Bot",
    "EasyBot",
    "HardBot",
    "NormalBot",
    "Reason",
    "Suggestion",
    "bot_stream",
    "make_bot",
    "why",
]

_BOTS: Final[dict[str, type[Bot]]] = {bot.level: bot for bot in (EasyBot, NormalBot, HardBot)}


def make_bot(level: str) -> Bot:
    """A bot of the named level (one of LEVELS); ValueError for any other name."""
    try:
        return _BOTS[level]()
    except (KeyError, TypeError):
        known = ", ".join(LEVELS)
        raise ValueError(f"unknown bot level {level!r} (known: {known})") from None
