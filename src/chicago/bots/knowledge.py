"""What a seat's view implies, for the bots: a pure function of the `PlayerView` (R9.1, R9.2).

`knowledge(view)` reads the view's cards and its redacted log and works out:

- the cards whose place the seat does not know (`unseen`): all 52 minus its own hand, the
  cards played to tricks, the cards it knows lie in the discard pile (its own discards and
  every declined offer of this deal, R2.2/R2.5), cards it knows are in another hand, and a
  face-up offer awaiting an answer;
- when the stock was recycled (R2.3): recycling is not shown, but it follows from counts —
  the stock starts with 52 minus the dealt cards and every draw is public by count
  (`CardsExchanged`, `OfferShown`, `OfferDeclined`); a draw larger than the stock recycles the
  completed discards, whose cards may then be anywhere again;
- voids: a seat that did not follow the led suit holds none of it (R6.1) — for the rest of
  the deal, since nobody draws once the tricks begin;
- cards known in a seat's hand: a face-up offer it kept, until it could have discarded it
  (any later exchange of one card or more), or the cards it played and took back when a
  first-trick Chicago was called (§X), until played again;
- exchange counts per seat per exchange, the stage announcements, and hand sizes.

`sample_hands` deals the unknown cards to the other seats consistently with all of this.
"""

from __future__ import annotations

from dataclasses import dataclass

from chicago.core.cards import DECK, Card, Suit
from chicago.core.events import (
    CardsDealt,
    CardsExchanged,
    CardsReturned,
    DealStarted,
    ExchangeSkipped,
    ExchangeStarted,
    HandAnnounced,
    OfferDeclined,
    OfferKept,
    OfferShown,
    PlayerEliminated,
)
from chicago.core.hands import Category
from chicago.core.rules import HighScoreRule
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView

HAND_SIZE = 5
_NO_SUITS: frozenset[Suit] = frozenset()


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat can infer about the deal in progress (all card tuples in deck order)."""

    seat: int
    players: tuple[int, ...]
    """Seats still in the game, clockwise from the dealer's left (the order of exchanges,
    of the usual first lead and of exact ties, R3.3/R6.1)."""
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[Card, ...]
    """Every card played to the tricks of this deal, the current trick included."""
    dead: tuple[Card, ...]
    """Cards the seat knows are in the discard pile: its own discards and the declined offers
    since the last recycling (R2.2, R2.3)."""
    known: tuple[tuple[Card, ...], ...]
    """By seat: cards known to be in that seat's hand (empty for the seat itself)."""
    unseen: tuple[Card, ...]
    """The cards whose place the seat does not know: in other hands (beyond `known`), the
    stock, others' discards, or gone with an eliminated player."""
    voids: tuple[frozenset[Suit], ...]
    """By seat: suits it is known not to hold (it did not follow them, R6.1)."""
    exchanged: tuple[tuple[int | None, ...], ...]
    """[exchange - 1][seat]: how many cards the seat exchanged (None: not yet, or skipped)."""
    announced: tuple[tuple[int, int, Category], ...]
    """(stage, seat, category) of every best hand announced this deal (R4.1)."""
    stock: int
    """Cards left in the stock, by the public counts."""
    pile: int
    """Completed discards that a recycling would shuffle into a new stock (R2.3)."""
    recycled: int
    """How many times the stock was recycled this deal (inferred, R2.3)."""
    offer: Card | None
    """A face-up offer awaiting an answer (R2.2)."""

    def opponents(self) -> tuple[int, ...]:
        """The other seats still in the deal, clockwise from the dealer's left."""
        return tuple(s for s in self.players if s != self.seat)

    def holders(self) -> tuple[int, ...]:
        """The other seats holding cards now."""
        return tuple(s for s in self.players if s != self.seat and self.hand_sizes[s] > 0)

    def threats(self) -> tuple[Card, ...]:
        """Cards that may be in another seat's hand: the unseen ones and the known ones."""
        return tuple(sorted(set(self.unseen).union(*self.known)))

    def draw_pool(self, count: int) -> tuple[Card, ...]:
        """The cards a draw of `count` may bring, as far as the seat can tell.

        The unseen cards (the stock is among them); if the draw outruns the stock, the pile is
        recycled first, so the known dead cards come back too — but never the drawing seat's
        own discards of this exchange, which are not yet in the pile (R2.3).
        """
        if count > self.stock:
            return tuple(sorted(set(self.unseen) | set(self.dead)))
        return self.unseen


