"""The coach's review in words, in the reader's language: its summary and each mark.

A stored mark is data (`chicago.table.coach.review`): the choices in their game-file form, the
cost with its interval, the odds of each choice and the reason's kind and rule. This module
words them, cards named as players say them ("the king of hearts" / "hjärter kung"), so a
Swedish review has no English sentence in it and no card code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from chicago.core.cards import card
from chicago.text.cards import card_name
from chicago.text.i18n import _, ngettext
from chicago.text.numbers import decimal, percent


def listing(words: Sequence[str]) -> str:
    """"a, b and c" / "a, b och c"."""
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}", items=", ".join(words[:-1]), last=words[-1])


def cards_words(codes: object) -> str:
    """Cards from their game-file codes, named: "the king of hearts and the four of clubs"."""
    if not isinstance(codes, list):
        return ""
    return listing([the_card(str(c)) for c in codes])


def the_card(code: str) -> str:
    """A card named in a sentence: "the king of hearts" / "hjärter kung"."""
    return _("the {card}", card=card_name(card(code)))


def action_words(action: Mapping[str, Any]) -> str:
    """A decision in its game-file form, in words: "discard the king of hearts"."""
    kind = action.get("type")
    if kind == "exchange":
        cards = cards_words(action.get("discard"))
        if not cards:
            return _("keep all five cards")
        if action.get("confirm_reset"):
            return _("discard {cards} (and accept the reset to 0)", cards=cards)
        return _("discard {cards}", cards=cards)
    if kind == "offer":
        return _("keep the offered card") if action.get("keep") else _("decline the offered card")
    if kind == "quads":
        if action.get("choice") == "points":
            return _("take the points for four of a kind")
        return _("reset the others with four of a kind")
    if kind == "chicago":
        return _("call Chicago") if action.get("call") else _("not call Chicago")
    return _("play {card}", card=the_card(str(action.get("card"))))


def pct(x: object) -> str:
    """A share as the reader's language writes it: "88%" / "88 %"."""
    return percent(float(str(x)))


def points(x: object) -> str:
    """Points to a tenth, with the reader's decimal sign: "12.4" / "12,4"."""
    return decimal(float(str(x)), 1)


def odds_words(odds: Mapping[str, Any]) -> str:
    """One choice's odds over the imagined deals."""
    return _(
        "best hand {hand}, last trick {last}, Chicago {chicago}; {points} points in the rest "
        "of the deal",
        hand=pct(odds["hand"]), last=pct(odds["last_trick"]), chicago=pct(odds["chicago"]),
        points=points(odds["points"]),
    )


def cost_words(cost: Mapping[str, Any]) -> str:
    """A mark's cost with its interval, always said to be an estimate."""
    text = _(
        "about {points} points in this deal (between {low} and {high}: an estimate from {n} "
        "imagined deals)",
        points=points(cost["points"]), low=points(cost["low"]), high=points(cost["high"]),
        n=cost["samples"],
    )
    win = cost.get("win")
    if win is not None and abs(float(win)) >= 0.005:
        text += " " + _("and {pct} less chance to win the game", pct=pct(win))
    return text


def reason_words(reason: Mapping[str, Any], odds: Mapping[str, Mapping[str, Any]],
                 name: str | None = None) -> str:
    """Why the coach's choice is better, with the figures it turns on and the rule; about the
    reader's own choice ("yours"), or about `name`'s when the review is of another seat."""
    kind = reason.get("kind")
    mine, theirs = odds["played"], odds["suggested"]
    rule = str(reason.get("rule", ""))
    if name is not None:
        return _named_reason(kind, rule, mine, theirs, name)
    if kind == "hand":
        return _("The best hand: {better} with the coach's choice against {played} with yours "
                 "({rule}).", better=pct(theirs["hand"]), played=pct(mine["hand"]), rule=rule)
    if kind == "last_trick":
        return _("The last trick: {better} with the coach's choice against {played} with yours "
                 "({rule}).", better=pct(theirs["last_trick"]), played=pct(mine["last_trick"]),
                 rule=rule)
    if kind == "chicago" and rule == "R7.2":
        return _("The Chicago breaks in {played} of the imagined deals with your choice, in "
                 "{better} with the coach's ({rule}).", played=pct(mine["broken"]),
                 better=pct(theirs["broken"]), rule=rule)
    if kind == "chicago":
        return _("The Chicago goes home in {better} of the imagined deals with the coach's "
                 "choice, in {played} with yours ({rule}).", better=pct(theirs["chicago"]),
                 played=pct(mine["chicago"]), rule=rule)
    if kind == "reset":
        return _("Your choice resets your score to 0 where the coach's keeps it ({rule}).",
                 rule=rule)
    return _("More points in the rest of the deal: {better} with the coach's choice against "
             "{played} with yours ({rule}).", better=points(theirs["points"]),
             played=points(mine["points"]), rule=rule)


def _named_reason(kind: object, rule: str, mine: Mapping[str, Any],
                  theirs: Mapping[str, Any], name: str) -> str:
    """`reason_words` about another seat's choice, the seat by its name."""
    if kind == "hand":
        return _("The best hand: {better} with the coach's choice against {played} with "
                 "{name}'s ({rule}).", better=pct(theirs["hand"]), played=pct(mine["hand"]),
                 name=name, rule=rule)
    if kind == "last_trick":
        return _("The last trick: {better} with the coach's choice against {played} with "
                 "{name}'s ({rule}).", better=pct(theirs["last_trick"]),
                 played=pct(mine["last_trick"]), name=name, rule=rule)
    if kind == "chicago" and rule == "R7.2":
        return _("The Chicago breaks in {played} of the imagined deals with {name}'s choice, "
                 "in {better} with the coach's ({rule}).", played=pct(mine["broken"]),
                 better=pct(theirs["broken"]), name=name, rule=rule)
    if kind == "chicago":
        return _("The Chicago goes home in {better} of the imagined deals with the coach's "
                 "choice, in {played} with {name}'s ({rule}).", better=pct(theirs["chicago"]),
                 played=pct(mine["chicago"]), name=name, rule=rule)
    if kind == "reset":
        return _("{name}'s choice resets {name}'s score to 0 where the coach's keeps it "
                 "({rule}).", name=name, rule=rule)
    return _("More points in the rest of the deal: {better} with the coach's choice against "
             "{played} with {name}'s ({rule}).", better=points(theirs["points"]),
             played=points(mine["points"]), name=name, rule=rule)


def mark_words(mark: Mapping[str, Any]) -> dict[str, Any]:
    """A stored mark with its words in the current language (the viewer, the terminal)."""
    played = action_words(mark["played"])
    better = action_words(mark["suggested"])
    odds = mark["odds"]
    return {
        **mark,
        "played": played,
        "suggested": better,
        "played_action": mark["played"],
        "suggested_action": mark["suggested"],
        "reason_text": reason_words(mark["reason"], odds),
        "cost_text": cost_words(mark["cost"]),
        "played_odds": odds_words(odds["played"]),
        "suggested_odds": odds_words(odds["suggested"]),
        "summary": f"{played} → {better}",
    }


def summary_words(s: Mapping[str, Any]) -> str:
    """The review at a glance, in one sentence."""
    looked = ngettext("{n} decision looked at", "{n} decisions looked at", int(s["decisions"]))
    if not s["marked"]:
        return _("{looked}: every one fine.", looked=looked)
    marked = ngettext("{n} marked", "{n} marked", int(s["marked"]))
    return _("{looked}: {fine} fine, {marked}, costing about {total} points in all.",
             looked=looked, fine=s["fine"], marked=marked, total=points(s["total"]))
