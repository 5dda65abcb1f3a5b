"""The hard level's own decisions (R9.2: from its view only): the open offer judged in the
same imagined worlds as the exchange (R2.2), and the last exchange before the Chicago calls
played for the call when the seat must make one (R5.1, R7.4)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from chicago.bots.close import close_call, close_play
from chicago.bots.hard import HardBot
from chicago.bots.knowledge import knowledge
from chicago.bots.last_exchange import TrickOdds
from chicago.bots.qualify import CALL_FROM, call_from, questions_left
from chicago.bots.simulate import World
from chicago.bots.stakes import Stakes, gain
from chicago.core.actions import ChicagoCall, Exchange, Offer
from chicago.core.cards import cards
from chicago.core.rules import HOUSE
from chicago.core.state import GameState, Phase
from chicago.core.views import view
from chicago.text.hints import hint_text
from chicago.text.i18n import use_language
from chicago.text.reasons import reason_words
from test_bots import bot_stream, decide, legal_actions, table, until

OTHERS = {1: "Qc Qd 9h 5s 3c", 2: "Jc Td 8h 6s 4c", 3: "Tc 9d 7h 5c 3d"}


def offered(stock: str) -> GameState:
    """Seat 0 puts away the two of clubs beside four hearts and is shown `stock` (R2.2)."""
    state = table({0: "Ah Kh 9h 4h 2c", **{s: h for s, h in OTHERS.items()}}, stock=stock)
    state = until(state, lambda s: s.phase is Phase.OFFER,
                  {0: [Exchange(0, tuple(cards("2c")))]})
    assert state.to_act == 0
    return state


def test_hard_keeps_an_offer_that_makes_its_flush() -> None:
    """R2.2, R4.2: the seven of hearts makes a flush, the best hand at the table."""
    s = decide("hard", offered("7h 3d"))
    assert s.action == Offer(0, True), s.reason


def test_hard_declines_an_offer_that_does_nothing() -> None:
    """R2.2: the three of diamonds leaves an ace high; a blind draw may bring a heart."""
    s = decide("hard", offered("3d 7h"))
    assert s.action == Offer(0, False), s.reason


def last_exchange(hand: str, score: int, qualified: bool) -> GameState:
    """Seat 0 at its third exchange, everyone having kept five before (seat 1's three queens
    won both stages, R4.1)."""
    others = {**OTHERS, 1: "Qc Qd Qh 5s 3c"}
    state = table({0: hand, **others}, scores=(score, 10, 10, 10),
                  qualified=(qualified, False, False, False))
    state = until(state, lambda s: s.phase is Phase.EXCHANGE and s.exchange == 3, {})
    assert state.to_act == 0 and state.scores[0] == score
    return state


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_draws_for_the_chicago_it_must_call(seed: int) -> None:
    """R5.1, R7.4, R8.3: unqualified at 38, the seat will call whatever it holds, and a call
    cancels the final hand's award (R4.5, R7.1): the three eights are worth nothing to it,
    and the red ones lose to any higher card of their suit. It keeps the top clubs and
    draws for sure tricks."""
    s = decide("hard", last_exchange("Ac Kc 8c 8d 8h", 38, False), seed)
    assert isinstance(s.action, Exchange)
    gone = {c.text for c in s.action.discard}
    assert {"8d", "8h"} <= gone and not {"Ac", "Kc"} & gone, s.reason


@pytest.mark.parametrize("qualified", [False, True])
def test_hard_keeps_its_made_hand_when_no_call_is_due(qualified: bool) -> None:
    """R4.5, R6.3: at 25, with no call due, three eights are a likely final-hand award."""
    s = decide("hard", last_exchange("Ac Kc 8c 8d 8h", 25, qualified))
    assert isinstance(s.action, Exchange)
    gone = {c.text for c in s.action.discard}
    assert not {"8c", "8d", "8h"} & gone, s.reason


def chicago_question(hand: str, score: int) -> GameState:
    """Seat 0, not qualified, answers the Chicago question first after keeping five through
    every exchange (its aces and kings won the stages, R4.1)."""
    state = table({0: hand, **OTHERS}, scores=(score, 10, 10, 10),
                  qualified=(False, False, False, False))
    state = until(state, lambda s: s.phase is Phase.CHICAGO, {})
    assert state.to_act == 0
    return state


@pytest.mark.parametrize(("score", "calls"), [(14, False), (30, True)])
def test_hard_qualifies_in_time(score: int, calls: bool) -> None:
    """R7.3, R7.4, R8.3: the same hand takes all five tricks in about a fifth of the deals
    hard imagines (the others keep their aces and kings, R2.1: inference's lean). Early on it
    waits for a better chance; with its points near target − Chicago value (few free
    questions left before a call is forced, bots.qualify) it calls."""
    s = decide("hard", chicago_question("Ah Ad Kd Qd Js", score))
    assert s.advice is not None and 0.15 < s.advice.all_five < 0.3, s.advice
    assert isinstance(s.action, ChicagoCall) and s.action.call is calls, s.reason
    assert s.advice.chances_left == (1 if calls else 0)
    if calls:
        assert s.reason.kind == "call.in_time"
        assert "few better chances to qualify" in reason_words(s.reason)
        with use_language("sv"):
            assert "1 fri chans att ropa finns kvar" in hint_text(s, score)
        assert "about 1 free chance to call is left" in hint_text(s, score)


def test_the_qualifying_call_rule() -> None:
    """R7.4, R8.3: the questions left run down as the score nears target − Chicago value, and
    the share a call needs runs down with them; no rule for a qualified seat, a forced
    call, or a table of two (where a seat can wait for a sure call)."""
    def stakes(score: int, qualified: bool = False, seats: int = 4) -> Stakes:
        rest = seats - 1
        return Stakes(HOUSE, 0, (score,) + (0,) * rest, (qualified,) + (False,) * rest,
                      (False,) * seats)
    assert [questions_left(stakes(s)) for s in (0, 20, 31, 32, 36)] == [8, 4, 2, 1, 1]
    shares = [call_from(stakes(s)) for s in range(0, 37)]
    assert all(a is not None and b is not None and a >= b for a, b in pairwise(shares))
    assert call_from(stakes(36)) == CALL_FROM[0]
    assert call_from(stakes(20, qualified=True)) is None
    assert call_from(stakes(37)) is None  # urgent: it calls whatever it holds
    assert call_from(stakes(20, seats=2)) is None


def two_seat_last_exchange() -> GameState:
    """Seat 0 of two at its third exchange, leading the first trick (R6.1)."""
    state = table({0: "9h 7d 5s 4c 3h", 1: "Qc Qd 9s 5d 3c"})
    state = until(state, lambda s: s.phase is Phase.EXCHANGE and s.exchange == 3, {})
    assert state.to_act == 0
    return state


@pytest.mark.parametrize(
    ("kept", "draw", "other", "points"),
    [
        # The ace of clubs saved for the last trick beats any club led (R6.1, R6.3).
        ("3c 4c 5c 6c", "Ac", "Kc Qc Jc Tc 9c", 5),
        # The two of hearts, kept to the end, takes it for 10: the other holds no heart.
        ("2c 2h Ac Kc", "Qc", "3d 4d 5d 6d 7d", 10),
        # No card above the other's clubs: the last trick is lost.
        ("3c 4c 5c 6c", "8c", "Kc Qc Jc Tc 9c", 0),
    ],
)
def test_the_last_exchange_plays_out_the_last_trick(
    kept: str, draw: str, other: str, points: int
) -> None:
    """R6.3: at the last exchange hard (`HardBot.trick_worlds`) values a discard's last trick by
    playing it out in each imagined world, against the others' hands there, in place of the
    rough count of high cards, which cannot see a two kept for the 10-point last trick."""
    state = two_seat_last_exchange()
    v = view(state, 0)
    stakes = Stakes.of(v)
    world = World(tuple(cards(draw)), {1: tuple(cards(other))})
    odds = TrickOdds(v, knowledge(v), stakes, [world], 1, 4)
    worth = odds.value(tuple(cards(kept)), 1, False)
    expected = stakes.settle([gain(0, points)]) if points else 0.0
    assert worth == pytest.approx(expected)
    assert points == 0 or worth > 0


def test_a_close_chicago_question_is_counted_again() -> None:
    """R5.1, R7.4: with `close_samples`, a question whose first count leaves it close — the
    share of deals in which the call holds near the qualifying rule's line, 8 points short
    of target − Chicago value — is counted in more imagined deals; a clear pass early in the
    game and a call that holds in every deal are not."""
    class Closer(HardBot):
        close_samples = 2 * HardBot.call_samples

    def samples(hand: str, score: int) -> int:
        state = chicago_question(hand, score)
        s = Closer().suggest(view(state, 0), legal_actions(state), bot_stream(1, 0, 0))
        assert s.advice is not None and isinstance(s.action, ChicagoCall)
        return s.advice.samples

    assert samples("Ah Ad Kd Qd Js", 30) == 3 * HardBot.call_samples
    assert samples("Ah Ad Kd Qd Js", 14) == HardBot.call_samples
    assert samples("Ac Ah As Ad Kd", 20) == HardBot.call_samples
    assert HardBot.close_samples == 0 and HardBot.close_plays == 0


def test_what_makes_a_decisionclose_call() -> None:
    """R5.1: a question is close when the call's worth is within two standard errors of the
    deal's without it, or its share near a line it is compared with; a call that held in
    every deal or in none never is. R6.1: a card is close to the next best when their
    paired difference is within two standard errors of nothing."""
    values = (20.0, -20.0)
    assert not close_call(0, 96, 0.0, 0.0, values, (0.6, None))
    assert not close_call(96, 96, 0.0, 96 * 30.0, values, (0.6, None))
    assert close_call(48, 96, 0.0, 0.0, values, (0.6, None))  # worth 0 against 0
    assert not close_call(48, 96, 0.0, 96 * 15.0, values, (0.9, None))  # worth far below
    assert close_call(48, 96, 0.0, 96 * 15.0, values, (0.9, 0.55))  # the share near 0.55
    a, b, c = cards("Ah Kh 2c")
    assert close_play({a: [1.0, 0.0, 1.0, 0.0], b: [0.0, 1.0, 0.0, 1.0], c: [0.0] * 4}, a)
    assert not close_play({a: [1.0, 1.0, 1.0, 1.0], b: [0.0, 0.0, 0.0, 0.0]}, a)
    assert not close_play({a: [1.0, 0.0]}, a)
