"""Looking back: finished games for the history, share links, review jobs, per-game figures.

Plain values in and out, as in repo.py. A share link is stored as the sha256 of its token
(one live link per game; making a new one replaces it, revoking deletes it). A review is
one row per game that a worker claims with a compare-and-set on its status and heartbeat,
so two workers never run the same review and a worker that died is taken over. Figures are
one row per (game, version): a game that moves on gets a new row, never a stale one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal, cast

from sqlalchemy import Table, and_, delete, func, insert, or_, select, update

from chicago.store.models import Game, GameStats, Review, ShareLink
from chicago.store.repo import GameRow, Owner, Store, _game_row

Result = Literal["won", "lost"]

_GAMES: Final = cast(Table, Game.__table__)
_STATS: Final = cast(Table, GameStats.__table__)
_REVIEWS: Final = cast(Table, Review.__table__)
_SHARES: Final = cast(Table, ShareLink.__table__)


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


@dataclass(frozen=True, slots=True)
class StatsRow:
    game_id: str
    version: int
    played: datetime
    figures: dict[str, Any]


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _review_row(r: Any) -> ReviewRow:
    return ReviewRow(
        r.game_id, r.version, r.method, r.status, r.done, r.total,
        tuple(json.loads(r.marks)), r.heartbeat, r.created,
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
    ) -> tuple[list[GameRow], int]:
        """The owner's finished games, newest first, filtered; and how many match in all."""
        where = [
            _GAMES.c.owner_kind == owner.kind,
            _GAMES.c.owner_id == owner.id,
            _GAMES.c.status == "finished",
        ]
        if profile is not None:
            where.append(_GAMES.c.profile_id == profile)
        if result == "won":
            where.append(_GAMES.c.winner == 0)
        elif result == "lost":
            where.append(or_(_GAMES.c.winner != 0, _GAMES.c.winner.is_(None)))
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_GAMES)
                .where(*where)
                .order_by(_GAMES.c.created.desc(), _GAMES.c.id)
                .limit(limit)
                .offset(offset)
            ).all()
            count = conn.scalar(select(func.count()).select_from(_GAMES).where(*where))
        return [_game_row(g) for g in rows], int(count or 0)

    def finished_profiles(self, owner: Owner) -> list[str]:
        """The profiles of the owner's finished games (for the history's filter)."""
        with self.engine.connect() as conn:
            found = conn.scalars(
                select(_GAMES.c.profile_id)
                .where(
                    _GAMES.c.owner_kind == owner.kind,
                    _GAMES.c.owner_id == owner.id,
                    _GAMES.c.status == "finished",
                )
                .distinct()
            ).all()
        return sorted(found)

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

    def review(self, game_id: str) -> ReviewRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(_REVIEWS).where(_REVIEWS.c.game_id == game_id)).first()
        return None if r is None else _review_row(r)

    def queue_review(
        self, game_id: str, version: int, method: int, total: int, now: datetime
    ) -> ReviewRow:
        """The game's review job: the stored one if it is of this version and method, else
        a new one, queued."""
        with self.store._write() as s:
            found = s.get(Review, game_id)
            if found is not None and (found.version, found.method) == (version, method):
                return _review_row(found)
            if found is not None:
                s.delete(found)
                s.flush()
            row = Review(
                game_id=game_id, version=version, method=method, status="queued", done=0,
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
                        Review.status == r.status,
                        Review.heartbeat == r.heartbeat,
                    )
                    .values(status="running", heartbeat=now)
                    .execution_options(synchronize_session=False)
                )
            if getattr(result, "rowcount", 0) == 1:
                claimed = self.review(r.game_id)
                if claimed is not None:
                    return claimed
        return None

    def review_progress(
        self, game_id: str, done: int, marks: Sequence[dict[str, Any]], now: datetime,
        status: str = "running",
    ) -> None:
        with self.store._write() as s:
            s.execute(
                update(Review)
                .where(Review.game_id == game_id)
                .values(done=done, marks=_dumps(list(marks)), heartbeat=now, status=status)
                .execution_options(synchronize_session=False)
            )

    # Per-game figures -------------------------------------------------------------------

    def stale_stats(self, owner: Owner, method: int) -> list[GameRow]:
        """The owner's finished games without figures of their version by this method."""
        joined = _GAMES.outerjoin(
            _STATS,
            and_(
                _STATS.c.game_id == _GAMES.c.id,
                _STATS.c.version == _GAMES.c.version,
                _STATS.c.method == method,
            ),
        )
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_GAMES)
                .select_from(joined)
                .where(
                    _GAMES.c.owner_kind == owner.kind,
                    _GAMES.c.owner_id == owner.id,
                    _GAMES.c.status == "finished",
                    _STATS.c.game_id.is_(None),
                )
            ).all()
        return [_game_row(g) for g in rows]

    def put_stats(self, owner: Owner, method: int, rows: Sequence[StatsRow]) -> None:
        """Store figures, dropping any other version's (or method's) of the same games."""
        if not rows:
            return
        with self.store._write() as s:
            ids = [r.game_id for r in rows]
            for start in range(0, len(ids), 500):
                s.execute(delete(GameStats).where(GameStats.game_id.in_(ids[start:start + 500])))
            s.execute(
                insert(_STATS),
                [
                    {
                        "game_id": r.game_id, "version": r.version, "method": method,
                        "owner_kind": owner.kind, "owner_id": owner.id, "played": r.played,
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
                    _STATS.c.scores,
                )
                .where(*where)
                .order_by(_STATS.c.played.desc(), _STATS.c.game_id.desc())
                .limit(limit)
            ).all()
        return [
            StatsRow(r[0], r[1], r[2], {**json.loads(r[3]), "history": json.loads(r[4])})
            for r in rows
        ]

    def finished_count(self, owner: Owner) -> int:
        with self.engine.connect() as conn:
            found = conn.scalar(
                select(func.count()).select_from(_GAMES).where(
                    _GAMES.c.owner_kind == owner.kind,
                    _GAMES.c.owner_id == owner.id,
                    _GAMES.c.status == "finished",
                )
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
