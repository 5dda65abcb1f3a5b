"""The types of the command line's values (seats, counts, profiles, stages): each refuses
a bad value with a sentence in the reader's language, as argparse shows it."""

from __future__ import annotations

import argparse

from chicago.core.rules import (
    ALIASES,
    PRESETS,
    RuleProfile,
    get_profile,
)
from chicago.text.core_errors import error_words
from chicago.text.i18n import _


def stage_list(text: str) -> tuple[int, ...]:
    """`review --stages`: the rising numbers of imagined deals the coach tries in turn."""
    try:
        found = tuple(int(n) for n in text.split(","))
    except ValueError:
        found = ()
    if not found or any(b <= a for a, b in zip((0, *found), found, strict=False)):
        raise argparse.ArgumentTypeError(
            _("expected rising positive numbers like 16,64,256, not {text}", text=repr(text)))
    return found


def preset_names() -> str:
    """The presets for a help text, each with its aliases: `chicago-gamewide-0.2 (house)`."""
    return ", ".join(
        p + "".join(f" ({a})" for a, target in ALIASES.items() if target == p) for p in PRESETS
    )


def profile_name(name: str) -> str:
    """A preset's name, checked (the profile itself is made with the --set changes)."""
    checked_profile(name)
    return name


def checked_profile(name: str) -> RuleProfile:
    try:
        return get_profile(name)
    except ValueError as e:
        raise argparse.ArgumentTypeError(error_words(e)) from None


def whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a whole number, not {text}", text=repr(text))) from None


def positive(text: str) -> int:
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_("expected 1 or more, not {value}", value=value))
    return value


def processes(text: str) -> int:
    """`arena --jobs` and `review --jobs`: how many processes work side by side, one rule
    for both (1: one by one, in the command's own process)."""
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(_(
            "expected 1 or more processes (1: one by one, in this process), not {value}",
            value=value))
    return value


def seat_count(text: str) -> int:
    value = whole(text)
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(
            _("a game has 2 to 6 seats, not {value} (R1.1)", value=value))
    return value
