"""The core API: new_game, legal_actions, apply, IllegalAction, and the seeded shuffle.

Each test names the rule (docs/rules.md) or design principle (docs/design.md) it checks.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable

import pytest

from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import DECK, Card, Suit, card, cards, texts
from chicago.core.engine import IllegalAction, apply, legal_actions, new_game, to_act
from chicago.core.events import (
    CardPlayed,
    CardsDealt,
    CardsExchanged,
    ChicagoBroken,
    ChicagoCalled,
    ChicagoPassed,
    DealEnded,
    DealStarted,
    Event,
    ExchangeStarted,
    GameWon,
    HandAnnounced,
    PointsAwarded,
    TrickTaken,
)
from chicago.core.hands import Category
from chicago.core.shuffle import Stream, shuffled
from chicago.core.state import GameState, Phase, StackedDeal

# --- helpers ---------------------------------------------------------------------------


def stacked(seat0: str, seat1: str, stock: str = "") -> StackedDeal:
    """A two-seat stacked deal (the rest of the deck follows the stock in seeded order)."""
    return StackedDeal(hands=((0, cards(seat0)), (1, cards(seat1))), stock=cards(stock))


# Seat 1 (the dealer's left, dealer 0) holds a pair of aces; seat 0 holds nothing.
PAIR_DEAL = stacked("Qh 2h 9c 8d 4s", "Ah Ad 7c 5s 3d")


def two_seats(deal: StackedDeal = PAIR_DEAL, scores: tuple[int, int] = (0, 0)) -> GameState:
    state = new_game(seats=2, seed=5, dealer=0, deals=[deal])
    return dataclasses.replace(state, scores=scores)


def keep_all(state: GameState, exchanges: int = 1) -> GameState:
    """Everyone keeps their five cards for the next `exchanges` exchange rounds."""
    for _ in range(exchanges):
        number = state.exchange
        while state.phase is Phase.EXCHANGE and state.exchange == number:
            assert state.to_act is not None
            state, _ = apply(state, Exchange(state.to_act, ()))
    return state


def run(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, evs = apply(state, action)
        events.extend(evs)
    return state, events


def refused(state: GameState, action: Action, rule: str, words: str = "") -> IllegalAction:
    """Assert `action` is refused naming `rule` (message ends `— R…`), state untouched."""
    before = state.copy()
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.rule == rule
    assert str(error).endswith(f" — {rule}"), str(error)
    assert words in str(error)
    assert state == before
    return error


# --- the state value ----------------------------------------------------------------------


def test_state_copy_carries_every_field_to_its_own_name() -> None:
    """`copy` hands each field to the field of the same name: a field added, or two swapped,
    cannot shift the others (each field gets a distinct marker, which must come back)."""
    state = new_game(seats=3, seed=5)
    markers = {f.name: object() for f in dataclasses.fields(GameState)}
    for name, marker in markers.items():
        setattr(state, name, marker)
    copied = state.copy()
    assert copied is not state
    assert {name: getattr(copied, name) for name in markers} == markers


def test_state_is_built_by_keyword_with_every_field_given() -> None:
    """Built by position, a new field would silently shift the ones after it; left out,
    one would carry a default the engine never chose."""
    state = new_game(seats=3, seed=5)
    values = {f.name: getattr(state, f.name) for f in dataclasses.fields(GameState)}
    assert GameState(**values) == state
    with pytest.raises(TypeError):
        GameState(*values.values())  # type: ignore[misc]
    for name in values:
        with pytest.raises(TypeError, match=name):
            GameState(**{k: v for k, v in values.items() if k != name})


# --- new_game (R1.1, R1.2, R1.3) ------------------------------------------------------------


@pytest.mark.parametrize("seats", [0, 1, 7, -2, True, 4.0, "4"])
def test_new_game_refuses_a_table_of_the_wrong_size(seats: object) -> None:
    """R1.1: a game has 2–6 seats."""
    with pytest.raises(ValueError, match=r"2 to 6 seats.*R1\.1"):
        new_game(seats=seats)  # type: ignore[arg-type]


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_new_game_deals_five_to_each_seat(seats: int) -> None:
    """R1.1/R1.3: scores start at 0; five cards each, the rest is the stock."""
    state = new_game(seats=seats, seed=9)
    assert state.scores == (0,) * seats
    assert state.qualified == (False,) * seats
    assert state.eliminated == (False,) * seats
    assert [len(h) for h in state.hands] == [5] * seats
    assert len(state.stock) == 52 - 5 * seats
    assert state.deal == 1 and state.exchange == 1 and state.phase is Phase.EXCHANGE
    assert state.to_act == (state.dealer + 1) % seats  # R2.1: the dealer's left starts


@pytest.mark.parametrize("dealer", [-1, 4, 9])
def test_new_game_refuses_a_dealer_who_is_not_a_seat(dealer: int) -> None:
    """R1.1/R1.2: the first dealer must be one of the table's seats."""
    with pytest.raises(ValueError, match="dealer"):
        new_game(seats=4, dealer=dealer)