def _clockwise(view: PlayerView) -> tuple[int, ...]:
    """Seats still in the game, clockwise from the dealer's left (R1.2, R3.3, R6.1)."""
    n = view.seats
    seats = ((view.dealer + i) % n for i in range(1, n + 1))
    return tuple(s for s in seats if not view.eliminated[s])


def _six_card_seats(view: PlayerView) -> set[int]:
    """§X six cards: the seats dealt six this deal, as far as the view shows."""
    p = view.profile
    if p.high_score is not HighScoreRule.SIX_CARDS:
        return set()
    six: set[int] = set()
    offered: set[int] = set()
    for e in view.log:
        if isinstance(e, CardsDealt):
            if e.seat == view.seat and len(e.cards) > HAND_SIZE:
                six.add(e.seat)
        elif isinstance(e, ExchangeSkipped):
            if e.reason == "six_cards":
                six.add(e.seat)
        elif isinstance(e, OfferShown):
            offered.add(e.seat)
        elif (
            isinstance(e, CardsExchanged)
            and e.exchange == 1
            and e.count == 1
            and e.seat not in offered
            # without an open offer a lone discard is ambiguous: guess from the score
            and (p.open_offer or view.scores[e.seat] >= p.high_score_threshold)
        ):
            six.add(e.seat)
    if view.exchange == 1 and view.phase in (Phase.EXCHANGE, Phase.OFFER):
        six.update(s for s, size in enumerate(view.hand_sizes) if size > HAND_SIZE)
    return six


def knowledge(view: PlayerView) -> Knowledge:
    """What `view` implies about the deal (see the module docstring). Views only (R9.2)."""
    n = view.seats
    me = view.seat
    six = _six_card_seats(view)
    stock = pile = recycled = 0
    generation = 0
    dead: dict[Card, int] = {}  # card -> the recycling generation it joined the pile in
    kept: list[dict[Card, int]] = [{} for _ in range(n)]  # seat -> card -> exchange kept in
    exchanged: list[list[int | None]] = [
        [None] * n for _ in range(max(view.profile.exchanges, 1))
    ]
    announced: list[tuple[int, int, Category]] = []
    voids: list[set[Suit]] = [set() for _ in range(n)]
    offered: set[int] = set()
    declined: set[int] = set()
    current = 0

    def draw(count: int) -> None:
        nonlocal stock, pile, recycled, generation
        if count <= stock:
            stock -= count
        else:  # R2.3: the completed discards become the new stock
            stock = stock + pile - count
            pile = 0
            recycled += 1
            generation += 1

    for e in view.log:
        if isinstance(e, DealStarted):
            stock = len(DECK) - HAND_SIZE * len(e.seats) - len(six & set(e.seats))
        elif isinstance(e, ExchangeStarted):
            current = e.exchange
        elif isinstance(e, OfferShown):  # the seat has put one card away already
            draw(1)
            offered.add(e.seat)
            kept[e.seat] = {c: x for c, x in kept[e.seat].items() if x == current}
        elif isinstance(e, OfferKept):
            if e.seat != me:
                kept[e.seat][e.card] = current
        elif isinstance(e, OfferDeclined):
            draw(1)  # first: the declined card is not in the pile yet (R2.3)
            dead[e.card] = generation
            declined.add(e.seat)
        elif isinstance(e, CardsExchanged):
            if 0 < e.exchange <= len(exchanged):
                exchanged[e.exchange - 1][e.seat] = e.count
            if e.count:
                if e.seat not in offered and not (e.seat in six and e.exchange == 1):
                    draw(e.count)
                pile += e.count + (e.seat in declined)
                if e.seat == me:
                    for c in e.discarded:
                        dead[c] = generation
                else:  # an earlier kept offer may be among these discards
                    kept[e.seat] = {c: x for c, x in kept[e.seat].items() if x == e.exchange}
            offered.discard(e.seat)
            declined.discard(e.seat)
        elif isinstance(e, HandAnnounced):
            announced.append((e.stage, e.seat, e.category))
        elif isinstance(e, PlayerEliminated):
            kept[e.seat] = {}
        elif isinstance(e, CardsReturned):
            led = e.plays[0][1].suit if e.plays else None
            for seat, c in e.plays:
                if seat != me:
                    kept[seat][c] = 99
                if c.suit is not led and led is not None:
                    voids[seat].add(led)

    played_list = [c for t in view.tricks for _, c in t.plays]
    played_list += [c for _, c in view.trick]
    for plays in [t.plays for t in view.tricks] + [view.trick]:
        if plays:
            led = plays[0][1].suit
            for seat, c in plays[1:]:
                if c.suit is not led:
                    voids[seat].add(led)
    played = set(played_list)
    hand = set(view.hand)
    known_sets = [
        set() if seat == me or view.eliminated[seat] else set(kept[seat]) - played
        for seat in range(n)
    ]
    dead_set = {c for c, g in dead.items() if g == generation} - hand - played
    for s in known_sets:
        dead_set -= s
    out = hand | played | dead_set
    for s in known_sets:
        out |= s
    if view.offer is not None:
        out.add(view.offer)
    return Knowledge(
        seat=me,
        players=_clockwise(view),
        hand=tuple(sorted(hand)),
        hand_sizes=view.hand_sizes,
        played=tuple(sorted(played)),
        dead=tuple(sorted(dead_set)),
        known=tuple(tuple(sorted(s)) for s in known_sets),
        unseen=tuple(c for c in DECK if c not in out),
        voids=tuple(frozenset(v) if v else _NO_SUITS for v in voids),
        exchanged=tuple(tuple(row) for row in exchanged),
        announced=tuple(announced),
        stock=stock,
        pile=pile,
        recycled=recycled,
        offer=view.offer,
    )


