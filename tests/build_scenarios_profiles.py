"""Writes the stacked-deck scenarios for the other profiles (docs/rules.md §X) into
tests/scenarios/.

Run: `.venv/bin/python tests/build_scenarios_profiles.py`. One or more files per knob value
of `chicago.core.rules.CHOICES` that changes behaviour, named `x-<knob>-<value>-<slug>.json`,
under the presets `classic`, `basic` and `common` and custom profiles (a preset with knobs
changed). A custom profile is written whole, as `profile_to_json(customize(base, ...))`
gives it (docs/game-file.md); only the profile object comes from the library. Every
expected value below was worked out by hand from docs/rules.md §X and R1–R9 (comments show the
arithmetic), never copied from the engine's output.

Tables: 3 seats with the first dealer 2, so deal 1 is exchanged, asked and led from seat 0
(order 0, 1, 2), deal 2 from seat 1 (dealer 0, order 1, 2, 0), deal 3 from seat 2 (dealer 1,
order 2, 0, 1) and deal 4 from seat 0 again (dealer 2).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chicago.core.rules import customize, profile_to_json
from scenario_actions import Act, call, deal, exchange, keep, n, offer, plays, quads

OUT = Path(__file__).parent / "scenarios"


def custom(base: str, **changes: object) -> Any:
    """A custom profile as a game file stores it (docs/game-file.md)."""
    return profile_to_json(customize(base, **changes))


# --- hands -----------------------------------------------------------------------------
# Junk: no pair, straight or flush, no hearts. J1/J2 share no card with the others below.
J1 = "2c 5d 7s 9c Jd"
J2 = "3c 6d 8s Tc Qd"
J3 = "4c 7d 9s Jc Kd"
SF_H = "9h Th Jh Qh Kh"  # a straight flush (not royal)
SF_S = "9s Ts Js Qs Ks"
# Seat 0 leads its hearts; seats 1 and 2 (J1, J2: no hearts) can never win a trick.
SWEEP_H = "0:Kh 1:2c 2:3c | 0:Qh 1:5d 2:6d | 0:Jh 1:7s 2:8s | 0:Th 1:9c 2:Tc | 0:9h 1:Jd 2:Qd"
# Seat 0 leads its spades against J1, J2 (they follow with the 7s and the 8s).
SWEEP_S = "0:Ks 1:7s 2:8s | 0:Qs 1:2c 2:3c | 0:Js 1:5d 2:6d | 0:Ts 1:9c 2:Tc | 0:9s 1:Jd 2:Qd"

# Deal 1 of several scenarios: seat 0's straight flush scores at stages 1 and 2, seat 0
# calls Chicago and takes all five tricks (classic values: 8 + 8 + 15 = 31).
D1_SF_CALL = deal({0: SF_H, 1: J1, 2: J2})
D1_SF_CALL_ACTS = [*keep(0, 1, 2) * 3, call(0, True), *plays(SWEEP_H)]
# Deal 1 without the call: 8 + 8, the last trick (9h) 5, the final hand 8 = 29 (classic).
D1_SF_ACTS = [*keep(0, 1, 2) * 3, call(0, False), *plays(SWEEP_H)]
# Deal 2 (order 1, 2, 0): seat 0's spade straight flush; seats 1 and 2 have no spades but
# seat 1's 2s, which it leads, so seat 0 takes every trick without a call.
D2_SF_S = deal({1: "2s 5d 7c 9c Jd", 2: "3c 6d 8d Tc Qd", 0: SF_S})
D2_SF_S_TRICKS = (
    "1:2s 2:3c 0:Ks | 0:Qs 1:5d 2:6d | 0:Js 1:7c 2:8d | 0:Ts 1:9c 2:Tc | 0:9s 1:Jd 2:Qd"
)
# Deal 2 (order 1, 2, 0), seat 0 calls with its spades: J1 and J2 follow spades once.
D2_SF_S_CALL = deal({1: J1, 2: J2, 0: SF_S})

# House deal 1: seat 0's four aces, locked to points (8 + 8), a call and five tricks
# (+15 = 31).
D1_ACES = deal({0: "Ac Ad Ah As Kc", 1: J1, 2: J2})
D1_ACES_CALL_ACTS = [
    *keep(0, 1, 2), quads(0, "points"), *keep(0, 1, 2), *keep(0, 1, 2), call(0, True),
    *plays("0:As 1:7s 2:8s | 0:Ah 1:2c 2:3c | 0:Ad 1:5d 2:6d | 0:Ac 1:9c 2:Tc | 0:Kc 1:Jd 2:Qd"),
]

# Stage 1 goes to seat 1's full house (6); seat 0 draws the 9s in exchange 2 to four nines.
NINES_LATE = deal({0: "9c 9d 9h 4c 6d", 1: "Kc Kd Kh 3s 3d", 2: "2c 5s 7s Tc Jd"}, "9s")
# Stage 1 goes to seat 1's full house (6); seat 0 draws the Ah in exchange 2 to a royal flush.
ROYAL_LATE = deal({0: "Th Jh Qh Kh 2c", 1: "Kc Kd Ks 3s 3d", 2: "4c 5s 7s 9c Jd"}, "Ah")

# Four nines held all deal; seat 2 takes tricks 4 and 5 (the last with the Kd).
NINES = deal({0: "9c 9d 9h 9s 4c", 1: "2c 5d 7s Tc Jd", 2: "3c 6d 8s Qc Kd"})
NINES_TRICKS = "0:9h 1:2c 2:3c | 0:9s 1:7s 2:8s | 0:9d 1:5d 2:6d | 0:9c 1:Tc 2:Qc | 2:Kd 0:4c 1:Jd"


# --- scenarios -------------------------------------------------------------------------

SCENARIOS: list[dict[str, Any]] = []


def scenario(
    name: str,
    title: str,
    profile: Any,
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
            "profile": profile,
            "seats": seats,
            "seed": 7,
            "dealer": dealer,
            "deals": deals,
            "actions": actions,
            "meta": {"title": title, "rules": ["§X", *rules], "expect": expect},
        }
    )


# target --------------------------------------------------------------------------------------

scenario(
    "x-target-51-classic-first-to-51-wins",
    "classic with target 51: a score of exactly 51 wins at once (52 would not yet)",
    custom("classic", target=51),
    ["R8.1", "R6.3"],
    [D1_SF_CALL, deal({1: "3h 5d 7s 9c Jd", 2: J2, 0: "2h 6h 8h Jh Ah"})],
    [*D1_SF_CALL_ACTS, *keep(1, 2, 0) * 3, call(0, False),
     *plays("1:3h 2:3c 0:Ah | 0:2h 1:5d 2:6d | 0:6h 1:7s 2:8s | 0:8h 1:9c 2:Tc | 0:Jh 1:Jd 2:Qd")],
    {
        # deal 1: 8, 16, Chicago +15 → 31; deal 2: flush 5 → 36, 41, last trick (Jh) 46,
        # final flush 5 → 51 ≥ 51: first to reach the target wins.
        "status": "finished",
        "winner": 0,
        "scores": [51, 0, 0],
        "qualified": [True, False, False],
        "eliminated": [False, False, False],
        "deal": 2,
        "to_act": None,
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 15, "score": 31,
             "reason": "chicago"},
            {"type": "deal_started", "deal": 2},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 36, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 41, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 46,
             "reason": "last_trick"},
            {"type": "hand_announced", "stage": 3, "seat": 0, "category": "flush"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 51, "reason": "hand"},
            {"type": "game_won", "seat": 0, "reason": "target"},
        ],
        "events_exclude": [{"type": "deal_ended", "deal": 2}],
    },
)

scenario(
    "x-target-50-common-fifty-wins-at-deal-end",
    "common with target 50: 50 at the end of a deal is the highest score at or above the "
    "target and wins (after a first-trick Chicago that took back two cards)",
    custom("common", target=50),
    ["R8.1", "R7.1", "R5.1"],
    [D1_SF_CALL, deal({1: J1, 2: J2, 0: "Ah As Kh Qh Jh"})],
    [*keep(0, 1, 2) * 3, call(0, True), *plays(SWEEP_H),
     *keep(1, 2, 0) * 3,
     *plays("?1 1:2c ?2 2:3c !0"),
     *plays("0:Ah 1:2c 2:3c | 0:As 1:7s 2:8s | 0:Kh 1:5d 2:6d | 0:Qh 1:9c 2:Tc | 0:Jh 1:Jd 2:Qd")],
    {
        # deal 1: straight flush 9, 18, Chicago +15 → 33 (33 < 50 at the deal's end);
        # deal 2: pair of aces 1 → 34, 35; seat 0 calls before its first card: 35 + 15 = 50.
        "status": "finished",
        "winner": 0,
        "scores": [50, 0, 0],
        "qualified": [True, False, False],
        "deal": 2,
        "dealer": 0,
        "to_act": None,
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 9, "score": 9, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 15, "score": 33,
             "reason": "chicago"},
            {"type": "deal_ended", "deal": 1, "reason": "chicago_won"},
            {"type": "points_awarded", "seat": 0, "points": 1, "score": 35, "reason": "hand"},
            {"type": "chicago_passed", "seat": 1},
            {"type": "card_played", "seat": 1, "card": "2c", "trick": 1},
            {"type": "chicago_passed", "seat": 2},
            {"type": "card_played", "seat": 2, "card": "3c", "trick": 1},
            {"type": "chicago_called", "seat": 0},
            {"type": "cards_returned", "plays": [[1, "2c"], [2, "3c"]]},
            {"type": "card_played", "seat": 0, "card": "Ah", "trick": 1},
            {"type": "chicago_won", "seat": 0},
            {"type": "points_awarded", "seat": 0, "points": 15, "score": 50,
             "reason": "chicago"},
            {"type": "deal_ended", "deal": 2, "reason": "chicago_won"},
            {"type": "game_won", "seat": 0, "reason": "target"},
        ],
    },
)

scenario(
    "x-target-100-classic-62-plays-on",
    "classic with target 100: 62 points do not end the game; köpstopp keeps seat 0 out of "
    "the next deal's exchange",
    custom("classic", target=100),
    ["R8.1", "R7.1"],
    [D1_SF_CALL, D2_SF_S_CALL],
    [*D1_SF_CALL_ACTS, *keep(1, 2, 0) * 3, call(0, True), *plays(SWEEP_S)],
    {
        # deal 1: 31; deal 2: 39, 47, Chicago +15 → 62 < 100.
        "status": "in_progress",
        "winner": None,
        "scores": [62, 0, 0],
        "deal": 3,
        "dealer": 1,
        "to_act": {"seat": 2, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 15, "score": 62,
             "reason": "chicago"},
            {"type": "deal_ended", "deal": 2, "reason": "chicago_won"},
            {"type": "deal_started", "deal": 3, "dealer": 1, "seats": [2, 0, 1]},
            {"type": "exchange_skipped", "seat": 0, "exchange": 1, "reason": "kopstopp"},
        ],
        "events_exclude": [{"type": "game_won"}],
    },
)

# max_discard ---------------------------------------------------------------------------------

scenario(
    "x-max_discard-5-classic-all-five-discarded",
    "classic: a player may discard all five cards and draws five (no offer)",
    "classic",
    ["R2.1", "R4.2"],
    [deal({0: J1, 1: J2, 2: J3}, "Ac Ad Ah As Kc")],
    [exchange(0, "2c 5d 7s 9c Jd"), *keep(1, 2)],
    {
        # seat 0 draws the four aces and the Kc; stage 1: four of a kind, 7 in classic.
        "status": "in_progress",
        "scores": [7, 0, 0],
        "to_act": {"seat": 0, "decision": "exchange"},
        "events_include": [
            {"type": "cards_exchanged", "seat": 0, "exchange": 1, "count": 5,
             "drawn": ["Ac", "Ad", "Ah", "As", "Kc"]},
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "four of a kind"},
            {"type": "points_awarded", "seat": 0, "points": 7, "score": 7, "reason": "quads"},
            {"type": "exchange_started", "exchange": 2},
        ],
        "events_exclude": [{"type": "offer_shown"}],
    },
)

_five = [exchange(0, "2c 5d 7s 9c Jd")]
scenario(
    "x-max_discard-4-classic-five-refused",
    "classic with max_discard 4: discarding five cards is refused",
    custom("classic", max_discard=4),
    ["R2.1"],
    [deal({0: J1, 1: J2, 2: J3}, "Ac Ad Ah As Kc")],
    _five,
    {"error": "action 0: seat 0 may discard at most 4 cards, not 5 — R2.1"},
)

# exchanges -----------------------------------------------------------------------------------

# Full house for seat 0; seat 0 takes tricks 1-3, seat 2 tricks 4 and 5 (the last with 3c).
FH_DEAL = deal({0: "Kc Kd Kh 4s 4h", 1: J1, 2: J2})
FH_TRICKS = "0:Kh 1:5d 2:6d | 0:Kc 1:9c 2:Tc | 0:Kd 1:Jd 2:Qd | 0:4s 1:7s 2:8s | 2:3c 0:4h 1:2c"

scenario(
    "x-exchanges-2-house-one-scored-stage",
    "house with two exchanges: the best hand scores after exchange 1 only; the final hand "
    "is stage 2",
    custom("chicago-gamewide-0.2", exchanges=2),
    ["R1.4", "R4.1", "R4.5", "R6.3"],
    [FH_DEAL],
    [*keep(0, 1, 2) * 2, *plays(FH_TRICKS)],
    {
        # stage 1: full house 6; no stage 2 before the tricks; nobody has 15: no calls;
        # last trick seat 2 (3c) +5; final hand (stage 2): full house 6 → 12.
        "status": "in_progress",
        "scores": [12, 0, 5],
        "deal": 2,
        "dealer": 0,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "exchange_started", "exchange": 1},
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "full house"},
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 6, "reason": "hand"},
            {"type": "exchange_started", "exchange": 2},
            {"type": "cards_exchanged", "seat": 2, "exchange": 2, "count": 0},
            {"type": "card_played", "seat": 0, "card": "Kh", "trick": 1},
            {"type": "trick_taken", "trick": 5, "seat": 2, "card": "3c"},
            {"type": "points_awarded", "seat": 2, "points": 5, "score": 5,
             "reason": "last_trick"},
            {"type": "hand_announced", "stage": 2, "seat": 0, "category": "full house"},
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 12, "reason": "hand"},
            {"type": "deal_ended", "deal": 1, "reason": "complete"},
        ],
        "events_exclude": [{"type": "exchange_started", "exchange": 3},
                           {"type": "hand_announced", "stage": 3}],
    },
)

scenario(
    "x-exchanges-2-basic-final-stage-is-2",
    "basic: two exchanges, one scored stage, everyone (minimum 0) asked after exchange 2",
    "basic",
    ["R1.4", "R4.1", "R5.1", "R6.3"],
    [FH_DEAL],
    [*keep(0, 1, 2) * 2, call(0, False), call(1, False), call(2, False), *plays(FH_TRICKS)],
    {
        # 6 at stage 1; everyone passes; seat 2 last trick 5; final (stage 2) 6 → 12.
        "status": "in_progress",
        "scores": [12, 0, 5],
        "deal": 2,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 6, "reason": "hand"},
            {"type": "exchange_started", "exchange": 2},
            {"type": "chicago_passed", "seat": 0},
            {"type": "chicago_passed", "seat": 1},
            {"type": "chicago_passed", "seat": 2},
            {"type": "hand_announced", "stage": 2, "seat": 0, "category": "full house"},
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 12, "reason": "hand"},
        ],
        "events_exclude": [{"type": "exchange_started", "exchange": 3}],
    },
)

scenario(
    "x-exchanges-3-basic-two-scored-stages",
    "basic with three exchanges: the best hand scores after exchanges 1 and 2, the final "
    "hand is stage 3",
    custom("basic", exchanges=3),
    ["R1.4", "R4.1", "R6.3"],
    [FH_DEAL],
    [*keep(0, 1, 2) * 3, call(0, False), call(1, False), call(2, False), *plays(FH_TRICKS)],
    {
        # 6, 12; seat 2 last trick 5; final (stage 3) 6 → 18.
        "status": "in_progress",
        "scores": [18, 0, 5],
        "deal": 2,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "full house"},
            {"type": "hand_announced", "stage": 2, "seat": 0, "category": "full house"},
            {"type": "exchange_started", "exchange": 3},
            {"type": "chicago_passed", "seat": 2},
            {"type": "points_awarded", "seat": 2, "points": 5, "score": 5,
             "reason": "last_trick"},
            {"type": "hand_announced", "stage": 3, "seat": 0, "category": "full house"},
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 18, "reason": "hand"},
        ],
    },
)

# open_offer ----------------------------------------------------------------------------------

scenario(
    "x-open_offer-false-house-one-card-drawn-unseen",
    "house without the open offer: a one-card exchange draws the top card unseen, with no "
    "offer decision",
    custom("chicago-gamewide-0.2", open_offer=False),
    ["R2.1", "R2.2"],
    [deal({0: J1, 1: J2, 2: J3}, "Qh 4d")],
    [exchange(0, "Jd")],
    {
        "status": "in_progress",
        "scores": [0, 0, 0],
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "cards_exchanged", "seat": 0, "exchange": 1, "count": 1,
             "discarded": ["Jd"], "drawn": ["Qh"]},
        ],
        "events_exclude": [{"type": "offer_shown"}, {"type": "offer_kept"},
                           {"type": "offer_declined"}],
    },
)

_one = [exchange(0, "Jd")]
scenario(
    "x-open_offer-false-classic-offer-answer-refused",
    "classic: after a one-card exchange there is no offer to answer; the next seat exchanges",
    "classic",
    ["R2.1", "R2.2"],
    [deal({0: J1, 1: J2, 2: J3}, "Qh 4d")],
    [*_one, offer(0, True)],
    {"error": f"action {n(_one)}: it is seat 1's turn to exchange, not seat 0's — R2.1"},
)

scenario(
    "x-open_offer-true-classic-offer-shown",
    "classic with the open offer: a one-card exchange shows the top stock card face up",
    custom("classic", open_offer=True),
    ["R2.2"],
    [deal({0: J1, 1: J2, 2: J3}, "Qh 4d")],
    [exchange(0, "Jd"), offer(0, False)],
    {
        # declined: the Qh goes to the discards, seat 0 draws the 4d unseen.
        "status": "in_progress",
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "offer_shown", "seat": 0, "card": "Qh"},
            {"type": "offer_declined", "seat": 0, "card": "Qh"},
            {"type": "cards_exchanged", "seat": 0, "exchange": 1, "count": 1,
             "drawn": ["4d"]},
        ],
    },
)

# quads ---------------------------------------------------------------------------------------

scenario(
    "x-quads-points-classic-seven-without-a-choice",
    "classic: four of a kind scores 7 at each stage and as the final hand, with no choice",
    "classic",
    ["R4.3", "R6.3"],
    [NINES],
    [*keep(0, 1, 2) * 3, *plays(NINES_TRICKS)],
    {
        # 7, 14 (nobody at 15: no calls); seat 2 last trick (Kd) 5; final quads 7 → 21.
        "status": "in_progress",
        "scores": [21, 0, 5],
        "deal": 2,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "four of a kind"},
            {"type": "points_awarded", "seat": 0, "points": 7, "score": 7, "reason": "quads"},
            {"type": "points_awarded", "seat": 0, "points": 7, "score": 14, "reason": "quads"},
            {"type": "trick_taken", "trick": 5, "seat": 2, "card": "Kd"},
            {"type": "points_awarded", "seat": 2, "points": 5, "score": 5,
             "reason": "last_trick"},
            {"type": "hand_announced", "stage": 3, "seat": 0, "category": "four of a kind"},
            {"type": "points_awarded", "seat": 0, "points": 7, "score": 21, "reason": "quads"},
        ],
        "events_exclude": [{"type": "quads_chosen"}, {"type": "score_reset"}],
    },
)

scenario(
    "x-quads-points_and_reset-classic-seven-and-others-to-zero",
    "classic with quads points_and_reset: four of a kind scores 7 and resets every other "
    "player to 0; the deal goes on",
    custom("classic", quads="points_and_reset"),
    ["R4.3"],
    [NINES_LATE],
    [*keep(0, 1, 2), exchange(0, "6d"), *keep(1, 2)],
    {
        # stage 1: seat 1's full house 6; exchange 2: seat 0 draws the 9s; stage 2: quads 7
        # for seat 0, seats 1 (6) and 2 (0) reset to 0; exchange 3 follows.
        "status": "in_progress",
        "scores": [7, 0, 0],
        "deal": 1,
        "to_act": {"seat": 0, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 1, "points": 6, "score": 6, "reason": "hand"},
            {"type": "cards_exchanged", "seat": 0, "exchange": 2, "count": 1,
             "drawn": ["9s"]},
            {"type": "hand_announced", "stage": 2, "seat": 0, "category": "four of a kind"},
            {"type": "points_awarded", "seat": 0, "points": 7, "score": 7, "reason": "quads"},
            {"type": "score_reset", "seat": 1, "previous": 6, "reason": "quads"},
            {"type": "score_reset", "seat": 2, "previous": 0, "reason": "quads"},
            {"type": "exchange_started", "exchange": 3},
        ],
        "events_exclude": [{"type": "deal_ended"}, {"type": "quads_chosen"}],
    },
)

scenario(
    "x-quads-choice-classic-points-then-locked",
    "classic with the quads choice: 7 points chosen, then the same four of a kind scores 7 "
    "without a new choice",
    custom("classic", quads="choice"),
    ["R4.3"],
    [NINES],
    [*keep(0, 1, 2), quads(0, "points"), *keep(0, 1, 2), *keep(0, 1, 2)],
    {
        # 7 (chosen), 14 (locked); nobody has 15: straight to the tricks, seat 0 leads.
        "status": "in_progress",
        "scores": [14, 0, 0],
        "to_act": {"seat": 0, "decision": "play"},
        "events_include": [
            {"type": "quads_chosen", "seat": 0, "choice": "points"},
            {"type": "points_awarded", "seat": 0, "points": 7, "score": 7, "reason": "quads"},
            {"type": "points_awarded", "seat": 0, "points": 7, "score": 14, "reason": "quads"},
        ],
    },
)

scenario(
    "x-quads-choice-classic-reset-ends-deal",
    "classic with the quads choice: choosing the reset sets the others to 0 and ends the deal",
    custom("classic", quads="choice"),
    ["R4.3", "R1.4"],
    [NINES_LATE],
    [*keep(0, 1, 2), exchange(0, "6d"), *keep(1, 2), quads(0, "reset")],
    {
        "status": "in_progress",
        "scores": [0, 0, 0],
        "deal": 2,
        "dealer": 0,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 1, "points": 6, "score": 6, "reason": "hand"},
            {"type": "quads_chosen", "seat": 0, "choice": "reset"},
            {"type": "score_reset", "seat": 1, "previous": 6, "reason": "quads"},
            {"type": "deal_ended", "deal": 1, "reason": "quads_reset"},
        ],
        "events_exclude": [{"type": "exchange_started", "exchange": 3}],
    },
)

scenario(
    "x-quads_points-8-classic-eight-points",
    "classic with quads worth 8: 8 at each stage and as the final hand",
    custom("classic", quads_points=8),
    ["R4.3", "R5.1", "R6.3"],
    [NINES],
    [*keep(0, 1, 2) * 3, call(0, False), *plays(NINES_TRICKS)],
    {
        # 8, 16 (seat 0 asked, passes); seat 2 last trick 5; final 8 → 24.
        "status": "in_progress",
        "scores": [24, 0, 5],
        "deal": 2,
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 8, "reason": "quads"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 16, "reason": "quads"},
            {"type": "chicago_passed", "seat": 0},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 24, "reason": "quads"},
        ],
    },
)

scenario(
    "x-quads_points-7-house-choice-of-seven",
    "house with quads worth 7: the choice is between 7 points and the reset",
    custom("chicago-gamewide-0.2", quads_points=7),
    ["R4.3"],
    [NINES],
    [*keep(0, 1, 2), quads(0, "points")],
    {
        "status": "in_progress",
        "scores": [7, 0, 0],
        "to_act": {"seat": 0, "decision": "exchange"},
        "events_include": [
            {"type": "quads_chosen", "seat": 0, "choice": "points"},
            {"type": "points_awarded", "seat": 0, "points": 7, "score": 7, "reason": "quads"},
            {"type": "exchange_started", "exchange": 2},
        ],
    },
)

# straight_flush, straight_flush_points -------------------------------------------------------

scenario(
    "x-straight_flush_points-8-classic-points-not-a-win",
    "classic: a straight flush scores 8 at each stage and as the final hand, no instant win",
    "classic",
    ["R4.4", "R6.3"],
    [D1_SF_CALL],
    D1_SF_ACTS,
    {
        # 8, 16, pass; last trick (9h) 5 → 21; final 8 → 29.
        "status": "in_progress",
        "scores": [29, 0, 0],
        "deal": 2,
        "dealer": 0,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "straight flush"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 8, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 16, "reason": "hand"},
            {"type": "chicago_passed", "seat": 0},
            {"type": "trick_taken", "trick": 5, "seat": 0, "card": "9h"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 21,
             "reason": "last_trick"},
            {"type": "hand_announced", "stage": 3, "seat": 0, "category": "straight flush"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 29, "reason": "hand"},
            {"type": "deal_ended", "deal": 1, "reason": "complete"},
        ],
        "events_exclude": [{"type": "game_won"}, {"type": "score_reset"}],
    },
)

scenario(
    "x-straight_flush_points-9-common-nine-points",
    "common: a straight flush scores 9; everyone is asked before their first card of the "
    "first trick, and only then",
    "common",
    ["R4.4", "R5.1", "R6.3"],
    [D1_SF_CALL],
    [*keep(0, 1, 2) * 3,
     *plays("?0 0:Kh ?1 1:2c ?2 2:3c | 0:Qh 1:5d 2:6d | 0:Jh 1:7s 2:8s | 0:Th 1:9c 2:Tc"
            " | 0:9h 1:Jd 2:Qd")],
    {
        # 9, 18; last trick 5 → 23; final 9 → 32 (below 52 at the deal's end: play on).
        "status": "in_progress",
        "scores": [32, 0, 0],
        "deal": 2,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 9, "score": 9, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 9, "score": 18, "reason": "hand"},
            {"type": "chicago_passed", "seat": 0},
            {"type": "card_played", "seat": 0, "card": "Kh", "trick": 1},
            {"type": "chicago_passed", "seat": 1},
            {"type": "chicago_passed", "seat": 2},
            {"type": "trick_taken", "trick": 1, "seat": 0, "card": "Kh"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 23,
             "reason": "last_trick"},
            {"type": "points_awarded", "seat": 0, "points": 9, "score": 32, "reason": "hand"},
            {"type": "deal_ended", "deal": 1, "reason": "complete"},
        ],
    },
)

scenario(
    "x-straight_flush_points-11-classic-eleven-points",
    "classic with a straight flush worth 11",
    custom("classic", straight_flush_points=11),
    ["R4.4", "R6.3"],
    [D1_SF_CALL],
    D1_SF_ACTS,
    {
        # 11, 22, pass; last trick 5 → 27; final 11 → 38.
        "status": "in_progress",
        "scores": [38, 0, 0],
        "deal": 2,
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 11, "score": 11, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 11, "score": 22, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 27,
             "reason": "last_trick"},
            {"type": "points_awarded", "seat": 0, "points": 11, "score": 38, "reason": "hand"},
        ],
    },
)

scenario(
    "x-straight_flush-win-classic-instant-win",
    "classic with the straight-flush win: the holder wins at once with the target score",
    custom("classic", straight_flush="win"),
    ["R4.4", "R8.2"],
    [D1_SF_CALL],
    keep(0, 1, 2),
    {
        "status": "finished",
        "winner": 0,
        "scores": [52, 0, 0],
        "qualified": [False, False, False],
        "deal": 1,
        "to_act": None,
        "events_include": [
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "straight flush"},
            {"type": "points_awarded", "seat": 0, "points": 52, "score": 52,
             "reason": "straight_flush"},
            {"type": "game_won", "seat": 0, "reason": "straight_flush"},
        ],
    },
)

scenario(
    "x-straight_flush-auto_chicago-classic-final-scores-chicago",
    "classic with the automatic Chicago: a straight flush scores 8 at the stages, and as the "
    "final hand it scores a Chicago's 15",
    custom("classic", straight_flush="auto_chicago"),
    ["R4.4", "R6.3", "R7.1"],
    [D1_SF_CALL],
    D1_SF_ACTS,
    {
        # 8, 16, pass; last trick 5 → 21; final: automatic Chicago 15 → 36.
        "status": "in_progress",
        "scores": [36, 0, 0],
        "deal": 2,
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 8, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 16, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 21,
             "reason": "last_trick"},
            {"type": "hand_announced", "stage": 3, "seat": 0, "category": "straight flush"},
            {"type": "points_awarded", "seat": 0, "points": 15, "score": 36,
             "reason": "auto_chicago"},
            {"type": "deal_ended", "deal": 1, "reason": "complete"},
        ],
        "events_exclude": [{"type": "chicago_called"}],
    },
)

scenario(
    "x-straight_flush-auto_chicago-classic-chicago-points-25",
    "classic with the automatic Chicago worth 25: the final straight flush scores 25",
    custom("classic", straight_flush="auto_chicago", chicago_points=25),
    ["R4.4", "R6.3", "R7.1"],
    [D1_SF_CALL],
    D1_SF_ACTS,
    {
        # 8, 16, last trick 21; final 25 → 46.
        "status": "in_progress",
        "scores": [46, 0, 0],
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 25, "score": 46,
             "reason": "auto_chicago"},
        ],
    },
)

scenario(
    "x-straight_flush-points-house-eight-no-win",
    "house with straight flushes as points: 8, not an instant win, for an unqualified player",
    custom("chicago-gamewide-0.2", straight_flush="points"),
    ["R4.4"],
    [D1_SF_CALL],
    keep(0, 1, 2),
    {
        "status": "in_progress",
        "scores": [8, 0, 0],
        "to_act": {"seat": 0, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 8, "reason": "hand"},
            {"type": "exchange_started", "exchange": 2},
        ],
        "events_exclude": [{"type": "game_won"}],
    },
)

# royal_flush ---------------------------------------------------------------------------------

_royal_acts = [*keep(0, 1, 2), exchange(0, "2c"), *keep(1, 2)]
scenario(
    "x-royal_flush-as_straight_flush-classic-eight-no-reset",
    "classic: a royal flush is a straight flush worth 8; nobody is reset",
    "classic",
    ["R4.4"],
    [ROYAL_LATE],
    _royal_acts,
    {
        # stage 1: seat 1's full house 6; stage 2: seat 0's royal flush 8.
        "status": "in_progress",
        "scores": [8, 6, 0],
        "to_act": {"seat": 0, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 1, "points": 6, "score": 6, "reason": "hand"},
            {"type": "cards_exchanged", "seat": 0, "exchange": 2, "count": 1,
             "drawn": ["Ah"]},
            {"type": "hand_announced", "stage": 2, "seat": 0, "category": "straight flush"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 8, "reason": "hand"},
            {"type": "exchange_started", "exchange": 3},
        ],
        "events_exclude": [{"type": "score_reset"}],
    },
)

scenario(
    "x-royal_flush-as_straight_flush-house-wins-without-reset",
    "house with the royal as a plain straight flush: it wins at once, and nobody is reset",
    custom("chicago-gamewide-0.2", royal_flush="as_straight_flush"),
    ["R4.4", "R8.2"],
    [ROYAL_LATE],
    [*keep(0, 1, 2), exchange(0, "2c"), offer(0, True), *keep(1, 2)],
    {
        "status": "finished",
        "winner": 0,
        "scores": [52, 6, 0],
        "to_act": None,
        "events_include": [
            {"type": "offer_kept", "seat": 0, "card": "Ah"},
            {"type": "points_awarded", "seat": 0, "points": 52, "score": 52,
             "reason": "straight_flush"},
            {"type": "game_won", "seat": 0, "reason": "straight_flush"},
        ],
        "events_exclude": [{"type": "score_reset"}],
    },
)

scenario(
    "x-royal_flush-reset_opponents-classic-others-to-zero",
    "classic with the royal reset: 8 points, and every other player reset to 0",
    custom("classic", royal_flush="reset_opponents"),
    ["R4.4"],
    [ROYAL_LATE],
    _royal_acts,
    {
        "status": "in_progress",
        "scores": [8, 0, 0],
        "to_act": {"seat": 0, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 8, "reason": "hand"},
            {"type": "score_reset", "seat": 1, "previous": 6, "reason": "royal_flush"},
            {"type": "score_reset", "seat": 2, "previous": 0, "reason": "royal_flush"},
            {"type": "exchange_started", "exchange": 3},
        ],
        "events_exclude": [{"type": "game_won"}],
    },
)

scenario(
    "x-royal_flush-win-classic-instant-win",
    "classic with the royal win: a royal flush wins at once although straight flushes score "
    "points",
    custom("classic", royal_flush="win"),
    ["R4.4", "R8.2"],
    [ROYAL_LATE],
    _royal_acts,
    {
        "status": "finished",
        "winner": 0,
        "scores": [52, 6, 0],
        "to_act": None,
        "events_include": [
            {"type": "hand_announced", "stage": 2, "seat": 0, "category": "straight flush"},
            {"type": "points_awarded", "seat": 0, "points": 52, "score": 52,
             "reason": "royal_flush"},
            {"type": "game_won", "seat": 0, "reason": "royal_flush"},
        ],
        "events_exclude": [{"type": "score_reset"}],
    },
)

# high_score, high_score_threshold ------------------------------------------------------------

# House deal 2 (order 1, 2, 0): seat 0's four kings, 8 + 8 on top of deal 1's 31 → 47.
D2_KINGS = deal({1: J1, 2: J2, 0: "Kc Kd Kh Ks Qc"}, "2h 4h")
D2_KINGS_TO_EX3 = [*keep(1, 2, 0), quads(0, "points"), *keep(1, 2, 0), *keep(1, 2)]

scenario(
    "x-high_score-none-house-no-reset-at-47",
    "house with no high-score rule: at 47 a player discards without confirmation and keeps "
    "the score",
    custom("chicago-gamewide-0.2", high_score="none"),
    ["R2.4", "R2.2", "R5.1"],
    [D1_ACES, D2_KINGS],
    [*D1_ACES_CALL_ACTS, *D2_KINGS_TO_EX3, exchange(0, "Qc"), offer(0, True)],
    {
        # deal 1: 31; deal 2: 39, 47; seat 0 discards the Qc, keeps the offered 2h.
        "status": "in_progress",
        "scores": [47, 0, 0],
        "deal": 2,
        "to_act": {"seat": 0, "decision": "chicago"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 47, "reason": "quads"},
            {"type": "offer_shown", "seat": 0, "card": "2h"},
            {"type": "cards_exchanged", "seat": 0, "exchange": 3, "count": 1},
        ],
        "events_exclude": [{"type": "score_reset"}, {"type": "exchange_skipped"}],
    },
)

_hs_reset = [*D1_SF_CALL_ACTS, *keep(1, 2, 0) * 2, *keep(1, 2)]
scenario(
    "x-high_score-reset_on_exchange-classic-reset-at-47",
    "classic with the 45+ style reset (threshold 46): at 47, discarding with confirmation "
    "resets the score to 0",
    custom("classic", high_score="reset_on_exchange"),
    ["R2.4", "R5.1", "R6.1"],
    [D1_SF_CALL, deal({1: J1, 2: J2, 0: SF_S}, "2h")],
    [*_hs_reset, exchange(0, "9s", confirm=True)],
    {
        # deal 1: 31; deal 2: 39, 47; the reset: 0; nobody has 15: seat 1 leads.
        "status": "in_progress",
        "scores": [0, 0, 0],
        "deal": 2,
        "to_act": {"seat": 1, "decision": "play"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 47, "reason": "hand"},
            {"type": "score_reset", "seat": 0, "previous": 47, "reason": "high_score"},
            {"type": "cards_exchanged", "seat": 0, "exchange": 3, "count": 1,
             "drawn": ["2h"]},
        ],
        "events_exclude": [{"type": "exchange_skipped"}, {"type": "chicago_passed"}],
    },
)

scenario(
    "x-high_score-reset_on_exchange-classic-needs-confirmation",
    "classic with the reset rule: at 47, discarding without the confirmation is refused",
    custom("classic", high_score="reset_on_exchange"),
    ["R2.4"],
    [D1_SF_CALL, deal({1: J1, 2: J2, 0: SF_S}, "2h")],
    [*_hs_reset, exchange(0, "9s")],
    {"error": f"action {n(_hs_reset)}: seat 0 has 47 points: discarding resets the score to 0 "
              "and needs confirm_reset — R2.4"},
)

_block = [
    *D1_ACES_CALL_ACTS, *keep(1, 2, 0), quads(0, "points"), *keep(1, 2, 0), *keep(1, 2),
    call(0, True), *plays("0:Ks 1:As 2:8s"), *keep(2),
]
scenario(
    "x-high_score-block-house-skipped-at-47-back-after-falling",
    "house with the block rule: at 47 seat 0 may not exchange (skipped); after its broken "
    "Chicago drops it to 32 it exchanges again in the next deal",
    custom("chicago-gamewide-0.2", high_score="block"),
    ["R2.4", "R5.1", "R7.2"],
    [D1_ACES, deal({1: "As 5d 7c 9c Jd", 2: J2, 0: "Kc Kd Kh Ks Qc"}),
     deal({2: J1, 0: J2, 1: J3})],
    _block,
    {
        # deal 1: 31; deal 2: 39 and 47 (exchanges 1, 2 at 31 and 39: not blocked); exchange
        # 3 at 47: skipped. The call is broken by seat 1's As: 47 - 15 = 32, seat 1 +10.
        # Deal 3 (order 2, 0, 1): seat 0 at 32 is asked to exchange.
        "status": "in_progress",
        "scores": [32, 10, 0],
        "qualified": [True, False, False],
        "deal": 3,
        "dealer": 1,
        "to_act": {"seat": 0, "decision": "exchange"},
        "events_include": [
            {"type": "cards_exchanged", "seat": 0, "exchange": 2, "count": 0},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 47, "reason": "quads"},
            {"type": "exchange_started", "exchange": 3},
            {"type": "exchange_skipped", "seat": 0, "exchange": 3, "reason": "block"},
            {"type": "chicago_broken", "caller": 0, "breaker": 1},
            {"type": "points_awarded", "seat": 0, "points": -15, "score": 32,
             "reason": "chicago_broken"},
            {"type": "points_awarded", "seat": 1, "points": 10, "score": 10,
             "reason": "chicago_breaker"},
            {"type": "deal_started", "deal": 3},
            {"type": "cards_exchanged", "seat": 2, "exchange": 1, "count": 0},
        ],
        "events_exclude": [{"type": "exchange_skipped", "exchange": 1}],
    },
)

_kopstopp = [
    *D1_SF_CALL_ACTS, *keep(1, 2, 0) * 3, call(0, True), *plays("0:Ks 1:As 2:8s"),
    *keep(2, 1) * 3,
]
scenario(
    "x-high_score-kopstopp-classic-skipped-after-score-fell",
    "classic köpstopp: seat 0 reached 47 in deal 2 (still exchanging there); in deal 3 it "
    "is kept out of every exchange although a broken Chicago dropped it to 32",
    "classic",
    ["R2.1", "R5.1", "R7.2"],
    [D1_SF_CALL, deal({1: "As 5d 7c 9c Jd", 2: J2, 0: SF_S}),
     deal({2: J1, 0: J2, 1: J3})],
    _kopstopp,
    {
        # deal 1: 31; deal 2: 39, 47 (reached 46), keeps in exchange 3, calls, broken at
        # trick 1 by the As: 47 - 15 = 32 (no bonus in classic). Deal 3: skipped in all
        # three exchanges; nobody scores (no pairs); seat 0 (32) is the one asked.
        "status": "in_progress",
        "scores": [32, 0, 0],
        "deal": 3,
        "dealer": 1,
        "to_act": {"seat": 0, "decision": "chicago"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 47, "reason": "hand"},
            {"type": "cards_exchanged", "seat": 0, "exchange": 3, "count": 0},
            {"type": "points_awarded", "seat": 0, "points": -15, "score": 32,
             "reason": "chicago_broken"},
            {"type": "deal_started", "deal": 3, "dealer": 1, "seats": [2, 0, 1]},
            {"type": "exchange_skipped", "seat": 0, "exchange": 1, "reason": "kopstopp"},
            {"type": "exchange_skipped", "seat": 0, "exchange": 2, "reason": "kopstopp"},
            {"type": "exchange_skipped", "seat": 0, "exchange": 3, "reason": "kopstopp"},
        ],
        "events_exclude": [{"type": "chicago_breaker"}, {"type": "exchange_skipped",
                                                        "exchange": 3, "seat": 1}],
    },
)

# basic, six cards: deal 1 (order 0, 1, 2) and deal 2 (order 1, 2, 0) give seat 0 a
# straight flush, the last trick and the final hand: 8 + 5 + 8 = 21 each, 42 in all.
_six_before = [
    *keep(0, 1, 2) * 2, call(0, False), call(1, False), call(2, False), *plays(SWEEP_H),
    *keep(1, 2, 0) * 2, call(1, False), call(2, False), call(0, False),
    *plays(D2_SF_S_TRICKS),
]
_SIX_DEALS = [D1_SF_CALL, D2_SF_S, deal({2: J1, 0: "Ah Ad Ac 4s 6h Kh", 1: J2})]
scenario(
    "x-high_score-six_cards-basic-six-then-no-more-exchanges",
    "basic: after reaching 42 a player is dealt six, discards exactly one in exchange 1 "
    "drawing none, and is skipped in exchange 2",
    "basic",
    ["R1.3", "R2.1", "R4.1"],
    _SIX_DEALS,
    [*_six_before, *keep(2), exchange(0, "Kh"), *keep(1), *keep(2, 1)],
    {
        # deal 1: 8, last trick 13, final 21; deal 2: 29, 34, 42 (reached 42).
        # deal 3: seat 0 discards the Kh and draws nothing; three aces 3 → 45.
        "status": "in_progress",
        "scores": [45, 0, 0],
        "deal": 3,
        "dealer": 1,
        "to_act": {"seat": 2, "decision": "chicago"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 42, "reason": "hand"},
            {"type": "deal_started", "deal": 3, "dealer": 1, "seats": [2, 0, 1]},
            {"type": "cards_exchanged", "seat": 0, "exchange": 1, "count": 1,
             "discarded": ["Kh"], "drawn": []},
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "three of a kind"},
            {"type": "points_awarded", "seat": 0, "points": 3, "score": 45, "reason": "hand"},
            {"type": "exchange_started", "exchange": 2},
            {"type": "exchange_skipped", "seat": 0, "exchange": 2, "reason": "six_cards"},
        ],
        "events_exclude": [{"type": "exchange_skipped", "exchange": 1},
                           {"type": "offer_shown"}],
    },
)

_six_at = [*_six_before, *keep(2)]
scenario(
    "x-high_score-six_cards-basic-keeping-six-refused",
    "basic: a six-card hand may not keep all six",
    "basic",
    ["R2.1"],
    _SIX_DEALS,
    [*_six_at, exchange(0, "")],
    {"error": f"action {n(_six_at)}: seat 0 holds six cards and must discard exactly one "
              "— §X six cards"},
)

scenario(
    "x-high_score-six_cards-basic-discarding-two-refused",
    "basic: a six-card hand may not discard two",
    "basic",
    ["R2.1"],
    _SIX_DEALS,
    [*_six_at, exchange(0, "Kh 6h")],
    {"error": f"action {n(_six_at)}: seat 0 holds six cards and must discard exactly one "
              "— §X six cards"},
)

scenario(
    "x-high_score-six_cards-basic-stacked-five-refused",
    "basic: a stacked deal must give a six-card seat six cards",
    "basic",
    ["R1.3"],
    [D1_SF_CALL, D2_SF_S, deal({2: J1, 0: "Ah Ad Ac 4s 6h", 1: J2})],
    _six_before,
    {"error": f"action {n(_six_before) - 1}: deals[2]: seat 0 is dealt 6 cards, not 5"},
)

scenario(
    "x-high_score-six_cards-classic-skipped-in-exchanges-2-and-3",
    "classic with six cards at 46: after reaching 49 the six-card seat discards one in "
    "exchange 1 and is skipped in exchanges 2 and 3",
    custom("classic", high_score="six_cards"),
    ["R1.3", "R2.1", "R5.1"],
    [D1_SF_CALL, deal({1: "2c 5d 7s 9c Ah", 2: J2, 0: "Kc Kd Kh 4s 4h"}),
     deal({2: J1, 0: "Ah Ad 5c 4s 6h Kh", 1: J2})],
    [*D1_SF_CALL_ACTS, *keep(1, 2, 0) * 3, call(0, False),
     *plays("1:5d 2:6d 0:Kd | 0:4s 1:7s 2:8s | 2:Tc 0:Kc 1:9c | 0:Kh 1:Ah 2:3c"
            " | 1:2c 2:Qd 0:4h"),
     *keep(2), exchange(0, "Kh"), *keep(1), *keep(2, 1), *keep(2, 1)],
    {
        # deal 1: 31; deal 2: full house 37, 43, pass, seat 1 takes the last trick with
        # the 2c (5 in classic), final full house 6 → 49 (reached 46). Deal 3: seat 0
        # discards the Kh, draws nothing: pair of aces 1 → 50, 51; asked at 51.
        "status": "in_progress",
        "scores": [51, 5, 0],
        "deal": 3,
        "dealer": 1,
        "to_act": {"seat": 0, "decision": "chicago"},
        "events_include": [
            {"type": "points_awarded", "seat": 1, "points": 5, "score": 5,
             "reason": "last_trick_two"},
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 49, "reason": "hand"},
            {"type": "deal_started", "deal": 3, "dealer": 1, "seats": [2, 0, 1]},
            {"type": "cards_exchanged", "seat": 0, "exchange": 1, "count": 1,
             "discarded": ["Kh"], "drawn": []},
            {"type": "points_awarded", "seat": 0, "points": 1, "score": 50, "reason": "hand"},
            {"type": "exchange_skipped", "seat": 0, "exchange": 2, "reason": "six_cards"},
            {"type": "points_awarded", "seat": 0, "points": 1, "score": 51, "reason": "hand"},
            {"type": "exchange_skipped", "seat": 0, "exchange": 3, "reason": "six_cards"},
        ],
        "events_exclude": [{"type": "exchange_skipped", "exchange": 1}],
    },
)

scenario(
    "x-high_score_threshold-42-house-reset-at-43",
    "house with the reset threshold at 42: at 43 a discard needs the confirmation",
    custom("chicago-gamewide-0.2", high_score_threshold=42),
    ["R2.4"],
    [D1_ACES, deal({1: J1, 2: J2, 0: "Kc Kd Kh Qc Qh"})],
    [*D1_ACES_CALL_ACTS, *keep(1, 2, 0) * 2, *keep(1, 2), exchange(0, "Qh")],
    {"error": f"action {n(D1_ACES_CALL_ACTS) + 8}: seat 0 has 43 points: discarding resets "
              "the score to 0 and needs confirm_reset — R2.4"},
)

# ties ----------------------------------------------------------------------------------------

TIE = deal({0: "Kc Kd 9h 7s 4c", 1: "Kh Ks 9d 7c 4d", 2: "2c 3d 5s 8h Jc"})
scenario(
    "x-ties-all_score-common-both-pairs-score",
    "common: two identical pairs of kings with the same kickers both score, in order from "
    "the dealer's left",
    "common",
    ["R3.3", "R4.1"],
    [TIE],
    keep(0, 1, 2),
    {
        "status": "in_progress",
        "scores": [1, 1, 0],
        "to_act": {"seat": 0, "decision": "exchange"},
        "events_include": [
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "one pair"},
            {"type": "points_awarded", "seat": 0, "points": 1, "score": 1, "reason": "hand"},
            {"type": "hand_announced", "stage": 1, "seat": 1, "category": "one pair"},
            {"type": "points_awarded", "seat": 1, "points": 1, "score": 1, "reason": "hand"},
            {"type": "exchange_started", "exchange": 2},
        ],
    },
)

scenario(
    "x-ties-all_score-classic-both-pairs-score",
    "classic with ties all scoring: both identical pairs score",
    custom("classic", ties="all_score"),
    ["R3.3", "R4.1"],
    [TIE],
    keep(0, 1, 2),
    {"status": "in_progress", "scores": [1, 1, 0]},
)

scenario(
    "x-ties-first_from_dealers_left-common-only-first-scores",
    "common with the house tie rule: only the tied player first from the dealer's left "
    "scores",
    custom("common", ties="first_from_dealers_left"),
    ["R3.3", "R4.1"],
    [TIE],
    keep(0, 1, 2),
    {
        "status": "in_progress",
        "scores": [1, 0, 0],
        "events_include": [
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "one pair"},
        ],
        "events_exclude": [{"type": "hand_announced", "seat": 1}],
    },
)

# score_floor, chicago_penalty ----------------------------------------------------------------

BROKE = deal({0: J1, 1: "3c 6d 8s Tc Kd", 2: "4c 7d 9s Jc Qh"})
_broke = [*keep(0, 1, 2) * 3, *plays("!0 0:Jd 1:Kd 2:7d")]
_broke_events = [
    {"type": "no_hand_scored", "stage": 1},
    {"type": "chicago_called", "seat": 0},
    {"type": "trick_taken", "trick": 1, "seat": 1, "card": "Kd"},
    {"type": "chicago_broken", "caller": 0, "breaker": 1},
]
scenario(
    "x-score_floor-none-common-broken-chicago-negative",
    "common: a Chicago called at 0 and broken leaves the caller at -15; the breaker gets "
    "nothing",
    "common",
    ["R7.2", "R8.5"],
    [BROKE],
    _broke,
    {
        "status": "in_progress",
        "scores": [-15, 0, 0],
        "qualified": [True, False, False],
        "deal": 2,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            *_broke_events,
            {"type": "points_awarded", "seat": 0, "points": -15, "score": -15,
             "reason": "chicago_broken"},
            {"type": "deal_ended", "deal": 1, "reason": "chicago_broken"},
        ],
        "events_exclude": [{"type": "chicago_breaker"}],
    },
)

scenario(
    "x-score_floor-0-common-broken-chicago-stops-at-zero",
    "common with a floor of 0: a Chicago broken at 0 leaves the caller at 0",
    custom("common", score_floor=0),
    ["R7.2", "R8.5"],
    [BROKE],
    _broke,
    {
        "status": "in_progress",
        "scores": [0, 0, 0],
        "events_include": [
            *_broke_events,
            {"type": "points_awarded", "seat": 0, "points": -15, "score": 0,
             "reason": "chicago_broken"},
        ],
    },
)

scenario(
    "x-chicago_penalty-25-common-broken-costs-25",
    "common with a 25-point penalty: a broken Chicago costs 25",
    custom("common", chicago_penalty=25),
    ["R7.2", "R8.5"],
    [BROKE],
    _broke,
    {
        "status": "in_progress",
        "scores": [-25, 0, 0],
        "events_include": [
            *_broke_events,
            {"type": "points_awarded", "seat": 0, "points": -25, "score": -25,
             "reason": "chicago_broken"},
        ],
    },
)

scenario(
    "x-chicago_penalty-13-house-broken-costs-13",
    "house with a 13-point penalty: 16 - 13 = 3, and the breaker still gets 10",
    custom("chicago-gamewide-0.2", chicago_penalty=13),
    ["R7.2"],
    [NINES],
    [*keep(0, 1, 2), quads(0, "points"), *keep(0, 1, 2) * 2, call(0, True),
     *plays("0:4c 1:Tc 2:3c")],
    {
        "status": "in_progress",
        "scores": [3, 10, 0],
        "deal": 2,
        "events_include": [
            {"type": "chicago_broken", "caller": 0, "breaker": 1},
            {"type": "points_awarded", "seat": 0, "points": -13, "score": 3,
             "reason": "chicago_broken"},
            {"type": "points_awarded", "seat": 1, "points": 10, "score": 10,
             "reason": "chicago_breaker"},
        ],
    },
)

# chicago_minimum -----------------------------------------------------------------------------

scenario(
    "x-chicago_minimum-0-basic-everyone-asked-at-zero",
    "basic: with a minimum of 0 everyone is asked after the last exchange, from the "
    "dealer's left",
    "basic",
    ["R5.1"],
    [deal({0: J1, 1: J2, 2: J3})],
    [*keep(0, 1, 2) * 2, call(0, False)],
    {
        "status": "in_progress",
        "scores": [0, 0, 0],
        "to_act": {"seat": 1, "decision": "chicago"},
        "events_include": [
            {"type": "no_hand_scored", "stage": 1},
            {"type": "chicago_passed", "seat": 0},
        ],
    },
)

scenario(
    "x-chicago_minimum-15-basic-nobody-asked-at-zero",
    "basic with a minimum of 15: nobody is eligible at 0, play goes straight to the tricks",
    custom("basic", chicago_minimum=15),
    ["R5.1", "R6.1"],
    [deal({0: J1, 1: J2, 2: J3})],
    keep(0, 1, 2) * 2,
    {
        "status": "in_progress",
        "to_act": {"seat": 0, "decision": "play"},
        "events_exclude": [{"type": "chicago_passed"}],
    },
)

_fourteen = [
    *keep(0, 1, 2), quads(0, "points"), exchange(0, "9s"), offer(0, True), *keep(1, 2),
    *keep(0, 1, 2),
]
_FOURTEEN = deal({0: "9c 9d 9h 9s 4c", 1: "2c 5d 7s Tc Jd", 2: "3c 6d 8s Qc Kd"}, "4d")
scenario(
    "x-chicago_minimum-13-house-call-at-14",
    "house with a Chicago minimum of 13: a player with 14 is asked and may call",
    custom("chicago-gamewide-0.2", chicago_minimum=13),
    ["R5.1", "R5.2", "R7.4"],
    [_FOURTEEN],
    [*_fourteen, call(0, True)],
    {
        # quads 8; seat 0 breaks them for the offered 4d: full house 6 → 14.
        "status": "in_progress",
        "scores": [14, 0, 0],
        "qualified": [True, False, False],
        "to_act": {"seat": 0, "decision": "play"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 8, "reason": "quads"},
            {"type": "offer_kept", "seat": 0, "card": "4d"},
            {"type": "hand_announced", "stage": 2, "seat": 0, "category": "full house"},
            {"type": "points_awarded", "seat": 0, "points": 6, "score": 14, "reason": "hand"},
            {"type": "chicago_called", "seat": 0},
        ],
    },
)

# chicago_timing ------------------------------------------------------------------------------

FT = deal({0: J1, 1: J2, 2: "Ah Kh Qh Jh 9h"})
_ft_call = [*keep(0, 1, 2) * 3, *plays("?0 0:2c ?1 1:3c !2 2:Ah")]
scenario(
    "x-chicago_timing-first_trick-common-call-takes-back-cards",
    "common: seat 2 calls before its first card after seats 0 and 1 played: their cards go "
    "back, seat 2 leads, and nobody is asked again",
    "common",
    ["R5.1", "R5.2", "R6.1"],
    [FT],
    _ft_call,
    {
        # seat 2's flush: 5, 10.
        "status": "in_progress",
        "scores": [0, 0, 10],
        "qualified": [False, False, True],
        "to_act": {"seat": 0, "decision": "play"},
        "events_include": [
            {"type": "chicago_passed", "seat": 0},
            {"type": "card_played", "seat": 0, "card": "2c", "trick": 1},
            {"type": "chicago_passed", "seat": 1},
            {"type": "card_played", "seat": 1, "card": "3c", "trick": 1},
            {"type": "chicago_called", "seat": 2},
            {"type": "cards_returned", "plays": [[0, "2c"], [1, "3c"]]},
            {"type": "card_played", "seat": 2, "card": "Ah", "trick": 1},
        ],
    },
)

scenario(
    "x-chicago_timing-first_trick-common-caller-takes-all-five",
    "common: the first-trick caller takes all five tricks: +15, no last-trick or final-hand "
    "points; a returned card is played again",
    "common",
    ["R5.1", "R7.1"],
    [FT],
    [*_ft_call, *plays("0:2c 1:3c | 2:Kh 0:5d 1:6d | 2:Qh 0:7s 1:8s | 2:Jh 0:9c 1:Tc"
                       " | 2:9h 0:Jd 1:Qd")],
    {
        # 10 + 15 = 25.
        "status": "in_progress",
        "scores": [0, 0, 25],
        "deal": 2,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "cards_returned", "plays": [[0, "2c"], [1, "3c"]]},
            {"type": "card_played", "seat": 0, "card": "2c", "trick": 1},
            {"type": "trick_taken", "trick": 1, "seat": 2, "card": "Ah"},
            {"type": "trick_taken", "trick": 5, "seat": 2, "card": "9h"},
            {"type": "chicago_won", "seat": 2},
            {"type": "points_awarded", "seat": 2, "points": 15, "score": 25,
             "reason": "chicago"},
            {"type": "deal_ended", "deal": 1, "reason": "chicago_won"},
        ],
        "events_exclude": [{"type": "points_awarded", "reason": "last_trick"},
                           {"type": "hand_announced", "stage": 3}],
    },
)

_ft_pass = [*keep(0, 1, 2) * 3, *plays("?0 0:Jd ?1 1:Qd ?2 2:Kd")]
_FT_PASS = deal({0: J1, 1: J2, 2: J3})
scenario(
    "x-chicago_timing-first_trick-common-passing-continues",
    "common: when everyone passes the first trick goes on, and no one is asked in the second",
    "common",
    ["R5.1", "R6.1"],
    [_FT_PASS],
    _ft_pass,
    {
        "status": "in_progress",
        "to_act": {"seat": 2, "decision": "play"},
        "events_include": [
            {"type": "chicago_passed", "seat": 0},
            {"type": "card_played", "seat": 0, "card": "Jd", "trick": 1},
            {"type": "chicago_passed", "seat": 1},
            {"type": "card_played", "seat": 1, "card": "Qd", "trick": 1},
            {"type": "chicago_passed", "seat": 2},
            {"type": "card_played", "seat": 2, "card": "Kd", "trick": 1},
            {"type": "trick_taken", "trick": 1, "seat": 2, "card": "Kd"},
        ],
        "events_exclude": [{"type": "cards_returned"}, {"type": "chicago_called"}],
    },
)

scenario(
    "x-chicago_timing-first_trick-common-no-call-in-trick-2",
    "common: after the first trick a call is no longer a decision",
    "common",
    ["R5.1", "R6.1"],
    [_FT_PASS],
    [*_ft_pass, call(2, True)],
    {"error": f"action {n(_ft_pass)}: seat 2 must play a card, not chicago — R6.1"},
)

_ft_neg = [*_broke, *keep(1, 2, 0) * 3, *plays("?1 1:2c ?2 2:3c")]
_FT_NEG_DEALS = [BROKE, deal({1: J1, 2: J2, 0: J3})]
scenario(
    "x-chicago_timing-first_trick-common-negative-score-not-asked",
    "common: a player at -15 (below the minimum 0) is not asked before their first card",
    "common",
    ["R5.1", "R7.2"],
    _FT_NEG_DEALS,
    _ft_neg,
    {
        "status": "in_progress",
        "scores": [-15, 0, 0],
        "deal": 2,
        "to_act": {"seat": 0, "decision": "play"},
        "events_include": [
            {"type": "deal_started", "deal": 2},
            {"type": "chicago_passed", "seat": 1},
            {"type": "chicago_passed", "seat": 2},
            {"type": "card_played", "seat": 2, "card": "3c", "trick": 1},
        ],
    },
)

scenario(
    "x-chicago_timing-first_trick-common-call-refused-below-minimum",
    "common: a call by a player at -15 is refused",
    "common",
    ["R5.1"],
    _FT_NEG_DEALS,
    [*_ft_neg, call(0, True)],
    {"error": f"action {n(_ft_neg)}: seat 0 has -15 points and may not call Chicago "
              "(0 needed) — R5.1"},
)

scenario(
    "x-chicago_timing-first_trick-classic-only-eligible-asked",
    "classic with first-trick calls: seat 0 (0 points, under 15) plays without being asked; "
    "seat 1 (16) calls before its first card, takes the 2c back to seat 0 and leads",
    custom("classic", chicago_timing="first_trick"),
    ["R5.1", "R5.2", "R7.1"],
    [deal({0: "2c 5d 7h 9c Jd", 1: SF_S, 2: "3c 6d 8h Tc Qd"})],
    [*keep(0, 1, 2) * 3, *plays("0:2c !1"),
     *plays("1:Ks 2:3c 0:2c | 1:Qs 2:6d 0:5d | 1:Js 2:8h 0:7h | 1:Ts 2:Tc 0:9c"
            " | 1:9s 2:Qd 0:Jd")],
    {
        # seat 1: 8, 16; Chicago +15 → 31.
        "status": "in_progress",
        "scores": [0, 31, 0],
        "qualified": [False, True, False],
        "deal": 2,
        "events_include": [
            {"type": "card_played", "seat": 0, "card": "2c", "trick": 1},
            {"type": "chicago_called", "seat": 1},
            {"type": "cards_returned", "plays": [[0, "2c"]]},
            {"type": "card_played", "seat": 1, "card": "Ks", "trick": 1},
            {"type": "chicago_won", "seat": 1},
            {"type": "points_awarded", "seat": 1, "points": 15, "score": 31,
             "reason": "chicago"},
        ],
        "events_exclude": [{"type": "chicago_passed"}],
    },
)

scenario(
    "x-chicago_timing-after_exchanges-common-asked-after-exchange-3",
    "common with calls after the exchanges: everyone is asked in turn from the dealer's "
    "left before the first trick",
    custom("common", chicago_timing="after_exchanges"),
    ["R5.1"],
    [_FT_PASS],
    [*keep(0, 1, 2) * 3, call(0, False), call(1, False)],
    {
        "status": "in_progress",
        "to_act": {"seat": 2, "decision": "chicago"},
        "events_exclude": [{"type": "card_played"}],
    },
)

# chicago_caller_leads ------------------------------------------------------------------------

scenario(
    "x-chicago_caller_leads-false-basic-usual-leader-leads",
    "basic: seat 1 calls but seat 0 (the dealer's left) leads; seat 1 takes all five and "
    "its flush still scores as the final hand",
    "basic",
    ["R5.2", "R6.1", "R7.1"],
    [deal({0: "2h 5d 7s 9c Jd", 1: "Ah Kh Qh Jh 9h", 2: J2})],
    [*keep(0, 1, 2) * 2, call(0, False), call(1, True),
     *plays("0:2h 1:Ah 2:3c | 1:Kh 2:6d 0:5d | 1:Qh 2:8s 0:7s | 1:Jh 2:Tc 0:9c"
            " | 1:9h 2:Qd 0:Jd")],
    {
        # flush 5; Chicago +15 → 20; final hand (basic): flush 5 → 25.
        "status": "in_progress",
        "scores": [0, 25, 0],
        "deal": 2,
        "events_include": [
            {"type": "chicago_passed", "seat": 0},
            {"type": "chicago_called", "seat": 1},
            {"type": "card_played", "seat": 0, "card": "2h", "trick": 1},
            {"type": "trick_taken", "trick": 1, "seat": 1, "card": "Ah"},
            {"type": "chicago_won", "seat": 1},
            {"type": "points_awarded", "seat": 1, "points": 15, "score": 20,
             "reason": "chicago"},
            {"type": "hand_announced", "stage": 2, "seat": 1, "category": "flush"},
            {"type": "points_awarded", "seat": 1, "points": 5, "score": 25, "reason": "hand"},
            {"type": "deal_ended", "deal": 1, "reason": "chicago_won"},
        ],
    },
)

scenario(
    "x-chicago_caller_leads-true-basic-caller-leads",
    "basic with the caller leading: after seat 1's call seat 1 leads",
    custom("basic", chicago_caller_leads=True),
    ["R5.2"],
    [deal({0: "2h 5d 7s 9c Jd", 1: "Ah Kh Qh Jh 9h", 2: J2})],
    [*keep(0, 1, 2) * 2, call(0, False), call(1, True)],
    {"status": "in_progress", "to_act": {"seat": 1, "decision": "play"}},
)

scenario(
    "x-chicago_caller_leads-false-common-first-trick-restarts-at-usual-leader",
    "common with the usual leader leading: a first-trick call by seat 2 takes back the "
    "cards and the trick restarts at seat 0, who is not asked again",
    custom("common", chicago_caller_leads=False),
    ["R5.1", "R5.2", "R6.1"],
    [FT],
    [*keep(0, 1, 2) * 3, *plays("?0 0:2c ?1 1:3c !2")],
    {
        "status": "in_progress",
        "to_act": {"seat": 0, "decision": "play"},
        "events_include": [
            {"type": "chicago_called", "seat": 2},
            {"type": "cards_returned", "plays": [[0, "2c"], [1, "3c"]]},
        ],
    },
)

# chicago_points, chicago_two_points ----------------------------------------------------------

scenario(
    "x-chicago_points-25-classic-success-scores-25",
    "classic with Chicago worth 25",
    custom("classic", chicago_points=25),
    ["R7.1"],
    [D1_SF_CALL],
    D1_SF_CALL_ACTS,
    {
        # 8, 16, Chicago +25 → 41.
        "status": "in_progress",
        "scores": [41, 0, 0],
        "deal": 2,
        "events_include": [
            {"type": "chicago_won", "seat": 0},
            {"type": "points_awarded", "seat": 0, "points": 25, "score": 41,
             "reason": "chicago"},
            {"type": "deal_ended", "deal": 1, "reason": "chicago_won"},
        ],
        "events_exclude": [{"type": "hand_announced", "stage": 3},
                           {"type": "points_awarded", "reason": "last_trick"}],
    },
)

scenario(
    "x-chicago_points-13-house-success-scores-13",
    "house with Chicago worth 13",
    custom("chicago-gamewide-0.2", chicago_points=13),
    ["R7.1"],
    [D1_ACES],
    D1_ACES_CALL_ACTS,
    {
        # 8, 16, Chicago +13 → 29.
        "status": "in_progress",
        "scores": [29, 0, 0],
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 13, "score": 29,
             "reason": "chicago"},
        ],
    },
)

_ACES_TWO = deal({0: "Ac Ad Ah As 2h", 1: "3c 5d 7s 9c Jd", 2: "4c 6d 8s Tc Qd"})
_ACES_TWO_SWEEP = (
    "0:As 1:7s 2:8s | 0:Ah 1:3c 2:4c | 0:Ad 1:5d 2:6d | 0:Ac 1:9c 2:Tc | 0:2h 1:Jd 2:Qd"
)
scenario(
    "x-chicago_two_points-30-house-last-trick-with-a-two",
    "house with 30 for a Chicago whose last trick is won with a two",
    custom("chicago-gamewide-0.2", chicago_two_points=30),
    ["R7.1"],
    [_ACES_TWO],
    [*keep(0, 1, 2), quads(0, "points"), *keep(0, 1, 2) * 2, call(0, True),
     *plays(_ACES_TWO_SWEEP)],
    {
        # 8, 16; the 2h takes the fifth trick: +30 → 46.
        "status": "in_progress",
        "scores": [46, 0, 0],
        "events_include": [
            {"type": "trick_taken", "trick": 5, "seat": 0, "card": "2h"},
            {"type": "points_awarded", "seat": 0, "points": 30, "score": 46,
             "reason": "chicago"},
        ],
    },
)

# broken_chicago_bonus ------------------------------------------------------------------------

_BREAK_SF = deal({0: SF_H, 1: "Ah 5d 7s 9c Jd", 2: J2})
_break_sf = [*keep(0, 1, 2) * 3, call(0, True), *plays("0:Kh 1:Ah 2:3c")]
scenario(
    "x-broken_chicago_bonus-0-classic-breaker-gets-nothing",
    "classic: a broken Chicago costs the caller 15 and nobody else scores",
    "classic",
    ["R7.2"],
    [_BREAK_SF],
    _break_sf,
    {
        # 8, 16; broken at trick 1: 16 - 15 = 1.
        "status": "in_progress",
        "scores": [1, 0, 0],
        "deal": 2,
        "events_include": [
            {"type": "chicago_broken", "caller": 0, "breaker": 1},
            {"type": "points_awarded", "seat": 0, "points": -15, "score": 1,
             "reason": "chicago_broken"},
            {"type": "deal_ended", "deal": 1, "reason": "chicago_broken"},
        ],
        "events_exclude": [{"type": "points_awarded", "seat": 1}],
    },
)

scenario(
    "x-broken_chicago_bonus-10-classic-breaker-gets-10",
    "classic with the breaker's bonus: the breaker gains 10",
    custom("classic", broken_chicago_bonus=10),
    ["R7.2"],
    [_BREAK_SF],
    _break_sf,
    {
        "status": "in_progress",
        "scores": [1, 10, 0],
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": -15, "score": 1,
             "reason": "chicago_broken"},
            {"type": "points_awarded", "seat": 1, "points": 10, "score": 10,
             "reason": "chicago_breaker"},
        ],
    },
)

# final_hand_after_chicago, final_hand_scores -------------------------------------------------

_FH_AFTER = deal({0: "Ah Kh Qh Jh 9h", 1: J1, 2: "Kc Kd Ks 3c 3d"})
_fh_after = [
    *keep(0, 1, 2) * 2, call(0, True),
    *plays("0:Ah 1:2c 2:3c | 0:Kh 1:5d 2:3d | 0:Qh 1:7s 2:Ks | 0:Jh 1:9c 2:Kc | 0:9h 1:Jd 2:Kd"),
]
scenario(
    "x-final_hand_after_chicago-true-basic-best-final-hand-still-scores",
    "basic: after seat 0's successful Chicago the best final hand (seat 2's full house) "
    "still scores; there is no last-trick award",
    "basic",
    ["R7.1", "R6.3"],
    [_FH_AFTER],
    _fh_after,
    {
        # stage 1: seat 2's full house 6; Chicago: seat 0 +15; final: seat 2 +6 → 12.
        "status": "in_progress",
        "scores": [15, 0, 12],
        "deal": 2,
        "events_include": [
            {"type": "points_awarded", "seat": 2, "points": 6, "score": 6, "reason": "hand"},
            {"type": "chicago_won", "seat": 0},
            {"type": "points_awarded", "seat": 0, "points": 15, "score": 15,
             "reason": "chicago"},
            {"type": "hand_announced", "stage": 2, "seat": 2, "category": "full house"},
            {"type": "points_awarded", "seat": 2, "points": 6, "score": 12, "reason": "hand"},
            {"type": "deal_ended", "deal": 1, "reason": "chicago_won"},
        ],
        "events_exclude": [{"type": "points_awarded", "reason": "last_trick"}],
    },
)

scenario(
    "x-final_hand_after_chicago-true-basic-broken-scores-nothing-else",
    "basic: a broken Chicago costs 15 (below 0) and no other points are awarded",
    "basic",
    ["R7.2", "R8.5"],
    [deal({0: "Kh Qh Jh 9h 7h", 1: "Ah 5d 7s 9c Jd", 2: "Kc Kd Ks 3c 3d"})],
    [*keep(0, 1, 2) * 2, call(0, True), *plays("0:Kh 1:Ah 2:3c")],
    {
        "status": "in_progress",
        "scores": [-15, 0, 6],
        "deal": 2,
        "events_include": [
            {"type": "chicago_broken", "caller": 0, "breaker": 1},
            {"type": "points_awarded", "seat": 0, "points": -15, "score": -15,
             "reason": "chicago_broken"},
            {"type": "deal_ended", "deal": 1, "reason": "chicago_broken"},
        ],
        "events_exclude": [{"type": "hand_announced", "stage": 2},
                           {"type": "points_awarded", "seat": 1}],
    },
)

scenario(
    "x-final_hand_after_chicago-false-basic-no-final-hand",
    "basic without the final hand after a Chicago: only the Chicago scores",
    custom("basic", final_hand_after_chicago=False),
    ["R7.1"],
    [_FH_AFTER],
    _fh_after,
    {
        "status": "in_progress",
        "scores": [15, 0, 6],
        "deal": 2,
        "events_exclude": [{"type": "hand_announced", "stage": 2}],
    },
)

scenario(
    "x-final_hand_after_chicago-true-house-final-quads-choice-after-chicago",
    "house with the final hand after a Chicago (and calls from 0): the caller's four aces, "
    "completed in exchange 3, give a choice after the Chicago; the deal then ends as a won "
    "Chicago",
    custom("chicago-gamewide-0.2", final_hand_after_chicago=True, chicago_minimum=0),
    ["R7.1", "R4.3", "R6.4"],
    [deal({0: "Ac Ad Ah Kc 5d", 1: "2c 6d 7s 9c Jd", 2: "3c 4d 8s Tc Qd"}, "As")],
    [*keep(0, 1, 2) * 2, exchange(0, "5d"), offer(0, True), *keep(1, 2), call(0, True),
     *plays("0:As 1:7s 2:8s | 0:Ah 1:2c 2:3c | 0:Ad 1:6d 2:4d | 0:Ac 1:9c 2:Tc"
            " | 0:Kc 1:Jd 2:Qd"),
     quads(0, "points")],
    {
        # three aces 3, 6; the offered As makes four; Chicago +15 → 21; final four aces
        # (not locked: they were never chosen for) → choice → 8 → 29.
        "status": "in_progress",
        "scores": [29, 0, 0],
        "qualified": [True, False, False],
        "deal": 2,
        "to_act": {"seat": 1, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 3, "score": 6, "reason": "hand"},
            {"type": "offer_kept", "seat": 0, "card": "As"},
            {"type": "chicago_called", "seat": 0},
            {"type": "chicago_won", "seat": 0},
            {"type": "points_awarded", "seat": 0, "points": 15, "score": 21,
             "reason": "chicago"},
            {"type": "hand_announced", "stage": 3, "seat": 0, "category": "four of a kind"},
            {"type": "quads_chosen", "seat": 0, "choice": "points"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 29, "reason": "quads"},
            {"type": "deal_ended", "deal": 1, "reason": "chicago_won"},
        ],
        "events_exclude": [{"type": "points_awarded", "reason": "last_trick"}],
    },
)

scenario(
    "x-final_hand_scores-false-classic-no-final-hand",
    "classic without the final hand: after the tricks only the last trick scores",
    custom("classic", final_hand_scores=False),
    ["R6.3"],
    [NINES],
    [*keep(0, 1, 2) * 3, *plays(NINES_TRICKS)],
    {
        "status": "in_progress",
        "scores": [14, 0, 5],
        "deal": 2,
        "events_include": [
            {"type": "points_awarded", "seat": 2, "points": 5, "score": 5,
             "reason": "last_trick"},
            {"type": "deal_ended", "deal": 1, "reason": "complete"},
        ],
        "events_exclude": [{"type": "hand_announced", "stage": 3}],
    },
)

# last_trick_two_points -----------------------------------------------------------------------

scenario(
    "x-last_trick_two_points-5-classic-two-pays-5",
    "classic: the last trick pays 5 also when won with a two",
    "classic",
    ["R6.3"],
    [_ACES_TWO],
    [*keep(0, 1, 2) * 3, *plays(_ACES_TWO_SWEEP)],
    {
        # quads 7, 14 (no calls under 15); the 2h: +5 → 19; final quads 7 → 26.
        "status": "in_progress",
        "scores": [26, 0, 0],
        "events_include": [
            {"type": "trick_taken", "trick": 5, "seat": 0, "card": "2h"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 19,
             "reason": "last_trick_two"},
            {"type": "points_awarded", "seat": 0, "points": 7, "score": 26, "reason": "quads"},
        ],
    },
)

scenario(
    "x-last_trick_two_points-10-classic-two-pays-10",
    "classic with 10 for a last trick won with a two",
    custom("classic", last_trick_two_points=10),
    ["R6.3"],
    [_ACES_TWO],
    [*keep(0, 1, 2) * 3, *plays(_ACES_TWO_SWEEP)],
    {
        # 7, 14; +10 → 24; final 7 → 31.
        "status": "in_progress",
        "scores": [31, 0, 0],
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 10, "score": 24,
             "reason": "last_trick_two"},
        ],
    },
)

# win, qualification_required -----------------------------------------------------------------

# Classic deal 1 (no call): 29. Deal 2: seat 0's flush 5, 5, the last trick (Jh) 5 and
# the final flush 5 → 49 (köpstopp from deal 3 on). Deal 3 (order 2, 0, 1): seat 0 is
# dealt a straight flush and scores 8 at stage 1 → 57.
_TO_57_DEALS = [
    D1_SF_CALL,
    deal({1: "3h 5d 7s 9c Jd", 2: J2, 0: "2h 6h 8h Jh Ah"}),
    deal({2: "2c 5s 7s 9c Js", 0: "9d Td Jd Qd Kd", 1: "3c 6s 8s Tc Qs"}),
]
_to_57 = [
    *D1_SF_ACTS, *keep(1, 2, 0) * 3, call(0, False),
    *plays("1:3h 2:3c 0:Ah | 0:2h 1:5d 2:6d | 0:6h 1:7s 2:8s | 0:8h 1:9c 2:Tc | 0:Jh 1:Jd 2:Qd"),
    *keep(2, 1),
]
scenario(
    "x-win-at_target-classic-unqualified-first-to-reach-wins",
    "classic: the first to reach 52 wins at once, mid-deal, without any Chicago call; "
    "nobody is eliminated",
    "classic",
    ["R8.1", "R8.3", "R4.1"],
    _TO_57_DEALS,
    _to_57,
    {
        "status": "finished",
        "winner": 0,
        "scores": [57, 0, 0],
        "qualified": [False, False, False],
        "eliminated": [False, False, False],
        "deal": 3,
        "to_act": None,
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 29, "reason": "hand"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 49, "reason": "hand"},
            {"type": "exchange_skipped", "seat": 0, "exchange": 1, "reason": "kopstopp"},
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "straight flush"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 57, "reason": "hand"},
            {"type": "game_won", "seat": 0, "reason": "target"},
        ],
        "events_exclude": [{"type": "player_eliminated"}, {"type": "deal_ended", "deal": 3}],
    },
)

scenario(
    "x-qualification_required-true-classic-unqualified-eliminated",
    "classic with qualification required: reaching 57 without a call eliminates; the deal "
    "goes on between the other two",
    custom("classic", qualification_required=True),
    ["R8.3", "R7.4"],
    _TO_57_DEALS,
    _to_57,
    {
        "status": "in_progress",
        "winner": None,
        "scores": [57, 0, 0],
        "eliminated": [True, False, False],
        "deal": 3,
        "dealer": 1,
        "to_act": {"seat": 2, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 57, "reason": "hand"},
            {"type": "player_eliminated", "seat": 0, "score": 57},
            {"type": "exchange_started", "exchange": 2},
        ],
        "events_exclude": [{"type": "game_won"}],
    },
)

scenario(
    "x-qualification_required-false-house-unqualified-wins",
    "house without qualification: an unqualified player reaching 60 wins, no elimination",
    custom("chicago-gamewide-0.2", qualification_required=False),
    ["R8.1", "R8.3", "R4.3", "R6.3"],
    [_ACES_TWO, deal({1: "3h 5d 7c 9c Jd", 2: "3c 6d 8d Tc Qd", 0: "Kc Kd Kh Ks 2s"})],
    [*keep(0, 1, 2), quads(0, "points"), *keep(0, 1, 2) * 2, call(0, False),
     *plays(_ACES_TWO_SWEEP),
     *keep(1, 2, 0), quads(0, "points"), *keep(1, 2, 0) * 2, call(0, False),
     *plays("1:3h 2:3c 0:Kh | 0:Ks 1:5d 2:6d | 0:Kd 1:Jd 2:8d | 0:Kc 1:7c 2:Tc"
            " | 0:2s 1:9c 2:Qd")],
    {
        # deal 1: 8, 16, pass, last trick with the 2h 10 → 26, final (locked) 8 → 34.
        # deal 2: 42, 50 (keeping all five at 45+ needs no confirmation), pass,
        # last trick with the 2s 10 → 60: wins.
        "status": "finished",
        "winner": 0,
        "scores": [60, 0, 0],
        "qualified": [False, False, False],
        "eliminated": [False, False, False],
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 34, "reason": "quads"},
            {"type": "points_awarded", "seat": 0, "points": 8, "score": 50, "reason": "quads"},
            {"type": "points_awarded", "seat": 0, "points": 10, "score": 60,
             "reason": "last_trick_two"},
            {"type": "game_won", "seat": 0, "reason": "target"},
        ],
        "events_exclude": [{"type": "player_eliminated"}, {"type": "score_reset"}],
    },
)

scenario(
    "x-win-deal_end_highest-common-no-win-mid-deal",
    "common: 56 after the last trick does not end the game; at the deal's end the highest "
    "score at or above 52 (65) wins",
    "common",
    ["R8.1", "R6.3"],
    [D1_SF_CALL, D2_SF_S],
    [*keep(0, 1, 2) * 3, call(0, True), *plays(SWEEP_H),
     *keep(1, 2, 0) * 3,
     *plays("?1 1:2s ?2 2:3c ?0 0:Ks | 0:Qs 1:5d 2:6d | 0:Js 1:7c 2:8d | 0:Ts 1:9c 2:Tc"
            " | 0:9s 1:Jd 2:Qd")],
    {
        # deal 1: 9, 18, Chicago 33; deal 2: 42, 51, last trick 56, final 9 → 65.
        "status": "finished",
        "winner": 0,
        "scores": [65, 0, 0],
        "deal": 2,
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 56,
             "reason": "last_trick"},
            {"type": "hand_announced", "stage": 3, "seat": 0, "category": "straight flush"},
            {"type": "points_awarded", "seat": 0, "points": 9, "score": 65, "reason": "hand"},
            {"type": "deal_ended", "deal": 2, "reason": "complete"},
            {"type": "game_won", "seat": 0, "reason": "target"},
        ],
    },
)

scenario(
    "x-win-deal_end_highest-common-tie-plays-on",
    "common: two players tied at 58 at the end of a deal, both over 52: play goes on",
    custom("common", chicago_points=25),
    ["R8.1", "R3.3", "R7.1"],
    [D1_SF_CALL, deal({1: SF_S, 2: "2c 5d 7h 9c Jd", 0: "3c 6d 8h Tc Qd"}),
     deal({2: "3c 4s 6c 8s Kc", 0: "2h 5h 7h 9h Jh", 1: "2d 5d 7d 9d Jd"})],
    [*keep(0, 1, 2) * 3, call(0, True), *plays(SWEEP_H),
     *keep(1, 2, 0) * 3,
     *plays("!1 1:Ks 2:2c 0:3c | 1:Qs 2:5d 0:6d | 1:Js 2:7h 0:8h | 1:Ts 2:9c 0:Tc"
            " | 1:9s 2:Jd 0:Qd"),
     *keep(2, 0, 1) * 3,
     *plays("?2 2:3c ?0 0:2h ?1 1:2d | 2:6c 0:5h 1:5d | 2:8s 0:7h 1:7d | 2:4s 0:9h 1:9d"
            " | 2:Kc 0:Jh 1:Jd")],
    {
        # deal 1: seat 0 9, 18, +25 → 43; deal 2: seat 1 the same → 43; deal 3: equal
        # flushes, both score: 48/48, 53/53 (no win mid-deal); seat 2 takes every trick
        # (nobody can follow): last trick 5; final flushes 58/58: tied, play goes on.
        "status": "in_progress",
        "winner": None,
        "scores": [58, 58, 5],
        "deal": 4,
        "dealer": 2,
        "to_act": {"seat": 0, "decision": "exchange"},
        "events_include": [
            {"type": "points_awarded", "seat": 1, "points": 25, "score": 43,
             "reason": "chicago"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 53, "reason": "hand"},
            {"type": "points_awarded", "seat": 1, "points": 5, "score": 53, "reason": "hand"},
            {"type": "points_awarded", "seat": 2, "points": 5, "score": 5,
             "reason": "last_trick"},
            {"type": "points_awarded", "seat": 0, "points": 5, "score": 58, "reason": "hand"},
            {"type": "points_awarded", "seat": 1, "points": 5, "score": 58, "reason": "hand"},
            {"type": "deal_ended", "deal": 3, "reason": "complete"},
            {"type": "deal_started", "deal": 4, "dealer": 2},
        ],
        "events_exclude": [{"type": "game_won"}],
    },
)

scenario(
    "x-win-one_more_award-classic-next-award-after-reaching",
    "classic with one more award: 62 reached in deal 2 does not win; the next award, in "
    "deal 3, does",
    custom("classic", win="one_more_award"),
    ["R8.1", "R7.1"],
    [D1_SF_CALL, D2_SF_S_CALL, deal({2: J1, 0: "Ac As 5h 7h 4d", 1: J2})],
    [*D1_SF_CALL_ACTS, *keep(1, 2, 0) * 3, call(0, True), *plays(SWEEP_S), *keep(2, 1)],
    {
        # deal 1: 31; deal 2: 39, 47, Chicago 62 (no win: reached in this deal);
        # deal 3: köpstopp, seat 0's pair of aces: +1 → 63 wins.
        "status": "finished",
        "winner": 0,
        "scores": [63, 0, 0],
        "deal": 3,
        "events_include": [
            {"type": "points_awarded", "seat": 0, "points": 15, "score": 62,
             "reason": "chicago"},
            {"type": "deal_ended", "deal": 2, "reason": "chicago_won"},
            {"type": "exchange_skipped", "seat": 0, "exchange": 1, "reason": "kopstopp"},
            {"type": "hand_announced", "stage": 1, "seat": 0, "category": "one pair"},
            {"type": "points_awarded", "seat": 0, "points": 1, "score": 63, "reason": "hand"},
            {"type": "game_won", "seat": 0, "reason": "target"},
        ],
    },
)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("x-*.json"):
        old.unlink()
    for sc in SCENARIOS:
        name = sc.pop("_name")
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(sc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(path.relative_to(OUT.parent.parent))


if __name__ == "__main__":
    main()
