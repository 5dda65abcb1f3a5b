"""The core's errors in the reader's language: game files, rule profiles, pad entries.

The rules core is English and standard-library only. A `Worded` error (and a `Phrase` inside
one) keeps its message id, the English template with named {placeholders}, and its
parameters; here the template is looked up in the catalog and the parameters are worded in
turn (a place like "action 3", a JSON kind like "an array", an illegal action, said from its
kind and parameters). The English str() of the error is untouched: `chicago replay` prints it
as docs/game-file.md says.
"""

from __future__ import annotations

from chicago.core.errors import IllegalAction, Phrase, Worded
from chicago.text.i18n import _
from chicago.text.refusals import refusal_with_rule

__all__ = ["error_words"]


def _part(value: object) -> object:
    """A parameter as the reader reads it; numbers and the file's own values stay as they are."""
    if isinstance(value, (Worded, Phrase, IllegalAction)):
        return error_words(value)
    return value


def error_words(error: object) -> str:
    """`error` (a Worded error, a Phrase, an IllegalAction, any other exception) said in the
    current language, on one line; what has no message id is said as it is."""
    if isinstance(error, (Worded, Phrase)):
        params = {k: _part(v) for k, v in error.params.items()}
        text = _(error.template, **params)
    elif isinstance(error, IllegalAction):
        text = refusal_with_rule(error)
    else:
        text = str(error)
    return text.replace("\n", " ")
