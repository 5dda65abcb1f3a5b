"""The fitted chance of winning the game (bots/winning.py) and the standing it gives
(bots/stakes.py): on the scale of the hand-made one, won = WIN, lost = −WIN (R8.1, R8.3)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago.bots.stakes import WIN, Stakes, gain
from chicago.bots.winning import WinOdds, win_odds
from chicago.core.rules import HOUSE, PRESETS

ODDS = win_odds(HOUSE, 4)


def test_the_house_rules_at_four_seats_have_fitted_odds() -> None:
    assert ODDS is not None
    assert len(ODDS.unqualified) == len(ODDS.qualified) == HOUSE.target


def test_other_rules_have_none() -> None:
    """Fitted on the house rules only: another target or high-score rule changes the game."""
    for profile in PRESETS.values():
        if profile != HOUSE:
            assert win_odds(profile, 4) is None


def test_what_the_fit_says_about_scores_and_the_call() -> None:
    """Facts of the measured game the fit must show: a qualified seat near the target
    (R7.4, R8.1) is far stronger than one at 0, and than an unqualified seat at the same
    score; an unqualified seat at 40 is stronger than one at 0."""
    assert ODDS is not None
    q, u = ODDS.qualified, ODDS.unqualified
    assert q[51] > 2 * q[30] > 2 * q[0]
    for score in (30, 40, 45, 51):
        assert q[score] > 1.5 * u[score]
    assert u[40] > u[0]


@given(st.lists(st.integers(0, 51), min_size=4, max_size=4),
       st.lists(st.booleans(), min_size=4, max_size=4),
       st.lists(st.booleans(), min_size=4, max_size=4))
def test_the_chances_of_the_live_seats_sum_to_one(
    scores: list[int], qualified: list[bool], out: list[bool]
) -> None:
    assert ODDS is not None
    if all(out):
        out[0] = False
    chances = [ODDS.chance(s, scores, qualified, out) for s in range(4) if not out[s]]
    assert sum(chances) == pytest.approx(1.0)
    assert all(0 < c <= 1 for c in chances)


def test_equal_seats_have_equal_chances() -> None:
    odds = WinOdds((1.0,) * 52, (2.0,) * 52)
    assert odds.chance(0, (10, 10, 10), (False,) * 3, (False,) * 3) == pytest.approx(1 / 3)
    assert odds.chance(0, (10, 10, 10), (True, False, False), (False,) * 3) == 0.5


def test_the_standing_by_the_odds_keeps_win_and_loss_where_they_were() -> None:
    """R8.1: reaching 52 qualified wins (WIN); R8.3: unqualified, the seat is out (−WIN);
    and an ordinary award is worth something between."""
    assert ODDS is not None
    near = Stakes(HOUSE, 0, (48, 10, 10, 10), (True, False, False, False), (False,) * 4, ODDS)
    start = WIN * (2 * ODDS.chance(0, near.scores, near.qualified, near.eliminated) - 1)
    assert near.settle([gain(0, 5)]) == pytest.approx(WIN - start)
    out = Stakes(HOUSE, 0, (48, 10, 10, 10), (False,) * 4, (False,) * 4, ODDS)
    assert out.settle([gain(0, 5)]) < -WIN
    early = Stakes(HOUSE, 0, (10, 10, 10, 10), (False,) * 4, (False,) * 4, ODDS)
    assert 0 < early.settle([gain(0, 5)]) < WIN / 4
    assert early.settle([gain(1, 5)]) < 0


def test_a_call_made_good_is_worth_more_by_the_odds_than_by_the_hand_made_position() -> None:
    """R7.1, R7.4: a call made good qualifies and scores; measured, the qualification is
    worth more than the hand-made position's bonus gives it."""
    assert ODDS is not None
    scores, qualified, out = (30, 20, 20, 20), (False,) * 4, (False,) * 4
    by_odds = Stakes(HOUSE, 0, scores, qualified, out, ODDS).call_values()
    by_hand = Stakes(HOUSE, 0, scores, qualified, out).call_values()
    assert by_odds[0] > by_hand[0] > 0
    assert by_odds[1] < 0


def test_a_stronger_seat_and_the_monotone_odds() -> None:
    """`shifted`: the asking seat is stronger, qualified or not; `monotone`: no score is
    worse to hold than a lower one, and nothing moves where the rows already rise."""
    assert ODDS is not None
    scores, qualified, out = (20, 20, 20, 20), (False, True, False, True), (False,) * 4
    plain = ODDS.chance(0, scores, qualified, out)
    strong = ODDS.shifted(0.5, -0.25)
    assert strong.chance(0, scores, qualified, out) > plain
    assert strong.chance(1, scores, qualified, out) > ODDS.chance(1, scores, qualified, out)
    assert strong.own[1] < strong.own[0]  # b < 0: less of a gain once qualified
    even = ODDS.monotone()
    for row in (even.unqualified, even.qualified):
        assert all(a <= b + 1e-12 for a, b in pairwise(row))
    rising = WinOdds(tuple(float(x) for x in range(1, 53)), tuple(float(x) for x in range(2, 54)))
    assert rising.monotone() == rising
    dip = WinOdds((1.0, 3.0, 2.0, 4.0), (1.0,) * 4).monotone()
    assert dip.unqualified[0] == 1.0 and dip.unqualified[3] == 4.0
    assert dip.unqualified[1] == pytest.approx(dip.unqualified[2])