def test_first_dealer_drawn_from_the_seed_is_pinned() -> None:
    """R1.2, docs/design.md principle 4: the first dealer is drawn from the seed; a golden value, so
    a change to the random stream (which would change every saved game) is caught."""
    assert [new_game(seats=4, seed=seed).dealer for seed in range(4)] == [2, 0, 0, 3]
    assert [Stream(seed, "dealer").below(4) for seed in range(4)] == [2, 0, 0, 3]
    assert new_game(seats=4, seed=0, dealer=1).dealer == 1


GOLDEN_DECK_SEED_1_DEAL_1 = [
    "7d", "Qs", "9c", "5s", "7h", "4s", "4c", "Jc", "Kc", "Ac", "3s", "9s", "3d",
    "4d", "Ts", "As", "6d", "5d", "9d", "Qh", "2c", "3h", "4h", "Ks", "8h", "Tc",
    "Td", "2h", "6h", "Js", "7s", "Kh", "5h", "Th", "Ah", "7c", "Qd", "Kd", "2d",
    "9h", "8s", "3c", "6s", "Qc", "Jh", "8d", "8c", "2s", "Jd", "5c", "Ad", "6c",
]


def test_seeded_deck_is_pinned() -> None:
    """docs/design.md principle 4 (R1.3): same seed, same game, forever — the deck of (seed 1,
    deal 1) is a golden list; it is dealt one card at a time from the dealer's left."""
    deck = shuffled(DECK, 1, "deck", 1)
    assert texts(deck) == GOLDEN_DECK_SEED_1_DEAL_1
    state = new_game(seats=4, seed=1)
    assert state.dealer == 0
    order = [1, 2, 3, 0]
    for i, seat in enumerate(order):
        assert state.hands[seat] == deck[i : 20 : 4]
    assert state.stock == deck[20:]


@pytest.mark.parametrize("n", [1, 3, 52, 1000, 2**31 + 1])
def test_belows_gives_what_below_gives(n: int) -> None:
    """The bots' hot sampling path draws the same integers as `below`, and leaves the stream
    where `below` would (it takes a word only when asked for the next number)."""
    a, b = Stream(7, "x", n), Stream(7, "x", n)
    gen = b.belows(n)
    assert [a.below(n) for _ in range(300)] == [next(gen) for _ in range(300)]
    assert a.word() == b.word()
    with pytest.raises(ValueError, match="positive bound"):
        next(Stream(1).belows(0))


def test_stacked_deal_replaces_the_shuffle() -> None:
    """docs/game-file.md `deals`: the named hands and stock top are dealt as given."""
    deal = stacked("Qh 2h 9c 8d 4s", "Ah Ad 7c 5s 3d", "Kc Kd")
    state = new_game(seats=2, seed=5, dealer=0, deals=[deal])
    assert texts(state.hands[0]) == ["Qh", "2h", "9c", "8d", "4s"]
    assert texts(state.hands[1]) == ["Ah", "Ad", "7c", "5s", "3d"]
    assert texts(state.stock[:2]) == ["Kc", "Kd"]
    assert sorted(state.stock[2:] + state.stock[:2] + state.hands[0] + state.hands[1]) == list(
        DECK
    )


# --- legal_actions ------------------------------------------------------------------------


def test_exchange_choices_are_the_31_discards_of_0_to_4_cards() -> None:
    """R2.1: keep all five or discard 1–4: 1 + 5 + 10 + 10 + 5 = 31 distinct choices."""
    state = new_game(seats=3, seed=2)
    seat = state.to_act
    legal = list(legal_actions(state))
    assert len(legal) == 31
    assert all(isinstance(a, Exchange) and a.seat == seat for a in legal)
    sizes = Counter(len(a.discard) for a in legal)  # type: ignore[union-attr]
    assert sizes == {0: 1, 1: 5, 2: 10, 3: 10, 4: 5}
    assert len({frozenset(a.discard) for a in legal}) == 31  # type: ignore[union-attr]
    assert seat is not None
    hand = set(state.hands[seat])
    assert all(set(a.discard) <= hand for a in legal)  # type: ignore[union-attr]
    assert not any(a.confirm_reset for a in legal)  # type: ignore[union-attr]
    assert to_act(state) == (seat, "exchange")


