"""Playing again at a table with people: at the end, one press makes the rematch — the same
rules, timer and seats, bots where bots sat (at their levels), each person's seat kept for
that same person — and seats the presser. It starts when every person has pressed too, or
at the deadline (`AGAIN_WAIT` after the first press), when the seats still waiting become
`normal` bots: decided once, by whichever process gets there first (the driver's `step`,
under the start's guarded update), like every other server decision.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Final

from chicago.store import Owner
from chicago.store.live import BOT, PERSON, LiveRow, SeatRow
from chicago.table.errors import NotFound
from chicago.table.tables.core import MAX_SEED
from chicago.table.tables.seating import STAND_IN, Conflict, Seating
from chicago.text.i18n import _

AGAIN_WAIT: Final = timedelta(seconds=60)
"""How long a rematch keeps the seats of the people who have not pressed "play again"."""

Again = tuple[str, tuple[int, ...], datetime | None]
"""A finished table's rematch as its players see it: (id, the seats that accepted, when
the seats still waiting become bots)."""


class Rematches(Seating):
    """"Play again" at a finished table with people (a part of the one table service)."""

    def again(self, owner: Owner, game_id: str) -> str:
        """The rematch of a finished table, made by the first press, with the presser's
        seat taken; its id. 409 before the end, or when one's seat there went to a bot."""
        row, live = self._rows(game_id)
        if live.seat_of(owner) is None:
            raise NotFound()
        state = self._snapshot(row).state
        if not state.finished:
            raise Conflict(_("You can play again once the game is over"))
        new_id = live.again_id
        if new_id is None:
            now = self.clock()
            seats = [
                SeatRow(seat=s.seat, kind=PERSON, owner=s.owner, name=s.name, level=None,
                        away=False, accepted=False)
                if s.kind == PERSON and s.owner is not None and not s.left
                else SeatRow(seat=s.seat, kind=BOT, owner=None, name=None,
                             level=s.level or STAND_IN, away=False)
                for s in live.seats
            ]
            levels = tuple(None if s.kind == PERSON else s.level for s in seats)
            new_row = self._new_row(
                row.owner, state.setup.profile, row.seats, secrets.randbelow(MAX_SEED + 1),
                levels, now,
            )
            new_id = self.live.create_again(  # strangers' table again: rated, phrases only
                game_id, new_row, seats, live.timer, live.pace_ms, now, now + AGAIN_WAIT,
                listed=live.listed, rated=live.rated,
            )
        if not self.live.accept_again(new_id, owner):
            raise Conflict(_("Your seat at the new game has been given to a bot"))
        again = self.live.get(new_id)
        if again is not None and again.status == "open" and all(
            s.accepted for s in again.seats if s.owner is not None
        ):
            self._start(new_id)  # everyone is in
        self.announce(game_id, "seats")
        self.announce(new_id, "seats")
        return new_id

    def _again_due(self, live: LiveRow, now: datetime) -> bool:
        """An open rematch at its deadline starts, the seats still waiting become bots;
        True when this call started it."""
        deadline = live.again_deadline
        if deadline is None or deadline > now:
            return False
        return self._start(live.game_id)

    def _again_of(self, live: LiveRow) -> Again | None:
        if live.again_id is None:
            return None
        again = self.live.get(live.again_id)
        if again is None:
            return None
        accepted = tuple(
            s.seat for s in again.seats if s.kind == PERSON and s.owner is not None and s.accepted
        )
        return live.again_id, accepted, again.again_deadline
