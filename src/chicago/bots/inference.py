"""The hard level's opponent model: how likely each hidden hand is, given what its holder did.

A seat sees, of every other seat (R2.5, R4.1, R5.1, R9.1): how many cards it exchanged at
each exchange, whether it kept or declined an open offer (R2.2), the category and winner of
each stage (or that nobody scored, R4.2), and whether it passed a Chicago question (R5.1).
Each of these is a *clue*: an outcome whose chance depends on the hand the seat holds. The
model puts a hand into one of `SHAPES` shapes (its category and how many aces it holds) and
reads the chance of each outcome given the shape from a table of counts measured in self-play
(bench/opponents.py fits it; the counts are stored in `opponents.json` next to this module).
The clues of one seat are taken as independent given its shape, so a hand's likelihood is
the product of its clues' chances (smoothed towards the clue's overall rate, so that no
outcome the table has not seen rules a hand out).

The hidden hands are then dealt by *sampling importance resampling* (`Dealer`): for each
seat, candidate hands are dealt once per decision from the cards it may hold (unseen,
outside its voids, with its known cards — every candidate is consistent with the view), and
each imagined deal takes one in proportion to its likelihood.

Beside the clues, the cards themselves lean (`Model.lean`): players keep their high cards
and throw the low ones away (R2.1), so after three exchanges an ace the seat has not seen is
in another's hand three times as often as a uniform deal makes it (normal × 4: 0.74 against
0.40 of the unseen aces; twos 0.28 against 0.38). Every card a seat is dealt is drawn in
proportion to its rank's weight at that moment (exchanges the seat has made, tricks played),
fitted so that the imagined deals put each rank in the others' hands as often as self-play
does (bench/lean.py). Nothing here reads more than
the seat's own `PlayerView` (R9.2): the clues come from its redacted log.

A clue's context is the pair (exchange or stage it was seen at, exchanges the seat has made
since the deal began): a seat that stood pat at exchange 1 and has exchanged twice since
tells less about its hand now than one that just stood pat.
"""

from __future__ import annotations

import json
from bisect import bisect_right as bisect
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from math import ceil
from typing import Final, Protocol

from chicago.core.cards import Card
from chicago.core.events import (
    CardsExchanged,
    ChicagoCalled,
    ChicagoPassed,
    DealStarted,
    ExchangeSkipped,
    ExchangeStarted,
    HandAnnounced,
    NoHandScored,
    OfferDeclined,
    OfferKept,
)
from chicago.core.hands import hand_value
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView

from .knowledge import Knowledge
from .odds import CATEGORIES

SHAPES: Final = 27
"""Hand shapes: 3 × category (R3.1) + aces held (0, 1, 2 or more)."""
KINDS: Final = frozenset("xsocr")
"""Clue kinds: exchange counts (x, R2.1), stage announcements (s, R4.1/R4.2), open offers
kept or declined (o, R2.2/R2.5), Chicago questions answered (c, R5.1); and r, the ranks'
lean (`Model.lean`): players keep high cards and throw low ones away (R2.1), so a card of a
high rank that a seat has not seen is more likely in another's hand than in the discards."""
OUTCOMES: Final = {"x": 6, "s": 19, "o": 2, "c": 2}
"""Outcomes per kind: cards exchanged 0..5; stage won with category 0..8, lost to category
9..17, nobody scored 18; offer declined 0 / kept 1; Chicago passed 0 / called 1."""
NOBODY: Final = 18
SMOOTHING: Final = 2.0
"""Pseudo-counts of the clue's overall rate added to every shape's counts."""
BANK: Final = 192
"""Candidate hands per seat and decision (`Dealer`), at least."""
MAX_BANK: Final = 1536
"""At most: a seat whose clues fit only rare shapes gets a bank of about
`BANK_FACTOR` candidates per expected match, up to this."""
BANK_FACTOR: Final = 3
FRESH: Final = 16
"""Fresh uniform hands tried per seat and deal for the shape drawn from its bank."""
TRIES: Final = 6
"""Then, candidates drawn from the bank before dealing the seat uniform cards."""

LEAN_BITS: Final = 10
"""A lean card is taken, when drawn, with a chance of its weight over the top weight, in
steps of 1/2**LEAN_BITS (one word of the stream gives the card and the coin)."""

