"""Sitting down at a table with people: creating it, invitations (links and codes), joining,
the creator's seats, starting (a part of the one table service,
`chicago.table.tables.service.TableService`).

The creator sits at seat 0 and gets an invitation (`chicago.table.tables.invites`: a link and a
table code; renewing makes the old ones stop working, revoking leaves none). A friend with
either takes a free seat while the table is open — under a name no one else at the table
has; the creator starts the game, and seats still free become bots.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, Final

from chicago.bots import DEFAULT_LEVEL
from chicago.core import record
from chicago.core.game import Game
from chicago.core.rules import RuleProfile
from chicago.core.state import GameState
from chicago.store import GameRow, Owner, Store, Summary
from chicago.store.invites import Invite
from chicago.store.live import BOT, PERSON, LiveRow, LiveStore, SeatRow
from chicago.store.turns import LiveTurn
from chicago.table.errors import BadRequest, NotFound, ServiceError
from chicago.table.tables.core import BotFactory, _now
from chicago.table.tables.invites import BadInvitation, TableClosed, as_code, new_invite
from chicago.table.tables.people import clean_name, hash_token, name_key
from chicago.table.tables.solo import Inline, parse_profile, parse_seed
from chicago.text.i18n import _
from chicago.text.invite_words import rules_words, timer_words

FRIEND: Final = "friend"
"""In a new table's seat list: a seat for a person who comes with the invitation."""
TIMERS: Final = (0, 30, 60, 120)
"""The turn timer's choices in seconds (0: none)."""
STAND_IN: Final = DEFAULT_LEVEL
"""The bot that decides for an away seat or when time runs out."""
CHAT_BURST: Final = 5
CHAT_WINDOW: Final = timedelta(seconds=10)
DEFAULT_PACE_MS: Final = 900


class Conflict(ServiceError):
    """The table is not in the state the request needs (not started, already started,
    every seat taken, an away seat acting)."""


class NameTaken(Conflict):
    """Another person at the table has this name (names are one per table, compared as
    `name_key` does), so the log can tell the two apart."""

    def __init__(self, name: str) -> None:
        super().__init__(_(
            "Someone at this table is already called “{name}”: choose another name.",
            name=name,
        ))


class Forbidden(ServiceError):
    """A seated player asks for what only the creator may do."""


class RateLimited(ServiceError):
    """Too many chat messages in a short time."""


Announce = Callable[[str, str], None]


