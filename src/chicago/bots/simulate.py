"""Imagined opponents for the hard level's exchanges (R2, R4.1, R9.1).

A *world* deals the cards a seat has not seen: a few cards it would draw itself, and a hand
for every opponent, made to look like the opponent's public history. Each opponent starts
from unseen cards and replays its exchanges of this deal with the typical player's plan
(`odds.keep_plan`), putting away exactly as many cards as it was seen to exchange; of a few
such tries, the one whose plan agrees best with what it did (a seat that kept all five
usually held a made hand) is kept, and one that won a stage with a category and kept it
since gets a hand of that category when a try finds one (R4.1 announcements). Opponents
still to exchange in this round make their exchange by the plan. Cards known to be in a hand
(a kept offer) stay in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chicago.core.cards import Card
from chicago.core.hands import hand_value
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView

from .inference import Deals
from .knowledge import Knowledge
from .odds import CATEGORY_CARDS, CATEGORY_FLOOR, flush_draw, keep_plan

TRIES = 2
"""Histories tried per opponent and world."""


@dataclass(frozen=True, slots=True)
class World:
    """One imagined deal of the hidden cards at an exchange."""

    draws: tuple[Card, ...]
    """The cards the seat would draw, in order (up to five)."""
    hands: dict[int, tuple[Card, ...]]
    """Each opponent's hand after this exchange (as the stage will compare it)."""
    rest: tuple[Card, ...] = ()
    """The unseen cards left over, in random order (for later draws of the coach's odds)."""


def keep_forced(
    hand: Sequence[Card], count: int, most: int, plan: Sequence[Card] | None = None
) -> tuple[Card, ...]:
    """The cards a typical player keeps when it puts away exactly `count` of them (`plan`:
    `keep_plan(hand, most)` when the caller has it already)."""
    if len(hand) == 5:
        kept = keep_plan(hand, most) if plan is None else plan
        if len(hand) - len(kept) == count:
            return tuple(kept)
    ranks = [0] * 15
    for c in hand:
        ranks[c.rank] += 1
    flush = flush_draw(hand)
    # Most of a rank first, then the flush draw, the higher rank, the lower index: the key
    # (-count, not in flush, -rank, index) packed into one integer.
    order = sorted(hand, key=lambda c: (((8 - ranks[c.rank]) * 2 + (c not in flush)) * 16
                                        + 14 - c.rank) * 64 + c.index)
    keep = order[: len(hand) - count]
    return tuple([c for c in hand if c in keep])


class _Pool:
    """Unseen cards to deal from: picks at random, and removes only what is committed."""

    __slots__ = ("cards", "rng")

    def __init__(self, cards: list[Card], rng: Stream) -> None:
        self.cards = cards
        self.rng = rng

    def pick(self, count: int, avoid: Sequence[Card] = ()) -> list[Card]:
        out: list[Card] = []
        cards = self.cards
        n = len(cards)
        if not n or count <= 0:
            return out
        small = n <= count + len(avoid)
        for i in self.rng.belows(n):
            c = cards[i]
            if c not in out and c not in avoid:
                out.append(c)
                if len(out) == count:
                    break
            elif small:  # a tiny pool: take what is left in order
                out.extend(x for x in cards if x not in out and x not in avoid)
                return out[:count]
        return out

    def commit(self, cards: Sequence[Card]) -> None:
        gone = set(cards)
        self.cards = [c for c in self.cards if c not in gone]


def _history(kn: Knowledge, seat: int, upto: int) -> list[int]:
    """The seat's exchange counts this deal before exchange `upto` + 1 (skips as none)."""
    counts = []
    for x in range(min(upto, len(kn.exchanged))):
        c = kn.exchanged[x][seat]
        if c is not None:
            counts.append(c)
    return counts


def _floor(kn: Knowledge, seat: int, exchanges: int) -> int:
    """The least hand value an announced, kept hand guarantees (0 when none, R4.1)."""
    best = 0
    for stage, s, cat in kn.announced:
        if s != seat or stage >= exchanges:
            continue
        spare = 5 - CATEGORY_CARDS[cat]
        later = [kn.exchanged[x][seat] for x in range(stage, len(kn.exchanged))]
        if all(c is None or c <= spare for c in later):
            best = max(best, CATEGORY_FLOOR[cat])
    return best


