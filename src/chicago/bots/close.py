"""When a decision of the hard level is close: the figure it turns on within a few standard
errors of its line, so that more imagined deals may tell it (`HardBot.close_samples` for the
Chicago question, `HardBot.close_plays` for a card to play)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

from chicago.core.cards import Card

from .stakes import call_worth

CLOSE_SE: Final = 2.0
"""A Chicago question (`HardBot.close_samples`) or a card to play (`HardBot.close_plays`) is
close when a figure it turns on is within this many standard errors of its line."""


def close_call(
    holds: int, samples: int, finals: float, passing: float, values: tuple[float, float],
    lines: tuple[float, float | None],
) -> bool:
    """Whether a call's odds counted in `samples` imagined deals leave the question close: the
    share of deals in which the call holds near a line it is compared with (the least share
    of a risky call, the qualifying rule's, R7.4), or the call's worth near the deal's
    without it. A call that held in every deal or in none is not close."""
    share = holds / samples
    spread = math.sqrt(share * (1 - share) / samples)
    if spread == 0:
        return False
    worth = call_worth(share, values) + finals / samples - passing / samples
    if abs(worth) < CLOSE_SE * spread * (values[0] - values[1]):
        return True
    return any(line is not None and abs(share - line) < CLOSE_SE * spread for line in lines)


def close_play(per: Mapping[Card, Sequence[float]], guide: Card) -> bool:
    """Whether the two best cards' values, deal by deal, leave their order in doubt: the
    mean of their paired differences within `CLOSE_SE` standard errors of nothing."""
    ranked = sorted(per, key=lambda c: -(sum(per[c]) + (1e-6 if c is guide else 0.0)))
    if len(ranked) < 2:
        return False
    diffs = [a - b for a, b in zip(per[ranked[0]], per[ranked[1]], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    spread = math.sqrt(var / n)
    return spread > 0 and abs(mean) < CLOSE_SE * spread
