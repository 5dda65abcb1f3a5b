"""The computer players' levels in words: the one place they are worded (their ids are in
`chicago.bots.levels`). Swedish players read and may type `lätt`, `normal`, `svår`: those are
the catalog's translations of these words, not a list of their own.
"""

from __future__ import annotations

from typing import Final

from chicago.bots import EASY, HARD, LEVELS, NORMAL
from chicago.text.i18n import N_, _

LEVEL_WORDS: Final = {
    EASY: N_("easy"),
    NORMAL: N_("normal"),
    HARD: N_("hard"),
}
"""A level as a sentence names it ("Bengt (easy)"), by level id."""
LEVEL_CHOICES: Final = {
    EASY: N_("Easy"),
    NORMAL: N_("Normal"),
    HARD: N_("Hard"),
}
"""A level as a form offers it, a choice of its own (the lobby's "Opponents' level")."""


def level_words(level: str) -> str:
    """A level in the current language; anything else (a person, an older file's name) as
    it is."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def level_choices() -> list[tuple[str, str]]:
    """Every level, weakest first, with its words as a form offers it (current language)."""
    return [(level, _(LEVEL_CHOICES[level])) for level in LEVELS]
