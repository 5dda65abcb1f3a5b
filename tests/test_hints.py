"""The coach: hints with odds, from the same code as the hard level's decisions.

The hard bot's suggestion carries its numbers (`Advice`); `chicago.text.hints` words them.
An exchange names the cards to keep and the chances by the last exchange (R2, R4); a
Chicago question the chance of all five tricks (R5.2) and what a call is worth in this game,
qualification included (R7.4, R8); a card the chance of the last trick (R6.3).
"""

from __future__ import annotations

import dataclasses

import pytest

from chicago.bots import bot_stream, make_bot
from chicago.bots.base import Advice, Suggestion, why
from chicago.bots.hard import CALL_SAMPLES, WORLDS
from chicago.core.actions import ChicagoCall, Exchange, Play
from chicago.core.cards import cards
from chicago.core.engine import legal_actions
from chicago.core.hands import Category
from chicago.core.views import view
from chicago.text.hints import hint_text
from chicago.text.i18n import use_language
from test_bots import chicago_question, table


def hard(state):  # type: ignore[no-untyped-def]
    seat = state.to_act
    return make_bot("hard").suggest(view(state, seat), legal_actions(state),
                                    bot_stream(3, seat, 0))


def test_the_hint_is_the_hard_levels_decision() -> None:
    """Same view, same random source: the hint's action is the one hard would play."""
    state = table({0: "Kc Kd 7h 4s 2c", 1: "Ac 9h 7s 4d Tc", 2: "Ah Jd 8c 6s 3h"})
    s = hard(state)
    chosen = make_bot("hard").choose(view(state, 0), legal_actions(state), bot_stream(3, 0, 0))
    assert s.action == chosen


def test_an_exchange_hint_keeps_the_pair_with_its_odds() -> None:
    """R2.1, R4.1: keep the pair of kings; chances of two pair and better by the third
    exchange, and of the best hand at the next scoring."""
    state = table({0: "Kc Kd 7h 4s 2c", 1: "Ac 9h 7s 4d Tc", 2: "Ah Jd 8c 6s 3h"})
    s = hard(state)
    a = s.advice
    assert a is not None and a.kind == "exchange" and a.samples == WORLDS
    assert isinstance(s.action, Exchange) and set(cards("Kc Kd")) <= set(a.kept)
    assert a.by_exchange == 3 and a.at_least[Category.ONE_PAIR] == 1.0
    assert list(a.at_least) == sorted(a.at_least, reverse=True)
    assert 0.2 < a.at_least[Category.TWO_PAIR] < 0.9
    text = hint_text(s)
    assert text.startswith("Keep the pair of kings")
    assert f"two pair or better {round(100 * a.at_least[Category.TWO_PAIR])}%" in text
    assert "By the third exchange:" in text and f"Estimates from {WORLDS} deals" in text


def test_a_chicago_hint_gives_the_chance_and_the_worth() -> None:
    """R5.2, R7.1–R7.4: the top cards of every suit held, with the lead: all five tricks in
    every imagined deal, and a call worth more than passing."""
    s = hard(chicago_question("As Ks Qs Ah Ad"))
    a = s.advice
    assert s.action == ChicagoCall(0, True)
    assert a is not None and a.kind == "chicago" and a.all_five == 1.0 and a.call_worth > 0
    assert a.needs_call
    text = hint_text(s, 20)
    assert text.startswith(
        f"You take all five tricks in about 100% of {CALL_SAMPLES} deals")
    assert "more than passing" in text or "decides this game for you" in text
    assert "even a broken call qualifies you (R7.4)" in text


def test_a_weak_chicago_hint_says_no() -> None:
    s = hard(chicago_question("2c 7d 9h Js 4c"))
    assert s.action == ChicagoCall(0, False)
    # The front-ends say the advice ("do not call Chicago (n)") before these words.
    assert hint_text(s, 20).startswith("You take all five tricks in ")