def world(
    kn: Knowledge,
    rng: Stream,
    exchange: int,
    most: int,
    exchanges: int,
    after_me: Sequence[int],
) -> World:
    """One imagined deal at exchange `exchange` for the seat of `kn`.

    `after_me` are the opponents still to exchange in this round (they make their exchange
    by the plan; the others have made theirs, as their counts show)."""
    pool = _Pool(list(rng.shuffled(kn.unseen)), rng)
    draws = tuple(pool.cards[:5])
    pool.commit(draws)
    hands: dict[int, tuple[Card, ...]] = {}
    for seat in kn.holders():
        size = kn.hand_sizes[seat]
        known = kn.known[seat]
        if known:
            hand = tuple(known) + tuple(pool.pick(size - len(known), known))
            pool.commit(hand)
            hands[seat] = hand
            continue
        history = _history(kn, seat, exchange)
        floor = _floor(kn, seat, exchanges)
        best: tuple[Card, ...] | None = None
        best_score = -1.0
        for _ in range(TRIES):
            hand = tuple(pool.pick(size))
            agree = 0
            for count in history:
                if len(hand) > 5:  # §X six cards: one goes, nothing is drawn
                    hand = keep_forced(hand, len(hand) - 5, most)
                    continue
                plan = keep_plan(hand, most)
                agree += len(hand) - len(plan) == count
                kept = keep_forced(hand, count, most, plan)
                hand = kept + tuple(pool.pick(count, kept))
            if seat in after_me and len(hand) == 5:
                kept = keep_plan(hand, most)
                hand = kept + tuple(pool.pick(5 - len(kept), kept))
            if len(hand) > 5:
                hand = keep_forced(hand, len(hand) - 5, most)
            value = hand_value(hand) if len(hand) == 5 else 0
            score = agree + (2 if value >= floor else 0) + value / 10000
            if score > best_score:
                best, best_score = hand, score
            if agree == len(history) and value >= floor:
                break
        assert best is not None
        pool.commit(best)
        hands[seat] = best
    return World(draws, hands, tuple(pool.cards))


def weighted_world(dealer: Deals, rng: Stream, most: int, after_me: Sequence[int]) -> World:
    """One imagined deal at an exchange with the others' hands drawn by the opponent model
    (inference.Dealer: in proportion to how likely each is given their clues; or
    policy.PolicyDealer: by their replayed histories); the
    opponents still to exchange in this round (`after_me`) exchange by the typical plan."""
    hands, rest = dealer.deal(rng)
    return exchanged_world(hands, rest, dealer.kn.holders(), after_me, most)


def exchanged_world(
    hands: Sequence[tuple[Card, ...]], order: Sequence[Card], holders: Sequence[int],
    after_me: Sequence[int], most: int,
) -> World:
    """The world of an exchange from the hands before it (by seat) and the cards in no hand
    in stock order: this seat's draws come first, then the opponents still to exchange in
    this round (`after_me`) draw in seat order for what the typical plan discards (R2.1)."""
    pool = list(order)
    draws = tuple(pool[:5])
    del pool[:5]
    out: dict[int, tuple[Card, ...]] = {}
    for seat in holders:
        hand = hands[seat]
        if seat in after_me and len(hand) == 5:
            kept = keep_plan(hand, most)
            need = 5 - len(kept)
            hand = kept + tuple(pool[:need])
            del pool[:need]
        out[seat] = hand
    return World(draws, out, tuple(pool))


def history_hands(view: PlayerView, kn: Knowledge, rng: Stream) -> list[tuple[Card, ...]]:
    """Hands for everyone after the exchanges, each opponent's made to fit its exchanges
    (simulate.world): players keep their good cards, so they hold more than a random deal
    of the unseen cards would give them."""
    p = view.profile
    w = world(kn, rng, p.exchanges + 1, p.max_discard, p.exchanges, ())
    hands: list[tuple[Card, ...]] = [()] * view.seats
    hands[kn.seat] = kn.hand
    for seat, hand in w.hands.items():
        hands[seat] = hand
    return hands
