"""The table service: games against computer opponents, saved action by action.

One human at seat 0 and bots at the other seats. `create` deals a new game, `act` applies
seat 0's decision (checked against the game's version) and then lets the bots play until it
is seat 0's turn again or the game ends; every applied action, the player's and each bot's,
is stored durably before the call returns. A game is rebuilt from storage by replaying its
setup and actions (`chicago.core.record`); the in-process cache keyed by (game id, version) is only
an optimization, so several processes on one database serve the same games.

What leaves the service for the player is seat 0's view (R9.1): a `Table` holds the view,
seat 0's legal actions and the events of the call, never the state; the seed only once the
game is over. The web server and the terminal game share this service.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final

from chicago import __version__
from chicago.bots.base import Advice, Bot, bot_stream
from chicago.core import record
from chicago.core.actions import Action, action_to_json
from chicago.core.errors import IllegalAction
from chicago.core.events import Event
from chicago.core.game import Game
from chicago.core.rules import DEFAULT_PROFILE, RuleProfile, customize, get_profile
from chicago.core.state import GameState, Phase
from chicago.core.views import WATCHER, PlayerView, view, watch_view
from chicago.store import GameRow, Owner, Store, Summary
from chicago.table.errors import (
    BadRequest,
    GameGone,
    Illegal,
    NotFound,
    NotYourTurn,
    ServiceError,
    Stale,
)
from chicago.table.scores import DealScores, history_after, history_from_start
from chicago.text.core_errors import error_words
from chicago.text.hints import hint_text
from chicago.text.i18n import _
from chicago.text.refusals import refusal

__all__ = [
    "DEFAULT_LEVEL",
    "HINT_LEVEL",
    "BadRequest",
    "DealScores",
    "GameGone",
    "Hint",
    "Illegal",
    "NotFound",
    "NotYourTurn",
    "ServiceError",
    "Stale",
    "Table",
    "TableService",
    "parse_profile",
]

log = logging.getLogger("chicago.table.service")

DEFAULT_LEVEL: Final = "normal"
HINT_LEVEL: Final = "hard"
HUMAN: Final = 0
MAX_SEED: Final = 2**53 - 1
"""Seeds stay exact in JavaScript numbers (the browser shows the seed of a finished game)."""
_MAX_BOT_STEPS: Final = 20_000
"""A guard against a bot loop that never reaches seat 0 (no real game comes near it)."""

BotFactory = Callable[[str], Bot]


# Values --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """A game as seat 0 may know it after a call (R9.1): never the state itself."""

    id: str
    version: int
    seats: int
    levels: tuple[str | None, ...]
    profile: RuleProfile
    view: PlayerView
    legal: tuple[Action, ...]
    """Seat 0's legal actions (empty when it is not seat 0's turn)."""
    events: tuple[Event, ...]
    """What happened during this call, in order; redact with `event_to_json(e, 0)`."""
    history: tuple[DealScores, ...]
    seed: int | None
    """The game's seed, only once the game is over."""
    created: datetime
    updated: datetime
    bot_seconds: float = 0.0
    """Time the bots spent deciding during this call."""
    imported: bool = False
    """Made from a game file, whose deals may have been stacked."""

    @property
    def finished(self) -> bool:
        return self.view.phase is Phase.FINISHED

    @property
    def status(self) -> str:
        return "finished" if self.finished else "in_progress"


@dataclass(frozen=True, slots=True)
class _Snapshot:
    """A rebuilt game at one version with its row: shared by the cache, so never changed."""

    row: GameRow
    state: GameState
    actions: tuple[Action, ...]
    history: tuple[DealScores, ...]


def _now() -> datetime:
    return datetime.now(UTC)


# Reading a profile ---------------------------------------------------------------------------


