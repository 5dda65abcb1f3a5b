"""The easy level: quick rules of thumb with a little randomness (well under a millisecond).

It plays the game's central rule as a casual player knows it — without a Chicago call it
cannot win (R7.4, R8.1), and 52 points unqualified put it out (R8.3) — and is weak at poker
and at tricks.

- Exchange: keep pairs, trips and quads, made hands, and (usually) four to a flush or a
  straight, else the high cards (`odds.keep_plan`), sometimes with a loose extra kicker; at
  45+ (R2.4) it keeps all five: a reset would throw its points away.
- Offers: keep an obviously good card — one that pairs a kept card, completes a straight or
  better, or an ace or a king.
- Chicago: when it still needs the qualification, it calls with a strong hand (three of a
  kind or better, two aces, or an ace with two kings) as soon as it may (15+, R5.1), and with
  anything once its score makes the call urgent (a broken call qualifies too, R7.3); once
  qualified, only with an obviously dominant hand — every card the top one of its suit among
  the cards it has not seen played — and the lead.
- Tricks: shed the lowest card and keep the highest for the last trick — but often play the
  highest early to take a trick that pays nothing (R6.2), and now and then any card. If the
  last trick's points would eliminate it unqualified (R8.3), the other way round. Against a
  Chicago, try to beat the caller.
- Four of a kind: the points, unless an opponent is close to winning or the points would
  eliminate it (R4.3, R8.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from chicago.core.actions import Action, Exchange, Play, QuadsChoice
from chicago.core.cards import DECK, Card
from chicago.core.hands import Category, category_of, hand_value
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView

from .base import Bot, Suggestion, why
from .common import answer, exchange_for, is_boss, trick_leader
from .levels import EASY
from .odds import flush_draw, keep_plan, straight_draw

DRAW_SOMETIMES = 0.5
"""How often the easy bot keeps four to a flush or a straight (else it keeps high cards)."""
KICKER = 0.5
"""How often it keeps a high kicker beside a pair (a beginner's loose exchange)."""
WANDER = 0.2
"""How often it plays a random legal card."""
GRAB = 0.45
"""How often, before the last trick, it plays its highest card to take a trick that pays
nothing (R6.2): the beginner's mistake of the game."""
URGENT = 12
"""Within this many points of the target, an unqualified easy bot calls with any hand: the
rest of the deal and the next one's first stages could put it out (R8.3)."""


class EasyBot(Bot):
    level: ClassVar[str] = EASY

    def _decide(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Suggestion:
        phase = view.phase
        if phase is Phase.EXCHANGE:
            return self._exchange(view, legal, rng)
        if phase is Phase.OFFER:
            return self._offer(view, legal)
        if phase is Phase.QUADS:
            return self._quads(view, legal)
        if phase is Phase.CHICAGO:
            return self._chicago(view, legal)
        return self._play(view, legal, rng)

    def _exchange(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Suggestion:
        hand = view.hand
        ex = [a for a in legal if isinstance(a, Exchange)]
        if all(a.discard for a in ex):  # §X six cards: one must go
            worst = min(hand, key=lambda c: (sum(d.rank == c.rank for d in hand), c.rank))
            return Suggestion(exchange_for(legal, [worst]), why("exchange.six", [worst]))
        if any(a.confirm_reset for a in ex):
            return Suggestion(
                exchange_for(legal, ()),
                why("exchange.stand_reset", hand, score=view.scores[view.seat]),
            )
        most = max(len(a.discard) for a in ex)
        kept = keep_plan(hand, most)
        drawing = len(kept) == 4 and category_of(hand_value(hand)) < Category.TWO_PAIR
        if drawing and (flush_draw(kept) or straight_draw(kept)) and rng.random() > DRAW_SOMETIMES:
            high = sorted(hand, key=lambda c: -c.rank)
            kept = tuple(high[: max(len(hand) - most, 2 if high[1].rank >= 13 else 1)])
        cat = category_of(hand_value(hand))
        if cat is Category.ONE_PAIR and len(kept) == 2 and rng.random() < KICKER:
            spare = max((c for c in hand if c not in kept), key=lambda c: c.rank)
            if spare.rank >= 12:
                kept = tuple(c for c in hand if c in kept or c is spare)
        discard = [c for c in hand if c not in kept]
        if not discard:
            return Suggestion(exchange_for(legal, ()), why("exchange.stand", hand))
        return Suggestion(
            exchange_for(legal, discard),
            why("exchange.keep", kept, discard, n=len(discard)),
        )

    def _offer(self, view: PlayerView, legal: Sequence[Action]) -> Suggestion:
        offer = view.offer
        assert offer is not None
        hand = view.hand
        pairs = any(c.rank == offer.rank for c in hand)
        made = len(hand) == 4 and category_of(hand_value((*hand, offer))) >= Category.STRAIGHT
        keep = pairs or made or offer.rank >= 13
        kind = "offer.pairs" if pairs else "offer.completes" if made else (
            "offer.high" if keep else "offer.blind")
        return Suggestion(answer(legal, keep), why(kind, [offer]))

    def _quads(self, view: PlayerView, legal: Sequence[Action]) -> Suggestion:
        p = view.profile
        me = view.seat
        score = view.scores[me]
        others = [s for s in range(view.seats) if s != me and not view.eliminated[s]]
        top = max(view.scores[s] for s in others) if others else 0
        eliminates = (p.qualification_required and not view.qualified[me]
                      and score + p.quads_points >= p.target)
        close = top >= p.target - 10
        choice = "reset" if eliminates or close else "points"
        if eliminates:
            reason = why("quads.reset_out")
        elif close:
            reason = why("quads.reset_close", score=top)
        else:
            reason = why("quads.take_safe", points=p.quads_points)
        action = next(a for a in legal if isinstance(a, QuadsChoice) and a.choice == choice)
        return Suggestion(action, reason)

    def _chicago(self, view: PlayerView, legal: Sequence[Action]) -> Suggestion:
        me = view.seat
        p = view.profile
        hand = view.hand
        seen = set(hand) | {c for t in view.tricks for _, c in t.plays}
        seen.update(c for s, c in view.trick if s == me)
        out = [c for c in DECK if c not in seen]
        dominant = (p.chicago_caller_leads and len(hand) == 5
                    and all(is_boss(c, out) for c in hand))
        if dominant:
            return Suggestion(answer(legal, True), why("call.tops", hand, lead=1))
        needs = p.qualification_required and not view.qualified[me]
        if needs and len(hand) == 5:
            score = view.scores[me]
            if strong_hand(hand):
                return Suggestion(answer(legal, True), why("call.strong", hand))
            if score >= p.target - URGENT:
                return Suggestion(answer(legal, True), why("call.urgent", score=score))
        return Suggestion(answer(legal, False), why("pass.weak", hand))

    def _play(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Suggestion:
        cards = [a.card for a in legal if isinstance(a, Play)]
        pick = {a.card: a for a in legal if isinstance(a, Play)}
        low = min(cards, key=lambda c: c.rank)
        high = max(cards, key=lambda c: c.rank)
        me = view.seat
        p = view.profile
        if view.caller is not None:
            if view.caller == me:
                return Suggestion(pick[high], why("play.must_win", [high]))
            best = trick_leader(view.trick)
            if best is None:
                return Suggestion(pick[high], why("play.break", [high], lead=1))
            beaters = [c for c in cards if c.suit is best[1].suit and c.rank > best[1].rank]
            if beaters:
                c = max(beaters, key=lambda c: c.rank)
                return Suggestion(pick[c], why("play.break", [c]))
            return Suggestion(pick[low], why("play.cannot", [low]))
        last = len(view.hand) == 1
        avoid = (p.qualification_required and not view.qualified[me]
                 and view.scores[me] + p.last_trick_points >= p.target)
        if last:
            return Suggestion(pick[cards[0]], why("play.last_card", [cards[0]]))
        if avoid:
            return Suggestion(pick[high], why("shed.out", [high]))
        roll = rng.random()
        if roll < WANDER:
            c = cards[rng.below(len(cards))]
            return Suggestion(pick[c], why("play.any", [c]))
        if roll < WANDER + GRAB:
            return Suggestion(pick[high], why("play.take", [high]))
        return Suggestion(pick[low], why("shed.keep_high", [low]))


def strong_hand(hand: Sequence[Card]) -> bool:
    """What a casual player calls a strong hand for a Chicago: three of a kind or better,
    two aces, or an ace and two kings."""
    if category_of(hand_value(hand)) >= Category.THREE_OF_A_KIND:
        return True
    aces = sum(c.rank == 14 for c in hand)
    kings = sum(c.rank == 13 for c in hand)
    return aces >= 2 or (aces == 1 and kings >= 2)
