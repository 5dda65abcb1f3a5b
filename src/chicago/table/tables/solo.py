"""The inline pace: a table whose only person is seat 0, so its bots decide inside that
person's request (a single player's game answers at once, with the bots' events).

Its rows hold nothing but the game: who plays each seat is the game row's `levels` (None for
the person at seat 0), and the pace is inline because no table row says otherwise
(`chicago.table.tables.service.TableService` tells the two paces apart from that data).
Every step goes through the core every table shares (`TableCore`).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from chicago.bots import DEFAULT_LEVEL
from chicago.bots.base import Bot
from chicago.core import record
from chicago.core.actions import Action, action_to_json
from chicago.core.events import Event
from chicago.core.game import Game
from chicago.core.rules import DEFAULT_PROFILE, RuleProfile, customize, get_profile
from chicago.store import GameRow, Owner
from chicago.table.errors import BadRequest, Illegal, NotFound, Stale
from chicago.table.scores import history_from_start
from chicago.table.tables.core import HUMAN, MAX_SEED, Table, TableCore, _Snapshot, parse_seed
from chicago.text.core_errors import error_words
from chicago.text.i18n import _

_MAX_BOT_STEPS: Final = 20_000
"""A guard against a bot loop that never reaches seat 0 (no real game comes near it)."""


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


class Inline(TableCore):
    """Tables at the inline pace: dealing one, a person's decision followed by the bots'
    inside the same request, importing a backup."""

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

    def _owned(self, owner: Owner, game_id: str) -> GameRow:
        row = self.store.get_game(game_id) if len(game_id) <= 64 else None
        if row is None or row.owner != owner:
            raise NotFound()
        return row

    def _deal_inline(
        self,
        owner: Owner,
        game: Game,
        levels: tuple[str | None, ...],
        events: list[Event],
        *,
        imported: bool = False,
        sealed_until: datetime | None = None,
    ) -> Table:
        """Store a new table at the inline pace, with the bots' first decisions made;
        `sealed_until` keeps its seed and backup hidden until then (the day's deal)."""
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
            sealed_until=sealed_until,
        )
        self.store.insert_game(row, [action_to_json(a) for a in game.actions], now)
        snap = _Snapshot(row=row, state=game.state, actions=tuple(game.actions), history=history)
        self._remember(row.id, row.version, snap)
        return self._table(snap, events, spent)

    def _act_inline(
        self, owner: Owner, game_id: str, version: int, action: Action, snap: _Snapshot | None
    ) -> Table:
        """Seat 0's action at `version`, then the bots'; all stored, then answered.

        `snap` is the game at `version` from the cache when it was there (no read at all:
        the guarded append below checks that the game is still at `version`).
        """
        if action.seat != HUMAN:
            raise BadRequest(_("You play seat {seat}", seat=HUMAN))
        if snap is None or snap.row.owner != owner:
            snap = self._current(owner, game_id, version)
        row = snap.row
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

    def _current(self, owner: Owner, game_id: str, version: int) -> _Snapshot:
        """The owner's game, which must be at `version` (NotFound, Stale)."""
        row = self._owned(owner, game_id)
        if version != row.version:
            raise Stale(row.version, version)
        return self._snapshot(row)

    def _replayed(self, data: object) -> tuple[Game, dict[str, Any] | None]:
        """A backup replayed (nothing stored); BadRequest in the reader's language."""
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
            return record.replay(gf), gf.meta
        except record.GameFileError as e:
            raise BadRequest(error_words(e)) from None

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


__all__ = ["Inline", "parse_profile", "parse_seed"]
