"""What a Chicago call gives up, said from the knobs of the game being played (R4.4, R4.5,
R6.3, R7.1, R7.2): the Chicago question of every front-end carries this sentence."""

from __future__ import annotations

import pytest

from chicago.core.cards import cards
from chicago.core.rules import customize, get_profile
from chicago.text.call_cost import call_cost, final_award, hint_cost
from chicago.text.i18n import use_language

HOUSE = "chicago-gamewide-0.2"


@pytest.mark.parametrize(("profile", "hand", "award"), [
    (get_profile(HOUSE), "2h 5h 8h Jh Kh", "score 5 points"),  # R4.2
    (get_profile(HOUSE), "9h Th Jh Qh Kh", "win the game at once"),  # R4.4
    (get_profile(HOUSE), "Th Jh Qh Kh Ah",
     "win the game at once and reset the others to 0"),  # R4.4 royal
    (get_profile("classic"), "9h Th Jh Qh Kh", "score 8 points"),  # §X
    (get_profile(HOUSE), "9h 9d 9c 9s 2h", "score 8 points or reset the others to 0"),  # R4.3
    (customize(HOUSE, straight_flush="auto_chicago"), "9h Th Jh Qh Kh",
     "count as a successful Chicago (+15)"),
    (get_profile(HOUSE), "Ac Kd 8h 5s 2c", ""),  # high card scores nothing
    (get_profile(HOUSE), "Ac Ad 8h 5s 2c", "score 1 point"),
])
def test_the_final_award_of_a_hand_follows_the_knobs(profile, hand, award) -> None:  # type: ignore[no-untyped-def]
    assert final_award(profile, cards(hand)) == award


def test_the_question_says_what_a_call_gives_up_in_each_game() -> None:
    house = get_profile(HOUSE)
    assert call_cost(house, cards("9h Th Jh Qh Kh")) == (
        "Without a call your hand (straight flush, king high) would win the game at once if "
        "it is the best after the tricks; a call gives that up (R4.5).")
    assert call_cost(house, cards("Ac Kd 8h 5s 2c")) == (
        "A call gives up the award for the best final hand of this deal (R4.5).")
    # basic: the final hand still scores after a successful call, not after a broken one
    basic = get_profile("basic")
    assert basic.final_hand_after_chicago
    assert call_cost(basic, cards("2h 5h 8h Jh Kh")).startswith(
        "After a successful call the final hand still scores: your hand (flush, king high) "
        "would score 5 points if it is the best. A broken call ends the deal without it")
    assert hint_cost(basic, cards("2h 5h 8h Jh Kh")) == (
        "A broken call gives up your hand's final award: it would score 5 points (R7.2).")
    # no final-hand award at all: nothing to give up
    off = customize(HOUSE, final_hand_scores=False)
    assert call_cost(off, cards("2h 5h 8h Jh Kh")) == ""
    assert hint_cost(off, cards("2h 5h 8h Jh Kh")) == ""
    with use_language("sv"):
        assert call_cost(house, cards("2h 5h 8h Jh Kh")) == (
            "Utan rop skulle din hand (färg, kung högst) få 5 poäng om den är bäst efter "
            "sticken; ett rop ger upp det (R4.5).")
