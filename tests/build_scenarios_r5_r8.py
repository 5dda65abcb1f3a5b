"""Writes the stacked-deck scenarios for docs/rules.md R5–R8 into tests/scenarios/.

Run: `.venv/bin/python tests/build_scenarios_r5_r8.py`. The decks and the actions are built
from a few hand-made deals; every expected value below was worked out from docs/rules.md by hand
(comments show the arithmetic), never copied from the engine's output.

Tables used: 3 seats with the first dealer 2 (so deal 1 is asked/played from seat 0, deal 2
from seat 1 with dealer 0, deal 3 from seat 2 with dealer 1, ...), and one 2-seat table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scenario_actions import Act, call, deal, exchange, keep, n, offer, plays, quads

OUT = Path(__file__).parent / "scenarios"
PROFILE = "chicago-gamewide-0.2"


# --- the deals -------------------------------------------------------------------------
# Q1: dealer 2 (order 0, 1, 2). Seat 0 holds four nines; seat 1 takes every trick from the
# first on and wins the fifth with the 2s (10 points). Everyone keeps all five cards.
#   stage 1: quads, seat 0 chooses points → 8; stage 2: locked → 16; calls: seat 0 (16) passes;
#   last trick: seat 1 +10 → 10; final hand: same quads, locked → 24.   Result [24, 10, 0].
Q1 = deal({0: "9c 9d 9h 9s 4c", 1: "Ah Kh Qh Jh 2s", 2: "3c 5c 6d 7d 8d"})
Q1_TO_CALLS = keep(0, 1, 2) + [quads(0, "points")] + keep(0, 1, 2) + keep(0, 1, 2)
Q1_TRICKS = plays(
    "0:9h 1:Jh 2:3c | 1:Ah 2:5c 0:9s | 1:Kh 2:6d 0:9d | 1:Qh 2:7d 0:9c | 1:2s 2:8d 0:4c"
)
Q1_ALL = [*Q1_TO_CALLS, call(0, False), *Q1_TRICKS]

# F2: dealer 0 (order 1, 2, 0). Seat 1 holds a full house: +6 → 16, +6 → 22.
# At the calls [24, 22, 0]: seat 1 is asked, then seat 0 (seat 2 has 0 and is skipped).
F2 = deal({1: "Kc Kd Kh 3c 3d", 2: "2h 4h 5d 6d 8h", 0: "As Ks Qs Js 9c"})
F2_TO_CALLS = keep(1, 2, 0) * 3
# A: seat 1 calls, leads and is broken by seat 2 at trick 4 → [24, 7, 10].
F2_A = [call(1, True)] + plays("1:Kh 2:2h 0:As | 1:Kd 2:5d 0:Ks | 1:Kc 2:4h 0:9c | 1:3d 2:6d 0:Qs")
# B: seat 1 passes, seat 0 calls, leads and takes all five → 24 + 15 = 39: [39, 22, 0].
F2_B = [call(1, False), call(0, True)] + plays(
    "0:As 1:Kc 2:2h | 0:Ks 1:Kd 2:4h | 0:Qs 1:Kh 2:5d | 0:Js 1:3d 2:6d | 0:9c 1:3c 2:8h"
)
# C: both pass; seat 1 leads; seat 2 takes tricks 4 and 5 (+5), seat 1's full house scores
# the final hand (+6 → 28): [24, 28, 5].
F2_C = [call(1, False), call(0, False)] + plays(
    "1:Kh 2:2h 0:As | 1:Kd 2:5d 0:Ks | 1:Kc 2:4h 0:9c | 1:3d 2:6d 0:Qs | 2:8h 0:Js 1:3c"
)

# E3: dealer 1 (order 2, 0, 1). Seat 1 holds four sevens and wins the last trick with the 2c;
# seat 0 has a pair of fours, seat 2 nothing.
E3 = deal({2: "3h 4d 5s 6c 9h", 0: "4h 4s 5d 6d 3c", 1: "7c 7d 7h 7s 2c"})
E3_TO_CALLS = keep(2, 0, 1) + [quads(1, "points")] + keep(2, 0, 1) + keep(2, 0, 1)
E3_TRICKS = plays(
    "2:3h 0:4h 1:7h | 1:7d 2:4d 0:5d | 1:7s 2:5s 0:4s | 1:7c 2:6c 0:3c | 1:2c 2:9h 0:6d"
)

# D2: dealer 0 (order 1, 2, 0). Seat 0 holds four tens (+8, +8, final +8); seat 1 takes
# every trick and the last one with the 9h (+5). From [24, 10, 0]: [48, 15, 0].
D2 = deal({0: "Tc Td Th Ts 4d", 1: "As Ks Qs Js 9h", 2: "2c 3h 5c 6h 8c"})
D2_ALL = (
    keep(1, 2, 0) + [quads(0, "points")] + keep(1, 2, 0) + keep(1, 2, 0) + [call(0, False)]
    + plays("1:As 2:2c 0:Ts | 1:Ks 2:3h 0:Th | 1:Qs 2:5c 0:Tc | 1:Js 2:6h 0:Td | 1:9h 2:8c 0:4d")
)

# D3: dealer 1 (order 2, 0, 1). Seat 0 (48, unqualified) holds a full house: +6 → 54 at
# stage 1, eliminated; seat 2's pair of nines then scores stage 2 among seats 2 and 1.
D3 = deal({2: "9c 9d Ah Kh 2s", 0: "Qc Qd Qh 5c 5d", 1: "3c 4d 6s 7s 8h"})
D3_TO_CALLS = keep(2, 0, 1) + keep(2, 1) + keep(2, 1)

# W5: dealer 0 (order 1, 2, 0). Seat 0 holds four tens and wins the last trick with the 2h.
W5 = deal({0: "Tc Td Th Ts 2h", 1: "3c 4d 5s 7c 9s", 2: "4c 5d 6d 3s 8s"})
W5_TO_CALLS = keep(1, 2, 0) + [quads(0, "points")] + keep(1, 2, 0) + keep(1, 2, 0)
W5_TRICKS = plays(
    "1:3c 2:4c 0:Tc | 0:Td 1:4d 2:5d | 0:Ts 1:5s 2:3s | 0:Th 1:7c 2:6d | 0:2h 1:9s 2:8s"
)

# Hands with nothing in them, for deals that only need someone else's hand to matter.
NOTHING_A = "2c 4d 6h 8s Th"
NOTHING_B = "3c 5d 7h 9s Qc"


# --- scenarios -------------------------------------------------------------------------

SCENARIOS: list[dict[str, Any]] = []


def scenario(
    name: str,
    title: str,
    rules: list[str],
    deals: list[dict[str, Any]],
    actions: list[Act],
    expect: dict[str, Any],
    seats: int = 3,
    dealer: int = 2,
) -> None:
    SCENARIOS.append(
        {
            "_name": name,
            "format": "chicago-game/1",
            "profile": PROFILE,
            "seats": seats,
            "seed": 7,
            "dealer": dealer,
            "deals": deals,
            "actions": actions,
            "meta": {"title": title, "rules": rules, "expect": expect},
        }
    )


# R5.1 ------------------------------------------------------------------------------------

scenario(
    "r5_1-nobody-eligible-straight-to-tricks",
    "with nobody at 15 after exchange 3, no one is asked and the first seat from the "
    "dealer's left leads",
    ["R5.1", "R6.1"],
    [deal({0: "Kc Kd Kh 3c 3d", 1: "2s 4s 6s 8s Tc", 2: "5s 7s 9s Js 2d"})],
    keep(0, 1, 2) * 3,
    {
        # full house at stages 1 and 2: 6 + 6 = 12 < 15
        "status": "in_progress",
        "scores": [12, 0, 0],
        "qualified": [False, False, False],
        "deal": 1,
        "dealer": 2,
        "to_act": {"seat": 0, "decision": "play"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 6, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 12, "reason": "hand"},
            {"type": "cards_exchanged", "seat": 2, "exchange": 3, "count": 0},
        ],
        "events_exclude": [{"type": "chicago_passed"}, {"type": "chicago_called"}],
    },
)

_nobody = keep(0, 1, 2) * 3
scenario(
    "r5_1-call-refused-when-nobody-eligible",
    "a Chicago call by a player under 15 is refused even when play went straight to tricks",
    ["R5.1"],
    [deal({0: "Kc Kd Kh 3c 3d", 1: "2s 4s 6s 8s Tc", 2: "5s 7s 9s Js 2d"})],
    [*_nobody, call(0, True)],
    {"error": f"action {n(_nobody)}: seat 0 has 12 points and may not call Chicago "
              "(15 needed) — R5.1"},
)

scenario(
    "r5_1-under-15-call-refused",
    "a player under 15 who tries to call Chicago while another is being asked is refused",
    ["R5.1"],
    [Q1],
    [*Q1_TO_CALLS, call(1, True)],
    # Q1: seat 0 has 16 and is asked; seat 1 has 0.
    {"error": f"action {n(Q1_TO_CALLS)}: seat 1 has 0 points and may not call Chicago "
              "(15 needed) — R5.1"},
)

_to_calls_2 = [*Q1_ALL, *F2_TO_CALLS]
scenario(
    "r5_1-asked-clockwise-from-dealers-left",
    "players with 15+ are asked clockwise from the dealer's left (seat 1, then seat 0); "
    "seat 2 with 0 points is skipped",
    ["R5.1"],
    [Q1, F2],
    [*_to_calls_2, call(1, False)],
    {
        "status": "in_progress",
        "scores": [24, 22, 0],
        "deal": 2,
        "dealer": 0,
        "to_act": {"seat": 0, "decision": "chicago"},
        "events_include": [
            {"type": "deal_started", "deal": 2, "dealer": 0, "seats": [1, 2, 0]},
            {"type": "points_awarded", "seat": 1, "points": 6, "score": 22, "reason": "hand"},
            {"type": "cards_exchanged", "seat": 0, "exchange": 3, "count": 0},
            {"type": "chicago_passed", "seat": 1},
        ],
        "events_exclude": [{"type": "chicago_passed", "seat": 2},
                           {"type": "chicago_called"}],
    },
)

scenario(
    "r5_1-answer-out-of-turn",
    "seat 0 may not answer the Chicago question before seat 1, who is asked first",
    ["R5.1"],
    [Q1, F2],
    [*_to_calls_2, call(0, True)],
    {"error": f"action {n(_to_calls_2)}: it is seat 1's turn to answer the Chicago question, "
              "not seat 0's — R5.1"},
)

scenario(
    "r5_1-first-yes-is-the-only-caller",
    "the first yes (seat 1) makes the only caller: seat 0 is not asked and seat 1 leads",
    ["R5.1", "R5.2", "R7.4"],
    [Q1, F2],
    [*_to_calls_2, call(1, True)],
    {
        "status": "in_progress",
        "scores": [24, 22, 0],
        "qualified": [False, True, False],
        "deal": 2,
        "to_act": {"seat": 1, "decision": "play"},
        "events_include": [{"type": "deal_started", "deal": 2}, {"type": "chicago_called",
                                                                 "seat": 1}],
        "events_exclude": [{"type": "chicago_passed", "seat": 1}],
    },
)

_first_yes_then_other = [*_to_calls_2, call(1, True), call(0, True)]
scenario(
    "r5_1-no-one-asked-after-first-yes",
    "after seat 1 calls, seat 0 (also at 15+) is not asked: its answer is refused",
    ["R5.1"],
    [Q1, F2],
    _first_yes_then_other,
    {"error": f"action {n(_first_yes_then_other) - 1}: it is seat 1's turn to play a card, "
              "not seat 0's — R6.1"},
)

# R5.2 ------------------------------------------------------------------------------------

scenario(
    "r5_2-caller-leads",
    "seat 0 calls after seat 1 passes, and leads the first trick although seat 1 sits at "
    "the dealer's left",
    ["R5.2", "R6.1"],
    [Q1, F2],
    [*_to_calls_2, call(1, False), call(0, True), *plays("0:As 1:Kc")],
    {
        "status": "in_progress",
        "qualified": [True, False, False],
        "to_act": {"seat": 2, "decision": "play"},
        "events_include": [
            {"type": "chicago_passed", "seat": 1},
            {"type": "chicago_called", "seat": 0},
            {"type": "card_played", "seat": 0, "card": "As", "trick": 1},
            {"type": "card_played", "seat": 1, "card": "Kc", "trick": 1},
        ],
    },
)

# R6.1 ------------------------------------------------------------------------------------

_q1_lead = [*Q1_TO_CALLS, call(0, False)]
scenario(
    "r6_1-must-follow-suit",
    "seat 1 holds hearts and may not discard the 2s on a heart lead",
    ["R6.1"],
    [Q1],
    [*_q1_lead, *plays("0:9h 1:2s")],
    {"error": f"action {n(_q1_lead) + 1}: seat 1 must follow suit (hearts led) — R6.1"},
)

scenario(
    "r6_1-play-out-of-turn",
    "seat 2 may not play before seat 1 in the first trick",
    ["R6.1"],
    [Q1],
    [*_q1_lead, *plays("0:9h 2:3c")],
    {"error": f"action {n(_q1_lead) + 1}: it is seat 1's turn to play a card, "
              "not seat 2's — R6.1"},
)

scenario(
    "r6_1-card-not-held",
    "seat 0 may not play a card it does not hold",
    ["R6.1"],
    [Q1],
    [*_q1_lead, *plays("0:Ah")],
    {"error": f"action {n(_q1_lead)}: seat 0 does not hold Ah — R6.1"},
)

scenario(
    "r6_1-leader-and-led-suit-wins",
    "without a call seat 1 (dealer's left) leads; a void seat's off-suit ace never wins; "
    "each trick's winner leads the next; seat 2 wins trick 5 with the 8h over the Js",
    ["R6.1", "R6.3"],
    [Q1, F2],
    [*_to_calls_2, *F2_C],
    {
        # [24, 22, 0] → last trick seat 2 +5 → 5; final hand seat 1 full house +6 → 28
        "status": "in_progress",
        "scores": [24, 28, 5],
        "qualified": [False, False, False],
        "deal": 3,
        "dealer": 1,
        "to_act": {"seat": 2, "decision": "exchange"},
        "events_include": [
            {"type": "deal_started", "deal": 2},
            {"type": "card_played", "seat": 1, "card": "Kh", "trick": 1},
            {"type": "card_played", "seat": 0, "card": "As", "trick": 1},
            {"type": "trick_taken", "trick": 1, "seat": 1, "card": "Kh"},
            {"type": "card_played", "seat": 1, "card": "Kd", "trick": 2},
            {"type": "trick_taken", "trick": 2, "seat": 1, "card": "Kd"},
            {"type": "trick_taken", "trick": 3, "seat": 1, "card": "Kc"},
            {"type": "trick_taken", "trick": 4, "seat": 2, "card": "6d"},
            {"type": "card_played", "seat": 2, "card": "8h", "trick": 5},
            {"type": "trick_taken", "trick": 5, "seat": 2, "card": "8h"},
            {"type": "points_awarded", "seat": 2, "points": 5, "score": 5,
             "reason": "last_trick"},
            {"type": "hand_announced", "stage": 3, "seat": 1, "category": "full house"},
            {"type": "points_awarded", "seat": 1, "points": 6, "score": 28, "reason": "hand"},
            {"type": "deal_ended", "deal": 2, "reason": "complete"},
            {"type": "deal_started", "deal": 3, "dealer": 1, "seats": [2, 0, 1]},
        ],
    },
)

_d3_mid = [*Q1_ALL, *D2_ALL, *D3_TO_CALLS, call(1, False),
           *plays("2:Ah 1:8h | 2:Kh 1:3c | 2:9c 1:4d | 2:9d 1:6s | 2:2s 1:7s")]
_d4 = deal({1: NOTHING_A, 2: "3d 5c 7s 9h Jc"})
scenario(
    "r6_1-leader-skips-eliminated-seat",
    "seat 0, at the dealer's left, is eliminated: seat 1 is the first active seat and leads",
    ["R6.1", "R8.3", "R5.1"],
    [Q1, D2, D3, _d4],
    [*_d3_mid, *keep(1, 2) * 3, call(1, False)],
    {
        # after deal 3: [54, 20, 2] (see r8_3-eliminated-at-stage-award-deal-goes-on)
        "status": "in_progress",
        "scores": [54, 20, 2],
        "eliminated": [True, False, False],
        "deal": 4,
        "dealer": 2,
        "to_act": {"seat": 1, "decision": "play"},
        "events_include": [
            {"type": "deal_started", "deal": 4, "dealer": 2, "seats": [1, 2]},
            {"type": "no_hand_scored", "stage": 1},
            {"type": "no_hand_scored", "stage": 2},
            {"type": "chicago_passed", "seat": 1},
        ],
    },
)

# R6.2 ------------------------------------------------------------------------------------

scenario(
    "r6_2-tricks-1-to-4-award-nothing",
    "four tricks are played and nobody scores for them",
    ["R6.2"],
    [Q1],
    [*_q1_lead, *Q1_TRICKS[:12]],
    {
        # scores after stage 2 stay as they were: [16, 0, 0]
        "status": "in_progress",
        "scores": [16, 0, 0],
        "deal": 1,
        "to_act": {"seat": 1, "decision": "play"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 16, "reason": "quads"},
            {"type": "trick_taken", "trick": 1, "seat": 1, "card": "Jh"},
            {"type": "trick_taken", "trick": 2, "seat": 1, "card": "Ah"},
            {"type": "trick_taken", "trick": 3, "seat": 1, "card": "Kh"},
            {"type": "trick_taken", "trick": 4, "seat": 1, "card": "Qh"},
        ],
        "events_exclude": [
            {"type": "points_awarded", "reason": "last_trick"},
            {"type": "points_awarded", "reason": "last_trick_two"},
            {"type": "points_awarded", "score": 24},
            {"type": "hand_announced", "stage": 3},
        ],
    },
)

# R6.3 / R8.6 ------------------------------------------------------------------------------

scenario(
    "r6_3-last-trick-two-then-final-hand",
    "the last trick won with the 2s gives 10, then the final hand (locked quads) scores 8",
    ["R6.3", "R4.3", "R8.6"],
    [Q1],
    Q1_ALL,
    {
        "status": "in_progress",
        "scores": [24, 10, 0],
        "deal": 2,
        "dealer": 0,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "chicago_passed", "seat": 0},
            {"type": "trick_taken", "trick": 5, "seat": 1, "card": "2s"},
            {"type": "points_awarded", "seat": 1, "points": 10, "score": 10,
             "reason": "last_trick_two"},
            {"type": "hand_announced", "stage": 3, "seat": 0, "category": "four of a kind"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 24, "reason": "quads"},
            {"type": "deal_ended", "deal": 1, "reason": "complete"},
            {"type": "deal_started", "deal": 2, "dealer": 0, "seats": [1, 2, 0]},
        ],
        "events_exclude": [{"type": "quads_chosen", "seat": 0, "choice": "reset"},
                           {"type": "points_awarded", "reason": "last_trick"}],
    },
)

_win_on_last = deal({2: "3h 5s 6s 8c 9d", 0: "Jc Jd Jh 4c 4d", 1: "2s 3c 7h Ts Qh"})
_b_line = [*Q1_ALL, *F2_TO_CALLS, *F2_B]  # [39, 22, 0], seat 0 qualified
scenario(
    "r6_3-qualified-wins-on-last-trick-before-final-hand",
    "seat 0 (qualified, 51) reaches 56 with the last trick and wins at once: its full house "
    "is never scored as the final hand",
    ["R6.3", "R8.1", "R8.6", "R7.4"],
    [Q1, F2, _win_on_last],
    [*_b_line, *keep(2, 0, 1) * 3, call(0, False), call(1, False),
     *plays("2:3h 0:Jh 1:7h | 0:Jc 1:3c 2:8c | 0:Jd 1:Ts 2:9d | 0:4c 1:Qh 2:5s | "
            "0:4d 1:2s 2:6s")],
    {
        # 39 → stage 1 45 → stage 2 51 → last trick +5 → 56 ≥ 52, qualified: wins
        "status": "finished",
        "winner": 0,
        "scores": [56, 22, 0],
        "qualified": [True, False, False],
        "eliminated": [False, False, False],
        "deal": 3,
        "dealer": 1,
        "to_act": None,
        "events_include": [
            {"type": "deal_started", "deal": 3, "dealer": 1, "seats": [2, 0, 1]},
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 45, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 51, "reason": "hand"},
            {"type": "chicago_passed", "seat": 0},
            {"type": "chicago_passed", "seat": 1},
            {"type": "trick_taken", "trick": 5, "seat": 0, "card": "4d"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 56,
             "reason": "last_trick"},
            {"type": "game_won", "seat": 0, "reason": "target"},
        ],
        "events_exclude": [
            {"type": "hand_announced", "stage": 3, "category": "full house"},
            {"type": "points_awarded", "seat": 0, "score": 62},
            {"type": "deal_started", "deal": 4},
        ],
    },
)

# R6.4 ------------------------------------------------------------------------------------

_late_quads = deal(
    {0: "8c 8d 8h 3s 4s", 1: "Ac Kd Qh Js 9c", 2: "2c 3d 5h 6d 7c"}, stock="8s Kc"
)
_late_quads_play = (
    keep(0, 1, 2) + keep(0, 1, 2) + [exchange(0, "3s"), offer(0, True)] + keep(1, 2)
    + plays("0:8c 1:9c 2:2c | 1:Ac 2:7c 0:4s | 1:Kd 2:3d 0:8d | 1:Qh 2:5h 0:8h | "
            "1:Js 2:6d 0:8s")
)
_late_quads_events = [
    {"type": "hand_announced", "stage": 1, "seat": 0, "category": "three of a kind"},
    {"type": "points_awarded", "seat": 0, "points": 3, "score": 3, "reason": "hand"},
    {"type": "points_awarded", "seat": 0, "points": 3, "score": 6, "reason": "hand"},
    {"type": "offer_shown", "seat": 0, "card": "8s"},
    {"type": "offer_kept", "seat": 0, "card": "8s"},
    {"type": "trick_taken", "trick": 5, "seat": 1, "card": "Js"},
    {"type": "points_awarded", "seat": 1, "points": 5, "score": 5, "reason": "last_trick"},
    {"type": "hand_announced", "stage": 3, "seat": 0, "category": "four of a kind"},
]
scenario(
    "r6_4-final-quads-choice-after-last-trick",
    "quads first made in exchange 3 give their choice after the last-trick award",
    ["R6.4", "R4.3", "R6.3"],
    [_late_quads],
    _late_quads_play,
    {
        "status": "in_progress",
        "scores": [6, 5, 0],
        "deal": 1,
        "to_act": {"seat": 0, "decision": "quads"},
        "events_include": _late_quads_events,
        "events_exclude": [{"type": "chicago_passed"}, {"type": "quads_chosen"}],
    },
)

scenario(
    "r6_4-final-quads-reset-wipes-last-trick",
    "the final-stage quads reset comes after the last-trick award, so it wipes those 5 "
    "points, and ends the deal",
    ["R6.4", "R4.3", "R8.6"],
    [_late_quads],
    [*_late_quads_play, quads(0, "reset")],
    {
        "status": "in_progress",
        "scores": [6, 0, 0],
        "deal": 2,
        "dealer": 0,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            *_late_quads_events,
            {"type": "quads_chosen", "seat": 0, "choice": "reset"},
            {"type": "score_reset", "seat": 1, "previous": 5, "reason": "quads"},
            {"type": "deal_ended", "deal": 1, "reason": "quads_reset"},
            {"type": "deal_started", "deal": 2, "dealer": 0},
        ],
        "events_exclude": [{"type": "score_reset", "seat": 0},
                           {"type": "points_awarded", "reason": "quads"}],
    },
)

scenario(
    "r6_4-final-quads-points",
    "choosing points for final-stage quads gives 8 after the last-trick award",
    ["R6.4", "R4.3"],
    [_late_quads],
    [*_late_quads_play, quads(0, "points")],
    {
        "status": "in_progress",
        "scores": [14, 5, 0],
        "deal": 2,
        "dealer": 0,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            *_late_quads_events,
            {"type": "quads_chosen", "seat": 0, "choice": "points"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 14, "reason": "quads"},
            {"type": "deal_ended", "deal": 1, "reason": "complete"},
        ],
        "events_exclude": [{"type": "score_reset"}],
    },
)

# R7.1 ------------------------------------------------------------------------------------

scenario(
    "r7_1-chicago-success",
    "seat 0 calls and takes all five tricks: +15, and no last-trick or final-hand award",
    ["R7.1", "R5.2", "R7.4"],
    [Q1, F2],
    _b_line,
    {
        "status": "in_progress",
        "scores": [39, 22, 0],
        "qualified": [True, False, False],
        "deal": 3,
        "dealer": 1,
        "to_act": {"seat": 2, "decision": "exchange"},
        "events_include": [
            {"type": "chicago_passed", "seat": 1},
            {"type": "chicago_called", "seat": 0},
            {"type": "trick_taken", "trick": 1, "seat": 0, "card": "As"},
            {"type": "trick_taken", "trick": 5, "seat": 0, "card": "9c"},
            {"type": "chicago_won", "seat": 0},
            {"type": "points_awarded", "seat": 0, "points": 15, "score": 39,
             "reason": "chicago"},
            {"type": "deal_ended", "deal": 2, "reason": "chicago_won"},
            {"type": "deal_started", "deal": 3, "dealer": 1, "seats": [2, 0, 1]},
        ],
        "events_exclude": [
            {"type": "points_awarded", "reason": "last_trick"},
            {"type": "hand_announced", "stage": 3, "seat": 1},
            {"type": "points_awarded", "seat": 1, "score": 28},
        ],
    },
)

scenario(
    "r7_1-chicago-success-wins-game",
    "seat 0 (51) calls and takes all five tricks: 66 wins at once; its full house, best "
    "final hand, is never scored",
    ["R7.1", "R7.4", "R8.1", "R4.5"],
    [Q1, F2, _win_on_last],
    [*_b_line, *keep(2, 0, 1) * 3, call(0, True),
     *plays("0:Jc 1:3c 2:8c | 0:Jd 1:Qh 2:9d | 0:4c 1:Ts 2:3h | 0:4d 1:2s 2:5s | "
            "0:Jh 1:7h 2:6s")],
    {
        # [39, 22, 0] → full house 45, 51; seat 2 (0) is not asked, seat 0 calls (so seat 1
        # is not asked); five tricks: 51 + 15 = 66, qualified: wins
        "status": "finished",
        "winner": 0,
        "scores": [66, 22, 0],
        "qualified": [True, False, False],
        "deal": 3,
        "to_act": None,
        "events_include": [
            {"type": "deal_started", "deal": 3, "dealer": 1},
            {"type": "chicago_called", "seat": 0},
            {"type": "trick_taken", "trick": 5, "seat": 0, "card": "Jh"},
            {"type": "chicago_won", "seat": 0},
            {"type": "points_awarded", "seat": 0, "points": 15, "score": 66,
             "reason": "chicago"},
            {"type": "game_won", "seat": 0, "reason": "target"},
        ],
        "events_exclude": [
            {"type": "hand_announced", "stage": 3, "category": "full house"},
            {"type": "points_awarded", "seat": 0, "reason": "last_trick"},
        ],
    },
)

# R7.2 ------------------------------------------------------------------------------------

scenario(
    "r7_2-chicago-broken",
    "seat 1's Chicago is broken by seat 2 at trick 4: caller −15, breaker +10, deal over",
    ["R7.2", "R6.2", "R7.3", "R7.4"],
    [Q1, F2],
    [*_to_calls_2, *F2_A],
    {
        # [24, 22, 0] → seat 1 22 − 15 = 7, seat 2 0 + 10 = 10
        "status": "in_progress",
        "scores": [24, 7, 10],
        "qualified": [False, True, False],
        "deal": 3,
        "dealer": 1,
        "to_act": {"seat": 2, "decision": "exchange"},
        "events_include": [
            {"type": "chicago_called", "seat": 1},
            {"type": "trick_taken", "trick": 3, "seat": 1, "card": "Kc"},
            {"type": "trick_taken", "trick": 4, "seat": 2, "card": "6d"},
            {"type": "chicago_broken", "caller": 1, "breaker": 2},
            {"type": "points_awarded", "seat": 1, "points": -15, "score": 7,
             "reason": "chicago_broken"},
            {"type": "points_awarded", "seat": 2, "points": 10, "score": 10,
             "reason": "chicago_breaker"},
            {"type": "deal_ended", "deal": 2, "reason": "chicago_broken"},
            {"type": "deal_started", "deal": 3, "dealer": 1, "seats": [2, 0, 1]},
        ],
        "events_exclude": [
            {"type": "card_played", "card": "8h"},
            {"type": "hand_announced", "stage": 3, "seat": 1},
            {"type": "points_awarded", "reason": "last_trick"},
        ],
    },
)

scenario(
    "r7_2-broken-at-trick-2",
    "seat 0 calls after seat 1 passes, takes trick 1 and is broken at trick 2: the deal ends "
    "at once",
    ["R7.2", "R5.2"],
    [Q1, F2],
    [*_to_calls_2, call(1, False), call(0, True), *plays("0:As 1:Kd 2:2h | 0:9c 1:Kc 2:4h")],
    {
        # [24, 22, 0] → seat 0 24 − 15 = 9, seat 1 22 + 10 = 32
        "status": "in_progress",
        "scores": [9, 32, 0],
        "qualified": [True, False, False],
        "deal": 3,
        "dealer": 1,
        "to_act": {"seat": 2, "decision": "exchange"},
        "events_include": [
            {"type": "trick_taken", "trick": 1, "seat": 0, "card": "As"},
            {"type": "trick_taken", "trick": 2, "seat": 1, "card": "Kc"},
            {"type": "chicago_broken", "caller": 0, "breaker": 1},
            {"type": "points_awarded", "seat": 0, "points": -15, "score": 9,
             "reason": "chicago_broken"},
            {"type": "points_awarded", "seat": 1, "points": 10, "score": 32,
             "reason": "chicago_breaker"},
            {"type": "deal_ended", "deal": 2, "reason": "chicago_broken"},
        ],
    },
)

scenario(
    "r7_2-caller-at-15-broken-to-0",
    "seat 1 at exactly 15 is asked, calls, and is broken at the first trick: 15 − 15 = 0",
    ["R7.2", "R5.1", "R8.5", "R8.3"],
    [Q1, D2, D3],
    [*Q1_ALL, *D2_ALL, *D3_TO_CALLS, call(1, True), *plays("1:8h 2:Ah")],
    {
        # [48, 15, 0] → seat 0 eliminated at 54 (stage 1), seat 2 pair +1 (stage 2);
        # the call: seat 1 15 − 15 = 0, seat 2 1 + 10 = 11
        "status": "in_progress",
        "scores": [54, 0, 11],
        "qualified": [False, True, False],
        "eliminated": [True, False, False],
        "deal": 4,
        "dealer": 2,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "chicago_called", "seat": 1},
            {"type": "card_played", "seat": 1, "card": "8h", "trick": 1},
            {"type": "card_played", "seat": 2, "card": "Ah", "trick": 1},
            {"type": "trick_taken", "trick": 1, "seat": 2, "card": "Ah"},
            {"type": "chicago_broken", "caller": 1, "breaker": 2},
            {"type": "points_awarded", "seat": 1, "points": -15, "score": 0,
             "reason": "chicago_broken"},
            {"type": "points_awarded", "seat": 2, "points": 10, "score": 11,
             "reason": "chicago_breaker"},
            {"type": "deal_started", "deal": 4, "dealer": 2, "seats": [1, 2]},
        ],
    },
)

# R7.3 / R7.4 / R8.1 -----------------------------------------------------------------------

_g4 = deal({0: NOTHING_A, 1: "Qc Qd Qh Qs 3d", 2: "3c 5d 7h 9s Jc"})
scenario(
    "r7_3-broken-call-still-qualifies-and-wins",
    "seat 1's broken Chicago still qualifies it: two deals later it reaches 57 and wins",
    ["R7.3", "R7.4", "R8.1"],
    [Q1, F2, E3, _g4],
    [*_to_calls_2, *F2_A,
     *E3_TO_CALLS, call(0, False), call(1, False), *E3_TRICKS,
     *keep(0, 1, 2), quads(1, "points"), *keep(0, 1, 2)],
    {
        # [24, 7, 10] → deal 3: seat 1 quads 15, 23; both 0 and 1 pass; last trick 2c +10 → 33;
        # final hand locked quads +8 → 41 → deal 4: quads 49, 57 → wins
        "status": "finished",
        "winner": 1,
        "scores": [24, 57, 10],
        "qualified": [False, True, False],
        "eliminated": [False, False, False],
        "deal": 4,
        "dealer": 2,
        "to_act": None,
        "events_include": [
            {"type": "chicago_broken", "caller": 1, "breaker": 2},
            {"type": "points_awarded", "seat": 1, "points": 10, "score": 33,
             "reason": "last_trick_two"},
            {"type": "points_awarded", "seat": 1, "points": 8, "score": 41, "reason": "quads"},
            {"type": "deal_started", "deal": 4, "dealer": 2, "seats": [0, 1, 2]},
            {"type": "points_awarded", "seat": 1, "points": 8, "score": 49, "reason": "quads"},
            {"type": "points_awarded", "seat": 1, "points": 8, "score": 57, "reason": "quads"},
            {"type": "game_won", "seat": 1, "reason": "target"},
        ],
        "events_exclude": [{"type": "player_eliminated"}],
    },
)

_reset_deal = deal({2: "5c 5d 5h 5s Kd", 0: NOTHING_A, 1: "3c 4h 7d 9s Jc"})
scenario(
    "r7_4-qualified-through-quads-reset-then-wins",
    "seat 0 qualifies with a Chicago, is reset to 0 by seat 2's quads, and two deals later "
    "wins at 58 on the final-hand award",
    ["R7.4", "R8.1", "R4.3", "R6.3"],
    [Q1, F2, _reset_deal, Q1, W5],
    [*_b_line, *keep(2, 0, 1), quads(2, "reset"),
     *Q1_ALL,
     *W5_TO_CALLS, call(0, False), *W5_TRICKS],
    {
        # [39, 22, 0] → reset [0, 0, 0] (q0 kept) → deal 4 (as Q1): [24, 10, 0] →
        # deal 5: quads 32, 40; pass; last trick 2h +10 → 50; final locked quads +8 → 58
        "status": "finished",
        "winner": 0,
        "scores": [58, 10, 0],
        "qualified": [True, False, False],
        "deal": 5,
        "dealer": 0,
        "to_act": None,
        "events_include": [
            {"type": "chicago_won", "seat": 0},
            {"type": "quads_chosen", "seat": 2, "choice": "reset"},
            {"type": "score_reset", "seat": 0, "previous": 39, "reason": "quads"},
            {"type": "score_reset", "seat": 1, "previous": 22, "reason": "quads"},
            {"type": "deal_ended", "deal": 3, "reason": "quads_reset"},
            {"type": "deal_started", "deal": 4, "dealer": 2},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 24, "reason": "quads"},
            {"type": "deal_started", "deal": 5, "dealer": 0, "seats": [1, 2, 0]},
            {"type": "points_awarded", "seat": 0, "points": 10, "score": 50,
             "reason": "last_trick_two"},
            {"type": "hand_announced", "stage": 3, "seat": 0, "category": "four of a kind"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 58, "reason": "quads"},
            {"type": "game_won", "seat": 0, "reason": "target"},
        ],
        "events_exclude": [{"type": "player_eliminated"}],
    },
)

_hs_deal = deal({2: NOTHING_A, 0: "Jc Jd Jh 4c 4h", 1: "3c 5d 7h 9s Qc"}, stock="Kd Ks")
scenario(
    "r7_4-qualified-through-high-score-reset",
    "seat 0 (qualified) reaches 45 and confirms a reset by exchanging: still qualified",
    ["R7.4", "R2.4"],
    [Q1, F2, _hs_deal],
    [*_b_line, *keep(2, 0, 1), *keep(2), exchange(0, "4h", True), offer(0, True)],
    {
        # 39 + 6 = 45 at stage 1; exchange 2: discarding at 45 resets to 0
        "status": "in_progress",
        "scores": [0, 22, 0],
        "qualified": [True, False, False],
        "deal": 3,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 45, "reason": "hand"},
            {"type": "score_reset", "seat": 0, "previous": 45, "reason": "high_score"},
            {"type": "offer_shown", "seat": 0, "card": "Kd"},
            {"type": "offer_kept", "seat": 0, "card": "Kd"},
            {"type": "cards_exchanged", "seat": 0, "exchange": 2, "count": 1},
        ],
    },
)

# R8.1 ------------------------------------------------------------------------------------

_win_quads = deal({2: NOTHING_A, 0: "Jc Jd Jh Js Ac", 1: NOTHING_B})
_win_at_stage = [*_b_line, *keep(2, 0, 1), quads(0, "points"), *keep(2, 0, 1)]
scenario(
    "r8_1-qualified-reaches-52-at-stage-award",
    "seat 0 (qualified, 39) takes quads points 47, then 55 at stage 2 and wins at once",
    ["R8.1", "R8.6", "R4.3"],
    [Q1, F2, _win_quads],
    _win_at_stage,
    {
        "status": "finished",
        "winner": 0,
        "scores": [55, 22, 0],
        "qualified": [True, False, False],
        "eliminated": [False, False, False],
        "deal": 3,
        "dealer": 1,
        "to_act": None,
        "events_include": [
            {"type": "quads_chosen", "seat": 0, "choice": "points"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 47, "reason": "quads"},
            {"type": "hand_announced", "stage": 2, "seat": 0, "category": "four of a kind"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 55, "reason": "quads"},
            {"type": "game_won", "seat": 0, "reason": "target"},
        ],
        "events_exclude": [{"type": "deal_ended", "deal": 3}],
    },
)

scenario(
    "r8_1-action-after-game-over",
    "an action after the game was won is refused",
    ["R8.1"],
    [Q1, F2, _win_quads],
    [*_win_at_stage, *keep(2)],
    {"error": f"action {n(_win_at_stage)}: the game is over (seat 0 won) — R8"},
)

# R8.3 ------------------------------------------------------------------------------------

_c_line = [*_to_calls_2, *F2_C]  # [24, 28, 5]
_e3_line = [*_c_line, *E3_TO_CALLS, call(0, False), call(1, False), *E3_TRICKS]
_e3_events = [
    {"type": "deal_started", "deal": 3, "dealer": 1, "seats": [2, 0, 1]},
    {"type": "points_awarded", "seat": 1, "points": 8, "score": 36, "reason": "quads"},
    {"type": "points_awarded", "seat": 1, "points": 8, "score": 44, "reason": "quads"},
    {"type": "chicago_passed", "seat": 0},
    {"type": "chicago_passed", "seat": 1},
    {"type": "trick_taken", "trick": 5, "seat": 1, "card": "2c"},
    {"type": "points_awarded", "seat": 1, "points": 10, "score": 54,
     "reason": "last_trick_two"},
    {"type": "player_eliminated", "seat": 1, "score": 54},
    {"type": "hand_announced", "stage": 3, "seat": 0, "category": "one pair"},
    {"type": "points_awarded", "seat": 0, "points": 1, "score": 25, "reason": "hand"},
    {"type": "deal_ended", "deal": 3, "reason": "complete"},
    {"type": "deal_started", "deal": 4, "dealer": 2, "seats": [0, 2]},
]
scenario(
    "r8_3-eliminated-on-last-trick",
    "unqualified seat 1 reaches 54 with the last trick: eliminated at once, keeps 54; the "
    "final hand is scored among the others and seat 1 is not dealt in again",
    ["R8.3", "R8.6", "R6.3"],
    [Q1, F2, E3],
    _e3_line,
    {
        # [24, 28, 5] → seat 1 quads 36, 44; last trick 2c +10 → 54 eliminated; final hand
        # among seats 0 and 2: seat 0's pair +1 → 25
        "status": "in_progress",
        "winner": None,
        "scores": [25, 54, 5],
        "qualified": [False, False, False],
        "eliminated": [False, True, False],
        "deal": 4,
        "dealer": 2,
        "to_act": {"seat": 0, "decision": "exchange"},
        "events_include": _e3_events,
        "events_exclude": [{"type": "hand_announced", "stage": 3, "seat": 1,
                            "category": "four of a kind"},
                           {"type": "points_awarded", "seat": 1, "score": 62}],
    },
)

_h4 = deal({0: "5c 5d 5h 5s Kd", 2: NOTHING_A})
scenario(
    "r8_3-resets-skip-eliminated",
    "seat 0's quads reset sets seat 2 to 0 but leaves eliminated seat 1 at 54",
    ["R8.3", "R4.3", "R1.2"],
    [Q1, F2, E3, _h4],
    [*_e3_line, *keep(0, 2), quads(0, "reset")],
    {
        "status": "in_progress",
        "scores": [25, 54, 0],
        "eliminated": [False, True, False],
        "deal": 5,
        "dealer": 0,
        "to_act": {"seat": 2, "decision": "exchange"},
        "events_include": [
            {"type": "deal_started", "deal": 4, "dealer": 2, "seats": [0, 2]},
            {"type": "quads_chosen", "seat": 0, "choice": "reset"},
            {"type": "score_reset", "seat": 2, "previous": 5, "reason": "quads"},
            {"type": "deal_ended", "deal": 4, "reason": "quads_reset"},
            {"type": "deal_started", "deal": 5, "dealer": 0, "seats": [2, 0]},
        ],
        "events_exclude": [{"type": "score_reset", "seat": 1}],
    },
)

scenario(
    "r8_3-eliminated-seat-may-not-act",
    "eliminated seat 1 may not exchange in the next deal",
    ["R8.3"],
    [Q1, F2, E3],
    [*_e3_line, *keep(1)],
    {"error": f"action {n(_e3_line)}: seat 1 is eliminated and takes no further part — R8.3"},
)

scenario(
    "r8_3-stacked-deal-for-eliminated-seat",
    "a stacked fourth deal that gives eliminated seat 1 a hand is refused when it is dealt",
    ["R8.3"],
    [Q1, F2, E3, deal({0: "Kc Kd Kh Ks Ad", 1: NOTHING_B, 2: NOTHING_A})],
    _e3_line,
    {"error": f"action {n(_e3_line) - 1}: deals[3] must give hands to exactly the active "
              "seats [0, 2], not [0, 1, 2]"},
)

scenario(
    "r8_3-eliminated-at-stage-award-deal-goes-on",
    "unqualified seat 0 reaches 54 at stage 1 and is eliminated; the deal goes on with "
    "seats 2 and 1 (exchanges, a 2-player trick round, the final hand)",
    ["R8.3", "R8.6", "R6.1", "R5.1"],
    [Q1, D2, D3],
    _d3_mid,
    {
        # [24, 10, 0] → deal 2: seat 0 32, 40, last trick seat 1 +5 → 15, final +8 → 48.
        # deal 3: seat 0 48 + 6 = 54, eliminated; stage 2 seat 2 pair +1 → 1; seat 1 (15)
        # passes; seat 1 wins trick 5 with the 7s over the led 2s: +5 → 20; final hand
        # among seats 2 and 1: seat 2's pair +1 → 2.
        "status": "in_progress",
        "scores": [54, 20, 2],
        "qualified": [False, False, False],
        "eliminated": [True, False, False],
        "deal": 4,
        "dealer": 2,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 48, "reason": "quads"},
            {"type": "deal_started", "deal": 3, "dealer": 1, "seats": [2, 0, 1]},
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "full house"},
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 54, "reason": "hand"},
            {"type": "player_eliminated", "seat": 0, "score": 54},
            {"type": "exchange_started", "exchange": 2},
            {"type": "cards_exchanged", "seat": 2, "exchange": 2},
            {"type": "cards_exchanged", "seat": 1, "exchange": 2},
            {"type": "hand_announced", "stage": 2, "seat": 2, "category": "one pair"},
            {"type": "points_awarded", "seat": 2, "points": 1, "score": 1, "reason": "hand"},
            {"type": "chicago_passed", "seat": 1},
            {"type": "trick_taken", "trick": 1, "seat": 2, "card": "Ah"},
            {"type": "trick_taken", "trick": 5, "seat": 1, "card": "7s"},
            {"type": "points_awarded", "seat": 1, "points": 5, "score": 20,
             "reason": "last_trick"},
            {"type": "hand_announced", "stage": 3, "seat": 2, "category": "one pair"},
            {"type": "points_awarded", "seat": 2, "points": 1, "score": 2, "reason": "hand"},
            {"type": "deal_started", "deal": 4, "dealer": 2, "seats": [1, 2]},
        ],
        "events_exclude": [{"type": "hand_announced", "stage": 2, "seat": 0,
                            "category": "full house"},
                           {"type": "game_won"}],
    },
)

# R8.4 ------------------------------------------------------------------------------------

_two1 = deal({0: "8c 8d 8h 8s 2h", 1: "3c 4d 5s 9s 7h"})
_two2 = deal({1: "5c 5d 6h 8s 9c", 0: "Jc Jd Jh Js 3s"})
scenario(
    "r8_4-last-player-standing",
    "2 seats: unqualified seat 0 reaches 55 on the last trick and is eliminated; seat 1 "
    "(0 points) is the last player standing and wins at once, before any final-hand award",
    ["R8.4", "R8.3", "R8.6"],
    [_two1, _two2],
    [*keep(0, 1), quads(0, "points"), *keep(0, 1), *keep(0, 1), call(0, False),
     *plays("0:8c 1:3c | 0:8d 1:4d | 0:8s 1:5s | 0:8h 1:7h | 0:2h 1:9s"),
     *keep(1, 0), quads(0, "points"), *keep(1, 0), *keep(1, 0), call(0, False),
     *plays("1:5c 0:Jc | 0:Jd 1:5d | 0:Jh 1:6h | 0:Js 1:8s | 0:3s 1:9c")],
    {
        # deal 1: 8, 16, last trick 2h +10 → 26, final +8 → 34; deal 2: 42, 50, +5 → 55
        "status": "finished",
        "winner": 1,
        "scores": [55, 0],
        "qualified": [False, False],
        "eliminated": [True, False],
        "deal": 2,
        "dealer": 0,
        "to_act": None,
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 10, "score": 26,
             "reason": "last_trick_two"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 34, "reason": "quads"},
            {"type": "deal_started", "deal": 2, "dealer": 0, "seats": [1, 0]},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 50, "reason": "quads"},
            {"type": "trick_taken", "trick": 5, "seat": 0, "card": "3s"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 55,
             "reason": "last_trick"},
            {"type": "player_eliminated", "seat": 0, "score": 55},
            {"type": "game_won", "seat": 1, "reason": "last_standing"},
        ],
        "events_exclude": [{"type": "hand_announced", "seat": 1},
                           {"type": "points_awarded", "seat": 1},
                           {"type": "deal_started", "deal": 3}],
    },
    seats=2,
    dealer=1,
)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for sc in SCENARIOS:
        name = sc.pop("_name")
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(sc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(path.relative_to(OUT.parent.parent))


if __name__ == "__main__":
    main()
