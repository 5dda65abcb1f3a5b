"""Poker odds for the bots: a rule-of-thumb exchange, and how often a hand is the best one.

`keep_plan` is the exchange of a typical player (keep made hands and pairs, draw to four of
a flush or a straight, else keep the top cards). Playing it from random deals gives the
distribution of an opponent's hand after each exchange; `beat` and `best_chance` read it:
the chance that one opponent, or all k of them, hold less than a hand value (R3, R4.1).
The tables are sampled once per process on first use, from a fixed seed (so every bot that
reads them decides reproducibly), and cached.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import cache
from math import comb
from typing import Final

from chicago.core.cards import DECK, Card
from chicago.core.hands import NUM_VALUES, Category, category_of, hand_value
from chicago.core.shuffle import Stream

SAMPLES: Final = 4000
"""Simulated players per table: the chances are good to about ±1%."""
STAGES: Final = 3
"""Tables are kept for 0..3 exchanges; later stages read the last one."""


def _floors() -> tuple[int, ...]:
    floors = [NUM_VALUES] * (len(Category) + 1)
    for value in range(NUM_VALUES - 1, -1, -1):
        floors[category_of(value)] = value
    return tuple(floors)


CATEGORY_FLOOR: Final = _floors()
CATEGORIES: Final = tuple(category_of(v) for v in range(NUM_VALUES))
"""The category of every hand value, for quick lookups."""
"""The lowest hand value of each category (values of a category are contiguous, hands.py)."""
CATEGORY_CARDS: Final = {
    Category.HIGH_CARD: 0,
    Category.ONE_PAIR: 2,
    Category.TWO_PAIR: 4,
    Category.THREE_OF_A_KIND: 3,
    Category.STRAIGHT: 5,
    Category.FLUSH: 5,
    Category.FULL_HOUSE: 5,
    Category.FOUR_OF_A_KIND: 4,
    Category.STRAIGHT_FLUSH: 5,
}
"""How many cards make the category: a player who exchanges no more than the rest keeps it."""


def flush_draw(hand: Sequence[Card]) -> list[Card]:
    """Four (or more, then the first four) cards of one suit, else empty."""
    counts = [0, 0, 0, 0]
    for c in hand:
        counts[c.index & 3] += 1
    for suit in range(4):
        if counts[suit] >= 4:
            return [c for c in hand if c.index & 3 == suit][:4]
    return []


def straight_draw(hand: Sequence[Card]) -> list[Card]:
    """Four cards of different ranks within a five-rank window (ace high or low), the
    highest such window, else empty."""
    bits = 0
    for c in hand:
        bits |= 1 << c.rank
    ranks = _straight_ranks(bits)
    if not ranks:
        return []
    return [next(c for c in hand if c.rank == rank) for rank in ranks]


@cache
def _straight_ranks(bits: int) -> tuple[int, ...]:
    """For a set of ranks (bit r for rank r): the first four ranks, low to high, of the
    highest five-rank window holding at least four of them (the ace also low, R3.1)."""
    if bits >> 14 & 1:
        bits |= 2
    for low in range(10, 0, -1):
        window = (bits >> low) & 0x1F
        if window.bit_count() >= 4:
            out = [14 if r == 1 else r for r in range(low, low + 5) if window >> (r - low) & 1]
            return tuple(out[:4])
    return ()


_MADE, _SETS, _PAIR, _NOTHING = range(4)
_PLAN_KIND: Final = tuple(
    _MADE if cat >= Category.STRAIGHT
    else _SETS if cat in (Category.THREE_OF_A_KIND, Category.TWO_PAIR)
    else _PAIR if cat is Category.ONE_PAIR else _NOTHING
    for cat in CATEGORIES
)
"""By hand value, what `keep_plan` looks at (a lookup: it runs for every imagined hand)."""


def keep_plan(hand: Sequence[Card], most: int) -> tuple[Card, ...]:
    """The cards a typical player keeps when it may discard up to `most` cards.

    Made hands of a straight or better stay; trips and two pair keep their cards; a pair
    keeps the pair, unless a low pair beside four to a flush (the flush draw is worth more);
    four to a flush or a straight keep the four; else the aces and kings (at most two).
    """
    kind = _PLAN_KIND[hand_value(hand)]
    if kind == _MADE:
        return tuple(hand)
    counts = [0] * 15
    for c in hand:
        counts[c.rank] += 1
    keep: list[Card]
    if kind == _SETS:
        keep = [c for c in hand if counts[c.rank] >= 2]
    elif kind == _PAIR:
        pair = [c for c in hand if counts[c.rank] == 2]
        flush = flush_draw(hand) if pair[0].rank < 10 else []
        keep = flush or pair
    else:
        keep = flush_draw(hand) or straight_draw(hand)
        if not keep:
            keep = sorted((c for c in hand if c.rank >= 13), key=lambda c: -c.rank)[:2]
    if len(hand) - len(keep) > most:  # discard fewer: keep the highest of the rest too
        rest = sorted((c for c in hand if c not in keep), key=lambda c: -c.rank)
        keep = keep + rest[: len(hand) - len(keep) - most]
    return tuple([c for c in hand if c in keep])


class Table:
    """Hand values of simulated typical players after 0..3 exchanges, as the chance that
    one of them is worse than each hand value (ties count half)."""

    def __init__(self, values: Sequence[Sequence[int]]) -> None:
        self.below_at: list[list[float]] = []
        for vals in values:
            ordered = sorted(vals)
            n = len(ordered)
            row = [0.0] * NUM_VALUES
            for v in range(NUM_VALUES):
                lo = bisect_left(ordered, v)
                hi = bisect_right(ordered, v, lo)
                row[v] = (lo + (hi - lo) / 2) / n
            self.below_at.append(row)

    def below(self, value: int, stage: int) -> float:
        """The chance one opponent's hand is worse than `value` after `stage` exchanges."""
        return self.below_at[min(max(stage, 0), STAGES)][value]

    def beat(self, value: int, stage: int, floor: int | None = None) -> float:
        """Like `below`, for an opponent known to hold at least the hand value `floor`."""
        row = self.below_at[min(max(stage, 0), STAGES)]
        p = row[value]
        if floor is None or floor <= 0:
            return p
        f = row[floor]
        if f >= 1.0:
            return 1.0 if value > floor else 0.5
        return max(0.0, (p - f) / (1.0 - f))


