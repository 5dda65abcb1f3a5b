"""Storage side of the open tables: the tables listed for anyone to join that are still open,
their seats, and the ratings of the people seated there — read in two statements however
many tables there are (the lobby polls this list every few seconds)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Final, cast

from sqlalchemy import Table, func, insert, select, update

from chicago.store.live import LiveStore
from chicago.store.models import Game, LiveTable, OpenSit, PlayerRating
from chicago.store.repo import Owner, Store

_LIVE: Final = cast(Table, LiveTable.__table__)
_GAMES: Final = cast(Table, Game.__table__)
_RATINGS: Final = cast(Table, PlayerRating.__table__)
_SITS: Final = cast(Table, OpenSit.__table__)
LISTED_MAX: Final = 50
"""The most open tables listed at once (the newest)."""


class ListingStore:
    """The open tables of one Store."""

    def __init__(self, store: Store, live: LiveStore) -> None:
        self.store = store
        self.engine = store.engine
        self.live = live

    def listed(self, limit: int = LISTED_MAX) -> list[str]:
        """The ids of the listed tables still open (not a rematch), newest first."""
        with self.engine.connect() as conn:
            ids = conn.scalars(
                select(_LIVE.c.game_id)
                .join(_GAMES, _GAMES.c.id == _LIVE.c.game_id)
                .where(_LIVE.c.listed.is_(True), _LIVE.c.status == "open",
                       _LIVE.c.again_deadline.is_(None))
                .order_by(_GAMES.c.created.desc(), _GAMES.c.id)
                .limit(limit)
            ).all()
        return [str(i) for i in ids]

    def set_listed(self, game_id: str, listed: bool) -> bool:
        """List the table among the open tables (or take it off), while it is open; False
        (nothing changed) once it has started."""
        with self.store._write() as s:
            result = s.execute(
                update(_LIVE)
                .where(_LIVE.c.game_id == game_id, _LIVE.c.status == "open")
                .values(listed=listed)
                .execution_options(synchronize_session=False)
            )
            return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    def count_sit(
        self, owner: Owner, game_id: str, now: datetime, since: datetime, limit: int
    ) -> bool:
        """Count a seat `owner` takes at an open table now, unless they took `limit` since
        `since` (False, nothing stored). The rows are the database's, so every process counts
        the same seats; the person's rows from before `since` go as a new one is written."""
        mine = (_SITS.c.owner_kind == owner.kind, _SITS.c.owner_id == owner.id)
        with self.store._write() as s:
            taken = s.scalar(select(func.count()).select_from(_SITS).where(*mine,
                                                                         _SITS.c.at > since))
            if int(taken or 0) >= limit:
                return False
            s.execute(_SITS.delete().where(*mine, _SITS.c.at < since))
            s.execute(insert(_SITS).values(owner_kind=owner.kind, owner_id=owner.id,
                                           game_id=game_id, at=now))
        return True

    def ratings(self, account_ids: Iterable[int]) -> dict[int, tuple[float, float]]:
        """(rating, RD) of each of these accounts that has been rated."""
        wanted = sorted(set(account_ids))
        if not wanted:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_RATINGS.c.account_id, _RATINGS.c.rating, _RATINGS.c.rd)
                .where(_RATINGS.c.account_id.in_(wanted))
            ).all()
        return {int(r.account_id): (float(r.rating), float(r.rd)) for r in rows}
