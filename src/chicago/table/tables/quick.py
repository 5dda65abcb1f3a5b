"""Quick play: a person asks for a table of so many seats at a preset's rules and is seated
with the others who asked for the same (a part of the one table service,
`chicago.table.tables.service.TableService`).

A press waits at most `WAIT`: the table starts as soon as it is full, or when the oldest
press of its (seats, rules) has waited that long, with `QUICK_LEVEL` bots in the seats left
empty. Whichever comes first fires the start — the press that fills the table, a request
reading a press whose wait is over, or the driver that runs in every process — and the
store's one matching transaction (`chicago.store.quick`) makes it happen once. A person has
one press that holds at a time: pressing again while waiting, or while seated at a quick-play
table that is not over, gives that one back. Quick-play tables are rated, have a turn timer
(`QUICK_TIMER`: a person who stops answering is played for by a bot, one decision at a
time), and their chat is the quick phrases only (strangers sit there).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property
from typing import Final

from chicago.bots import DEFAULT_LEVEL
from chicago.core.rules import DEFAULT_PROFILE, PRESETS
from chicago.store import Owner
from chicago.store.live import BOT, PERSON, SeatRow
from chicago.store.quick import SEATED, WAITING, NewTable, QuickRow, QuickStore
from chicago.table.errors import BadRequest, NotFound
from chicago.table.tables.core import MAX_SEED
from chicago.table.tables.live import LiveTables
from chicago.table.tables.people import NAME_LIMIT, clean_name, name_key
from chicago.table.tables.seating import Conflict, RateLimited
from chicago.text.i18n import _

WAIT: Final = timedelta(seconds=20)
"""The longest a press of quick play waits before its table starts with bots."""
QUICK_TIMER: Final = 30
"""Seconds a person has for each decision at a quick-play table (one of `TIMERS`): strangers
should not wait long for someone who has gone."""
QUICK_LEVEL: Final = DEFAULT_LEVEL
"""The bots that fill a quick-play table's empty seats: the middle level, neither a gift nor
a wall for people whose strength nobody knows yet."""
QUICK_SEATS: Final = 4
PRESSES: Final = 10
PRESS_WINDOW: Final = timedelta(minutes=1)
"""At most `PRESSES` presses of quick play per person in `PRESS_WINDOW` (counted in the
store, so in every process together)."""


@dataclass(frozen=True, slots=True)
class QuickState:
    """A press of quick play as its person is shown it."""

    id: str
    status: str
    """"waiting", "seated" or "left"."""
    seats: int
    profile: str
    deadline: datetime | None
    """While waiting: when the table starts at the latest (bots in the empty seats)."""
    waiting: int | None
    """While waiting: how many people wait for the same (seats, rules), this one too."""
    table: str | None
    """Once seated: the table's id (/tables/{id})."""
    seat: int | None


