"""Reviews as background jobs: asked for once per game, stored, resumable.

`Reviews.request` queues the review of a finished game for the player asking — their own
seat's decisions (seat 0 of their game, or their seat at a table with people): a row in
`reviews` per game and seat; one already reviewed by this method is not reviewed again. A
worker thread claims queued jobs — or a running one whose worker fell silent, after a
restart say — and reviews the decisions one by one, storing the marks and the count done
after each, so a job taken over resumes where it stopped. Several processes on one database
share the work: a claim is a compare-and-set. The game's budget of imagined deals is shared
by all its decisions (`review.review_game`), those already reviewed too, so a job resumed
half-way gives the marks it would have given in one go.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from chicago.store import Owner
from chicago.store.history import ReviewRow
from chicago.table.coach import advice as coach
from chicago.table.coach import pool as review_pool
from chicago.table.coach import review
from chicago.table.history.games import HistoryService, NotOver
from chicago.text.i18n import _
from chicago.text.review_words import mark_words, summary_words

log = logging.getLogger("chicago.table.coach.review")

STALE: Final = timedelta(seconds=60)
"""A running job without a heartbeat for this long is taken over."""


def _now() -> datetime:
    return datetime.now(UTC)


class Reviews:
    """The coach's reviews of one database, and the worker that makes them."""

    def __init__(
        self,
        history: HistoryService,
        *,
        advise: review.Advise = coach.advise,
        samples: tuple[int, ...] = review.SAMPLES,
        clock: Callable[[], datetime] = _now,
        workers: int = 1,
    ) -> None:
        self.history = history
        self.db = history.db
        self.advise = advise
        self.samples = samples
        self.clock = clock
        self.workers = workers
        """Processes weighing a game's decisions side by side (`review_pool`; the coach's
        own advice only, since a worker process knows no other)."""
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None

    # For the API ------------------------------------------------------------------------

    def request(self, owner: Owner, game_id: str) -> dict[str, Any]:
        """Queue the review of the owner's seat in a finished game they played (once), and
        start the worker."""
        seen = self.history.seen(owner, game_id)
        row = seen.row
        if row.summary.status != "finished":
            raise NotOver(_("The coach reviews a game once it is over."))
        found = self.db.review(row.id, seen.seat)
        if found is None or (found.version, found.method) != (row.version, review.METHOD):
            total = len(review.decisions(self.history.replay(row), seen.seat))
            found = self.db.queue_review(
                row.id, row.version, review.METHOD, total, self.clock(), seen.seat
            )
        self.wake()
        return status_json(found)

    def status(self, owner: Owner, game_id: str) -> dict[str, Any]:
        """The review's progress and marks ("none" before it is asked for)."""
        seen = self.history.seen(owner, game_id)
        row = seen.row
        found = self.db.review(row.id, seen.seat)
        if found is None or (found.version, found.method) != (row.version, review.METHOD):
            return {"status": "none", "done": 0, "total": 0, "marks": []}
        if found.status == "queued" or (
            found.status == "running" and found.heartbeat < self.clock() - STALE
        ):
            self.wake()
        return status_json(found)

    # The worker -------------------------------------------------------------------------

    def wake(self) -> None:
        """Start the worker thread unless one is running (it stops when no job is left)."""
        with self._lock:
            if self._worker is not None and self._worker.is_alive():
                return
            self._worker = threading.Thread(
                target=self.run_pending, name="chicago-review", daemon=True
            )
            self._worker.start()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker (tests, shutdown)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)

    def run_pending(self, budget: int | None = None) -> int:
        """Run claimable jobs until none is left (or `budget` decisions are reviewed: a
        test's way to stop a worker half-way); the number of decisions reviewed."""
        reviewed = 0
        while budget is None or reviewed < budget:
            job = self.db.claim_review(self.clock() - STALE, self.clock())
            if job is None:
                break
            try:
                reviewed += self._run(job, None if budget is None else budget - reviewed)
            except Exception:
                log.exception("the review of game %s failed", job.game_id)
                self.db.review_progress(
                    job.game_id, job.done, job.marks, self.clock(), status="failed",
                    seat=job.seat,
                )
        return reviewed

    def _run(self, job: ReviewRow, budget: int | None) -> int:
        row = self.history.store.get_game(job.game_id)
        if row is None:
            return 0
        replay = self.history.replay(row)
        todo = review.decisions(replay, job.seat)
        marks = list(job.marks)
        done = job.done
        reviewed = 0
        if self.advise is coach.advise:
            found = review_pool.marks(replay, todo, self.samples, job.seat, self.workers,
                                      skip=done)
        else:
            weigher = review.Alone(replay, self.advise, self.samples, job.seat)
            found = review.review_game(replay, todo, weigher, self.samples, skip=done)
        try:
            for mark in found:
                if mark is not None:
                    marks.append(mark)
                done += 1
                reviewed += 1
                self.db.review_progress(job.game_id, done, marks, self.clock(), seat=job.seat)
                if budget is not None and reviewed >= budget:
                    break
        finally:
            found.close()
        if done < len(todo):  # stopped half-way: left "running" for another worker to take over
            return reviewed
        self.db.review_progress(
            job.game_id, done, marks, self.clock(), status="done", seat=job.seat
        )
        return reviewed


def status_json(r: ReviewRow) -> dict[str, Any]:
    """The review's progress, its marks worded in the current language (in game order) and,
    once done, its summary: the costliest moments first."""
    out: dict[str, Any] = {
        "status": r.status,
        "done": r.done,
        "total": r.total,
        "marks": [mark_words(m) for m in r.marks],
    }
    if r.status == "done":
        s = review.summary(r.marks, r.total)
        out["summary"] = {**s, "text": summary_words(s)}
    return out
