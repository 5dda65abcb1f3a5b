"""Policy-based inference (bots/policy.py; R2.1, R2.2, R2.5, R4.1, R4.2, R9.1, R9.2): the
others' hands weighed by how likely a player holding them was to do what the view showed,
never ruled out by an odd play, and read from the view's public history only."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago.bots.hard import HardBot
from chicago.bots.inference import consistent
from chicago.bots.knowledge import knowledge
from chicago.bots.policy import (
    COUNT_CHANCE,
    FACT,
    FLOOR,
    KINDS,
    Exchanged,
    PolicyDealer,
    Stage,
    histories,
    replay,
)
from chicago.core.actions import Exchange
from chicago.core.cards import cards
from chicago.core.engine import apply, legal_actions
from chicago.core.hands import Category, category_of, hand_value
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase
from chicago.core.views import view
from test_bots import table, until
from test_bots_inference import random_state


def weight_of(first: str, steps: tuple[Exchanged | Stage, ...]) -> float:
    """The weight of the history that starts with exactly these five cards (a pool of five:
    the first hand is all of it) and exchanges nothing."""
    hand, weight, _fits, _blind = replay(steps, tuple(cards(first)), Stream(1, "w"), 4)
    assert sorted(hand) == sorted(cards(first))
    return weight


def test_a_seat_that_stood_pat_more_likely_holds_a_made_hand() -> None:
    """R2.1, R2.5: a seat seen keeping all five at the last exchange: a history in which it
    held a straight or a full house weighs far more than one in which it held rags, and the
    rags keep a weight above zero (a person may stand pat on nothing, e.g. at 45, R2.4)."""
    pat = (Exchanged(3, 0),)
    made = [weight_of(h, pat) for h in ("9h 8d 7c 6s 5h", "Kh Kd Kc 5s 5h")]
    rags = [weight_of(h, pat) for h in ("Ah Kd 9c 5s 3h", "Jh 8d 6c 4s 2h")]
    assert min(made) > 3 * max(rags)
    assert min(rags) >= FLOOR


def test_an_announcement_weighs_the_histories() -> None:
    """R4.1, R4.2: the stage's winner held its category, the others no better, and when
    nobody scored nobody held a pair; a history that breaks one keeps a small weight (its
    earlier hands are guesses), never none."""
    flush, pair, rags = "Kh Jh 8h 5h 3h", "Qh Qd 9c 5s 3h", "Ah Kd 9c 5s 3h"
    won_flush = (Stage(True, int(Category.FLUSH)),)
    assert weight_of(flush, won_flush) == 1.0
    assert weight_of(pair, won_flush) == FACT
    lost_to_pair = (Stage(False, int(Category.ONE_PAIR)),)
    assert weight_of(rags, lost_to_pair) == weight_of(pair, lost_to_pair) == 1.0
    assert weight_of(flush, lost_to_pair) == FACT
    nobody = (Stage(False, -1),)
    assert weight_of(rags, nobody) == 1.0 and weight_of(pair, nobody) == FACT


def test_the_counts_are_a_fitted_policy_with_a_floor() -> None:
    """R2.1: the chance of each count given the plan's is measured (bench/policy_fit.py):
    what the plan would do is the likeliest count where the plan is clear (a made hand
    stands pat, a hand of two pair or four to a flush exchanges one), and no count is
    impossible."""
    for table_ in COUNT_CHANCE:
        assert all(p >= FLOOR for row in table_ for p in row)
        assert max(range(6), key=lambda c: table_[0][c]) == 0
        assert max(range(6), key=lambda c: table_[1][c]) == 1


def stood_pat_state() -> GameState:
    """Seat 1 keeps five at exchange 1 (it holds a straight, and wins stage 1 with it,
    R4.1); seats 0, 2 and 3 draw three; at exchange 2 seat 0 is to act."""
    hands = {0: "Ah Kd 9c 4s 2c", 1: "9h 8d 7c 6s 5h", 2: "Jc Td 8h 6d 4c",
             3: "Tc 9d 7h 5c 3d"}
    state = table(hands, stock="Qs 7d 3h Js 6h 2d Ts 4h 2h")
    plan = {0: [Exchange(0, tuple(cards("9c 4s 2c")))],
            2: [Exchange(2, tuple(cards("8h 6d 4c")))],
            3: [Exchange(3, tuple(cards("7h 5c 3d")))]}
    return until(state, lambda s: s.phase is Phase.EXCHANGE and s.exchange == 2, plan)


def twin_of_stood_pat() -> GameState:
    """`stood_pat_state` dealt otherwise only where seat 0 cannot see: the same view for
    seat 0 (R9.2's check that a bot decides from its view alone)."""
    return until(table({0: "Ah Kd 9c 4s 2c", 1: "9h 8d 7c 6s 5h", 2: "Tc 9d 7h 5c 3d",
                        3: "Jc Td 8h 6d 4c"}, stock="Qs 7d 3h Js 6h 2d Ts 4h 2h"),
                 lambda s: s.phase is Phase.EXCHANGE and s.exchange == 2,
                 {0: [Exchange(0, tuple(cards("9c 4s 2c")))],
                  2: [Exchange(2, tuple(cards("7h 5c 3d")))],
                  3: [Exchange(3, tuple(cards("8h 6d 4c")))]})


def test_the_dealer_gives_the_seat_that_stood_pat_made_hands() -> None:
    """R2.5, R4.1, R9.2: seat 0 saw seat 1 keep five and win stage 1 with a straight, and
    seats 2 and 3 draw three: the imagined deals give seat 1 a straight or better nearly
    always and seat 2 seldom, every deal fits the view, and the same view gives the same
    deals."""
    state = stood_pat_state()
    v = view(state, 0)
    kn = knowledge(v)
    steps = histories(v)
    assert steps is not None and steps[1][0] == Exchanged(1, 0)
    dealer = PolicyDealer.of(v, kn, Stream(3, "pat"))
    assert dealer is not None
    made = {1: 0, 2: 0}
    rng = Stream(4, "deal")
    for _ in range(200):
        hands, rest = dealer.deal(rng)
        assert consistent(kn, hands)
        assert set(rest) <= set(kn.unseen)
        for s in made:
            made[s] += category_of(hand_value(hands[s])) >= Category.STRAIGHT
    assert made[1] > 180 and made[2] < 40, made
    again = PolicyDealer.of(v, kn, Stream(3, "pat"))
    assert again is not None
    assert [again.deal(Stream(5, "x")) for _ in range(3)] == [
        dealer.deal(Stream(5, "x")) for _ in range(3)]


def test_fresh_draws_deal_more_distinct_hands() -> None:
    """R2.1, R2.5: seat 0 drew three this exchange and no stage has been announced since, so
    those three are blind draws nothing seen depends on: drawn afresh for every deal
    (`fresh`), the deals give seat 0 more distinct hands from the same bank, still keeping
    what its history kept, and every deal fits seat 3's view."""
    state = until(stood_pat_state(), lambda s: s.to_act == 3,
                  {0: [Exchange(0, tuple(cards("Ah Kd 3h")))]})
    v = view(state, 3)
    kn = knowledge(v)
    distinct = {}
    for fresh in (False, True):
        dealer = PolicyDealer.of(v, kn, Stream(6, "bank"), fresh=fresh)
        assert dealer is not None
        rng = Stream(7, "deal")
        seen = set()
        for _ in range(200):
            hands, _rest = dealer.deal(rng)
            assert consistent(kn, hands)
            seen.add(hands[0])
        distinct[fresh] = len(seen)
    assert distinct[True] > distinct[False] + 20, distinct


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), seats=st.integers(2, 6),
       profile_id=st.sampled_from(["chicago-gamewide-0.2", "classic", "common"]))
