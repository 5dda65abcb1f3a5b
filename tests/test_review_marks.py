"""The coach's marks are sure: on stacked deals with a planted mistake — a made
pair discarded (R2.1, R4.2), a four-flush broken, a good open card declined (R2.2), a Chicago
called into a sure loss (R5.2, R7.2), a winner thrown into a trick it must lose when the
last trick is at stake (R6.1, R6.3) — the review marks the mistake, with an interval above
zero, and nothing else; with the best play there instead it marks nothing, and the best play
measured against the mistake (as if the coach had suggested the mistake) is fine.

The reviews use the first two stages of imagined deals (16, 64) to stay cheap."""

from __future__ import annotations

from typing import Any

import pytest

from chicago.core.actions import Action, action_to_json
from chicago.table.coach import advice as coach
from chicago.table.coach import review
from chicago.table.coach.estimate import estimate
from chicago.table.history.replay import Replay
from chicago.text.i18n import use_language
from chicago.text.review_words import mark_words
from review_plants import PLANTS, Planted

STAGES = (16, 64)
RULES = {
    "pair_discarded": ("hand",),
    "four_flush_broken": ("hand",),
    "open_card_declined": ("hand",),
    "chicago_into_a_loss": ("chicago",),
    "winner_thrown": ("last_trick",),
}


def _replay(p: Planted) -> Replay:
    return Replay.of({k: v for k, v in p.data.items() if k != "actions"}, p.data["actions"])


def _marks(replay: Replay) -> list[dict[str, Any]]:
    return [m for i in review.decisions(replay)
            if (m := review.review_decision(replay, i, samples=STAGES)) is not None]


@pytest.mark.parametrize("name", sorted(PLANTS))
def test_the_planted_mistake_is_marked_and_nothing_else(name: str) -> None:
    p = PLANTS[name](False)
    marks = _marks(_replay(p))
    assert [m["index"] for m in marks] == [p.index]
    [mark] = marks
    cost = mark["cost"]
    assert cost["low"] > 0 and cost["points"] > 0, cost  # the interval excludes zero
    assert cost["low"] <= cost["points"] <= cost["high"]
    assert mark["played"] == action_to_json(p.mistake)
    assert mark["suggested"] == action_to_json(p.best)
    assert mark["reason"]["kind"] in RULES[name], mark["reason"]
    assert str(mark["reason"]["rule"]).startswith("R")
    # the odds of each choice, from the same imagined deals
    for side in ("played", "suggested"):
        odds = mark["odds"][side]
        assert all(0 <= odds[k] <= 1 for k in ("hand", "last_trick", "chicago", "win"))
    with use_language("sv"):
        words = mark_words(mark)
    text = " ".join(str(words[k]) for k in ("played", "suggested", "reason_text", "cost_text"))
    assert "tränarens" in text or "Tränarens" in text or "påhittade" in text
    assert not any(code in text.split() for code in ("Kh", "Kd", "Ah", "4s", "Ks"))
    assert "the coach" not in text and "imagined" not in text


@pytest.mark.parametrize("name", sorted(PLANTS))
def test_the_best_play_is_not_marked(name: str) -> None:
    p = PLANTS[name](True)
    replay = _replay(p)
    assert _marks(replay) == []

    def suggests_the_mistake(v: Any, legal: Any, rng: Any) -> coach.Advice:
        mistake: Action = p.mistake
        return coach.Advice(mistake, "")

    # the mistake measured against the best play: the best play costs nothing sure
    assert review.review_decision(replay, p.index, suggests_the_mistake, STAGES) is None


def test_the_summary_ranks_the_marks_by_cost() -> None:
    """The review at a glance: looked at, fine, marked, the total and the costliest first."""
    marks = [
        {"index": 3, "cost": {"points": 1.5}}, {"index": 9, "cost": {"points": 7.25}},
        {"index": 5, "cost": {"points": 1.5}}, {"index": 12, "cost": {"points": 0.5}},
    ]
    s = review.summary(marks, 20)
    assert (s["decisions"], s["fine"], s["marked"], s["total"]) == (20, 16, 4, 10.75)
    assert s["top"] == [9, 3, 5]
    assert [m["index"] for m in review.ranked(marks)] == [9, 3, 5, 12]


def test_the_same_choice_costs_exactly_nothing() -> None:
    """Common random numbers: both branches of an imagined deal are played by the same
    continuation from the same random source, so a choice against itself differs in no
    imagined deal — the estimate measures the decision and nothing else."""
    p = PLANTS["pair_discarded"](False)
    replay = _replay(p)
    state = replay.states[p.index]
    est = estimate(state, p.best, p.best, 0, p.index, (16, 64))
    assert (est.cost, est.low, est.high, est.samples) == (0.0, 0.0, 0.0, 16)
    assert not est.sure and est.played == est.better