class Seating(Inline):
    """Who sits where at a table with people, and the table's invitation (the same store
    and cache as every table's)."""

    def __init__(
        self,
        store: Store,
        bots: BotFactory | None = None,
        *,
        cache_size: int = 512,
        clock: Callable[[], datetime] = _now,
        pace_ms: int = DEFAULT_PACE_MS,
        announce: Announce | None = None,
    ) -> None:
        super().__init__(store, bots, cache_size=cache_size, clock=clock)
        self.live = LiveStore(store)
        self.pace_ms = pace_ms
        """How long a bot at a new table with people waits before it decides."""
        self.announce: Announce = announce or (lambda game_id, what: None)

    def _rows(self, game_id: str) -> tuple[GameRow, LiveRow]:
        """The game row first, then the table (so the table is at least as new)."""
        row, live = self.live.rows(game_id) if len(game_id) <= 64 else (None, None)
        if row is None or live is None:
            raise NotFound()
        return row, live

    # Creating and sitting down ------------------------------------------------------------

    def open_table(
        self,
        owner: Owner,
        *,
        name: object,
        seats: object = 4,
        players: object = None,
        profile: object = None,
        seed: object = None,
        timer: object = 0,
        listed: object = False,
    ) -> tuple[str, Invite]:
        """A new open table with the creator at seat 0: (its id, the invitation); `listed`
        lists it among the open tables, where anyone may sit down."""
        if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 6:
            raise BadRequest(
                _("Seats must be a whole number from 2 to 6, not {value}", value=repr(seats)),
                "R1.1",
            )
        creator = clean_name(name)
        if players is None:
            players = [FRIEND] * (seats - 1)
        if not isinstance(players, list) or len(players) != seats - 1:
            raise BadRequest(_(
                'Players must list "friend" or a bot level for each of the {n} other seats',
                n=seats - 1,
            ))
        for p in players:
            if p != FRIEND and not self.level_is_valid(p):
                raise BadRequest(
                    _('Unknown player {value} (give "friend" or a bot level)', value=repr(p))
                )
        if FRIEND not in players:
            raise BadRequest(_("A table with people needs a seat for a friend"))
        if not isinstance(timer, int) or isinstance(timer, bool) or timer not in TIMERS:
            raise BadRequest(_("Timer must be 0 (none), 30, 60 or 120 seconds"))
        if not isinstance(listed, bool):
            raise BadRequest(_("Listed must be true or false"))
        chosen = parse_profile(profile)
        seed_value = parse_seed(seed)
        now = self.clock()
        levels = (None, *(None if p == FRIEND else str(p) for p in players))
        row = self._new_row(owner, chosen, seats, seed_value, levels, now)
        seat_rows = [
            SeatRow(seat=0, kind=PERSON, owner=owner, name=creator, level=None, away=False)
        ] + [
            SeatRow(seat=i, kind=PERSON, owner=None, name=None, level=None, away=False)
            if p == FRIEND
            else SeatRow(seat=i, kind=BOT, owner=None, name=None, level=str(p), away=False)
            for i, p in enumerate(players, start=1)
        ]
        for _try in range(8):
            invite = new_invite()
            if self.live.create(row, seat_rows, invite, timer, self.pace_ms, now,
                                listed=listed):
                return row.id, invite[1]
        raise RuntimeError("no free table code in 8 draws")

    @staticmethod
    def _new_row(
        owner: Owner,
        profile: RuleProfile,
        seats: int,
        seed: int,
        levels: tuple[str | None, ...],
        now: datetime,
    ) -> GameRow:
        """A new table's game row, dealt from `seed` (nobody is shown the deal before the
        start)."""
        return Seating._dealt(owner, profile, seats, seed, levels, now)[0]

    @staticmethod
    def _dealt(
        owner: Owner,
        profile: RuleProfile,
        seats: int,
        seed: int,
        levels: tuple[str | None, ...],
        now: datetime,
    ) -> tuple[GameRow, Game]:
        """A new table's game row and its game, as dealt."""
        game = Game.new(profile, seats, seed)
        setup = record.dump(game)
        setup.pop("actions", None)
        return GameRow(
            id=secrets.token_urlsafe(12),
            owner=owner,
            setup=setup,
            profile_id=profile.id,
            seats=seats,
            levels=levels,
            version=0,
            summary=Summary("in_progress", None, game.state.deal, tuple(game.state.scores)),
            created=now,
            updated=now,
        ), game

    def require_creator(self, owner: Owner, game_id: str) -> None:
        """NotFound for anyone not seated at the table, Forbidden for a seated player who
        did not create it (what the creator's own settings ask first)."""
        self._creator(owner, game_id)

    def _creator(self, owner: Owner, game_id: str) -> LiveRow:
        row, live = self._rows(game_id)
        if live.seat_of(owner) is None:
            raise NotFound()
        if row.owner != owner:
            raise Forbidden(_("Only the table's creator can do that"))
        return live

    def renew_invite(self, owner: Owner, game_id: str) -> Invite:
        """A new invitation (link and code); the old ones stop working ("renewed"). Only
        while the table is open: a started game takes nobody more."""
        if self._creator(owner, game_id).status != "open":
            raise Conflict(_("The game has already started"))
        for _try in range(8):
            invite = new_invite()
            if self.live.renew_invite(game_id, invite, self.clock()):
                self.announce(game_id, "seats")
                return invite[1]
        raise RuntimeError("no free table code in 8 draws")

    def revoke_invite(self, owner: Owner, game_id: str) -> None:
        self._creator(owner, game_id)
        self.live.renew_invite(game_id, None, self.clock())
        self.announce(game_id, "seats")

    def _by_token(self, token: object, owner: Owner) -> tuple[GameRow, LiveRow]:
        """The table an invitation link's token, or a table code, opens; BadInvitation
        saying why not (revoked, renewed, unknown). A started table opens only for the
        people seated there."""
        found = None
        if isinstance(token, str) and len(token) <= 64:
            code = as_code(token)
            if code is not None:
                found = self.live.find_invite(code=code)
            elif len(token) >= 16:
                found = self.live.find_invite(digest=hash_token(token))
        if found is None:
            raise BadInvitation("unknown")
        game_id, state = found
        if state in ("renewed", "revoked"):
            raise BadInvitation(state)
        try:
            row, live = self._rows(game_id)
        except NotFound:
            raise BadInvitation("unknown") from None
        if live.seat_of(owner) is None:
            if state == "started" or live.status != "open":
                raise TableClosed("started")
            if not any(s.free for s in live.seats):
                raise TableClosed("full")
        return row, live

    def preview(self, owner: Owner, token: object) -> dict[str, Any]:
        """What an invitation shows before sitting down: who invites, the seats, the rules
        (the preset and any changes) and the turn timer, the last two also in words."""
        try:
            row, live = self._by_token(token, owner)
        except TableClosed as e:
            raise BadInvitation(e.reason) from None
        creator = live.seat_of(row.owner)
        profile = self._snapshot(row).state.profile
        return {
            "id": row.id,
            "status": live.status,
            "seats": row.seats,
            "profile": row.profile_id,
            "rules": rules_words(profile),
            "timer": live.timer,
            "timer_words": timer_words(live.timer),
            "inviter": None if creator is None else live.seats[creator].name,
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
        row, live = self._by_token(token, owner)
        return self._sit(owner, row, live, name, seat)

    def _sit(
        self, owner: Owner, row: GameRow, live: LiveRow, name: object, seat: object
    ) -> tuple[str, int]:
        """Take the chosen free seat, else the first free one, at an open table (the
        person's own seat if they have one); (the table's id, the seat)."""
        mine = live.seat_of(owner)
        if mine is not None:
            return row.id, mine
        who = clean_name(name)
        free = [s.seat for s in live.seats if s.free]
        if seat is not None:
            if not isinstance(seat, int) or isinstance(seat, bool) or seat not in free:
                raise Conflict(_("Seat {seat} is not free", seat=repr(seat)))
            free = [seat]
        for s in free:
            taken = self.live.take_seat(row.id, s, owner, who, name_key)
            if taken == "name":  # named as the person at the table wrote their name
                raise NameTaken(self._holder_of(row.id, who))
            if taken == "ok":
                self.announce(row.id, "seats")
                return row.id, s
        raise TableClosed("full")

    def _holder_of(self, game_id: str, name: str) -> str:
        """The name, as its holder wrote it, of the seat whose name is `name` (compared as
        `name_key` does); `name` itself if nobody holds it any more."""
        live = self.live.get(game_id)
        key = name_key(name)
        for s in live.seats if live is not None else ():
            if s.name and name_key(s.name) == key:
                return s.name
        return name

    def start(self, owner: Owner, game_id: str) -> None:
        """Deal: free seats become bots, the first decision's clock starts."""
        self._creator(owner, game_id)
        if not self._start(game_id):
            raise Conflict(_("The game has already started"))

    def _start(self, game_id: str) -> bool:
        """Open → playing, once (the store's guarded update): free seats, and a rematch's
        seats still waiting, become `normal` bots. False when it had already started."""
        row, _live = self._rows(game_id)
        to_act = self._turn(self._snapshot(row).state).to_act
        if self.live.start(game_id, DEFAULT_LEVEL, to_act, self.clock()) is None:
            return False
        self.announce(game_id, "seats")
        return True

    def _leave_people(self, owner: Owner, game_id: str) -> None:
        """Leave the table: before the start the seat becomes free; afterwards a bot plays
        it for good (the name stays in the record) and the lobby no longer lists it. The
        creator leaving before the start closes the table: nobody would be left to start
        it, so the friends' seats, the link and the code go with it (their pages are told)."""
        row, live = self._rows(game_id)
        seat = live.seat_of(owner)
        if seat is None:
            raise NotFound()
        if live.status == "open" and row.owner == owner and self.live.close(game_id):
            self.announce(game_id, "seats")
            return
        if self.live.leave(game_id, seat, self.clock()) is not None:
            self.announce(game_id, "seats")

    def set_seat(self, owner: Owner, game_id: str, seat: object, body: object) -> None:
        """Before the start, the creator frees a seat or gives it to a bot (whoever sat
        there); seat 0, the creator's own, cannot be changed."""
        live = self._creator(owner, game_id)
        if live.status != "open":
            raise Conflict(_("The game has already started"))
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(live.seats):
            raise BadRequest(_("There is no seat {seat} at this table", seat=repr(seat)))
        if seat == 0:
            raise BadRequest(_("Seat 0 is the creator's own"))
        if not isinstance(body, dict) or body.get("kind") not in ("free", "bot") or set(
            body
        ) - {"kind", "level"}:
            raise BadRequest(_('Send kind "free" or "bot" (and a bot\'s level)'))
        level = None
        if body["kind"] == "bot":
            level = body.get("level", DEFAULT_LEVEL)
            if not self.level_is_valid(level):
                raise BadRequest(_("Unknown bot level {value}", value=repr(level)))
        if not self.live.set_seat(game_id, seat, None if level is None else str(level)):
            raise Conflict(_("The game has already started"))
        self.announce(game_id, "seats")

    @staticmethod
    def _turn(state: GameState) -> LiveTurn:
        """Who is to act (when the server must decide for them is worked out in the
        committing transaction, from the seats as stored then: `chicago.store.repo`)."""
        return LiveTurn(None if state.finished else state.to_act)