def beat_all(row: Sequence[float], value: int, plain: int, floors: Sequence[int]) -> float:
    """The chance that hand value `value` beats `plain` opponents whose hands are unknown
    and one opponent known to hold at least each value of `floors` (`Table.beat` for each),
    from one stage's row of `Table.below_at`."""
    b = row[value] ** plain
    for f in floors:
        lo = row[f]
        if lo >= 1.0:
            b *= 1.0 if value > f else 0.5
        else:
            b *= max(0.0, (row[value] - lo) / (1 - lo))
    return b


@cache
def table(most: int) -> Table:
    """The table for players who may discard up to `most` cards (sampled once, cached)."""
    rng = Stream(20240601, "bot-odds", most)
    values: list[list[int]] = [[] for _ in range(STAGES + 1)]
    for _ in range(SAMPLES):
        deck = rng.shuffled(DECK)
        hand: tuple[Card, ...] = deck[:5]
        top = 5
        values[0].append(hand_value(hand))
        for stage in range(1, STAGES + 1):
            kept = keep_plan(hand, most)
            need = 5 - len(kept)
            hand = kept + deck[top : top + need]
            top += need
            values[stage].append(hand_value(hand))
    return Table(values)


def best_chance(
    value: int, stage: int, most: int, opponents: int, floors: Sequence[int | None] = ()
) -> float:
    """The chance that `value` beats every one of `opponents` typical players after `stage`
    exchanges; `floors` gives known lower bounds for some of them (announced hands)."""
    t = table(most)
    p = 1.0
    plain = opponents - len(floors)
    for f in floors:
        p *= t.beat(value, stage, f)
    if plain > 0:
        p *= t.below(value, stage) ** plain
    return p


def projected(
    kept: Sequence[Card], draws: Sequence[Card], later: int, most: int
) -> int:
    """The hand value after drawing to `kept` from the front of `draws` and then exchanging
    `later` more times by the typical player's plan (`keep_plan`), drawing on from `draws`."""
    hand = tuple(kept) + tuple(draws[: 5 - len(kept)])
    top = 5 - len(kept)
    for _ in range(later):
        keep = keep_plan(hand, most)
        need = 5 - len(keep)
        if top + need > len(draws):
            break
        hand = keep + tuple(draws[top : top + need])
        top += need
    return hand_value(hand)


def at_least(values: Sequence[int]) -> tuple[float, ...]:
    """By category (index = Category value): the share of hand values of that category or
    better."""
    counts = [0] * len(Category)
    for v in values:
        counts[CATEGORIES[v]] += 1
    out = [0.0] * len(Category)
    total = 0
    n = max(1, len(values))
    for cat in range(len(Category) - 1, -1, -1):
        total += counts[cat]
        out[cat] = total / n
    return tuple(out)


def _straight_flushes() -> tuple[int, ...]:
    """Every straight flush as a bitmask over `Card.index` (A-2-3-4-5 included, R3.1)."""
    out = []
    for suit in range(4):
        for top in range(5, 15):
            ranks = [14 if r == 1 else r for r in range(top - 4, top + 1)]
            mask = 0
            for c in DECK:
                if c.index & 3 == suit and c.rank in ranks:
                    mask |= 1 << c.index
            out.append(mask)
    return tuple(out)


STRAIGHT_FLUSHES: Final = _straight_flushes()
TOP_FLUSH: Final = CATEGORY_FLOOR[Category.FULL_HOUSE] - 1
"""The best flush's hand value: what a sampled straight flush counts as (`straight_flush_odds`)."""


def straight_flush_odds(kept: Sequence[Card], draws: int, pool: Sequence[Card]) -> float:
    """The exact chance that `draws` cards drawn from `pool` make a straight flush with
    `kept` (R3.1, R4.4).

    A straight flush wins the game at once (R4.4), a hundred times an ordinary award, and
    one imagined in a handful of a few hundred worlds would swamp every other outcome of an
    exchange; so the sampled worlds count it as a flush and this adds its exact chance."""
    if draws <= 0:
        return 0.0
    have = 0
    for c in kept:
        have |= 1 << c.index
    out = 0
    for c in pool:
        out |= 1 << c.index
    hits = 0
    for sf in STRAIGHT_FLUSHES:
        need = sf & ~have
        if have & ~sf or need.bit_count() != draws or need & ~out:
            continue
        hits += 1
    return hits / comb(len(pool), draws) if hits else 0.0
