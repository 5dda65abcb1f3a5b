"""Views (R9.1): what one seat may know — its own cards, played cards, face-up offers, scores,
qualifications, eliminations, exchange counts, announcements and whose turn it is; never
other hands, the stock, the discards or the seed."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chicago.core import views
from chicago.core.actions import Exchange, Offer, Play
from chicago.core.cards import DECK, card, cards, texts
from chicago.core.engine import apply, legal_actions, new_game
from chicago.core.events import CardsExchanged, HandAnnounced, OfferShown, visible_to
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase, StackedDeal
from chicago.core.views import PlayerView, view, view_to_json, watch_view
from strategies import play, seen_cards

SEED = 987_654_321


def json_text(state: GameState, seat: int) -> str:
    return json.dumps(view_to_json(view(state, seat)))


def quoted(c: object) -> str:
    return f'"{c}"'


def keys(value: object) -> Iterator[str]:
    """Every key of every object inside a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from keys(v)
    elif isinstance(value, list):
        for v in value:
            yield from keys(v)


def three_seats() -> GameState:
    """Dealer 0: seat 1 starts; the stock begins Kc Kd Ks."""
    deal = StackedDeal(
        hands=(
            (0, cards("Qh 2h 9c 8d 4s")),
            (1, cards("Ah Ad 7c 5s 3d")),
            (2, cards("Jh Jd Tc 6s 5h")),
        ),
        stock=cards("Kc Kd Ks"),
    )
    return new_game(seats=3, seed=SEED, dealer=0, deals=[deal])


def test_view_holds_own_hand_and_not_the_others() -> None:
    """R9.1: a seat sees its own cards and the sizes of the others' hands, not their cards."""
    state = new_game(seats=4, seed=SEED)
    for seat in range(4):
        v = view(state, seat)
        assert v.seat == seat
        assert v.hand == state.hands[seat]
        assert v.hand_sizes == (5, 5, 5, 5)
        raw = view_to_json(v)
        assert raw["hand"] == texts(state.hands[seat])
        text = json.dumps(raw)
        for other in range(4):
            if other != seat:
                for c in state.hands[other]:
                    assert quoted(c) not in text, f"seat {seat} sees {c} of seat {other}"


def test_view_has_no_seed_stock_or_discards() -> None:
    """R9.1: not the stock, not discards, not the seed (not even as a number)."""
    assert {f.name for f in dataclasses.fields(PlayerView)}.isdisjoint(
        {"seed", "setup", "stock", "discards", "exchanging", "out", "final_hands", "queue"}
    )
    state = new_game(seats=3, seed=SEED)
    state, _ = apply(state, legal_actions(state)[20])  # a three-card discard
    for seat in range(3):
        raw = view_to_json(view(state, seat))
        assert set(keys(raw)).isdisjoint({"seed", "setup", "stock", "discards", "exchanging"})
        text = json.dumps(raw)
        assert str(SEED) not in text
        for c in state.stock + state.discards:
            if c not in seen_cards(state, seat):
                assert quoted(c) not in text


def test_no_unseen_card_appears_in_any_view_of_random_games() -> None:
    """R9.1: along random games (exchanges, offers, recycling, tricks), every card a seat
    has not seen — the stock first of all — is absent from its JSON view."""
    for seed in range(6):
        rng = Stream(seed, "views")
        game = play(2 + seed % 5, seed, [rng.below(1024) for _ in range(150)])
        for state in game.states[::3]:
            for seat in range(game.seats):
                text = json_text(state, seat)
                seen = seen_cards(state, seat)
                leaked = [c.text for c in DECK if c not in seen and quoted(c) in text]
                assert not leaked, f"seat {seat} sees {leaked}"
                assert not any(quoted(c) in text for c in state.stock if c not in seen)


