"""The words for events' reasons (skips, resets, awards, wins, deal ends) that the narration
tells a player. Marked with `N_()` here and translated where they are used, so each is
said in the language of the moment, not of the import."""

from __future__ import annotations

from typing import Final

from chicago.text.i18n import N_

SKIP_WORDS: Final = {
    "kopstopp": N_("köpstopp: reached the high-score threshold in an earlier deal"),
    "block": N_("at or above the high-score threshold"),
    "six_cards": N_("holds a six-card hand and exchanges no more"),
}
RESET_WORDS: Final = {
    "high_score": N_("exchanging at the high-score threshold or above, R2.4"),
    "quads": N_("four of a kind, R4.3"),
    "royal_flush": N_("royal flush, R4.4"),
}
AWARD_WORDS: Final = {
    "hand": N_("for the best hand"),
    "quads": N_("for four of a kind"),
    "straight_flush": N_("for a straight flush"),
    "royal_flush": N_("for a royal flush"),
    "auto_chicago": N_("for a straight flush counted as a Chicago"),
    "last_trick": N_("for the last trick"),
    "last_trick_two": N_("for the last trick, won with a two"),
    "chicago": N_("for the Chicago"),
    "chicago_broken": N_("for the broken Chicago"),
    "chicago_breaker": N_("for breaking the Chicago"),
}
WIN_WORDS: Final = {
    "target": N_("reaching the target"),
    "straight_flush": N_("a straight flush"),
    "royal_flush": N_("a royal flush"),
    "last_standing": N_("being the last player left"),
}
DEAL_END_WORDS: Final = {
    "complete": N_("Deal {deal} ends."),
    "quads_reset": N_("Deal {deal} ends early: four of a kind reset the others."),
    "chicago_won": N_("Deal {deal} ends: the Chicago was won."),
    "chicago_broken": N_("Deal {deal} ends: the Chicago was broken."),
}
"""The sentence that closes a deal, by the `deal_ended` reason (`{deal}` its number)."""
