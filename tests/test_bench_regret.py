"""The exchanges' regret bench (bench/regret.py): the judge sees every hand (it breaks R9.2
on purpose, for measurement only); the variants decide from their own view, and no variant
does better than the judge's best discard by the judge's own values."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from chicago.core.actions import Exchange
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import regret


def at_last_exchange(seed: int) -> Game:
    """A four-seat game in which everyone kept five until seat 0's third exchange (R2.1)."""
    game = Game.new(seats=4, seed=seed, dealer=3)
    while not (game.state.phase is Phase.EXCHANGE and game.state.exchange == 3):
        seat = game.state.to_act
        assert seat is not None
        game.apply(Exchange(seat, ()))
    assert game.state.to_act == 0
    return game


@pytest.mark.parametrize("judge", sorted(regret.JUDGES))
def test_the_judge_values_every_variants_discard(judge: str) -> None:
    """R2.1: at the last exchange every variant's discard is legal and valued by the judge;
    a regret is never negative, and it is zero exactly when the variant agrees."""
    game = at_last_exchange(21)
    names = ["hard", "normal", "easy"]
    rows: list[list[float]] = []
    agree: list[list[bool]] = []
    probe = regret.Probe(game, names, False, rows, agree, judge)
    legal = game.legal_actions()
    action = probe.choose(view(game.state, 0), legal, Stream(21, "test"))
    assert action in legal
    assert len(rows) == 1 and len(rows[0]) == len(names)
    for r, a in zip(rows[0], agree[0], strict=True):
        assert r >= -1e-9
        assert a == (r <= 1e-9)
    table = regret.report(names, rows, agree)
    assert "| `normal` | 1 |" in table
    assert len(probe.notes) == 1 and probe.notes[0].regret == rows[0][0]
    assert probe.notes[0].hand == " ".join(c.text for c in game.state.hands[0])
    assert "of the regret where a Chicago call decides" in regret.worst("hard", probe.notes, 5)


def test_not_asked_before_the_last_exchange() -> None:
    """Without `--all-exchanges` only the last exchange (R2.1, exchange 3) is measured."""
    game = Game.new(seats=4, seed=22, dealer=3)
    rows: list[list[float]] = []
    probe = regret.Probe(game, ["hard"], False, rows, [], "hands")
    probe.choose(view(game.state, 0), game.legal_actions(), Stream(22, "test"))
    assert rows == []


def test_mean_and_standard_error() -> None:
    m, se = regret.mean_se([1.0, 2.0, 3.0, 4.0])
    assert m == pytest.approx(2.5)
    assert se == pytest.approx((5 / 3) ** 0.5 / 2)
