"""The errors the core raises: one type for an illegal action, one for a bad stacked deck,
and the base of errors that carry their words as data (game files, rule profiles). An
illegal action carries data too: the kind of refusal, the rule and the parameters.

The core speaks English only and uses the standard library only; a `Worded` error keeps its
message id (the English template with named {placeholders}) and its parameters beside the
English str(), so that `chicago.text` can say it again in the reader's language while
`chicago replay` keeps printing the English line of docs/game-file.md.
"""

from __future__ import annotations

from typing import Final, Literal


def N_(message: str) -> str:
    """Marks a template for translation (chicago.text renders it with `_()`)."""
    return message


class Phrase:
    """A piece of a message in words (a place like "action 3", a kind like "an array"):
    `template` and `params` as in `Worded`; str() is the English."""

    __slots__ = ("params", "template")

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params

    def __str__(self) -> str:
        return self.template.format(**self.params) if self.params else self.template

    def __repr__(self) -> str:
        return f"Phrase({self.template!r}, {self.params!r})"


class Worded(ValueError):
    """An error whose str() is the English sentence `template.format(**params)`; a
    parameter may itself be a Phrase or an error (words nested in words)."""

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template.format(**params) if params else template)
        self.template = template
        self.params = params


RefusalKind = Literal[
    "game_over", "no_such_seat", "eliminated", "chicago_minimum", "not_your_turn",
    "wrong_decision", "discard_not_cards", "not_held", "discard_twice", "six_cards",
    "too_many_discards", "reset_unconfirmed", "offer_answer", "quads_answer", "chicago_answer",
    "follow_suit",
]
"""The stable name of each way the engine refuses an action."""

REASONS: Final[dict[RefusalKind, str]] = {
    "game_over": "the game is over (seat {winner} won)",
    "no_such_seat": "there is no seat {seat!r} at this {seats}-seat table",
    "eliminated": "seat {seat} is eliminated and takes no further part",
    "chicago_minimum": "seat {seat} has {score} points and may not call Chicago "
                       "({minimum} needed)",
    "not_your_turn": "it is seat {turn}'s turn to {decision}, not seat {seat}'s",
    "wrong_decision": "seat {seat} must {decision}, not {kind}",
    "discard_not_cards": "seat {seat}'s discard must be a list of cards",
    "not_held": "seat {seat} does not hold {card}",
    "discard_twice": "seat {seat} names a discarded card twice",
    "six_cards": "seat {seat} holds six cards and must discard exactly one",
    "too_many_discards": "seat {seat} may discard at most {most} cards, not {n}",
    "reset_unconfirmed": "seat {seat} has {score} points: discarding resets the score to 0 "
                         "and needs confirm_reset",
    "offer_answer": "seat {seat} must keep (true) or decline (false) the offer",
    "quads_answer": "seat {seat} must choose points or reset, not {choice!r}",
    "chicago_answer": "seat {seat} must answer the Chicago question true or false",
    "follow_suit": "seat {seat} must follow suit ({suit.word} led)",
}
"""The English reason of each refusal, the one place it is made (docs/game-file.md prints it
after the action's number, and the API's English words come from the same parameters)."""

DECISIONS: Final[dict[str, str]] = {
    "exchange": "exchange",
    "offer": "answer the open offer",
    "quads": "choose for the four of a kind",
    "chicago": "answer the Chicago question",
    "play": "play a card",
}
"""A refusal's `decision` parameter (the `to_act.decision` of docs/game-file.md) in words."""


class IllegalAction(ValueError):
    """An action the rules do not allow now: its `kind`, the `rule` (e.g. "R6.1") and the
    `params` it names (seat, suit led, card, counts). str() is the English reason and the
    rule, `… — R6.1`; chicago.text says the same data in the reader's language."""

    def __init__(self, kind: RefusalKind, rule: str, /, **params: object) -> None:
        english = {k: DECISIONS[v] if k == "decision" and isinstance(v, str) else v
                   for k, v in params.items()}
        self.reason = REASONS[kind].format(**english)
        super().__init__(f"{self.reason} — {rule}")
        self.kind = kind
        self.rule = rule
        self.params = params


class StackedDealError(Worded):
    """A stacked deal (docs/game-file.md `deals`) that cannot be dealt at that point of the game."""
