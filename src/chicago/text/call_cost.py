"""What a Chicago call gives up, in words: the final hand's award of the deal.

Without a call, the best hand after the tricks scores (R6.3); a call cancels that award
(R4.5, R7.1), and with a straight flush in hand that can be the whole game (R4.4). The
Chicago question (narration) and the coach's hint (hints) both say it, from the knobs of the
game being played: whether the final hand scores at all, whether it still scores after a
successful call, and what the seat's own hand would get there.
"""

from __future__ import annotations

from collections.abc import Sequence

from chicago.core.cards import Card
from chicago.core.hands import ROYAL_FLUSH, Category, category_of, hand_value
from chicago.core.rules import QuadsRule, RoyalFlushRule, RuleProfile, StraightFlushRule
from chicago.text.cards import hand_name
from chicago.text.i18n import _, ngettext


def _points(n: int) -> str:
    return ngettext("score {n} point", "score {n} points", n)


def final_award(profile: RuleProfile, hand: Sequence[Card]) -> str:
    """What this five-card hand would get as the best final hand ("score 5 points", "win the
    game at once"), or "" when it would get nothing."""
    if len(hand) != 5:
        return ""
    value = hand_value(hand)
    category = category_of(value)
    p = profile
    if category is Category.FOUR_OF_A_KIND:
        if p.quads is QuadsRule.CHOICE:
            return _("score {n} points or reset the others to 0", n=p.quads_points)
        if p.quads is QuadsRule.POINTS_AND_RESET:
            return _("score {n} points and reset the others to 0", n=p.quads_points)
        return _points(p.quads_points)
    if category is Category.STRAIGHT_FLUSH:
        royal = value == ROYAL_FLUSH
        if royal and p.royal_flush is RoyalFlushRule.WIN:
            return _("win the game at once")
        reset = royal and p.royal_flush is RoyalFlushRule.RESET_OPPONENTS
        if p.straight_flush is StraightFlushRule.WIN:
            return (_("win the game at once and reset the others to 0") if reset
                    else _("win the game at once"))
        if p.straight_flush is StraightFlushRule.AUTO_CHICAGO:
            return _("count as a successful Chicago (+{n})", n=p.chicago_points)
        if reset:
            return _("score {n} points and reset the others to 0", n=p.straight_flush_points)
        return _points(p.straight_flush_points)
    points = p.award_for(category)
    return _points(points) if points else ""


def call_cost(profile: RuleProfile, hand: Sequence[Card]) -> str:
    """The sentence on what a call gives up with this hand in this game, or "" when the
    final hand does not score in it."""
    if not profile.final_hand_scores:
        return ""
    award = final_award(profile, hand)
    name = hand_name(hand_value(hand)) if len(hand) == 5 else ""
    if profile.final_hand_after_chicago:
        if not award:
            return _("After a successful call the final hand still scores; a broken call ends "
                     "the deal without it (R7.2).")
        return _("After a successful call the final hand still scores: your hand ({hand}) "
                 "would {award} if it is the best. A broken call ends the deal without it "
                 "(R7.2).", hand=name, award=award)
    if not award:
        return _("A call gives up the award for the best final hand of this deal (R4.5).")
    return _("Without a call your hand ({hand}) would {award} if it is the best after the "
             "tricks; a call gives that up (R4.5).", hand=name, award=award)


def hint_cost(profile: RuleProfile, hand: Sequence[Card]) -> str:
    """The same in a few words for the coach's hint (said after the question, which names
    the hand): "" when this hand would get nothing as the final hand."""
    award = final_award(profile, hand) if profile.final_hand_scores else ""
    if not award:
        return ""
    if profile.final_hand_after_chicago:
        return _("A broken call gives up your hand's final award: it would {award} (R7.2).",
                 award=award)
    return _("A call gives up your hand's final award: it would {award} (R4.5).",
             award=award)
