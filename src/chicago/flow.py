"""The course of a deal (R1.4): dealing, exchanges, scoring stages, calls, tricks, awards.

Every function here works on a fresh copy made by `engine.apply` and appends what happened
to `events`; validation comes first, so a refused action leaves nothing half done (and the
caller's state is never touched anyway).
"""

from __future__ import annotations

from chicago.actions import ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.cards import DECK, Card, Suit
from chicago.errors import IllegalAction, StackedDealError
from chicago.events import (
    CardPlayed,
    CardsDealt,
    CardsExchanged,
    ChicagoBroken,
    ChicagoCalled,
    ChicagoPassed,
    ChicagoWon,
    DealEnded,
    DealStarted,
    Event,
    ExchangeStarted,
    GameWon,
    HandAnnounced,
    NoHandScored,
    OfferDeclined,
    OfferKept,
    OfferShown,
    PlayerEliminated,
    PointsAwarded,
    QuadsChosen,
    ScoreReset,
    StockRecycled,
    TrickTaken,
)
from chicago.hands import Category, category_of, hand_value
from chicago.rules import HighScoreRule, QuadsRule, RoyalFlushRule, StraightFlushRule
from chicago.shuffle import shuffled
from chicago.state import GameState, Phase, Trick

HAND_SIZE = 5
TRICKS = 5
_SF_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}
"""R3.4: hearts > spades > diamonds > clubs, for an exact straight-flush tie only."""


def _set_hand(s: GameState, seat: int, hand: tuple[Card, ...]) -> None:
    s.hands = s.hands[:seat] + (hand,) + s.hands[seat + 1 :]


def _set_score(s: GameState, seat: int, score: int) -> None:
    s.scores = s.scores[:seat] + (score,) + s.scores[seat + 1 :]


# --- dealing ---------------------------------------------------------------------------


def start_deal(s: GameState, events: list[Event]) -> None:
    """R1.3: deal five cards each, one at a time clockwise from the dealer's left."""
    s.deal += 1
    order = s.clockwise_from(s.dealer)
    hands: list[tuple[Card, ...]] = [()] * s.seats
    setup = s.setup
    if s.deal <= len(setup.deals):
        stacked = setup.deals[s.deal - 1]
        given = dict(stacked.hands)
        if sorted(given) != sorted(order):
            raise StackedDealError(
                f"deals[{s.deal - 1}] must give hands to exactly the active seats "
                f"{sorted(order)}, not {sorted(given)}"
            )
        named = set(stacked.stock)
        for seat, hand in stacked.hands:
            hands[seat] = hand
            named.update(hand)
        rest = [c for c in DECK if c not in named]
        stock = stacked.stock + shuffled(rest, setup.seed, "fill", s.deal)
    else:
        deck = shuffled(DECK, setup.seed, "deck", s.deal)
        width = len(order)
        for i, seat in enumerate(order):
            hands[seat] = deck[i : width * HAND_SIZE : width]
        stock = deck[width * HAND_SIZE :]
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
    s.caller = None
    s.trick = ()
    s.tricks = ()
    events.append(DealStarted(s.deal, s.dealer, order))
    events.extend(CardsDealt(seat, hands[seat]) for seat in order)
    _begin_exchange(s, 1, events)


def _end_deal(s: GameState, reason: str, events: list[Event]) -> None:
    """R1.2/R1.4: the deal passes to the next active seat and the next deal is dealt."""
    events.append(DealEnded(s.deal, reason))
    s.dealer = s.clockwise_from(s.dealer)[0]
    start_deal(s, events)


# --- exchanges -------------------------------------------------------------------------


def _begin_exchange(s: GameState, number: int, events: list[Event]) -> None:
    s.exchange = number
    s.phase = Phase.EXCHANGE
    s.queue = s.clockwise_from(s.dealer)  # R2.1
    s.to_act = s.queue[0]
    events.append(ExchangeStarted(number))


def max_discard(s: GameState, seat: int) -> int:
    """R2.1: how many cards this seat may put away now."""
    return min(s.profile.max_discard, len(s.hands[seat]))


def reset_applies(s: GameState, seat: int) -> bool:
    """R2.4: whether discarding now resets this seat's score (and so needs confirmation)."""
    p = s.profile
    return p.high_score is HighScoreRule.RESET_ON_EXCHANGE and (
        s.scores[seat] >= p.high_score_threshold
    )


