"""Hand evaluation (RULES section III): categories R3.1, kickers and suits R3.2.

The exhaustive test checks every one of the 2,598,960 five-card hands against the known
category counts and against `reference_key`, a slow but obviously correct ordering.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chicago.core.cards import DECK, Card, cards
from chicago.core.hands import (
    NUM_VALUES,
    ROYAL_FLUSH,
    Category,
    category_of,
    describe,
    hand_value,
    ranks_of,
)

RefKey = tuple[int, tuple[int, ...]]


def reference_key(hand: Sequence[Card]) -> RefKey:
    """Textbook poker order: (category, ranks by count desc then rank desc), ace low in
    the wheel. Deliberately naive and independent of the module's tables."""
    ranks = [c.rank for c in hand]
    if sorted(ranks) == [2, 3, 4, 5, 14]:
        ranks = [1 if r == 14 else r for r in ranks]  # A-2-3-4-5 is five high (R3.1)
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c.suit for c in hand}) == 1
    straight = len(counts) == 5 and max(ranks) - min(ranks) == 4
    if straight and flush:
        category = 8
    elif shape == [4, 1]:
        category = 7
    elif shape == [3, 2]:
        category = 6
    elif flush:
        category = 5
    elif straight:
        category = 4
    elif shape == [3, 1, 1]:
        category = 3
    elif shape == [2, 2, 1]:
        category = 2
    elif shape == [2, 1, 1, 1]:
        category = 1
    else:
        category = 0
    return category, tuple(order)


def hv(text: str) -> int:
    return hand_value(cards(text))


# Known counts of the 2,598,960 five-card hands per category (R3.1).
HANDS_PER_CATEGORY = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}
# Distinct values (rank classes) per category, weakest category first.
CLASSES_PER_CATEGORY = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)


@pytest.mark.slow
def test_r3_1_r3_2_every_five_card_hand_exhaustively() -> None:
    """R3.1/R3.2 over all C(52,5) hands: category counts, 7,462 values, exact order."""
    tally = [0] * NUM_VALUES
    # Everything a hand's strength may depend on: its ranks (ascending, as DECK is
    # rank-major) and whether it is a flush. Suits otherwise must not matter (R3.2).
    seen: set[tuple[int, int, int, int, int, bool, int]] = set()
    add = seen.add
    for hand in combinations(DECK, 5):
        a, b, c, d, e = hand
        value = hand_value(hand)
        tally[value] += 1
        flush = a.suit is b.suit is c.suit is d.suit is e.suit
        add((a.rank, b.rank, c.rank, d.rank, e.rank, flush, value))
    assert sum(tally) == 2_598_960
    assert all(tally), "every value 0..7461 occurs"
    # Each (ranks, flush) pattern has exactly one value and no two patterns share one.
    patterns = {p[:6]: p[6] for p in seen}
    assert len(patterns) == len(seen) == NUM_VALUES

    # Independent ordering: the reference key, computed once per pattern.
    examples = {pattern: _example(pattern[:5], flush=pattern[5]) for pattern in patterns}
    ref = {value: reference_key(examples[p]) for p, value in patterns.items()}
    assert len(set(ref.values())) == NUM_VALUES  # value equality <=> reference equality
    by_value = [ref[v] for v in range(NUM_VALUES)]
    assert by_value == sorted(by_value)  # and the same strict order

    counts: Counter[Category] = Counter()
    for value, n in enumerate(tally):
        category = category_of(value)
        assert category == ref[value][0]
        counts[category] += n
    assert counts == HANDS_PER_CATEGORY
    # Categories are contiguous ascending blocks of values.
    categories = [category_of(v) for v in range(NUM_VALUES)]
    assert categories == sorted(categories)
    assert [categories.count(cat) for cat in Category] == list(CLASSES_PER_CATEGORY)


def _example(ranks: Sequence[int], *, flush: bool) -> list[Card]:
    """Some hand with these ranks, a flush or not: repeats of a rank take successive
    suits; five distinct ranks are all clubs, or clubs with one diamond."""
    suits = [0 if flush else ranks[:i].count(r) for i, r in enumerate(ranks)]
    if not flush and len(set(ranks)) == 5:
        suits[-1] = 1
    return [DECK[(r - 2) * 4 + s] for r, s in zip(ranks, suits, strict=True)]


