"""Looking back: finished games for the history, share links, review jobs, per-game figures.

Plain values in and out, as in repo.py. A share link is stored as the sha256 of its token
(one live link per game; making a new one replaces it, revoking deletes it). A review is
one row per game that a worker claims with a compare-and-set on its status and heartbeat,
so two workers never run the same review and a worker that died is taken over. Figures are
one row per (game, seat, version): a game that moves on gets a new row, never a stale one.

A player's games are the games they own (they sit at seat 0) and the tables with people
where they hold a seat (`table_seats`, at that seat): `_played_by` gives both as (game, seat)
pairs, so the history, the figures and the reviews are each player's own, at their own seat.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal, cast

from sqlalchemy import (
    Subquery,
    Table,
    and_,
    delete,
    func,
    insert,
    literal,
    or_,
    select,
    union,
    update,
)

from chicago.store.models import Game, GameStats, Review, ShareLink, StatsTotals, TableSeat
from chicago.store.repo import GameRow, Owner, Store, _game_row

Result = Literal["won", "lost"]

_GAMES: Final = cast(Table, Game.__table__)
_STATS: Final = cast(Table, GameStats.__table__)
_REVIEWS: Final = cast(Table, Review.__table__)
_SHARES: Final = cast(Table, ShareLink.__table__)
_SEATS: Final = cast(Table, TableSeat.__table__)


def _played_by(owner: Owner) -> Subquery:
    """(game_id, seat) of every game `owner` played: owned (seat 0) or seated with people.
    The creator of a table with people owns it and sits at seat 0: both halves give the
    same pair, which the union keeps once."""
    owned = select(_GAMES.c.id.label("game_id"), literal(0).label("seat")).where(
        _GAMES.c.owner_kind == owner.kind, _GAMES.c.owner_id == owner.id
    )
    seated = select(_SEATS.c.game_id.label("game_id"), _SEATS.c.seat.label("seat")).where(
        _SEATS.c.owner_kind == owner.kind, _SEATS.c.owner_id == owner.id
    )
    return union(owned, seated).subquery("played")


@dataclass(frozen=True, slots=True)
class PeopleSeat:
    """One seat of a table with people, as the history names it."""

    seat: int
    kind: str
    """"person" or "bot"."""
    owner: Owner | None
    name: str | None
    level: str | None


@dataclass(frozen=True, slots=True)
class ReviewRow:
    game_id: str
    version: int
    method: int
    status: str
    done: int
    total: int
    marks: tuple[dict[str, Any], ...]
    heartbeat: datetime
    created: datetime
    seat: int = 0


@dataclass(frozen=True, slots=True)
class StatsRow:
    game_id: str
    version: int
    played: datetime
    figures: dict[str, Any]
    seat: int = 0


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _review_row(r: Any) -> ReviewRow:
    return ReviewRow(
        r.game_id, r.version, r.method, r.status, r.done, r.total,
        tuple(json.loads(r.marks)), r.heartbeat, r.created, r.seat,
    )


class HistoryStore:
    """The history's tables, on the database of a `Store` (its engine and write lock)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # The history ------------------------------------------------------------------------

    def finished_games(
        self,
        owner: Owner,
        *,
        profile: str | None = None,
        result: Result | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> tuple[list[tuple[GameRow, int]], int]:
        """The finished games the owner played, newest first, filtered, each with the
        owner's seat; and how many match in all."""
        played = _played_by(owner)
        where = [_GAMES.c.status == "finished"]
        if profile is not None:
            where.append(_GAMES.c.profile_id == profile)
        if result == "won":
            where.append(_GAMES.c.winner == played.c.seat)
        elif result == "lost":
            where.append(or_(_GAMES.c.winner != played.c.seat, _GAMES.c.winner.is_(None)))
        joined = _GAMES.join(played, played.c.game_id == _GAMES.c.id)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_GAMES, played.c.seat)
                .select_from(joined)
                .where(*where)
                .order_by(_GAMES.c.created.desc(), _GAMES.c.id)
                .limit(limit)
                .offset(offset)
            ).all()
            count = conn.scalar(select(func.count()).select_from(joined).where(*where))
        return [(_game_row(g), int(g.seat)) for g in rows], int(count or 0)

    def finished_profiles(self, owner: Owner) -> list[str]:
        """The profiles of the finished games the owner played (for the history's filter)."""
        played = _played_by(owner)
        with self.engine.connect() as conn:
            found = conn.scalars(
                select(_GAMES.c.profile_id)
                .select_from(_GAMES.join(played, played.c.game_id == _GAMES.c.id))
                .where(_GAMES.c.status == "finished")
                .distinct()
            ).all()
        return sorted(found)

    def people_seats(self, game_ids: Sequence[str]) -> dict[str, list[PeopleSeat]]:
        """The seats of those of the games that are tables with people (others: absent)."""
        out: dict[str, list[PeopleSeat]] = {}
        with self.engine.connect() as conn:
            for start in range(0, len(game_ids), 500):
                rows = conn.execute(
                    select(_SEATS)
                    .where(_SEATS.c.game_id.in_(list(game_ids[start:start + 500])))
                    .order_by(_SEATS.c.game_id, _SEATS.c.seat)
                ).all()
                for r in rows:
                    who = None if r.owner_id is None else Owner(
                        "account" if r.owner_kind == "account" else "guest", r.owner_id
                    )
                    out.setdefault(r.game_id, []).append(
                        PeopleSeat(r.seat, r.kind, who, r.name, r.level)
                    )
        return out

    # Share links ------------------------------------------------------------------------

    def set_share(self, game_id: str, token_hash: str, now: datetime) -> None:
        """The game's one live link (an earlier link stops working)."""
        with self.store._write() as s:
            s.execute(delete(ShareLink).where(ShareLink.game_id == game_id))
            s.add(ShareLink(token_hash=token_hash, game_id=game_id, created=now))

    def revoke_share(self, game_id: str) -> bool:
        with self.store._write() as s:
            result = s.execute(delete(ShareLink).where(ShareLink.game_id == game_id))
        return bool(getattr(result, "rowcount", 0))

    def shared_game(self, token_hash: str) -> str | None:
        with self.engine.connect() as conn:
            found = conn.scalar(
                select(_SHARES.c.game_id).where(_SHARES.c.token_hash == token_hash)
            )
        return None if found is None else str(found)

    def share_created(self, game_id: str) -> datetime | None:
        with self.engine.connect() as conn:
            found: datetime | None = conn.scalar(
                select(ShareLink.created).where(ShareLink.game_id == game_id)
            )
        return found

    # Reviews ----------------------------------------------------------------------------

    def review(self, game_id: str, seat: int = 0) -> ReviewRow | None:
        """The review of one seat's decisions in the game."""
        with self.engine.connect() as conn:
            r = conn.execute(
                select(_REVIEWS).where(_REVIEWS.c.game_id == game_id, _REVIEWS.c.seat == seat)
            ).first()
        return None if r is None else _review_row(r)

    def queue_review(
        self, game_id: str, version: int, method: int, total: int, now: datetime, seat: int = 0
    ) -> ReviewRow:
        """The review job of the seat's decisions: the stored one if it is of this version
        and method, else a new one, queued."""
        with self.store._write() as s:
            found = s.get(Review, (game_id, seat))
            if found is not None and (found.version, found.method) == (version, method):
                return _review_row(found)
            if found is not None:
                s.delete(found)
                s.flush()
            row = Review(
                game_id=game_id, seat=seat, version=version, method=method, status="queued",
                done=0,
                total=total, marks="[]", heartbeat=now, created=now,
            )
            s.add(row)
            s.flush()
            return _review_row(row)

    def claim_review(self, stale_before: datetime, now: datetime) -> ReviewRow | None:
        """Take one job to run: a queued one, or a running one whose worker went silent."""
        claimable = or_(
            _REVIEWS.c.status == "queued",
            and_(_REVIEWS.c.status == "running", _REVIEWS.c.heartbeat < stale_before),
        )
        for _ in range(5):
            with self.engine.connect() as conn:
                r = conn.execute(
                    select(_REVIEWS).where(claimable).order_by(_REVIEWS.c.created).limit(1)
                ).first()
            if r is None:
                return None
            with self.store._write() as s:
                result = s.execute(
                    update(Review)
                    .where(
                        Review.game_id == r.game_id,
                        Review.seat == r.seat,
                        Review.status == r.status,
                        Review.heartbeat == r.heartbeat,
                    )
                    .values(status="running", heartbeat=now)
                    .execution_options(synchronize_session=False)
                )
            if getattr(result, "rowcount", 0) == 1:
                claimed = self.review(r.game_id, r.seat)
                if claimed is not None:
                    return claimed
        return None

    def review_progress(
        self, game_id: str, done: int, marks: Sequence[dict[str, Any]], now: datetime,
        status: str = "running", seat: int = 0,
    ) -> None:
        with self.store._write() as s:
            s.execute(
                update(Review)
                .where(Review.game_id == game_id, Review.seat == seat)
                .values(done=done, marks=_dumps(list(marks)), heartbeat=now, status=status)
                .execution_options(synchronize_session=False)
            )

    # Per-game figures -------------------------------------------------------------------

    def stale_stats(self, owner: Owner, method: int) -> list[tuple[GameRow, int]]:
        """The finished games the owner played without the owner's figures of their version
        by this method, each with the owner's seat."""
        played = _played_by(owner)
        joined = _GAMES.join(played, played.c.game_id == _GAMES.c.id).outerjoin(
            _STATS,
            and_(
                _STATS.c.game_id == _GAMES.c.id,
                _STATS.c.seat == played.c.seat,
                _STATS.c.version == _GAMES.c.version,
                _STATS.c.method == method,
            ),
        )
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_GAMES, played.c.seat)
                .select_from(joined)
                .where(_GAMES.c.status == "finished", _STATS.c.game_id.is_(None))
            ).all()
        return [(_game_row(g), int(g.seat)) for g in rows]

    def put_stats(self, owner: Owner, method: int, rows: Sequence[StatsRow]) -> None:
        """Store the owner's figures, dropping the owner's figures of any other version (or
        method) of the same games (another player's at the same table stay)."""
        if not rows:
            return
        with self.store._write() as s:
            ids = [r.game_id for r in rows]
            for start in range(0, len(ids), 500):
                s.execute(delete(GameStats).where(
                    GameStats.game_id.in_(ids[start:start + 500]),
                    GameStats.owner_kind == owner.kind,
                    GameStats.owner_id == owner.id,
                ))
            s.execute(
                insert(_STATS),
                [
                    {
                        "game_id": r.game_id, "seat": r.seat, "version": r.version,
                        "method": method, "owner_kind": owner.kind, "owner_id": owner.id,
                        "played": r.played,
                        "figures": _dumps({k: v for k, v in r.figures.items() if k != "history"}),
                        "scores": _dumps(r.figures.get("history", [])),
                    }
                    for r in rows
                ],
            )

    def recent_stats(
        self, owner: Owner, method: int, limit: int, game_id: str | None = None
    ) -> list[StatsRow]:
        """The owner's newest figures (or one game's, with `game_id`), newest first."""
        where = [
            _STATS.c.owner_kind == owner.kind,
            _STATS.c.owner_id == owner.id,
            _STATS.c.method == method,
        ]
        if game_id is not None:
            where.append(_STATS.c.game_id == game_id)
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    _STATS.c.game_id, _STATS.c.version, _STATS.c.played, _STATS.c.figures,
                    _STATS.c.scores, _STATS.c.seat,
                )
                .where(*where)
                .order_by(_STATS.c.played.desc(), _STATS.c.game_id.desc())
                .limit(limit)
            ).all()
        return [
            StatsRow(r[0], r[1], r[2], {**json.loads(r[3]), "history": json.loads(r[4])}, r[5])
            for r in rows
        ]

    def finished_count(self, owner: Owner) -> int:
        """How many finished games the owner played (owned, or seated with people)."""
        played = _played_by(owner)
        with self.engine.connect() as conn:
            found = conn.scalar(
                select(func.count())
                .select_from(_GAMES.join(played, played.c.game_id == _GAMES.c.id))
                .where(_GAMES.c.status == "finished")
            )
        return int(found or 0)

    def stats_fingerprint(self, owner: Owner, method: int) -> tuple[object, ...]:
        """(rows, sum of versions, first and last played) of the owner's figures by this
        method: it changes when they do (a deleted game and an added one move the last)."""
        with self.engine.connect() as conn:
            r = conn.execute(
                select(
                    func.count(), func.coalesce(func.sum(_STATS.c.version), 0),
                    func.min(_STATS.c.played), func.max(_STATS.c.played),
                ).where(
                    _STATS.c.owner_kind == owner.kind,
                    _STATS.c.owner_id == owner.id,
                    _STATS.c.method == method,
                )
            ).one()
        return int(r[0]), int(r[1]), r[2], r[3]

    def saved_totals(self, owner: Owner, method: int) -> tuple[str, dict[str, Any]] | None:
        """The owner's kept sum by this method: (its fingerprint's JSON, the sum's JSON)."""
        with self.engine.connect() as conn:
            r = conn.execute(
                select(StatsTotals.mark, StatsTotals.totals).where(
                    StatsTotals.owner_kind == owner.kind,
                    StatsTotals.owner_id == owner.id,
                    StatsTotals.method == method,
                )
            ).first()
        return None if r is None else (str(r[0]), json.loads(r[1]))

    def save_totals(self, owner: Owner, method: int, mark: str, totals: dict[str, Any]) -> None:
        with self.store._write() as s:
            found = s.get(StatsTotals, (owner.kind, owner.id))
            if found is None:
                s.add(StatsTotals(owner_kind=owner.kind, owner_id=owner.id, method=method,
                                  mark=mark, totals=_dumps(totals)))
            else:
                found.method, found.mark, found.totals = method, mark, _dumps(totals)

    def stats_keys(self, owner: Owner, method: int) -> set[tuple[str, int]]:
        """(game, version) of every figures row of the owner by this method."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_STATS.c.game_id, _STATS.c.version).where(
                    _STATS.c.owner_kind == owner.kind,
                    _STATS.c.owner_id == owner.id,
                    _STATS.c.method == method,
                )
            ).all()
        return {(r[0], r[1]) for r in rows}

    def stats_of(self, owner: Owner, method: int, game_ids: Sequence[str]) -> list[StatsRow]:
        """The stored figures of some of the owner's games (without the scores by deal)."""
        out: list[StatsRow] = []
        with self.engine.connect() as conn:
            for start in range(0, len(game_ids), 500):
                rows = conn.execute(
                    select(
                        _STATS.c.game_id, _STATS.c.version, _STATS.c.played, _STATS.c.figures
                    ).where(
                        _STATS.c.owner_kind == owner.kind,
                        _STATS.c.owner_id == owner.id,
                        _STATS.c.method == method,
                        _STATS.c.game_id.in_(list(game_ids[start:start + 500])),
                    )
                ).all()
                out.extend(StatsRow(r[0], r[1], r[2], json.loads(r[3])) for r in rows)
        return out

    def stats(self, owner: Owner, method: int) -> list[StatsRow]:
        """The owner's stored figures by this method, oldest game first (without the scores
        deal by deal: `recent_stats` has them)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(
                    _STATS.c.game_id, _STATS.c.version, _STATS.c.played, _STATS.c.figures
                )
                .where(
                    _STATS.c.owner_kind == owner.kind,
                    _STATS.c.owner_id == owner.id,
                    _STATS.c.method == method,
                )
                .order_by(_STATS.c.played, _STATS.c.game_id)
            ).all()
        return [StatsRow(r[0], r[1], r[2], json.loads(r[3])) for r in rows]
