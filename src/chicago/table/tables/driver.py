"""The server's own decisions at tables with people: bots at the table's pace, away seats,
time-outs, and the start of quick-play tables whose wait is over. Every process runs a
driver; each looks in the database for tables whose decision is due (`live_tables.due`,
written with every commit; `quick_queue.deadline`), so a table goes on even when the process
that served its last action was killed. Two drivers may reach the same table at once: both
decide, the version-guarded append stores one decision, and the other is dropped
(`TableService.step` returns False) — no decision is made twice; two drivers starting the
same quick-play table lock disjoint presses (`chicago.store.quick`). The driver asks the
service only through its public face (`due`, `step`, `quick_due`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from chicago.table.tables.service import TableService

log = logging.getLogger("chicago.table.tables.driver")


class Driver:
    """A thread that makes the due decisions every `interval` seconds."""

    def __init__(
        self, tables: TableService, interval: float = 0.2,
        decided: Callable[[int], None] | None = None,
    ) -> None:
        self.tables = tables
        self.interval = interval
        self.decided = decided
        """Told how many decisions each round stored (the server's metrics count them)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def tick(self) -> int:
        """Make every decision due now; the number stored by this process."""
        made = self.tables.quick_due()  # quick-play tables whose wait is over
        for game_id in self.tables.due():
            try:
                made += self.tables.step(game_id)
            except Exception:  # one broken table must not stop the others
                log.exception("deciding at table %s failed", game_id)
        if made and self.decided is not None:
            self.decided(made)
        return made

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="chicago-driver", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.tick()
            except Exception:  # the database is away: try again next time
                log.exception("the table driver failed")