def exchange(s: GameState, a: Exchange, events: list[Event]) -> None:
    """R2.1–R2.4: keep all five, or discard and draw (with the open offer for one card)."""
    seat = a.seat
    hand = s.hands[seat]
    discard = a.discard
    if not isinstance(discard, tuple):
        raise IllegalAction(f"seat {seat}'s discard must be a list of cards", "R2.1")
    for c in discard:
        if c not in hand:
            if not isinstance(c, Card):
                raise IllegalAction(f"seat {seat}'s discard must be a list of cards", "R2.1")
            raise IllegalAction(f"seat {seat} does not hold {c}", "R2.1")
    if len(discard) > 1 and len(set(discard)) != len(discard):
        raise IllegalAction(f"seat {seat} names a discarded card twice", "R2.1")
    most = max_discard(s, seat)
    if len(discard) > most:
        raise IllegalAction(
            f"seat {seat} may discard at most {most} cards, not {len(discard)}", "R2.1"
        )
    if discard and reset_applies(s, seat):
        if a.confirm_reset is not True:
            raise IllegalAction(
                f"seat {seat} has {s.scores[seat]} points: discarding resets the score to 0 "
                "and needs confirm_reset",
                "R2.4",
            )
        events.append(ScoreReset(seat, s.scores[seat], "high_score"))
        _set_score(s, seat, 0)
    if not discard:
        events.append(CardsExchanged(seat, s.exchange, 0, (), ()))
        _next_exchanger(s, events)
        return
    # Discards go to the pile in card order, so recycling never depends on how a file lists them.
    put_away = tuple(sorted(discard))
    kept = tuple(c for c in hand if c not in put_away)
    s.exchanging = put_away
    if len(put_away) == 1 and s.profile.open_offer:  # R2.2
        _set_hand(s, seat, kept)
        s.offer = _draw(s, 1, events)[0]
        s.phase = Phase.OFFER
        events.append(OfferShown(seat, s.offer))
        return
    drawn = _draw(s, len(put_away), events)
    _set_hand(s, seat, kept + drawn)
    _finish_exchange(s, seat, put_away, drawn, events)


def answer_offer(s: GameState, a: Offer, events: list[Event]) -> None:
    """R2.2: keep the face-up card, or decline it (to the discards) and draw one unseen."""
    seat = a.seat
    if not isinstance(a.keep, bool):
        raise IllegalAction(f"seat {seat} must keep (true) or decline (false) the offer", "R2.2")
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
    _set_hand(s, seat, s.hands[seat] + drawn)
    _finish_exchange(s, seat, put_away, drawn, events)


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
) -> None:
    s.discards = s.discards + s.exchanging
    s.exchanging = ()
    events.append(CardsExchanged(seat, s.exchange, len(put_away), put_away, drawn))
    _next_exchanger(s, events)


def _next_exchanger(s: GameState, events: list[Event]) -> None:
    s.queue = s.queue[1:]
    if s.queue:
        s.to_act = s.queue[0]
        return
    number = s.exchange
    if number < s.profile.exchanges:
        if number in s.profile.scored_exchanges and not _score_stage(s, number, events):
            return
        _after_stage(s, number, events)
    else:
        _begin_calls(s, events)


# --- scoring stages --------------------------------------------------------------------


def _after_stage(s: GameState, stage: int, events: list[Event]) -> None:
    """Go on after a stage's award: the next exchange, or (final hand) the next deal."""
    if s.phase is Phase.FINISHED:
        return
    if stage < s.profile.exchanges:
        _begin_exchange(s, stage + 1, events)
    else:
        _end_deal(s, "complete", events)


def _best_hand(s: GameState, hands: tuple[tuple[Card, ...], ...]) -> tuple[int, int]:
    """(seat, value) of the best hand among active players (R3.1–R3.4)."""
    best_seat = -1
    best_value = -1
    for seat in s.clockwise_from(s.dealer):
        value = hand_value(hands[seat])
        if value > best_value:
            best_seat, best_value = seat, value  # R3.3: the first in order keeps a tie
        elif value == best_value and category_of(value) is Category.STRAIGHT_FLUSH:
            mine = _SF_SUIT_ORDER[hands[seat][0].suit]
            if mine > _SF_SUIT_ORDER[hands[best_seat][0].suit]:  # R3.4
                best_seat = seat
    return best_seat, best_value


