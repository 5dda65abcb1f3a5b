"""The errors the core raises: one type for an illegal action, one for a bad stacked deck,
and the base of errors that carry their words as data (game files, rule profiles).

The core speaks English only and uses the standard library only; a `Worded` error keeps its
message id (the English template with named {placeholders}) and its parameters beside the
English str(), so that `chicago.text` can say it again in the reader's language while
`chicago replay` keeps printing the English line of docs/game-file.md.
"""

from __future__ import annotations


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


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message ends with the rule: `… — R6.1`."""

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(f"{reason} — {rule}")
        self.reason = reason
        self.rule = rule


class StackedDealError(Worded):
    """A stacked deal (docs/game-file.md `deals`) that cannot be dealt at that point of the game."""
