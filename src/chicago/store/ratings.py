"""People's ratings in the database (migration 0010): an account's rating, its history game
by game, the leaderboard, and rating a finished game exactly once.

The store does no rating arithmetic: `rate_game` reads the ratings of the game's people and
hands them to a function the application gives (chicago.table.ratings.service), inside one
transaction that first claims the game in `rated_games`. Of two requests to rate one game,
from one process or two, the second waits for the first's transaction (SQLite's write lock,
PostgreSQL's unique index) and then finds the game claimed: it changes nothing. Two games
sharing a person are rated one after the other, the second from the first's result: the
ratings rows are read `FOR UPDATE` on PostgreSQL (SQLite writes one transaction at a time),
and a person rated for the first time in both at once makes the later insert fail, and that
game is rated again from the committed row.

Only accounts are rated: guests have no lasting identity to carry a rating, and bots have
fixed ratings the application knows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, cast

from sqlalchemy import Table, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from chicago.store.accounts import GONE_KEY
from chicago.store.models import Account, PlayerRating, RatedGame, RatingChange
from chicago.store.repo import Store

_RATINGS: Final = cast(Table, PlayerRating.__table__)
_HISTORY: Final = cast(Table, RatingChange.__table__)
_RATED: Final = cast(Table, RatedGame.__table__)
_ACCOUNTS: Final = cast(Table, Account.__table__)

ATTEMPTS: Final = 3
"""Tries of one game's rating when a person's first rating row was inserted by another
game's transaction at the same moment (each try after the other committed)."""

Figures = tuple[float, float, float]
"""A rating as stored: (rating, rating deviation, volatility)."""

Update = Callable[[Mapping[int, Figures]], Mapping[int, Figures]]
"""The application's rating of a game: each account's figures before it to each account's
figures after it."""


@dataclass(frozen=True, slots=True)
class StoredRating:
    """A person's rating now."""

    account_id: int
    rating: float
    rd: float
    volatility: float
    games: int
    updated: datetime

    @property
    def figures(self) -> Figures:
        return (self.rating, self.rd, self.volatility)


@dataclass(frozen=True, slots=True)
class RatingStep:
    """What one rated game did to one person's rating."""

    account_id: int
    game_id: str
    before: Figures
    after: Figures
    at: datetime


@dataclass(frozen=True, slots=True)
class Ranked:
    """A line of the leaderboard."""

    account_id: int
    username: str
    rating: float
    rd: float
    games: int


def _stored(r: Any) -> StoredRating:
    return StoredRating(r.account_id, r.rating, r.rd, r.volatility, r.games, r.updated)


def _step(r: Any) -> RatingStep:
    return RatingStep(
        r.account_id, r.game_id, (r.rating_before, r.rd_before, r.volatility_before),
        (r.rating_after, r.rd_after, r.volatility_after), r.at,
    )


