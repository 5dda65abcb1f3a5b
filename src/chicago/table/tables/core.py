"""The one table service's core: what every table — one person against bots, or people and
bots together — decides, stores and tells with, whatever its pace.

A game is a table of 1–6 people and bots (`chicago.table.tables.service.TableService`, made
of this core, the inline pace of `solo`, and `seating`, `again` and `live` for tables with
people). Every table goes through this core: the game at a version (the cache, rebuilt from
storage), one seat's decision applied (`apply_for`: the engine's refusal said to that seat),
a bot's decision from its own view only (`bot_decision`, R9.2), the version-guarded commit
(`commit`: with the turn's bookkeeping at a table with people), the `Table` a seat is shown
(R9.1), hints with their odds (`hint_for`) and the backup (`game_file`).
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final

from chicago import __version__
from chicago.bots import HINT_LEVEL
from chicago.bots.base import Advice, Bot, bot_stream
from chicago.core import record
from chicago.core.actions import Action, action_to_json
from chicago.core.errors import IllegalAction
from chicago.core.events import Event
from chicago.core.game import Game
from chicago.core.rules import RuleProfile
from chicago.core.state import GameState, Phase
from chicago.core.views import WATCHER, PlayerView, view, watch_view
from chicago.store import GameRow, Store, Summary
from chicago.store.turns import LiveTurn
from chicago.table.errors import BadRequest, GameGone, Illegal
from chicago.table.scores import DealScores, history_after, history_from_start
from chicago.text.hints import hint_text
from chicago.text.i18n import _
from chicago.text.refusals import refusal

log = logging.getLogger("chicago.table.tables.service")

HUMAN: Final = 0
MAX_SEED: Final = 2**53 - 1
"""Seeds stay exact in JavaScript numbers (the browser shows the seed of a finished game)."""

BotFactory = Callable[[str], Bot]


# Values --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
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
    base: int | None = None
    """For a push only: the version the receiver had, in this same deal, when `events` are
    every event since it. The deal's log is then the log at `base` followed by `events`,
    so the wire leaves the log out (`chicago.web.wire.table`); None: the whole truth."""

    @property
    def finished(self) -> bool:
        return self.view.phase is Phase.FINISHED

    @property
    def status(self) -> str:
        return "finished" if self.finished else "in_progress"


@dataclass(frozen=True, slots=True, kw_only=True)
class _Snapshot:
    """A rebuilt game at one version with its row: shared by the cache, so never changed."""

    row: GameRow
    state: GameState
    actions: tuple[Action, ...]
    history: tuple[DealScores, ...]


def _now() -> datetime:
    return datetime.now(UTC)




def parse_seed(seed: object) -> int:
    """A new game's seed: the one given (0 to MAX_SEED), else a random one."""
    if seed is None:
        return secrets.randbelow(MAX_SEED + 1)
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MAX_SEED:
        return seed
    raise BadRequest(_("Seed must be a whole number from 0 to {top}, or null", top=MAX_SEED))


def _default_bots() -> BotFactory:
    from chicago.bots import make_bot

    return make_bot


@dataclass(frozen=True, slots=True, kw_only=True)
class Hint:
    """A hint for seat 0: the hard bot's decision, the coach's words for it, and the numbers
    behind those words (None when the decision has none, e.g. an offer)."""

    action: Action
    text: str
    advice: Advice | None




