"""Storage of tables with people: seats, invitations, chat, presence, the turn to decide.

A table with people is a game (the `games` row, owned by its creator, actions as for any
game) plus a `live_tables` row and one `table_seats` row per seat. Taking a seat is one
guarded UPDATE (`... WHERE owner_id IS NULL AND kind = 'person'`): of two people taking the
same seat, or a person taking a seat while the creator starts the game, exactly one wins.
The invitation token is stored as its sha256 only. On PostgreSQL a change is announced with
NOTIFY (the payload is the table's id and a version or a word, never a card).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, cast

from sqlalchemy import Table, and_, bindparam, delete, func, insert, select, text, update
from sqlalchemy.engine import Connection

from chicago.store.models import (
    Game,
    GameAction,
    LiveProcess,
    LiveTable,
    TableChat,
    TablePresence,
    TableSeat,
)
from chicago.store.repo import (
    _GET_GAME,
    NOTIFY_CHANNEL,
    GameRow,
    LiveTurn,
    Owner,
    Store,
    _dumps,
    _game_row,
)

PERSON: Final = "person"
NOTES_KEPT: Final = 4096
"""Versions whose notes (`LiveStore.notes`) are kept."""
BOT: Final = "bot"

_LIVE: Final = cast(Table, LiveTable.__table__)
_SEATS: Final = cast(Table, TableSeat.__table__)
_CHAT: Final = cast(Table, TableChat.__table__)
_PRESENCE: Final = cast(Table, TablePresence.__table__)
_PROCESSES: Final = cast(Table, LiveProcess.__table__)
_GAMES: Final = cast(Table, Game.__table__)
_ACTIONS: Final = cast(Table, GameAction.__table__)
# The statements read on every action and push, built once (their compiled forms are cached).
_GET_LIVE: Final = select(_LIVE).where(_LIVE.c.game_id == bindparam("b_id"))
_GET_SEATS: Final = (
    select(_SEATS).where(_SEATS.c.game_id == bindparam("b_id")).order_by(_SEATS.c.seat)
)
_DECIDED_BY: Final = (
    select(_ACTIONS.c.idx, _ACTIONS.c.seat, _ACTIONS.c.decided_by)
    .where(
        _ACTIONS.c.game_id == bindparam("b_id"),
        _ACTIONS.c.idx >= bindparam("b_start"),
        _ACTIONS.c.idx < bindparam("b_end"),
        _ACTIONS.c.decided_by.is_not(None),
    )
    .order_by(_ACTIONS.c.idx)
)


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    kind: str
    """PERSON (taken or free) or BOT."""
    owner: Owner | None
    name: str | None
    level: str | None
    away: bool

    @property
    def free(self) -> bool:
        return self.kind == PERSON and self.owner is None


@dataclass(frozen=True, slots=True)
class LiveRow:
    game_id: str
    status: str
    """"open" (people sit down) or "playing"."""
    has_invite: bool
    timer: int
    pace_ms: int
    to_act: int | None
    due: datetime | None
    seats: tuple[SeatRow, ...]
    has_watch: bool = False
    """A watch link (read-only, for spectators) works now."""

    def seat_of(self, owner: Owner) -> int | None:
        for s in self.seats:
            if s.owner == owner and s.kind == PERSON:
                return s.seat
        return None


@dataclass(frozen=True, slots=True)
class ChatRow:
    id: int
    seat: int
    text: str
    """What was typed, or a quick phrase's id after `PHRASE_MARK`."""
    created: datetime

    @property
    def phrase(self) -> str | None:
        """The quick phrase's id, when the message is one (its words are the reader's)."""
        return self.text[len(PHRASE_MARK):] if self.text.startswith(PHRASE_MARK) else None


PHRASE_MARK: Final = "\x01phrase:"
"""Marks a stored quick phrase: typed text never holds a control character (people.py)."""


def _owner(kind: str | None, ident: str | None) -> Owner | None:
    if kind is None or ident is None:
        return None
    return Owner("account" if kind == "account" else "guest", ident)


