"""The hard level's opponent model (R2.1, R2.2, R2.5, R4.1, R4.2, R5.1, R6.1, R9.1,
R9.2): the clues a view shows of each seat, their measured weights, and imagined deals drawn
by them that always fit the view."""

from __future__ import annotations

import dataclasses
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago.bots.inference import (
    KINDS,
    Dealer,
    Model,
    Reader,
    clues,
    consistent,
    deal_weighted,
    model,
    shape,
)
from chicago.bots.knowledge import knowledge
from chicago.core.actions import Exchange, Offer
from chicago.core.cards import cards
from chicago.core.engine import apply, legal_actions, new_game
from chicago.core.rules import PRESETS
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase
from chicago.core.views import view
from test_bots import decide, table, until

FITTED = model()
ALL = KINDS


def chance(key: str, outcome: int, hand: str) -> float:
    return FITTED.likelihood([(key, outcome)], shape(cards(hand)), ALL)


def test_shapes() -> None:
    """R3.1: the shape is the category and the aces held (none, one, two or more)."""
    assert shape(cards("Ah Kd 9c 5s 3h")) == 1
    assert shape(cards("Ah Ad 9c 5s 3h")) == 3 * 1 + 2
    assert shape(cards("Ah Kh 9h 5h 3h")) == 3 * 5 + 1
    assert shape(cards("Kh Kd Kc 5s 5h")) == 3 * 6


def test_a_seat_that_stood_pat_holds_a_made_hand_more_often() -> None:
    """R2.1: keeping all five at the last exchange made is far likelier with a straight or
    better than with a pair or nothing (measured in self-play, bench/opponents.py)."""
    pat = ("x33", 0)
    made = [chance(*pat, h) for h in ("9h 8d 7c 6s 5h", "Kh Jh 8h 5h 3h", "Kh Kd Kc 5s 5h")]
    weak = [chance(*pat, h) for h in ("Ah Kd 9c 5s 3h", "Qh Qd 9c 5s 3h")]
    assert min(made) > 3 * max(weak)  # not more: at 45+ keeping five avoids the reset (R2.4)


def test_three_cards_exchanged_mean_a_pair_kept() -> None:
    """R2.1: who exchanged three mostly kept a pair (some keep two high cards): just after,
    a pair is more than twice as likely as no pair."""
    assert chance("x11", 3, "Qh Qd 9c 5s 3h") > 2 * chance("x11", 3, "Kh Qd 9c 5s 3h")


def test_a_stage_won_with_a_flush_means_five_of_a_suit() -> None:
    """R4.1: a seat announced best with a flush at stage 2 that has not exchanged since
    holds five of one suit; the others hold no better than a flush."""
    won_flush = ("s22", 5)
    assert chance(*won_flush, "Kh Jh 8h 5h 3h") > 50 * chance(*won_flush, "Kh Kd Kc 5s 5h")
    assert chance(*won_flush, "Kh Jh 8h 5h 3h") > 50 * chance(*won_flush, "Qh Qd 9c 5s 3h")
    lost_to_flush = ("s22", 9 + 5)
    assert chance(*lost_to_flush, "Qh Qd 9c 5s 3h") > 10 * chance(
        *lost_to_flush, "Kh Kd Kc 5s 5h")


def test_nobody_scored_means_no_pair() -> None:
    """R4.2: when no stage award is made, nobody held a pair at that stage."""
    nobody = ("s11", 18)
    assert chance(*nobody, "Ah Kd 9c 5s 3h") > 10 * chance(*nobody, "Qh Qd 9c 5s 3h")


def test_smoothing_never_rules_a_hand_out() -> None:
    """No outcome gets a zero chance, even one the counts never saw."""
    m = Model.from_counts({"x11": [[0] * 6 for _ in range(27)]})
    assert all(p > 0 for row in m.chance["x11"] for p in row)
    assert all(p > 0 for rows in FITTED.chance.values() for row in rows for p in row)


def test_no_clue_kinds_weigh_every_hand_alike() -> None:
    """With no clue read the model is the uniform deal of knowledge.sample_hands."""
    state = exchanged_game()
    reader = Reader.of(view(state, 0), frozenset())
    assert reader.weight(1, cards("Ah Kd 9c 5s 3h")) == reader.weight(1, cards("Qh Qd Qc 5s 5h"))