@pytest.mark.parametrize(("score", "confirm"), [(44, False), (45, True), (51, True)])
def test_exchange_choices_confirm_the_reset_at_45_or_more(score: int, confirm: bool) -> None:
    """R2.4: at 45+ every discarding exchange carries confirm_reset; keeping needs none."""
    state = new_game(seats=3, seed=2)
    seat = state.to_act
    assert seat is not None
    scores = tuple(score if x == seat else 0 for x in range(3))
    state = dataclasses.replace(state, scores=scores)
    for action in legal_actions(state):
        assert isinstance(action, Exchange)
        assert action.confirm_reset is (confirm and bool(action.discard))
    discard = next(a for a in legal_actions(state) if len(a.discard) == 2)  # type: ignore[union-attr]
    after, _ = apply(state, discard)
    assert after.scores[seat] == (0 if confirm else score)


def test_one_card_discard_gets_the_open_offer() -> None:
    """R2.2: discarding exactly one card shows the top stock card; keep it or decline it."""
    state = two_seats(stacked("Qh 2h 9c 8d 4s", "Ah Ad 7c 5s 3d", "Kc Kd"))
    state, _ = apply(state, Exchange(1, (card("3d"),)))
    assert state.phase is Phase.OFFER and state.offer == card("Kc")
    assert set(legal_actions(state)) == {Offer(1, True), Offer(1, False)}
    assert len(legal_actions(state)) == 2
    kept, _ = apply(state, Offer(1, True))
    assert card("Kc") in kept.hands[1]
    declined, _ = apply(state, Offer(1, False))
    assert card("Kd") in declined.hands[1] and card("Kc") in declined.discards


def test_four_of_a_kind_asks_for_points_or_reset() -> None:
    """R4.3: four of a kind as the best hand: its holder chooses 8 points or a reset."""
    state = keep_all(two_seats(stacked("Kh Qh 9c 8d 4s", "Ah Ad Ac As 2c")))
    assert state.phase is Phase.QUADS and state.to_act == 1
    assert set(legal_actions(state)) == {QuadsChoice(1, "points"), QuadsChoice(1, "reset")}


def test_chicago_question_asks_only_players_with_15() -> None:
    """R5.1: after exchange 3, players with 15+ are asked (call or pass)."""
    state = keep_all(two_seats(scores=(15, 0)), 3)
    assert state.phase is Phase.CHICAGO and state.to_act == 0 and state.queue == (0,)
    assert set(legal_actions(state)) == {ChicagoCall(0, True), ChicagoCall(0, False)}
    nobody = keep_all(two_seats(), 3)
    assert nobody.phase is Phase.PLAY  # no one eligible: straight to the tricks


def test_play_must_follow_suit() -> None:
    """R6.1: the first from the dealer's left leads anything; then follow the led suit."""
    state = keep_all(two_seats(), 3)
    assert state.phase is Phase.PLAY and state.to_act == 1
    assert {a.card for a in legal_actions(state)} == set(cards("Ah Ad 7c 5s 3d"))  # type: ignore[union-attr]
    state, _ = apply(state, Play(1, card("Ah")))
    assert set(legal_actions(state)) == {Play(0, card("Qh")), Play(0, card("2h"))}
    # Void in the led suit: anything goes.
    state, _ = run(state, Play(0, card("2h")), Play(1, card("Ad")))
    assert set(legal_actions(state)) == {Play(0, card("8d"))}
    state, _ = run(state, Play(0, card("8d")), Play(1, card("5s")))
    assert set(legal_actions(state)) == {Play(0, card("4s"))}
    state, _ = run(state, Play(0, card("4s")), Play(1, card("7c")))
    assert set(legal_actions(state)) == {Play(0, card("9c"))}


def test_nothing_is_legal_after_the_game_is_over() -> None:
    """R8.2/R4.4: a straight flush at the first scoring wins at once; nothing follows."""
    state = keep_all(two_seats(stacked("9h Th Jh Qh Kh", "Ah Ad 7c 5s 3d")))
    assert state.phase is Phase.FINISHED and state.winner == 0
    assert state.scores[0] == 52
    assert legal_actions(state) == ()
    assert to_act(state) is None


