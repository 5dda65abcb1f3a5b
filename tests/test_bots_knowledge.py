"""What a view implies for the bots (R9.1, R9.2): unseen cards, voids, kept offers,
recycling, hand sizes — always from the view alone, checked here against the hidden state."""

from __future__ import annotations

import dataclasses

import pytest

from chicago.bots.knowledge import knowledge, sample_hands
from chicago.core.actions import Exchange, Offer, Play
from chicago.core.cards import DECK, cards
from chicago.core.engine import apply, legal_actions, new_game
from chicago.core.events import StockRecycled
from chicago.core.rules import HOUSE, PRESETS, RuleProfile
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase, StackedDeal
from chicago.core.views import view


def three_seats() -> GameState:
    """Dealer 2: seat 0 exchanges first; the stock starts Kc Kd Ks Qc Qd."""
    deal = StackedDeal(
        hands=(
            (0, cards("Qh 2h 9c 8d 4s")),
            (1, cards("Ah Ad 7c 5s 3d")),
            (2, cards("Jh Jd Tc 6s 5h")),
        ),
        stock=cards("Kc Kd Ks Qc Qd"),
    )
    return new_game(seats=3, seed=3, dealer=2, deals=[deal])


def test_unseen_dead_and_known_cards_after_an_exchange() -> None:
    """R2.2, R2.5: own discards and declined offers are dead; a kept offer is known to be in
    its keeper's hand; everything else not in the seat's hand is unseen."""
    state = three_seats()
    kn = knowledge(view(state, 0))
    assert len(kn.unseen) == 47 and set(kn.unseen).isdisjoint(kn.hand)
    state, _ = apply(state, Exchange(0, cards("9c 8d")))  # draws Kc Kd
    state, _ = apply(state, Exchange(1, cards("3d")))  # offered Ks
    state, _ = apply(state, Offer(1, True))
    state, _ = apply(state, Exchange(2, cards("5h")))  # offered Qc
    state, _ = apply(state, Offer(2, False))  # declines it, draws Qd
    kn = knowledge(view(state, 0))
    assert kn.hand == tuple(sorted(cards("Qh 2h 4s Kc Kd")))
    assert set(kn.dead) == set(cards("9c 8d Qc"))
    assert kn.known[1] == cards("Ks") and kn.known[2] == ()
    assert len(kn.unseen) == 52 - 5 - 3 - 1
    assert set(kn.unseen).isdisjoint({*kn.hand, *kn.dead, *kn.known[1]})
    assert kn.exchanged[0] == (2, 1, 1)
    assert kn.stock == 52 - 15 - 2 - 1 - 2 and kn.stock == len(state.stock)


def test_a_kept_offer_is_no_longer_known_once_its_keeper_discards() -> None:
    """R2.1: a later exchange may put the kept card away, so it is unseen again."""
    state = three_seats()
    state, _ = apply(state, Exchange(0, ()))
    state, _ = apply(state, Exchange(1, cards("3d")))
    state, _ = apply(state, Offer(1, True))  # keeps Kc
    state, _ = apply(state, Exchange(2, ()))
    assert knowledge(view(state, 0)).known[1] == cards("Kc")
    while state.exchange == 1 or state.to_act != 1:
        state, _ = apply(state, Exchange(state.to_act or 0, ()))
    state, _ = apply(state, Exchange(1, cards("Ah")))
    kn = knowledge(view(state, 0))
    assert kn.known[1] == ()
    assert cards("Kc")[0] in kn.unseen


