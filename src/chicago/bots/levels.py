"""The computer players' levels, named here and nowhere else: every front-end, the command
line and the browser (through the pages' data) take them from this module, so a level added
or renamed cannot be missing from one list of several. Their words are in
`chicago.text.level_words`.
"""

from __future__ import annotations

from typing import Final

EASY: Final = "easy"
NORMAL: Final = "normal"
HARD: Final = "hard"

LEVELS: Final = (EASY, NORMAL, HARD)
"""Every level, weakest first (the order choices are offered in)."""
DEFAULT_LEVEL: Final = NORMAL
"""A computer player's level when none is chosen."""
HINT_LEVEL: Final = HARD
"""The level whose choice a hint (and the coach's review) gives: the strongest."""
