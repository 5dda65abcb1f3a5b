"""The turn's bookkeeping at a table with people: who is to act and when the server must
decide for them (`live_tables.to_act`, `due`), written in the transaction that changes the
game or the seats, from what that transaction reads."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.engine import Connection

from chicago.store.models import LiveTable, TableSeat, UTCDateTime

_LIVE: Final = cast(Table, LiveTable.__table__)


@dataclass(frozen=True, slots=True)
class LiveTurn:
    """At a table with people, who is to act after an append (None: nobody, the game is
    over). When the server must decide for them is worked out inside the committing
    transaction from the seat as it is stored then (`write_turn`), never from a seat read
    earlier: a hand-over to a bot that commits while a decision is being made cannot be
    lost (the table would wait for an away seat for ever)."""

    to_act: int | None


def due_after(
    status: str, timer: int, pace_ms: int, kind: str | None, away: bool, since: datetime
) -> datetime | None:
    """When the server must decide for the seat to act: a bot's turn or an away seat at
    the table's pace, a person's with a timer when it runs out; None: it waits for a
    person (or nobody is to act, or the game has not started)."""
    if status != "playing" or kind is None:
        return None
    if kind == "bot" or away:
        return since + timedelta(milliseconds=pace_ms)
    if timer:
        return since + timedelta(seconds=timer)
    return None


_SEATS: Final = cast(Table, TableSeat.__table__)
_SET_TURN: Final = (
    update(_LIVE)
    .where(_LIVE.c.game_id == bindparam("b_id"))
    .values(to_act=bindparam("b_to_act"), due=bindparam("b_due", type_=UTCDateTime()))
)
_TURN_SEAT: Final = (
    select(_LIVE.c.status, _LIVE.c.timer, _LIVE.c.pace_ms, _SEATS.c.kind, _SEATS.c.away)
    .select_from(
        _LIVE.outerjoin(
            _SEATS,
            (_SEATS.c.game_id == _LIVE.c.game_id) & (_SEATS.c.seat == bindparam("b_seat")),
        )
    )
    .where(_LIVE.c.game_id == bindparam("b_id"))
)


def write_turn(conn: Connection, game_id: str, to_act: int | None, since: datetime) -> None:
    """Record who is to act and when a decision is due, from the table and the seat as
    this transaction reads them (the caller holds the game row's lock: see `LiveTurn`)."""
    due = None
    if to_act is not None:
        found = conn.execute(_TURN_SEAT, {"b_id": game_id, "b_seat": to_act}).first()
        if found is not None:
            due = due_after(
                found.status, found.timer, found.pace_ms, found.kind, bool(found.away), since
            )
    conn.execute(_SET_TURN, {"b_id": game_id, "b_to_act": to_act, "b_due": due})
