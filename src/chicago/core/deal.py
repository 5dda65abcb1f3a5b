"""Dealing and the exchanges (R1.3, R2.1–R2.4, and the high-score rules of docs/rules.md §X).

Like scoring.py and tricks.py, these functions work on the fresh copy made by
`engine.apply` and append what happened to `events`; validation comes first, so a refused
action leaves nothing half done (and the caller's state is never touched anyway).
"""

from __future__ import annotations

from chicago.core import awards
from chicago.core.actions import Exchange, Offer
from chicago.core.cards import DECK, Card
from chicago.core.errors import N_, IllegalAction, StackedDealError
from chicago.core.events import (
    CardsDealt,
    CardsExchanged,
    DealEnded,
    DealStarted,
    Event,
    ExchangeSkipped,
    ExchangeStarted,
    OfferDeclined,
    OfferKept,
    OfferShown,
    ScoreReset,
    StockRecycled,
)
from chicago.core.rules import HighScoreRule, WinRule
from chicago.core.shuffle import shuffled
from chicago.core.state import GameState, Phase
from chicago.core.steps import DEAL, Next, Step

HAND_SIZE = 5


# --- dealing ---------------------------------------------------------------------------


def _restricted(s: GameState) -> frozenset[int]:
    """§X: seats that reached the threshold before this deal (köpstopp, six cards)."""
    rule = s.profile.high_score
    if rule is HighScoreRule.KOPSTOPP or rule is HighScoreRule.SIX_CARDS:
        return frozenset(x for x in s.active() if s.reached[x])
    return frozenset()


def start_deal(s: GameState, events: list[Event]) -> Step:
    """R1.3: deal five cards each, one at a time clockwise from the dealer's left."""
    s.deal += 1
    order = s.clockwise_from(s.dealer)
    s.restricted = _restricted(s)
    six = s.restricted if s.profile.high_score is HighScoreRule.SIX_CARDS else frozenset()
    hands: list[tuple[Card, ...]] = [()] * s.seats
    setup = s.setup
    if s.deal <= len(setup.deals):
        stacked = setup.deals[s.deal - 1]
        given = dict(stacked.hands)
        where = f"deals[{s.deal - 1}]"
        if sorted(given) != sorted(order):
            raise StackedDealError(
                N_("{where} must give hands to exactly the active seats {seats}, not {given}"),
                where=where, seats=sorted(order), given=sorted(given),
            )
        named = set(stacked.stock)
        for seat, hand in stacked.hands:
            size = HAND_SIZE + (seat in six)
            if len(hand) != size:
                raise StackedDealError(
                    N_("{where}: seat {seat} is dealt {size} cards, not {n}"),
                    where=where, seat=seat, size=size, n=len(hand),
                )
            hands[seat] = hand
            named.update(hand)
        rest = [c for c in DECK if c not in named]
        stock = stacked.stock + shuffled(rest, setup.seed, "fill", s.deal)
    else:
        deck = shuffled(DECK, setup.seed, "deck", s.deal)
        width = len(order)
        for i, seat in enumerate(order):
            hands[seat] = deck[i : width * HAND_SIZE : width]
        # §X six cards: a sixth round, in the same order, for the seats that get one.
        extra = [x for x in order if x in six]
        top = width * HAND_SIZE
        for i, seat in enumerate(extra):
            hands[seat] = hands[seat] + (deck[top + i],)
        stock = deck[top + len(extra) :]
    s.hands = tuple(hands)
    s.stock = stock
    s.discards = ()
    s.exchanging = ()
    s.offer = None
    s.out = ()
    s.shuffles = 0
    s.locks = frozenset()
    s.stage = 0
    s.final_hands = ()
    s.primed = frozenset(x for x in order if s.scores[x] >= s.profile.target)
    s.asked = frozenset()
    s.caller = None
    s.trick = ()
    s.tricks = ()
    events.append(DealStarted(s.deal, s.dealer, order))
    events.extend(CardsDealt(seat, hands[seat]) for seat in order)
    return Step(Next.EXCHANGE, 1)


def end_deal(s: GameState, reason: str, events: list[Event]) -> Step | None:
    """R1.2/R1.4: the deal passes to the next active seat and the next deal is dealt."""
    events.append(DealEnded(s.deal, reason))
    if s.profile.win is WinRule.DEAL_END_HIGHEST and awards.deal_end_winner(s, events):
        return None
    s.dealer = s.clockwise_from(s.dealer)[0]
    return DEAL


# --- exchanges -------------------------------------------------------------------------


def _skip_reason(s: GameState, seat: int, number: int) -> str | None:
    """§X: why the high-score rule keeps this seat out of this exchange, if it does."""
    rule = s.profile.high_score
    if rule is HighScoreRule.KOPSTOPP and seat in s.restricted:
        return "kopstopp"
    if rule is HighScoreRule.SIX_CARDS and seat in s.restricted and number > 1:
        return "six_cards"
    if rule is HighScoreRule.BLOCK and s.scores[seat] >= s.profile.high_score_threshold:
        return "block"
    return None


def begin_exchange(s: GameState, number: int, events: list[Event]) -> Step | None:
    """R2.1: everyone in turn from the dealer's left (but those the high-score rule skips)."""
    s.exchange = number
    s.phase = Phase.EXCHANGE
    events.append(ExchangeStarted(number))
    order = s.clockwise_from(s.dealer)
    if s.profile.high_score is not HighScoreRule.RESET_ON_EXCHANGE:
        waiting = []
        for seat in order:
            reason = _skip_reason(s, seat, number)
            if reason is None:
                waiting.append(seat)
            else:
                events.append(ExchangeSkipped(seat, number, reason))
        order = tuple(waiting)
    s.queue = order
    if order:
        s.to_act = order[0]
        return None
    return Step(Next.EXCHANGE_DONE, number)


