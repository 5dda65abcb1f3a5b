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

import secrets
import time
from collections.abc import Sequence
from typing import Any, Final

from chicago.bots import DEFAULT_LEVEL, HINT_LEVEL
from chicago.bots.base import Bot
from chicago.core import record
from chicago.core.actions import Action, action_to_json
from chicago.core.events import Event
from chicago.core.game import Game
from chicago.core.rules import DEFAULT_PROFILE, RuleProfile, customize, get_profile
from chicago.core.state import GameState
from chicago.store import GameRow, Owner
from chicago.table.errors import (
    BadRequest,
    GameGone,
    Illegal,
    NotFound,
    NotYourTurn,
    ServiceError,
    Stale,
)
from chicago.table.scores import DealScores, history_from_start
from chicago.table.tables.core import (
    HUMAN,
    MAX_SEED,
    BotFactory,
    Hint,
    Table,
    TableCore,
    _Snapshot,
    parse_seed,
)
from chicago.text.core_errors import error_words
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
    "NotFound",
    "NotYourTurn",
    "ServiceError",
    "Stale",
    "Table",
    "TableService",
    "_Snapshot",
    "parse_profile",
    "parse_seed",
]

_MAX_BOT_STEPS: Final = 20_000
"""A guard against a bot loop that never reaches seat 0 (no real game comes near it)."""


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
                raise BadRequest(_("Profile: unknown field {field} (give base and changes)",
                                   field=repr(sorted(unknown)[0])))
            base = raw.get("base", DEFAULT_PROFILE.id)
            changes = raw.get("changes", {})
            if not isinstance(base, str):
                raise BadRequest(_("Profile base must be a preset id"))
            if not isinstance(changes, dict):
                raise BadRequest(_("Profile changes must be an object of knob: value"))
            return customize(base, **changes)
    except BadRequest:
        raise
    except ValueError as e:  # an unknown preset, knob or value (ProfileError is one)
        raise BadRequest(error_words(e)) from None
    raise BadRequest(_("Profile must be a preset id or {form}",
                       form='{"base": id, "changes": {...}}'))


# The service ---------------------------------------------------------------------------------


class TableService(TableCore):
    """The table with one person: seat 0 against bots, request by request (the bots play
    inside the person's request, so a single player's game answers at once); every step
    goes through the core every table shares (`TableCore`)."""

    def _parse_levels(self, seats: int, levels: object, level: object) -> tuple[str | None, ...]:
        if levels is not None and level is not None:
            raise BadRequest(_("Give levels (one per opponent) or level (for all), not both"))
        if levels is None:
            chosen = DEFAULT_LEVEL if level is None else level
            if not self.level_is_valid(chosen):
                raise BadRequest(_("Unknown opponent level {level}", level=repr(chosen)))
            return (None,) + (str(chosen),) * (seats - 1)
        if not isinstance(levels, list) or len(levels) != seats - 1:
            raise BadRequest(_("Levels must list one level for each of the {n} opponents",
                               n=seats - 1))
        for x in levels:
            if not self.level_is_valid(x):
                raise BadRequest(_("Unknown opponent level {level}", level=repr(x)))
        return (None, *(str(x) for x in levels))

    def _run_bots(
        self, game: Game, levels: Sequence[str | None]
    ) -> tuple[list[Event], float]:
        """Let the bots decide until seat 0 must act or the game ends (R9.2: views only)."""
        events: list[Event] = []
        spent = 0.0
        bots: dict[str, Bot] = {}
        for _step in range(_MAX_BOT_STEPS):
            seat = game.state.to_act
            if game.finished or seat is None or seat == HUMAN:
                return events, spent
            level = levels[seat] or DEFAULT_LEVEL
            bot = bots.get(level)
            if bot is None:
                bot = bots[level] = self.bot(level)
            started = time.perf_counter()
            decided = self.bot_decision(game, level, bot)
            spent += time.perf_counter() - started
            events.extend(decided)
        raise RuntimeError("the bots did not reach seat 0's turn")


    def _row(self, owner: Owner, game_id: str) -> GameRow:
        row = self.store.get_game(game_id) if len(game_id) <= 64 else None
        if row is None or row.owner != owner:
            raise NotFound()
        return row

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
            raise BadRequest(_("Seats must be a whole number from 2 to 6, not {seats}",
                               seats=repr(seats)), "R1.1")
        n = seats
        chosen_levels = self._parse_levels(n, levels, level)
        chosen_profile = parse_profile(profile)
        game = Game.new(chosen_profile, n, parse_seed(seed))
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
            raise BadRequest(_("Version must be a whole number, not {version}",
                               version=repr(version)))
        if action.seat != HUMAN:
            raise BadRequest(_("You play seat {seat}", seat=HUMAN))
        snap = self._cached(game_id, version)
        if snap is None or snap.row.owner != owner:
            snap = self._current(owner, game_id, version)
        row = snap.row
        self._solo(row)
        try:
            game, events = self.apply_for(snap, action, HUMAN)
        except Illegal:
            self._current(owner, game_id, version)  # a stale version is told as such first
            raise
        bot_events, spent = self._run_bots(game, row.levels)
        events += bot_events
        new_snap = self.commit(snap, game, events)
        if new_snap is None:
            latest = self.store.get_game(game_id)
            if latest is None or latest.owner != owner:
                raise NotFound()
            raise Stale(latest.version, version)
        self._forget(row.id, version)
        return self._table(new_snap, events, spent)

    @staticmethod
    def _solo(row: GameRow) -> None:
        """A table with people (a person beyond seat 0) is played in `chicago.table.tables.live`."""
        if None in row.levels[1:]:
            raise BadRequest(_("This is a table with people: play it at /tables/{id}", id=row.id))

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
            raise NotYourTurn(_("The game is over"), "R8")
        if state.to_act != HUMAN:
            raise NotYourTurn(_("It is seat {seat}'s turn, not yours", seat=state.to_act))
        return self.hint_for(state, HUMAN, len(snap.actions))

    def list(self, owner: Owner) -> list[GameRow]:
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

    # Backups ---------------------------------------------------------------------------------

    def export(self, owner: Owner, game_id: str) -> dict[str, Any]:
        """The game file (docs/game-file.md) with `meta`: app version, created date, levels."""
        row = self._row(owner, game_id)
        self._solo(row)
        return self.game_file(self._snapshot(row), levels=list(row.levels))

    def import_file(self, owner: Owner, data: object) -> Table:
        """A backup replayed and stored as a new game of `owner`; nothing is stored on error."""
        try:
            gf = record.parse(data)
        except record.GameFileError as e:  # in the reader's language (docs/game-file.md's English
            raise BadRequest(error_words(e)) from None  # is `chicago replay`'s)
        if not 0 <= gf.seed <= MAX_SEED:
            # The seed exactly as the file gives it: a browser would round it.
            raise BadRequest(
                _("The game file's seed {seed} is outside 0 to {top}, the seeds a new game can "
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

