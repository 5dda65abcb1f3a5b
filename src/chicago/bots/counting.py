"""Trick play by card counting (R6, R7): the normal level's play, and the hard level's guide.

Only the last trick pays (R6.2, R6.3), so the plan is to keep the card most likely to take
it — the top card left in its suit is sure when led — and to win the fourth trick to lead
the fifth. The chance that a card is beaten is counted from the cards still out: the unseen
cards (each in an opponent's hand with the share of hidden cards they hold, none for an
opponent void in the suit) and the cards known to be in a hand (a kept offer, §X returned
cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chicago.core.cards import Card, Suit
from chicago.core.views import PlayerView

from .base import Reason, why
from .common import order_from, trick_leader
from .knowledge import Knowledge
from .stakes import Stakes, gain


@dataclass(frozen=True)
class Count:
    """Who may hold which of the cards still out, as chances."""

    kn: Knowledge
    share: dict[int, float]
    """seat -> the chance that a given unseen card is in that seat's hand."""

    @classmethod
    def of(cls, kn: Knowledge) -> Count:
        hidden = {s: max(0, kn.hand_sizes[s] - len(kn.known[s])) for s in kn.holders()}
        pool = max(1, len(kn.unseen))
        return cls(kn, {s: h / pool for s, h in hidden.items()})

    def held_by(self, card: Card, seats: Sequence[int]) -> float:
        """The chance that one of `seats` holds `card` now."""
        kn = self.kn
        p_none = 1.0
        for s in seats:
            if card in kn.known[s]:
                return 1.0
            if card.suit in kn.voids[s] or s == kn.seat:
                continue
            p_none *= 1.0 - self.share.get(s, 0.0)
        return 1.0 - p_none

    def survives(self, card: Card, seats: Sequence[int], beyond: Sequence[Card] = ()) -> float:
        """The chance that none of `seats` holds a card of `card`'s suit that outranks it.

        `beyond` are cards out of play for this question (e.g. already in the trick)."""
        kn = self.kn
        p = 1.0
        for c in kn.unseen:
            if c.suit is card.suit and c.rank > card.rank and c not in beyond:
                p *= 1.0 - self.held_by(c, seats)
        for s in seats:
            if any(c.suit is card.suit and c.rank > card.rank and c not in beyond
                   for c in kn.known[s]):
                return 0.0
        return p


def last_trick_chance(count: Count, card: Card, leads: bool) -> float:
    """How likely `card` takes the last trick: led, when nobody holds a higher one of its
    suit; otherwise also only when its suit is led (about one time in five)."""
    others = count.kn.holders()
    p = count.survives(card, others)
    return p if leads else 0.2 * p


@dataclass(frozen=True)
class PlayChoice:
    card: Card
    reason: Reason


def choose_play(
    view: PlayerView, kn: Knowledge, cards: Sequence[Card], stakes: Stakes
) -> PlayChoice:
    """The normal level's card, weighing the last trick (with an ordinary card or a two) and
    a Chicago's end by what they are worth to the seat in the whole game (`stakes`: the
    points that would put it out are not wanted, R8.3)."""
    count = Count.of(kn)
    p = view.profile
    me = kn.seat
    if view.caller is not None:
        caller = view.caller
        broken = stakes.settle([gain(caller, -p.chicago_penalty), gain(me, p.broken_chicago_bonus)])
        made = stakes.settle([gain(caller, p.chicago_points)])
        return _chicago_play(view, kn, count, cards, caller == me or broken >= made)
    values = (stakes.settle([gain(me, p.last_trick_points)]),
              stakes.settle([gain(me, p.last_trick_two_points)]))
    if len(cards) == 1:
        kind = "play.last_card" if len(view.hand) == 1 else "play.follow"
        return PlayChoice(cards[0], why(kind, cards))
    want = max(values) > 0

    def worth(c: Card) -> float:
        return values[1] if c.rank == 2 else values[0]

    order = order_from(kn, view.leader if view.leader is not None else me)
    after = order[order.index(me) + 1:] if me in order else ()
    trick_no = len(view.tricks) + 1
    if len(view.hand) == 2:
        # The fourth trick: play one, keep the other for the last trick.
        best: tuple[float, Card] | None = None
        for c in cards:
            keep = next(k for k in view.hand if k is not c)
            win4 = _wins_trick(count, view, c, after)
            lead5 = last_trick_chance(count, keep, True)
            follow5 = last_trick_chance(count, keep, False)
            v = (win4 * lead5 + (1 - win4) * follow5) * worth(keep)
            if best is None or v > best[0] + 1e-9:
                best = (v, c)
        assert best is not None
        c = best[1]
        keep = next(k for k in view.hand if k is not c)
        odds = abs(best[0]) / max(abs(worth(keep)), 1e-9)
        if want:
            return PlayChoice(c, why("play.keep_for_last", [c], [keep], chance=odds))
        return PlayChoice(c, why("play.out", [c]))
    # Tricks 1-3: keep the two best cards for the end, shed the rest.
    strength = {
        c: last_trick_chance(count, c, True) * (worth(c) if want else -1.0) + c.rank * 1e-4
        for c in view.hand
    }
    ranked = sorted(view.hand, key=lambda c: strength[c], reverse=True)
    keepers = set(ranked[:2])
    spare = [c for c in cards if c not in keepers]
    pool = spare or list(cards)
    if not want:
        c = max(pool, key=lambda c: (c.rank, c.suit.value))
        return PlayChoice(c, why("shed.out", [c]))
    c = min(pool, key=lambda c: (strength[c], c.rank))
    keep = ranked[0]
    if trick_no < 4:
        return PlayChoice(c, why("shed.keep", [c], [keep]))
    return PlayChoice(c, why("shed.keep_best", [c]))


