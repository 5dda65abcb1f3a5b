"""Statistics for the arena's figures: Wilson intervals for win rates, nearest-rank
percentiles for decision times, and a chi-square test of seat fairness (its p-value computed
here: the project does not depend on scipy)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

Z95: Final = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) for no trials."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return lo, hi


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..100) of the values; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def chi_square_uniform(counts: Sequence[int]) -> tuple[float, int, float]:
    """Pearson's chi-square test that `counts` come from equal shares: (statistic, degrees
    of freedom, p-value). No counts, or a single cell, give (0, 0, 1)."""
    total = sum(counts)
    k = len(counts)
    if total <= 0 or k < 2:
        return 0.0, 0, 1.0
    expected = total / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    df = k - 1
    return stat, df, chi_square_sf(stat, df)


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with `df` degrees of freedom: the regularized
    upper incomplete gamma function Q(df/2, x/2)."""
    if x <= 0:
        return 1.0
    return _gamma_q(df / 2, x / 2)


def _gamma_q(a: float, x: float) -> float:
    """Q(a, x) by its series below a + 1 and its continued fraction above (Lentz)."""
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(1000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)
