"""Glicko-2, as Mark Glickman describes it in "Example of the Glicko-2 system": one rating
period's update of a player's rating, rating deviation (RD) and volatility from the results
of that period, the new volatility found by the Illinois algorithm.

Pure arithmetic on floats, no I/O. It lives in the application (`chicago.table`) and not in
the rules core: the core holds the rules of Chicago and nothing else, and a rating is not a
rule of the game but what the application makes of finished games. The store never does this
arithmetic; it hands the ratings it reads to a function given by the application
(`chicago.table.ratings.game`), inside its transaction.

One extension of the published description: a result may carry a weight (1 for a whole
game), which multiplies that result's terms in the variance and the improvement sums. With
every weight 1 this is the published update exactly; `chicago.table.ratings.game` weighs the
pairwise results of a game of n players 1/(n-1) each.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

SCALE: Final = 173.7178
"""Between the Glicko scale (ratings around 1500) and Glicko-2's (around 0): 400/ln 10."""
DEFAULT_RATING: Final = 1500.0
DEFAULT_RD: Final = 350.0
DEFAULT_VOLATILITY: Final = 0.06
DEFAULT_TAU: Final = 0.5
"""The system constant: how much the volatility may change in a period (0.3 to 1.2 are
reasonable; smaller values keep the volatility steadier)."""
EPSILON: Final = 1e-6
"""The convergence tolerance of the volatility's iteration."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating, rating deviation and volatility, on the Glicko scale."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    def __post_init__(self) -> None:
        for name, value in (("rating", self.rating), ("rd", self.rd),
                            ("volatility", self.volatility)):
            if not math.isfinite(value):
                raise ValueError(f"a rating's {name} must be a finite number, not {value!r}")
        if self.rd <= 0:
            raise ValueError(f"a rating deviation must be positive, not {self.rd!r}")
        if self.volatility <= 0:
            raise ValueError(f"a volatility must be positive, not {self.volatility!r}")


@dataclass(frozen=True, slots=True)
class Result:
    """One result of a rating period: against whom (their rating before the period), the
    score (1 a win, 0.5 a draw, 0 a loss) and its weight (1 for a whole game)."""

    opponent: Rating
    score: float
    weight: float = 1.0

    def __post_init__(self) -> None:
        if not 0.0 <= self.score <= 1.0:
            raise ValueError(f"a result's score must be from 0 to 1, not {self.score!r}")
        if not (math.isfinite(self.weight) and self.weight > 0):
            raise ValueError(f"a result's weight must be positive, not {self.weight!r}")


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score the player is expected to make against the opponent (0 to 1)."""
    return _expected(
        (player.rating - DEFAULT_RATING) / SCALE,
        (opponent.rating - DEFAULT_RATING) / SCALE,
        _g(opponent.rd / SCALE),
    )


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, the root of f by the Illinois algorithm (regula falsi
    with the retained end's value halved)."""
    a = math.log(sigma * sigma)
    d2, p2 = delta * delta, phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if d2 > p2 + v:
        big_b = math.log(d2 - p2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def idle(player: Rating) -> Rating:
    """A rating period without games: the rating and volatility stay, the RD grows."""
    phi = player.rd / SCALE
    return Rating(
        player.rating,
        SCALE * math.sqrt(phi * phi + player.volatility**2),
        player.volatility,
    )


def rate(player: Rating, results: Sequence[Result], tau: float = DEFAULT_TAU) -> Rating:
    """The player's rating after a rating period with these results (all against the
    opponents' ratings from before the period). No results: `idle`."""
    if not (math.isfinite(tau) and tau > 0):
        raise ValueError(f"the system constant tau must be positive, not {tau!r}")
    if not results:
        return idle(player)
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.rd / SCALE
    information = 0.0  # 1/v
    improvement = 0.0  # the sum of g(phi_j)(s_j - E_j), weighted
    for r in results:
        g_j = _g(r.opponent.rd / SCALE)
        e_j = _expected(mu, (r.opponent.rating - DEFAULT_RATING) / SCALE, g_j)
        information += r.weight * g_j * g_j * e_j * (1.0 - e_j)
        improvement += r.weight * g_j * (r.score - e_j)
    v = 1.0 / information
    delta = v * improvement
    sigma = _volatility(delta, phi, v, player.volatility, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(SCALE * mu_new + DEFAULT_RATING, SCALE * phi_new, sigma)
