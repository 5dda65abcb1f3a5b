"""The coach's words: a hint's numbers (`bots.Advice`, from the same code as the hard level's
decisions) as sentences a player reads, with the odds, and said to be estimates.

- exchange: the cards to keep and the chances of improving by the last exchange ("Keep the
  pair of kings and draw 3. By the third exchange: two pair or better 31%, three of a kind
  or better 11%."), and of the best hand at the next scoring (R4.1);
- Chicago question: the chance to take all five tricks (R5.2) and what a call is worth in
  this game, qualification included (R7.4, R8);
- card play: why this card (the last trick R6.3, a Chicago R7, points that would put the
  player out R8.3).

Anything without numbers (an offer, four of a kind, a counting rule) is the bot's reason
(`bots.Reason`) in words (`chicago.text.reasons`). Cards are named as players say them.
"""

from __future__ import annotations

from chicago.bots.base import Advice, Suggestion
from chicago.core.actions import ChicagoCall, Play
from chicago.core.hands import Category
from chicago.core.views import PlayerView
from chicago.text.call_cost import hint_cost
from chicago.text.i18n import N_, _, ngettext
from chicago.text.reasons import about, kept_words, pct, reason_words, the_card

ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"))
OR_BETTER = (
    N_("high card or better"), N_("a pair or better"), N_("two pair or better"),
    N_("three of a kind or better"), N_("a straight or better"), N_("a flush or better"),
    N_("a full house or better"), N_("four of a kind or better"), N_("a straight flush"),
)
SHOWN = 0.1
"""The second improvement figure names the best category reached at least this often."""
DECISIVE = 50.0
"""A call worth this much standing either way mostly decides the game (bots.stakes.WIN)."""


def _imagined(a: Advice) -> str:
    return ngettext("Estimates from {n} deal imagined from what you can see.",
                    "Estimates from {n} deals imagined from what you can see.", a.samples)


def exchange_words(a: Advice) -> str:
    """The exchange: what to keep, its chances by the last exchange, and at the next scoring."""
    kept = a.kept
    if len(kept) == 5:
        text = _("Keep all five ({hand}).", hand=kept_words(kept))
    elif kept:
        text = _("Keep {cards} and draw {n}.", cards=kept_words(kept), n=5 - len(kept))
    else:
        text = _("Draw five new cards.")
    if a.resets:
        text += " " + _("Your score resets to 0 (R2.4).")
    odds = a.at_least
    parts: list[str] = []
    if odds:
        base = max((c for c in range(len(odds)) if odds[c] >= 0.999), default=0)
        if base < Category.STRAIGHT_FLUSH:
            first = base + 1
            parts.append(_("{what} {chance}", what=_(OR_BETTER[first]), chance=pct(odds[first])))
            higher = [c for c in range(first + 1, len(odds)) if odds[c] >= SHOWN]
            if higher:
                top = higher[-1]
                parts.append(_("{what} {chance}", what=_(OR_BETTER[top]), chance=pct(odds[top])))
    if parts:
        when = (_(ORDINALS[a.by_exchange - 1]) if 0 < a.by_exchange <= len(ORDINALS)
                else _("last"))
        text += " " + _("By the {nth} exchange: {odds}.", nth=when, odds=", ".join(parts))
    text += " " + _("Best hand at the next scoring: {chance}.", chance=pct(a.best))
    if a.chicago_hope:
        text += " " + _("It aims at a Chicago: {chance} to hold five sure tricks by the "
                        "calls (R5).", chance=about(a.chicago_hope))
    return f"{text} {_imagined(a)}"


def chicago_words(call: bool, a: Advice, score: int, cost: str = "") -> str:
    """The Chicago question: the chance of all five tricks, what a call is worth and what it
    gives up (`cost`, call_cost). The hint's action ("call Chicago") is said before these
    words by every front-end, so they do not say it again."""
    chance = ngettext(
        "You take all five tricks in {chance} of {n} deal imagined from what you can "
        "see (an estimate).",
        "You take all five tricks in {chance} of {n} deals imagined from what you can "
        "see (an estimate).", a.samples, chance=about(a.all_five))
    worth = a.call_worth
    points = round(abs(worth))
    if abs(worth) >= DECISIVE:
        value = (_("A call very likely decides this game for you.") if worth > 0
                 else _("A call very likely decides this game against you."))
    elif points == 0:
        value = _("In this game a call is worth about as much as passing.")
    elif worth > 0:
        value = ngettext("In this game a call is worth about {n} point more than passing.",
                         "In this game a call is worth about {n} points more than passing.",
                         points)
    else:
        value = ngettext("In this game a call is worth about {n} point less than passing.",
                         "In this game a call is worth about {n} points less than passing.",
                         points)
    if a.urgent:
        why = _("At {score} points and not qualified, more points only bring you closer to "
                "being put out (R8.3): even a broken call qualifies you (R7.4).", score=score)
    elif a.needs_call and a.chances_left and call:
        why = ngettext(
            "You still need the qualification, and about {n} free chance to call is left "
            "before a call is forced (R7.4): a hand this good is worth taking now.",
            "You still need the qualification, and about {n} free chances to call are left "
            "before a call is forced (R7.4): a hand this good is worth taking now.",
            a.chances_left)
    elif a.needs_call:
        why = _("That counts the qualification: even a broken call qualifies you (R7.4).")
    else:
        why = _("You are qualified already (R7.4).")
    return " ".join(x for x in (chance, cost, value, why) if x)


def play_words(s: Suggestion, a: Advice) -> str:
    """A card: why, with the chance of the last trick (or of keeping every trick)."""
    if not isinstance(s.action, Play) or a.why == "rule":
        return reason_words(s.reason)
    card = the_card(s.action.card)
    card = card[0].upper() + card[1:]
    if a.why == "caller":
        return ngettext(
            "{card}: you keep every trick of your Chicago in {chance} of the {n} deal "
            "imagined from what you can see (an estimate, R7.1).",
            "{card}: you keep every trick of your Chicago in {chance} of the {n} deals "
            "imagined from what you can see (an estimate, R7.1).",
            a.samples, card=card, chance=about(a.all_five))
    if a.why == "avoid":
        return ngettext(
            "{card}: the last trick's points would put you out (R8.3); with it you take the "
            "last trick in only {chance} of {n} imagined deal (an estimate).",
            "{card}: the last trick's points would put you out (R8.3); with it you take the "
            "last trick in only {chance} of {n} imagined deals (an estimate).",
            a.samples, card=card, chance=about(a.last_trick))
    return ngettext(
        "{card}: with it you take the last trick, the only one that pays (R6.2, R6.3), in "
        "{chance} of {n} deal imagined from what you can see (an estimate).",
        "{card}: with it you take the last trick, the only one that pays (R6.2, R6.3), in "
        "{chance} of {n} deals imagined from what you can see (an estimate).",
        a.samples, card=card, chance=about(a.last_trick))


def hint_text(s: Suggestion, score: int = 0, v: PlayerView | None = None) -> str:
    """The hint for a suggestion: the coach's words when it has numbers, else its reason.
    `score` is the player's score and `v` their view (for the Chicago question: what a call
    gives up with their hand in this game)."""
    a = s.advice
    if a is None or a.samples == 0:
        return reason_words(s.reason)
    if a.kind == "exchange":
        return exchange_words(a)
    if a.kind == "chicago":
        cost = hint_cost(v.profile, v.hand) if v is not None else ""
        return chicago_words(isinstance(s.action, ChicagoCall) and s.action.call, a, score,
                             cost)
    if a.kind == "play":
        return play_words(s, a)
    return reason_words(s.reason)