def _score_stage(s: GameState, stage: int, events: list[Event]) -> bool:
    """R4.1–R4.4: the best hand scores. False when the flow stops here (a choice, a win)."""
    hands = s.final_hands if stage >= s.profile.exchanges else s.hands
    seat, value = _best_hand(s, hands)
    category = category_of(value)
    if category is Category.HIGH_CARD:
        events.append(NoHandScored(stage))  # R4.2
        return True
    events.append(HandAnnounced(stage, seat, category))
    p = s.profile
    if category is Category.FOUR_OF_A_KIND:
        rank = _quads_rank(hands[seat])
        if p.quads is QuadsRule.CHOICE and (seat, rank) not in s.locks:
            s.phase = Phase.QUADS
            s.to_act = seat
            s.queue = (seat,)
            s.stage = stage
            return False
        _gain(s, seat, p.quads_points, "quads", events)  # R4.3: locked to points
    elif category is Category.STRAIGHT_FLUSH:
        if p.straight_flush is StraightFlushRule.WIN:
            royal = min(c.rank for c in hands[seat]) == 10  # R4.4: T-J-Q-K-A
            _straight_flush_win(s, seat, royal, events)
            return False
        _gain(s, seat, p.straight_flush_points, "hand", events)
    else:
        _gain(s, seat, p.award_for(category), "hand", events)
    return s.phase is not Phase.FINISHED


def _quads_rank(hand: tuple[Card, ...]) -> int:
    ranks = [c.rank for c in hand]
    return max(ranks, key=ranks.count)


def _straight_flush_win(s: GameState, seat: int, royal: bool, events: list[Event]) -> None:
    """R4.4: the holder wins at once, qualified or not; a royal also resets the others."""
    reason = "straight_flush"
    if royal and s.profile.royal_flush is RoyalFlushRule.RESET_OPPONENTS:
        reason = "royal_flush"
        _reset_others(s, seat, "royal_flush", events)
    target = s.profile.target
    events.append(PointsAwarded(seat, target - s.scores[seat], target, reason))
    _set_score(s, seat, target)
    _win(s, seat, reason, events)


def _reset_others(s: GameState, seat: int, reason: str, events: list[Event]) -> None:
    """R4.3/R4.4: every other active player to 0 (eliminated players are untouched, R8.3)."""
    for other in s.clockwise_from(seat):
        if other != seat:
            events.append(ScoreReset(other, s.scores[other], reason))
            _set_score(s, other, 0)


def choose_quads(s: GameState, a: QuadsChoice, events: list[Event]) -> None:
    """R4.3: 8 points (locking this four-of-a-kind), or reset the others and end the deal."""
    seat = a.seat
    if a.choice not in ("points", "reset"):
        raise IllegalAction(f"seat {seat} must choose points or reset, not {a.choice!r}", "R4.3")
    events.append(QuadsChosen(seat, a.choice))
    if a.choice == "reset":
        _reset_others(s, seat, "quads", events)
        _end_deal(s, "quads_reset", events)
        return
    hands = s.final_hands if s.stage >= s.profile.exchanges else s.hands
    s.locks = s.locks | {(seat, _quads_rank(hands[seat]))}
    _gain(s, seat, s.profile.quads_points, "quads", events)
    _after_stage(s, s.stage, events)


# --- awards and the end of the game ----------------------------------------------------


def _gain(s: GameState, seat: int, points: int, reason: str, events: list[Event]) -> None:
    """Change a score (R8.5 floor), then check the end of the game after a gain (R8.6)."""
    score = s.scores[seat] + points
    floor = s.profile.score_floor
    if floor is not None and score < floor:
        score = floor
    _set_score(s, seat, score)
    events.append(PointsAwarded(seat, points, score, reason))
    if points > 0:
        _check_target(s, seat, events)


def _check_target(s: GameState, seat: int, events: list[Event]) -> None:
    """R8.1 win, R8.3 elimination, R8.4 last player standing."""
    if s.scores[seat] < s.profile.target:
        return
    if s.qualified[seat] or not s.profile.qualification_required:
        _win(s, seat, "target", events)
        return
    s.eliminated = s.eliminated[:seat] + (True,) + s.eliminated[seat + 1 :]
    s.out = s.out + s.hands[seat]  # R8.3: their cards leave the deal
    _set_hand(s, seat, ())
    events.append(PlayerEliminated(seat, s.scores[seat]))
    active = s.active()
    if len(active) == 1:
        _win(s, active[0], "last_standing", events)


def _win(s: GameState, seat: int, reason: str, events: list[Event]) -> None:
    s.winner = seat
    s.phase = Phase.FINISHED
    s.to_act = None
    s.queue = ()
    events.append(GameWon(seat, reason))


# --- Chicago calls ---------------------------------------------------------------------


def _begin_calls(s: GameState, events: list[Event]) -> None:
    """R5.1: ask every eligible player, clockwise from the dealer's left."""
    s.final_hands = s.hands
    minimum = s.profile.chicago_minimum
    eligible = tuple(x for x in s.clockwise_from(s.dealer) if s.scores[x] >= minimum)
    if not eligible:
        _begin_tricks(s)
        return
    s.phase = Phase.CHICAGO
    s.queue = eligible
    s.to_act = eligible[0]


