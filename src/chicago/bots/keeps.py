"""What the normal level would exchange from a hand, worked out from public facts only.

The replayed histories of policy.py need, for an imagined hand of another seat, how likely
that seat was to exchange the count it was seen to exchange (R2.1, R2.5) and which cards it
then kept. `odds.keep_plan` is a rule of thumb the normal level follows half of the time;
this is the normal level's own valuation (`normal.value_exchanges` with `normal.Judge`),
cut down to what another seat's choice depends on that the watcher can see: the rules, the
scores (R8), the exchange, the players in the deal and the hands announced so far (R4.1).
What it cannot see — the other seat's own unseen cards, its hope of a Chicago — is left
out: its draws come from the deck less its hand, and no Chicago term is added.

Every discard of the hand is valued by the mean worth of the hands it draws to (a few
fixed orders of the deck cut into draws, the same for every hand, so that one call is a
few hundred hand lookups); for each count, the best discard of that count. The chance of a
count is a softmax of those values (`TEMPERATURE`, in the standing points of stakes.py): a
player whose valuation is noisy (the normal level's own draws are three shuffles) or who is
not the normal level at all still gets every count a chance.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from math import exp
from typing import Final

from chicago.core.cards import DECK, Card
from chicago.core.hands import NUM_VALUES, Category, hand_value
from chicago.core.rules import HighScoreRule, RuleProfile
from chicago.core.shuffle import Stream

from .normal import LATER, _top_miss
from .odds import CATEGORIES, CATEGORY_CARDS, CATEGORY_FLOOR, STAGES, beat_all, table
from .stakes import Stakes, gain

ORDERS: Final = 1
"""Orders of the deck cut into draws for a discard of two or more."""
ONE_CARD: Final = 2
"""A one-card discard draws every `ONE_CARD`-th card of that order."""
TEMPERATURE: Final = 0.25
"""Softness of the count's chance, in standing points (a won game is 100)."""


class NormalKeep:
    """The normal level's valuation of exchanges for one seat at one exchange."""

    def __init__(self, profile: RuleProfile, stakes: Stakes, exchange: int, opponents: int,
                 floors: Sequence[int], temperature: float = TEMPERATURE) -> None:
        self.most = profile.max_discard
        self.offer = profile.open_offer
        self.temperature = temperature
        rng = Stream(20261206, "normal-keep")  # fixed: the same draws for every hand
        self.orders = [rng.shuffled(DECK) for _ in range(ORDERS)]
        me = stakes.seat
        self.reset_cost = (
            stakes.settle([("zero", me, 0)])
            if profile.high_score is HighScoreRule.RESET_ON_EXCHANGE
            and stakes.score >= profile.high_score_threshold else 0.0)
        t = table(self.most)
        awards = {(cat, final): stakes.award_value(cat, final)
                  for cat in Category for final in (False, True)}
        terms: list[tuple[list[float], list[float]]] = []
        for stage in range(exchange, profile.exchanges):
            weight = 1.0 if stage == exchange else LATER
            terms.append((t.below_at[min(stage, STAGES)],
                          [weight * awards[cat, False] for cat in Category]))
        if profile.final_hand_scores:
            weight = 1.0 if exchange >= profile.exchanges else LATER
            terms.append((t.below_at[min(profile.exchanges, STAGES)],
                          [weight * awards[cat, True] for cat in Category]))
        trick = stakes.settle([gain(me, profile.last_trick_points)])
        coef = (1.0 if exchange >= profile.exchanges else 0.4) * trick
        base = 1.0 / max(opponents + 1, 2)
        miss = _top_miss()
        worth = [0.0] * NUM_VALUES
        for v in range(NUM_VALUES):
            cat = CATEGORIES[v]
            total = 0.0
            if cat:
                for row, coefs in terms:
                    c = coefs[cat]
                    if c:
                        total += c * beat_all(row, v, opponents - len(floors), floors)
            share = (1.0 - miss[v]) * (1.0 - base) + base
            worth[v] = total + coef * min(0.9, share)
        self.worth = worth

    def by_count(self, hand: Sequence[Card]) -> list[tuple[float, tuple[Card, ...]] | None]:
        """By count 0..5: the best discard of that count's value and the cards it keeps
        (None: no legal discard of that count)."""
        hand = tuple(hand)
        worth = self.worth
        held = set(hand)
        pool = [c for c in self.orders[0] if c not in held]
        out: list[tuple[float, tuple[Card, ...]] | None] = [None] * 6
        for k in range(min(self.most, 5) + 1):
            draws: list[tuple[Card, ...]]
            if k == 1:
                draws = [(c,) for c in pool[::ONE_CARD]]
            elif k:
                draws = []
                for order in self.orders:
                    rest = [c for c in order if c not in held]
                    draws.extend(tuple(rest[i:i + k]) for i in range(0, len(rest) - k + 1, k))
            else:
                draws = [()]
            best: tuple[float, tuple[Card, ...]] | None = None
            for kept in combinations(hand, 5 - k):
                values = [worth[hand_value(kept + d)] for d in draws]
                mean = sum(values) / len(values)
                if k == 1 and self.offer:  # R2.2: a bad offer can be declined
                    mean = sum(x if x > mean else mean for x in values) / len(values)
                if k:
                    mean += self.reset_cost  # R2.4: at the threshold a discard resets
                if best is None or mean > best[0]:
                    best = (mean, kept)
            out[k] = best
        return out

    def chances(self, options: Sequence[tuple[float, tuple[Card, ...]] | None]) -> list[float]:
        """By count: the chance the seat exchanges it, from `by_count`."""
        top = max(o[0] for o in options if o is not None)
        raw = [exp((o[0] - top) / self.temperature) if o is not None else 0.0
               for o in options]
        total = sum(raw)
        return [x / total for x in raw]


@lru_cache(maxsize=512)
def normal_keep(profile: RuleProfile, seat: int, scores: tuple[int, ...],
                qualified: tuple[bool, ...], eliminated: tuple[bool, ...], exchange: int,
                opponents: int, floors: tuple[int, ...],
                temperature: float = TEMPERATURE) -> NormalKeep:
    """The valuation of one seat at one exchange (kept: the tables take some milliseconds,
    and every decision of a deal asks again for the same seats and exchanges)."""
    stakes = Stakes(profile, seat, scores, qualified, eliminated)
    return NormalKeep(profile, stakes, exchange, opponents, floors, temperature)


def floors_at(announced: Sequence[tuple[int, int, Category]],
              exchanged: Sequence[Sequence[int | None]], seat: int,
              exchange: int) -> tuple[int, ...]:
    """The announced hands (R4.1) another seat could count on still facing when it made
    exchange `exchange`: stages before it, won by others who exchanged no more than the
    hand's spare cards since (as `normal.Judge` does for its own view)."""
    latest: dict[int, tuple[int, Category]] = {}
    for stage, s, cat in announced:
        if s != seat and stage < exchange:
            latest[s] = (stage, cat)
    out = []
    for s, (stage, cat) in latest.items():
        spare = 5 - CATEGORY_CARDS[cat]
        counts = [exchanged[x][s] for x in range(stage, min(exchange - 1, len(exchanged)))]
        if all(c is None or c <= spare for c in counts):
            out.append(CATEGORY_FLOOR[cat])
    return tuple(sorted(out))
