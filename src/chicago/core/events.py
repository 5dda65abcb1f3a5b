"""Events: the story of a game, small frozen past-tense values, each knowing who may see it.

`apply` returns them; the UI animates them, logs print them, tests assert on them. Each
event is public unless its class says otherwise (R9.1): `PRIVATE` names fields only the
event's `seat` may see, `OWNER_ONLY` hides the whole event from everyone else, and `HIDDEN`
events are for the game record alone. `event_to_json(event, seat)` applies that filter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import ClassVar

from chicago.core.cards import Card
from chicago.core.hands import Category
from chicago.core.values import value


@value
@dataclass(frozen=True, slots=True)
class Event:
    PRIVATE: ClassVar[tuple[str, ...]] = ()
    OWNER_ONLY: ClassVar[bool] = False
    HIDDEN: ClassVar[bool] = False


@value
@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """R1.3: a new deal; `seats` are the active seats dealt in."""

    deal: int
    dealer: int
    seats: tuple[int, ...]


@value
@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """R1.3: the five cards a seat was dealt (only that seat sees them)."""

    OWNER_ONLY: ClassVar[bool] = True
    seat: int
    cards: tuple[Card, ...]


@value
@dataclass(frozen=True, slots=True)
class ExchangeStarted(Event):
    exchange: int


@value
@dataclass(frozen=True, slots=True)
class ExchangeSkipped(Event):
    """A seat the high-score rule keeps out of this exchange: `reason` is kopstopp, block or
    six_cards (docs/rules.md §X)."""

    seat: int
    exchange: int
    reason: str


@value
@dataclass(frozen=True, slots=True)
class ScoreReset(Event):
    """A score set to 0: `reason` is high_score (R2.4), quads (R4.3) or royal_flush (R4.4)."""

    seat: int
    previous: int
    reason: str


@value
@dataclass(frozen=True, slots=True)
class OfferShown(Event):
    """R2.2/R2.5: the top stock card, dealt face up for the table to see."""

    seat: int
    card: Card


@value
@dataclass(frozen=True, slots=True)
class OfferKept(Event):
    seat: int
    card: Card


@value
@dataclass(frozen=True, slots=True)
class OfferDeclined(Event):
    seat: int
    card: Card


@value
@dataclass(frozen=True, slots=True)
class CardsExchanged(Event):
    """R2.1/R2.5: everyone learns how many cards; only the seat knows which."""

    PRIVATE: ClassVar[tuple[str, ...]] = ("discarded", "drawn")
    seat: int
    exchange: int
    count: int
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]


@value
@dataclass(frozen=True, slots=True)
class StockRecycled(Event):
    """R2.3: completed discards shuffled into a new stock (record only)."""

    HIDDEN: ClassVar[bool] = True
    cards: int


@value
@dataclass(frozen=True, slots=True)
class HandAnnounced(Event):
    """R4.1: the best hand of a stage, by winner and category only, never the cards.

    `stage` is the exchange after which it was scored; the deferred final hand (R6.3) has the
    number of the last exchange.
    """

    stage: int
    seat: int
    category: Category


@value
@dataclass(frozen=True, slots=True)
class NoHandScored(Event):
    """R4.2: nobody holds a pair or better, so the stage awards nothing."""

    stage: int


@value
@dataclass(frozen=True, slots=True)
class PointsAwarded(Event):
    """A score change. `points` is negative for a broken Chicago's caller (R7.2).

    reasons: hand, quads, last_trick, last_trick_two, chicago, chicago_broken, chicago_breaker.
    """

    seat: int
    points: int
    score: int
    reason: str


@value
@dataclass(frozen=True, slots=True)
class QuadsChosen(Event):
    """R4.3: `points` (locks this four-of-a-kind) or `reset` (others to 0, deal ends)."""

    seat: int
    choice: str


@value
@dataclass(frozen=True, slots=True)
class ChicagoCalled(Event):
    """R5.1/R7.4: the call, which also qualifies the caller."""

    seat: int


@value
@dataclass(frozen=True, slots=True)
class ChicagoPassed(Event):
    seat: int


@value
@dataclass(frozen=True, slots=True)
class CardsReturned(Event):
    """A Chicago called during the first trick: the cards already played go back (§X)."""

    plays: tuple[tuple[int, Card], ...]


@value
@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: Card
    trick: int


@value
@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    """R6.1: the highest card of the led suit takes the trick."""

    trick: int
    seat: int
    card: Card


@value
@dataclass(frozen=True, slots=True)
class ChicagoWon(Event):
    seat: int


@value
@dataclass(frozen=True, slots=True)
class ChicagoBroken(Event):
    caller: int
    breaker: int


@value
@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    """R8.3: reached the target without qualifying; keeps the recorded score."""

    seat: int
    score: int


@value
@dataclass(frozen=True, slots=True)
class GameWon(Event):
    """R8: reasons target, straight_flush, royal_flush, last_standing."""

    seat: int
    reason: str


@value
@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    """reasons: complete, quads_reset, chicago_won, chicago_broken (none when the game ends)."""

    deal: int
    reason: str


_SNAKE = re.compile(r"(?<!^)(?=[A-Z])")


def event_type(event: Event) -> str:
    """The event's name in JSON: CardsExchanged → cards_exchanged."""
    return _shape(type(event))[0]


_SHAPES: dict[type, tuple[str, tuple[str, ...]]] = {}


def _shape(cls: type[Event]) -> tuple[str, tuple[str, ...]]:
    """A class's JSON name and field names, worked out once: every message a live table
    sends holds the deal's log, so this runs for thousands of events a second."""
    shape = _SHAPES.get(cls)
    if shape is None:
        name = _SNAKE.sub("_", cls.__name__).lower()
        shape = _SHAPES[cls] = (name, tuple(f.name for f in fields(cls)))
    return shape


def _plain(value: object) -> object:
    if isinstance(value, Card):
        return value.text
    if isinstance(value, Category):
        return value.words
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def visible_to(event: Event, seat: int | None) -> bool:
    """Whether `seat` learns of the event at all (None: the omniscient record)."""
    if seat is None:
        return True
    if event.HIDDEN:
        return False
    return not event.OWNER_ONLY or getattr(event, "seat", None) == seat


def event_to_json(event: Event, seat: int | None = None) -> dict[str, object] | None:
    """The event as JSON for `seat` (None: everything), or None when `seat` may not see it."""
    if not visible_to(event, seat):
        return None
    name, names = _shape(type(event))
    out: dict[str, object] = {"type": name}
    private = event.PRIVATE if seat is not None and getattr(event, "seat", None) != seat else ()
    for f in names:
        if f not in private:
            out[f] = _plain(getattr(event, f))
    return out
