"""Scoring stages, awards and the end of the game (R3, R4, R8, and docs/rules.md §X).

`score_stage` finds the best hand and makes its award; `gain` changes a score and checks
the end of the game after every positive award (R8.6), in the way the profile says.
"""

from __future__ import annotations

from chicago.core import awards
from chicago.core.actions import QuadsChoice
from chicago.core.cards import Card, Suit
from chicago.core.errors import IllegalAction
from chicago.core.events import (
    Event,
    HandAnnounced,
    NoHandScored,
    QuadsChosen,
)
from chicago.core.hands import Category, category_of, hand_value
from chicago.core.rules import QuadsRule, RoyalFlushRule, StraightFlushRule, TieRule
from chicago.core.state import GameState, Phase
from chicago.core.steps import Next, Step

_SF_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}
"""R3.4: hearts > spades > diamonds > clubs, for an exact straight-flush tie only."""


def stage_hands(s: GameState, stage: int) -> tuple[tuple[Card, ...], ...]:
    """The hands a stage compares: the current ones, or those held after the last exchange."""
    return s.final_hands if stage >= s.profile.exchanges else s.hands


def best_hands(s: GameState, hands: tuple[tuple[Card, ...], ...]) -> tuple[list[int], int]:
    """The seats holding the best hand among active players, and its value (R3.1–R3.4).

    An exact tie goes to the first seat from the dealer's left (R3.3), or to every tied seat
    when the profile says so (§X); equal straight flushes are told apart by suit (R3.4).
    """
    best: list[int] = []
    best_value = -1
    for seat in s.clockwise_from(s.dealer):
        value = hand_value(hands[seat])
        if value > best_value:
            best, best_value = [seat], value
        elif value == best_value:
            if category_of(value) is Category.STRAIGHT_FLUSH:
                if _SF_SUIT_ORDER[hands[seat][0].suit] > _SF_SUIT_ORDER[hands[best[0]][0].suit]:
                    best = [seat]
            elif s.profile.ties is TieRule.ALL_SCORE:
                best.append(seat)
    return best, best_value


def score_stage(s: GameState, stage: int, events: list[Event]) -> bool:
    """R4.1–R4.4: the best hand scores. False when the flow stops here (a choice, a win)."""
    hands = stage_hands(s, stage)
    seats, value = best_hands(s, hands)
    category = category_of(value)
    if category is Category.HIGH_CARD:
        events.append(NoHandScored(stage))  # R4.2
        return True
    p = s.profile
    for seat in seats:
        events.append(HandAnnounced(stage, seat, category))
        if category is Category.FOUR_OF_A_KIND:
            if not _four_of_a_kind(s, seat, hands[seat], stage, events):
                return False
        elif category is Category.STRAIGHT_FLUSH:
            if not _straight_flush(s, seat, hands[seat], stage, events):
                return False
        else:
            awards.gain(s, seat, p.award_for(category), "hand", events)
        if s.phase is Phase.FINISHED:
            return False
    return True


def _quads_rank(hand: tuple[Card, ...]) -> int:
    ranks = [c.rank for c in hand]
    return max(ranks, key=ranks.count)


def _four_of_a_kind(
    s: GameState, seat: int, hand: tuple[Card, ...], stage: int, events: list[Event]
) -> bool:
    """R4.3: a choice, unless this four-of-a-kind is locked to points or the profile fixes it."""
    p = s.profile
    if p.quads is QuadsRule.CHOICE and (seat, _quads_rank(hand)) not in s.locks:
        s.phase = Phase.QUADS
        s.to_act = seat
        s.queue = (seat,)
        s.stage = stage
        return False
    awards.gain(s, seat, p.quads_points, "quads", events)
    if p.quads is QuadsRule.POINTS_AND_RESET and s.phase is not Phase.FINISHED:
        awards.reset_others(s, seat, "quads", events)
    return s.phase is not Phase.FINISHED


def choose_quads(s: GameState, a: QuadsChoice, events: list[Event]) -> Step:
    """R4.3: the points (locking this four-of-a-kind), or reset the others and end the deal."""
    seat = a.seat
    if a.choice not in ("points", "reset"):
        raise IllegalAction("quads_answer", "R4.3", seat=seat, choice=a.choice)
    events.append(QuadsChosen(seat, a.choice))
    if a.choice == "reset":
        awards.reset_others(s, seat, "quads", events)
        return Step(Next.END_DEAL, reason="quads_reset")
    s.locks = s.locks | {(seat, _quads_rank(stage_hands(s, s.stage)[seat]))}
    awards.gain(s, seat, s.profile.quads_points, "quads", events)
    # §X final_hand_after_chicago: a final-hand choice after a successful Chicago (a broken
    # one ends the deal before any final hand) still ends the deal as a won Chicago.
    reason = "chicago_won" if s.caller is not None else "complete"
    return Step(Next.AFTER_STAGE, s.stage, reason)


def _straight_flush(
    s: GameState, seat: int, hand: tuple[Card, ...], stage: int, events: list[Event]
) -> bool:
    """R4.4 and §X: an instant win, or points; a royal may also reset the others or win."""
    p = s.profile
    royal = min(c.rank for c in hand) == 10  # T-J-Q-K-A
    resets = royal and p.royal_flush is RoyalFlushRule.RESET_OPPONENTS
    if royal and p.royal_flush is RoyalFlushRule.WIN:
        awards.instant_win(s, seat, "royal_flush", events)
        return False
    if p.straight_flush is StraightFlushRule.WIN:
        if resets:
            awards.reset_others(s, seat, "royal_flush", events)
        awards.instant_win(s, seat, "royal_flush" if resets else "straight_flush", events)
        return False
    if p.straight_flush is StraightFlushRule.AUTO_CHICAGO and stage >= p.exchanges:
        awards.gain(s, seat, p.chicago_points, "auto_chicago", events)
    else:
        awards.gain(s, seat, p.straight_flush_points, "hand", events)
    if resets and s.phase is not Phase.FINISHED:
        awards.reset_others(s, seat, "royal_flush", events)
    return s.phase is not Phase.FINISHED


