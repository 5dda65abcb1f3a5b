"""Open tables: a creator may list their table with people for anyone to join, and anyone
takes a free seat there without an invitation (a part of the one table service,
`chicago.table.tables.service.TableService`).

The list shows each open table's rules (the preset and each change in words), its timer,
its seats taken and free, and the people seated with their ratings (guests and people not
rated yet: none). The lobby polls it every few seconds; each process builds it at most once
a `FRESH` (whoever asks), so many lobbies cost one build. Taking seats is limited per person
(`SITS` a minute, counted in the database, so in every process alike). At a listed table
the chat is the quick phrases only, as at quick play: strangers sit there.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import timedelta
from functools import cached_property
from typing import Final

from chicago.store import Owner
from chicago.store.listing import ListingStore
from chicago.store.live import PERSON, LiveRow
from chicago.table.errors import BadRequest, NotFound
from chicago.table.tables.invites import TableClosed
from chicago.table.tables.quick import QuickPlay
from chicago.table.tables.seating import Conflict, RateLimited
from chicago.text.i18n import _, current_language
from chicago.text.invite_words import rules_words, timer_words

FRESH: Final = 1.0
"""Seconds a built list of open tables is served before it is built again."""
SITS: Final = 10
SIT_WINDOW: Final = timedelta(minutes=1)
"""At most `SITS` seats taken at open tables per person in `SIT_WINDOW`."""


@dataclass(frozen=True, slots=True)
class OpenSeat:
    seat: int
    kind: str
    name: str | None
    level: str | None
    free: bool
    owner: Owner | None
    rating: tuple[float, float] | None
    """A seated person's (rating, RD); None for a guest or someone not rated yet."""


@dataclass(frozen=True, slots=True)
class OpenTable:
    """A listed table that is open, as the lobby lists it."""

    id: str
    seats: int
    profile: str
    rules: dict[str, object]
    timer: int
    timer_words: str
    players: tuple[OpenSeat, ...]

    def seat_of(self, owner: Owner) -> int | None:
        for s in self.players:
            if s.owner == owner:
                return s.seat
        return None


class OpenTables(QuickPlay):
    """Listing open tables and sitting down at them."""

    @cached_property
    def listing(self) -> ListingStore:
        return ListingStore(self.store, self.live)

    @cached_property
    def _built(self) -> dict[str, tuple[float, tuple[OpenTable, ...]]]:
        return {}

    def open_tables(self) -> tuple[OpenTable, ...]:
        """The listed tables still open with a free seat, newest first (built at most once
        a `FRESH` in this process; the rules and timer in the current language)."""
        key = current_language()
        now = time.monotonic()
        built = self._built.get(key)
        if built is not None and now - built[0] < FRESH:
            return built[1]
        tables = self._build_open()
        self._built[key] = (now, tables)
        return tables

    def _build_open(self) -> tuple[OpenTable, ...]:
        rows = []
        for game_id in self.listing.listed():
            row, live = self.live.rows(game_id)
            if row is None or live is None or not any(s.free for s in live.seats):
                continue
            rows.append((row, live))
        accounts = [int(s.owner.id) for _row, live in rows for s in live.seats
                    if s.owner is not None and s.owner.kind == "account"]
        ratings = self.listing.ratings(accounts)
        out = []
        for row, live in rows:
            profile = self._snapshot(row).state.profile
            out.append(OpenTable(
                id=row.id, seats=row.seats, profile=row.profile_id,
                rules=rules_words(profile), timer=live.timer,
                timer_words=timer_words(live.timer),
                players=tuple(
                    OpenSeat(
                        seat=s.seat, kind=s.kind, name=s.name, level=s.level, free=s.free,
                        owner=s.owner,
                        rating=ratings.get(int(s.owner.id))
                        if s.owner is not None and s.owner.kind == "account" else None,
                    )
                    for s in live.seats
                ),
            ))
        return tuple(out)

    def set_listed(self, owner: Owner, game_id: str, listed: object) -> None:
        """The creator lists their open table for anyone (True) or takes it off (False);
        409 once it has started."""
        if not isinstance(listed, bool):
            raise BadRequest(_("Listed must be true or false"))
        self.require_creator(owner, game_id)
        if not self.listing.set_listed(game_id, listed):
            raise Conflict(_("The game has already started"))
        self._built.clear()
        self.announce(game_id, "seats")

    def sit(
        self, owner: Owner, game_id: str, name: object, seat: object = None
    ) -> tuple[str, int]:
        """Take a free seat at a listed open table, as an invitation would; (the table's
        id, the seat). A person already seated there gets their seat."""
        row, live = self._rows(game_id) if len(game_id) <= 64 else (None, None)
        if row is None or live is None:
            raise NotFound()
        mine = live.seat_of(owner)
        if mine is not None:
            return row.id, mine
        if not live.listed or live.again_deadline is not None:
            raise NotFound()
        _check_open(live)
        now = self.clock()
        if not self.listing.count_sit(owner, row.id, now, now - SIT_WINDOW, SITS):
            raise RateLimited(_(
                "You took {n} seats at open tables in a minute: wait a moment and try "
                "again", n=SITS,
            ))
        taken = self._sit(owner, row, live, name, seat)
        self._built.clear()
        return taken


def _check_open(live: LiveRow) -> None:
    if live.status != "open":
        raise TableClosed("started")
    if not any(s.free and s.kind == PERSON for s in live.seats):
        raise TableClosed("full")
