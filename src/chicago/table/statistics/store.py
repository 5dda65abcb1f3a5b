"""A player's statistics, kept fast: figures per (game, version) in the database.

Each finished game's figures are computed once by replay (`stats.game_figures`) and stored
in `game_stats` under the game's version and the figures' method, for each player at their
own seat (a game at a table with people counts for each person seated there); asking for the
statistics first computes what is missing (new games, or figures of an older method), then
adds up the stored rows. The sum is kept in `stats_totals` (a restarted server reads it
back instead of adding up thousands of rows) and remembered per owner with a fingerprint of
the rows (count, sum of versions, first and last date) and the (game, version) keys it covers:
while the fingerprint stands, a page of thousands of games is two counting queries and a
lookup; when games were only added (the usual case: a game finished), just those are added
to the sum; anything else (a game deleted) sums every row again.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import threading
from collections import OrderedDict
from datetime import datetime
from typing import Final

from chicago.store import Owner
from chicago.store.history import StatsRow
from chicago.table.history.games import HistoryService, profile_title
from chicago.table.history.replay import Replay
from chicago.table.statistics.figures import METHOD, PEOPLE, Totals, game_figures, totals
from chicago.table.statistics.report import REASON_WORDS, category_words, level_words
from chicago.text.i18n import _, current_language

_BATCH: Final = 200
CSV_SEPARATOR: Final = {"sv": ";"}
"""The statistics file's separator by language (where the comma is the decimal mark)."""


def _mark_json(mark: tuple[object, ...]) -> str:
    """A fingerprint as kept in the database (dates in ISO form)."""
    return json.dumps([x.isoformat() if isinstance(x, datetime) else x for x in mark])


class Statistics:
    """Statistics of the owners of one database."""

    def __init__(self, history: HistoryService, memo_size: int = 64) -> None:
        self.history = history
        self.db = history.db
        self._memo: OrderedDict[
            Owner, tuple[tuple[object, ...], frozenset[tuple[str, int]], Totals]
        ] = OrderedDict()
        self._memo_size = memo_size
        self._lock = threading.Lock()

    def build(self, owner: Owner) -> int:
        """Compute and store the figures the owner's finished games lack; how many."""
        missing = self.db.stale_stats(owner, METHOD)
        people = self.db.people_seats([row.id for row, _seat in missing])
        store = self.history.store
        batch: list[StatsRow] = []
        for row, seat in missing:
            replay = Replay.of(row.setup, store.actions(row.id, row.version))
            levels = list(row.levels)
            for p in people.get(row.id, ()):
                levels[p.seat] = PEOPLE if p.kind == "person" else p.level
            figures = game_figures(replay, levels, row.profile_id, seat)
            batch.append(StatsRow(row.id, row.version, row.created, figures, seat))
            if len(batch) >= _BATCH:
                self.db.put_stats(owner, METHOD, batch)
                batch = []
        self.db.put_stats(owner, METHOD, batch)
        return len(missing)

    def totals(self, owner: Owner) -> Totals:
        """The owner's totals over every finished game (built first where needed)."""
        mark = self.db.stats_fingerprint(owner, METHOD)
        if mark[0] != self.db.finished_count(owner):
            # every stored row is a finished game's (a deleted game takes its row along),
            # so equal counts mean nothing is missing
            self.build(owner)
            mark = self.db.stats_fingerprint(owner, METHOD)
        with self._lock:
            found = self._memo.get(owner)
            if found is not None and found[0] == mark:
                self._memo.move_to_end(owner)
                return found[2]
        return self._sum(owner, mark, found)

    def _sum(
        self,
        owner: Owner,
        mark: tuple[object, ...],
        found: tuple[tuple[object, ...], frozenset[tuple[str, int]], Totals] | None,
    ) -> Totals:
        """The owner's totals for the rows of fingerprint `mark`: the remembered sum `found`
        added to, the kept sum of a server before a restart read back, or every row summed;
        then remembered and kept."""
        keys = frozenset(self.db.stats_keys(owner, METHOD))
        kept_mark = _mark_json(mark)
        kept = None
        if found is not None and found[1] <= keys:
            made = copy.deepcopy(found[2])
            added = sorted(self.db.stats_of(owner, METHOD, [g for g, _ in keys - found[1]]),
                           key=lambda r: (r.played, r.game_id))
            for r in added:
                made.add(r.played, r.figures)
            if added and found[2].timeline and added[0].played < found[2].timeline[-1][0]:
                made.timeline.sort(key=lambda x: x[0])
        else:
            kept = self.db.saved_totals(owner, METHOD)
            if kept is not None and kept[0] == kept_mark:
                made = Totals.from_json(kept[1])
            else:
                kept = None
                made = totals((r.played, r.figures) for r in self.db.stats(owner, METHOD))
        if kept is None:
            self.db.save_totals(owner, METHOD, kept_mark, made.to_json())
        with self._lock:
            self._memo[owner] = (mark, keys, made)
            self._memo.move_to_end(owner)
            while len(self._memo) > self._memo_size:
                self._memo.popitem(last=False)
        return made

    def rows(self, owner: Owner) -> list[StatsRow]:
        """Every game's stored figures, oldest first (built first where needed)."""
        self.build(owner)
        return self.db.stats(owner, METHOD)

    def recent(self, owner: Owner, limit: int = 30) -> list[StatsRow]:
        """The figures of the owner's newest finished games, newest first (stored ones)."""
        return self.db.recent_stats(owner, METHOD, limit)

    def game(self, owner: Owner, game_id: str) -> StatsRow | None:
        """One game's stored figures (for its score chart), or None."""
        if len(game_id) > 64:
            return None
        found = self.db.recent_stats(owner, METHOD, 1, game_id)
        return found[0] if found else None

    def csv(self, owner: Owner) -> str:
        """One line per finished game, in the current language: its column names and values,
        and its spreadsheet conventions. Swedish opens with `sep=;` (spreadsheet programs
        read it as the separator) and splits by `;`, as Swedish spreadsheets do where the
        comma is the decimal mark; English has no such line and splits by `,`."""
        out = io.StringIO()
        sep = CSV_SEPARATOR.get(current_language(), ",")
        if sep != ",":
            out.write(f"sep={sep}\r\n")
        w = csv.writer(out, delimiter=sep, lineterminator="\r\n")
        w.writerow([
            _("date"), _("game"), _("rules"), _("players"), _("opponents"), _("result"),
            _("how it ended"), _("your final score"), _("deals"), _("points won"),
            _("points from hands"), _("points from last tricks"), _("points from Chicago"),
            _("Chicago calls"), _("calls won"), _("calls broken"), _("qualified"),
            _("eliminated"), _("45+ resets"), _("best hand"), _("last tricks won"),
            _("last tricks won with a two"),
        ])
        for r in self.rows(owner):
            f = r.figures
            reason = f["reason"] or ""
            w.writerow([
                r.played.isoformat(timespec="seconds"), r.game_id, profile_title(f["profile"]),
                f["seats"], level_words(f["opponents"]), _("won") if f["won"] else _("lost"),
                _(REASON_WORDS[reason]) if reason in REASON_WORDS else reason,
                f["scores"][f.get("seat", 0)], f["deals"], f["points"],
                f["sources"]["hand"], f["sources"]["last_trick"], f["sources"]["chicago"],
                f["calls"], f["calls_won"], f["calls_broken"], int(f["qualified"]),
                int(f["eliminated"]), f["resets_45"], category_words(f["best"] or "") if f["best"]
                else "", f["last_tricks"], f["last_tricks_two"],
            ])
        return out.getvalue()