def test_a_watcher_knows_only_what_every_seat_knows() -> None:
    """R9.1 for a spectator (a watch link): no hand, no private event, no card that any
    seat has not seen — what an eliminated player may know; the public rest as a seat's."""
    for seed in range(4):
        rng = Stream(seed, "watch")
        game = play(2 + seed % 5, seed, [rng.below(1024) for _ in range(150)])
        for state in game.states[::3]:
            v = watch_view(state)
            assert v.hand == () and not v.my_turn
            raw = view_to_json(v)
            text = json.dumps(raw)
            public = set.intersection(*(seen_cards(state, s) for s in range(game.seats)))
            leaked = [c.text for c in DECK if c not in public and quoted(c) in text]
            assert not leaked, f"a watcher sees {leaked}"
            assert all(e is not None for e in raw["log"])  # owner-only events are left out
            assert not any(e["type"] == "cards_dealt" for e in raw["log"])  # type: ignore[index]
            seat0 = view_to_json(view(state, 0))
            for key in ("scores", "to_act", "offer", "trick", "tricks", "hand_sizes", "winner"):
                assert raw[key] == seat0[key]


def test_offer_is_seen_by_everyone_while_pending() -> None:
    """R2.2/R2.5: the offered card is dealt face up: every seat sees it, kept or declined."""
    state, _ = apply(three_seats(), Exchange(1, (card("3d"),)))
    assert state.phase is Phase.OFFER
    for seat in range(3):
        v = view(state, seat)
        assert v.offer == card("Kc")
        assert view_to_json(v)["offer"] == "Kc"
        assert OfferShown(1, card("Kc")) in v.log
    declined, _ = apply(state, Offer(1, False))  # draws Kd unseen
    for seat in range(3):
        raw = view_to_json(view(declined, seat))
        assert raw["offer"] is None
        assert {"type": "offer_declined", "seat": 1, "card": "Kc"} in raw["log"]  # type: ignore[operator]
        if seat != 1:
            assert '"Kd"' not in json.dumps(raw)  # the card drawn instead stays hidden
            assert '"3d"' not in json.dumps(raw)  # and so does the discard
    assert card("Kd") in view(declined, 1).hand


def test_exchange_counts_are_public_and_cards_private() -> None:
    """R2.5: others learn how many cards were exchanged, only the seat which ones."""
    state, _ = apply(three_seats(), Exchange(1, cards("7c 5s")))
    own = [e for e in view_to_json(view(state, 1))["log"] if e["type"] == "cards_exchanged"]  # type: ignore[index,union-attr]
    assert own == [
        {"type": "cards_exchanged", "seat": 1, "exchange": 1, "count": 2,
         "discarded": ["5s", "7c"], "drawn": ["Kc", "Kd"]},
    ]
    for seat in (0, 2):
        for event in view(state, seat).log:
            if isinstance(event, CardsExchanged):
                assert (event.count, event.discarded, event.drawn) == (2, (), ())
        raw = view_to_json(view(state, seat))
        theirs = [e for e in raw["log"] if e["type"] == "cards_exchanged"]  # type: ignore[index,union-attr]
        assert theirs == [{"type": "cards_exchanged", "seat": 1, "exchange": 1, "count": 2}]
        assert raw["hand_sizes"] == [5, 5, 5]
        for c in ("7c", "5s", "Kc", "Kd"):
            assert f'"{c}"' not in json.dumps(raw)


def test_an_exchange_is_redacted_once_for_every_other_seat() -> None:
    """R2.5, R9.1: the exchange others see is one emptied copy, shared by their views and
    by every later version's (a seat's redacted log is kept and extended), never the
    exchanger's own event."""
    state, _ = apply(three_seats(), Exchange(1, cards("7c 5s")))
    later, _ = apply(state, legal_actions(state)[0])

    def exchanged(s: GameState, seat: int) -> CardsExchanged:
        return next(e for e in view(s, seat).log if isinstance(e, CardsExchanged))

    hidden = exchanged(state, 0)
    assert (hidden.discarded, hidden.drawn) == ((), ())
    assert exchanged(state, 2) is hidden and exchanged(later, 0) is hidden
    assert any(e is hidden for e in watch_view(later).log)
    assert exchanged(state, 1).drawn == cards("Kc Kd") and exchanged(state, 1) is not hidden