Clue = tuple[str, int]
"""(context key, outcome): the key is kind + exchange or stage + exchanges made since,
e.g. "x12": the count of exchange 1 of a seat that has made 2 exchanges."""


def shape(hand: Sequence[Card]) -> int:
    """A five-card hand's shape: 3 × category + min(aces, 2)."""
    aces = 0
    for c in hand:
        aces += c.rank == 14
    return 3 * int(CATEGORIES[hand_value(hand)]) + min(aces, 2)


def clues(view: PlayerView) -> tuple[tuple[Clue, ...], ...]:
    """By seat: the clues its public actions this deal gave (from the view's log only)."""
    n = view.seats
    raw: list[list[tuple[str, int, int]]] = [[] for _ in range(n)]
    made = [0] * n
    in_deal: tuple[int, ...] = ()
    current = 0
    for e in view.log:
        if isinstance(e, DealStarted):
            in_deal = e.seats
        elif isinstance(e, ExchangeStarted):
            current = e.exchange
        elif isinstance(e, CardsExchanged):
            raw[e.seat].append(("x", e.exchange, min(e.count, 5)))
            made[e.seat] = max(made[e.seat], e.exchange)
        elif isinstance(e, ExchangeSkipped):
            made[e.seat] = max(made[e.seat], e.exchange)
        elif isinstance(e, OfferKept | OfferDeclined):
            raw[e.seat].append(("o", current, int(isinstance(e, OfferKept))))
        elif isinstance(e, HandAnnounced):
            for s in in_deal:
                raw[s].append(("s", e.stage, int(e.category) + (0 if s == e.seat else 9)))
        elif isinstance(e, NoHandScored):
            for s in in_deal:
                raw[s].append(("s", e.stage, NOBODY))
        elif isinstance(e, ChicagoPassed | ChicagoCalled):
            raw[e.seat].append(("c", 3, int(isinstance(e, ChicagoCalled))))
    return tuple(
        tuple((f"{k}{x}{min(made[s], 9)}", o) for k, x, o in raw[s]) for s in range(n)
    )


@dataclass(frozen=True, slots=True)
class Model:
    """Chances of each clue's outcome by hand shape (see the module docstring)."""

    chance: Mapping[str, tuple[tuple[float, ...], ...]]
    """key -> [shape][outcome] -> smoothed chance."""
    prior: tuple[float, ...] = (1.0 / SHAPES,) * SHAPES
    """The share of each shape among uniform five-card hands (to size the rejection)."""
    lean: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    """Moment (`lean_key`) -> by rank 2..14, the weight of a card of that rank in a seat's
    hand against the cards no seat holds, fitted by bench/lean.py (none: 1 for every rank)."""

    @classmethod
    def from_counts(cls, counts: Mapping[str, Sequence[Sequence[int]]],
                    prior: Sequence[int] | None = None,
                    lean: Mapping[str, Sequence[float]] | None = None) -> Model:
        chance: dict[str, tuple[tuple[float, ...], ...]] = {}
        for key, rows in counts.items():
            size = OUTCOMES[key[0]]
            totals = [sum(r[o] for r in rows) for o in range(size)]
            whole = sum(totals)
            rate = [(t + 1.0) / (whole + size) for t in totals]
            chance[key] = tuple(
                tuple((r[o] + SMOOTHING * rate[o]) / (sum(r) + SMOOTHING) for o in range(size))
                for r in rows
            )
        leans = {k: tuple(float(x) for x in w) for k, w in (lean or {}).items()}
        if prior is None:
            return cls(chance, lean=leans)
        total = sum(prior) + SHAPES
        return cls(chance, tuple((x + 1.0) / total for x in prior), leans)

    def accept(self, key: str) -> tuple[int, ...] | None:
        """By rank 0..14: the chance, in 1/2**LEAN_BITS, that a drawn card of the rank is
        taken at this moment (the top weight always); None: every card alike."""
        w = self.lean.get(key)
        if not w:
            return None
        top = max(w)
        scale = 1 << LEAN_BITS
        return (0, 0, *(max(1, min(scale, round(scale * x / top))) for x in w))

    def likelihood(self, seen: Iterable[Clue], hand_shape: int, kinds: frozenset[str]) -> float:
        """The chance of the clues `seen` (of the named kinds) for a hand of this shape,
        up to a factor that is the same for every hand."""
        p = 1.0
        for key, outcome in seen:
            if key[0] in kinds:
                table = self.chance.get(key)
                if table is not None:
                    p *= table[hand_shape][outcome]
        return p

    def by_shape(self, seen: Iterable[Clue], kinds: frozenset[str]) -> tuple[float, ...]:
        """The likelihood of the clues for every shape, scaled so that the best is 1."""
        clues_ = tuple(seen)
        out = [self.likelihood(clues_, s, kinds) for s in range(SHAPES)]
        top = max(out)
        return tuple(x / top for x in out) if top > 0 else (1.0,) * SHAPES

    def draws_needed(self, scaled: Sequence[float]) -> float:
        """Expected uniform candidates per accepted one (1 / the mean scaled likelihood)."""
        mean = sum(p * x for p, x in zip(self.prior, scaled, strict=True))
        return 1.0 / mean if mean > 0 else float(MAX_BANK)


