"""What a table with friends says of itself before anyone sits down: its turn timer and its
rules in words (the creator's form at /tables/new, an invitation at /join/...)."""

from __future__ import annotations

from chicago.core.rules import RuleProfile
from chicago.text.i18n import _
from chicago.text.knob_words import change_words, preset_title


def timer_words(seconds: int) -> str:
    """The time each decision has, in the current language ("No timer" for 0)."""
    if seconds <= 0:
        return _("No timer")
    if seconds % 60 == 0:
        return _("{n} min", n=seconds // 60)
    return _("{n} s", n=seconds)


def rules_words(profile: RuleProfile) -> dict[str, object]:
    """The rules as an invitation names them: the preset's title and, for custom rules,
    each change as "label: value"."""
    return {"id": profile.id, "title": preset_title(profile),
            "changes": list(change_words(profile))}
