"""The coach's review on two cores (`review_pool`): a decision's mark depends only on the
game, the decision and the stages (its imagined deals are keyed by the seed, the decision's
index and the deal's number), so two worker processes give exactly the marks of one by one,
in the decisions' order."""

from __future__ import annotations

from chicago.table.coach import pool as review_pool
from chicago.table.coach import review
from chicago.table.history.replay import Replay
from review_plants import pair_discarded, pair_variant


def test_two_workers_give_the_same_marks_in_order() -> None:
    """Stages beyond the first too: the close call's later stages are weighed by whichever
    worker takes them, going on from the deals drawn before."""
    p = pair_variant(7001)  # R4.2: a made pair thrown away, not told from zero at 16 deals
    replay = Replay.of({k: v for k, v in p.data.items() if k != "actions"}, p.data["actions"])
    todo = [i for i in review.decisions(replay) if i <= p.index][-3:]
    alone = list(review_pool.marks(replay, todo, (16, 32, 64, 128), 0, workers=1))
    both = list(review_pool.marks(replay, todo, (16, 32, 64, 128), 0, workers=2))
    assert both == alone and len(both) == len(todo)
    assert any(m is not None and m["index"] == p.index for m in both)


def test_closing_early_stops_the_workers() -> None:
    p = pair_discarded()
    replay = Replay.of({k: v for k, v in p.data.items() if k != "actions"}, p.data["actions"])
    todo = review.decisions(replay)
    found = review_pool.marks(replay, todo, (16,), 0, workers=2)
    first = next(found)
    found.close()  # cancels the rest and waits for the workers to end
    assert first == review.review_decision(replay, todo[0], samples=(16,))
