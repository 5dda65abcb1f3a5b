"""Tables with people: 2–6 seats, each a person (a guest or an account) or a bot — the part
of the one table service (`chicago.table.tables.service.TableService`) that shows a seat its
table, and acts and decides at the table's pace.

Sitting down (the creator's table, invitations, names, the start, leaving, the creator's
seats, playing again) is `chicago.table.tables.seating`'s and `again`'s.

Who plays each seat and at what pace is data: the table's row (`LiveRow`: its seats, its
pace), or for a table whose only person is seat 0 and which has no such row, the same row
made from the game's levels at the `INLINE` pace (`inline_row`), whose bots decide inside
the person's request (`chicago.table.tables.solo`).

Every decision goes through the version-guarded append of the store: an action is
committed before anyone is told (`announce` runs after the commit), and of two decisions
made at the same version only one is stored — a person's and a time-out's, or two
processes' time-outs. At a table with people, bots do not play inside a person's request:
`step` makes one server decision (a bot's turn, an away seat, a time-out) when it is due,
at the table's pace, and a driver (`chicago.table.tables.driver`) calls it.

Only a seated person acts, for their own seat; a hint is for one's own seat; what leaves
here for a seat is a `Table` built from that seat's view (R9.1).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Final

from chicago.bots import DEFAULT_LEVEL
from chicago.core.actions import Action
from chicago.core.events import Event
from chicago.core.game import Game
from chicago.core.views import WATCHER
from chicago.store import GameRow, Owner
from chicago.store.chat import PHRASE_MARK, ChatRow
from chicago.store.invites import Invite
from chicago.store.live import BOT, PERSON, LiveRow, SeatRow
from chicago.table.errors import BadRequest, NotFound, NotYourTurn, Sealed, Stale
from chicago.table.tables.again import Again, Rematches
from chicago.table.tables.core import HUMAN, Hint, Table, _Snapshot
from chicago.table.tables.invites import BadInvitation, TableClosed
from chicago.table.tables.people import CHAT_LIMIT, clean_chat, clean_phrase, hash_token
from chicago.table.tables.rated import SeatChange, TableRatings, is_rated
from chicago.table.tables.seating import (
    CHAT_BURST,
    CHAT_WINDOW,
    FRIEND,
    STAND_IN,
    TIMERS,
    Conflict,
    Forbidden,
    NameTaken,
    RateLimited,
)
from chicago.text.i18n import _

__all__ = [
    "CHAT_LIMIT",
    "FRIEND",
    "INLINE",
    "TIMERS",
    "BadInvitation",
    "Conflict",
    "Forbidden",
    "LiveTables",
    "LiveView",
    "NameTaken",
    "RateLimited",
    "TableClosed",
    "hash_token",
    "inline_row",
]

INLINE: Final = -1
"""The pace of a table whose only person is seat 0: its bots decide inside that person's
request, not after a wait (a stored table's pace is 0 or more milliseconds)."""


def inline_row(row: GameRow) -> LiveRow:
    """The table row of a game with no row of its own: seat 0 its owner's, bots at the
    game's levels elsewhere, at the inline pace, playing until the game is over."""
    seats = tuple(
        SeatRow(seat=i, kind=PERSON, owner=row.owner, name=None, level=None, away=False)
        if i == HUMAN
        else SeatRow(seat=i, kind=BOT, owner=None, name=None, level=level, away=False)
        for i, level in enumerate(row.levels)
    )
    status = "finished" if row.summary.status == "finished" else "playing"
    return LiveRow(game_id=row.id, status=status, has_invite=False, timer=0, pace_ms=INLINE,
                   to_act=None, due=None, seats=seats)


FRESH_SIZE: Final = 4096
"""Tables whose last commit through this process is kept for its push (`fresh_views`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LiveView:
    """A table as one seat (or a spectator) may know it: the game and who sits where."""

    table: Table
    """The game from the seat's view (R9.1), its legal actions and events."""
    seat: int
    status: str
    """"open", "playing" or "finished"."""
    seats: tuple[SeatRow, ...]
    creator: bool
    has_invite: bool
    timer: int
    deadline: datetime | None
    """When the seat to act runs out of time (a person's turn with a timer)."""
    notes: tuple[tuple[int, int, str], ...]
    """(action index, seat, "timer" | "away"): decisions a bot made for a person."""
    has_watch: bool = False
    """A watch link works: anyone with it follows the table (what `WATCHER` may know)."""
    link: Invite | None = None
    """The working invitation, for the creator only (None for everyone else)."""
    again: Again | None = None
    """The rematch of this finished table, once someone pressed "play again"."""
    ratings: tuple[SeatChange, ...] | None = None
    """What the finished game did to each rated person's rating, by seat (empty while the
    game goes on); None at a table that is not rated (`chicago.table.tables.rated`)."""
    inline: bool = False
    """The table's pace is inline: its bots decided inside this request (a single
    player's table), so nobody else is told of it."""

    @property
    def watching(self) -> bool:
        """A spectator's view (no seat, no hand, no actions)."""
        return self.seat == WATCHER


class LiveTables(Rematches):
    """What each seat of any table is shown; acting, the server's decisions, hints, chat
    and backups at a table with people (sitting down is `Seating`'s)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._fresh: OrderedDict[str, tuple[_Snapshot, LiveRow]] = OrderedDict()
        """Per table, the version this process committed last and the table as the
        committing request read it: what the push after the commit needs, without reading
        the rows again (`fresh_views`)."""
        self._heard: dict[str, int] = {}
        """Per table, how many changes other than a version were heard of (`heard`)."""
        self._fresh_lock = threading.Lock()
        self.news_heard_here = False
        """True when every change to a table is made by this process and `heard` at once
        (an in-process broadcaster: SQLite's one process). Then an action at a table whose
        last commit was this process's is checked against that commit's table, unread
        (`_known_place`); with news from other processes (PostgreSQL) it is always read."""
        self.ratings = TableRatings(self.store)
        """The rating of the games of rated tables (`chicago.table.tables.rated`)."""

    # Reading -----------------------------------------------------------------------------

    def _place(self, game_id: str) -> tuple[GameRow, LiveRow]:
        """The game row and who sits where at what pace: the table's row, else the inline
        one made from the game's levels (NotFound for no game at all)."""
        row, live = self.live.rows(game_id) if len(game_id) <= 64 else (None, None)
        if row is None:
            raise NotFound()
        if live is None:
            return row, inline_row(row)
        self._seen_people(game_id)
        return row, live

    def _known_place(self, game_id: str, version: object) -> tuple[GameRow, LiveRow] | None:
        """`_place` without a read: the game row and table of this process's last commit
        at `game_id`, when that commit is at `version` and no other change to the table was
        heard since its request read it (`heard` drops it); None: read them. A change made
        between this and the action's commit is the race a read has too: the action's
        version guard refuses a second decision, and seat changes are heard before their
        answer goes out."""
        if not self.news_heard_here:
            return None
        fresh = self._kept(game_id)
        if fresh is None or fresh[0].row.version != version:
            return None
        self._seen_people(game_id)
        return fresh[0].row, fresh[1]

    def _kept(self, game_id: str) -> tuple[_Snapshot, LiveRow] | None:
        """This process's last commit at the table and the table its request read, while
        no other news of the table was heard (`_keep_fresh`, `heard`)."""
        with self._fresh_lock:
            return self._fresh.get(game_id)

    def _seen_people(self, game_id: str) -> None:
        """Hook: this table has a row of its own (people, a pace)."""

    @staticmethod
    def _only_alone(owner: Owner, row: GameRow, live: LiveRow) -> None:
        """What a request for a single player's game alone (`alone=True`: the /api/games
        contract) asks first: the requester's own game, and not a table with people."""
        if row.owner != owner:
            raise NotFound()
        if live.pace_ms != INLINE:
            raise BadRequest(_("This is a table with people: play it at /tables/{id}",
                               id=row.id))

    def seat_of(self, owner: Owner, game_id: str) -> int:
        """The requester's seat at any table; NotFound for anyone not seated (never told
        apart)."""
        if len(game_id) > 64:
            raise NotFound()
        live = self.live.get(game_id)
        if live is None:
            row = self.store.get_game(game_id)
            live = inline_row(row) if row is not None else None
        seat = live.seat_of(owner) if live is not None else None
        if seat is None:
            raise NotFound()
        return seat

    def view_for(self, game_id: str, seat: int, since: int | None = None) -> LiveView:
        """The table as `seat` knows it now, with the events after version `since`."""
        return self.views_for(game_id, {seat: since})[seat]

    def views_for(
        self, game_id: str, seats: dict[int, int | None]
    ) -> dict[int, LiveView]:
        """The table for several seats at once ({seat: since}), from one read of the rows:
        what a process pushes to its connections after a commit."""
        row, live = self._place(game_id)
        return self._views(row, live, seats)

    def _views(
        self, row: GameRow, live: LiveRow, seats: dict[int, int | None]
    ) -> dict[int, LiveView]:
        snap = self._snapshot(row)
        notes = self._notes(row) if live.pace_ms != INLINE else ()
        again = self._again_of(live)
        rated = (self.ratings.changes(row, live, snap.state, self.clock()),)
        return self._seat_views(row, live, snap, seats, notes, again, rated)

    def _seat_views(
        self,
        row: GameRow,
        live: LiveRow,
        snap: _Snapshot,
        seats: dict[int, int | None],
        notes: tuple[tuple[int, int, str], ...],
        again: Again | None,
        rated: tuple[tuple[SeatChange, ...] | None] | None,
    ) -> dict[int, LiveView]:
        """Each seat's view with the events since the version it had ({seat: since}); the
        events after one version are replayed once for every seat that had it."""
        events_since: dict[int, tuple[list[Event], int | None]] = {}
        out: dict[int, LiveView] = {}
        for seat, since in seats.items():
            key = since if since is not None and 0 <= since < row.version else -1
            if key not in events_since:
                events_since[key] = self._events_since(snap, key, live)
            events, base = events_since[key]
            out[seat] = self._live_view(
                row, live, snap, seat, events, notes, again, rated=rated, base=base
            )
        return out

    def fresh_views(
        self, game_id: str, seats: dict[int, int | None], version: int
    ) -> dict[int, LiveView] | None:
        """`views_for` without a read, when this process committed `version` (or a newer
        one) of the table and nothing else about it changed since its request read the
        table; else None (read it). Made from memory only, so a push may run it on its
        loop."""
        fresh = self._kept(game_id)
        if fresh is None or fresh[0].row.version < version:
            return None
        snap, live = fresh
        row = snap.row
        notes = self.live.known_notes(row.id, row.version)
        if notes is None or live.again_id is not None:  # these would be read
            return None
        if snap.state.finished and is_rated(row, live):  # the rating changes would be
            return None
        return self._seat_views(row, live, snap, seats, notes, None, None)

    def heard(self, game_id: str, what: str) -> None:
        """News of a table from any process (a broadcaster's subscriber): a change other
        than a version (seats, the invitation, a watch link, everything after a lost
        connection) makes the next push read the table again."""
        if what.isdigit():
            return
        with self._fresh_lock:
            if game_id == "*":
                self._fresh.clear()
                self._heard["*"] = self._heard.get("*", 0) + 1
                return
            self._fresh.pop(game_id, None)
            self._heard[game_id] = self._heard.get(game_id, 0) + 1

    def _heard_of(self, game_id: str) -> tuple[int, int]:
        """What `heard` counted of a table so far (taken before the table is read)."""
        with self._fresh_lock:
            return self._heard.get(game_id, 0), self._heard.get("*", 0)

    def _keep_fresh(self, done: _Snapshot, live: LiveRow, before: tuple[int, int]) -> None:
        """Keep a commit of this process for its push, unless news of another change to
        the table was heard since its request read the table (`before`)."""
        game_id = done.row.id
        with self._fresh_lock:
            if (self._heard.get(game_id, 0), self._heard.get("*", 0)) != before:
                self._fresh.pop(game_id, None)
                return
            kept = self._fresh.get(game_id)
            if kept is not None and kept[0].row.version >= done.row.version:
                return
            self._fresh[game_id] = (done, live)
            self._fresh.move_to_end(game_id)
            while len(self._fresh) > FRESH_SIZE:
                self._fresh.popitem(last=False)
            if len(self._heard) > 4 * FRESH_SIZE:  # a count of a table kept no more
                self._heard = {k: v for k, v in self._heard.items()
                               if k in self._fresh or k == "*"}

    def _events_since(
        self, snap: _Snapshot, since: int, live: LiveRow
    ) -> tuple[list[Event], int | None]:
        """The events after version `since` (none when that version is no longer cached,
        or `since` is -1), and `since` again when they continue the deal the receiver had
        (the same deal of a started table: its log is the log it had and these events), else
        None."""
        older = self._cached(snap.row.id, since) if since >= 0 else None
        if older is None:
            return [], None
        game = Game(older.state.setup, older.state, list(older.actions))
        events: list[Event] = []
        for action in snap.actions[since:]:
            events.extend(game.apply(action))
        same_deal = older.state.deal == snap.state.deal and live.status != "open"
        return events, since if same_deal else None

    def _notes(self, row: GameRow) -> tuple[tuple[int, int, str], ...]:
        """Decisions bots made for people among the last hundred actions."""
        return self.live.notes(row.id, row.version)

    def get(self, owner: Owner, game_id: str, *, alone: bool = False) -> LiveView:
        """The table as the requester's own seat knows it (NotFound for anyone else; with
        `alone`, the /api/games contract, for anyone but the game's owner)."""
        row, live = self._place(game_id)
        seat = live.seat_of(owner)
        if seat is None or (alone and row.owner != owner):
            raise NotFound()
        return self._views(row, live, {seat: None})[seat]

    def _live_view(
        self,
        row: GameRow,
        live: LiveRow,
        snap: _Snapshot,
        seat: int,
        events: list[Event],
        notes: tuple[tuple[int, int, str], ...] | None = None,
        again: Again | None = None,
        bot_seconds: float = 0.0,
        *,
        rated: tuple[tuple[SeatChange, ...] | None] | None = None,
        base: int | None = None,
    ) -> LiveView:
        table = self._table(snap, events, bot_seconds, seat, base)
        levels = tuple(s.level if s.kind == BOT else None for s in live.seats)
        if table.levels != levels:  # a cached row from before the start
            table = replace(table, levels=levels)
        if live.status == "open":  # nothing is dealt, and nobody acts, before the start
            v = table.view
            table = replace(
                table,
                legal=(),
                events=(),
                view=replace(
                    v, to_act=None, hand=(), hand_sizes=(0,) * v.seats, offer=None, log=()
                ),
            )
        if notes is None:
            notes = self._notes(row)
        state = snap.state
        deadline = None
        to_act = state.to_act
        if live.status == "playing" and live.timer and not state.finished and to_act is not None:
            s = live.seats[to_act]
            if s.kind == PERSON and not s.away:
                deadline = row.updated + timedelta(seconds=live.timer)
        creator = seat != WATCHER and row.owner == live.seats[seat].owner
        return LiveView(
            table=table,
            seat=seat,
            status="finished" if state.finished else live.status,
            seats=live.seats,
            creator=creator,
            has_invite=live.has_invite and seat != WATCHER,
            timer=live.timer,
            deadline=deadline,
            notes=notes,
            has_watch=live.has_watch,
            link=live.invite if creator else None,
            again=again if again is not None else self._again_of(live),
            ratings=(rated or (self.ratings.changes(row, live, state, self.clock()),))[0],
            inline=live.pace_ms == INLINE,
        )

    # Turns -------------------------------------------------------------------------------

    def _commit(
        self,
        snap: _Snapshot,
        game: Game,
        events: list[Event],
        decided_by: str | None,
        live: LiveRow,
        before: tuple[int, int] | None = None,
    ) -> _Snapshot:
        """Store the new actions through the core's version-guarded commit, with the turn's
        bookkeeping in the same transaction, then announce them (Stale when another
        decision came first)."""
        turn = replace(self._turn(game.state), timing=(live.timer, live.pace_ms))
        done = self.commit(snap, game, events, decided_by=decided_by, live=turn)
        if done is None:
            latest = self.store.get_game(snap.row.id)
            version = snap.row.version
            raise Stale(latest.version if latest else version, version)
        version = snap.row.version
        self.live.noted(
            done.row.id, version, done.row.version,
            [a.seat for a in game.actions[version:]], decided_by,
        )
        if game.state.finished:
            # The game ends here: rated once, before anyone is told (each seat's view
            # shows the change). The table is read again for who has left by now.
            _row, now_live = self.live.rows(done.row.id)
            self.ratings.finished(done.row, now_live or live, game.state, self.clock())
        if before is not None:  # `before`: what was heard before `live` was read
            self._keep_fresh(done, live, before)
        self.announce(done.row.id, str(done.row.version))
        return done

    def _act_at_pace(
        self,
        owner: Owner,
        row: GameRow,
        live: LiveRow,
        version: int,
        action: Action | Callable[[int], Action],
        before: tuple[int, int] | None = None,
        base: int | None = None,
    ) -> LiveView:
        """A seated person's decision for their own seat at `version`, stored, announced;
        the table's bots decide after it at the table's pace (`step`). `action` may be a
        function of the requester's seat (a client's action is read for its seat);
        `before`: `_heard_of` the table before `live` was read; `base`: the version the
        requester holds, which the answer continues when it can (as a push would)."""
        seat = live.seat_of(owner)
        if seat is None:
            raise NotFound()
        if callable(action):
            action = action(seat)
        if action.seat != seat:
            raise BadRequest(_("You play seat {seat}", seat=seat))
        if live.status != "playing":
            raise Conflict(_("The game has not started yet"))
        if version != row.version:
            raise Stale(row.version, version)
        if live.seats[seat].away:
            raise Conflict(_("A bot plays your seat now: take it back first"))
        snap = self._snapshot(row)
        game, events = self.apply_for(snap, action, seat)
        new_snap = self._commit(snap, game, events, None, live, before)
        if base is not None:
            view = (self.fresh_views(row.id, {seat: base}, new_snap.row.version) or {}).get(seat)
            if (view is not None and view.table.base == base
                    and view.table.version == new_snap.row.version):
                return view
        return self._live_view(new_snap.row, live, new_snap, seat, events)

    def step(self, game_id: str) -> bool:
        """Make the one server decision that is due at this table, if any: a bot's move,
        an away seat's, or a time-out's. True when one was stored (by this call)."""
        before = self._heard_of(game_id)
        try:
            row, live = self._rows(game_id)
        except NotFound:
            return False
        now = self.clock()
        if live.status == "open":
            return self._again_due(live, now)  # a rematch's deadline
        snap = self._snapshot(row)
        state = snap.state
        seat = state.to_act
        if state.finished or seat is None:
            if live.due is not None:
                self.live.set_turn(game_id, None, now)
            return False
        s = live.seats[seat]
        if s.kind == BOT:
            level, by, wait = s.level or DEFAULT_LEVEL, None, live.pace_ms / 1000
        elif s.away:
            level, by, wait = STAND_IN, "away", live.pace_ms / 1000
        elif live.timer:
            level, by, wait = STAND_IN, "timer", float(live.timer)
        else:
            return False
        if row.updated + timedelta(seconds=wait) > now:
            return False  # not yet: the due time in live_tables was only a hint
        game = Game(state.setup, state, list(snap.actions))
        events = self.bot_decision(game, level)
        try:
            self._commit(snap, game, events, by, live, before)
        except Stale:
            return False  # someone else decided first: nothing is made twice
        return True

    def hint(self, owner: Owner, game_id: str, *, alone: bool = False) -> Hint:
        """The hard bot's suggestion for the requester's own seat, from its view only, with
        its odds in the requester's language: at any table (`alone`: `_only_alone`)."""
        row, live = self._place(game_id)
        if alone:
            self._only_alone(owner, row, live)
        seat = live.seat_of(owner)
        if seat is None:
            raise NotFound()
        snap = self._snapshot(row)
        state = snap.state
        if state.finished:
            raise NotYourTurn(_("The game is over"), "R8")
        if live.pace_ms == INLINE:
            if state.to_act != seat:
                raise NotYourTurn(_("It is seat {seat}'s turn, not yours", seat=state.to_act))
        elif live.status != "playing" or state.to_act != seat:
            raise NotYourTurn(_("It is not your turn"))
        return self.hint_for(state, seat, len(snap.actions))

    def set_away(self, owner: Owner, game_id: str, away: object) -> None:
        """Hand one's seat to a bot (True) or take it back (False)."""
        if not isinstance(away, bool):
            raise BadRequest(_("Away must be true or false"))
        _row, live = self._rows(game_id)
        seat = live.seat_of(owner)
        if seat is None:
            raise NotFound()
        if live.seats[seat].left:
            raise Conflict(_("You left this table: a bot plays your seat for good"))
        if live.status != "playing":
            raise Conflict(_("The game has not started yet"))
        self.live.set_away(game_id, seat, away, self.clock())
        self.announce(game_id, "seats")

    # Chat --------------------------------------------------------------------------------

    def chat(self, owner: Owner, game_id: str, text: object, phrase: object = None) -> ChatRow:
        """Store a message: typed `text`, or a quick `phrase` by its id (each reader reads
        it in their own language)."""
        seat = self.seat_of(owner, game_id)
        if phrase is None:
            live = self.live.get(game_id)
            if live is not None and live.strangers:
                raise Forbidden(_(
                    "At a table open to anyone the chat is the quick phrases only"))
        message = PHRASE_MARK + clean_phrase(phrase) if phrase is not None else clean_chat(text)
        now = self.clock()
        row = self.live.add_chat(game_id, seat, message, now, now - CHAT_WINDOW, CHAT_BURST)
        if row is None:
            raise RateLimited(_(
                "At most {n} messages in {seconds} seconds: wait a moment",
                n=CHAT_BURST, seconds=int(CHAT_WINDOW.total_seconds()),
            ))
        self.announce(game_id, "chat")
        return row

    def chat_log(self, owner: Owner, game_id: str) -> list[ChatRow]:
        self.seat_of(owner, game_id)
        return self.live.chat(game_id)

    # Backups -----------------------------------------------------------------------------

    def export(self, owner: Owner, game_id: str, *, alone: bool = False) -> dict[str, Any]:
        """The game file of any table for a seated person. A table with people's only once
        the game is over (it holds the seed and every hand), with the players' names in
        `meta`; a single player's at any time, with the bots' levels (`alone`:
        `_only_alone`)."""
        row, live = self._place(game_id)
        if alone:
            self._only_alone(owner, row, live)
        if live.seat_of(owner) is None:
            raise NotFound()
        if row.sealed(self.clock()):
            raise Sealed(row.sealed_until)
        snap = self._snapshot(row)
        if live.pace_ms == INLINE:
            return self.game_file(snap, levels=list(row.levels))
        if not snap.state.finished:
            raise Conflict(_("A backup of a table with people is made once the game is over"))
        return self.game_file(
            snap,
            levels=[s.level if s.kind == BOT else None for s in live.seats],
            players=[s.name if s.kind == PERSON else None for s in live.seats],
        )
