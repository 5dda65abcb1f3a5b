"""The normal level: expected values over the unseen cards and card counting (≤ 20 ms).

- Exchange (R2): every legal discard is valued by its draws from the cards it has not seen
  (a one-card discard exactly, over every card, with the open offer's second chance, R2.2;
  larger ones over a few shuffles of the unseen cards cut into draws). A hand is worth the
  stages it may still win: for each remaining scoring stage (R4.1, R4.5, R6.3), the chance it
  is best at this table (`odds.best_chance`, with announced hands as floors for the players
  who kept them) times what the award is worth in the whole game (`stakes`); plus a share of
  the last trick for its high cards; plus, when a call would pay, the chance of holding five
  sure tricks by the calls (`counting.Hope`). At 45+ a discard also costs the reset (R2.4).
- Offers (R2.2): keep the card when the hand with it is worth more than a blind draw.
- Chicago (R5): call a sure thing (every card the top one left in its suit, with the lead);
  a risky call when the counted chance and the whole-game stakes make it worth more than
  the deal's ordinary prospects — at even odds or better, or at any odds for a seat that
  still needs the qualification (a broken call qualifies too, R7.3, R7.4).
- Tricks: `counting.choose_play`.
- Four of a kind: `Stakes.quads_choice`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import ClassVar

from chicago.core.actions import Action, Exchange, QuadsChoice
from chicago.core.cards import Card
from chicago.core.hands import NUM_VALUES, Category, category_of, hand_value, ranks_of
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView

from .base import Bot, Reason, Suggestion, why
from .common import (
    answer,
    first_leader,
    higher_out,
    plays,
    resets,
    returned,
    sure_chicago,
)
from .counting import Count, Hope, choose_play
from .knowledge import Knowledge, knowledge
from .levels import NORMAL
from .odds import (
    CATEGORIES,
    CATEGORY_CARDS,
    CATEGORY_FLOOR,
    STAGES,
    beat_all,
    best_chance,
    table,
)
from .stakes import Stakes, Step, gain

SHUFFLES = 3
"""Shuffles of the unseen cards cut into draws for each discard of two or more."""
LATER = 0.8
"""Weight of a stage after the next one (the hand may still change before it)."""
RISKY_CALL = (0.5, 0.0)
"""The least counted chance for a call that is not a sure thing; the second figure is for a
seat that still needs the qualification: a broken call qualifies too (R7.3, R7.4), so there
the stakes alone decide."""


def _ranks(value: int) -> list[int]:
    """The five ranks of a hand value class (suits never matter, R3.2)."""
    cat = category_of(value)
    r = ranks_of(value)
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = r[0]
        return [14, 5, 4, 3, 2] if top == 5 else list(range(top, top - 5, -1))
    counts = {
        Category.ONE_PAIR: (2, 1, 1, 1),
        Category.TWO_PAIR: (2, 2, 1),
        Category.THREE_OF_A_KIND: (3, 1, 1),
        Category.FULL_HOUSE: (3, 2),
        Category.FOUR_OF_A_KIND: (4, 1),
    }.get(cat, (1, 1, 1, 1, 1))
    return [rank for rank, k in zip(r, counts, strict=True) for _ in range(k)]


_TOP_WEIGHT = {14: 0.3, 13: 0.15, 12: 0.07, 11: 0.03}


@cache
def _top_miss() -> list[float]:
    """By hand value: the chance that none of its high cards does the job (trick_share)."""
    out = []
    for value in range(NUM_VALUES):
        miss = 1.0
        for rank in set(_ranks(value)):
            miss *= 1.0 - _TOP_WEIGHT.get(rank, 0.01)
        out.append(miss)
    return out


def trick_share(value: int, players: int) -> float:
    """A rough chance that a hand of this class takes the last trick, from its high cards."""
    base = 1.0 / max(players, 2)
    return min(0.9, base + (1.0 - _top_miss()[value]) * (1.0 - base))


class Judge:
    """What hands are worth to one seat at one exchange (see the module docstring)."""

    def __init__(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, now: bool = True
    ) -> None:
        self.view = view
        self.now = now
        """Whether the stage right after this exchange counts (the hard level counts it by
        simulation instead)."""
        self.kn = kn
        self.stakes = stakes
        p = view.profile
        self.profile = p
        self.exchange = max(1, view.exchange)
        self.most = p.max_discard
        self.opponents = len(kn.opponents())
        self.players = len(kn.players)
        self.floors: list[int] = self._floors()
        lt = p.last_trick_points
        self.trick_value = stakes.settle([gain(kn.seat, lt)])
        zero: list[Step] = [("zero", kn.seat, 0)]
        self.reset_trick_value = stakes.settle([*zero, gain(kn.seat, lt)]) - stakes.settle(zero)
        self._awards: dict[tuple[Category, bool, bool], float] = {}
        self._cache: dict[bool, dict[int, float]] = {False: {}, True: {}}
        self._best: dict[tuple[int, int], float] = {}
        self._terms_by: dict[bool, list[tuple[list[float], list[float]]] | None] = {
            False: None, True: None}
        weight = 1.0 if self.exchange >= p.exchanges else 0.4
        self._trick_coef = {False: weight * self.trick_value, True: weight * self.reset_trick_value}
        self._trick_base = 1.0 / max(self.players, 2)
        # A sure Chicago by the calls (R5, R7): worth its success over the deal's usual take.
        rounds = p.exchanges - self.exchange + 1
        self.hope = Hope(kn, rounds, first_leader(view, kn, kn.seat) == kn.seat)
        self.may_call = view.scores[kn.seat] >= p.chicago_minimum and len(view.hand) == 5
        self._call = stakes.call_values() if self.may_call else (0.0, 0.0)
        self._stay = self.worth(hand_value(view.hand)) if self.may_call else 0.0

    def chicago(self, kept: Sequence[Card], draws: int) -> tuple[float, float]:
        """(value, chance) of keeping these cards for a Chicago (R5): the chance of holding
        a hand that takes every trick by the calls, and what calling it is then worth over
        the deal's usual take — nothing unless the call is worth making (R7.1, R7.2)."""
        if not self.may_call:
            return 0.0, 0.0
        p, reach = self.hope.chance(kept, draws)
        won, broken = self._call
        return reach * max(0.0, p * won + (1 - p) * broken - self._stay), reach * p

    def _floors(self) -> list[int]:
        """Announced hands still held: a seat that won a stage with a category and has not
        exchanged more than the other cards since holds at least that category (R4.1)."""
        kn = self.kn
        latest: dict[int, tuple[int, Category]] = {}
        for stage, seat, cat in kn.announced:
            if seat != kn.seat and stage < self.profile.exchanges:
                latest[seat] = (stage, cat)
        floors: list[int] = []
        for seat, (stage, cat) in latest.items():
            if kn.hand_sizes[seat] == 0 or seat not in kn.players:
                continue
            spare = 5 - CATEGORY_CARDS[cat]
            counts = [kn.exchanged[x][seat] for x in range(stage, len(kn.exchanged))]
            if all(c is None or c <= spare for c in counts):
                floors.append(CATEGORY_FLOOR[cat])
        return floors[: self.opponents]

    def best(self, value: int, stage: int) -> float:
        key = (value, stage)
        found = self._best.get(key)
        if found is None:
            found = best_chance(value, stage, self.most, self.opponents, self.floors)
            self._best[key] = found
        return found

    def award(self, cat: Category, final: bool, reset: bool) -> float:
        key = (cat, final, reset)
        found = self._awards.get(key)
        if found is None:
            base: list[Step] = [("zero", self.kn.seat, 0)] if reset else []
            found = self.stakes.award_value(cat, final, base)
            self._awards[key] = found
        return found

    def _terms(self, reset: bool) -> list[tuple[list[float], list[float]]]:
        """(below-row, weighted award by category) for every stage still to score."""
        p = self.profile
        t = table(self.most)
        terms = []
        first = self.exchange if self.now else self.exchange + 1
        for stage in range(first, p.exchanges):
            weight = 1.0 if stage == self.exchange else LATER
            coefs = [weight * self.award(cat, False, reset) for cat in Category]
            terms.append((t.below_at[min(stage, STAGES)], coefs))
        if p.final_hand_scores and (self.now or self.exchange < p.exchanges):
            weight = 1.0 if self.exchange >= p.exchanges else LATER
            coefs = [weight * self.award(cat, True, reset) for cat in Category]
            terms.append((t.below_at[min(p.exchanges, STAGES)], coefs))
        return terms

    def worths(self, values: Sequence[int], reset: bool) -> list[float]:
        """What hands of these values are worth now (after the R2.4 reset if `reset`)."""
        cache = self._cache[reset]
        out = []
        for v in values:
            w = cache.get(v)
            if w is None:
                w = self._worth(v, reset)
                cache[v] = w
            out.append(w)
        return out

    def worth(self, value: int, reset: bool = False) -> float:
        return self.worths((value,), reset)[0]

    def _worth(self, v: int, reset: bool) -> float:
        terms = self._terms_by[reset]
        if terms is None:
            terms = self._terms_by[reset] = self._terms(reset)
        cat = CATEGORIES[v]
        total = 0.0
        if cat:
            plain = self.opponents - len(self.floors)
            for row, coefs in terms:
                c = coefs[cat]
                if c:
                    total += c * beat_all(row, v, plain, self.floors)
        return total + self.trick_part(v, reset)

    def trick_part(self, v: int, reset: bool = False) -> float:
        """The last trick's share of what a hand of value `v` is worth (R6.3): a rough
        chance from its high cards (`trick_share`) times the award in the whole game."""
        share = (1.0 - _top_miss()[v]) * (1.0 - self._trick_base) + self._trick_base
        return self._trick_coef[reset] * min(0.9, share)


