"""The coach's review on more than one core: the decisions of a game weighed side by side.

Each stage of a decision's imagined deals depends only on the game, the decision and the
deals drawn before (they and their random sources are keyed by the game's seed, the
decision's index and the deal's number, `estimate.weigh`), and which decisions get the next
stage depends only on the stage before (`review.review_game`), so decisions can be weighed
in any process, in any order, and give the same marks as one by one. `marks` yields them in
the decisions' order, so a caller records its progress as before. The worker processes are
spawned (never forked from a server's threads) and each replays the game once from its game
file.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Generator, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
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


def _first(job: tuple[int, tuple[int, ...], int]) -> review.Weighing:
    index, samples, seat = job
    assert _replay is not None
    return review.first_look(_replay, index, samples=samples, seat=seat)


def _again(job: tuple[review.Weighing, int, tuple[int, ...], int]) -> review.Weighing:
    w, cap, samples, seat = job
    assert _replay is not None
    return review.look_again(_replay, w, cap, samples, seat)


@dataclass(frozen=True, slots=True)
class Side:
    """The decisions weighed by the processes of `pool`, each stage's in order."""

    pool: ProcessPoolExecutor
    samples: tuple[int, ...]
    seat: int

    def first(self, indices: Sequence[int]) -> Iterable[review.Weighing]:
        return self.pool.map(_first, [(i, self.samples, self.seat) for i in indices])

    def again(self, todo: Sequence[tuple[review.Weighing, int]]) -> Iterable[review.Weighing]:
        return self.pool.map(_again, [(w, cap, self.samples, self.seat) for w, cap in todo])


def marks(replay: Replay, todo: Sequence[int], samples: tuple[int, ...] = review.SAMPLES,
          seat: int = 0, workers: int = 1, skip: int = 0,
          budget: int = review.GAME_DEALS) -> Generator[Mark, None, None]:
    """The mark (or None: fine) of each decision in `todo` from the `skip`th on, in order
    (`review.review_game`: the game's budget shared by all of `todo`), weighed by `workers`
    processes (one: here, one by one). Closing the iterator early cancels what is left."""
    if workers <= 1 or len(todo) < 2:
        yield from review.review_game(replay, todo, review.Alone(replay, samples=samples,
                                                                  seat=seat),
                                      samples, budget, skip)
        return
    final = replay.final
    data = record.dump(Game(final.setup, final, list(replay.actions)))
    pool = ProcessPoolExecutor(min(workers, len(todo)), multiprocessing.get_context("spawn"),
                               initializer=_load, initargs=(data,))
    try:
        yield from review.review_game(replay, todo, Side(pool, samples, seat), samples,
                                      budget, skip)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
