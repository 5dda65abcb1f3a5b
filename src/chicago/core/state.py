"""The game state: one value holding everything the rules need, including hidden cards.

States are values: the engine never changes one it was given; `apply` works on a copy
(`GameState.copy`, a cheap shallow copy, since every field holds an immutable value).
Only views (views.py) leave the core for players.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from chicago.core.cards import Card
from chicago.core.events import Event
from chicago.core.rules import RuleProfile


class Phase(Enum):
    """Which decision the game waits for (docs/game-file.md `to_act.decision`), or finished."""

    __hash__ = object.__hash__  # members are singletons; Enum's own hash is slow on hot paths

    EXCHANGE = "exchange"
    OFFER = "offer"
    QUADS = "quads"
    CHICAGO = "chicago"
    PLAY = "play"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class StackedDeal:
    """A deal fixed in advance (docs/game-file.md `deals`): hands by seat, stock top first."""

    hands: tuple[tuple[int, tuple[Card, ...]], ...]
    stock: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Setup:
    """What fixes a game before any decision: rules, table size, seed, first dealer, decks."""

    profile: RuleProfile
    seats: int
    seed: int
    dealer: int
    deals: tuple[StackedDeal, ...] = ()


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, each (seat, card) in play order, who took it."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


_CLOCKWISE: dict[tuple[tuple[bool, ...], int], tuple[int, ...]] = {}
"""Seat orders by (eliminated flags, start seat): few distinct keys, asked on every step."""


@dataclass(slots=True, kw_only=True)
class GameState:
    """Everything about a game at one moment. Treat as immutable: use engine.apply.

    Built by keyword only, and every field is required: a field added later cannot shift
    the others, and a constructor (`copy`, `engine.new_game`) that leaves it out fails at
    once instead of carrying a default along."""

    setup: Setup
    profile: RuleProfile
    """The same as `setup.profile`, kept at hand: the engine reads it on every step."""
    scores: tuple[int, ...]
    qualified: tuple[bool, ...]
    eliminated: tuple[bool, ...]
    reached: tuple[bool, ...]
    """Whether each seat has ever reached the profile's high-score threshold (köpstopp, six
    cards)."""
    winner: int | None
    deal: int
    dealer: int
    phase: Phase
    to_act: int | None
    queue: tuple[int, ...]
    """Seats still to answer in this exchange or Chicago round, the one to act first."""
    exchange: int
    """The current (or last) exchange of the deal, from 1."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """Top card first."""
    discards: tuple[Card, ...]
    """Completed discards, which may be recycled into a new stock (R2.3)."""
    exchanging: tuple[Card, ...]
    """The discards (and a declined offer) of the player exchanging now: not recyclable yet."""
    offer: Card | None
    """The face-up card offered to the player to act (R2.2)."""
    out: tuple[Card, ...]
    """Cards that left the deal with an eliminated player (R8.3)."""
    shuffles: int
    """Recycling shuffles so far this deal (labels the next one, R2.3)."""
    locks: frozenset[tuple[int, int]]
    """(seat, rank) of four-of-a-kinds locked to points this deal (R4.3)."""
    stage: int
    """The scoring stage being resolved (for a pending four-of-a-kind choice)."""
    final_hands: tuple[tuple[Card, ...], ...]
    """Hands as they stood after the last exchange: the deferred final hand (R4.5)."""
    restricted: frozenset[int]
    """Seats under the high-score rule this deal: no exchanges, or six cards (docs/rules.md §X)."""
    primed: frozenset[int]
    """Seats at or above the target when the deal began (for the one-more-award win rule)."""
    asked: frozenset[int]
    """Seats that answered the Chicago question during the first trick (first-trick calls)."""
    caller: int | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    log: tuple[Event, ...]
    """This deal's events so far (views redact them per seat)."""

    @property
    def seats(self) -> int:
        return self.setup.seats

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED

    def active(self) -> list[int]:
        """Seats not eliminated, in seat order."""
        return [s for s in range(self.setup.seats) if not self.eliminated[s]]

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Active seats starting at `seat`'s left and ending with `seat` if active."""
        key = (self.eliminated, seat)
        found = _CLOCKWISE.get(key)
        if found is None:
            n = len(self.eliminated)
            elim = self.eliminated
            found = tuple((seat + i) % n for i in range(1, n + 1) if not elim[(seat + i) % n])
            _CLOCKWISE[key] = found
        return found

    def copy(self) -> GameState:
        """A shallow copy for the engine to change (all fields are immutable values).

        Keywords spelled out rather than `dataclasses.replace`: this runs on every step the
        engine takes, and replace costs about three times as much."""
        return GameState(
            setup=self.setup,
            profile=self.profile,
            scores=self.scores,
            qualified=self.qualified,
            eliminated=self.eliminated,
            reached=self.reached,
            winner=self.winner,
            deal=self.deal,
            dealer=self.dealer,
            phase=self.phase,
            to_act=self.to_act,
            queue=self.queue,
            exchange=self.exchange,
            hands=self.hands,
            stock=self.stock,
            discards=self.discards,
            exchanging=self.exchanging,
            offer=self.offer,
            out=self.out,
            shuffles=self.shuffles,
            locks=self.locks,
            stage=self.stage,
            final_hands=self.final_hands,
            restricted=self.restricted,
            primed=self.primed,
            asked=self.asked,
            caller=self.caller,
            leader=self.leader,
            trick=self.trick,
            tricks=self.tricks,
            log=self.log,
        )