def _draws(pool: Sequence[Card], k: int, rng: Stream) -> list[tuple[Card, ...]]:
    if k == 1:
        return [(c,) for c in pool]
    out: list[tuple[Card, ...]] = []
    for _ in range(SHUFFLES):
        order = rng.shuffled(pool)
        out.extend(order[i : i + k] for i in range(0, len(order) - k + 1, k))
    return out


def value_exchanges(
    view: PlayerView, kn: Knowledge, judge: Judge, legal: Sequence[Action], rng: Stream
) -> list[tuple[float, Exchange, list[int]]]:
    """(expected worth, action, hand values drawn) for every legal exchange."""
    hand = view.hand
    reset_cost = judge.stakes.settle([("zero", kn.seat, 0)]) if resets(legal) else 0.0
    offer = view.profile.open_offer
    shuffles: dict[int, list[tuple[Card, ...]]] = {}
    results = []
    hv = hand_value
    for a in legal:
        if not isinstance(a, Exchange):
            continue
        kept = tuple(c for c in hand if c not in a.discard)
        k = 5 - len(kept)
        reset = bool(a.discard) and a.confirm_reset
        if k <= 0:
            v = hv(kept[:5])
            results.append((judge.worth(v) + judge.chicago(kept, 0)[0], a, [v]))
            continue
        if k not in shuffles:
            shuffles[k] = _draws(kn.draw_pool(k), k, rng)
        values = [hv(kept + d) for d in shuffles[k]]
        worths = judge.worths(values, reset)
        n = max(1, len(worths))
        mean = sum(worths) / n
        if k == 1 and offer and len(hand) == 5:  # R2.2: a bad offer can be declined
            mean = sum(w if w > mean else mean for w in worths) / n
        if not reset:
            mean += judge.chicago(kept, k)[0]
        results.append((mean + (reset_cost if reset else 0.0), a, values))
    return results


