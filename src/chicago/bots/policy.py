"""Policy-based inference: the others' hands weighed by how likely a player holding them was
to do what the view showed, card by card (R2.1, R2.2, R2.5, R4.1, R4.2, R9.1, R9.2).

The shape model (inference.py) reads each clue against a hand's shape (category × aces), so
it knows *how good* the others' hands are, not *which cards* they hold. Here every other seat
gets a bank of imagined *histories*: a first hand dealt from the cards this seat has not seen,
then each of its exchanges this deal replayed as it was seen — the count it exchanged (R2.5),
the open offer it kept or declined (R2.2) — with the typical player's plan choosing which
cards go (`odds.keep_plan`, `simulate.keep_forced`) and fresh cards drawn for them. Each
history is weighed by the chance that a player holding its hands did what was seen:

- at each exchange, the chance of the count the seat exchanged given the count the plan
  would exchange from its hand then (`COUNTS`: measured, the plan is a rough copy of a
  player — the normal level exchanges the plan's count half of the time, and e.g. keeps a
  kicker to its pair or stands pat at 45 to avoid the reset, R2.4);
- at an open offer, the chance of its answer given whether the plan keeps the card
  (`OFFERS`, measured likewise);
- at each stage, the announcement (R4.1, R4.2): the winner held the announced category, the
  others no better, and when nobody scored nobody held a pair. These are facts of the rules,
  not choices, but the replayed hands before the last exchange are guesses, so a history
  that breaks one keeps `FACT` of its weight.

With `normal` (a temperature), the normal level's own valuation of exchanges (keeps.py)
replaces the plan at each seat's last exchange (the one its hand now comes from; the
valuation costs a fraction of a millisecond a hand, too much for every exchange of every
history): it chooses which cards go for the count seen, and the count's chance is its
softmax over the counts, instead of the table above; the plan still answers the offers, and
the bank grows to twice its size at most.

The history's last hand is the candidate for the seat's hand now; an imagined deal draws
each seat's hand from its bank in proportion to the weights (sampling importance
resampling), retrying when it clashes with a hand already dealt (`fresh`: the history's
last blind draws, which nothing seen depends on, drawn anew for each deal). The bank grows
(up to `MAX_HISTORIES`) while few of its histories fit every announcement; a seat still
short of them is dealt by the shape model.

The hard level uses it only as the bench variant `hard-policy` (`HardBot.policy_kinds`):
it reads the others' categories better than the shape model but did not yet choose better
discards (bench/RESULTS.md).

Nothing here reads more than the seat's own `PlayerView` (R9.2): the counts, offers and
announcements are public events of its log (R9.1), and the cards are dealt from its
`Knowledge.unseen`.

Every chance is at least `FLOOR`, so that a person's odd play never rules a history out.
`COUNTS` and `OFFERS` are measured on the normal level's self-play (bench/policy_fit.py); the
same tables fitted from stored games of people (the game file's actions with the hands they
dealt, the plan's count beside the count exchanged) would read people better, per level of
play or per person.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from chicago.core.cards import Card
from chicago.core.events import (
    CardsExchanged,
    DealStarted,
    ExchangeSkipped,
    HandAnnounced,
    NoHandScored,
    OfferDeclined,
    OfferKept,
    OfferShown,
)
from chicago.core.hands import hand_value
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView

from .inference import Dealer, Reader
from .keeps import TEMPERATURE, NormalKeep, floors_at, normal_keep
from .knowledge import Knowledge
from .odds import CATEGORIES, keep_plan
from .simulate import keep_forced

KINDS: Final = frozenset("xos")
"""What the histories are weighed by: exchange counts (x, R2.5), open offers kept or
declined (o, R2.2), stage announcements (s, R4.1/R4.2)."""
COUNTS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = (
    (
        (26, 2, 0, 0, 0, 0),
        (28, 501, 13, 12, 12, 0),
        (1, 63, 8, 0, 0, 0),
        (80, 175, 411, 780, 101, 0),
        (57, 0, 196, 383, 403, 0),
        (0, 0, 0, 0, 0, 0),
    ),
    (
        (178, 28, 8, 3, 12, 0),
        (34, 669, 31, 49, 36, 0),
        (5, 185, 12, 0, 0, 0),
        (78, 219, 509, 607, 171, 0),
        (56, 0, 77, 133, 124, 0),
        (0, 0, 0, 0, 0, 0),
    ),
    (
        (321, 39, 14, 11, 21, 0),
        (46, 628, 60, 99, 127, 0),
        (19, 221, 32, 1, 2, 0),
        (78, 221, 336, 380, 261, 0),
        (54, 2, 27, 79, 97, 0),
        (0, 0, 0, 0, 0, 0),
    ),
)
"""[exchange - 1 (the third for any later)][the plan's count][the count exchanged]: how
often, in the normal level's self-play (`bench/policy_fit.py --games 60 --seed 7700`)."""
OFFERS: Final[tuple[tuple[int, ...], ...]] = ((2174, 75), (362, 342))
"""[the plan keeps the card][it was kept]: open offers (R2.2), measured likewise."""
FLOOR: Final = 0.02
"""The least chance of any count or answer, whatever the plan."""
FACT: Final = 0.001
"""The weight a history keeps when one of its replayed hands breaks a stage announcement: a
fact of the rules given the history, so small — but not zero, so that a seat whose real
history the replays cannot reach still gets the closest of them."""
HISTORIES: Final = 192
"""Histories per seat and decision, at least."""
MAX_HISTORIES: Final = 768
"""At most: the bank doubles while fewer than `MIN_FITS` of its histories fit every
announcement. A seat still short of them (a rare hand announced, e.g. a straight kept since
the first deal) is dealt by the shape model instead (inference.Dealer), which deals fresh
hands of the announced shape."""
MIN_FITS: Final = 24
TRIES: Final = 8
"""Draws from a seat's bank before it gets unseen cards at random (a clash every time)."""


@dataclass(frozen=True, slots=True)
class Exchanged:
    """One exchange of a seat as the view shows it."""

    exchange: int
    count: int
    offer: Card | None = None
    """The face-up card it was shown (R2.2), if any."""
    kept: bool = False
    """Whether it kept that card."""


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage's announcement as it concerns a seat (R4.1, R4.2)."""

    won: bool
    category: int
    """The announced category (-1: nobody scored)."""


Step = Exchanged | Stage


def histories(view: PlayerView) -> tuple[tuple[Step, ...], ...] | None:
    """By seat: its exchanges and the stages' announcements this deal, in order, from the
    view's log only; None when a seat's hand cannot be replayed by this model (six cards
    or a skipped exchange, §X)."""
    n = view.seats
    steps: list[list[Step]] = [[] for _ in range(n)]
    in_deal: tuple[int, ...] = ()
    offers: dict[int, tuple[Card, bool]] = {}
    last = -1
    for e in view.log:
        if isinstance(e, DealStarted):
            steps = [[] for _ in range(n)]
            in_deal = e.seats
            offers = {}
            last = -1
        elif isinstance(e, OfferShown):
            offers[e.seat] = (e.card, False)
        elif isinstance(e, OfferKept):
            offers[e.seat] = (e.card, True)
        elif isinstance(e, OfferDeclined):
            offers[e.seat] = (e.card, False)
        elif isinstance(e, CardsExchanged):
            shown = offers.pop(e.seat, None)
            if shown is None:
                steps[e.seat].append(Exchanged(e.exchange, e.count))
            else:
                steps[e.seat].append(Exchanged(e.exchange, e.count, shown[0], shown[1]))
        elif isinstance(e, ExchangeSkipped):
            return None
        elif isinstance(e, HandAnnounced):
            if e.stage == last:  # a tie that all score (R3.3): one more winner
                steps[e.seat][-1] = Stage(True, int(e.category))
                continue
            last = e.stage
            for s in in_deal:
                steps[s].append(Stage(s == e.seat, int(e.category)))
        elif isinstance(e, NoHandScored):
            last = e.stage
            for s in in_deal:
                steps[s].append(Stage(False, -1))
    return tuple(tuple(x) for x in steps)


def _rows(counts: Sequence[Sequence[int]]) -> tuple[tuple[float, ...], ...]:
    """Counts by row into chances (half a count of every outcome added), at least FLOOR."""
    out = []
    for row in counts:
        total = sum(row) + 0.5 * len(row)
        out.append(tuple(max(FLOOR, (x + 0.5) / total) for x in row))
    return tuple(out)


COUNT_CHANCE: Final = tuple(_rows(t) for t in COUNTS)
"""[exchange - 1][the plan's count][the count exchanged] -> chance (from `COUNTS`)."""
OFFER_CHANCE: Final = _rows(OFFERS)


def _fits(step: Stage, hand: Sequence[Card]) -> bool:
    """Whether a hand at a stage agrees with its announcement (R4.1, R4.2)."""
    if len(hand) != 5:
        return True
    cat = int(CATEGORIES[hand_value(hand)])
    if step.category < 0:
        return cat == 0
    if step.won:
        return cat == step.category
    return cat <= step.category


Keeper = Callable[[int], NormalKeep | None]
"""A seat's exchange valuation at an exchange (keeps.py); None: the typical plan there."""


def replay(steps: Sequence[Step], pool: Sequence[Card], rng: Stream, most: int,
           kinds: frozenset[str] = KINDS,
           keeper: Keeper | None = None) -> tuple[tuple[Card, ...], float, bool, int]:
    """One imagined history of a seat: a first hand from `pool`, its exchanges replayed by
    the typical plan (or by `keeper`, the normal level's valuation: the chance of the count
    seen and the cards it keeps for it) with the counts (and offers) seen, fresh cards from
    `pool`; its last hand, its weight (see the module docstring), whether it fits every
    announcement, and how many of the hand's last cards are blind draws that nothing seen
    since depends on (drawn at its last exchange, no stage announced after it)."""
    used: set[Card] = {x.offer for x in steps if isinstance(x, Exchanged) and x.offer}
    draws = rng.belows(len(pool))
    left = [len(set(pool) - used)]

    def draw(k: int) -> tuple[Card, ...]:
        got: list[Card] = []
        k = min(k, left[0])  # too few cards (not in engine games): a short hand, weight 0
        left[0] -= k
        while len(got) < k:
            c = pool[next(draws)]
            if c not in used:
                used.add(c)
                got.append(c)
        return tuple(got)

    hand = draw(5)
    weight = 1.0
    fits = True
    blind = 0
    last = max((i for i, x in enumerate(steps) if isinstance(x, Exchanged)), default=-1)
    for i, step in enumerate(steps):
        if isinstance(step, Stage):
            blind = 0
            if "s" in kinds and not _fits(step, hand):
                weight *= FACT
                fits = False
            continue
        judge = (keeper(step.exchange)
                 if keeper is not None and i == last and len(hand) == 5 else None)
        if judge is not None:
            options = judge.by_count(hand)
            if "x" in kinds:
                weight *= max(FLOOR, judge.chances(options)[min(step.count, 5)])
            chosen = options[min(step.count, 5)]
            kept = chosen[1] if chosen is not None else keep_forced(hand, step.count, most)
        else:
            plan = keep_plan(hand, most)
            if "x" in kinds:
                table = COUNT_CHANCE[min(step.exchange, len(COUNT_CHANCE)) - 1]
                weight *= table[len(hand) - len(plan)][min(step.count, 5)]
            kept = keep_forced(hand, step.count, most, plan)
        if step.offer is None:
            hand = kept + draw(step.count)
            blind = step.count
            continue
        offer = step.offer
        if "o" in kinds:
            wants = offer in keep_plan((*kept, offer), most)
            weight *= OFFER_CHANCE[wants][step.kept]
        if step.kept:
            used.add(offer)
            hand = (*kept, offer)
            blind = 0
        else:
            hand = kept + draw(1)
            blind = 1
    if len(hand) != 5:
        return hand, 0.0, False, 0
    return hand, weight, fits, blind


class PolicyDealer:
    """Deals the others' hands by their replayed histories, many times for one decision
    (the same interface as inference.Dealer: `kn` and `deal`)."""

    def __init__(self, kn: Knowledge, steps: Sequence[Sequence[Step]], rng: Stream, most: int,
                 kinds: frozenset[str] = KINDS, size: int = HISTORIES,
                 reader: Reader | None = None, fresh: bool = False,
                 keepers: Mapping[int, Keeper] | None = None) -> None:
        self.kn = kn
        self.fresh = fresh
        """Whether each deal draws a history's last blind draws afresh (more distinct
        deals from one bank; the model deals them uniformly anyway)."""
        self.banks: dict[int, tuple[list[tuple[Card, ...]], list[float]]] = {}
        self.blind: dict[int, list[int]] = {}
        self.thin: list[int] = []
        """Seats dealt by the shape model (`MAX_HISTORIES`)."""
        pool = kn.unseen
        seats = list(kn.holders())
        most_histories = MAX_HISTORIES if keepers is None else 2 * size
        for s in seats:
            known = set(kn.known[s])
            cands: list[tuple[Card, ...]] = []
            weights: list[float] = []
            blinds: list[int] = []
            fits = 0
            want = size
            while True:
                while len(cands) < want:
                    hand, w, fit, blind = replay(steps[s], pool, rng, most, kinds,
                                                 keepers.get(s) if keepers else None)
                    if not known <= set(hand):  # a kept offer it still holds, R2.2
                        w, fit = 0.0, False
                    cands.append(hand)
                    weights.append(w)
                    blinds.append(blind)
                    fits += fit
                if fits >= MIN_FITS or want >= most_histories:
                    break
                want = min(most_histories, 2 * want)
            if fits < MIN_FITS and reader is not None:
                self.thin.append(s)
            cumulative: list[float] = []
            acc = 0.0
            for w in weights:
                acc += w
                cumulative.append(acc)
            self.banks[s] = (cands, cumulative)
            self.blind[s] = blinds
        self.seats = self.thin + [s for s in seats if s not in self.thin]
        self.shapes = Dealer(kn, reader, rng) if self.thin and reader is not None else None

    @classmethod
    def of(cls, view: PlayerView, kn: Knowledge, rng: Stream, kinds: frozenset[str] = KINDS,
           size: int = HISTORIES, reader: Reader | None = None,
           fresh: bool = False, normal: float | None = None) -> PolicyDealer | None:
        """The dealer of this view, or None where the model does not apply: a seat not
        holding five cards (an offer being answered, six cards, the tricks), or known to
        hold a card its replayed exchanges cannot give it. `reader`: the
        shape model's reading, for the seats whose announced hands the histories rarely
        reach (`MAX_HISTORIES`)."""
        if view.tricks or view.trick:
            return None
        if any(kn.hand_sizes[s] != 5 for s in kn.holders()):
            return None
        steps = histories(view)
        if steps is None:
            return None
        for s in kn.holders():
            offered = {x.offer for x in steps[s] if isinstance(x, Exchanged) and x.kept}
            if not set(kn.known[s]) <= offered:  # cards taken back (§X first-trick call)
                return None
        keepers = ({s: _keeper(view, kn, s, normal) for s in kn.holders()}
                   if normal is not None else None)
        return cls(kn, steps, rng, view.profile.max_discard, kinds, size, reader, fresh,
                   keepers)

    def deal(self, rng: Stream) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        kn = self.kn
        pool = rng.shuffled(kn.unseen)
        hands: list[tuple[Card, ...]] = [()] * len(kn.hand_sizes)
        hands[kn.seat] = kn.hand
        taken: set[Card] = set()
        for s in self.seats:
            cands, cumulative = self.banks[s]
            total = cumulative[-1]
            got: tuple[Card, ...] | None = None
            shapes = self.shapes
            if shapes is not None and s in self.thin and s in shapes.banks:
                free = [c for c in pool if c not in taken and c not in kn.known[s]]
                k = shapes.need[s]
                fresh = shapes.resample(s, shapes.banks[s], free, k, taken, rng)
                if fresh is not None:
                    got = kn.known[s] + fresh
            elif total > 0:
                for _ in range(TRIES):
                    i = min(len(cands) - 1, bisect_right(cumulative, rng.random() * total))
                    blind = self.blind[s][i] if self.fresh else 0
                    base = cands[i][: 5 - blind]
                    if taken.isdisjoint(base):
                        if blind:
                            drawn = [c for c in pool if c not in taken and c not in base]
                            got = base + tuple(drawn[:blind])
                        elif taken.isdisjoint(cands[i]):
                            got = cands[i]
                        if got is not None:
                            break
            if got is None:  # every try clashed: the seat's known cards and unseen ones
                free = [c for c in pool if c not in taken and c not in kn.known[s]]
                got = kn.known[s] + tuple(free[: kn.hand_sizes[s] - len(kn.known[s])])
            taken.update(got)
            hands[s] = tuple(sorted(got))
        return tuple(hands), tuple(c for c in pool if c not in taken)


def _keeper(view: PlayerView, kn: Knowledge, seat: int,
            temperature: float = TEMPERATURE) -> Keeper:
    """The normal level's valuation of `seat`'s exchanges this deal, from the public facts
    (keeps.py): the scores, the players in the deal, the hands announced before each."""
    p = view.profile
    opponents = len(kn.players) - 1

    def at(exchange: int) -> NormalKeep | None:
        if exchange < 1 or exchange > p.exchanges:
            return None
        floors = floors_at(kn.announced, kn.exchanged, seat, exchange)[:opponents]
        return normal_keep(p, seat, view.scores, view.qualified, view.eliminated, exchange,
                           opponents, floors, temperature)
    return at
