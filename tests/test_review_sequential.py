"""The coach draws more imagined deals while a cost is unsettled: a costly mistake whose cost
cannot be told from zero after the first stage is not called fine there, but weighed on
until it is sure (bench/coach_plants.py measures it over many plants).

Planted mistakes on stacked deals (tests/review_plants.py `VARIANTS`): made pairs thrown
away (R2.1, R4.2), a four-flush broken, an open card declined (R2.2), an ace thrown where the
last trick is at stake (R6.1, R6.3). Each must be marked, and the best play there, weighed
against the mistake, must not be. Stages up to 128 deals, not the review's 1,024, to stay
cheap."""

from __future__ import annotations

from typing import Any

import pytest

from chicago.core.actions import Action, action_to_json
from chicago.table.coach import advice as coach
from chicago.table.coach import review
from chicago.table.coach.estimate import MATERIAL, settled
from chicago.table.history.replay import Replay
from review_plants import VARIANTS, Planted

SAMPLES = (16, 32, 64, 128)
CLOSE = [("pair_discarded", 7001), ("pair_discarded", 7004)]
"""Plants whose cost is not told from zero at 16 deals (nor by the review before it drew
more for an unsettled cost)."""


def _replay(p: Planted) -> Replay:
    return Replay.of({k: v for k, v in p.data.items() if k != "actions"}, p.data["actions"])


@pytest.mark.parametrize(("kind", "seed"), CLOSE)
def test_a_close_costly_mistake_is_weighed_until_it_is_marked(kind: str, seed: int) -> None:
    p = VARIANTS[kind](seed, False)
    replay = _replay(p)
    mark = review.review_decision(replay, p.index, samples=SAMPLES)
    assert mark is not None, "the planted mistake went unmarked"
    cost: Any = mark["cost"]
    assert cost["low"] > 0 and cost["points"] >= MATERIAL, cost
    assert cost["samples"] > SAMPLES[0]  # not settled by the first stage
    assert mark["played"] == action_to_json(p.mistake)
    # at the first stage alone it cannot be told from zero: fine
    assert review.review_decision(replay, p.index, samples=SAMPLES[:1]) is None


@pytest.mark.parametrize(("kind", "seed"), CLOSE)
def test_the_best_play_is_not_marked_however_many_deals(kind: str, seed: int) -> None:
    best = VARIANTS[kind](seed, True)
    replay = _replay(best)

    def suggests_the_mistake(v: Any, legal: Any, rng: Any) -> coach.Advice:
        mistake: Action = best.mistake
        return coach.Advice(mistake, "")

    assert review.review_decision(replay, best.index, samples=SAMPLES) is None  # agrees
    assert review.review_decision(replay, best.index, suggests_the_mistake, SAMPLES) is None


def test_a_cost_is_settled_when_sure_or_likely_small() -> None:
    assert not settled([]) and not settled([3.0])
    assert settled([0.0] * 16)  # the same in every imagined deal: fine
    assert settled([2.0, 4.0] * 8)  # sure above zero: a mark
    assert not settled([6.0, -6.0] * 8)  # could be nothing, could be costly: more deals
    assert settled([6.0, -6.0] * 2048)  # ... until its mean is likely under a quarter point


def test_the_games_budget_and_a_resumed_review() -> None:
    """The game's budget of imagined deals is shared breadth first: spent after the first
    stage, a close call stays unsettled and fine. A review resumed half-way gives the marks
    of one in a go (a four-flush broken: told from zero at 32 deals, not at 16)."""
    p = VARIANTS["four_flush_broken"](8006, False)
    replay = _replay(p)
    todo = [i for i in review.decisions(replay) if i <= p.index][-2:]
    weigher = review.Alone(replay, samples=SAMPLES)
    full = list(review.review_game(replay, todo, weigher, SAMPLES))
    assert [m["index"] for m in full if m is not None] == [p.index]
    spent = list(review.review_game(replay, todo, weigher, SAMPLES, budget=SAMPLES[0]))
    assert spent == [None] * len(todo)
    assert list(review.review_game(replay, todo, weigher, SAMPLES, skip=1)) == full[1:]
