"""The chance of winning the whole game from the scores, fitted on self-play (R7.4, R8).

Points are not worth the same everywhere: ten points lift a seat at 10 a little, and a seat
at 40 that still needs its call (R7.4, R8.3) may gain less from them than one that has it.
bench/win_odds.py measures, per table size, how often a seat wins from the scores,
qualifications and eliminations at a deal's start, and fits a logit: active seat i wins with
chance exp f(s_i, q_i) over the sum of exp f over the active seats, f a table over the
score and the qualification (`winning.json` next to this module). It is fitted for the house
rules only; other profiles, and table sizes it has no table for, get None.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from chicago.core.rules import DEFAULT_PROFILE, RuleProfile


@dataclass(frozen=True)
class WinOdds:
    """exp f by score (0 up to the table's top) for unqualified and qualified seats."""

    unqualified: tuple[float, ...]
    qualified: tuple[float, ...]
    own: tuple[float, float] = (1.0, 1.0)
    """The asking seat's strength over the table's, unqualified and qualified: a player
    stronger than the one the table was fitted on (bench/win_odds.py `shift`)."""

    def strength(self, score: int, qualified: bool) -> float:
        row = self.qualified if qualified else self.unqualified
        return row[min(len(row) - 1, max(0, score))]

    def monotone(self) -> WinOdds:
        """These odds with each row made non-decreasing in the score (pooled neighbours,
        as isotonic regression does): no score is worse to hold than a lower one."""
        return WinOdds(_pooled(self.unqualified), _pooled(self.qualified), self.own)

    def shifted(self, a: float, b: float) -> WinOdds:
        """These odds for a seat exp(a) times as strong, exp(a + b) once qualified."""
        return WinOdds(self.unqualified, self.qualified, (math.exp(a), math.exp(a + b)))

    def chance(
        self, seat: int, scores: Sequence[int], qualified: Sequence[bool], out: Sequence[bool]
    ) -> float:
        """The chance that `seat` (active) wins, among the seats not `out`."""
        total = 0.0
        mine = 0.0
        for s, score in enumerate(scores):
            if out[s]:
                continue
            x = self.strength(score, qualified[s])
            if s == seat:
                x *= self.own[qualified[s]]
                mine = x
            total += x
        return mine / total if total > 0 else 0.0


def _pooled(row: Sequence[float]) -> tuple[float, ...]:
    """The closest non-decreasing row in log strength (pool adjacent violators); values
    not pooled stay as they are."""
    blocks: list[tuple[float, int, float]] = []  # (sum of logs, count, the value alone)
    for x in row:
        total, n = math.log(x), 1
        while blocks and blocks[-1][0] / blocks[-1][1] > total / n:
            t, k, _alone = blocks.pop()
            total, n = total + t, n + k
        blocks.append((total, n, x))
    out: list[float] = []
    for total, n, alone in blocks:
        out.extend([alone] if n == 1 else [math.exp(total / n)] * n)
    return tuple(out)


@cache
def _tables() -> dict[int, WinOdds]:
    text = resources.files("chicago.bots").joinpath("winning.json").read_text("utf-8")
    data = json.loads(text)
    out = {}
    for seats, table in data["tables"].items():
        out[int(seats)] = WinOdds(tuple(math.exp(x) for x in table["unqualified"]),
                                  tuple(math.exp(x) for x in table["qualified"]))
    return out


def win_odds(profile: RuleProfile, seats: int) -> WinOdds | None:
    """The fitted odds for this table, or None (another profile, or no table for the size)."""
    if profile != DEFAULT_PROFILE:
        return None
    return _tables().get(seats)
