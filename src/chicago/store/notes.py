"""The notes of tables with people: which actions a bot made for a person (time ran out, or
the seat was handed to a bot), read from the actions' `decided_by` and kept by (table,
version) — committed history never changes. The base of `chicago.store.live.LiveStore`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from sqlalchemy import Table, bindparam, select
from sqlalchemy.engine import Engine

from chicago.store.models import GameAction

NOTES_KEPT: Final = 4096
"""Versions whose notes (`NotesStore.notes`) are kept."""

_ACTIONS: Final = cast(Table, GameAction.__table__)
_DECIDED_BY: Final = (
    select(_ACTIONS.c.idx, _ACTIONS.c.seat, _ACTIONS.c.decided_by)
    .where(
        _ACTIONS.c.game_id == bindparam("b_id"),
        _ACTIONS.c.idx >= bindparam("b_start"),
        _ACTIONS.c.idx < bindparam("b_end"),
        _ACTIONS.c.decided_by.is_not(None),
    )
    .order_by(_ACTIONS.c.idx)
)


class NotesStore:
    """The notes of one Store's tables, kept in this process."""

    engine: Engine
    _notes: dict[tuple[str, int], tuple[tuple[int, int, str], ...]]

    def notes(self, game_id: str, version: int) -> tuple[tuple[int, int, str], ...]:
        """`decided_by` for the hundred actions before `version`: committed history, so
        kept by (table, version) and read once (an action's answer and every process's push
        ask for the same)."""
        key = (game_id, version)
        found = self._notes.get(key)
        if found is None:
            found = tuple(self.decided_by(game_id, max(0, version - 100), version))
            if len(self._notes) >= NOTES_KEPT:
                self._notes.clear()  # cheap to read again
            self._notes[key] = found
        return found

    def known_notes(self, game_id: str, version: int) -> tuple[tuple[int, int, str], ...] | None:
        """The notes at `version` if kept, else None (never a read)."""
        return self._notes.get((game_id, version))

    def noted(
        self, game_id: str, version: int, new: int, seats: Sequence[int], by: str | None
    ) -> None:
        """After this process committed the actions from `version` to `new` (of `seats`,
        decided `by`): the notes at `new` from those at `version`, if kept, without a read
        (what an action's answer and this process's push then ask for)."""
        old = self._notes.get((game_id, version))
        if old is None:
            return
        added = [(i, seat, by) for i, seat in zip(range(version, new), seats, strict=True)]
        start = max(0, new - 100)
        kept = tuple(n for n in (*old, *(added if by is not None else ())) if n[0] >= start)
        if len(self._notes) >= NOTES_KEPT:
            self._notes.clear()
        self._notes[(game_id, new)] = kept

    def decided_by(self, game_id: str, start: int, end: int) -> list[tuple[int, int, str]]:
        """(index, seat, "timer" | "away") of the actions from `start` to `end` (excluded) a
        bot made for a person."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                _DECIDED_BY, {"b_id": game_id, "b_start": start, "b_end": end}
            ).all()
        return [(r.idx, r.seat, str(r.decided_by)) for r in rows]