def test_played_cards_are_seen_by_everyone() -> None:
    """R9.1: every card played to a trick is seen by the whole table."""
    state = three_seats()
    while state.phase is Phase.EXCHANGE:
        assert state.to_act is not None
        state, _ = apply(state, Exchange(state.to_act, ()))
    assert state.phase is Phase.PLAY and state.to_act == 1
    state, _ = apply(state, Play(1, card("Ah")))
    state, _ = apply(state, Play(2, card("Jh")))
    state, _ = apply(state, Play(0, card("Qh")))  # trick 1 complete, seat 1 takes it
    state, _ = apply(state, Play(1, card("3d")))
    for seat in range(3):
        v = view(state, seat)
        assert v.trick == ((1, card("3d")),)
        assert tuple(c for _, c in v.tricks[0].plays) == cards("Ah Jh Qh")
        assert v.leader == 1 and v.to_act == 2
        text = json.dumps(view_to_json(v))
        for c in ("Ah", "Jh", "Qh", "3d"):
            assert f'"{c}"' in text
    assert view(state, 0).hand_sizes == (4, 3, 4)


def test_announcements_have_seat_and_category_only() -> None:
    """R4.1: the best hand is announced by winner and category; no one's cards are shown."""
    state = three_seats()
    for _ in range(3):
        assert state.to_act is not None
        state, _ = apply(state, Exchange(state.to_act, ()))
    announced = [e for e in state.log if isinstance(e, HandAnnounced)]
    assert len(announced) == 1 and announced[0].seat == 1  # aces beat jacks
    for seat in range(3):
        raw = view_to_json(view(state, seat))
        found = [e for e in raw["log"] if e["type"] == "hand_announced"]  # type: ignore[index,union-attr]
        assert found == [{"type": "hand_announced", "stage": 1, "seat": 1, "category": "one pair"}]
        if seat != 1:
            assert '"Ah"' not in json.dumps(raw) and '"Ad"' not in json.dumps(raw)


def test_public_facts_are_in_every_view() -> None:
    """R9.1: scores, qualifications, eliminations and whose turn it is are public."""
    state = dataclasses.replace(
        three_seats(), scores=(3, 20, 7), qualified=(False, True, False)
    )
    for seat in range(3):
        raw = view_to_json(view(state, seat))
        assert raw["scores"] == [3, 20, 7]
        assert raw["qualified"] == [False, True, False]
        assert raw["eliminated"] == [False, False, False]
        assert raw["to_act"] == {"seat": 1, "decision": "exchange"}
        assert raw["status"] == "in_progress" and raw["winner"] is None
        assert raw["leader"] is None  # no trick yet
        assert raw["deal"] == 1 and raw["dealer"] == 0


def test_other_seats_dealt_cards_are_not_in_the_log() -> None:
    """R9.1: each seat's log holds its own cards_dealt event only."""
    state = three_seats()
    for seat in range(3):
        dealt = [e for e in view_to_json(view(state, seat))["log"] if e["type"] == "cards_dealt"]  # type: ignore[index,union-attr]
        assert dealt == [{"type": "cards_dealt", "seat": seat, "cards": texts(state.hands[seat])}]


@pytest.mark.parametrize("seat", [-1, 3, 10])
def test_view_of_a_seat_not_at_the_table_is_refused(seat: int) -> None:
    with pytest.raises(ValueError, match="no seat"):
        view(three_seats(), seat)


def _from_nothing(state: GameState, seat: int) -> tuple[object, ...]:
    """What `seat` sees of the deal's log, redacted event by event with nothing kept."""
    return tuple(views._redact(e, seat) for e in state.log if visible_to(e, seat))


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=2, max_value=6), st.integers(min_value=0, max_value=2**32),
       st.randoms(use_true_random=False))
def test_a_seat_sees_the_same_log_whatever_it_was_shown_before(
    seats: int, seed: int, rng: random.Random,
) -> None:
    """R9.1: a seat's log is redacted once and extended as the deal grows (`_seen`); views
    asked in any order — later, earlier, another deal's, another seat's, after the memory
    was emptied, or of another branch of the same deal (the same first events, then
    others) — equal the log redacted from nothing."""
    game = play(seats, seed, [rng.randrange(1_000) for _ in range(120)])
    states = list(game.states)
    for state in rng.sample(game.states, 10):  # branches: each legal action from one state
        states += [apply(state, a)[0] for a in legal_actions(state)[:3]]
    order = [(s, rng.randrange(seats)) for s in states for _ in range(2)]
    rng.shuffle(order)
    for k, (state, seat) in enumerate(order):
        if k % 37 == 36:
            views._seen.clear()
        assert view(state, seat).log == _from_nothing(state, seat)
        assert watch_view(state).log == _from_nothing(state, views.WATCHER)