def exchanged_game() -> GameState:
    """Seat 0 keeps five; seat 1 takes an open offer (R2.2), seat 2 draws three, seat 3
    keeps five; stage 1 is scored (R4.1)."""
    hands = {0: "Ah Kh 9h 4h 2c", 1: "Qc Qd 9h 5s 3c", 2: "Jc Td 8h 6s 4c", 3: "Tc 9d 7h 5c 3d"}
    state = table(hands, stock="7s 2d 2h 2s Ks Kd")
    state, _ = apply(state, Exchange(0, ()))
    state, _ = apply(state, Exchange(1, tuple(cards("3c"))))
    state, _ = apply(state, Offer(1, True))
    state, _ = apply(state, Exchange(2, tuple(cards("8h 6s 4c"))))
    state, _ = apply(state, Exchange(3, ()))
    assert state.phase is Phase.EXCHANGE and state.exchange == 2
    return state


def test_the_clues_a_view_shows() -> None:
    """R2.5, R4.1: counts, the kept offer and stage 1's winner and category, each with the
    exchanges the seat has made since the deal began."""
    state = exchanged_game()
    seen = clues(view(state, 0))
    won = [e for e in state.log if type(e).__name__ == "HandAnnounced"]
    assert len(won) == 1
    w, cat = won[0].seat, int(won[0].category)
    for s in range(4):
        stage = ("s11", cat if s == w else 9 + cat)
        assert stage in seen[s]
    assert ("x11", 0) in seen[0] and ("x11", 0) in seen[3]
    assert ("x11", 1) in seen[1] and ("o11", 1) in seen[1]
    assert ("x11", 3) in seen[2]


def random_state(seed: int, steps: int, seats: int, profile_id: str) -> GameState:
    profile = PRESETS[profile_id]
    state = new_game(profile, seats, seed=seed)
    state = dataclasses.replace(state, scores=tuple(20 + 3 * i for i in range(seats)))
    pick = Stream(seed, "pick", steps)
    for _ in range(steps):
        legal = legal_actions(state)
        if not legal:
            break
        keep = state.phase is Phase.EXCHANGE and pick.below(3) == 0
        state, _ = apply(state, legal[0] if keep else legal[pick.below(len(legal))])
    return state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), seats=st.integers(2, 6),
       profile_id=st.sampled_from(sorted(PRESETS)))
def test_weighted_deals_always_fit_the_view(
    seed: int, steps: int, seats: int, profile_id: str
) -> None:
    """R6.1, R2.2, R9.1: every imagined deal the model weighs — every candidate it may keep
    — gives each other seat its hand size and known cards, no card of a void suit, and only
    cards the seat has not seen; and the clues of a seat read the same from every view
    (they are public, R9.1), so the model reads nothing hidden (R9.2)."""
    state = random_state(seed, steps, seats, profile_id)
    for seat in range(seats):
        if state.eliminated[seat]:
            continue
        v = view(state, seat)
        kn = knowledge(v)
        reader = Reader.of(v)
        for i in range(3):
            hands, rest = deal_weighted(kn, reader, Stream(seed, "w", seat, i))
            assert consistent(kn, hands), (seat, hands)
            dealt = {c for s, h in enumerate(hands) if s != seat for c in h}
            assert dealt.isdisjoint(rest) and set(rest) <= set(kn.unseen)
        for other in range(seats):
            assert clues(v)[other] == clues(view(state, other))[other]


def test_weighting_prefers_the_announced_flush() -> None:
    """R4.1: seat 1 won stage 1 with a flush and kept five since: nearly every deal the model
    imagines gives it five of one suit, against a few per cent of uniform deals."""
    hands = {0: "Ah Kd 9c 4s 2c", 1: "Qh Jh 9h 5h 3h", 2: "Jc Td 8d 6s 4c", 3: "Tc 9d 7s 5c 3d"}
    state = table(hands, stock="7s 2d 2h 2s Ks Kc Kh Qs Qd Qc")
    state = until(state, lambda s: s.phase is Phase.EXCHANGE and s.exchange == 2 and
                  s.to_act == 0, {})
    v = view(state, 0)
    kn = knowledge(v)
    flushes = {}
    for name, kinds in (("none", frozenset()), ("all", KINDS)):
        reader = Reader.of(v, kinds)
        rng = Stream(5, "flush", name)
        n = 0
        for _ in range(200):
            h = deal_weighted(kn, reader, rng)[0][1]
            n += len({c.suit for c in h}) == 1
        flushes[name] = n / 200
    assert flushes["none"] < 0.05 and flushes["all"] > 0.5, flushes


