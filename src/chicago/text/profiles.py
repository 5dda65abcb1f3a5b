"""Rule profiles' titles in the player's language.

The core names each preset in English (`RuleProfile.title`, also written in game files);
a player reads the title here, translated by the preset's id. A custom profile is named as
its preset with the changed knobs, as the core names it.
"""

from __future__ import annotations

from typing import Final

from chicago.core.rules import PRESETS, RuleProfile
from chicago.text.i18n import N_, _

TITLES: Final = {
    "chicago-gamewide-0.2": N_("Chicago with game-wide qualification (house rules)"),
    "classic": N_("Classic Chicago with köpstopp"),
    "basic": N_("Basic Chicago: two exchanges, six cards at 42"),
    "common": N_("Common Chicago: call in the first trick, ties all score"),
}
"""Every preset's title, by id (a test holds this table to `PRESETS`)."""


def preset_title(preset_id: str) -> str:
    """A preset's title, or the id itself for a preset this table does not know."""
    if preset_id in TITLES:
        return _(TITLES[preset_id])
    preset = PRESETS.get(preset_id)
    return preset.title if preset is not None else preset_id


def profile_title(profile: RuleProfile) -> str:
    """The title of a preset or of a custom profile ("…, changed: target=51")."""
    if not profile.base:
        return preset_title(profile.id)
    label = profile.id.partition("+")[2]
    return _("{title}, changed: {changes}", title=preset_title(profile.base),
             changes=label.replace(",", ", "))
