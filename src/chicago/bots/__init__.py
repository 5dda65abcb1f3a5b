"""Computer opponents at three levels, deciding from their seat's view only (R9.2).

`make_bot("easy" | "normal" | "hard")` gives a `Bot`; `bot.choose(view, legal, rng)` picks a
legal action and `bot.suggest(...)` adds its reason (a `Reason`: data that
`chicago.text.reasons` words). `bot_stream(seed, seat, turn)`
is the reproducible random source for one decision.
"""

from __future__ import annotations

from typing import Final

from .base import Bot, Reason, Suggestion, bot_stream, why
from .easy import EasyBot
from .hard import HardBot
from .normal import NormalBot

__all__ = [
    "LEVELS",
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

LEVELS: Final = ("easy", "normal", "hard")

_BOTS: Final[dict[str, type[Bot]]] = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str) -> Bot:
    """A bot of the named level (one of LEVELS); ValueError for any other name."""
    try:
        return _BOTS[level]()
    except (KeyError, TypeError):
        known = ", ".join(LEVELS)
        raise ValueError(f"unknown bot level {level!r} (known: {known})") from None
