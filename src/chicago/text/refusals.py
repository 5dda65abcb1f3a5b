"""Illegal actions in the player's words: "Du måste bekänna färg: hjärter spelades ut (R6.1)".

The rules core stays English and standard-library only: its `IllegalAction` carries an
English reason of a fixed shape ("seat 1 must follow suit (hearts led)") and the rule. Here
each shape is read back into its parts and said again through the catalog, to the player
("You must follow suit: …") or about another seat. A reason of an unknown shape is passed on
as it is, so a new refusal in the core is never lost, only untranslated (the tests hold every
shape the core raises to a pattern here).
"""

from __future__ import annotations

import re
from typing import Final

from chicago.core.cards import Suit
from chicago.text.cards import SUIT_WORDS
from chicago.text.i18n import N_, _

_SUIT_BY_WORD: Final = {s.word: s for s in Suit}

DECISIONS: Final = {
    "exchange": N_("exchange"),
    "answer the open offer": N_("answer the open offer"),
    "choose for the four of a kind": N_("choose for the four of a kind"),
    "answer the Chicago question": N_("answer the Chicago question"),
    "play a card": N_("play a card"),
}
"""The engine's words for each kind of decision (`engine._decision_words`)."""
KINDS: Final = {
    "exchange": N_("an exchange"),
    "offer": N_("an answer to the open offer"),
    "quads": N_("a four-of-a-kind choice"),
    "chicago": N_("a Chicago call"),
    "play": N_("a card"),
}
"""An action's `kind` where a refusal names the wrong one ("not chicago")."""

# (the core's reason as a pattern, the sentence to the player, the sentence about a seat)
SHAPES: Final[tuple[tuple[re.Pattern[str], str, str], ...]] = (
    (re.compile(r"seat (?P<seat>\d+) must follow suit \((?P<suit>\w+) led\)"),
     N_("You must follow suit: {suit} were led"),
     N_("Seat {seat} must follow suit: {suit} were led")),
    (re.compile(r"seat (?P<seat>\d+) does not hold (?P<card>\S+)"),
     N_("You do not hold {card}"),
     N_("Seat {seat} does not hold {card}")),
    (re.compile(r"seat (?P<seat>\d+)'s discard must be a list of cards"),
     N_("Your discard must be a list of cards"),
     N_("Seat {seat}'s discard must be a list of cards")),
    (re.compile(r"seat (?P<seat>\d+) names a discarded card twice"),
     N_("You name a discarded card twice"),
     N_("Seat {seat} names a discarded card twice")),
    (re.compile(r"seat (?P<seat>\d+) holds six cards and must discard exactly one"),
     N_("You hold six cards and must discard exactly one"),
     N_("Seat {seat} holds six cards and must discard exactly one")),
    (re.compile(r"seat (?P<seat>\d+) may discard at most (?P<most>\d+) cards, not (?P<n>\d+)"),
     N_("You may discard at most {most} cards, not {n}"),
     N_("Seat {seat} may discard at most {most} cards, not {n}")),
    (re.compile(r"seat (?P<seat>\d+) has (?P<score>-?\d+) points: discarding resets the score "
                r"to 0 and needs confirm_reset"),
     N_("You have {score} points: discarding resets your score to 0, so confirm it first"),
     N_("Seat {seat} has {score} points: discarding resets the score to 0 and needs a "
        "confirmation")),
    (re.compile(r"seat (?P<seat>\d+) must keep \(true\) or decline \(false\) the offer"),
     N_("You must keep or decline the open card"),
     N_("Seat {seat} must keep or decline the open card")),
    (re.compile(r"seat (?P<seat>\d+) must choose points or reset, not .*"),
     N_("You must choose the points or the reset"),
     N_("Seat {seat} must choose the points or the reset")),
    (re.compile(r"seat (?P<seat>\d+) must answer the Chicago question true or false"),
     N_("You must answer the Chicago question yes or no"),
     N_("Seat {seat} must answer the Chicago question yes or no")),
    (re.compile(r"seat (?P<seat>\d+) has (?P<score>-?\d+) points and may not call Chicago "
                r"\((?P<minimum>-?\d+) needed\)"),
     N_("You have {score} points and may not call Chicago ({minimum} needed)"),
     N_("Seat {seat} has {score} points and may not call Chicago ({minimum} needed)")),
    (re.compile(r"seat (?P<seat>\d+) is eliminated and takes no further part"),
     N_("You are eliminated and take no further part"),
     N_("Seat {seat} is eliminated and takes no further part")),
    (re.compile(r"it is seat (?P<turn>\d+)'s turn to (?P<decision>.+), not seat (?P<seat>\d+)'s"),
     N_("It is seat {turn}'s turn to {decision}, not yours"),
     N_("It is seat {turn}'s turn to {decision}, not seat {seat}'s")),
    (re.compile(r"seat (?P<seat>\d+) must (?P<decision>.+), not (?P<kind>\w+)"),
     N_("You must {decision}, not {kind}"),
     N_("Seat {seat} must {decision}, not {kind}")),
    (re.compile(r"the game is over \(seat (?P<winner>\d+) won\)"),
     N_("The game is over: seat {winner} won"),
     N_("The game is over: seat {winner} won")),
    (re.compile(r"there is no seat (?P<seat>.+) at this (?P<seats>\d+)-seat table"),
     N_("There is no seat {seat} at this table of {seats}"),
     N_("There is no seat {seat} at this table of {seats}")),
)


def _words(name: str, value: str) -> str:
    """A part of a reason in the player's language (suits, decisions, action kinds)."""
    if name == "suit" and value in _SUIT_BY_WORD:
        return _(SUIT_WORDS[_SUIT_BY_WORD[value]])
    if name == "decision" and value in DECISIONS:
        return _(DECISIONS[value])
    if name == "kind" and value in KINDS:
        return _(KINDS[value])
    return value


def refusal(reason: str, rule: str | None = None, me: int | None = None) -> str:
    """The core's reason for refusing an action, said to the player of seat `me` (or about
    the seat it names when `me` is None or another seat), with the rule: "… (R6.1)"."""
    text = reason
    for pattern, you, other in SHAPES:
        found = pattern.fullmatch(reason)
        if found is None:
            continue
        parts = {k: _words(k, v) for k, v in found.groupdict().items()}
        seat = found.groupdict().get("seat")
        if me is not None and seat is not None and seat == str(me):
            text = _(you, **parts)
        else:
            text = _(other, **parts)
        break
    return f"{text} ({rule})" if rule else text


def known(reason: str) -> bool:
    """Whether a reason has a shape this module can say in other words."""
    return any(pattern.fullmatch(reason) for pattern, _you, _other in SHAPES)

