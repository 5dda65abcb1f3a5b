"""The rule changes of the new-game form, typed as `knob=value, knob=value` and read as
`chicago rules --set` reads them, and a custom profile's changes written back that way."""

from __future__ import annotations

from chicago.core.rules import (
    ProfileError,
    RuleProfile,
    customize,
    get_profile,
    profile_to_json,
    read_changes,
)
from chicago.text.core_errors import error_words


def profile_json_knobs(profile: RuleProfile) -> dict[str, object]:
    """Every knob in its game-file (JSON) form."""
    stored = profile_to_json(profile)
    knobs = stored.get("knobs", {}) if isinstance(stored, dict) else {}
    return dict(knobs) if isinstance(knobs, dict) else {}


def changes_text(profile: RuleProfile) -> str:
    """A custom profile's changes as typed in the form: `target=51, quads=points`."""
    if not profile.base:
        return ""
    preset = get_profile(profile.base)
    knobs = profile_json_knobs(profile)
    return ", ".join(
        f"{k}={_typed(knobs[k])}" for k in knobs if getattr(preset, k) != getattr(profile, k)
    )


def _typed(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "[" + ",".join(str(x) for x in value) + "]"
    return str(value)


def profile_from_form(base: str, text: str) -> RuleProfile:
    """A preset and the changes typed in the form (`knob=value, knob=value`), read as
    `chicago rules --set` reads them (`read_changes`); ValueError in the player's words."""
    try:
        changes = read_changes([text])
    except ProfileError as e:
        raise ValueError(error_words(e)) from None
    return customize(base, **changes) if changes else get_profile(base)