class RatingStore:
    """The ratings of one Store (its engine and its write lock)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    def rate_game(
        self, game_id: str, accounts: Sequence[int], update_: Update, now: datetime,
        start: Figures,
    ) -> list[RatingStep] | None:
        """Rate a finished game for its people (`accounts`, each once), in one transaction:
        their ratings before (`start` for someone never rated), `update_`'s ratings after,
        the history, the game marked rated. The steps written, in account order; None
        (nothing written) when the game was rated already."""
        ids = sorted(accounts)
        if len(set(ids)) != len(ids):
            raise ValueError(f"an account is listed twice in the game's people: {ids}")
        if not game_id:
            raise ValueError("a game to rate needs its id")
        for attempt in range(ATTEMPTS):
            try:
                return self._rate_once(game_id, ids, update_, now, start)
            except IntegrityError:
                if self.is_rated(game_id):
                    return None
                if attempt == ATTEMPTS - 1:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _rate_once(
        self, game_id: str, ids: list[int], update_: Update, now: datetime, start: Figures
    ) -> list[RatingStep]:
        with self.store._write() as s:
            # The claim comes first: on SQLite it takes the write lock before anything is
            # read, so no other process can change a rating between the read and the write.
            s.execute(insert(_RATED).values(game_id=game_id, at=now))
            rows = s.execute(
                select(_RATINGS)
                .where(_RATINGS.c.account_id.in_(ids))
                .order_by(_RATINGS.c.account_id)
                .with_for_update()
            ).all()
            found = {r.account_id: r for r in rows}
            before: dict[int, Figures] = {
                a: (found[a].rating, found[a].rd, found[a].volatility) if a in found else start
                for a in ids
            }
            after = update_(before)
            if set(after) != set(ids):
                raise ValueError(
                    f"the rating of game {game_id} gave figures for {sorted(after)}, "
                    f"not for its people {ids}"
                )
            steps: list[RatingStep] = []
            for a in ids:
                rating, rd, volatility = after[a]
                values = {"rating": rating, "rd": rd, "volatility": volatility, "updated": now}
                if a in found:
                    s.execute(
                        update(_RATINGS)
                        .where(_RATINGS.c.account_id == a)
                        .values(games=found[a].games + 1, **values)
                    )
                else:
                    s.execute(insert(_RATINGS).values(account_id=a, games=1, **values))
                old = before[a]
                step = RatingStep(a, game_id, old, after[a], now)
                s.execute(insert(_HISTORY).values(
                    account_id=a, game_id=game_id, rating_before=old[0], rd_before=old[1],
                    volatility_before=old[2], rating_after=rating, rd_after=rd,
                    volatility_after=volatility, at=now,
                ))
                steps.append(step)
            return steps

    def is_rated(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.scalar(
                select(func.count()).select_from(_RATED).where(_RATED.c.game_id == game_id)
            ) == 1

    def rating_of(self, account_id: int) -> StoredRating | None:
        """The person's rating now, or None before their first rated game."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(_RATINGS).where(_RATINGS.c.account_id == account_id)
            ).first()
        return None if row is None else _stored(row)

    def history(self, account_id: int, limit: int = 50) -> list[RatingStep]:
        """The person's rated games, newest first."""
        if not 1 <= limit <= 1000:
            raise ValueError(f"a rating history is read 1 to 1000 games at a time, not {limit}")
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_HISTORY)
                .where(_HISTORY.c.account_id == account_id)
                .order_by(_HISTORY.c.at.desc(), _HISTORY.c.game_id.desc())
                .limit(limit)
            ).all()
        return [_step(r) for r in rows]

    def steps_of(self, game_id: str, accounts: Sequence[int]) -> list[RatingStep]:
        """What one game did to the ratings of these accounts (those it rated), in account
        order: read by the history's key (account, game), so no scan of the history."""
        if not accounts:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_HISTORY)
                .where(_HISTORY.c.account_id.in_(sorted(set(accounts))),
                       _HISTORY.c.game_id == game_id)
                .order_by(_HISTORY.c.account_id)
            ).all()
        return [_step(r) for r in rows]

    def leaderboard(
        self, limit: int = 10, *, min_games: int = 1, max_rd: float | None = None
    ) -> list[Ranked]:
        """The `limit` highest ratings of people with at least `min_games` rated games (and
        an RD of at most `max_rd`, when given: a new player's rating is a guess), highest
        first; equal ratings by more games, then by the older account."""
        if not 1 <= limit <= 1000:
            raise ValueError(f"a leaderboard shows 1 to 1000 people, not {limit}")
        where = [
            _RATINGS.c.games >= min_games,
            ~_ACCOUNTS.c.username_key.startswith(GONE_KEY, autoescape=True),
        ]
        if max_rd is not None:
            where.append(_RATINGS.c.rd <= max_rd)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_RATINGS, _ACCOUNTS.c.username)
                .join(_ACCOUNTS, _ACCOUNTS.c.id == _RATINGS.c.account_id)
                .where(*where)
                .order_by(_RATINGS.c.rating.desc(), _RATINGS.c.games.desc(),
                          _RATINGS.c.account_id)
                .limit(limit)
            ).all()
        return [Ranked(r.account_id, r.username, r.rating, r.rd, r.games) for r in rows]
