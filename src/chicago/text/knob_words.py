"""A rule profile's knobs and their values in words, for people choosing or reading custom
rules: the lobby's rules editor (through `/api/profiles`), an invitation's rules, the table's
rules line. The knob ids (`target=70`) stay what is typed; these are what is read.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from chicago.core.rules import PRESETS, RuleProfile
from chicago.text.i18n import N_, _

KNOB_LABELS: Final[dict[str, str]] = {
    "target": N_("Target score"),
    "max_discard": N_("Most cards one may discard"),
    "exchanges": N_("Exchanges per deal"),
    "open_offer": N_("Open offer on a one-card exchange"),
    "final_hand_scores": N_("Final hand scores after the tricks"),
    "hand_awards": N_("Awards: pair, two pair, trips, straight, flush, full house"),
    "quads": N_("Four of a kind"),
    "quads_points": N_("Four of a kind: points"),
    "straight_flush": N_("Straight flush"),
    "straight_flush_points": N_("Straight flush: points"),
    "royal_flush": N_("Royal flush"),
    "high_score": N_("High-score rule"),
    "high_score_threshold": N_("High-score threshold"),
    "ties": N_("Exact ties"),
    "score_floor": N_("Lowest possible score"),
    "chicago_minimum": N_("Chicago: minimum score to call"),
    "chicago_timing": N_("Chicago: when it is called"),
    "chicago_caller_leads": N_("Chicago: the caller leads"),
    "chicago_points": N_("Chicago: points for success"),
    "chicago_two_points": N_("Chicago won with a two on the last trick"),
    "chicago_penalty": N_("Chicago: points lost when broken"),
    "broken_chicago_bonus": N_("Breaking a Chicago gains"),
    "final_hand_after_chicago": N_("Final hand still scores after a Chicago"),
    "last_trick_points": N_("Last trick: points"),
    "last_trick_two_points": N_("Last trick won with a two: points"),
    "win": N_("How the game is won"),
    "qualification_required": N_("A Chicago call needed to win"),
}
"""Every knob of `chicago.core.rules.CHOICES`, as a label of a form field."""

VALUE_WORDS: Final[dict[str, str]] = {
    "choice": N_("8 points or reset the others"),
    "points": N_("points only"),
    "points_and_reset": N_("points and reset the others"),
    "win": N_("wins the game"),
    "auto_chicago": N_("counts as a Chicago at the end"),
    "as_straight_flush": N_("as a straight flush"),
    "reset_opponents": N_("as a straight flush, and reset the others"),
    "none": N_("none"),
    "reset_on_exchange": N_("exchanging at the threshold resets to 0"),
    "block": N_("no exchanges at the threshold"),
    "kopstopp": N_("köpstopp (no exchanges once reached)"),
    "six_cards": N_("six cards, one discard (once reached)"),
    "first_from_dealers_left": N_("first from the dealer's left scores"),
    "all_score": N_("every tied player scores"),
    "after_exchanges": N_("after the last exchange"),
    "first_trick": N_("during the first trick"),
    "at_target": N_("reach the target (checked after each award)"),
    "deal_end_highest": N_("highest at the end of a deal"),
    "one_more_award": N_("one more award after reaching the target"),
}
"""An enum knob's values (their JSON form) in words."""


def knob_label(knob: str) -> str:
    """The knob's label in the current language (its id when it has none)."""
    label = KNOB_LABELS.get(knob)
    return _(label) if label else knob


def value_words(knob: str, value: object) -> str:
    """A knob's value (in its own or its JSON form) in words, in the current language."""
    if isinstance(value, Enum):
        value = value.value
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if value is None:
        return _("none (negative allowed)") if knob == "score_floor" else _("same as a Chicago")
    if isinstance(value, list | tuple):
        return " · ".join(str(v) for v in value)
    if isinstance(value, str):
        words = VALUE_WORDS.get(value)
        return _(words) if words else value.replace("_", " ")
    return str(value)


def change_words(profile: RuleProfile) -> tuple[str, ...]:
    """A custom profile's changes from its preset, each as "label: value" in words; none for
    a preset."""
    if not profile.base:
        return ()
    preset = PRESETS[profile.base]
    return tuple(
        _("{knob}: {value}", knob=knob_label(knob), value=value_words(knob, mine))
        for knob, mine in profile.knobs().items()
        if getattr(preset, knob) != mine
    )


def preset_title(profile: RuleProfile) -> str:
    """The title of the preset the profile is, or changes, in the current language."""
    return _(PRESETS[profile.base or profile.id].title)