def test_voids_come_from_not_following_suit() -> None:
    """R6.1: a seat that does not follow the led suit holds none of it."""
    state = three_seats()
    while state.phase is not Phase.PLAY:
        seat = state.to_act
        assert seat is not None
        state, _ = apply(state, legal_actions(state)[0])
    # Seat 0: Qh 2h 9c 8d 4s; seat 1: Ah Ad 7c 5s 3d; seat 2: Jh Jd Tc 6s 5h.
    for seat, text in [
        (0, "9c"), (1, "7c"), (2, "Tc"),  # seat 2 takes it
        (2, "6s"), (0, "4s"), (1, "5s"),
        (2, "Jd"), (0, "8d"), (1, "3d"),
        (2, "Jh"), (0, "Qh"), (1, "Ah"),  # seat 1 takes it
        (1, "Ad"), (2, "5h"),  # seat 2 has no diamond left
    ]:
        state, _ = apply(state, Play(seat, cards(text)[0]))
    kn = knowledge(view(state, 0))
    assert {s.value for s in kn.voids[2]} == {"d"}
    assert kn.voids[0] == frozenset() and kn.voids[1] == frozenset()
    assert len(kn.played) == 14 and kn.hand_sizes == (1, 0, 0)


def test_recycling_is_inferred_from_the_counts() -> None:
    """R2.3: six seats discarding four each outrun the 22-card stock; the recycling is not in
    the view, but the counts show it, and the recycled discards may be anywhere again."""
    state = new_game(seats=6, seed=8)
    mine = ()
    first = state.to_act
    while state.exchange == 1 and state.phase is Phase.EXCHANGE:
        seat = state.to_act
        assert seat is not None
        action = legal_actions(state)[-1]  # a four-card discard
        assert isinstance(action, Exchange) and len(action.discard) == 4
        if seat == first:
            mine = action.discard
        state, _ = apply(state, action)
    recycled = sum(isinstance(e, StockRecycled) for e in state.log)
    assert recycled == 1
    kn = knowledge(view(state, first or 0))
    assert kn.recycled == 1
    assert kn.stock == len(state.stock) and kn.pile == len(state.discards)
    assert set(mine) <= set(kn.unseen) and not set(mine) & set(kn.dead)


def card_places_hold(state: GameState, seat: int) -> None:
    kn = knowledge(view(state, seat))
    unseen = set(kn.unseen)
    assert kn.stock == len(state.stock) and kn.pile == len(state.discards)
    assert set(state.stock) <= unseen
    assert set(kn.dead) <= set(state.discards) | set(state.exchanging)
    assert unseen.isdisjoint(state.hands[seat])
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        assert set(kn.known[other]) <= set(hand)
        assert set(hand) <= unseen | set(kn.known[other])
        assert not any(c.suit in kn.voids[other] for c in hand)
    hands, rest = sample_hands(kn, Stream(seat, "sample"))
    assert hands[seat] == kn.hand
    dealt = [c for s, h in enumerate(hands) if s != seat for c in h]
    assert len(dealt) == len(set(dealt)) and set(dealt).isdisjoint(rest)
    for other in kn.holders():
        assert len(hands[other]) == len(state.hands[other])
        assert set(kn.known[other]) <= set(hands[other])


@pytest.mark.parametrize("profile", list(PRESETS.values()), ids=list(PRESETS))
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_knowledge_agrees_with_the_hidden_state(profile: RuleProfile, seats: int) -> None:
    """Along a random game: the counted stock and pile are the real ones, the others' cards
    are unseen or known, known cards are held, dead cards are in the discards, voids hold,
    and sampled hands respect all of it."""
    state = new_game(profile, seats, seed=seats)
    state = dataclasses.replace(state, scores=tuple(40 + i for i in range(seats)))
    pick = Stream(seats, "pick", profile.id)
    for _ in range(250):
        legal = legal_actions(state)
        if not legal:
            break
        for seat in range(seats):
            card_places_hold(state, seat)
        keep = state.phase is Phase.EXCHANGE and pick.below(4) == 0
        state, _ = apply(state, legal[0] if keep else legal[pick.below(len(legal))])


def test_knowledge_is_a_function_of_the_view() -> None:
    state = three_seats()
    v = view(state, 1)
    assert knowledge(v) == knowledge(dataclasses.replace(v))
    assert len(DECK) == len(knowledge(v).unseen) + 5
    _ = HOUSE
