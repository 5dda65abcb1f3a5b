"""Tables with people: 2–6 seats, each a person (a guest or an account) or a bot.

The creator sits at seat 0 and gets an invitation token (stored hashed; renewing it makes
the old one stop working, revoking leaves none). A friend with the token takes a free seat
while the table is open; the creator starts the game, and seats still free become bots.

Every decision goes through the version-guarded append of the store: an action is
committed before anyone is told (`announce` runs after the commit), and of two decisions
made at the same version only one is stored — a person's and a time-out's, or two
processes' time-outs. Bots at a table with people do not play inside a person's request:
`step` makes one server decision (a bot's turn, an away seat, a time-out) when it is due,
at the table's pace, and a driver (`chicago.table.driver`) calls it.

Only a seated person acts, for their own seat; a hint is for one's own seat; what leaves
here for a seat is a `Table` built from that seat's view (R9.1).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Final

from chicago import __version__
from chicago.bots.base import bot_stream
from chicago.core import record
from chicago.core.actions import Action, action_to_json
from chicago.core.errors import IllegalAction
from chicago.core.events import Event
from chicago.core.game import Game
from chicago.core.state import GameState
from chicago.core.views import WATCHER, view
from chicago.store import GameRow, Owner, Summary
from chicago.store.live import BOT, PERSON, PHRASE_MARK, ChatRow, LiveRow, LiveStore, SeatRow
from chicago.store.repo import LiveTurn
from chicago.table.people import CHAT_LIMIT, clean_chat, clean_name, clean_phrase, hash_token
from chicago.table.scores import history_after
from chicago.table.service import (
    DEFAULT_LEVEL,
    HINT_LEVEL,
    MAX_SEED,
    BadRequest,
    Hint,
    Illegal,
    NotFound,
    NotYourTurn,
    ServiceError,
    Stale,
    Table,
    TableService,
    _Snapshot,
    parse_profile,
)
from chicago.text.hints import hint_text
from chicago.text.i18n import _

__all__ = [
    "CHAT_LIMIT",
    "FRIEND",
    "TIMERS",
    "BadInvitation",
    "Conflict",
    "Forbidden",
    "LiveTables",
    "LiveView",
    "RateLimited",
    "hash_token",
]

FRIEND: Final = "friend"
"""In a new table's seat list: a seat for a person who comes with the invitation."""
TIMERS: Final = (0, 30, 60, 120)
"""The turn timer's choices in seconds (0: none)."""
STAND_IN: Final = "normal"
"""The bot that decides for an away seat or when time runs out."""
CHAT_BURST: Final = 5
CHAT_WINDOW: Final = timedelta(seconds=10)
DEFAULT_PACE_MS: Final = 900


class Conflict(ServiceError):
    """The table is not in the state the request needs (not started, already started,
    every seat taken, an away seat acting)."""


class Forbidden(ServiceError):
    """A seated player asks for what only the creator may do."""


class BadInvitation(ServiceError):
    """An invitation token that opens nothing (revoked, renewed or mistyped)."""

    def __init__(self) -> None:
        super().__init__(_("this invitation does not work (revoked, renewed or mistyped)"))


class RateLimited(ServiceError):
    """Too many chat messages in a short time."""


@dataclass(frozen=True, slots=True)
class LiveView:
    """A table with people as one seat may know it."""

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

    @property
    def watching(self) -> bool:
        """A spectator's view (no seat, no hand, no actions)."""
        return self.seat == WATCHER


Announce = Callable[[str, str], None]


