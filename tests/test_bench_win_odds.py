"""bench/win_odds.py: what a game records (R1.4: a deal starts after the last one ends; R8:
the winner), and that its fits find strengths they were given."""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import win_odds


def test_a_game_records_every_deal_start_and_its_winner() -> None:
    game = win_odds.play((("easy", "easy"), 7))
    assert game["seats"] == 2 and game["winner"] in (0, 1)
    first = game["starts"][0]
    assert first[0] == [0, 0] and first[1] == 0 and first[2] == 0  # R1.1: scores start at 0
    for scores, qualified, out, dealer in game["starts"]:
        assert all(0 <= s < 52 for s in scores)  # R8.1, R8.3: 52 ends a seat's game
        assert 0 <= qualified < 4 and 0 <= out < 4 and dealer in (0, 1)


def _synthetic(strength: list[float], games: int, rng: random.Random) -> list[str]:
    """Two-seat games whose winner is drawn by a known strength per unqualified score."""
    lines = []
    for seed in range(games):
        a, b = rng.randrange(52), rng.randrange(52)
        pa = math.exp(strength[a]) / (math.exp(strength[a]) + math.exp(strength[b]))
        winner = 0 if rng.random() < pa else 1
        lines.append(json.dumps({"seed": seed, "seats": 2, "winner": winner,
                                 "starts": [[[a, b], 0, 0, 0]]}))
    return lines


def test_the_fit_finds_the_strengths_it_was_given(tmp_path: Path) -> None:
    truth = [s / 20 for s in range(52)]  # a point is worth 0.05 in the logit
    log = tmp_path / "games.jsonl"
    log.write_text("\n".join(_synthetic(truth, 6000, random.Random(5))) + "\n")
    data = list(win_odds.starts([log], 2))
    f = win_odds.fit(data, smooth=300.0)
    assert abs((f[51] - f[0]) - (truth[51] - truth[0])) < 0.5
    assert win_odds.log_loss(data, f) < win_odds.log_loss(data, [0.0] * 104)


def test_the_shift_finds_a_stronger_level(tmp_path: Path) -> None:
    """A level exp(0.7) times as strong as the table, as strong once qualified (b = 0)."""
    rng = random.Random(11)
    lines = []
    for seed in range(4000):
        a, b = rng.randrange(40), rng.randrange(40)
        qa, qb = rng.random() < 0.5, rng.random() < 0.5
        pa = math.exp(0.7) / (math.exp(0.7) + 1.0)
        winner = 0 if rng.random() < pa else 1
        lines.append(json.dumps({"seed": seed, "seats": 2, "winner": winner,
                                 "starts": [[[a, b], qa | qb << 1, 0, 0]]}))
    log = tmp_path / "mixed.jsonl"
    log.write_text("\n".join(lines) + "\n")
    data = win_odds.starts_by_level(log, ["hard", "normal"], "hard")
    a, b, sa, sb = win_odds.fit_shift(data, [0.0] * 104)
    assert abs(a - 0.7) < 3 * sa and abs(b) < 3 * sb
