"""The coach's review on more than one core: the decisions of a game weighed side by side.

Each decision's mark depends only on the game, the decision and the estimate's stages (its
imagined deals and their random sources are keyed by the game's seed and the decision's
index, `estimate.estimate`), so decisions can be weighed in any process, in any order, and
give the same marks as one by one. `marks` yields them in the decisions' order, so a caller
records its progress as before. The worker processes are spawned (never forked from a
server's threads) and each replays the game once from its game file.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from chicago.core import record
from chicago.core.game import Game
from chicago.table.coach import review
from chicago.table.history.replay import Replay

Mark = dict[str, object] | None

_replay: Replay | None = None
"""The game a worker process weighs decisions of (replayed once, by `_load`)."""


def _load(data: dict[str, Any]) -> None:
    global _replay
    _replay = Replay.of({k: v for k, v in data.items() if k != "actions"}, data["actions"])


def _mark(job: tuple[int, tuple[int, ...], int]) -> Mark:
    index, samples, seat = job
    assert _replay is not None
    return review.review_decision(_replay, index, samples=samples, seat=seat)


def marks(replay: Replay, todo: Sequence[int], samples: tuple[int, ...] = review.SAMPLES,
          seat: int = 0, workers: int = 1) -> Iterator[Mark]:
    """The mark (or None: fine) of each decision in `todo`, in order, weighed by `workers`
    processes (one: here, one by one). Closing the iterator early cancels what is left."""
    if workers <= 1 or len(todo) < 2:
        for index in todo:
            yield review.review_decision(replay, index, samples=samples, seat=seat)
        return
    final = replay.final
    data = record.dump(Game(final.setup, final, list(replay.actions)))
    pool = ProcessPoolExecutor(min(workers, len(todo)), multiprocessing.get_context("spawn"),
                               initializer=_load, initargs=(data,))
    try:
        yield from pool.map(_mark, [(index, samples, seat) for index in todo])
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