def discard_range(s: GameState, seat: int) -> tuple[int, int]:
    """R2.1: how few and how many cards this seat may put away now (§X: a six-card hand
    discards exactly one)."""
    size = len(s.hands[seat])
    if size > HAND_SIZE:
        return size - HAND_SIZE, size - HAND_SIZE
    return 0, min(s.profile.max_discard, size)


def reset_applies(s: GameState, seat: int) -> bool:
    """R2.4: whether discarding now resets this seat's score (and so needs confirmation)."""
    p = s.profile
    return p.high_score is HighScoreRule.RESET_ON_EXCHANGE and (
        s.scores[seat] >= p.high_score_threshold
    )


def exchange(s: GameState, a: Exchange, events: list[Event]) -> Step | None:
    """R2.1–R2.4: keep all five, or discard and draw (with the open offer for one card)."""
    seat = a.seat
    hand = s.hands[seat]
    discard = a.discard
    if not isinstance(discard, tuple):
        raise IllegalAction("discard_not_cards", "R2.1", seat=seat)
    for c in discard:
        if c not in hand:
            if not isinstance(c, Card):
                raise IllegalAction("discard_not_cards", "R2.1", seat=seat)
            raise IllegalAction("not_held", "R2.1", seat=seat, card=c)
    if len(discard) > 1 and len(set(discard)) != len(discard):
        raise IllegalAction("discard_twice", "R2.1", seat=seat)
    least, most = discard_range(s, seat)
    if least and len(discard) != least:  # §X six cards: exactly one, not more, not fewer
        raise IllegalAction("six_cards", "§X six cards", seat=seat)
    if len(discard) > most:
        raise IllegalAction("too_many_discards", "R2.1", seat=seat, most=most, n=len(discard))
    if discard and reset_applies(s, seat):
        if a.confirm_reset is not True:
            raise IllegalAction("reset_unconfirmed", "R2.4", seat=seat, score=s.scores[seat])
        events.append(ScoreReset(seat, s.scores[seat], "high_score"))
        awards.set_score(s, seat, 0)
    if not discard:
        events.append(CardsExchanged(seat, s.exchange, 0, (), ()))
        return _next_exchanger(s)
    # Discards go to the pile in card order, so recycling never depends on how a file lists them.
    put_away = tuple(sorted(discard))
    kept = tuple([c for c in hand if c not in put_away])
    s.exchanging = put_away
    if least:  # §X six cards: the extra card goes, and nothing is drawn
        awards.set_hand(s, seat, kept)
        return _finish_exchange(s, seat, put_away, (), events)
    if len(put_away) == 1 and s.profile.open_offer:  # R2.2
        awards.set_hand(s, seat, kept)
        s.offer = _draw(s, 1, events)[0]
        s.phase = Phase.OFFER
        events.append(OfferShown(seat, s.offer))
        return None
    drawn = _draw(s, len(put_away), events)
    awards.set_hand(s, seat, kept + drawn)
    return _finish_exchange(s, seat, put_away, drawn, events)


def answer_offer(s: GameState, a: Offer, events: list[Event]) -> Step | None:
    """R2.2: keep the face-up card, or decline it (to the discards) and draw one unseen."""
    seat = a.seat
    if not isinstance(a.keep, bool):
        raise IllegalAction("offer_answer", "R2.2", seat=seat)
    offered = s.offer
    assert offered is not None
    put_away = s.exchanging
    s.offer = None
    s.phase = Phase.EXCHANGE
    if a.keep:
        events.append(OfferKept(seat, offered))
        drawn: tuple[Card, ...] = (offered,)
    else:
        events.append(OfferDeclined(seat, offered))
        s.exchanging = put_away + (offered,)  # R2.3: cannot come back this exchange
        drawn = _draw(s, 1, events)
    awards.set_hand(s, seat, s.hands[seat] + drawn)
    return _finish_exchange(s, seat, put_away, drawn, events)


def _draw(s: GameState, count: int, events: list[Event]) -> tuple[Card, ...]:
    """Take cards from the top of the stock, recycling completed discards if it runs out."""
    stock = s.stock
    if len(stock) >= count:
        s.stock = stock[count:]
        return stock[:count]
    # R2.3: the completed discards (not this player's, nor an offer they just declined).
    s.shuffles += 1
    fresh = shuffled(s.discards, s.setup.seed, "recycle", s.deal, s.shuffles)
    s.discards = ()
    events.append(StockRecycled(len(fresh)))
    need = count - len(stock)
    s.stock = fresh[need:]
    return stock + fresh[:need]


def _finish_exchange(
    s: GameState,
    seat: int,
    put_away: tuple[Card, ...],
    drawn: tuple[Card, ...],
    events: list[Event],
) -> Step | None:
    s.discards = s.discards + s.exchanging
    s.exchanging = ()
    events.append(CardsExchanged(seat, s.exchange, len(put_away), put_away, drawn))
    return _next_exchanger(s)


def _next_exchanger(s: GameState) -> Step | None:
    """The next seat of this exchange, or (all done) the exchange is over (R1.4)."""
    s.queue = s.queue[1:]
    if s.queue:
        s.to_act = s.queue[0]
        return None
    return Step(Next.EXCHANGE_DONE, s.exchange)
