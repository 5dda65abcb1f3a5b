"""Which tables with people are rated, and rating one when its game ends.

A table is rated when it is open to anyone and nobody can stall it (`is_rated`): a
quick-play table (`live_tables.rated`), or a listed open table under a turn timer. A table
of invited friends is not (friends could agree on a result), nor a single player's game
against bots (anyone could replay a seed until it goes their way), nor an imported game
(its deals may have been stacked). At a rated table every seat counts
(`chicago.table.ratings.service`): an account's seat is rated, a guest's is an unknown
opponent, a bot's is its level's fixed rating. A seat handed to a bot for a while (away)
stays its person's: the person is rated by the seat's standing. A person who left the
table before the end is placed last (`chicago.table.ratings.game.abandoned`).

The game is rated at the commit that finishes it (`TableRatings.finished`), after that
commit and in a transaction of its own that claims the game's id first: a retry, or a
second process finishing or reading the same game, changes nothing. Should a process stop
between the two, the first view of the finished table rates it (`changes`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from chicago.bots import DEFAULT_LEVEL
from chicago.core.state import GameState
from chicago.store import GameRow
from chicago.store.live import BOT, PERSON, LiveRow
from chicago.store.ratings import RatingStep, RatingStore
from chicago.store.repo import Store
from chicago.table.ratings.service import Bot, Guest, Person, Seat, rate_finished

log = logging.getLogger("chicago.table.tables.rated")


def is_rated(row: GameRow, live: LiveRow) -> bool:
    """A table whose game is rated: a quick-play table, or a listed open table under a
    turn timer; never a single player's game (the inline pace) nor an imported one."""
    if live.pace_ms < 0 or row.imported:
        return False
    return live.rated or (live.listed and live.timer > 0)


def rated_seats(live: LiveRow) -> list[Seat]:
    """Who each seat counts as: an account's seat (its person's even when a bot played it
    at the end), a guest, or a bot at its level."""
    out: list[Seat] = []
    for s in live.seats:
        if s.kind == BOT:
            out.append(Bot(s.level or DEFAULT_LEVEL))
        elif s.kind == PERSON and s.owner is not None and s.owner.kind == "account":
            out.append(Person(int(s.owner.id)))
        else:
            out.append(Guest())
    return out


def accounts(live: LiveRow) -> list[int]:
    """The accounts seated at the table, by seat."""
    return [s.account_id for s in rated_seats(live) if isinstance(s, Person)]


@dataclass(frozen=True, slots=True)
class SeatChange:
    """What a rated game did to the rating of the person at one seat."""

    seat: int
    before: float
    after: float
    rd: float
    """The rating deviation after the game."""


class TableRatings:
    """Rating the games of the rated tables of one store."""

    def __init__(self, store: Store) -> None:
        self.store = RatingStore(store)

    def finished(
        self, row: GameRow, live: LiveRow, state: GameState, now: datetime
    ) -> list[RatingStep] | None:
        """Rate a game that has just ended at a rated table (nothing for another table):
        the steps written, None when it was rated before or is not rated at all. A
        failure is logged, never raised: the game's end is stored whatever happens here,
        and the first view of the table tries again."""
        if not (state.finished and is_rated(row, live)) or not accounts(live):
            return None
        try:
            return rate_finished(
                self.store, row.id, rated_seats(live), state, now,
                [s.left for s in live.seats],
            )
        except Exception:
            log.exception("game %s ended but could not be rated", row.id)
            return None

    def changes(
        self, row: GameRow, live: LiveRow, state: GameState, now: datetime
    ) -> tuple[SeatChange, ...] | None:
        """Each rated person's change in a finished game, by seat; () while the game goes
        on or when no account sits there; None at a table that is not rated. A finished
        game found not rated yet (its process stopped in between) is rated now."""
        if not is_rated(row, live):
            return None
        people = accounts(live)
        if not state.finished or not people:
            return ()
        steps = self.store.steps_of(row.id, people)
        if not steps:
            self.finished(row, live, state, now)
            steps = self.store.steps_of(row.id, people)
        by_account = {s.account_id: s for s in steps}
        out: list[SeatChange] = []
        for seat, who in enumerate(rated_seats(live)):
            step = by_account.get(who.account_id) if isinstance(who, Person) else None
            if step is not None:
                out.append(SeatChange(seat, step.before[0], step.after[0], step.after[1]))
        return tuple(out)
