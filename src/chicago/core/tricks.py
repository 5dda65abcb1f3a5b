"""Chicago calls and the five tricks (R5, R6, R7, and the call timings of docs/rules.md §X)."""

from __future__ import annotations

from chicago.core import awards
from chicago.core.actions import ChicagoCall, Play
from chicago.core.cards import Card
from chicago.core.errors import IllegalAction
from chicago.core.events import (
    CardPlayed,
    CardsReturned,
    ChicagoBroken,
    ChicagoCalled,
    ChicagoPassed,
    ChicagoWon,
    Event,
    TrickTaken,
)
from chicago.core.rules import ChicagoTiming
from chicago.core.state import GameState, Phase, Trick
from chicago.core.steps import Next, Step

TRICKS = 5


def may_call(s: GameState, seat: int) -> bool:
    """R5.1: a player with at least the profile's minimum score may call."""
    return s.scores[seat] >= s.profile.chicago_minimum


def begin_calls(s: GameState, events: list[Event]) -> None:
    """R5.1: after the last exchange, ask every eligible player from the dealer's left."""
    s.final_hands = s.hands
    if s.profile.chicago_timing is ChicagoTiming.FIRST_TRICK:
        _begin_tricks(s)
        _ask_before_first_card(s)
        return
    eligible = tuple(x for x in s.clockwise_from(s.dealer) if may_call(s, x))
    if not eligible:
        _begin_tricks(s)
        return
    s.phase = Phase.CHICAGO
    s.queue = eligible
    s.to_act = eligible[0]


def _ask_before_first_card(s: GameState) -> None:
    """§X first-trick calls: each player may call before playing their own first card."""
    seat = s.to_act
    if (
        s.caller is None
        and not s.tricks
        and seat is not None
        and seat not in s.asked
        and may_call(s, seat)
    ):
        s.phase = Phase.CHICAGO
        s.queue = (seat,)


def answer_chicago(s: GameState, a: ChicagoCall, events: list[Event]) -> None:
    """R5.1/R7.4: the first yes is the only caller, and it qualifies them."""
    seat = a.seat
    if not isinstance(a.call, bool):
        raise IllegalAction("chicago_answer", "R5.1", seat=seat)
    first_trick = s.profile.chicago_timing is ChicagoTiming.FIRST_TRICK
    if a.call:
        s.caller = seat
        s.qualified = s.qualified[:seat] + (True,) + s.qualified[seat + 1 :]
        events.append(ChicagoCalled(seat))
        if s.trick:  # §X: the cards already played go back
            events.append(CardsReturned(s.trick))
            for x, c in s.trick:
                awards.set_hand(s, x, s.hands[x] + (c,))
        _begin_tricks(s)
        return
    events.append(ChicagoPassed(seat))
    if first_trick:
        s.asked = s.asked | {seat}
        s.phase = Phase.PLAY
        s.queue = ()
        return
    s.queue = s.queue[1:]
    if s.queue:
        s.to_act = s.queue[0]
    else:
        _begin_tricks(s)


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


def play(s: GameState, a: Play, events: list[Event]) -> Step | None:
    """R6.1–R6.3, R7.1–R7.2: play a card; settle the trick when everyone has played."""
    seat = a.seat
    hand = s.hands[seat]
    played = a.card
    if played not in hand:
        raise IllegalAction("not_held", "R6.1", seat=seat, card=played)
    if s.trick:
        led = s.trick[0][1].suit
        if played.suit is not led and any(c.suit is led for c in hand):
            raise IllegalAction("follow_suit", "R6.1", seat=seat, suit=led)
    awards.set_hand(s, seat, tuple([c for c in hand if c is not played]))
    trick = s.trick + ((seat, played),)
    number = len(s.tricks) + 1
    events.append(CardPlayed(seat, played, number))
    order = s.clockwise_from(s.leader)
    if len(trick) < len(order):
        s.trick = trick
        s.to_act = order[len(trick) - 1]
        if number == 1 and s.profile.chicago_timing is ChicagoTiming.FIRST_TRICK:
            _ask_before_first_card(s)
        return None
    led = trick[0][1].suit
    winner, top = max(((x, c) for x, c in trick if c.suit is led), key=lambda p: p[1].rank)
    s.trick = ()
    s.tricks = s.tricks + (Trick(s.leader, trick, winner),)
    events.append(TrickTaken(number, winner, top))
    s.leader = winner
    s.to_act = winner
    if s.caller is not None:
        return _settle_chicago(s, winner, top, events)
    if number == TRICKS:
        return _settle_last_trick(s, winner, top, events)
    return None


def _settle_chicago(
    s: GameState, winner: int, top: Card, events: list[Event]
) -> Step | None:
    """R7.1 success after five tricks; R7.2 broken as soon as another player takes one."""
    caller = s.caller
    assert caller is not None
    p = s.profile
    if winner != caller:
        events.append(ChicagoBroken(caller, winner))
        awards.gain(s, caller, -p.chicago_penalty, "chicago_broken", events)
        if p.broken_chicago_bonus and s.phase is not Phase.FINISHED:
            awards.gain(s, winner, p.broken_chicago_bonus, "chicago_breaker", events)
        return Step(Next.END_DEAL, reason="chicago_broken")  # (course.run stops at a win)
    if len(s.tricks) == TRICKS:
        events.append(ChicagoWon(caller))
        points = p.chicago_points
        if top.rank == 2 and p.chicago_two_points is not None:
            points = p.chicago_two_points
        awards.gain(s, caller, points, "chicago", events)
        # §X: some tables still score the best final hand after a successful Chicago.
        after = Next.STAGE if p.final_hand_after_chicago else Next.AFTER_STAGE
        return Step(after, p.exchanges, "chicago_won")
    return None


def _settle_last_trick(s: GameState, winner: int, top: Card, events: list[Event]) -> Step:
    """R6.3/R6.4: the last-trick award, then the deferred final-hand award."""
    p = s.profile
    if top.rank == 2:
        awards.gain(s, winner, p.last_trick_two_points, "last_trick_two", events)
    else:
        awards.gain(s, winner, p.last_trick_points, "last_trick", events)
    # R6.4: the final-hand award comes after the last trick's (course.run stops at a win).
    return Step(Next.STAGE if p.final_hand_scores else Next.AFTER_STAGE, p.exchanges)
