"""Helpers for the history of tables with people (no tests here): a stored game turned into
the game of a table with people, as `chicago.table.tables.live` leaves one (a `live_tables` row,
one `table_seats` row per seat, the game's levels None for a person's seat)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlalchemy import update

from chicago.store import Owner, Store
from chicago.store.live import BOT, PERSON
from chicago.store.models import Game, LiveTable, TableSeat

Seat = tuple[Owner, str] | str
"""A person (owner, display name) or a bot's level."""


def seat_people(store: Store, game_id: str, seats: Sequence[Seat]) -> None:
    """Make the stored game `game_id` a table with people seated as `seats` (seat 0 is the
    game's owner, its creator)."""
    levels = [None if isinstance(s, tuple) else s for s in seats]
    with store._write() as s:
        s.execute(
            update(Game)
            .where(Game.id == game_id)
            .values(levels=json.dumps(levels), imported=False)
            .execution_options(synchronize_session=False)
        )
        s.add(LiveTable(game_id=game_id, status="playing", watch_hash=None,
                        timer=0, pace_ms=0, to_act=None, due=None))
        for k, seat in enumerate(seats):
            person = isinstance(seat, tuple)
            s.add(TableSeat(
                game_id=game_id, seat=k, kind=PERSON if person else BOT,
                owner_kind=seat[0].kind if isinstance(seat, tuple) else None,
                owner_id=seat[0].id if isinstance(seat, tuple) else None,
                name=seat[1] if isinstance(seat, tuple) else None,
                level=None if isinstance(seat, tuple) else seat, away=False,
            ))