class LiveTables:
    """Tables with people on top of the table service (same store, same cache)."""

    def __init__(
        self,
        service: TableService,
        *,
        pace_ms: int = DEFAULT_PACE_MS,
        announce: Announce | None = None,
    ) -> None:
        self.service = service
        self.store = service.store
        self.live = LiveStore(service.store)
        self.pace_ms = pace_ms
        self.announce: Announce = announce or (lambda game_id, what: None)

    @property
    def clock(self) -> Callable[[], datetime]:
        return self.service.clock

    # Reading -----------------------------------------------------------------------------

    def _rows(self, game_id: str) -> tuple[GameRow, LiveRow]:
        """The game row first, then the table (so the table is at least as new)."""
        row, live = self.live.rows(game_id) if len(game_id) <= 64 else (None, None)
        if row is None or live is None:
            raise NotFound()
        return row, live

    def seat_of(self, owner: Owner, game_id: str) -> int:
        """The requester's seat; NotFound for anyone not seated (never told apart)."""
        live = self.live.get(game_id) if len(game_id) <= 64 else None
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
        row, live = self._rows(game_id)
        snap = self.service._snapshot(row)
        notes = self._notes(row)
        events_since: dict[int, list[Event]] = {}
        out: dict[int, LiveView] = {}
        for seat, since in seats.items():
            key = since if since is not None and 0 <= since < row.version else -1
            if key not in events_since:
                events_since[key] = self._events_since(snap, key) if key >= 0 else []
            out[seat] = self._live_view(row, live, snap, seat, events_since[key], notes)
        return out

    def _events_since(self, snap: _Snapshot, since: int) -> list[Event]:
        """The events after version `since` (none when that version is no longer cached)."""
        older = self.service._cached(snap.row.id, since)
        if older is None:
            return []
        game = Game(older.state.setup, older.state, list(older.actions))
        events: list[Event] = []
        for action in snap.actions[since:]:
            events.extend(game.apply(action))
        return events

    def _notes(self, row: GameRow) -> tuple[tuple[int, int, str], ...]:
        """Decisions bots made for people among the last hundred actions."""
        return self.live.notes(row.id, row.version)

    def get(self, owner: Owner, game_id: str) -> LiveView:
        seat = self.seat_of(owner, game_id)
        return self.view_for(game_id, seat)

    def _live_view(
        self,
        row: GameRow,
        live: LiveRow,
        snap: _Snapshot,
        seat: int,
        events: list[Event],
        notes: tuple[tuple[int, int, str], ...] | None = None,
    ) -> LiveView:
        table = self.service._table(snap, events, 0.0, seat)
        levels = tuple(s.level if s.kind == BOT else None for s in live.seats)
        if table.levels != levels:  # a cached row from before the start
            table = replace(table, levels=levels)
        if live.status != "playing" and table.legal:  # nobody acts before the start
            table = replace(table, legal=())
        if notes is None:
            notes = self._notes(row)
        state = snap.state
        deadline = None
        to_act = state.to_act
        if live.status == "playing" and live.timer and not state.finished and to_act is not None:
            s = live.seats[to_act]
            if s.kind == PERSON and not s.away:
                deadline = row.updated + timedelta(seconds=live.timer)
        return LiveView(
            table=table,
            seat=seat,
            status="finished" if state.finished else live.status,
            seats=live.seats,
            creator=seat != WATCHER and row.owner == live.seats[0].owner,
            has_invite=live.has_invite and seat != WATCHER,
            timer=live.timer,
            deadline=deadline,
            notes=notes,
            has_watch=live.has_watch,
        )

    # Creating and sitting down ------------------------------------------------------------

    def create(
        self,
        owner: Owner,
        *,
        name: object,
        seats: object = 4,
        players: object = None,
        profile: object = None,
        seed: object = None,
        timer: object = 0,
    ) -> tuple[str, str]:
        """A new open table with the creator at seat 0: (its id, the invitation token)."""
        if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 6:
            raise BadRequest(
                _("seats must be a whole number from 2 to 6, not {value}", value=repr(seats)),
                "R1.1",
            )
        creator = clean_name(name)
        if players is None:
            players = [FRIEND] * (seats - 1)
        if not isinstance(players, list) or len(players) != seats - 1:
            raise BadRequest(_(
                'players must list "friend" or a bot level for each of the {n} other seats',
                n=seats - 1,
            ))
        for p in players:
            if p != FRIEND and not self.service.level_is_valid(p):
                raise BadRequest(
                    _('unknown player {value} (give "friend" or a bot level)', value=repr(p))
                )
        if FRIEND not in players:
            raise BadRequest(_("a table with people needs a seat for a friend"))
        if not isinstance(timer, int) or isinstance(timer, bool) or timer not in TIMERS:
            raise BadRequest(_("timer must be 0 (none), 30, 60 or 120 seconds"))
        chosen = parse_profile(profile)
        if seed is None:
            seed_value = secrets.randbelow(MAX_SEED + 1)
        elif isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED:
            seed_value = seed
        else:
            raise BadRequest(
                _("seed must be a whole number from 0 to {top}, or null", top=MAX_SEED)
            )
        game = Game.new(chosen, seats, seed_value)
        setup = record.dump(game)
        setup.pop("actions", None)
        now = self.clock()
        levels = (None, *(None if p == FRIEND else str(p) for p in players))
        row = GameRow(
            id=secrets.token_urlsafe(12),
            owner=owner,
            setup=setup,
            profile_id=chosen.id,
            seats=seats,
            levels=levels,
            version=0,
            summary=Summary("in_progress", None, game.state.deal, tuple(game.state.scores)),
            created=now,
            updated=now,
        )
        seat_rows = [SeatRow(0, PERSON, owner, creator, None, False)] + [
            SeatRow(i, PERSON, None, None, None, False)
            if p == FRIEND
            else SeatRow(i, BOT, None, None, str(p), False)
            for i, p in enumerate(players, start=1)
        ]
        token = secrets.token_urlsafe(24)
        self.live.create(row, seat_rows, hash_token(token), timer, self.pace_ms, now)
        return row.id, token

    def _creator(self, owner: Owner, game_id: str) -> LiveRow:
        row, live = self._rows(game_id)
        if live.seat_of(owner) is None:
            raise NotFound()
        if row.owner != owner:
            raise Forbidden(_("only the table's creator can do that"))
        return live

    def renew_invite(self, owner: Owner, game_id: str) -> str:
        """A new invitation token; the old one stops working."""
        self._creator(owner, game_id)
        token = secrets.token_urlsafe(24)
        self.live.set_invite(game_id, hash_token(token))
        self.announce(game_id, "seats")
        return token

    def revoke_invite(self, owner: Owner, game_id: str) -> None:
        self._creator(owner, game_id)
        self.live.set_invite(game_id, None)
        self.announce(game_id, "seats")

    def _by_token(self, token: object) -> tuple[GameRow, LiveRow]:
        if not isinstance(token, str) or not 16 <= len(token) <= 64:
            raise BadInvitation()
        game_id = self.live.by_invite(hash_token(token))
        if game_id is None:
            raise BadInvitation()
        return self._rows(game_id)

    def preview(self, owner: Owner, token: object) -> dict[str, Any]:
        """What an invitation shows before sitting down: the seats and the rules' name."""
        row, live = self._by_token(token)
        return {
            "id": row.id,
            "status": live.status,
            "seats": row.seats,
            "profile": row.profile_id,
            "timer": live.timer,
            "players": [
                {"seat": s.seat, "kind": s.kind, "name": s.name, "level": s.level,
                 "free": s.free}
                for s in live.seats
            ],
            "you": live.seat_of(owner),
        }

    def join(
        self, owner: Owner, token: object, name: object, seat: object = None
    ) -> tuple[str, int]:
        """Sit down with an invitation: the chosen free seat, else the first free one;
        (the table's id, the seat)."""
        row, live = self._by_token(token)
        mine = live.seat_of(owner)
        if mine is not None:
            return row.id, mine
        who = clean_name(name)
        if live.status != "open":
            raise Conflict(_("the game has started: every seat is taken"))
        free = [s.seat for s in live.seats if s.free]
        if seat is not None:
            if not isinstance(seat, int) or isinstance(seat, bool) or seat not in free:
                raise Conflict(_("seat {seat} is not free", seat=repr(seat)))
            free = [seat]
        for s in free:
            if self.live.take_seat(row.id, s, owner, who):
                self.announce(row.id, "seats")
                return row.id, s
        raise Conflict(_("every seat is taken"))

    def start(self, owner: Owner, game_id: str) -> None:
        """Deal: free seats become bots, the first decision's clock starts."""
        self._creator(owner, game_id)
        if self.live.start(game_id, DEFAULT_LEVEL, self.clock()) is None:
            raise Conflict(_("the game has already started"))
        row, live = self._rows(game_id)
        snap = self.service._snapshot(row)
        self.live.set_turn(game_id, self._turn(snap.state, live, row.updated))
        self.announce(game_id, "seats")

    # Turns -------------------------------------------------------------------------------

    def _turn(self, state: GameState, live: LiveRow, since: datetime) -> LiveTurn:
        """Who is to act and when the server must decide for them."""
        seat = state.to_act
        if state.finished or seat is None or live.status != "playing":
            return LiveTurn(None, None)
        s = live.seats[seat]
        if s.kind == BOT or s.away:
            return LiveTurn(seat, since + timedelta(milliseconds=live.pace_ms))
        if live.timer:
            return LiveTurn(seat, since + timedelta(seconds=live.timer))
        return LiveTurn(seat, None)

    def _commit(
        self,
        row: GameRow,
        live: LiveRow,
        snap: _Snapshot,
        game: Game,
        events: list[Event],
        decided_by: str | None,
    ) -> _Snapshot:
        """Store the new actions under the version guard, then announce them."""
        version = row.version
        now = self.clock()
        summary = self.service._summary(game.state)
        new = [action_to_json(a) for a in game.actions[version:]]
        turn = self._turn(game.state, live, now)
        if not self.store.append_actions(
            row.id, version, new, summary, now, decided_by=decided_by, live=turn
        ):
            latest = self.store.get_game(row.id)
            raise Stale(latest.version if latest else version, version)
        history = history_after(snap.history, snap.state.scores, snap.state.deal, events)
        done = replace(row, version=len(game.actions), summary=summary, updated=now)
        new_snap = _Snapshot(done, game.state, tuple(game.actions), history)
        self.service._remember(row.id, done.version, new_snap)
        self.announce(row.id, str(done.version))
        return new_snap

    def act(
        self,
        owner: Owner,
        game_id: str,
        version: object,
        action: Action | Callable[[int], Action],
    ) -> LiveView:
        """A seated person's decision for their own seat at `version`, stored, announced.
        `action` may be a function of the requester's seat (a client's action is read for
        the seat it comes from)."""
        if not isinstance(version, int) or isinstance(version, bool):
            raise BadRequest(_("version must be a whole number, not {value}", value=repr(version)))
        row, live = self._rows(game_id)
        seat = live.seat_of(owner)
        if seat is None:
            raise NotFound()
        if callable(action):
            action = action(seat)
        if action.seat != seat:
            raise BadRequest(_("you play seat {seat}", seat=seat))
        if live.status != "playing":
            raise Conflict(_("the game has not started yet"))
        if version != row.version:
            raise Stale(row.version, version)
        if live.seats[seat].away:
            raise Conflict(_("a bot plays your seat now: take it back first"))
        snap = self.service._snapshot(row)
        game = Game(snap.state.setup, snap.state, list(snap.actions))
        try:
            events = list(game.apply(action))
        except IllegalAction as e:
            raise Illegal(e.reason, e.rule) from None
        new_snap = self._commit(row, live, snap, game, events, None)
        return self._live_view(new_snap.row, live, new_snap, seat, events)

    def step(self, game_id: str) -> bool:
        """Make the one server decision that is due at this table, if any: a bot's move,
        an away seat's, or a time-out's. True when one was stored (by this call)."""
        try:
            row, live = self._rows(game_id)
        except NotFound:
            return False
        if live.status != "playing":
            return False
        snap = self.service._snapshot(row)
        state = snap.state
        seat = state.to_act
        now = self.clock()
        if state.finished or seat is None:
            if live.due is not None:
                self.live.set_turn(game_id, LiveTurn(None, None))
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
        bot = self.service.bot(level)
        action = bot.choose(
            view(state, seat), game.legal_actions(), bot_stream(state.setup.seed, seat,
                                                                len(snap.actions))
        )
        try:
            events = list(game.apply(action))
        except IllegalAction:
            raise RuntimeError(f"the {level} bot chose an illegal action") from None
        try:
            self._commit(row, live, snap, game, events, by)
        except Stale:
            return False  # someone else decided first: nothing is made twice
        return True

    def hint(self, owner: Owner, game_id: str) -> Hint:
        """The hard bot's suggestion for the requester's own seat, from its view only, in
        the requester's words (the same as the single-player table's)."""
        row, live = self._rows(game_id)
        seat = live.seat_of(owner)
        if seat is None:
            raise NotFound()
        state = self.service._snapshot(row).state
        if state.finished:
            raise NotYourTurn(_("the game is over"), "R8")
        if live.status != "playing" or state.to_act != seat:
            raise NotYourTurn(_("it is not your turn"))
        legal = Game(state.setup, state).legal_actions()
        rng = bot_stream(state.setup.seed, seat, row.version)
        s = self.service.bot(HINT_LEVEL).suggest(view(state, seat), legal, rng)
        return Hint(s.action, hint_text(s, state.scores[seat]), s.advice)

    def set_away(self, owner: Owner, game_id: str, away: object) -> None:
        """Hand one's seat to a bot (True) or take it back (False)."""
        if not isinstance(away, bool):
            raise BadRequest(_("away must be true or false"))
        row, live = self._rows(game_id)
        seat = live.seat_of(owner)
        if seat is None:
            raise NotFound()
        seats = list(live.seats)
        seats[seat] = SeatRow(seat, PERSON, owner, seats[seat].name, None, away)
        changed = LiveRow(
            live.game_id, live.status, live.has_invite, live.timer, live.pace_ms,
            live.to_act, live.due, tuple(seats),
        )
        state = self.service._snapshot(row).state
        turn = self._turn(state, changed, max(row.updated, self.clock()))
        self.live.set_away(game_id, seat, away, turn)
        self.announce(game_id, "seats")

    # Chat --------------------------------------------------------------------------------

    def chat(self, owner: Owner, game_id: str, text: object, phrase: object = None) -> ChatRow:
        """Store a message: typed `text`, or a quick `phrase` by its id (each reader reads
        it in their own language)."""
        seat = self.seat_of(owner, game_id)
        message = PHRASE_MARK + clean_phrase(phrase) if phrase is not None else clean_chat(text)
        now = self.clock()
        row = self.live.add_chat(game_id, seat, message, now, now - CHAT_WINDOW, CHAT_BURST)
        if row is None:
            raise RateLimited(_(
                "at most {n} messages in {seconds} seconds: wait a moment",
                n=CHAT_BURST, seconds=int(CHAT_WINDOW.total_seconds()),
            ))
        self.announce(game_id, "chat")
        return row

    def chat_log(self, owner: Owner, game_id: str) -> list[ChatRow]:
        self.seat_of(owner, game_id)
        return self.live.chat(game_id)

    # Backups -----------------------------------------------------------------------------

    def export(self, owner: Owner, game_id: str) -> dict[str, Any]:
        """The game file once the game is over (it holds the seed and every hand), with the
        players' names in `meta`; any seated player may take it."""
        row, live = self._rows(game_id)
        if live.seat_of(owner) is None:
            raise NotFound()
        snap = self.service._snapshot(row)
        if not snap.state.finished:
            raise Conflict(_("a backup of a table with people is made once the game is over"))
        game = Game(snap.state.setup, snap.state, list(snap.actions))
        meta = {
            "app": "chicago",
            "app_version": __version__,
            "created": row.created.isoformat(),
            "exported": self.clock().isoformat(),
            "levels": [s.level if s.kind == BOT else None for s in live.seats],
            "players": [s.name if s.kind == PERSON else None for s in live.seats],
        }
        return record.dump(game, meta)