def odds_of(view: PlayerView, judge: Judge, values: list[int]) -> tuple[float, float]:
    """(chance to improve the current category, chance to be best at the next stage)."""
    hand = view.hand
    current = category_of(hand_value(hand)) if len(hand) == 5 else Category.HIGH_CARD
    stage = min(judge.exchange, view.profile.exchanges)
    n = max(1, len(values))
    improve = sum(category_of(v) > current for v in values) / n
    best = sum(judge.best(v, stage) for v in values) / n
    return improve, best


class NormalBot(Bot):
    level: ClassVar[str] = NORMAL

    def _decide(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Suggestion:
        kn = knowledge(view)
        stakes = Stakes.of(view)
        phase = view.phase
        if phase is Phase.EXCHANGE:
            return self._exchange(view, kn, stakes, legal, rng)
        if phase is Phase.OFFER:
            return self._offer(view, kn, stakes, legal)
        if phase is Phase.QUADS:
            choice, reason = stakes.quads_choice(view.exchange)
            for a in legal:
                if isinstance(a, QuadsChoice) and a.choice == choice:
                    return Suggestion(a, reason)
            return Suggestion(legal[0], reason)
        if phase is Phase.CHICAGO:
            return self._chicago(view, kn, stakes, legal)
        return self._play(view, kn, stakes, legal)

    def _exchange(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, legal: Sequence[Action], rng: Stream
    ) -> Suggestion:
        judge = Judge(view, kn, stakes)
        results = value_exchanges(view, kn, judge, legal, rng)
        worth, action, values = max(results, key=lambda r: r[0])
        if not action.discard:
            values = values[:1]
        improve, best = odds_of(view, judge, values)
        hope = aiming(view, judge, action, worth)
        return Suggestion(action, exchange_reason(view, action, improve, best, legal, hope))

    def _offer(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, legal: Sequence[Action]
    ) -> Suggestion:
        judge = Judge(view, kn, stakes)
        offer = view.offer
        assert offer is not None
        hand = view.hand
        with_it = judge.worth(hand_value((*hand, offer)))
        pool = [c for c in kn.draw_pool(1) if c is not offer]
        blind = sum(judge.worth(hand_value((*hand, c))) for c in pool) / max(1, len(pool))
        keep = with_it >= blind
        cat = int(category_of(hand_value((*hand, offer))))
        reason = why("offer.keep", [offer], category=cat) if keep else why("offer.decline", [offer])
        return Suggestion(answer(legal, keep), reason)

    def _chicago(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, legal: Sequence[Action]
    ) -> Suggestion:
        kn = returned(kn, view)
        leads = first_leader(view, kn, kn.seat) == kn.seat
        hand = view.hand
        if sure_chicago(kn, hand, leads):
            return Suggestion(answer(legal, True), why("call.tops", hand, lead=int(leads)))
        p = call_chance(kn, hand, leads)
        if stakes.urgent_call:
            return Suggestion(answer(legal, True),
                              why("call.urgent_odds", score=stakes.score, chance=p))
        won, broken = stakes.call_values()
        call = p * won + (1 - p) * broken
        judge = Judge(view, kn, stakes)
        stay = judge.worth(hand_value(hand)) if len(hand) == 5 else 0.0
        if view.profile.final_hand_after_chicago and len(hand) == 5:
            call += p * judge.best(hand_value(hand), view.profile.exchanges) * stakes.award_value(
                category_of(hand_value(hand)), True)
        least = RISKY_CALL[stakes.needs_call]
        if p >= least and call > stay + 1.0:
            kind = "call.risky" if p < 0.5 else "call.worth"
            return Suggestion(answer(legal, True), why(kind, chance=p))
        return Suggestion(answer(legal, False), why("pass.odds", chance=p))

    def _play(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, legal: Sequence[Action]
    ) -> Suggestion:
        pick = plays(legal)
        choice = choose_play(view, kn, sorted(pick, key=lambda c: c.index), stakes)
        return Suggestion(pick[choice.card], choice.reason)


def call_chance(kn: Knowledge, hand: Sequence[Card], leads: bool) -> float:
    """A counted chance that `hand` takes all five tricks: each card that is not the top one
    left must find the higher ones out of the others' hands (R5.2)."""
    count = Count.of(kn)
    others = kn.holders()
    threats = kn.threats()
    p = 1.0
    for c in hand:
        if higher_out(c, threats):
            p *= count.survives(c, others)
    if not leads:
        mine = {c.suit for c in hand}
        missing = {c.suit for c in threats if c.suit not in mine}
        p *= 0.25 ** len(missing) if missing else 1.0
    return p


def aiming(view: PlayerView, judge: Judge, action: Exchange, worth: float) -> float:
    """The chance of a sure Chicago by the calls when that is most of what this exchange is
    worth (else 0): the exchange is then explained by it."""
    if len(view.hand) != 5 or action.confirm_reset:
        return 0.0
    kept = [c for c in view.hand if c not in action.discard]
    value, hope = judge.chicago(kept, len(action.discard))
    return hope if hope >= 0.1 and value >= 0.5 * worth else 0.0


def exchange_reason(
    view: PlayerView,
    action: Exchange,
    improve: float,
    best: float,
    legal: Sequence[Action],
    hope: float = 0.0,
) -> Reason:
    """Why this exchange, as data: the cards kept and discarded, the chance to improve and
    of the best hand at this table."""
    hand = view.hand
    kept = [c for c in hand if c not in action.discard]
    if hope and action.discard:
        return why("exchange.chicago", kept, action.discard, chance=hope)
    if hope:
        return why("exchange.stand_chicago", hand, chance=hope)
    if len(hand) > 5:  # §X six cards: one goes, nothing is drawn
        return why("exchange.put_away", action.discard, kept, best=best)
    if not action.discard:
        if resets(legal):
            return why("exchange.stand_reset_best", hand, score=view.scores[view.seat], best=best)
        return why("exchange.stand_best", hand, best=best)
    return why("exchange.keep_odds", kept, action.discard, improve=improve, best=best,
               resets=int(action.confirm_reset))

