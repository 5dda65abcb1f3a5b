"""argparse's own messages in the reader's language, for the `chicago` command.

argparse words its errors and help headings with `gettext` (`unrecognized arguments: %s`,
`invalid choice: …`, `usage: `); `in_language` hands those lookups to the game's catalogs
while a command line is read, so `--lang sv` or a Swedish locale gets them in Swedish like
every other word the command prints. The messages keep argparse's `%` placeholders.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import Final

from chicago.text.i18n import N_, current_language, translations

MESSAGES: Final = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("the following arguments are required: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("unexpected option string: %s"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""The messages of argparse a person can meet (Python 3.11 to 3.13), as msgids."""


def gettext(message: str) -> str:
    """argparse's message in the current language, its `%` placeholders left to argparse."""
    return translations(current_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations(current_language()).ngettext(singular, plural, n)


@contextlib.contextmanager
def in_language() -> Iterator[None]:
    """argparse speaks the current language inside the block (its module-level `_` and
    `ngettext` are what it calls for every message)."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = gettext, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
