"""Exact 5-card poker hand values (R3.1, R3.2), built for the engine's hot path.

`hand_value` maps a five-card hand to one int in 0..7461 (7,462 classes): higher is
stronger, equal means an exact tie (R3.3), suits never matter (R3.2). The R3.4
straight-flush suit tie-break is deliberately left to the engine.

Speed: the per-call work is five tuple lookups by `Card.index` summed into a
rank-multiset key, one suit identity test, and one dict lookup (indexing by the slot
`index` measured ~25% faster than dicts keyed by the interned cards).
All tables are built once at import (~10 ms) by ordering every rank pattern with a
plain, readable key: (category, significant ranks).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from itertools import combinations
from typing import Final

from chicago.core.cards import DECK, RANK_PLURALS, RANK_WORDS, Card

__all__ = [
    "NUM_VALUES",
    "ROYAL_FLUSH",
    "Category",
    "category_of",
    "describe",
    "hand_value",
    "ranks_of",
]


class Category(IntEnum):
    """Hand categories, weakest to strongest (R3.1); a royal flush is a straight flush."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def words(self) -> str:
        """The category in lower-case words, e.g. "two pair", "straight flush"."""
        return self.name.lower().replace("_", " ")


NUM_VALUES: Final = 7462
"""How many distinct 5-card hand classes exist; hand values are 0..NUM_VALUES - 1."""
ROYAL_FLUSH: Final = NUM_VALUES - 1
"""The value of a royal flush, the strongest hand (R3.1)."""

# One base-5 digit per rank: a rank appears at most four times in five cards, so the sum
# over the five cards identifies the rank multiset exactly, and it stays below 2**30 (a
# single CPython int digit, which keeps the additions and the dict hashing cheap).
# Indexed by Card.index, like DECK.
_RANK_KEY: Final[tuple[int, ...]] = tuple(5 ** (c.rank - 2) for c in DECK)


def _build() -> tuple[dict[int, int], dict[int, int], list[Category], list[tuple[int, ...]]]:
    """Rank every class by (category, significant ranks) and index the result.

    Significant ranks list groups before kickers, bigger and higher groups first
    (R3.2); a straight is known by its top card, the wheel's being the five (R3.1).
    Sorting those keys gives the 7,462 values in strength order. One loop per shape
    keeps this at a few ms (five of a kind cannot occur with four suits).
    """
    C = Category
    pw = [5 ** (r - 2) for r in range(15)]  # _RANK_KEY's digit by rank (0, 1 unused)
    desc = range(14, 1, -1)
    # (category, significant ranks, rank-multiset key, is the flush variant)
    classes: list[tuple[Category, tuple[int, ...], int, bool]] = []
    add = classes.append
    for five in combinations(desc, 5):  # five distinct ranks, each tuple descending
        a, b, c, d, e = five
        key = pw[a] + pw[b] + pw[c] + pw[d] + pw[e]
        if a - e == 4 or five == (14, 5, 4, 3, 2):
            top = (5,) if a - e == 12 else (a,)  # the wheel is five high (R3.1)
            add((C.STRAIGHT, top, key, False))
            add((C.STRAIGHT_FLUSH, top, key, True))
        else:
            add((C.HIGH_CARD, five, key, False))
            add((C.FLUSH, five, key, True))
    for big in desc:
        others = [r for r in desc if r != big]
        for a, b, c in combinations(others, 3):
            add((C.ONE_PAIR, (big, a, b, c), 2 * pw[big] + pw[a] + pw[b] + pw[c], False))
        for a, b in combinations(others, 2):
            add((C.THREE_OF_A_KIND, (big, a, b), 3 * pw[big] + pw[a] + pw[b], False))
        for a in others:
            add((C.FULL_HOUSE, (big, a), 3 * pw[big] + 2 * pw[a], False))
            add((C.FOUR_OF_A_KIND, (big, a), 4 * pw[big] + pw[a], False))
            if a < big:  # two pair: big over a, plus a kicker of a third rank
                for k in others:
                    if k != a:
                        add((C.TWO_PAIR, (big, a, k), 2 * (pw[big] + pw[a]) + pw[k], False))
    classes.sort()
    plain: dict[int, int] = {}
    flush: dict[int, int] = {}
    categories: list[Category] = []
    ranks: list[tuple[int, ...]] = []
    for value, (category, significant, key, is_flush) in enumerate(classes):
        (flush if is_flush else plain)[key] = value
        categories.append(category)
        ranks.append(significant)
    assert len(classes) == NUM_VALUES
    return plain, flush, categories, ranks