# --- illegal actions ----------------------------------------------------------------------


def test_illegal_action_is_a_value_error_naming_the_rule() -> None:
    """docs/design.md principle 3: one error type, a ValueError, whose message names the rule."""
    assert issubclass(IllegalAction, ValueError)
    error = IllegalAction("follow_suit", "R6.1", seat=2, suit=Suit.HEARTS)
    assert str(error) == "seat 2 must follow suit (hearts led) — R6.1"
    assert error.rule == "R6.1" and error.reason.startswith("seat 2")
    assert error.kind == "follow_suit" and error.params == {"seat": 2, "suit": Suit.HEARTS}


def test_wrong_seat_is_refused() -> None:
    """R2.1: the exchange goes clockwise from the dealer's left: seat 1 first, not seat 0."""
    refused(two_seats(), Exchange(0, ()), "R2.1", "seat 1's turn")
    refused(two_seats(), Exchange(5, ()), "R1.1", "no seat 5")
    # R1.1: a bool is not a seat number, even where it equals the seat to act (True == 1):
    # accepting it would record an action that the game file refuses (docs/game-file.md `seat`).
    refused(two_seats(), Exchange(True, ()), "R1.1", "no seat True")  # type: ignore[arg-type]


def test_wrong_kind_for_the_phase_is_refused() -> None:
    """R2.1/R2.2/R6.1: each phase takes one kind of decision."""
    state = two_seats()
    refused(state, Play(1, card("Ah")), "R2.1", "must exchange")
    refused(state, ChicagoCall(1, True), "R2.1")
    refused(state, Offer(1, True), "R2.1")
    offer, _ = apply(state, Exchange(1, (card("3d"),)))
    refused(offer, Exchange(1, ()), "R2.2", "answer the open offer")
    playing = keep_all(state, 3)
    refused(playing, Exchange(1, ()), "R6.1", "must play a card")
    quads = keep_all(two_seats(stacked("Kh Qh 9c 8d 4s", "Ah Ad Ac As 2c")))
    refused(quads, Play(1, card("Ah")), "R4.3")


def test_eliminated_seat_is_refused() -> None:
    """R8.3: an eliminated player takes no further part."""
    state = new_game(seats=3, seed=4, dealer=0)
    state = dataclasses.replace(
        state,
        eliminated=(False, False, True),
        hands=(state.hands[0], state.hands[1], ()),
        scores=(0, 0, 55),
    )
    refused(state, Exchange(2, ()), "R8.3", "eliminated")


def test_exchange_errors_are_refused() -> None:
    """R2.1: discard only cards held, each once, at most four; R2.4: 45+ needs confirmation."""
    state = two_seats()
    refused(state, Exchange(1, (card("Kc"),)), "R2.1", "does not hold Kc")
    refused(state, Exchange(1, (card("Ah"), card("Ah"))), "R2.1", "twice")
    refused(state, Exchange(1, cards("Ah Ad 7c 5s 3d")), "R2.1", "at most 4")
    refused(state, Exchange(1, ["Ah"]), "R2.1")  # type: ignore[arg-type]
    rich = two_seats(scores=(0, 45))
    refused(rich, Exchange(1, (card("3d"),)), "R2.4", "confirm_reset")
    after, _ = apply(rich, Exchange(1, (card("3d"),), confirm_reset=True))
    assert after.scores[1] == 0
    kept, _ = apply(rich, Exchange(1, ()))  # keeping all five needs no confirmation
    assert kept.scores[1] == 45


def test_malformed_answers_are_refused() -> None:
    """R2.2/R4.3/R5.1: answers must be one of the offered choices."""
    offer, _ = apply(two_seats(), Exchange(1, (card("3d"),)))
    refused(offer, Offer(1, "yes"), "R2.2")  # type: ignore[arg-type]
    quads = keep_all(two_seats(stacked("Kh Qh 9c 8d 4s", "Ah Ad Ac As 2c")))
    refused(quads, QuadsChoice(1, "both"), "R4.3")  # type: ignore[arg-type]
    calls = keep_all(two_seats(scores=(15, 0)), 3)
    refused(calls, ChicagoCall(0, 1), "R5.1")  # type: ignore[arg-type]


def test_chicago_call_under_15_is_refused() -> None:
    """R5.1: players under 15 are not asked, and a call by one is refused."""
    state = keep_all(two_seats(scores=(15, 10)), 3)
    assert state.phase is Phase.CHICAGO and state.queue == (0,)
    refused(state, ChicagoCall(1, True), "R5.1", "may not call Chicago")