@cache
def model() -> Model:
    """The model fitted by bench/opponents.py (`opponents.json`, in this package)."""
    text = resources.files("chicago.bots").joinpath("opponents.json").read_text("utf-8")
    data = json.loads(text)
    return Model.from_counts(data["counts"], data.get("prior"), data.get("lean"))


def lean_key(made: int, tricks: int) -> str:
    """The moment a lean is fitted for: exchanges the seat has made this deal, tricks played."""
    return f"m{min(made, 3)}t{tricks}"


def made_by(view: PlayerView) -> tuple[int, ...]:
    """By seat: the exchanges it has made (or stood pat at) this deal, from the view's log."""
    made = [0] * view.seats
    for e in view.log:
        if isinstance(e, DealStarted):
            made = [0] * view.seats
        elif isinstance(e, CardsExchanged | ExchangeSkipped):
            made[e.seat] = max(made[e.seat], e.exchange)
    return tuple(made)


def played_by(view: PlayerView) -> tuple[tuple[Card, ...], ...]:
    """By seat: the cards it has played to this deal's tricks (its hand's missing part)."""
    out: list[list[Card]] = [[] for _ in range(view.seats)]
    for t in view.tricks:
        for s, c in t.plays:
            out[s].append(c)
    for s, c in view.trick:
        out[s].append(c)
    return tuple(tuple(x) for x in out)


@dataclass(frozen=True, slots=True)
class Reader:
    """What one view tells about the others, ready to deal their hands by it."""

    seen: tuple[tuple[Clue, ...], ...]
    played: tuple[tuple[Card, ...], ...]
    kinds: frozenset[str]
    model: Model
    scaled: tuple[tuple[float, ...], ...]
    """By seat: the clues' likelihood for every shape, the best 1."""
    bank: tuple[int, ...]
    """By seat: candidate hands to deal per decision (`Dealer`)."""
    accept: tuple[tuple[int, ...] | None, ...] = ()
    """By seat: its ranks' lean now (`Model.accept`); none: every card alike."""

    @classmethod
    def of(cls, view: PlayerView, kinds: frozenset[str] = KINDS, fitted: Model | None = None,
           with_played: bool = True) -> Reader:
        n = view.seats
        played = played_by(view) if with_played else ((),) * n
        fitted = fitted if fitted is not None else model()
        reader = cls.make(clues(view), played, kinds, fitted)
        if "r" not in kinds:
            return reader
        tricks = len(view.tricks) if with_played else 0
        keys = [lean_key(m, tricks) for m in made_by(view)]
        return replace(reader, accept=tuple(fitted.accept(k) for k in keys))

    @classmethod
    def make(cls, seen: tuple[tuple[Clue, ...], ...], played: tuple[tuple[Card, ...], ...],
             kinds: frozenset[str], fitted: Model) -> Reader:
        scaled = tuple(fitted.by_shape(c, kinds) for c in seen)
        bank = tuple(min(MAX_BANK, max(BANK, ceil(BANK_FACTOR * fitted.draws_needed(x))))
                     for x in scaled)
        return cls(seen, played, kinds, fitted, scaled, bank)

    def without_played(self, view: PlayerView | None = None) -> Reader:
        """The reader of the hands as they were before the first trick."""
        accept = self.accept
        if accept and view is not None and view.tricks:
            keys = [lean_key(m, 0) for m in made_by(view)]
            accept = tuple(self.model.accept(k) for k in keys)
        return replace(self, played=((),) * len(self.played), accept=accept)

    def lean(self, seat: int) -> tuple[int, ...] | None:
        return self.accept[seat] if self.accept else None

    def shape_of(self, seat: int, hand: Sequence[Card]) -> int:
        """The shape of a seat's hand with its played cards added back (-1: not five)."""
        full = tuple(hand) + self.played[seat]
        return shape(full) if len(full) == 5 else -1

    def weight(self, seat: int, hand: Sequence[Card]) -> float:
        """The likelihood of a seat's hand now (its played cards added back), the best 1."""
        full = tuple(hand) + self.played[seat]
        if len(full) != 5 or not self.kinds:
            return 1.0
        return self.scaled[seat][shape(full)]


