"""The bot protocol: a computer opponent decides from its own view only (R9.2).

A bot is a small object with one decision method, `choose(view, legal, rng)`, which takes the
seat's `PlayerView` (never the game state: the method refuses anything else), the legal
actions and the bot's own seeded random source, and returns one of the legal actions.
`suggest` returns the same decision with its reason as data (`Reason`: a kind, the cards it
speaks of and its figures), for hints; `chicago.text.reasons` words it in the reader's
language. No sentence a player reads is written here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from chicago.core.actions import Action
from chicago.core.cards import Card
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView


@dataclass(frozen=True)
class Advice:
    """The numbers behind a decision, for a coach's hint (the words are chicago's text
    layer's job). Every chance here is an estimate from `samples` imagined deals of the
    cards the seat cannot see, unless `samples` is 0."""

    kind: str
    """exchange, chicago or play."""
    samples: int = 0
    kept: tuple[Card, ...] = ()
    """exchange: the cards kept (all five when nothing is discarded)."""
    at_least: tuple[float, ...] = ()
    """exchange: by category value (hands.Category), the chance of holding that category or
    better after the last exchange, keeping these cards and then exchanging as a typical
    player does."""
    by_exchange: int = 0
    """exchange: the exchange those chances refer to (the last one)."""
    best: float = 0.0
    """exchange: the chance of the best hand at the next scoring (R4.1, or the final hand)."""
    resets: bool = False
    """exchange: the discard resets the score to 0 (R2.4)."""
    chicago_hope: float = 0.0
    """exchange: when the exchange aims at a Chicago, the chance of holding five sure tricks
    by the calls (R5); else 0."""
    all_five: float = 0.0
    """chicago: the chance to take all five tricks (R5.2), or play: the caller's chance."""
    call_worth: float = 0.0
    """chicago: what calling is worth over passing, in points of standing in this game
    (qualification, the target and the others' scores included, bots.stakes)."""
    needs_call: bool = False
    """chicago: the seat is not qualified yet (R7.4): even a broken call qualifies it."""
    urgent: bool = False
    """chicago: its points are past target − Chicago value, where a call is due."""
    chances_left: int = 0
    """chicago: when a seat that still needs the qualification calls because its free
    chances run out (bots.qualify), the questions it had left, this one included; else 0."""
    last_trick: float = 0.0
    """play: the chance to take the last trick after this card (R6.3)."""
    why: str = ""
    """play: last_trick (plays for the last trick), avoid (the last trick's points would put
    the seat out, R8.3), caller (keeps every trick of its Chicago), rule (a counting rule:
    see the reason)."""


Figure = int | float
"""A reason's figure: a chance (0..1), points, a score, a count."""


@dataclass(frozen=True)
class Reason:
    """Why a bot decided as it did, as data: `kind` names the reason (every kind and its words
    are in `chicago.text.reasons`), `cards` the cards it is about (the card played, offered
    or discarded, the cards kept), `other` a second group (the card kept for the last
    trick, the five kept after a discard) and `figures` its numbers by name."""

    kind: str
    cards: tuple[Card, ...] = ()
    other: tuple[Card, ...] = ()
    figures: dict[str, Figure] = field(default_factory=dict)

    def figure(self, name: str) -> Figure:
        return self.figures.get(name, 0)


def why(kind: str, cards: Sequence[Card] = (), other: Sequence[Card] = (),
        **figures: Figure) -> Reason:
    """A `Reason` from plain arguments: `why("play.must_win", [card], lead=1)`."""
    return Reason(kind, tuple(cards), tuple(other), dict(figures))


@dataclass(frozen=True)
class Suggestion:
    """A decision and why (`reason`, as data), and for hints its numbers when the level has
    them (`advice`)."""

    action: Action
    reason: Reason
    advice: Advice | None = None


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