def parse_profile(raw: object) -> RuleProfile:
    """A preset id, or a custom profile `{"base": id, "changes": {knob: value}}`."""
    if raw is None:
        return DEFAULT_PROFILE
    try:
        if isinstance(raw, str):
            return get_profile(raw)
        if isinstance(raw, dict):
            unknown = set(raw) - {"base", "changes"}
            if unknown:
                raise BadRequest(_("profile: unknown field {field} (give base and changes)",
                                   field=repr(sorted(unknown)[0])))
            base = raw.get("base", DEFAULT_PROFILE.id)
            changes = raw.get("changes", {})
            if not isinstance(base, str):
                raise BadRequest(_("profile base must be a preset id"))
            if not isinstance(changes, dict):
                raise BadRequest(_("profile changes must be an object of knob: value"))
            return customize(base, **changes)
    except BadRequest:
        raise
    except ValueError as e:  # an unknown preset, knob or value (ProfileError is one)
        raise BadRequest(error_words(e)) from None
    raise BadRequest(_("profile must be a preset id or {form}",
                       form='{"base": id, "changes": {...}}'))


# The service ---------------------------------------------------------------------------------


def _default_bots() -> BotFactory:
    from chicago.bots import make_bot

    return make_bot


@dataclass(frozen=True)
class Hint:
    """A hint for seat 0: the hard bot's decision, the coach's words for it, and the numbers
    behind those words (None when the decision has none, e.g. an offer)."""

    action: Action
    text: str
    advice: Advice | None


