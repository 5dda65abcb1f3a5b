"""Rating a finished game: who sat where (people by account, guests, bots by level), its
final standing, and the store's one transaction that rates it once.

People (accounts) are rated. A guest is an opponent whose rating nobody knows: the starting
rating and its full RD (1500, 350), which Glicko-2 discounts; the guest's own figures are
not kept. A bot is an opponent of known, fixed strength (`chicago.table.ratings.bots`).
A person who left the table before the end is placed last (`chicago.table.ratings.game`:
`abandoned`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from chicago.core.state import GameState
from chicago.store.ratings import Figures, RatingStep, RatingStore
from chicago.table.ratings.bots import BOT_RATINGS
from chicago.table.ratings.game import abandoned, places, rate_game
from chicago.table.ratings.glicko import (
    DEFAULT_RATING,
    DEFAULT_RD,
    DEFAULT_VOLATILITY,
    Rating,
)


@dataclass(frozen=True, slots=True)
class Person:
    """A seat played by an account: rated."""

    account_id: int


@dataclass(frozen=True, slots=True)
class Guest:
    """A seat played by a guest: an unknown opponent, not rated."""


@dataclass(frozen=True, slots=True)
class Bot:
    """A seat played by a bot of this level: a fixed rating."""

    level: str


Seat = Person | Guest | Bot


START: Final[Figures] = (DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY)
"""A person's figures before their first rated game."""


def _before(seat: Seat, stored: Mapping[int, Figures]) -> Rating:
    if isinstance(seat, Bot):
        return BOT_RATINGS[seat.level]
    if isinstance(seat, Person):
        return Rating(*stored[seat.account_id])
    return Rating()


def rate_finished(
    ratings: RatingStore, game_id: str, seats: Sequence[Seat], state: GameState,
    now: datetime, left: Sequence[bool] = (),
) -> list[RatingStep] | None:
    """Rate a finished game for the people at its seats (seat order, as `state`'s), those
    who `left` the table before the end (seat order; none when empty) placed last: the
    rating steps written, [] when no seat is a person's, None when the game was rated
    before. Refuses a game that has not ended and seats that do not fit it."""
    if not state.finished or state.winner is None:
        raise ValueError(f"game {game_id} has not ended: only a finished game is rated")
    if len(seats) != state.seats:
        raise ValueError(f"{len(seats)} seats given for a {state.seats}-seat game {game_id}")
    unknown = sorted({s.level for s in seats if isinstance(s, Bot)} - set(BOT_RATINGS))
    if unknown:
        raise ValueError(f"no rating for the bot level(s) {', '.join(unknown)}")
    if left and len(left) != len(seats):
        raise ValueError(f"{len(left)} left flags for the {len(seats)} seats of {game_id}")
    placed = places(state.scores, state.eliminated, state.winner)
    if any(left):
        placed = abandoned(placed, left)
    people = [s.account_id for s in seats if isinstance(s, Person)]
    if not people:
        return []

    def update(stored: Mapping[int, Figures]) -> dict[int, Figures]:
        after = rate_game([_before(s, stored) for s in seats], placed)
        return {
            s.account_id: (a.rating, a.rd, a.volatility)
            for s, a in zip(seats, after, strict=True)
            if isinstance(s, Person)
        }

    return ratings.rate_game(game_id, people, update, now, START)
