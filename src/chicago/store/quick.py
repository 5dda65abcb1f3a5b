"""Storage of quick play: the queue of people waiting for a table, and the matching that
seats them.

A press of quick play is one `quick_queue` row: waiting, then seated (with its table and
seat) or left. One person has at most one waiting row (a partial unique index), and a person
already waiting, or seated at a quick-play table that is not over and that they have not
left, is given that row back instead of a new one (`enter`, in one transaction).

The matching (`match`) is one transaction. It takes the waiting rows of one (seats, rules),
oldest first, as many as the table has seats — on PostgreSQL with `FOR UPDATE SKIP LOCKED`,
so two processes matching at once lock disjoint rows and never wait on each other; on SQLite
under the store's single-writer lock, and SQLite's own write lock taken before the read —
and, when they fill the table or the oldest has
waited its longest, writes the game, its table (started, rated), its seats (the people in
queue order, bots after them) and each row's table and seat, all committed together or not
at all. A row is seated by one transaction only (it holds the row's lock and the update is
guarded by `state = 'waiting'`), no table is given more people than seats, and a person
leaving at the same moment either leaves first (and is not seated) or finds their seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal, cast

from sqlalchemy import Table, and_, bindparam, false, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from chicago.store.live import BOT, PERSON, SeatRow
from chicago.store.models import Game, LiveTable, QuickEntry, TableSeat
from chicago.store.repo import GameRow, Owner, Store
from chicago.store.turns import write_turn

WAITING: Final = "waiting"
SEATED: Final = "seated"
LEFT: Final = "left"

_QUEUE: Final = cast(Table, QuickEntry.__table__)
_DUE: Final = (
    select(_QUEUE.c.seats, _QUEUE.c.profile_id)
    .where(_QUEUE.c.state == WAITING, _QUEUE.c.deadline <= bindparam("b_now"))
    .group_by(_QUEUE.c.seats, _QUEUE.c.profile_id)
    .limit(bindparam("b_limit"))
)
"""The driver's question five times a second, built once (as `chicago.store.live`'s)."""
_SEATS: Final = cast(Table, TableSeat.__table__)
_GAMES: Final = cast(Table, Game.__table__)
_LIVE: Final = cast(Table, LiveTable.__table__)


@dataclass(frozen=True, slots=True)
class QuickRow:
    """One press of quick play."""

    id: str
    owner: Owner
    name: str
    seats: int
    profile_id: str
    state: str
    """WAITING, SEATED or LEFT."""
    created: datetime
    deadline: datetime
    """When this press's wait ends: its group starts with bots then at the latest."""
    game_id: str | None = None
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class NewTable:
    """What the matching writes for the people it seats: the game (dealt, owned by the
    first of them), every seat, who acts first and the table's timer and pace."""

    row: GameRow
    seats: tuple[SeatRow, ...]
    to_act: int | None
    timer: int
    pace_ms: int


Entered = Literal["new", "waiting", "seated", "limited"]
MakeTable = Callable[[Sequence[QuickRow]], NewTable]


def _row(r: Any) -> QuickRow:
    return QuickRow(
        id=r.id, owner=Owner("account" if r.owner_kind == "account" else "guest", r.owner_id),
        name=r.name, seats=r.seats, profile_id=r.profile_id, state=r.state, created=r.created,
        deadline=r.deadline, game_id=r.game_id, seat=r.seat,
    )


def _mine(owner: Owner) -> Any:
    return and_(_QUEUE.c.owner_kind == owner.kind, _QUEUE.c.owner_id == owner.id)


