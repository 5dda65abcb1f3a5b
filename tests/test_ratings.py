"""The ratings' arithmetic: Glicko-2 against the worked example of its published
description, the final standing of a game (R8.1, R8.3, R8.4), the multi-player update's
properties, and the bots' fixed ratings."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago.bots.levels import LEVELS, NORMAL
from chicago.table.ratings.bots import BOT_RATINGS
from chicago.table.ratings.game import SETTLED_RD, abandoned, pairwise, places, rate_game
from chicago.table.ratings.glicko import (
    SCALE,
    Rating,
    Result,
    expected_score,
    idle,
    rate,
)

# --- Glicko-2 ----------------------------------------------------------------------------


def test_the_published_worked_example() -> None:
    """Glickman's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300.
    The description gives mu' = -0.2069, phi' = 0.8722, sigma' = 0.05999 on the Glicko-2
    scale, rounded to four (five) decimals, and r' = 1464.06, RD' = 151.52 from those
    rounded values."""
    after = rate(
        Rating(1500, 200, 0.06),
        [Result(Rating(1400, 30), 1), Result(Rating(1550, 100), 0),
         Result(Rating(1700, 300), 0)],
    )
    assert round((after.rating - 1500) / SCALE, 4) == -0.2069
    assert round(after.rd / SCALE, 4) == 0.8722
    assert abs(after.volatility - 0.05999) < 1e-5
    assert abs(after.rating - 1464.06) < 0.01  # 1464.0507 unrounded
    assert round(after.rd, 2) == 151.52
    # to three decimals on the Glicko-2 scale, as the description's figures
    assert f"{(after.rating - 1500) / SCALE:.3f}" == "-0.207"
    assert f"{after.rd / SCALE:.3f}" == "0.872"


def test_the_example_expected_scores() -> None:
    """The description's E values: 0.639, 0.432, 0.303 against the three opponents."""
    me = Rating(1500, 200)
    got = [expected_score(me, Rating(r, rd)) for r, rd in ((1400, 30), (1550, 100), (1700, 300))]
    assert [round(e, 3) for e in got] == [0.639, 0.432, 0.303]


