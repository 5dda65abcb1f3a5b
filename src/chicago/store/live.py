"""Storage of tables with people: seats, invitations, chat, presence, the turn to decide.

A table with people is a game (the `games` row, owned by its creator, actions as for any
game) plus a `live_tables` row and one `table_seats` row per seat. Taking a seat is one
guarded UPDATE (`... WHERE owner_id IS NULL AND kind = 'person'`): of two people taking the
same seat, or a person taking a seat while the creator starts the game, exactly one wins.
The invitation token is stored as its sha256 only. On PostgreSQL a change is announced with
NOTIFY (the payload is the table's id and a version or a word, never a card).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Final, Literal, cast

from sqlalchemy import Table, bindparam, delete, func, select, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from chicago.store.chat import ChatStore
from chicago.store.invites import Invite, InviteStore
from chicago.store.models import (
    Game,
    GameAction,
    LiveTable,
    TableChat,
    TableInvite,
    TableSeat,
)
from chicago.store.notes import NotesStore
from chicago.store.presence import PresenceStore
from chicago.store.repo import (
    _GET_GAME,
    NOTIFY_CHANNEL,
    GameRow,
    Owner,
    Store,
    _dumps,
    _game_row,
)
from chicago.store.turns import write_turn

PERSON: Final = "person"
BOT: Final = "bot"

_LIVE: Final = cast(Table, LiveTable.__table__)
_DUE: Final = (
    select(_LIVE.c.game_id)
    .where(_LIVE.c.due.is_not(None), _LIVE.c.due <= bindparam("b_now"))
    .order_by(_LIVE.c.due)
    .limit(bindparam("b_limit"))
)
"""The driver's question five times a second, built once (a new statement's cache key
cost more than its query)."""
_SEATS: Final = cast(Table, TableSeat.__table__)
_CHAT: Final = cast(Table, TableChat.__table__)
_INVITES: Final = cast(Table, TableInvite.__table__)
_GAMES: Final = cast(Table, Game.__table__)
_ACTIONS: Final = cast(Table, GameAction.__table__)
# The statements read on every action and push, built once (their compiled forms are cached).
_SEAT_COLUMNS: Final = ("seat", "kind", "owner_kind", "owner_id", "name", "level", "away",
                         "accepted", "has_left")
_GET_LIVE: Final = (
    # the table, its working invitation and its seats in one statement (one snapshot, one
    # round trip): a row per seat, the table's columns on each
    select(
        _LIVE,
        _INVITES.c.token.label("invite_token"),
        _INVITES.c.code.label("invite_code"),
        *(_SEATS.c[name].label(f"s_{name}") for name in _SEAT_COLUMNS),
    )
    .select_from(
        _LIVE.outerjoin(
            _INVITES,
            (_INVITES.c.game_id == _LIVE.c.game_id) & (_INVITES.c.state == "active"),
        ).outerjoin(_SEATS, _SEATS.c.game_id == _LIVE.c.game_id)
    )
    .where(_LIVE.c.game_id == bindparam("b_id"))
    .order_by(_SEATS.c.seat)
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
    accepted: bool = True
    """False: a rematch's seat kept for its person, who has not pressed "play again"."""
    left: bool = False
    """The person left the table: a bot plays the seat for good."""

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
    invite: Invite | None = None
    """The invitation that works now (its token None when it was made before the token
    was kept: migration 0009), or None."""
    again_id: str | None = None
    """The rematch of this finished table."""
    again_deadline: datetime | None = None
    """On a rematch: when the seats still waiting become bots and the game starts."""
    rated: bool = False
    """A quick-play table: its finished game is rated (migration 0012)."""
    listed: bool = False
    """Listed among the open tables: anyone may sit down before the start."""

    @property
    def strangers(self) -> bool:
        """People may sit here who were not invited (quick play, a listed table)."""
        return self.rated or self.listed

    def seat_of(self, owner: Owner) -> int | None:
        for s in self.seats:
            if s.owner == owner and s.kind == PERSON:
                return s.seat
        return None


