"""The rules as the API sends them: the presets and every knob's choices with their words
(`GET /api/profiles`), and a profile's rules page (`GET /api/rules`)."""

from __future__ import annotations

from chicago.core.rules import CHOICES, PRESETS, RuleProfile
from chicago.text.knob_words import knob_label, value_words
from chicago.text.rules_text import profile_title, rules_page
from chicago.web.wire.table import knobs_json, plain, profile_json


def profiles_json() -> dict[str, object]:
    """The presets, each knob's choices and their words in the current language."""
    return {
        "presets": [
            {"id": p.id, "title": profile_title(p), "version": p.version,
             "knobs": knobs_json(p)}
            for p in PRESETS.values()
        ],
        "choices": {name: [plain(v) for v in values] for name, values in CHOICES.items()},
        "words": {
            name: {"label": knob_label(name), "values": [value_words(name, v) for v in values]}
            for name, values in CHOICES.items()
        },
    }


def rules_json(profile: RuleProfile) -> dict[str, object]:
    """A profile and its rules page, section by section."""
    return {
        "profile": profile_json(profile),
        "sections": [
            {
                "title": s.title,
                "paragraphs": list(s.paragraphs),
                "table": [list(row) for row in s.table],
            }
            for s in rules_page(profile)
        ],
    }