def test_a_period_without_games_widens_the_rd_only() -> None:
    before = Rating(1600, 100, 0.06)
    after = rate(before, [])
    assert after == idle(before)
    assert after.rating == 1600 and after.volatility == 0.06
    assert math.isclose(after.rd, SCALE * math.sqrt((100 / SCALE) ** 2 + 0.06**2))


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Rating(1500, 0), "rating deviation must be positive"),
        (lambda: Rating(1500, 350, -0.1), "volatility must be positive"),
        (lambda: Rating(math.nan), "rating must be a finite number"),
        (lambda: Result(Rating(), 1.5), "score must be from 0 to 1"),
        (lambda: Result(Rating(), 1, 0), "weight must be positive"),
        (lambda: rate(Rating(), [Result(Rating(), 1)], tau=0), "tau must be positive"),
    ],
)
def test_bad_figures_are_refused_by_name(make: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make()  # type: ignore[operator]


# --- the final standing ------------------------------------------------------------------


def test_the_winner_is_first_then_the_others_by_score() -> None:
    """R8.1: the winner first; the others by score, equal scores sharing a place."""
    assert places((52, 30, 41, 30), (False,) * 4, 0) == (1, 3, 2, 3)


def test_the_last_one_standing_wins_with_fewer_points() -> None:
    """R8.4: the last active player wins, whatever the eliminated players' scores; R8.3:
    the eliminated share the last place."""
    assert places((12, 55, 60), (False, True, True), 0) == (1, 2, 2)


def test_an_eliminated_player_is_behind_everyone_still_playing() -> None:
    """R8.3: an eliminated player keeps a score at or over the target, but took no
    further part: behind a player still in the game with fewer points."""
    assert places((52, 57, 3, 20, 54), (False, True, False, False, True), 0) == (1, 4, 3, 2, 4)


@pytest.mark.parametrize(
    ("scores", "eliminated", "winner", "words"),
    [
        ((52,), (False,), 0, "2 to 6 players"),
        ((52, 0, 0), (False, False), 0, "2 eliminated flags for 3 scores"),
        ((52, 0), (False, False), 2, "winner 2 is not a seat"),
        ((52, 60), (True, False), 0, "cannot be eliminated"),
    ],
)
def test_a_standing_that_cannot_be_is_refused(
    scores: tuple[int, ...], eliminated: tuple[bool, ...], winner: int, words: str
) -> None:
    with pytest.raises(ValueError, match=words):
        places(scores, eliminated, winner)


def test_who_left_is_behind_everyone_who_stayed() -> None:
    """A player who left the table is last, even where their bot won (R8.1); the others
    keep their order; two who left share the last place."""
    assert abandoned((1, 3, 2, 3), (False,) * 4) == (1, 3, 2, 3)
    assert abandoned((1, 3, 2, 3), (True, False, False, False)) == (4, 2, 1, 2)
    assert abandoned((1, 2, 3, 4), (False, True, False, True)) == (1, 3, 2, 3)
    with pytest.raises(ValueError, match="3 left flags for 4 places"):
        abandoned((1, 2, 3, 4), (False,) * 3)


def test_pairwise_results_by_place() -> None:
    assert (pairwise(1, 2), pairwise(2, 2), pairwise(3, 2)) == (1.0, 0.5, 0.0)


# --- the multi-player update -------------------------------------------------------------

ratings = st.builds(
    Rating,
    st.floats(1100, 1900),
    st.floats(30, 350),
    st.floats(0.03, 0.09),
)


@st.composite
def finished_games(draw: st.DrawFn) -> tuple[int, ...]:
    """The places of a finished game of 2 to 6, as `places` reads a final state."""
    n = draw(st.integers(2, 6))
    winner = draw(st.integers(0, n - 1))
    scores = draw(st.lists(st.integers(0, 51), min_size=n, max_size=n))
    eliminated = [draw(st.booleans()) and s != winner for s in range(n)]
    for s in range(n):
        if eliminated[s]:
            scores[s] = draw(st.integers(52, 70))
    return places(scores, eliminated, winner)


@settings(max_examples=60, deadline=None)
@given(finished_games(), st.data())
def test_seat_order_does_not_matter(placed: tuple[int, ...], data: st.DataObject) -> None:
    """The same players with the same places get the same changes in any seat order."""
    n = len(placed)
    before = data.draw(st.lists(ratings, min_size=n, max_size=n))
    order = data.draw(st.permutations(range(n)))
    after = rate_game(before, placed)
    shuffled = rate_game([before[i] for i in order], [placed[i] for i in order])
    for k, i in enumerate(order):
        assert math.isclose(shuffled[k].rating, after[i].rating, abs_tol=1e-9)
        assert math.isclose(shuffled[k].rd, after[i].rd, abs_tol=1e-9)
    total = sum(a.rating - b.rating for a, b in zip(after, before, strict=True))
    total_shuffled = sum(shuffled[k].rating - before[i].rating for k, i in enumerate(order))
    assert math.isclose(total, total_shuffled, abs_tol=1e-9)


@settings(max_examples=60, deadline=None)
@given(finished_games(), ratings)
def test_a_better_place_never_gains_less(placed: tuple[int, ...], start: Rating) -> None:
    """From equal ratings, a better place gains at least what a worse one gains; players
    sharing a place move alike."""
    after = rate_game([start] * len(placed), placed)
    for i, a in enumerate(after):
        for j, b in enumerate(after):
            if placed[i] < placed[j]:
                assert a.rating >= b.rating - 1e-9
            elif placed[i] == placed[j]:
                assert math.isclose(a.rating, b.rating, abs_tol=1e-9)


@settings(max_examples=60, deadline=None)
@given(finished_games(), ratings)
def test_from_equal_ratings_the_changes_add_up_to_zero(
    placed: tuple[int, ...], start: Rating
) -> None:
    """Zero-sum up to the volatility step: from equal ratings, RDs and volatilities the
    changes cancel within a thousandth of what moved (and of a point)."""
    after = rate_game([start] * len(placed), placed)
    changes = [a.rating - start.rating for a in after]
    assert abs(sum(changes)) <= 1e-3 * sum(abs(c) for c in changes) + 1e-9
    assert abs(sum(changes)) < 1e-3


@settings(max_examples=60, deadline=None)
@given(finished_games(), st.data())
def test_a_game_shrinks_an_uncertain_rd(placed: tuple[int, ...], data: st.DataObject) -> None:
    """A player whose RD is at least 150 (well above the ~60 the update settles to) comes
    out of any game against players within 800 points with a smaller RD."""
    n = len(placed)
    before = data.draw(st.lists(ratings, min_size=n, max_size=n))
    me = data.draw(st.builds(Rating, st.floats(1100, 1900), st.floats(150, 350),
                             st.floats(0.03, 0.09)))
    before[0] = me
    assert rate_game(before, placed)[0].rd < me.rd


def test_game_after_game_the_rd_settles_near_sixty() -> None:
    """Each game adds the volatility's spread and takes a game's information: from the
    start's 350 the RD of someone who keeps playing settles near SETTLED_RD, not at 0."""
    me = Rating()
    for k in range(200):
        me = rate_game([me, Rating(1500, 60)], [1, 2] if k % 2 else [2, 1])[0]
    assert abs(me.rd - SETTLED_RD) < 2


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_a_win_moves_a_rating_as_far_at_any_number_of_seats(n: int) -> None:
    """Each pairwise result weighs 1/(n-1): from equal ratings, winning a six-player game
    moves the winner's rating as far as winning a two-player one, not five times as far."""
    two = rate_game([Rating()] * 2, [1, 2])[0].rating - 1500
    many = rate_game([Rating()] * n, list(range(1, n + 1)))[0].rating - 1500
    assert math.isclose(many, two, rel_tol=1e-9)


def test_a_game_needs_two_to_six_places_in_range() -> None:
    with pytest.raises(ValueError, match="2 to 6 players, not 7"):
        rate_game([Rating()] * 7, [1] * 7)
    with pytest.raises(ValueError, match="places must be from 1 to 3"):
        rate_game([Rating()] * 3, [1, 2, 4])
    with pytest.raises(ValueError, match="2 places for 3 players"):
        rate_game([Rating()] * 3, [1, 2])


# --- the bots ----------------------------------------------------------------------------


def test_every_level_has_a_fixed_rating_in_order_of_strength() -> None:
    """Measured by bench/bot_ratings.py, anchored at normal = 1500 (a new person's start)."""
    assert list(BOT_RATINGS) == list(LEVELS)
    assert BOT_RATINGS[NORMAL].rating == 1500
    strengths = [BOT_RATINGS[level].rating for level in LEVELS]
    assert strengths == sorted(strengths) and len(set(strengths)) == len(strengths)
    assert all(0 < r.rd < 100 for r in BOT_RATINGS.values())  # well known, unlike a newcomer