_PLAIN, _FLUSH, _CATEGORIES, _RANKS = _build()


def hand_value(hand: Sequence[Card]) -> int:
    """The strength of exactly five distinct cards: 0 (7-5-4-3-2) .. 7461 (royal flush).

    Higher wins, equal is an exact tie; all kickers count, suits never do (R3.1, R3.2).
    Inputs are not validated (callers do that): another length raises ValueError, a
    non-card AttributeError, and repeated cards give meaningless values.
    """
    a, b, c, d, e = hand
    k = _RANK_KEY
    key = k[a.index] + k[b.index] + k[c.index] + k[d.index] + k[e.index]
    if a.suit is b.suit is c.suit is d.suit is e.suit:
        return _FLUSH[key]
    return _PLAIN[key]


def _check(value: int) -> int:
    if not 0 <= value < NUM_VALUES:
        raise ValueError(f"hand value {value!r} out of range 0..{NUM_VALUES - 1}")
    return value


def category_of(value: int) -> Category:
    """The category of a hand value (R3.1); values of one category are contiguous."""
    return _CATEGORIES[_check(value)]


def ranks_of(value: int) -> tuple[int, ...]:
    """The ranks that decide ties, in comparison order (R3.2).

    Pairs and sets come before kickers, higher groups first, e.g. two pair kings and
    fives with a nine is (13, 5, 9); a straight is just its top card, (5,) for the wheel.
    """
    return _RANKS[_check(value)]


def _word(rank: int) -> str:
    return RANK_WORDS[rank - 2]


def _plural(rank: int) -> str:
    return RANK_PLURALS[rank - 2]


def _spelled(ranks: Sequence[int]) -> str:
    return "-".join(_word(r) for r in ranks)


def describe(value: int, *, kickers: bool = False) -> str:
    """A readable name: "pair of kings", "full house, queens over fours", "royal flush".

    With kickers=True the ranks that break ties are named too, e.g. "pair of kings,
    kickers ace-nine-four" and "high card, ace-king-nine-five-three" (R3.2).
    """
    category = category_of(value)
    r = _RANKS[value]
    C = Category
    if category is C.HIGH_CARD:
        return f"high card, {_spelled(r)}" if kickers else f"{_word(r[0])} high"
    if category is C.FLUSH:
        return f"flush, {_spelled(r)}" if kickers else f"flush, {_word(r[0])} high"
    if category is C.STRAIGHT:
        return f"straight, {_word(r[0])} high"
    if category is C.STRAIGHT_FLUSH:
        return "royal flush" if r[0] == 14 else f"straight flush, {_word(r[0])} high"
    if category is C.FULL_HOUSE:
        return f"full house, {_plural(r[0])} over {_plural(r[1])}"
    if category is C.ONE_PAIR:
        name, rest = f"pair of {_plural(r[0])}", r[1:]
    elif category is C.TWO_PAIR:
        name, rest = f"two pair, {_plural(r[0])} and {_plural(r[1])}", r[2:]
    elif category is C.THREE_OF_A_KIND:
        name, rest = f"three {_plural(r[0])}", r[1:]
    else:
        name, rest = f"four {_plural(r[0])}", r[1:]
    if not kickers:
        return name
    return f"{name}, kicker{'s' if len(rest) > 1 else ''} {_spelled(rest)}"