class TableService:
    """Games for one human (seat 0) against bots, stored in `store`."""

    def __init__(
        self,
        store: Store,
        bots: BotFactory | None = None,
        *,
        cache_size: int = 512,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self.store = store
        self._bots = bots
        self._cache: OrderedDict[tuple[str, int], _Snapshot] = OrderedDict()
        self._cache_size = cache_size
        self._latest: dict[str, int] = {}
        self._lock = threading.Lock()
        self.clock = clock

    # Bots ----------------------------------------------------------------------------------

    def bot(self, level: str) -> Bot:
        if self._bots is None:
            self._bots = _default_bots()
        return self._bots(level)

    def level_is_valid(self, level: object) -> bool:
        if not isinstance(level, str) or not level:
            return False
        try:
            self.bot(level)
        except (ValueError, KeyError, LookupError, TypeError):
            return False
        return True

    def _parse_levels(self, seats: int, levels: object, level: object) -> tuple[str | None, ...]:
        if levels is not None and level is not None:
            raise BadRequest(_("give levels (one per opponent) or level (for all), not both"))
        if levels is None:
            chosen = DEFAULT_LEVEL if level is None else level
            if not self.level_is_valid(chosen):
                raise BadRequest(_("unknown opponent level {level}", level=repr(chosen)))
            return (None,) + (str(chosen),) * (seats - 1)
        if not isinstance(levels, list) or len(levels) != seats - 1:
            raise BadRequest(_("levels must list one level for each of the {n} opponents",
                               n=seats - 1))
        for x in levels:
            if not self.level_is_valid(x):
                raise BadRequest(_("unknown opponent level {level}", level=repr(x)))
        return (None, *(str(x) for x in levels))

    def _run_bots(
        self, game: Game, levels: Sequence[str | None]
    ) -> tuple[list[Event], float]:
        """Let the bots decide until seat 0 must act or the game ends (R9.2: views only)."""
        events: list[Event] = []
        spent = 0.0
        bots: dict[str, Bot] = {}
        seed = game.setup.seed
        for _step in range(_MAX_BOT_STEPS):
            state = game.state
            seat = state.to_act
            if game.finished or seat is None or seat == HUMAN:
                return events, spent
            level = levels[seat] or DEFAULT_LEVEL
            bot = bots.get(level)
            if bot is None:
                bot = bots[level] = self.bot(level)
            legal = game.legal_actions()
            started = time.perf_counter()
            action = bot.choose(view(state, seat), legal, bot_stream(seed, seat, len(game.actions)))
            spent += time.perf_counter() - started
            try:
                events.extend(game.apply(action))
            except IllegalAction:
                # Never log the message: it may name a card of the bot's hand.
                raise RuntimeError(f"the {level} bot chose an illegal action") from None
        raise RuntimeError("the bots did not reach seat 0's turn")

    # Cache and rebuilding ---------------------------------------------------------------------

    def _cached(self, game_id: str, version: int) -> _Snapshot | None:
        with self._lock:
            snap = self._cache.get((game_id, version))
            if snap is not None:
                self._cache.move_to_end((game_id, version))
            return snap

    def _remember(self, game_id: str, version: int, snap: _Snapshot) -> None:
        with self._lock:
            self._cache[(game_id, version)] = snap
            self._cache.move_to_end((game_id, version))
            if version > self._latest.get(game_id, -1):
                self._latest[game_id] = version
            if len(self._latest) > 4 * self._cache_size:
                self._latest.clear()
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _forget(self, game_id: str, version: int) -> None:
        with self._lock:
            self._cache.pop((game_id, version), None)

    def clear_cache(self) -> None:
        with self._lock:
            self._cache.clear()

    def _snapshot(self, row: GameRow) -> _Snapshot:
        """The game at the row's version: from the cache, else replayed from storage."""
        snap = self._cached(row.id, row.version)
        if snap is not None:
            return snap
        newer = self._advanced(row)
        if newer is not None:
            return newer
        actions = self.store.actions(row.id, row.version)
        if len(actions) != row.version:
            raise GameGone(_("saved game {id} is missing actions", id=row.id))
        try:
            game = record.replay(record.parse({**row.setup, "actions": actions}))
        except record.GameFileError as e:
            # Only the position, never the message (it may name hidden cards).
            where = str(e).split(":", 1)[0]
            log.error("saved game %s no longer replays (%s)", row.id, where)
            raise GameGone(_("saved game {id} no longer replays", id=row.id)) from None
        history = history_from_start(game)
        snap = _Snapshot(row, game.state, tuple(game.actions), history)
        self._remember(row.id, row.version, snap)
        return snap

    def _advanced(self, row: GameRow) -> _Snapshot | None:
        """The row's version from an older cached one and the actions since (no replay)."""
        with self._lock:
            older = self._latest.get(row.id)
            snap = self._cache.get((row.id, older)) if older is not None else None
        if snap is None or older is None or older >= row.version:
            return None
        try:
            raw = self.store.actions(row.id, row.version, older)
            added = record.parse({**row.setup, "actions": raw}).actions
            game = Game(snap.state.setup, snap.state, list(snap.actions))
            events: list[Event] = []
            for action in added:
                events.extend(game.apply(action))
        except (record.GameFileError, IllegalAction):
            return None  # the full replay below names the problem
        if len(game.actions) != row.version:
            return None
        history = history_after(snap.history, snap.state.scores, snap.state.deal, events)
        new = _Snapshot(row, game.state, tuple(game.actions), history)
        self._remember(row.id, row.version, new)
        return new

    def _row(self, owner: Owner, game_id: str) -> GameRow:
        row = self.store.get_game(game_id) if len(game_id) <= 64 else None
        if row is None or row.owner != owner:
            raise NotFound()
        return row

    # Building a Table -----------------------------------------------------------------------

    @staticmethod
    def _summary(state: GameState) -> Summary:
        return Summary(
            status="finished" if state.finished else "in_progress",
            winner=state.winner,
            deal=state.deal,
            scores=tuple(state.scores),
        )

    @staticmethod
    def _table(
        snap: _Snapshot,
        events: Sequence[Event] = (),
        bot_seconds: float = 0.0,
        seat: int = HUMAN,
    ) -> Table:
        """The game as `seat` may know it (R9.1): its view, its legal actions, the events
        (redacted for it when sent)."""
        state = snap.state
        row = snap.row
        legal: tuple[Action, ...] = ()
        if not state.finished and state.to_act == seat:
            legal = tuple(Game(state.setup, state).legal_actions())
        return Table(
            id=row.id,
            version=len(snap.actions),
            seats=state.seats,
            levels=row.levels,
            profile=state.profile,
            view=watch_view(state) if seat == WATCHER else view(state, seat),
            legal=legal,
            events=tuple(events),
            history=snap.history,
            seed=state.setup.seed if state.finished else None,
            created=row.created,
            updated=row.updated,
            bot_seconds=bot_seconds,
            imported=row.imported,
        )

    # Creating --------------------------------------------------------------------------------

    def create(
        self,
        owner: Owner,
        *,
        seats: object = 4,
        levels: object = None,
        level: object = None,
        profile: object = None,
        seed: object = None,
    ) -> Table:
        """A new game, dealt, with the bots' first decisions made and stored."""
        if not isinstance(seats, int) or isinstance(seats, bool) or not 2 <= seats <= 6:
            raise BadRequest(_("seats must be a whole number from 2 to 6, not {seats}",
                               seats=repr(seats)), "R1.1")
        n = seats
        chosen_levels = self._parse_levels(n, levels, level)
        chosen_profile = parse_profile(profile)
        if seed is None:
            seed_value = secrets.randbelow(MAX_SEED + 1)
        elif isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED:
            seed_value = seed
        else:
            raise BadRequest(_("seed must be a whole number from 0 to {most}, or null",
                               most=MAX_SEED))
        game = Game.new(chosen_profile, n, seed_value)
        return self._start(owner, game, chosen_levels, list(game.state.log))

    def _start(
        self,
        owner: Owner,
        game: Game,
        levels: tuple[str | None, ...],
        events: list[Event],
        *,
        imported: bool = False,
    ) -> Table:
        bot_events, spent = self._run_bots(game, levels)
        events = events + bot_events
        setup = record.dump(Game(game.setup, game.state))
        setup.pop("actions", None)
        now = self.clock()
        history = history_from_start(game)
        row = GameRow(
            id=secrets.token_urlsafe(12),
            owner=owner,
            setup=setup,
            profile_id=game.setup.profile.id,
            seats=game.setup.seats,
            levels=levels,
            version=len(game.actions),
            summary=self._summary(game.state),
            created=now,
            updated=now,
            imported=imported,
        )
        self.store.insert_game(row, [action_to_json(a) for a in game.actions], now)
        snap = _Snapshot(row, game.state, tuple(game.actions), history)
        self._remember(row.id, row.version, snap)
        return self._table(snap, events, spent)

    # Playing ---------------------------------------------------------------------------------

    def get(self, owner: Owner, game_id: str) -> Table:
        row = self._row(owner, game_id)
        return self._table(self._snapshot(row))

    def act(self, owner: Owner, game_id: str, version: object, action: Action) -> Table:
        """Apply seat 0's action at `version`, then the bots'; store them all, then answer.

        The game at `version` comes from the cache when it is there (no read at all: the
        guarded append below is what checks that the game is still at `version`), else from
        storage.
        """
        if not isinstance(version, int) or isinstance(version, bool):
            raise BadRequest(_("version must be a whole number, not {version}",
                               version=repr(version)))
        if action.seat != HUMAN:
            raise BadRequest(_("you play seat {seat}", seat=HUMAN))
        snap = self._cached(game_id, version)
        if snap is None or snap.row.owner != owner:
            snap = self._current(owner, game_id, version)
        row = snap.row
        self._solo(row)
        game = Game(snap.state.setup, snap.state, list(snap.actions))
        try:
            events = list(game.apply(action))
        except IllegalAction as e:
            self._current(owner, game_id, version)  # a stale version is told as such first
            raise Illegal(refusal(e.reason, me=HUMAN), e.rule) from None
        bot_events, spent = self._run_bots(game, row.levels)
        events += bot_events
        new = game.actions[version:]
        now = self.clock()
        summary = self._summary(game.state)
        if not self.store.append_actions(
            row.id, version, [action_to_json(a) for a in new], summary, now
        ):
            self._forget(row.id, version)
            latest = self.store.get_game(game_id)
            if latest is None or latest.owner != owner:
                raise NotFound()
            raise Stale(latest.version, version)
        history = history_after(snap.history, snap.state.scores, snap.state.deal, events)
        done = replace(row, version=len(game.actions), summary=summary, updated=now)
        new_snap = _Snapshot(done, game.state, tuple(game.actions), history)
        self._forget(row.id, version)
        self._remember(row.id, done.version, new_snap)
        return self._table(new_snap, events, spent)

    @staticmethod
    def _solo(row: GameRow) -> None:
        """A table with people (a person beyond seat 0) is played in `chicago.table.live`."""
        if None in row.levels[1:]:
            raise BadRequest(_("this is a table with people: play it at /tables/{id}", id=row.id))

    def _current(self, owner: Owner, game_id: str, version: int) -> _Snapshot:
        """The owner's game, which must be at `version` (NotFound, Stale)."""
        row = self._row(owner, game_id)
        if version != row.version:
            raise Stale(row.version, version)
        return self._snapshot(row)

    def hint(self, owner: Owner, game_id: str) -> Hint:
        """The hard bot's suggestion for seat 0, from seat 0's view only, in the coach's
        words (text.hints: the odds it rests on, said to be estimates)."""
        row = self._row(owner, game_id)
        self._solo(row)
        snap = self._snapshot(row)
        state = snap.state
        if state.finished:
            raise NotYourTurn(_("the game is over"), "R8")
        if state.to_act != HUMAN:
            raise NotYourTurn(_("it is seat {seat}'s turn, not yours", seat=state.to_act))
        legal = Game(state.setup, state).legal_actions()
        rng = bot_stream(state.setup.seed, HUMAN, len(snap.actions))
        s = self.bot(HINT_LEVEL).suggest(view(state, HUMAN), legal, rng)
        return Hint(s.action, hint_text(s, state.scores[HUMAN]), s.advice)

    def list(self, owner: Owner) -> list[GameRow]:
        return self.store.list_games(owner)

    def delete(self, owner: Owner, game_id: str) -> None:
        if len(game_id) > 64 or not self.store.delete_game(game_id, owner):
            raise NotFound()

    # Backups ---------------------------------------------------------------------------------

    def export(self, owner: Owner, game_id: str) -> dict[str, Any]:
        """The game file (GAME-FILE.md) with `meta`: app version, created date, levels."""
        row = self._row(owner, game_id)
        self._solo(row)
        snap = self._snapshot(row)
        game = Game(snap.state.setup, snap.state, list(snap.actions))
        meta = {
            "app": "chicago",
            "app_version": __version__,
            "created": row.created.isoformat(),
            "exported": self.clock().isoformat(),
            "levels": list(row.levels),
        }
        return record.dump(game, meta)

    def import_file(self, owner: Owner, data: object) -> Table:
        """A backup replayed and stored as a new game of `owner`; nothing is stored on error."""
        try:
            gf = record.parse(data)
        except record.GameFileError as e:  # in the reader's language (GAME-FILE.md's English
            raise BadRequest(error_words(e)) from None  # is `chicago replay`'s)
        if not 0 <= gf.seed <= MAX_SEED:
            # The seed exactly as the file gives it: a browser would round it.
            raise BadRequest(
                _("the game file's seed {seed} is outside 0 to {top}, the seeds a new game can "
                  "have", seed=str(gf.seed), top=str(MAX_SEED))
            )
        try:
            game = record.replay(gf)
        except record.GameFileError as e:
            raise BadRequest(error_words(e)) from None
        levels = self._levels_from_meta(game.setup.seats, gf.meta)
        return self._start(owner, game, levels, [], imported=True)

    def _levels_from_meta(
        self, seats: int, meta: dict[str, Any] | None
    ) -> tuple[str | None, ...]:
        fallback = (None,) + (DEFAULT_LEVEL,) * (seats - 1)
        raw = (meta or {}).get("levels")
        if not isinstance(raw, list) or len(raw) != seats:
            return fallback
        rest = raw[1:]
        if not all(self.level_is_valid(x) for x in rest):
            return fallback
        return (None, *(str(x) for x in rest))

    # For tests and tools on the server side (never sent to a player) -------------------------

    def state_of(self, game_id: str) -> GameState:
        """The full state of a stored game (hidden cards and all): server-side use only."""
        row = self.store.get_game(game_id)
        if row is None:
            raise NotFound()
        return self._snapshot(row).state

