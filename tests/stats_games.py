"""Four short stacked-deck games for the statistics tests (no tests here), two seats, the
house rules, dealer 1 (so seat 0 exchanges and leads first, R1.3/R6.1). The comments give
what each game is, worked out by hand from docs/rules.md."""

from __future__ import annotations

from typing import Any

from scenario_actions import call, deal, keep, plays, quads

BASE: dict[str, Any] = {"format": "chicago-game/1", "seats": 2, "seed": 1, "dealer": 1}
SF_0 = {0: "5h 6h 7h 8h 9h", 1: "2c 4d 9s Jc Kd"}
"""Seat 0's straight flush: the best hand at stage 1, it wins at once at 52 (R4.4)."""


def games() -> list[dict[str, Any]]:
    # Game 1 (easy opponent): the straight flush in deal 1. Seat 0: +52 (a hand award),
    # won by straight flush, not qualified; best hand of deal 1: straight flush.
    g1 = {**BASE, "deals": [deal(SF_0)], "actions": keep(0, 1),
          "meta": {"levels": [None, "easy"]}}
    # Game 2 (easy): deal 1, two pair A-K beats a pair of threes at stages 1 and 2 (+2, +2,
    # R4.2); seat 0 takes every trick, the last with the 2s (+10, R6.3), then the deferred
    # final hand (+2): 16 points, one last trick, won with a two. Deal 2: seat 1's straight
    # flush wins (R4.4); seat 0 held high card. Lost; best hands: two pair, high card.
    g2 = {**BASE,
          "deals": [deal({0: "Ah Ad Kc Kh 2s", 1: "3c 3d 9h Jd 5c"}),
                    deal({1: "5d 6d 7d 8d 9d", 0: "2c 3h 7s Tc Qd"})],
          "actions": keep(0, 1) * 3
          + plays("0:Ah 1:9h | 0:Ad 1:3d | 0:Kc 1:3c | 0:Kh 1:5c | 0:2s 1:Jd") + keep(1, 0),
          "meta": {"levels": [None, "easy"]}}
    # Game 3 (normal): four queens, points at stage 1 (+8, R4.3), locked and +8 again at
    # stage 2: 16, so seat 0 may call (R5.1) and does; seat 1's As takes trick 1: broken
    # (-15, R7.2; seat 1 +10), seat 0 at 1 but qualified (R7.4). Deal 2: seat 0's straight
    # flush, +51 to 52: won. Best hands: four of a kind, straight flush.
    g3 = {**BASE,
          "deals": [deal({0: "Qs Qh Qd Qc 3h", 1: "As 4c 5d 8h Tc"}), deal(SF_0)],
          "actions": keep(0, 1) + [quads(0, "points")] + keep(0, 1) + keep(0, 1)
          + [call(0, True)] + plays("0:Qs 1:As") + keep(1, 0),
          "meta": {"levels": [None, "normal"]}}
    # Game 4 (hard): four queens again, 8 + 8 = 16, the call, and all five tricks (+15,
    # R7.1): 31, qualified. Deal 2: the straight flush, +21 to 52: won. Best hands: four of
    # a kind, straight flush.
    g4 = {**BASE,
          "deals": [deal({0: "Qs Qh Qd Qc As", 1: "2s 3h 4d 5c 6s"}), deal(SF_0)],
          "actions": keep(0, 1) + [quads(0, "points")] + keep(0, 1) + keep(0, 1)
          + [call(0, True)]
          + plays("0:As 1:2s | 0:Qh 1:3h | 0:Qd 1:4d | 0:Qc 1:5c | 0:Qs 1:6s") + keep(1, 0),
          "meta": {"levels": [None, "hard"]}}
    return [g1, g2, g3, g4]