def consistent(kn: Knowledge, hands: Sequence[Sequence[Card]],
               sizes: Sequence[int] | None = None) -> bool:
    """Whether imagined hands fit the view: each other holder has its size, its known cards,
    no card of a void suit (R6.1), only unseen cards otherwise, and no card is twice."""
    want = sizes if sizes is not None else kn.hand_sizes
    unseen = set(kn.unseen)
    used: set[Card] = set()
    for s in kn.holders() if sizes is None else [x for x in kn.players if x != kn.seat]:
        h = hands[s]
        if len(h) != want[s] or not set(kn.known[s]) <= set(h):
            return False
        for c in h:
            if c in used or (c not in unseen and c not in kn.known[s]):
                return False
            if c.suit in kn.voids[s] and c not in kn.known[s]:
                return False
            used.add(c)
    return True


class Deals(Protocol):
    """What deals the others' hands for a decision: `Dealer` here, `policy.PolicyDealer`."""

    @property
    def kn(self) -> Knowledge: ...

    def deal(self, rng: Stream) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]: ...


class Dealer:
    """Deals the others' hands by the model, many times over for one decision.

    For each other seat it deals a *bank* of candidate hands once from the cards it may hold
    (unseen, outside its voids, R6.1; with its known cards), each card by its rank's lean,
    and weighs each by its likelihood. Every imagined deal then draws a candidate from the
    bank in proportion to the weights (sampling importance resampling) and deals the seat
    fresh cards of that candidate's shape (the model weighs shapes only), or, when a few
    tries find none, the candidate itself if it shares no card with a hand already dealt;
    after a few misses, or without clues, the seat gets cards by the lean from what is
    left. The leftover cards come
    back in random order. Every deal is consistent with the view, as in
    `knowledge.sample_hands`; strong clues (a flush announced and kept) get a bigger bank.
    """

    def __init__(self, kn: Knowledge, reader: Reader, rng: Stream,
                 sizes: Sequence[int] | None = None) -> None:
        self.kn = kn
        self.reader = reader
        want = sizes if sizes is not None else kn.hand_sizes
        seats = [s for s in kn.holders() if want[s] > 0] if sizes is None else [
            s for s in kn.players if s != kn.seat and want[s] > 0
        ]
        seats.sort(key=lambda s: (-len(kn.voids[s]), s))
        self.need = {s: max(0, want[s] - len(kn.known[s])) for s in seats}
        self.banks: dict[int, tuple[list[tuple[Card, ...]], list[float]]] = {}
        for s in seats:
            k = self.need[s]
            allowed = self.allowed(s)
            if reader.kinds and 0 < k < len(allowed):
                self.banks[s] = _bank(s, kn.known[s], allowed, k, reader, rng)
        self.seats = seats

    def allowed(self, seat: int) -> list[Card]:
        kn = self.kn
        void = kn.voids[seat]
        allowed = [c for c in kn.unseen if c.suit not in void]
        if len(allowed) < self.need[seat]:  # an inconsistent view (not in engine games)
            return list(kn.unseen)
        return allowed

    def deal(self, rng: Stream) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        kn = self.kn
        pool = rng.shuffled(kn.unseen)
        hands: list[tuple[Card, ...]] = [()] * len(kn.hand_sizes)
        hands[kn.seat] = kn.hand
        taken: set[Card] = set()
        for s in self.seats:
            k = self.need[s]
            void = kn.voids[s]
            free = [c for c in pool if c not in taken and c.suit not in void]
            if len(free) < k:
                free = [c for c in pool if c not in taken]
            accept = self.reader.lean(s)
            got = tuple(free[:k])
            if accept is not None and len(free) > k:
                got = _distinct(free, k, _draws(free, accept, rng), accept)
            bank = self.banks.get(s)
            if bank is not None and len(free) > k:
                got = self.resample(s, bank, free, k, taken, rng) or got
            taken.update(got)
            hands[s] = tuple(sorted(kn.known[s] + got))
        return tuple(hands), tuple(c for c in pool if c not in taken)

    def resample(self, seat: int, bank: tuple[list[tuple[Card, ...]], list[float]],
                  free: list[Card], k: int, taken: set[Card], rng: Stream,
                  ) -> tuple[Card, ...] | None:
        """A hand for the seat: the shape of a bank candidate drawn by weight, then fresh
        uniform cards of that shape when a few tries find them (the bank's own cards
        otherwise), so that the deals differ card by card as much as uniform ones."""
        cands, cumulative = bank
        total = cumulative[-1]
        i = min(len(cands) - 1, bisect(cumulative, rng.random() * total))
        reader = self.reader
        want = reader.shape_of(seat, self.kn.known[seat] + cands[i])
        accept = reader.lean(seat)
        draws = _draws(free, accept, rng)
        for _ in range(FRESH):
            cand = _distinct(free, k, draws, accept)
            if reader.shape_of(seat, self.kn.known[seat] + cand) == want:
                return cand
        for _ in range(TRIES):
            if taken.isdisjoint(cands[i]):
                return cands[i]
            i = min(len(cands) - 1, bisect(cumulative, rng.random() * total))
        return None