def sample_hands(
    kn: Knowledge,
    rng: Stream,
    sizes: tuple[int, ...] | None = None,
    tries: int = 12,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """One deal of the hidden cards consistent with `kn`, and the cards left over.

    Every other seat holding cards gets its known cards plus unseen cards outside its voids,
    up to its hand size (or `sizes`); the seat's own hand is its own. The leftover cards (the
    stock, others' discards, cards gone with eliminated players, as one pool) come back in a
    random order, so that draws can be taken from its front. When the voids cannot all be
    met after `tries` shuffles (rare), they are ignored.
    """
    n = len(kn.hand_sizes)
    wanted = sizes if sizes is not None else kn.hand_sizes
    seats = [s for s in kn.holders() if wanted[s] > 0] if sizes is None else [
        s for s in range(n) if s != kn.seat and wanted[s] > 0
    ]
    seats.sort(key=lambda s: (-len(kn.voids[s]), s))
    need = {s: max(0, wanted[s] - len(kn.known[s])) for s in seats}
    hands: list[tuple[Card, ...]] = [()] * n
    hands[kn.seat] = kn.hand
    for attempt in range(tries + 2):
        # The last tries ignore the voids, then also take the dead cards (a safety net for
        # an inconsistent view; it does not happen in games played by the engine).
        pool = rng.shuffled(kn.unseen if attempt <= tries else kn.unseen + kn.dead)
        taken: set[Card] = set()
        ok = True
        for s in seats:
            void = kn.voids[s] if attempt < tries else _NO_SUITS
            got: list[Card] = []
            k = need[s]
            if k:
                for c in pool:
                    if c not in taken and c.suit not in void:
                        got.append(c)
                        if len(got) == k:
                            break
            if len(got) < k and attempt <= tries:
                ok = False
                break
            taken.update(got)
            hands[s] = kn.known[s] + tuple(got)
        if ok:
            rest = tuple(c for c in pool if c not in taken)
            return tuple(hands), rest
    raise AssertionError("unreachable: the last try always succeeds")  # pragma: no cover