def test_example_helper() -> None:
    assert _example((2, 3, 3, 3, 3), flush=False) == list(cards("2c 3c 3d 3h 3s"))
    assert _example((2, 3, 4, 5, 7), flush=False) == list(cards("2c 3c 4c 5c 7d"))
    assert _example((2, 3, 4, 5, 7), flush=True) == list(cards("2c 3c 4c 5c 7c"))


def test_r3_1_extremes() -> None:
    assert hv("7c 5d 4h 3s 2c") == 0
    assert hv("Ah Kh Qh Jh Th") == ROYAL_FLUSH == 7461
    assert describe(ROYAL_FLUSH) == "royal flush"


def test_r3_1_wheel_is_the_lowest_straight() -> None:
    wheel = hv("5c 4d 3h 2s Ac")
    assert category_of(wheel) is Category.STRAIGHT
    assert ranks_of(wheel) == (5,)
    assert wheel < hv("6c 5d 4h 3s 2c") < hv("Ac Kd Qh Js Tc")
    assert wheel > hv("Ac Ad Ah Ks Qc")  # still beats the best three of a kind
    offsuit_straights = [_example(range(top - 4, top + 1), flush=False) for top in range(6, 15)]
    assert all(wheel < hand_value(h) for h in offsuit_straights)
    assert describe(wheel) == "straight, five high"


def test_r3_1_wheel_is_the_lowest_straight_flush() -> None:
    steel = hv("5h 4h 3h 2h Ah")
    assert category_of(steel) is Category.STRAIGHT_FLUSH
    assert steel < hv("6h 5h 4h 3h 2h")
    assert steel > hv("Ac Ad Ah As Kc")  # beats the best four of a kind
    assert describe(steel) == "straight flush, five high"
    assert category_of(steel - 1) is Category.FOUR_OF_A_KIND
    suited_straights = [_example(range(top - 4, top + 1), flush=True) for top in range(6, 15)]
    assert all(steel < hand_value(h) for h in suited_straights)


def test_r3_1_ace_high_straight_beats_king_high() -> None:
    assert hv("Ac Kd Qh Js Tc") > hv("Kc Qd Jh Ts 9c")
    assert hv("Ac Kc Qc Jc Tc") > hv("Kd Qd Jd Td 9d")
    assert hv("Kc Ad Qh As 2c") < hv("Ac Kd Qh Js Tc")  # no wrap-around straight


def test_r3_1_category_order() -> None:
    """One example per category, weakest first; each beats the previous one."""
    ladder = [
        "Ac Kd Qh Js 9c",
        "2c 2d 3h 4s 5c",
        "2c 2d 3h 3s 4c",
        "2c 2d 2h 3s 4c",
        "5c 4d 3h 2s Ac",
        "2c 3c 4c 5c 7c",
        "2c 2d 2h 3s 3c",
        "2c 2d 2h 2s 3c",
        "5h 4h 3h 2h Ah",
    ]
    values = [hv(t) for t in ladder]
    assert values == sorted(values)
    assert [category_of(v) for v in values] == list(Category)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ac Kd 9h 5s 3c", "Ad Kh 9s 5c 2d"),  # high card: the fifth card counts
        ("Kc Kd Ah 9s 4c", "Kh Ks Ad 9c 3d"),  # pair: third kicker counts
        ("Kc Kd 5h 5s 9c", "Kh Ks 5c 5d 8h"),  # two pair: the kicker counts
        ("Kc Kd 6h 6s 2c", "Kh Ks 5c 5d Ah"),  # two pair: second pair before kicker
        ("7c 7d 7h As 3c", "7c 7d 7s Ah 2c"),  # trips: second kicker counts
        ("Ac Kc 9c 5c 3c", "Ad Kd 9d 5d 2d"),  # flush: the fifth card counts
        ("3c 3d 3h 2s 2c", "2c 2d 2h As Ac"),  # full house: trips before pair
        ("Qc Qd Qh 5s 5c", "Qc Qd Qs 4h 4c"),  # full house: then the pair
        ("Jc Jd Jh Js 3c", "Jc Jd Jh Js 2c"),  # quads: the kicker counts
    ],
)
def test_r3_2_kickers_count(better: str, worse: str) -> None:
    assert hv(better) > hv(worse)
    assert category_of(hv(better)) == category_of(hv(worse))


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ac Kd 9h 5s 3c", "Ad Kh 9s 5c 3d"),
        ("Kc Kd 5h 5s 9c", "Kh Ks 5c 5d 9h"),
        ("Ac Kc 9c 5c 3c", "As Ks 9s 5s 3s"),
        ("9c 8d 7h 6s 5c", "9d 8c 7s 6h 5d"),
        ("9h 8h 7h 6h 5h", "9c 8c 7c 6c 5c"),  # R3.4's suit order is the engine's job
    ],
)
def test_r3_2_suits_never_break_ties(one: str, other: str) -> None:
    assert hv(one) == hv(other)


