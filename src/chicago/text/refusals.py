"""Illegal actions in the player's words: "Du måste bekänna färg: hjärter spelades ut (R6.1)".

The rules core stays English and standard-library only: its `IllegalAction` carries the kind
of refusal, the rule and the parameters (seat, suit led, card, counts), and makes its English
reason from them. Here the same data is said through the catalog, to the player ("You must
follow suit: …") or about another seat; the English reason is never read back.
"""

from __future__ import annotations

from typing import Final

from chicago.core.cards import Suit
from chicago.core.errors import IllegalAction, RefusalKind
from chicago.text.cards import SUIT_WORDS
from chicago.text.i18n import N_, _

DECISIONS: Final = {
    "exchange": N_("exchange"),
    "offer": N_("answer the open offer"),
    "quads": N_("choose for the four of a kind"),
    "chicago": N_("answer the Chicago question"),
    "play": N_("play a card"),
}
"""A refusal's `decision` (docs/game-file.md `to_act.decision`) as the sentence needs it."""
KINDS: Final = {
    "exchange": N_("an exchange"),
    "offer": N_("an answer to the open offer"),
    "quads": N_("a four-of-a-kind choice"),
    "chicago": N_("a Chicago call"),
    "play": N_("a card"),
}
"""An action's `kind` where a refusal names the wrong one ("not chicago")."""

WORDS: Final[dict[RefusalKind, tuple[str, str]]] = {
    "follow_suit": (N_("You must follow suit: {suit} were led"),
                    N_("Seat {seat} must follow suit: {suit} were led")),
    "not_held": (N_("You do not hold {card}"),
                 N_("Seat {seat} does not hold {card}")),
    "discard_not_cards": (N_("Your discard must be a list of cards"),
                          N_("Seat {seat}'s discard must be a list of cards")),
    "discard_twice": (N_("You name a discarded card twice"),
                      N_("Seat {seat} names a discarded card twice")),
    "six_cards": (N_("You hold six cards and must discard exactly one"),
                  N_("Seat {seat} holds six cards and must discard exactly one")),
    "too_many_discards": (N_("You may discard at most {most} cards, not {n}"),
                          N_("Seat {seat} may discard at most {most} cards, not {n}")),
    "reset_unconfirmed": (
        N_("You have {score} points: discarding resets your score to 0, so confirm it first"),
        N_("Seat {seat} has {score} points: discarding resets the score to 0 and needs a "
           "confirmation")),
    "offer_answer": (N_("You must keep or decline the open card"),
                     N_("Seat {seat} must keep or decline the open card")),
    "quads_answer": (N_("You must choose the points or the reset"),
                     N_("Seat {seat} must choose the points or the reset")),
    "chicago_answer": (N_("You must answer the Chicago question yes or no"),
                       N_("Seat {seat} must answer the Chicago question yes or no")),
    "chicago_minimum": (
        N_("You have {score} points and may not call Chicago ({minimum} needed)"),
        N_("Seat {seat} has {score} points and may not call Chicago ({minimum} needed)")),
    "eliminated": (N_("You are eliminated and take no further part"),
                   N_("Seat {seat} is eliminated and takes no further part")),
    "not_your_turn": (N_("It is seat {turn}'s turn to {decision}, not yours"),
                      N_("It is seat {turn}'s turn to {decision}, not seat {seat}'s")),
    "wrong_decision": (N_("You must {decision}, not {kind}"),
                       N_("Seat {seat} must {decision}, not {kind}")),
    "game_over": (N_("The game is over: seat {winner} won"),
                  N_("The game is over: seat {winner} won")),
    "no_such_seat": (N_("There is no seat {seat} at this table of {seats}"),
                     N_("There is no seat {seat} at this table of {seats}")),
}
"""Each kind of refusal said to the player it refuses, and about a seat."""


def _part(kind: RefusalKind, name: str, value: object) -> object:
    """A parameter in the reader's language: a suit, a decision, an action's kind; a seat
    that is no seat as the client gave it (repr, as the English has it)."""
    if isinstance(value, Suit):
        return _(SUIT_WORDS[value])
    if name == "decision" and isinstance(value, str) and value in DECISIONS:
        return _(DECISIONS[value])
    if name == "kind" and isinstance(value, str) and value in KINDS:
        return _(KINDS[value])
    if kind == "no_such_seat" and name == "seat":
        return repr(value)
    return value


def refusal(error: IllegalAction, me: int | None = None) -> str:
    """The engine's refusal said to the player of seat `me` (or about the seat it names when
    `me` is None or another seat), without the rule."""
    you, other = WORDS[error.kind]
    parts = {name: _part(error.kind, name, v) for name, v in error.params.items()}
    seat = error.params.get("seat")
    mine = me is not None and type(seat) is int and seat == me
    return _(you if mine else other, **parts)


def refusal_with_rule(error: IllegalAction, me: int | None = None) -> str:
    """`refusal` followed by the rule it cites: "… (R6.1)"."""
    return f"{refusal(error, me)} ({error.rule})"
