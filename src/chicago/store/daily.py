"""Storage of the day's deal: each day's seed (drawn once, whichever process asks first), the
attempts played on it, the board's rows and the day's par.

An attempt is a game (its `games` row, sealed until the day closes) plus a `daily_attempts`
row naming its day; its player is the game's owner, so a guest's attempt follows their games
into the account they sign up for.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, cast

from sqlalchemy import String, Table, insert, select, update
from sqlalchemy.exc import IntegrityError

from chicago.store.models import Account, DailyAttempt, DailyDeal, Game, TableSeat
from chicago.store.repo import GameRow, Owner, Store, _game_row

_DEALS: Final = cast(Table, DailyDeal.__table__)
_ATTEMPTS: Final = cast(Table, DailyAttempt.__table__)
_ACCOUNTS: Final = cast(Table, Account.__table__)
_SEATS: Final = cast(Table, TableSeat.__table__)


@dataclass(frozen=True, slots=True)
class AttemptRow:
    """An attempt's game, with its result once worked out (a finished game's never changes)."""

    game: GameRow
    result: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class BoardRow:
    """An account's first attempt of a day, with the name the board shows."""

    game: GameRow
    result: dict[str, Any] | None
    account_id: int
    name: str


def _result(raw: str | None) -> dict[str, Any] | None:
    return None if raw is None else cast(dict[str, Any], json.loads(raw))


class DailyStore:
    """The day's deal tables of one Store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._games = cast(Table, Game.__table__)

    def seed_of(self, day: str, fresh: int, now: datetime) -> int:
        """The day's seed: `fresh` if this is the first ask of the day, else the one drawn
        first (two processes asking at once agree: the day is the primary key)."""
        with self.store.engine.connect() as conn:
            seed = conn.scalar(select(_DEALS.c.seed).where(_DEALS.c.day == day))
        if seed is not None:
            return int(seed)
        try:
            with self.store._write() as s:
                s.execute(insert(_DEALS).values(day=day, seed=fresh, created=now))
            return fresh
        except IntegrityError:
            with self.store.engine.connect() as conn:
                drawn = conn.scalar(select(_DEALS.c.seed).where(_DEALS.c.day == day))
            return int(cast(int, drawn))

    def add_attempt(self, game_id: str, day: str, now: datetime) -> None:
        with self.store._write() as s:
            s.execute(insert(_ATTEMPTS).values(game_id=game_id, day=day, created=now))

    def day_of_game(self, game_id: str) -> str | None:
        with self.store.engine.connect() as conn:
            day = conn.scalar(select(_ATTEMPTS.c.day).where(_ATTEMPTS.c.game_id == game_id))
        return None if day is None else str(day)

    def set_result(self, game_id: str, result: dict[str, Any]) -> None:
        with self.store._write() as s:
            s.execute(update(_ATTEMPTS).where(_ATTEMPTS.c.game_id == game_id)
                      .values(result=json.dumps(result)))

    def attempts(self, owner: Owner, day: str) -> list[AttemptRow]:
        """The owner's attempts of `day`, oldest first: the first counts, the rest practice."""
        g = self._games
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(g, _ATTEMPTS.c.result.label("attempt_result"))
                .select_from(g.join(_ATTEMPTS, _ATTEMPTS.c.game_id == g.c.id))
                .where(_ATTEMPTS.c.day == day, g.c.owner_kind == owner.kind,
                       g.c.owner_id == owner.id)
                .order_by(_ATTEMPTS.c.created, g.c.id)
            ).all()
        return [AttemptRow(_game_row(r), _result(r.attempt_result)) for r in rows]

    def board(self, day: str) -> list[BoardRow]:
        """Every account's first attempt of `day` that is finished (a guest is not ranked)."""
        g = self._games
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                select(g, _ACCOUNTS.c.username, _ATTEMPTS.c.result.label("attempt_result"))
                .select_from(
                    g.join(_ATTEMPTS, _ATTEMPTS.c.game_id == g.c.id).join(
                        _ACCOUNTS, g.c.owner_id == _ACCOUNTS.c.id.cast(String)
                    )
                )
                .where(_ATTEMPTS.c.day == day, g.c.owner_kind == "account")
                .order_by(_ATTEMPTS.c.created, g.c.id)
            ).all()
        seen: set[str] = set()
        out: list[BoardRow] = []
        for r in rows:
            if r.owner_id in seen:
                continue
            seen.add(r.owner_id)
            if r.status == "finished" and r.username:
                out.append(BoardRow(_game_row(r), _result(r.attempt_result), int(r.owner_id),
                                    str(r.username)))
        return out

    def companions(self, owner: Owner) -> set[int]:
        """The accounts `owner` has sat at a table with people with (friends, for the board's
        marks): nothing for a guest."""
        if owner.kind != "account":
            return set()
        mine = select(_SEATS.c.game_id).where(_SEATS.c.owner_kind == "account",
                                              _SEATS.c.owner_id == owner.id)
        with self.store.engine.connect() as conn:
            ids = conn.scalars(
                select(_SEATS.c.owner_id).distinct()
                .where(_SEATS.c.game_id.in_(mine), _SEATS.c.owner_kind == "account",
                       _SEATS.c.owner_id != owner.id)
            ).all()
        return {int(i) for i in ids if i is not None and i.isdigit()}

    # The day's par -------------------------------------------------------------------------

    def par(self, day: str) -> dict[str, Any] | None:
        with self.store.engine.connect() as conn:
            raw = conn.scalar(select(_DEALS.c.par).where(_DEALS.c.day == day))
        return None if raw is None else cast(dict[str, Any], json.loads(raw))

    def claim_par(self, day: str, now: datetime, stale_before: datetime) -> bool:
        """True for the one process that is to play the day's par now: nobody has, nobody
        began since `stale_before` (a process that stopped midway is taken over)."""
        c = _DEALS.c
        with self.store._write() as s:
            done = s.execute(
                update(_DEALS)
                .where(c.day == day, c.par.is_(None),
                       (c.par_claimed.is_(None)) | (c.par_claimed < stale_before))
                .values(par_claimed=now)
            )
            return bool(cast(Any, done).rowcount)

    def set_par(self, day: str, par: dict[str, Any]) -> None:
        with self.store._write() as s:
            s.execute(update(_DEALS).where(_DEALS.c.day == day).values(par=json.dumps(par)))