def answer_chicago(s: GameState, a: ChicagoCall, events: list[Event]) -> None:
    """R5.1/R7.4: the first yes is the only caller, and it qualifies them."""
    seat = a.seat
    if not isinstance(a.call, bool):
        raise IllegalAction(f"seat {seat} must answer the Chicago question true or false", "R5.1")
    if a.call:
        s.caller = seat
        s.qualified = s.qualified[:seat] + (True,) + s.qualified[seat + 1 :]
        events.append(ChicagoCalled(seat))
        s.queue = ()
        _begin_tricks(s)
        return
    events.append(ChicagoPassed(seat))
    s.queue = s.queue[1:]
    if s.queue:
        s.to_act = s.queue[0]
    else:
        _begin_tricks(s)


# --- tricks ----------------------------------------------------------------------------


def _begin_tricks(s: GameState) -> None:
    """R5.2/R6.1: the caller leads, else the first active player from the dealer's left."""
    if s.caller is not None and s.profile.chicago_caller_leads:
        s.leader = s.caller
    else:
        s.leader = s.clockwise_from(s.dealer)[0]
    s.phase = Phase.PLAY
    s.queue = ()
    s.to_act = s.leader
    s.trick = ()
    s.tricks = ()


def playable(s: GameState, seat: int) -> list[Card]:
    """R6.1: the cards of the led suit if the seat holds any, else every card."""
    hand = s.hands[seat]
    if s.trick:
        led = s.trick[0][1].suit
        follow = [c for c in hand if c.suit is led]
        if follow:
            return follow
    return list(hand)


def play(s: GameState, a: Play, events: list[Event]) -> None:
    """R6.1–R6.3, R7.1–R7.2: play a card; settle the trick when everyone has played."""
    seat = a.seat
    hand = s.hands[seat]
    played = a.card
    if played not in hand:
        raise IllegalAction(f"seat {seat} does not hold {played}", "R6.1")
    if s.trick:
        led = s.trick[0][1].suit
        if played.suit is not led and any(c.suit is led for c in hand):
            raise IllegalAction(f"seat {seat} must follow suit ({led.word} led)", "R6.1")
    _set_hand(s, seat, tuple(c for c in hand if c is not played))
    trick = s.trick + ((seat, played),)
    number = len(s.tricks) + 1
    events.append(CardPlayed(seat, played, number))
    order = s.clockwise_from(s.leader)
    if len(trick) < len(order):
        s.trick = trick
        s.to_act = order[len(trick) - 1]
        return
    led = trick[0][1].suit
    winner, top = max(((x, c) for x, c in trick if c.suit is led), key=lambda p: p[1].rank)
    s.trick = ()
    s.tricks = s.tricks + (Trick(s.leader, trick, winner),)
    events.append(TrickTaken(number, winner, top))
    s.leader = winner
    s.to_act = winner
    if s.caller is not None:
        _settle_chicago(s, winner, events)
    elif number == TRICKS:
        _settle_last_trick(s, winner, top, events)


def _settle_chicago(s: GameState, winner: int, events: list[Event]) -> None:
    caller = s.caller
    assert caller is not None
    p = s.profile
    if winner != caller:  # R7.2
        events.append(ChicagoBroken(caller, winner))
        _gain(s, caller, -p.chicago_penalty, "chicago_broken", events)
        if p.broken_chicago_bonus:
            _gain(s, winner, p.broken_chicago_bonus, "chicago_breaker", events)
        if s.phase is not Phase.FINISHED:
            _end_deal(s, "chicago_broken", events)
    elif len(s.tricks) == TRICKS:  # R7.1
        events.append(ChicagoWon(caller))
        _gain(s, caller, p.chicago_points, "chicago", events)
        if s.phase is not Phase.FINISHED:
            _end_deal(s, "chicago_won", events)


def _settle_last_trick(s: GameState, winner: int, top: Card, events: list[Event]) -> None:
    """R6.3/R6.4: the last-trick award, then the deferred final-hand award."""
    p = s.profile
    if top.rank == 2:
        _gain(s, winner, p.last_trick_two_points, "last_trick_two", events)
    else:
        _gain(s, winner, p.last_trick_points, "last_trick", events)
    if s.phase is Phase.FINISHED:
        return
    stage = p.exchanges
    if p.final_hand_scores and not _score_stage(s, stage, events):
        return
    _after_stage(s, stage, events)
