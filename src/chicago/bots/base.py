"""The bot protocol: a computer opponent decides from its own view only (R9.2).

A bot is a small object with one decision method, `choose(view, legal, rng)`, which takes the
seat's `PlayerView` (never the game state: the method refuses anything else), the legal
actions and the bot's own seeded random source, and returns one of the legal actions.
`suggest` returns the same decision with a one-sentence reason, for hints.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from chicago.core.actions import Action
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView


@dataclass(frozen=True)
class Suggestion:
    """A decision and why, in one short sentence a player can read."""

    action: Action
    reason: str


class Bot(ABC):
    """A computer opponent at one level of play."""

    level: ClassVar[str]

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Action:
        """One legal action for the seat of `view`."""
        return self.suggest(view, legal, rng).action

    def suggest(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Suggestion:
        """The decision with its reason. Refuses anything but a view (R9.2)."""
        if not isinstance(view, PlayerView):
            raise TypeError(f"a bot decides from a PlayerView only, not {type(view).__name__}")
        if not legal:
            raise ValueError("a bot needs at least one legal action")
        return self._decide(view, legal, rng)

    @abstractmethod
    def _decide(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Suggestion:
        """The level's own decision."""


def bot_stream(seed: int, seat: int, turn: int) -> Stream:
    """The random source for a bot's decision: reproducible from the game seed (and distinct
    for every seat and every step of the game)."""
    return Stream(seed, "bot", seat, turn)