def test_card_order_does_not_matter() -> None:
    hand = cards("Kc Kd 5h 5s 9c")
    assert len({hand_value(p) for p in permutations(hand)}) == 1
    assert hand_value(list(hand)) == hand_value(hand)


@pytest.mark.parametrize(
    ("text", "short", "full"),
    [
        ("As Kd 9h 5s 3c", "ace high", "high card, ace-king-nine-five-three"),
        ("Kc Kd 9h 5s 3c", "pair of kings", "pair of kings, kickers nine-five-three"),
        ("Kc Kd 5h 5s 9c", "two pair, kings and fives", "two pair, kings and fives, kicker nine"),
        ("7c 7d 7h As 2c", "three sevens", "three sevens, kickers ace-two"),
        ("9c 8d 7h 6s 5c", "straight, nine high", "straight, nine high"),
        ("Ac Kc 9c 5c 3c", "flush, ace high", "flush, ace-king-nine-five-three"),
        ("Qc Qd Qh 4s 4c", "full house, queens over fours", "full house, queens over fours"),
        ("6c 6d 6h 6s 3c", "four sixes", "four sixes, kicker three"),
        ("9h 8h 7h 6h 5h", "straight flush, nine high", "straight flush, nine high"),
        ("Th Jh Qh Kh Ah", "royal flush", "royal flush"),
    ],
)
def test_describe(text: str, short: str, full: str) -> None:
    assert describe(hv(text)) == short
    assert describe(hv(text), kickers=True) == full


def test_ranks_of_lists_groups_then_kickers() -> None:
    assert ranks_of(hv("Kc Kd 5h 5s 9c")) == (13, 5, 9)
    assert ranks_of(hv("3c 3d 3h 2s 2c")) == (3, 2)
    assert ranks_of(hv("Jc 4d Jh 8s Qc")) == (11, 12, 8, 4)
    assert ranks_of(hv("Ac Kd 9h 5s 3c")) == (14, 13, 9, 5, 3)
    assert ranks_of(hv("Ac Kd Qh Js Tc")) == (14,)


def test_category_boundaries() -> None:
    start = 0
    for category, size in zip(Category, CLASSES_PER_CATEGORY, strict=True):
        assert category_of(start) is category
        assert category_of(start + size - 1) is category
        if start:
            assert category_of(start - 1) is Category(category - 1)
        start += size
    assert start == NUM_VALUES
    for bad in (-1, NUM_VALUES):
        with pytest.raises(ValueError, match="out of range"):
            category_of(bad)
        with pytest.raises(ValueError, match="out of range"):
            describe(bad)


def test_category_words() -> None:
    assert Category.TWO_PAIR.words == "two pair"
    assert Category.STRAIGHT_FLUSH.words == "straight flush"
    assert Category.HIGH_CARD.words == "high card"
    assert [int(c) for c in Category] == list(range(9))


# Random hands: uniform ones, plus hands from a few adjacent ranks, which are rich in
# pairs, trips, full houses, quads and straights, and one-suit hands (flushes).
uniform_hands = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
dense_hands = st.integers(0, 8).flatmap(
    lambda low: st.lists(
        st.sampled_from(DECK[low * 4 : low * 4 + 24]), min_size=5, max_size=5, unique=True
    )
)
suited_hands = st.integers(0, 3).flatmap(
    lambda suit: st.lists(st.sampled_from(DECK[suit::4]), min_size=5, max_size=5, unique=True)
)
any_hand = st.one_of(uniform_hands, dense_hands, suited_hands)


@given(any_hand, any_hand)
def test_r3_1_r3_2_order_matches_reference(one: list[Card], other: list[Card]) -> None:
    ours = hand_value(one) - hand_value(other)
    ref_one, ref_other = reference_key(one), reference_key(other)
    theirs = (ref_one > ref_other) - (ref_one < ref_other)
    assert (ours > 0) - (ours < 0) == theirs
    assert category_of(hand_value(one)) == ref_one[0]
