"""Presence at tables with people: which seats have a socket open, on which server process,
and each process's pulse (a killed process's sockets stop counting as soon as its pulse
stops). The base of `chicago.store.live.LiveStore`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Final, cast

from sqlalchemy import Table, and_, delete, insert, select, update
from sqlalchemy.engine import Engine

from chicago.store.models import LiveProcess, TablePresence
from chicago.store.repo import Store

_PRESENCE: Final = cast(Table, TablePresence.__table__)
_PROCESSES: Final = cast(Table, LiveProcess.__table__)


class PresenceStore:
    """The presence tables of one Store."""

    store: Store
    engine: Engine

    # Presence ----------------------------------------------------------------------------

    def present(
        self,
        conn_id: str,
        game_id: str,
        seat: int | None,
        now: datetime,
        process: str | None = None,
    ) -> None:
        with self.store._write() as s:
            s.execute(
                insert(_PRESENCE).values(
                    conn=conn_id, game_id=game_id, seat=seat, seen=now, process=process
                )
            )

    def absent(self, conn_id: str) -> None:
        with self.store._write() as s:
            s.execute(delete(_PRESENCE).where(_PRESENCE.c.conn == conn_id))

    def touch(self, conn_ids: Sequence[str], now: datetime) -> None:
        """Keep a process's open connections fresh (a killed process's rows go stale)."""
        if not conn_ids:
            return
        with self.store._write() as s:
            s.execute(
                update(_PRESENCE)
                .where(_PRESENCE.c.conn.in_(list(conn_ids)))
                .values(seen=now)
                .execution_options(synchronize_session=False)
            )

    def connected(self, game_id: str, since: datetime) -> set[int]:
        """The seats with a connection seen since `since`."""
        with self.engine.connect() as conn:
            seats = conn.scalars(
                select(_PRESENCE.c.seat)
                .distinct()
                .where(
                    and_(
                        _PRESENCE.c.game_id == game_id,
                        _PRESENCE.c.seen >= since,
                        _PRESENCE.c.seat.is_not(None),
                    )
                )
            ).all()
        return {int(s) for s in seats}

    def pulse(self, process: str, now: datetime) -> bool:
        """Keep a server process alive; False when it is not registered (never, or removed
        by another process that took it for dead: its sockets must be made present again)."""
        with self.store._write() as s:
            result = s.execute(
                update(_PROCESSES)
                .where(_PROCESSES.c.id == process)
                .values(seen=now)
                .execution_options(synchronize_session=False)
            )
            if result.rowcount == 1:  # type: ignore[attr-defined]
                return True
            s.execute(insert(_PROCESSES).values(id=process, seen=now))
            return False

    def reap(self, before: datetime) -> set[str]:
        """Remove the processes whose pulse stopped before `before`, with their sockets'
        presence rows; the tables whose presence changed."""
        with self.store._write() as s:
            dead = s.scalars(select(_PROCESSES.c.id).where(_PROCESSES.c.seen < before)).all()
            if not dead:
                return set()
            games = s.scalars(
                select(_PRESENCE.c.game_id).distinct().where(_PRESENCE.c.process.in_(dead))
            ).all()
            s.execute(delete(_PRESENCE).where(_PRESENCE.c.process.in_(dead)))
            s.execute(delete(_PROCESSES).where(_PROCESSES.c.id.in_(dead)))
        return {str(g) for g in games}

    def retire(self, process: str) -> None:
        """A process that stops: its row and its sockets' presence go."""
        with self.store._write() as s:
            s.execute(delete(_PRESENCE).where(_PRESENCE.c.process == process))
            s.execute(delete(_PROCESSES).where(_PROCESSES.c.id == process))

    def forget_stale(self, before: datetime) -> None:
        with self.store._write() as s:
            s.execute(delete(_PRESENCE).where(_PRESENCE.c.seen < before))