def _owner(kind: str | None, ident: str | None) -> Owner | None:
    if kind is None or ident is None:
        return None
    return Owner("account" if kind == "account" else "guest", ident)


class LiveStore(PresenceStore, InviteStore, ChatStore, NotesStore):
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
        invite: tuple[str, Invite] | None,
        timer: int,
        pace_ms: int,
        now: datetime,
        *,
        again_deadline: datetime | None = None,
        listed: bool = False,
    ) -> bool:
        """The game, its table, its seats and its invitation ((token hash, invite)), in one
        transaction. False (nothing stored) when the invitation's code is already one of a
        working invitation: the caller draws another."""
        try:
            with self.store._write() as s:
                self._insert(s, row, seats, timer, pace_ms, now, again_deadline, listed)
                if invite is not None:
                    s.flush()
                    self._add_invite(s, row.id, invite, now)
        except IntegrityError:
            return False
        return True

    def _insert(
        self,
        s: Session,
        row: GameRow,
        seats: Sequence[SeatRow],
        timer: int,
        pace_ms: int,
        now: datetime,
        again_deadline: datetime | None,
        listed: bool = False,
        rated: bool = False,
    ) -> None:
        self.store._add_game(s, row, [], now)
        s.add(
            LiveTable(
                game_id=row.id,
                status="open",
                watch_hash=None,
                timer=timer,
                pace_ms=pace_ms,
                to_act=None,
                due=again_deadline,
                again_deadline=again_deadline,
                rated=rated,
                listed=listed,
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
                    accepted=seat.accepted,
                    has_left=False,
                )
            )

    def create_again(
        self,
        old_id: str,
        row: GameRow,
        seats: Sequence[SeatRow],
        timer: int,
        pace_ms: int,
        now: datetime,
        deadline: datetime,
        *,
        listed: bool = False,
        rated: bool = False,
    ) -> str:
        """The rematch of finished table `old_id`, made once: in one transaction that locks
        the old table's row, the rematch already made (its id), else this new one (`row`,
        open until everyone accepted or `deadline`, `listed` and `rated` as the old table),
        recorded as the old table's."""
        with self.store._write() as s:
            made = s.execute(
                select(_LIVE.c.again_id).where(_LIVE.c.game_id == old_id).with_for_update()
            ).scalar()
            if made is not None:
                return str(made)
            self._insert(s, row, seats, timer, pace_ms, now, deadline, listed, rated)
            s.flush()
            s.execute(
                update(_LIVE).where(_LIVE.c.game_id == old_id).values(again_id=row.id)
                .execution_options(synchronize_session=False)
            )
            return row.id

    def accept_again(self, game_id: str, owner: Owner) -> bool:
        """The person's kept seat at a rematch is taken (they pressed "play again"); False
        when they have none there or it was given to a bot."""
        with self.store._write() as s:
            result = s.execute(
                update(_SEATS)
                .where(
                    _SEATS.c.game_id == game_id, _SEATS.c.kind == PERSON,
                    _SEATS.c.owner_kind == owner.kind, _SEATS.c.owner_id == owner.id,
                )
                .values(accepted=True)
                .execution_options(synchronize_session=False)
            )
            return bool(result.rowcount == 1)  # type: ignore[attr-defined]

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
        rows = conn.execute(_GET_LIVE, {"b_id": game_id}).all()
        if not rows:
            return None
        live = rows[0]
        seats = [r for k, r in enumerate(rows)
                 if r.s_seat is not None and (k == 0 or r.s_seat != rows[k - 1].s_seat)]
        return LiveRow(
            game_id=live.game_id,
            status=live.status,
            has_invite=live.invite_code is not None,
            timer=live.timer,
            pace_ms=live.pace_ms,
            to_act=live.to_act,
            due=live.due,
            seats=tuple(
                SeatRow(
                    s.s_seat, s.s_kind, _owner(s.s_owner_kind, s.s_owner_id), s.s_name,
                    s.s_level, bool(s.s_away), bool(s.s_accepted), bool(s.s_has_left),
                )
                for s in seats
            ),
            has_watch=live.watch_hash is not None,
            invite=None if live.invite_code is None else Invite(live.invite_token,
                                                                 live.invite_code),
            again_id=live.again_id,
            again_deadline=live.again_deadline,
            rated=bool(live.rated),
            listed=bool(live.listed),
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

    def take_seat(
        self, game_id: str, seat: int, owner: Owner, name: str, key: Callable[[str], str]
    ) -> Literal["ok", "taken", "name"]:
        """Sit `owner` in a free person's seat while the table is open: "taken" when the
        seat is not free (or the table not open), "name" when another person at the table
        has the same name as `key` compares names. The table's row is locked first, so two
        people giving one name at once cannot both sit down."""
        with self.store._write() as s:
            s.execute(select(_LIVE.c.game_id).where(_LIVE.c.game_id == game_id).with_for_update())
            names = s.scalars(
                select(_SEATS.c.name).where(
                    _SEATS.c.game_id == game_id, _SEATS.c.kind == PERSON,
                    _SEATS.c.name.is_not(None),
                )
            ).all()
            if key(name) in {key(str(n)) for n in names}:
                return "name"
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
            return "ok" if result.rowcount == 1 else "taken"  # type: ignore[attr-defined]

    def start(
        self, game_id: str, free_level: str, to_act: int | None, now: datetime
    ) -> tuple[str | None, ...] | None:
        """Open → playing: free seats become bots at `free_level`, the game's levels follow
        (None for a person's seat), and the first turn is recorded (`to_act`, the seat to
        act as dealt), all in one transaction. None when the table was not open."""
        with self.store._write() as s:
            changed = s.execute(
                update(_LIVE)
                .where(_LIVE.c.game_id == game_id, _LIVE.c.status == "open")
                .values(status="playing")
                .execution_options(synchronize_session=False)
            )
            if changed.rowcount != 1:  # type: ignore[attr-defined]
                return None
            s.execute(  # free seats, and a rematch's seats still waiting for their person
                update(_SEATS)
                .where(
                    _SEATS.c.game_id == game_id,
                    _SEATS.c.kind == PERSON,
                    _SEATS.c.owner_id.is_(None) | _SEATS.c.accepted.is_(False),
                )
                .values(
                    kind=BOT, level=free_level, owner_kind=None, owner_id=None, name=None,
                    accepted=True,
                )
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
            s.execute(
                update(_INVITES)
                .where(_INVITES.c.game_id == game_id, _INVITES.c.state == "active")
                .values(state="started", token=None)
                .execution_options(synchronize_session=False)
            )
            write_turn(s.connection(), game_id, to_act, now)
            return levels

    def set_away(self, game_id: str, seat: int, away: bool, now: datetime) -> None:
        """Hand a person's seat to a bot (or take it back) and record the turn again, in one
        transaction that first locks the game row: a decision being committed at the same
        moment is wholly before or wholly after it, and whichever comes second reads the
        other's seat and turn (`LiveTurn`)."""
        with self.store._write() as s:
            updated = s.execute(
                select(_GAMES.c.updated).where(_GAMES.c.id == game_id).with_for_update()
            ).scalar()
            if updated is None:
                return
            s.execute(
                update(_SEATS)
                .where(_SEATS.c.game_id == game_id, _SEATS.c.seat == seat)
                .values(away=away)
                .execution_options(synchronize_session=False)
            )
            to_act = s.scalar(select(_LIVE.c.to_act).where(_LIVE.c.game_id == game_id))
            write_turn(s.connection(), game_id, to_act, max(updated, now))

    def leave(self, game_id: str, seat: int, now: datetime) -> str | None:
        """A person leaves their seat, in one transaction that locks the game row first:
        before the start the seat becomes free ("freed"); afterwards a bot plays it for
        good ("left": away and left, the name kept for the record) and the turn is recorded
        again. None when there is no such table."""
        with self.store._write() as s:
            updated = s.execute(
                select(_GAMES.c.updated).where(_GAMES.c.id == game_id).with_for_update()
            ).scalar()
            status = s.scalar(select(_LIVE.c.status).where(_LIVE.c.game_id == game_id))
            if updated is None or status is None:
                return None
            mine = (_SEATS.c.game_id == game_id) & (_SEATS.c.seat == seat)
            if status == "open":
                s.execute(
                    update(_SEATS).where(mine)
                    .values(owner_kind=None, owner_id=None, name=None, accepted=True)
                    .execution_options(synchronize_session=False)
                )
                return "freed"
            s.execute(
                update(_SEATS).where(mine).values(away=True, has_left=True)
                .execution_options(synchronize_session=False)
            )
            to_act = s.scalar(select(_LIVE.c.to_act).where(_LIVE.c.game_id == game_id))
            write_turn(s.connection(), game_id, to_act, max(updated, now))
            return "left"

    def close(self, game_id: str) -> bool:
        """Before the start, the table is closed: its game goes, and with it (the foreign
        keys cascade) its seats, invitation, chat and presence. False, and nothing changed,
        when the game has started or there is no such table."""
        with self.store._write() as s:
            updated = s.execute(
                select(_GAMES.c.updated).where(_GAMES.c.id == game_id).with_for_update()
            ).scalar()
            status = s.scalar(select(_LIVE.c.status).where(_LIVE.c.game_id == game_id))
            if updated is None or status != "open":
                return False
            for child in (_SEATS, _INVITES, _CHAT, _LIVE):  # also where no cascade runs
                s.execute(delete(child).where(child.c.game_id == game_id))
            s.execute(delete(_ACTIONS).where(_ACTIONS.c.game_id == game_id))
            s.execute(delete(_GAMES).where(_GAMES.c.id == game_id))
            return True

    def set_seat(self, game_id: str, seat: int, level: str | None) -> bool:
        """Before the start: a seat becomes free (`level` None) or a bot at `level`, whoever
        sat there; False (nothing changed) once the table is not open."""
        with self.store._write() as s:
            result = s.execute(
                update(_SEATS)
                .where(
                    _SEATS.c.game_id == game_id,
                    _SEATS.c.seat == seat,
                    select(_LIVE.c.status)
                    .where(_LIVE.c.game_id == game_id)
                    .scalar_subquery()
                    == "open",
                )
                .values(
                    kind=PERSON if level is None else BOT, level=level, owner_kind=None,
                    owner_id=None, name=None, away=False, accepted=True,
                )
                .execution_options(synchronize_session=False)
            )
            return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    def set_turn(self, game_id: str, to_act: int | None, now: datetime) -> None:
        with self.store._write() as s:
            s.execute(select(_GAMES.c.id).where(_GAMES.c.id == game_id).with_for_update())
            write_turn(s.connection(), game_id, to_act, now)

    def due(self, now: datetime, limit: int = 100) -> list[str]:
        """Tables where the server must decide now (bots' turns, away seats, time-outs, an
        open rematch's deadline)."""
        with self.engine.connect() as conn:
            ids = conn.scalars(_DUE, {"b_now": now, "b_limit": limit}).all()
        return [str(i) for i in ids]

    def tables_in_play(self) -> int:
        """How many tables with people are under way (started, game not over), all
        processes together: the database is the one place that knows."""
        with self.engine.connect() as conn:
            found = conn.scalar(
                select(func.count())
                .select_from(_LIVE.join(_GAMES, _GAMES.c.id == _LIVE.c.game_id))
                .where(_LIVE.c.status == "playing", _GAMES.c.status != "finished")
            )
        return int(found or 0)

    def tables_of(self, owner: Owner, *, left: bool = False) -> list[str]:
        """The tables with people where `owner` has a seat they have not left (with
        `left`, those they left too)."""
        where = [_SEATS.c.owner_kind == owner.kind, _SEATS.c.owner_id == owner.id]
        if not left:
            where.append(_SEATS.c.has_left.is_(False))
        with self.engine.connect() as conn:
            ids = conn.scalars(select(_SEATS.c.game_id).where(*where)).all()
        return [str(i) for i in ids]

    # Chat --------------------------------------------------------------------------------

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
