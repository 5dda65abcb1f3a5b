"""Profiles whose rules text the tests read: the four presets and custom profiles that, together,
show every value of every enum and yes/no knob (docs/rules.md §X and the options below it)."""

from __future__ import annotations

from chicago.core.rules import PRESETS, customize

CUSTOM = (
    customize("chicago-gamewide-0.2", quads="points_and_reset", straight_flush="auto_chicago",
              royal_flush="win", chicago_two_points=30),
    customize("chicago-gamewide-0.2", final_hand_scores=False, high_score="none",
              chicago_minimum=0, straight_flush="points", straight_flush_points=11),
    customize("common", win="one_more_award", final_hand_scores=False, high_score="block",
              high_score_threshold=45, score_floor=0, chicago_caller_leads=False),
    customize("classic", target=51, exchanges=2, open_offer=True, ties="all_score",
              chicago_minimum=13, chicago_points=25, chicago_penalty=25,
              broken_chicago_bonus=10, last_trick_two_points=10, quads="choice",
              quads_points=8, royal_flush="reset_opponents"),
    customize("basic", chicago_timing="first_trick", final_hand_after_chicago=False,
              straight_flush="win", target=100, max_discard=4, high_score_threshold=45),
)
PROFILES = (*PRESETS.values(), *CUSTOM)
IDS = [p.id for p in PROFILES]