class QuickStore:
    """The quick-play queue of one Store (same engine, same write lock on SQLite)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        self.postgres = self.engine.dialect.name == "postgresql"

    # Pressing, reading, leaving -----------------------------------------------------------

    def enter(self, entry: QuickRow, since: datetime, limit: int) -> tuple[Entered, QuickRow]:
        """Queue `entry` unless its person already has a press that holds: their waiting
        row ("waiting"), or their seat at a quick-play table not over ("seated"). "limited"
        (nothing stored) when they pressed `limit` times since `since`."""
        for _try in range(3):
            try:
                with self.store._write() as s:
                    held = self._held(s, entry.owner)
                    if held is not None:
                        return cast(Entered, held.state), held
                    pressed = s.scalar(
                        select(func.count()).select_from(_QUEUE)
                        .where(_mine(entry.owner), _QUEUE.c.created > since)
                    )
                    if int(pressed or 0) >= limit:
                        return "limited", entry
                    s.add(QuickEntry(
                        id=entry.id, owner_kind=entry.owner.kind, owner_id=entry.owner.id,
                        name=entry.name, seats=entry.seats, profile_id=entry.profile_id,
                        state=WAITING, created=entry.created, deadline=entry.deadline,
                    ))
                return "new", entry
            except IntegrityError:
                continue  # the same person pressed in another process: read theirs
        raise RuntimeError("quick play: no entry after three tries")

    @staticmethod
    def _held(s: Session, owner: Owner) -> QuickRow | None:
        """The person's waiting row, else their row of a quick-play table whose game is not
        over and whose seat is still theirs (they have not left it)."""
        found = s.execute(
            select(_QUEUE).where(_mine(owner), _QUEUE.c.state == WAITING)
        ).first()
        if found is not None:
            return _row(found)
        found = s.execute(
            select(_QUEUE)
            .join(_GAMES, _GAMES.c.id == _QUEUE.c.game_id)
            .join(_SEATS, and_(_SEATS.c.game_id == _QUEUE.c.game_id,
                               _SEATS.c.seat == _QUEUE.c.seat))
            .where(
                _mine(owner), _QUEUE.c.state == SEATED, _GAMES.c.status != "finished",
                _SEATS.c.owner_kind == owner.kind, _SEATS.c.owner_id == owner.id,
                _SEATS.c.has_left.is_(False),
            )
            .order_by(_QUEUE.c.created.desc())
            .limit(1)
        ).first()
        return None if found is None else _row(found)

    def get(self, entry_id: str) -> QuickRow | None:
        with self.engine.connect() as conn:
            found = conn.execute(select(_QUEUE).where(_QUEUE.c.id == entry_id)).first()
        return None if found is None else _row(found)

    def group(self, seats: int, profile_id: str) -> tuple[int, datetime | None]:
        """How many wait for (seats, rules) now, and when the oldest's wait ends."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(func.count(), func.min(_QUEUE.c.deadline)).where(
                    _QUEUE.c.state == WAITING, _QUEUE.c.seats == seats,
                    _QUEUE.c.profile_id == profile_id,
                )
            ).one()
        return int(found[0]), found[1]

    def leave(self, entry_id: str) -> bool:
        """Waiting → left, guarded: False when the row was not waiting (already seated, or
        left). On PostgreSQL this waits for a matching that holds the row, then reads what
        it wrote."""
        with self.store._write() as s:
            result = s.execute(
                update(_QUEUE)
                .where(_QUEUE.c.id == entry_id, _QUEUE.c.state == WAITING)
                .values(state=LEFT)
                .execution_options(synchronize_session=False)
            )
            return bool(result.rowcount == 1)  # type: ignore[attr-defined]

    # Matching -----------------------------------------------------------------------------

    def due(self, now: datetime, limit: int = 50) -> list[tuple[int, str]]:
        """The (seats, rules) whose oldest waiting press has waited its longest."""
        with self.engine.connect() as conn:
            found = conn.execute(_DUE, {"b_now": now, "b_limit": limit}).all()
        return [(int(r.seats), str(r.profile_id)) for r in found]

    def match(
        self, seats: int, profile_id: str, now: datetime, make: MakeTable
    ) -> str | None:
        """Seat the oldest waiting presses of (seats, rules) at a new table, in one
        transaction, when they fill it or the oldest has waited until its deadline: the new
        table's id, or None (nobody to seat yet, or the rows are another process's now).
        `make` is given the rows, in seat order, and returns the table to write."""
        with self.store._write() as s:
            if not self.postgres:
                # Take SQLite's write lock before reading: the driver begins the
                # transaction only at a write, and another process's matching could
                # otherwise commit between this read and its writes.
                s.execute(update(_QUEUE).where(false()).values(state=_QUEUE.c.state))
            query = (
                select(_QUEUE)
                .where(_QUEUE.c.state == WAITING, _QUEUE.c.seats == seats,
                       _QUEUE.c.profile_id == profile_id)
                .order_by(_QUEUE.c.created, _QUEUE.c.id)
                .limit(seats)
            )
            if self.postgres:
                query = query.with_for_update(skip_locked=True)
            rows = [_row(r) for r in s.execute(query).all()]
            if not rows or (len(rows) < seats and rows[0].deadline > now):
                return None
            table = make(rows)
            self._write_table(s, table, now)
            for seat, entry in enumerate(rows):
                result = s.execute(
                    update(_QUEUE)
                    .where(_QUEUE.c.id == entry.id, _QUEUE.c.state == WAITING)
                    .values(state=SEATED, game_id=table.row.id, seat=seat)
                    .execution_options(synchronize_session=False)
                )
                if result.rowcount != 1:  # type: ignore[attr-defined]
                    raise RuntimeError("quick play: a locked waiting row changed")
            write_turn(s.connection(), table.row.id, table.to_act, now,
                       (table.timer, table.pace_ms))
            return table.row.id

    def _write_table(self, s: Session, table: NewTable, now: datetime) -> None:
        self.store._add_game(s, table.row, [], now)
        s.add(LiveTable(
            game_id=table.row.id, status="playing", watch_hash=None, timer=table.timer,
            pace_ms=table.pace_ms, to_act=None, due=None, again_deadline=None, rated=True,
            listed=False,
        ))
        for seat in table.seats:
            if seat.kind not in (PERSON, BOT):
                raise ValueError(f"no such seat kind {seat.kind!r}")
            s.add(TableSeat(
                game_id=table.row.id, seat=seat.seat, kind=seat.kind,
                owner_kind=seat.owner.kind if seat.owner else None,
                owner_id=seat.owner.id if seat.owner else None,
                name=seat.name, level=seat.level, away=False, accepted=True, has_left=False,
            ))
        s.flush()