def _draws(cards: Sequence[Card], accept: tuple[int, ...] | None, rng: Stream) -> Iterator[int]:
    """The stream of draws `_distinct` reads for these cards (with a coin each if lean)."""
    return rng.belows(len(cards) << LEAN_BITS if accept is not None else len(cards))


def _distinct(cards: Sequence[Card], k: int, draws: Iterator[int],
              accept: tuple[int, ...] | None = None) -> tuple[Card, ...]:
    """k different cards of `cards`, by the indices `draws` gives (repeats skipped):
    uniformly, or with `accept` (by rank, `Model.accept`) in proportion to their ranks'
    weights, by rejection — each draw carries its card and its coin (`_draws`)."""
    got: list[Card] = []
    chosen: set[int] = set()
    if accept is None:
        while len(got) < k:
            i = next(draws)
            if i not in chosen:
                chosen.add(i)
                got.append(cards[i])
        return tuple(got)
    mask = (1 << LEAN_BITS) - 1
    while len(got) < k:
        d = next(draws)
        i = d >> LEAN_BITS
        if i not in chosen and (d & mask) < accept[cards[i].rank]:
            chosen.add(i)
            got.append(cards[i])
    return tuple(got)


def _bank(seat: int, known: tuple[Card, ...], allowed: list[Card], k: int, reader: Reader,
          rng: Stream) -> tuple[list[tuple[Card, ...]], list[float]]:
    """Candidate hands for a seat, drawn from the allowed cards by the ranks' lean, and their
    cumulative likelihoods."""
    cands: list[tuple[Card, ...]] = []
    cumulative: list[float] = []
    total = 0.0
    accept = reader.lean(seat)
    draws = _draws(allowed, accept, rng)
    for _ in range(reader.bank[seat]):
        cand = _distinct(allowed, k, draws, accept)
        total += reader.weight(seat, known + cand)
        cands.append(cand)
        cumulative.append(total)
    return cands, cumulative


def deal_weighted(
    kn: Knowledge, reader: Reader, rng: Stream, sizes: Sequence[int] | None = None,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """One imagined deal by the model (a `Dealer` used once)."""
    return Dealer(kn, reader, rng, sizes).deal(rng)