def test_an_urgent_call_is_explained() -> None:
    """R8.3: unqualified at 42, a call is due whatever the hand."""
    s = hard(chicago_question("2c 7d 9h Js 4c", 42))
    assert s.action == ChicagoCall(0, True) and s.advice is not None and s.advice.urgent
    assert "At 42 points and not qualified" in hint_text(s, 42)


def test_wording_of_a_play_and_fallbacks() -> None:
    card = cards("As")[0]
    s = Suggestion(Play(0, card), why("play.must_win", [card], lead=1),
                   Advice("play", 40, last_trick=0.55, why="last_trick"))
    assert hint_text(s) == ("The ace of spades: with it you take the last trick, the only one "
                            "that pays (R6.2, R6.3), in about 55% of 40 deals imagined from "
                            "what you can see (an estimate).")
    avoid = dataclasses.replace(s, advice=Advice("play", 40, last_trick=0.1, why="avoid"))
    assert "would put you out (R8.3)" in hint_text(avoid)
    rule = dataclasses.replace(s, advice=Advice("play", why="rule"))
    assert hint_text(rule) == "Lead the ace of spades: you must win every trick."
    assert hint_text(dataclasses.replace(s, advice=None)) == hint_text(rule)
    with use_language("sv"):
        assert hint_text(rule) == "Spela ut spader ess: du måste ta varje stick."
        assert hint_text(s).startswith("Spader ess: med det tar du sista sticket")


@pytest.mark.parametrize(("worth", "words"), [
    (0.2, "worth about as much as passing"),
    (1.0, "worth about 1 point more than passing"),
    (-7.4, "worth about 7 points less than passing"),
    (80.0, "very likely decides this game for you"),
])
def test_what_a_call_is_worth_in_words(worth: float, words: str) -> None:
    s = Suggestion(ChicagoCall(0, worth > 0), why("pass.weak"),
                   Advice("chicago", 48, all_five=0.5, call_worth=worth))
    text = hint_text(s, 30)
    assert words in text and "You are qualified already (R7.4)." in text


def test_an_exchange_aimed_at_a_chicago_says_so() -> None:
    s = Suggestion(Exchange(0, tuple(cards("2c"))), why("exchange.six", cards("2c")),
                   Advice("exchange", 128, kept=tuple(cards("Ac Ad Ah As")),
                          at_least=(1.0, 1.0, 1.0, 1.0, 0.1, 0.1, 0.1, 1.0, 0.0), by_exchange=3,
                          best=0.9, chicago_hope=0.42))
    assert "It aims at a Chicago: about 42% to hold five sure tricks by the calls (R5)." in (
        hint_text(s))


def test_a_reset_is_named_and_tiny_chances_are_not_zero() -> None:
    odds = (1.0, 1.0, 1.0, 0.003, 0.001, 0.001, 0.001, 0.0, 0.0)
    s = Suggestion(Exchange(0, tuple(cards("2c")), confirm_reset=True),
                   why("exchange.six", cards("2c")),
                   Advice("exchange", 128, kept=tuple(cards("Kc Kd 9h 9s")), at_least=odds,
                          by_exchange=2, best=0.4, resets=True))
    text = hint_text(s)
    assert "Your score resets to 0 (R2.4)." in text
    assert "By the second exchange: three of a kind or better under 1%." in text


def test_a_chicago_hint_says_what_the_call_gives_up() -> None:
    """R4.5, R6.3: with a flush, the final hand's 5 points (R4.2) are lost to a call; the
    hint says so once, with the view of the seat it advises."""
    state = chicago_question("2h 5h 8h Jh Kh")
    seen = view(state, 0)
    s = hard(state)
    text = hint_text(s, 20, seen)
    assert text.count("A call gives up your hand's final award: it would score 5 points "
                      "(R4.5).") == 1
    assert not text.startswith(("Call Chicago", "Do not call Chicago"))
    assert "final award" not in hint_text(s, 20)  # without the view nothing is guessed