def test_every_candidate_fits_its_seat() -> None:
    """R6.1, R2.2: the model weighs only candidate hands the view allows: each of a seat's
    bank holds cards unseen by the viewer, none of a suit the seat did not follow."""
    for seed in (3, 8):
        state = random_state(seed, 45, 4, "chicago-gamewide-0.2")
        for seat in range(4):
            v = view(state, seat)
            kn = knowledge(v)
            dealer = Dealer(kn, Reader.of(v), Stream(seed, "bank", seat))
            for other, (cands, cumulative) in dealer.banks.items():
                assert all(a <= b for a, b in pairwise(cumulative))
                for cand in cands:
                    assert set(cand) <= set(kn.unseen)
                    assert not any(c.suit in kn.voids[other] for c in cand)


def test_hard_reads_only_its_view() -> None:
    """R9.2: two deals that differ only in cards seat 0 cannot see (the others' hands and
    the stock) give seat 0 the same view, so the same decision, reason and advice."""
    mine = "Ah Kh 9h 4h 2c"
    a = {1: "Qc Qd 9c 5s 3c", 2: "Jc Td 8h 6s 4c", 3: "Tc 9d 7h 5c 3d"}
    b = {1: a[3], 2: a[1], 3: a[2]}
    one = table({0: mine, **a}, stock="7s 2d 2h 2s Ks Kd")
    two = table({0: mine, **b}, stock="Qs Js 8c 6c 6d 5d")
    assert view(one, 0) == view(two, 0)
    first, second = decide("hard", one), decide("hard", two)
    assert first == second


def test_the_fitted_lean_follows_what_players_keep() -> None:
    """R2.1: the first deal is uniform, so before any exchange every rank weighs about the
    same; after three exchanges players have kept their high cards and thrown the low ones
    away, so an unseen ace weighs several times an unseen two (bench/lean.py fits them)."""
    before = FITTED.lean["m0t0"]
    assert all(0.85 < w < 1.15 for w in before), before
    after = FITTED.lean["m3t0"]
    two, ace = after[0], after[-1]
    assert ace > 2 * two and ace == max(after), after
    accept = FITTED.accept("m3t0")
    assert accept is not None and accept[14] == 1 << 10 and 0 < accept[2] < accept[14]
    assert FITTED.accept("nowhere") is None


def test_the_lean_deals_the_others_their_high_cards() -> None:
    """R2.1, R9.2: before the first trick, seat 0 sees neither the aces nor the twos it does
    not hold; the model puts those aces in the others' hands more often with the lean than
    without it, and those twos less, and every deal still fits the view."""
    hands = {0: "Kh Qh 9c 5s 4d", 1: "Qc Qd 9h 5h 3c", 2: "Jc Td 8h 6s 4c", 3: "Tc 9d 7h 5c 3d"}
    state = until(table(hands, stock="7s 6d 6h 8s Js 8d"),
                  lambda s: s.phase is Phase.PLAY, {})
    v = view(state, 0)
    kn = knowledge(v)
    share: dict[str, tuple[float, float]] = {}
    for name, kinds in (("lean", KINDS), ("flat", KINDS - {"r"})):
        reader = Reader.of(v, kinds)
        assert (reader.lean(1) is not None) is (name == "lean")
        rng = Stream(9, "lean", name)
        aces = twos = 0
        unseen_aces = [c for c in kn.unseen if c.rank == 14]
        unseen_twos = [c for c in kn.unseen if c.rank == 2]
        for _ in range(300):
            dealt, _rest = deal_weighted(kn, reader, rng)
            assert consistent(kn, dealt)
            held = {c for s, h in enumerate(dealt) if s != 0 for c in h}
            aces += sum(c in held for c in unseen_aces)
            twos += sum(c in held for c in unseen_twos)
        share[name] = (aces / (300 * len(unseen_aces)), twos / (300 * len(unseen_twos)))
    assert share["lean"][0] > 2 * share["flat"][0], share
    assert share["lean"][1] < share["flat"][1] - 0.04, share