class TableCore:
    """The games of one store, at any table: the cache, acting, bots, views, hints, files."""

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

    # Acting (every table) ------------------------------------------------------------------

    @staticmethod
    def apply_for(snap: _Snapshot, action: Action, seat: int) -> tuple[Game, list[Event]]:
        """`seat`'s decision applied to a copy of the game at `snap`; Illegal with the rule
        and the engine's reason said to that seat."""
        game = Game(snap.state.setup, snap.state, list(snap.actions))
        try:
            return game, list(game.apply(action))
        except IllegalAction as e:
            raise Illegal(refusal(e, me=seat), e.rule) from None

    def bot_decision(self, game: Game, level: str, bot: Bot | None = None) -> list[Event]:
        """The seat to act decides as a `level` bot from its own view only (R9.2), from the
        stream seeded by (game seed, seat, action index): the same decision in any process."""
        state = game.state
        seat = state.to_act
        assert seat is not None
        bot = bot or self.bot(level)
        rng = bot_stream(state.setup.seed, seat, len(game.actions))
        action = bot.choose(view(state, seat), game.legal_actions(), rng)
        try:
            return list(game.apply(action))
        except IllegalAction:
            # Never log the message: it may name a card of the bot's hand.
            raise RuntimeError(f"the {level} bot chose an illegal action") from None

    def commit(
        self,
        snap: _Snapshot,
        game: Game,
        events: Sequence[Event],
        *,
        decided_by: str | None = None,
        live: LiveTurn | None = None,
    ) -> _Snapshot | None:
        """Store the actions `game` added to `snap` under the version guard, durable before
        this returns (at a table with people, `live`, with the turn's bookkeeping in the
        same transaction), and keep the new version; None (nothing stored) when the game is
        no longer at `snap`'s version."""
        row = snap.row
        version = row.version
        now = self.clock()
        summary = self._summary(game.state)
        new = [action_to_json(a) for a in game.actions[version:]]
        if not self.store.append_actions(
            row.id, version, new, summary, now, decided_by=decided_by, live=live
        ):
            self._forget(row.id, version)
            return None
        history = history_after(snap.history, snap.state.scores, snap.state.deal, list(events))
        done = replace(row, version=len(game.actions), summary=summary, updated=now)
        new_snap = _Snapshot(row=done, state=game.state, actions=tuple(game.actions),
                             history=history)
        self._remember(row.id, done.version, new_snap)
        return new_snap

    def hint_for(self, state: GameState, seat: int, version: int) -> Hint:
        """The hard bot's suggestion for `seat`, from that seat's view only (R9.1), in the
        coach's words in the current language (text.hints: the odds it rests on, said to
        be estimates): the hint of every table, alone or with people."""
        legal = Game(state.setup, state).legal_actions()
        rng = bot_stream(state.setup.seed, seat, version)
        seen = view(state, seat)
        s = self.bot(HINT_LEVEL).suggest(seen, legal, rng)
        return Hint(action=s.action, text=hint_text(s, state.scores[seat], seen), advice=s.advice)

    def game_file(self, snap: _Snapshot, **meta: object) -> dict[str, Any]:
        """The game file (docs/game-file.md) of `snap`, with `meta`: app version, dates, and what
        the caller adds (the levels; at a table with people the players' names)."""
        row = snap.row
        game = Game(snap.state.setup, snap.state, list(snap.actions))
        return record.dump(game, {
            "app": "chicago",
            "app_version": __version__,
            "created": row.created.isoformat(),
            "exported": self.clock().isoformat(),
            **meta,
        })

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
            raise GameGone(_("Saved game {id} is missing actions", id=row.id))
        try:
            game = record.replay(record.parse({**row.setup, "actions": actions}))
        except record.GameFileError as e:
            # Only the position, never the message (it may name hidden cards).
            where = str(e).split(":", 1)[0]
            log.error("saved game %s no longer replays (%s)", row.id, where)
            raise GameGone(_("Saved game {id} no longer replays", id=row.id)) from None
        history = history_from_start(game)
        snap = _Snapshot(row=row, state=game.state, actions=tuple(game.actions), history=history)
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
        new = _Snapshot(row=row, state=game.state, actions=tuple(game.actions), history=history)
        self._remember(row.id, row.version, new)
        return new

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
        base: int | None = None,
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
            seed=state.setup.seed if state.finished and row.sealed_until is None else None,
            created=row.created,
            updated=row.updated,
            bot_seconds=bot_seconds,
            imported=row.imported,
            base=base,
        )