def test_play_errors_are_refused() -> None:
    """R6.1: play a card you hold, following the led suit when you can."""
    state = keep_all(two_seats(), 3)
    refused(state, Play(1, card("Kc")), "R6.1", "does not hold Kc")
    refused(state, Play(0, card("Qh")), "R6.1", "seat 1's turn")
    led, _ = apply(state, Play(1, card("Ah")))
    refused(led, Play(0, card("9c")), "R6.1", "must follow suit (hearts led)")


def test_any_action_after_the_game_is_over_is_refused() -> None:
    """R8: nothing is played after the win."""
    state = keep_all(two_seats(stacked("9h Th Jh Qh Kh", "Ah Ad 7c 5s 3d")))
    for action in (Exchange(1, ()), Play(0, card("9h")), ChicagoCall(0, True)):
        refused(state, action, "R8", "the game is over")


# --- R1.4: the order of a deal ------------------------------------------------------------


def deal_story(state: GameState, pick: Callable[[GameState], Action]) -> list[Event]:
    """Play `pick`'s choice until the first deal ends; the events of the whole deal."""
    events = list(state.log)
    while state.deal == 1 and not state.finished:
        state, evs = apply(state, pick(state))
        events.extend(evs)
    return events


def first_legal(state: GameState) -> Action:
    return legal_actions(state)[0]


def test_a_deal_runs_in_the_order_of_r1_4() -> None:
    """R1.4/R6.3: exchange 1 → scoring 1 → exchange 2 → scoring 2 → exchange 3 → Chicago
    question → five tricks → last-trick award → final-hand award → the next deal at once."""
    events = deal_story(two_seats(scores=(15, 0)), first_legal)
    h = cards
    assert events[:37] == [
        DealStarted(1, 0, (1, 0)),
        CardsDealt(1, h("Ah Ad 7c 5s 3d")),
        CardsDealt(0, h("Qh 2h 9c 8d 4s")),
        ExchangeStarted(1),
        CardsExchanged(1, 1, 0, (), ()),
        CardsExchanged(0, 1, 0, (), ()),
        HandAnnounced(1, 1, Category.ONE_PAIR),
        PointsAwarded(1, 1, 1, "hand"),
        ExchangeStarted(2),
        CardsExchanged(1, 2, 0, (), ()),
        CardsExchanged(0, 2, 0, (), ()),
        HandAnnounced(2, 1, Category.ONE_PAIR),
        PointsAwarded(1, 1, 2, "hand"),
        ExchangeStarted(3),
        CardsExchanged(1, 3, 0, (), ()),
        CardsExchanged(0, 3, 0, (), ()),
        ChicagoPassed(0),  # first_legal answers no
        CardPlayed(1, card("Ah"), 1),
        CardPlayed(0, card("Qh"), 1),
        TrickTaken(1, 1, card("Ah")),
        CardPlayed(1, card("Ad"), 2),
        CardPlayed(0, card("8d"), 2),
        TrickTaken(2, 1, card("Ad")),
        CardPlayed(1, card("7c"), 3),
        CardPlayed(0, card("9c"), 3),
        TrickTaken(3, 0, card("9c")),
        CardPlayed(0, card("2h"), 4),
        CardPlayed(1, card("5s"), 4),
        TrickTaken(4, 0, card("2h")),
        CardPlayed(0, card("4s"), 5),
        CardPlayed(1, card("3d"), 5),
        TrickTaken(5, 0, card("4s")),
        PointsAwarded(0, 5, 20, "last_trick"),
        HandAnnounced(3, 1, Category.ONE_PAIR),
        PointsAwarded(1, 1, 3, "hand"),
        DealEnded(1, "complete"),
        DealStarted(2, 1, (0, 1)),
    ]
    # R1.2/R1.3: the next deal is dealt at once, from the next dealer's left.
    assert [type(e) for e in events[37:]] == [CardsDealt, CardsDealt, ExchangeStarted]
    assert [e.seat for e in events[37:39]] == [0, 1]  # type: ignore[attr-defined]