def _wins_trick(count: Count, view: PlayerView, card: Card, after: Sequence[int]) -> float:
    """The chance that playing `card` now takes this trick."""
    best = trick_leader(view.trick)
    in_trick = [c for _, c in view.trick]
    if best is not None and (card.suit is not best[1].suit or card.rank < best[1].rank):
        return 0.0
    return count.survives(card, after, in_trick)


def _chicago_play(
    view: PlayerView, kn: Knowledge, count: Count, cards: Sequence[Card], fight: bool
) -> PlayChoice:
    """R7: the caller must win every trick; everyone else tries to take one — unless the
    breaker's points would put it out (`fight` false), when it keeps out of the way."""
    me = kn.seat
    best = trick_leader(view.trick)
    order = order_from(kn, view.leader if view.leader is not None else me)
    after = order[order.index(me) + 1:] if me in order else ()
    if view.caller == me:
        if best is None:
            c = max(cards, key=lambda c: (count.survives(c, kn.holders()), c.rank))
            return PlayChoice(c, why("play.must_win", [c], lead=1))
        beaters = [c for c in cards if c.suit is best[1].suit and c.rank > best[1].rank]
        if beaters:
            c = max(beaters, key=lambda c: c.rank)
            return PlayChoice(c, why("play.must_win", [c]))
        c = min(cards, key=lambda c: c.rank)
        return PlayChoice(c, why("play.lost", [c]))
    if not fight:
        best_card = best[1] if best is not None else None
        safe = [c for c in cards if best_card is None or c.suit is not best_card.suit
                or c.rank < best_card.rank]
        c = min(safe or cards, key=lambda c: c.rank)
        return PlayChoice(c, why("play.break_out", [c]))
    if best is None:  # leading against a caller who does not lead (§X)
        c = max(cards, key=lambda c: (count.survives(c, after), c.rank))
        return PlayChoice(c, why("play.break", [c], lead=1))
    caller_played = any(s == view.caller for s, _ in view.trick)
    beaters = [c for c in cards if c.suit is best[1].suit and c.rank > best[1].rank]
    if beaters:
        if caller_played:
            c = min(beaters, key=lambda c: c.rank)
        else:
            c = max(beaters, key=lambda c: c.rank)
        return PlayChoice(c, why("play.break", [c]))
    c = min(cards, key=lambda c: c.rank)
    return PlayChoice(c, why("play.cannot", [c]))


class Hope:
    """The chance of holding five tricks' worth of cards by the calls (R5), for exchanges.

    A kept card counts by how likely it takes its trick when led (the top card left in its
    suit surely does); each card still to draw, by the chance that it is the top card left
    in its suit, with one more try for every exchange left. Rough, and meant to be: it only
    has to tell a hand of aces and guarded kings from one that will never make a Chicago.
    """

    def __init__(self, kn: Knowledge, rounds: int, leads: bool) -> None:
        count = Count.of(kn)
        others = kn.holders()
        self.surv = {c: count.survives(c, others) for c in kn.hand}
        threats = kn.threats()
        top: dict[Suit, int] = {}
        for c in threats:
            top[c.suit] = max(top.get(c.suit, 0), c.rank)
        pool = kn.unseen
        bosses = sum(1 for c in pool if c.rank == top[c.suit])
        q = bosses / max(1, len(pool))
        self.slot = 1.0 - (1.0 - q) ** max(1, rounds)
        self.lead = 1.0 if leads else 0.3

    def chance(self, kept: Sequence[Card], draws: int) -> tuple[float, float]:
        """(the chance that the kept cards take their tricks, with the lead; the chance that
        the draws all bring the top card left of a suit)."""
        p = self.lead
        for c in kept:
            p *= self.surv[c]
        return p, self.slot**draws