def test_every_history_fits_and_none_is_ruled_out(
    seed: int, steps: int, seats: int, profile_id: str
) -> None:
    """R2.2, R9.1, R9.2: every candidate a seat's bank holds has five cards the viewer has not
    seen (with the seat's kept offer) and a weight above zero, so the floor keeps every
    consistent world possible; the histories of a seat read the same from every view (they
    are public); and the deals fit the view."""
    state = random_state(seed, steps, seats, profile_id)
    for seat in range(seats):
        if state.eliminated[seat]:
            continue
        v = view(state, seat)
        kn = knowledge(v)
        dealer = PolicyDealer.of(v, kn, Stream(seed, "bank", seat))
        if dealer is None:
            continue
        mine = histories(v)
        assert mine is not None
        for other in kn.holders():
            theirs = histories(view(state, other))
            assert theirs is not None and theirs[other] == mine[other]
            cands, cumulative = dealer.banks[other]
            before = 0.0
            for cand, total in zip(cands, cumulative, strict=True):
                assert total > before  # a weight above zero
                before = total
                assert len(cand) == 5 and set(kn.known[other]) <= set(cand)
                assert set(cand) <= set(kn.unseen) | set(kn.known[other])
        hands, _rest = dealer.deal(Stream(seed, "deal", seat))
        assert consistent(kn, hands)
        fresh = PolicyDealer.of(v, kn, Stream(seed, "bank", seat), fresh=True)
        assert fresh is not None
        hands, _rest = fresh.deal(Stream(seed, "deal", seat))
        assert consistent(kn, hands)


class PolicyBot(HardBot):
    """Hard with the replayed histories (the bench's `hard-policy`)."""

    policy_kinds = KINDS


def test_hard_decides_the_same_for_a_seed_and_from_its_view_only() -> None:
    """R9.2: hard's exchange with the replayed histories is the same decision for the same
    view and stream, and two deals that differ only in cards seat 0 cannot see give it the
    same view, so the same decision."""
    state = stood_pat_state()
    assert state.to_act == 0
    other = twin_of_stood_pat()
    assert view(state, 0) == view(other, 0)
    legal = legal_actions(state)
    first = PolicyBot().suggest(view(state, 0), legal, Stream(9, "hard"))
    second = PolicyBot().suggest(view(state, 0), legal, Stream(9, "hard"))
    third = PolicyBot().suggest(view(other, 0), legal_actions(other), Stream(9, "hard"))
    assert first == second == third
    applied, _ = apply(state, first.action)
    assert applied.to_act == 1
