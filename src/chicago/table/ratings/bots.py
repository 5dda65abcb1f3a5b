"""The bots' ratings: fixed, measured in the arena, never changed by a game.

A bot plays the same way in every game, so its strength is known rather than estimated game
by game: bench/bot_ratings.py plays the levels against each other and fits their Glicko-2
ratings, normal held at 1500 (the rating a new person starts from). A person's game
against bots is rated against these figures; the RD is the fit's standard error (normal's,
the anchor's, is the smallest of the others'), so a bot counts as an opponent whose rating
is well known.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from chicago.bots.levels import EASY, HARD, NORMAL
from chicago.table.ratings.glicko import Rating

# --- measured by bench/bot_ratings.py on 2026-12-06:
#     bench/bot_ratings.py --mixed 40 --pairs 200 --seed 2026
BOT_RATINGS: Final[Mapping[str, Rating]] = MappingProxyType({
    EASY: Rating(1337.0, 22.0),
    NORMAL: Rating(1500.0, 22.0),
    HARD: Rating(1626.0, 63.0),
})
# --- end of the measured figures
