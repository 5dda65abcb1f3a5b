"""The words for events' reasons (skips, resets, awards, wins, deal ends) that the line-mode
game, and through it the Textual game, tells a player."""

from __future__ import annotations

from typing import Final

SKIP_WORDS: Final = {
    "kopstopp": "köpstopp: reached the high-score threshold in an earlier deal",
    "block": "at or above the high-score threshold",
    "six_cards": "holds a six-card hand and exchanges no more",
}
RESET_WORDS: Final = {
    "high_score": "exchanging at the high-score threshold or above, R2.4",
    "quads": "four of a kind, R4.3",
    "royal_flush": "royal flush, R4.4",
}
AWARD_WORDS: Final = {
    "hand": "for the best hand",
    "quads": "for four of a kind",
    "straight_flush": "for a straight flush",
    "royal_flush": "for a royal flush",
    "auto_chicago": "for a straight flush counted as a Chicago",
    "last_trick": "for the last trick",
    "last_trick_two": "for the last trick, won with a two",
    "chicago": "for the Chicago",
    "chicago_broken": "for the broken Chicago",
    "chicago_breaker": "for breaking the Chicago",
}
WIN_WORDS: Final = {
    "target": "reaching the target",
    "straight_flush": "a straight flush",
    "royal_flush": "a royal flush",
    "last_standing": "being the last player left",
}
DEAL_END_WORDS: Final = {
    "complete": "",
    "quads_reset": " early: four of a kind reset the others",
    "chicago_won": ": the Chicago was won",
    "chicago_broken": ": the Chicago was broken",
}
WITH_A: Final = ("straight", "flush", "full house", "straight flush")
