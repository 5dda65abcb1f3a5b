"""The turn's bookkeeping at a table with people: who is to act and when the server must
decide for them (`live_tables.to_act`, `due`), written in the transaction that changes the
game or the seats, from what that transaction reads."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, cast

from sqlalchemy import Table, and_, bindparam, case, exists, select, update
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
    timing: tuple[int, int] | None = None
    """The table's (timer in seconds, pace in ms), fixed when it was made, if the caller
    read them; else `write_turn` reads them."""


_SEATS: Final = cast(Table, TableSeat.__table__)
_TO_ACT: Final = (_SEATS.c.game_id == _LIVE.c.game_id) & (_SEATS.c.seat == bindparam("b_seat"))
_PLAYING: Final = _LIVE.c.status == "playing"
_SET_TURN: Final = (
    update(_LIVE)
    .where(_LIVE.c.game_id == bindparam("b_id"))
    .values(
        to_act=bindparam("b_seat"),
        # When the server must decide for the seat to act, from the table and the seat as
        # this very statement reads them: a bot's turn or an away seat at the table's pace,
        # a person's with a timer when it runs out; else nothing (it waits for a person, or
        # the game has not started).
        due=case(
            (and_(_PLAYING, exists().where(_TO_ACT, (_SEATS.c.kind == "bot")
                                           | _SEATS.c.away.is_(True))),
             bindparam("b_pace_due", type_=UTCDateTime())),
            (and_(_PLAYING, _LIVE.c.timer > 0, exists().where(_TO_ACT)),
             bindparam("b_timer_due", type_=UTCDateTime())),
            else_=None,
        ),
    )
)
_NOBODY: Final = (
    update(_LIVE).where(_LIVE.c.game_id == bindparam("b_id")).values(to_act=None, due=None)
)
_TIMING: Final = select(_LIVE.c.timer, _LIVE.c.pace_ms).where(_LIVE.c.game_id == bindparam("b_id"))


def write_turn(
    conn: Connection,
    game_id: str,
    to_act: int | None,
    since: datetime,
    timing: tuple[int, int] | None = None,
) -> None:
    """Record who is to act and when a decision is due, in one statement that reads the
    table's status and the seat as this transaction sees them (the caller holds the game
    row's lock: see `LiveTurn`). `timing`: the table's (timer, pace_ms), read when not
    given (they never change)."""
    if to_act is None:
        conn.execute(_NOBODY, {"b_id": game_id})
        return
    if timing is None:
        found = conn.execute(_TIMING, {"b_id": game_id}).first()
        if found is None:
            return
        timing = (int(found.timer), int(found.pace_ms))
    timer, pace_ms = timing
    conn.execute(_SET_TURN, {
        "b_id": game_id,
        "b_seat": to_act,
        "b_pace_due": since + timedelta(milliseconds=pace_ms),
        "b_timer_due": since + timedelta(seconds=timer),
    })
