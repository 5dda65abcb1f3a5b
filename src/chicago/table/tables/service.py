"""The one table service: every game is a table of seats, each played by a person or a bot,
and this class is its only face — a single player's game against bots, a table with people,
and a spectator's view alike.

Who plays each seat, and at what pace, is data on the table (`chicago.table.tables.live`:
`LiveRow`, or the inline row a game without a table row of its own is given). At the inline
pace (the only person sits at seat 0) the bots decide inside that person's request and the
answer carries their events, so a single player's game answers at once; at a table with
people they decide at the table's pace, one server decision at a time (`step`, called by the
driver). Every applied action is stored durably, under the game's version, before anyone is
told. A game is rebuilt from storage by replaying its setup and actions; the in-process cache
keyed by (game id, version) is only an optimization, so several processes on one database
serve the same tables.

What leaves the service for a seat is a `LiveView` of that seat (R9.1): its `Table` holds
the seat's view, legal actions and the events of the call, never the state; the seed only
once the game is over. The web server, the terminal game and the line mode share it; the
driver, the watch links and the web's hub use only the public methods below.

The face: `create` (a single player's table) and `import_file`; `open_table`, `join`,
`start`, `set_seat`, `renew_invite`, `revoke_invite`, `preview`, `again` (sitting down at a
table with people); `seat_of`, `pace_of`, `get`, `view_for`, `views_for`; `act`, `step`,
`due`, `hint`, `set_away`, `chat`, `chat_log`, `export`, `leave`, `delete`, `list`;
`require_creator` (what the creator's own settings, such as watch links, ask first); quick
play's `quick_join`, `quick_state`, `quick_leave`, `quick_due`; the open tables'
`open_tables`, `set_listed`, `sit`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from chicago.bots import DEFAULT_LEVEL, HINT_LEVEL
from chicago.core.actions import Action
from chicago.core.game import Game
from chicago.core.state import GameState
from chicago.store import GameRow, Owner, Store
from chicago.table.errors import (
    BadRequest,
    GameGone,
    Illegal,
    NotFound,
    NotYourTurn,
    Sealed,
    ServiceError,
    Stale,
)
from chicago.table.scores import DealScores
from chicago.table.tables.core import (
    HUMAN,
    MAX_SEED,
    BotFactory,
    Hint,
    Table,
    _now,
    _Snapshot,
    parse_seed,
)
from chicago.table.tables.listing import OpenTable, OpenTables
from chicago.table.tables.live import INLINE, LiveView, inline_row
from chicago.table.tables.quick import QuickState
from chicago.table.tables.seating import DEFAULT_PACE_MS, Announce
from chicago.table.tables.solo import parse_profile
from chicago.text.i18n import _

__all__ = [
    "DEFAULT_LEVEL",
    "HINT_LEVEL",
    "HUMAN",
    "MAX_SEED",
    "BadRequest",
    "BotFactory",
    "DealScores",
    "GameGone",
    "Hint",
    "Illegal",
    "LiveView",
    "NotFound",
    "NotYourTurn",
    "OpenTable",
    "QuickState",
    "Sealed",
    "ServiceError",
    "Stale",
    "Table",
    "TableService",
    "parse_profile",
    "parse_seed",
]


class TableService(OpenTables):
    """Every table of one store: a single player's, a table with people, a spectator's."""

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
        super().__init__(store, bots, cache_size=cache_size, clock=clock, pace_ms=pace_ms,
                         announce=announce)
        self._people: set[str] = set()
        """Tables this process has seen a table row of: never played at the inline pace
        from the cache alone (a table of one person and bots may also have such a row)."""

    def _seen_people(self, game_id: str) -> None:
        if game_id in self._people:
            return
        if len(self._people) > 4 * self._cache_size:
            self.clear_cache()  # first: no snapshot is then left to be misread as inline
            self._people.clear()
        self._people.add(game_id)

    # Creating ------------------------------------------------------------------------------

    def create(
        self,
        owner: Owner,
        *,
        seats: object = 4,
        levels: object = None,
        level: object = None,
        profile: object = None,
        seed: object = None,
        sealed_until: datetime | None = None,
    ) -> LiveView:
        """A new table of one person (seat 0) and bots, dealt, the bots' first decisions
        made and stored: played at the inline pace. `sealed_until` keeps its seed, backup and
        open replay hidden until then (the day's deal: others may play the same cards)."""
        if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 6:
            raise BadRequest(_("Seats must be a whole number from 2 to 6, not {seats}",
                               seats=repr(seats)), "R1.1")
        chosen_levels = self._parse_levels(seats, levels, level)
        chosen_profile = parse_profile(profile)
        game = Game.new(chosen_profile, seats, parse_seed(seed))
        table = self._deal_inline(owner, game, chosen_levels, list(game.state.log),
                                  sealed_until=sealed_until)
        return self._inline_view(table)

    def import_file(self, owner: Owner, data: object) -> LiveView:
        """A backup replayed and stored as a new table of `owner` with bots at the other
        seats (their levels from the file when it names them); nothing stored on error."""
        game, meta = self._replayed(data)
        levels = self._levels_from_meta(game.setup.seats, meta)
        return self._inline_view(self._deal_inline(owner, game, levels, [], imported=True))

    def _inline_view(self, table: Table) -> LiveView:
        """Seat 0's view of a table at the inline pace, from what was just stored (no read)."""
        snap = self._cached(table.id, table.version)
        assert snap is not None  # just remembered
        return self._live_view(snap.row, inline_row(snap.row), snap, HUMAN,
                               list(table.events), (), None, table.bot_seconds)

    # Playing -------------------------------------------------------------------------------

    def act(
        self,
        owner: Owner,
        game_id: str,
        version: object,
        action: Action | Callable[[int], Action],
        *,
        alone: bool = False,
        base: int | None = None,
    ) -> LiveView:
        """The requester's decision for their own seat at `version`, stored before this
        answers. At the inline pace the bots' decisions follow in the same request (the
        answer's events hold them); at a table with people they follow at its pace.
        `action` may be a function of the requester's seat; `alone` refuses a table with
        people (`_only_alone`, after the version is found current). `base`: the version
        of the table the requester holds; at a table with people the answer then leaves
        out what it has, as a push to it would (`Table.base`)."""
        if not isinstance(version, int) or isinstance(version, bool):
            raise self._bad_version(game_id, version)
        snap = self._cached(game_id, version)
        if (snap is not None and snap.row.owner == owner and game_id not in self._people
                and None not in snap.row.levels[1:]):
            return self._answer_inline(owner, game_id, version, action, snap)
        before = self._heard_of(game_id)
        row, live = self._known_place(game_id, version) or self._place(game_id)
        if live.pace_ms != INLINE and not alone:
            return self._act_at_pace(owner, row, live, version, action, before, base)
        if row.owner != owner:
            raise NotFound()
        if version != row.version:
            raise Stale(row.version, version)
        self._only_alone(owner, row, live)
        return self._answer_inline(owner, game_id, version, action, self._snapshot(row))

    def _answer_inline(
        self,
        owner: Owner,
        game_id: str,
        version: int,
        action: Action | Callable[[int], Action],
        snap: _Snapshot,
    ) -> LiveView:
        chosen = action(HUMAN) if callable(action) else action
        return self._inline_view(self._act_inline(owner, game_id, version, chosen, snap))

    def pace_of(self, game_id: str) -> str:
        """The table's pace: "inline" (one person at seat 0, whose request the bots answer
        in) or "table" (people; the bots decide through `step`). NotFound for no game."""
        _row, live = self._place(game_id)
        return "inline" if live.pace_ms == INLINE else "table"

    def _bad_version(self, game_id: str, version: object) -> BadRequest:
        """A version that is no whole number, said as the table's kind says it."""
        try:
            pace = self.pace_of(game_id)
        except NotFound:
            pace = "inline"
        if pace == "table":
            return BadRequest(_("Version must be a whole number, not {value}",
                                value=repr(version)))
        return BadRequest(_("Version must be a whole number, not {version}",
                            version=repr(version)))

    def due(self) -> list[str]:
        """The tables whose server decision (a bot's move at the table's pace, an away
        seat's, a time-out, a rematch's start) may be due now: what the driver steps."""
        return list(self.live.due(self.clock()))

    # Leaving -------------------------------------------------------------------------------

    def leave(self, owner: Owner, game_id: str) -> None:
        """Leave a table with people (`Seating`: the seat becomes free before the start, a
        bot's for good afterwards). A single player's game has no seat to give up: it is
        deleted instead (`delete`)."""
        _row, live = self._place(game_id)
        if live.seat_of(owner) is None:
            raise NotFound()
        if live.pace_ms == INLINE:
            raise BadRequest(_("A game against bots is not left but deleted"))
        self._leave_people(owner, game_id)

    def list(self, owner: Owner) -> list[GameRow]:
        """The owner's games, newest first (a table with people among them)."""
        return self.store.list_games(owner)

    def delete(self, owner: Owner, game_id: str) -> None:
        """Delete the owner's game; a table with people only once it is over (R8): the
        other people are still playing it."""
        done = "missing" if len(game_id) > 64 else self.store.delete_game(game_id, owner)
        if done == "missing":
            raise NotFound()
        if done == "playing":
            raise BadRequest(_(
                "This table with people is still being played: leave it at /tables/{id}",
                id=game_id,
            ))

    # For tests and tools on the server side (never sent to a player) -------------------------

    def state_of(self, game_id: str, version: int | None = None) -> GameState:
        """The full state of a stored game (hidden cards and all), now or at an earlier
        `version`: server-side use only."""
        row = self.store.get_game(game_id)
        if row is None or (version is not None and not 0 <= version <= row.version):
            raise NotFound()
        return self._snapshot(row if version is None else replace(row, version=version)).state
