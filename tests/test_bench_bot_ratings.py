"""The fit of bench/bot_ratings.py: from results whose odds are known it finds the ratings
those odds mean on the Glicko scale, anchored where it is told, with errors that shrink as
results are added."""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import bot_ratings
from chicago.table.ratings.glicko import SCALE


def test_the_fit_finds_the_ratings_the_results_mean() -> None:
    """a scores 3 of 4 against b (odds 3 to 1: ln 3 apart on the Glicko-2 scale), b 1 of 2
    against c; each game's results weigh 1/(n-1) as the ratings weigh them."""
    games = [{"levels": ["a", "b"], "places": [1, 2]}] * 3 + [
        {"levels": ["a", "b"], "places": [2, 1]},
        {"levels": ["b", "c", "c"], "places": [1, 2, 2]},
        {"levels": ["b", "c", "c"], "places": [3, 1, 1]},
    ]
    results = bot_ratings.pair_results(games)
    assert ("b", "c", 1.0, 0.5) in results and ("a", "b", 0.0, 1.0) in results
    fitted = bot_ratings.fit(results, ["a", "b", "c"], "b")
    assert fitted["b"] == (1500.0, 0.0)
    assert math.isclose(fitted["a"][0], 1500 + SCALE * math.log(3), abs_tol=1e-6)
    assert math.isclose(fitted["c"][0], 1500.0, abs_tol=1e-6)
    more = bot_ratings.fit(results * 4, ["a", "b", "c"], "b")
    assert math.isclose(more["a"][0], fitted["a"][0], abs_tol=1e-6)
    assert math.isclose(more["a"][1], fitted["a"][1] / 2, rel_tol=1e-6)