class LiveStore:
    """The live-table tables of one Store (same engine, same write lock on SQLite)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        self.postgres = self.engine.dialect.name == "postgresql"
        self._notes: dict[tuple[str, int], tuple[tuple[int, int, str], ...]] = {}

    # Tables and seats --------------------------------------------------------------------

    def create(
        self,
        row: GameRow,
        seats: Sequence[SeatRow],
        invite_hash: str,
        timer: int,
        pace_ms: int,
        now: datetime,
    ) -> None:
        """The game, its table and its seats, in one transaction."""
        with self.store._write() as s:
            self.store._add_game(s, row, [], now)
            s.add(
                LiveTable(
                    game_id=row.id,
                    status="open",
                    invite_hash=invite_hash,
                    watch_hash=None,
                    timer=timer,
                    pace_ms=pace_ms,
                    to_act=None,
                    due=None,
                )
            )
            for seat in seats:
                s.add(
                    TableSeat(
                        game_id=row.id,
                        seat=seat.seat,
                        kind=seat.kind,
                        owner_kind=seat.owner.kind if seat.owner else None,
                        owner_id=seat.owner.id if seat.owner else None,
                        name=seat.name,
                        level=seat.level,
                        away=False,
                    )
                )

    def get(self, game_id: str) -> LiveRow | None:
        with self.engine.connect() as conn:
            return self._get(conn, game_id)

    def rows(self, game_id: str) -> tuple[GameRow | None, LiveRow | None]:
        """The game row, then the table, on one connection (each checkout of a pooled
        PostgreSQL connection costs a round trip of its own): what every action and push
        reads. The game row first, so the table is at least as new."""
        with self.engine.connect() as conn:
            row = conn.execute(_GET_GAME, {"b_id": game_id}).first()
            if row is None:
                return None, None
            return _game_row(row), self._get(conn, game_id)

    @staticmethod
    def _get(conn: Connection, game_id: str) -> LiveRow | None:
        live = conn.execute(_GET_LIVE, {"b_id": game_id}).first()
        if live is None:
            return None
        seats = conn.execute(_GET_SEATS, {"b_id": game_id}).all()
        return LiveRow(
            game_id=live.game_id,
            status=live.status,
            has_invite=live.invite_hash is not None,
            timer=live.timer,
            pace_ms=live.pace_ms,
            to_act=live.to_act,
            due=live.due,
            seats=tuple(
                SeatRow(
                    s.seat, s.kind, _owner(s.owner_kind, s.owner_id), s.name, s.level, s.away
                )
                for s in seats
            ),
            has_watch=live.watch_hash is not None,
        )

    def by_invite(self, invite_hash: str) -> str | None:
        """The table an invitation token's hash opens, if it is still valid."""
        with self.engine.connect() as conn:
            found = conn.scalar(select(_LIVE.c.game_id).where(_LIVE.c.invite_hash == invite_hash))
        return None if found is None else str(found)

    def set_invite(self, game_id: str, invite_hash: str | None) -> None:
        """A new invitation (the old one stops working), or none (revoked)."""
        with self.store._write() as s:
            s.execute(
                update(_LIVE).where(_LIVE.c.game_id == game_id).values(invite_hash=invite_hash)
            )

    def by_watch(self, watch_hash: str) -> str | None:
        """The table a watch token's hash shows, if the link still works."""
        with self.engine.connect() as conn:
            found = conn.scalar(select(_LIVE.c.game_id).where(_LIVE.c.watch_hash == watch_hash))
        return None if found is None else str(found)

    def watch_hash(self, game_id: str) -> str | None:
        """The hash of the table's working watch token (None: no watch link)."""
        with self.engine.connect() as conn:
            found = conn.scalar(select(_LIVE.c.watch_hash).where(_LIVE.c.game_id == game_id))
        return None if found is None else str(found)

    def set_watch(self, game_id: str, watch_hash: str | None) -> None:
        """A new watch link (the old one stops working), or none (revoked)."""
        with self.store._write() as s:
            s.execute(
                update(_LIVE).where(_LIVE.c.game_id == game_id).values(watch_hash=watch_hash)
            )

    def take_seat(self, game_id: str, seat: int, owner: Owner, name: str) -> bool:
        """Sit `owner` in a free person's seat while the table is open; False if taken."""
        with self.store._write() as s:
            result = s.execute(
                update(_SEATS)
                .where(
                    _SEATS.c.game_id == game_id,
                    _SEATS.c.seat == seat,
                    _SEATS.c.kind == PERSON,
                    _SEATS.c.owner_id.is_(None),
                    select(_LIVE.c.status)
                    .where(_LIVE.c.game_id == game_id)
                    .scalar_subquery()
                    == "open",
                )
                .values(owner_kind=owner.kind, owner_id=owner.id, name=name)
                .execution_options(synchronize_session=False)
            )
            return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    def start(self, game_id: str, free_level: str, now: datetime) -> tuple[str | None, ...] | None:
        """Open → playing: free seats become bots at `free_level`, the game's levels follow
        (None for a person's seat). None when the table was not open."""
        with self.store._write() as s:
            changed = s.execute(
                update(_LIVE)
                .where(_LIVE.c.game_id == game_id, _LIVE.c.status == "open")
                .values(status="playing")
                .execution_options(synchronize_session=False)
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                return None
            s.execute(
                update(_SEATS)
                .where(
                    _SEATS.c.game_id == game_id,
                    _SEATS.c.kind == PERSON,
                    _SEATS.c.owner_id.is_(None),
                )
                .values(kind=BOT, level=free_level)
                .execution_options(synchronize_session=False)
            )
            seats = s.execute(
                select(_SEATS.c.kind, _SEATS.c.level)
                .where(_SEATS.c.game_id == game_id)
                .order_by(_SEATS.c.seat)
            ).all()
            levels = tuple(None if k == PERSON else lv for k, lv in seats)
            s.execute(
                update(_GAMES)
                .where(_GAMES.c.id == game_id)
                .values(levels=_dumps(list(levels)), updated=now)
                .execution_options(synchronize_session=False)
            )
            return levels

    def set_away(self, game_id: str, seat: int, away: bool, turn: LiveTurn | None) -> None:
        """Hand a person's seat to a bot (or take it back), with the new turn's deadline."""
        with self.store._write() as s:
            s.execute(
                update(_SEATS)
                .where(_SEATS.c.game_id == game_id, _SEATS.c.seat == seat)
                .values(away=away)
                .execution_options(synchronize_session=False)
            )
            if turn is not None:
                s.execute(
                    update(_LIVE)
                    .where(_LIVE.c.game_id == game_id)
                    .values(to_act=turn.to_act, due=turn.due)
                    .execution_options(synchronize_session=False)
                )

    def set_turn(self, game_id: str, turn: LiveTurn) -> None:
        with self.store._write() as s:
            s.execute(
                update(_LIVE)
                .where(_LIVE.c.game_id == game_id)
                .values(to_act=turn.to_act, due=turn.due)
                .execution_options(synchronize_session=False)
            )

    def due(self, now: datetime, limit: int = 100) -> list[str]:
        """Tables where the server must decide now (bots' turns, away seats, time-outs)."""
        with self.engine.connect() as conn:
            ids = conn.scalars(
                select(_LIVE.c.game_id)
                .where(_LIVE.c.status == "playing", _LIVE.c.due.is_not(None), _LIVE.c.due <= now)
                .order_by(_LIVE.c.due)
                .limit(limit)
            ).all()
        return [str(i) for i in ids]

    def tables_of(self, owner: Owner) -> list[str]:
        """The tables with people where `owner` has a seat."""
        with self.engine.connect() as conn:
            ids = conn.scalars(
                select(_SEATS.c.game_id).where(
                    _SEATS.c.owner_kind == owner.kind, _SEATS.c.owner_id == owner.id
                )
            ).all()
        return [str(i) for i in ids]

    def notes(self, game_id: str, version: int) -> tuple[tuple[int, int, str], ...]:
        """`decided_by` for the hundred actions before `version`: committed history, so
        kept by (table, version) and read once (an action's answer and every process's push
        ask for the same)."""
        key = (game_id, version)
        found = self._notes.get(key)
        if found is None:
            found = tuple(self.decided_by(game_id, max(0, version - 100), version))
            if len(self._notes) >= NOTES_KEPT:
                self._notes.clear()  # cheap to read again
            self._notes[key] = found
        return found

    def decided_by(self, game_id: str, start: int, end: int) -> list[tuple[int, int, str]]:
        """(index, seat, "timer" | "away") of the actions from `start` to `end` (excluded) a
        bot made for a person."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                _DECIDED_BY, {"b_id": game_id, "b_start": start, "b_end": end}
            ).all()
        return [(r.idx, r.seat, str(r.decided_by)) for r in rows]

    # Chat --------------------------------------------------------------------------------

    def add_chat(
        self, game_id: str, seat: int, text_: str, now: datetime, since: datetime, most: int
    ) -> ChatRow | None:
        """Store a message, or None when `seat` already sent `most` since `since`."""
        with self.store._write() as s:
            sent = s.scalar(
                select(func.count())
                .select_from(_CHAT)
                .where(_CHAT.c.game_id == game_id, _CHAT.c.seat == seat, _CHAT.c.created >= since)
            )
            if int(sent or 0) >= most:
                return None
            new_id = s.execute(
                insert(_CHAT)
                .values(game_id=game_id, seat=seat, text=text_, created=now)
                .returning(_CHAT.c.id)
            ).scalar_one()
        return ChatRow(int(new_id), seat, text_, now)

    def chat(self, game_id: str, limit: int = 50) -> list[ChatRow]:
        """The table's last `limit` messages, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_CHAT)
                .where(_CHAT.c.game_id == game_id)
                .order_by(_CHAT.c.id.desc())
                .limit(limit)
            ).all()
        return [ChatRow(r.id, r.seat, r.text, r.created) for r in reversed(rows)]

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

    # Announcing --------------------------------------------------------------------------

    def notify(self, game_id: str, what: str) -> None:
        """On PostgreSQL, announce a change that is not an action (`what`: a word like
        "seats", "chat", "presence"). Nothing on SQLite (one process)."""
        if not self.postgres:
            return
        with self.engine.begin() as conn:
            conn.execute(
                text("SELECT pg_notify(:c, :p)"), {"c": NOTIFY_CHANNEL, "p": f"{game_id} {what}"}
            )