def test_a_broken_chicago_ends_the_deal_after_that_trick() -> None:
    """R5.2/R7.2/R8.5/R1.4: the caller leads; the first trick lost breaks the Chicago: the
    caller loses 15 (not below 0), the breaker gains 10, and the next deal follows at once."""
    state = keep_all(two_seats(scores=(15, 0)), 3)
    state, events = run(state, ChicagoCall(0, True))
    assert events == [ChicagoCalled(0)]
    assert state.to_act == 0 and state.qualified == (True, False)
    state, events = run(state, Play(0, card("Qh")), Play(1, card("Ah")))
    assert events[:6] == [
        CardPlayed(0, card("Qh"), 1),
        CardPlayed(1, card("Ah"), 1),
        TrickTaken(1, 1, card("Ah")),
        ChicagoBroken(0, 1),
        PointsAwarded(0, -15, 0, "chicago_broken"),
        PointsAwarded(1, 10, 12, "chicago_breaker"),
    ]
    assert events[6:8] == [DealEnded(1, "chicago_broken"), DealStarted(2, 1, (0, 1))]
    assert state.deal == 2 and state.phase is Phase.EXCHANGE
    assert state.qualified == (True, False)  # R7.3/R7.4: the call qualifies, whatever its result


def test_straight_flush_wins_at_once() -> None:
    """R4.4/R8.2: a straight flush as the best hand wins at once, qualified or not."""
    state = two_seats(stacked("9h Th Jh Qh Kh", "Ah Ad 7c 5s 3d"))
    state, events = run(state, Exchange(1, ()), Exchange(0, ()))
    assert events[-3:] == [
        HandAnnounced(1, 0, Category.STRAIGHT_FLUSH),
        PointsAwarded(0, 52, 52, "straight_flush"),
        GameWon(0, "straight_flush"),
    ]


# --- shuffle.py ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 7, 52, 1000, 2**31 + 1])
def test_stream_below_stays_in_range(n: int) -> None:
    """docs/design.md principle 4: below(n) is an integer in [0, n)."""
    stream = Stream(3, "range", n)
    values = [stream.below(n) for _ in range(500)]
    assert all(isinstance(v, int) and 0 <= v < n for v in values)
    if n > 1:
        assert len(set(values)) > 1


def test_stream_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError):
        Stream(0).below(0)


@pytest.mark.parametrize("n", [6, 10, 52])
def test_stream_below_is_roughly_uniform(n: int) -> None:
    """R1.3 (a fair shuffle): a chi-square sanity check on 10,000 draws, with bounds far
    wider than chance (the 99.9999% point of chi-square is about 3n for these n)."""
    stream = Stream(12345, "uniform", n)
    draws = 10_000
    counts = Counter(stream.below(n) for _ in range(draws))
    expected = draws / n
    chi2 = sum((counts.get(k, 0) - expected) ** 2 / expected for k in range(n))
    assert chi2 < 3 * n + 20
    assert min(counts.values()) > expected * 0.7


def test_stream_random_is_in_the_unit_interval() -> None:
    stream = Stream(7, "float")
    values = [stream.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.4 < sum(values) / len(values) < 0.6


def test_shuffled_is_a_permutation_and_stable() -> None:
    """docs/design.md principle 4: shuffled is a permutation, the same for the same seed and labels
    on every call, and different for another seed or label."""
    order = shuffled(DECK, 42, "deck", 1)
    assert sorted(order) == list(DECK) and len(set(order)) == 52
    assert order == shuffled(DECK, 42, "deck", 1)
    assert order == Stream(42, "deck", 1).shuffled(DECK)
    assert order != shuffled(DECK, 43, "deck", 1)
    assert order != shuffled(DECK, 42, "deck", 2)
    assert order != shuffled(DECK, 42, "fill", 1)
    assert shuffled((), 1) == () and shuffled(("x",), 1) == ("x",)


def test_stream_is_reproducible_word_for_word() -> None:
    """docs/design.md principle 4: two streams of one seed and labels give the same values."""
    a, b = Stream(99, "x", 3), Stream(99, "x", 3)
    assert [a.below(1000) for _ in range(300)] == [b.below(1000) for _ in range(300)]
    c, d = Stream(99, "x", 4), Stream(99, "x", 3)
    assert [c.below(2**31) for _ in range(4)] != [d.below(2**31) for _ in range(4)]


def test_cards_module_round_trip() -> None:
    """Notation: the 52 cards parse from and format to their two-letter form."""
    assert [card(c.text) for c in DECK] == list(DECK)
    assert len({c.text for c in DECK}) == 52
    assert isinstance(DECK[0], Card) and DECK[0].text == "2c" and DECK[-1].text == "As"
    with pytest.raises(ValueError, match="unknown card"):
        card("1x")
    assert all(re.fullmatch(r"[2-9TJQKA][cdhs]", c.text) for c in DECK)