class QuickPlay(LiveTables):
    """Quick play over the store's queue."""

    @cached_property
    def quick(self) -> QuickStore:
        return QuickStore(self.store)

    def quick_join(
        self, owner: Owner, *, name: object, seats: object = QUICK_SEATS, profile: object = None
    ) -> QuickState:
        """Press quick play: a new press, or the one the person already has (waiting, or
        seated at a quick-play table that is not over). Fires the start when this press
        fills the table."""
        if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 6:
            raise BadRequest(
                _("Seats must be a whole number from 2 to 6, not {value}", value=repr(seats)),
                "R1.1",
            )
        profile_id = DEFAULT_PROFILE.id if profile is None else profile
        if not isinstance(profile_id, str) or profile_id not in PRESETS:
            raise BadRequest(_("Quick play takes the id of a preset: {ids}",
                               ids=", ".join(sorted(PRESETS))))
        who = clean_name(name)
        now = self.clock()
        entry = QuickRow(
            id=secrets.token_urlsafe(12), owner=owner, name=who, seats=seats,
            profile_id=profile_id, state=WAITING, created=now, deadline=now + WAIT,
        )
        done, row = self.quick.enter(entry, now - PRESS_WINDOW, PRESSES)
        if done == "limited":
            raise RateLimited(_(
                "You pressed quick play {n} times in a minute: wait a moment and try again",
                n=PRESSES,
            ))
        if done == "new":
            self._match(seats, profile_id)
        return self._state(row.id)

    def quick_state(self, owner: Owner, entry_id: str) -> QuickState:
        """The person's press now; a wait that is over fires its table's start here too
        (nobody waits on the driver alone)."""
        row = self._own_entry(owner, entry_id)
        if row.state == WAITING and self._group_due(row):
            self._match(row.seats, row.profile_id)
        return self._state(entry_id)

    def quick_leave(self, owner: Owner, entry_id: str) -> None:
        """Leave the queue; 409 once seated (leave the table instead)."""
        row = self._own_entry(owner, entry_id)
        if row.state == WAITING and self.quick.leave(entry_id):
            return
        if self.quick.get(entry_id) is not None and self._state(entry_id).status == SEATED:
            raise Conflict(_("You already have a seat at a table: leave the table there"))

    def quick_due(self) -> int:
        """Start every quick-play table whose wait is over (what the driver calls); how
        many this call started."""
        made = 0
        for seats, profile_id in self.quick.due(self.clock()):
            while self._match(seats, profile_id) is not None:
                made += 1
        return made

    # Inside ----------------------------------------------------------------------------------

    def _own_entry(self, owner: Owner, entry_id: str) -> QuickRow:
        row = self.quick.get(entry_id) if len(entry_id) <= 32 else None
        if row is None or row.owner != owner:
            raise NotFound()
        return row

    def _group_due(self, row: QuickRow) -> bool:
        _count, deadline = self.quick.group(row.seats, row.profile_id)
        return deadline is not None and deadline <= self.clock()

    def _state(self, entry_id: str) -> QuickState:
        row = self.quick.get(entry_id)
        if row is None:
            raise NotFound()
        count: int | None = None
        deadline: datetime | None = None
        if row.state == WAITING:
            count, deadline = self.quick.group(row.seats, row.profile_id)
            deadline = min(deadline or row.deadline, row.deadline)
        return QuickState(
            id=row.id, status=row.state, seats=row.seats, profile=row.profile_id,
            deadline=deadline, waiting=count, table=row.game_id, seat=row.seat,
        )

    def _match(self, seats: int, profile_id: str) -> str | None:
        """One try at seating the oldest presses of (seats, rules); the new table's id."""
        game_id = self.quick.match(seats, profile_id, self.clock(), self._quick_table)
        if game_id is not None:
            self.announce(game_id, "seats")
        return game_id

    def _quick_table(self, rows: Sequence[QuickRow]) -> NewTable:
        """The table for the presses being seated (inside the matching transaction): the
        people in the order they pressed, bots after them, a new seed, the first of them
        the game's owner. Two people who gave one name are told apart by a number."""
        first = rows[0]
        now = self.clock()
        seats = first.seats
        names = _distinct([r.name for r in rows])
        levels = tuple(None if i < len(rows) else QUICK_LEVEL for i in range(seats))
        profile = PRESETS[first.profile_id]
        row, game = self._dealt(first.owner, profile, seats, secrets.randbelow(MAX_SEED + 1),
                                levels, now)
        seat_rows = tuple(
            SeatRow(seat=i, kind=PERSON, owner=rows[i].owner, name=names[i], level=None,
                    away=False)
            if i < len(rows)
            else SeatRow(seat=i, kind=BOT, owner=None, name=None, level=QUICK_LEVEL,
                         away=False)
            for i in range(seats)
        )
        to_act = self._turn(game.state).to_act
        return NewTable(row=row, seats=seat_rows, to_act=to_act, timer=QUICK_TIMER,
                        pace_ms=self.pace_ms)


def _distinct(names: Sequence[str]) -> list[str]:
    """The names, a later one that is the same as an earlier (as `name_key` compares) given
    the first free number after it ("Ann", "Ann 2")."""
    seen: set[str] = set()
    out: list[str] = []
    for name in names:
        given, n = name, 1
        while name_key(given) in seen:
            n += 1
            suffix = f" {n}"
            given = name[: NAME_LIMIT - len(suffix)] + suffix
        seen.add(name_key(given))
        out.append(given)
    return out
