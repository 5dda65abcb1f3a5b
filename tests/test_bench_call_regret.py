"""The Chicago question's regret bench (bench/call_regret.py): the judge sees every hand (it
breaks R9.2 on purpose, for measurement only); the variants answer from their own view, and
a regret is what an answer is worth less than the judge's better one."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

from chicago.bots.levels import EASY, HARD, NORMAL
from chicago.core.actions import ChicagoCall, Exchange
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import call_regret


def at_question(seed: int) -> Game:
    """A four-seat game with seat 0 at 20 points, everyone keeping five until the Chicago
    question, which seat 0 answers first (R5.1: 15 points or more to be asked)."""
    game = Game.new(seats=4, seed=seed, dealer=3)
    game.state = dataclasses.replace(game.state, scores=(20, 20, 20, 20))
    while game.state.phase is not Phase.CHICAGO:
        seat = game.state.to_act
        assert seat is not None
        game.apply(Exchange(seat, ()))
    assert game.state.to_act == 0
    return game


def test_every_answer_is_valued_against_the_judge() -> None:
    """R5.1, R7.1, R7.2: every variant answers the question legally; a regret is never
    negative, and it is zero exactly when the variant gives the judge's better answer."""
    game = at_question(31)
    names = [HARD, NORMAL, EASY]
    rows: list[list[tuple[float, bool, bool]]] = []
    kinds: list[str] = []
    probe = call_regret.Probe(game, names, rows, kinds)
    legal = game.legal_actions()
    action = probe.choose(view(game.state, 0), legal, Stream(31, "test"))
    assert action in legal and isinstance(action, ChicagoCall)
    assert len(rows) == 1 and len(rows[0]) == len(names)
    for regret, _, right in rows[0]:
        assert regret >= 0
        assert right == (regret == 0)
    hard_called = rows[0][0][1]
    assert hard_called == (isinstance(action, ChicagoCall) and action.call)
    table = call_regret.report(names, rows)
    assert f"| `{NORMAL}` | 1 |" in table
    assert len(kinds) == 1 and kinds[0].split(".")[0] == ("call" if hard_called else "pass")
    assert f"| {kinds[0]} | 1 |" in call_regret.by_reason(HARD, rows, kinds)


def test_not_asked_outside_the_question() -> None:
    """Only the Chicago question (R5.1) is measured: an exchange adds no row."""
    game = Game.new(seats=4, seed=32, dealer=3)
    rows: list[list[tuple[float, bool, bool]]] = []
    probe = call_regret.Probe(game, [HARD], rows)
    probe.choose(view(game.state, 0), game.legal_actions(), Stream(32, "test"))
    assert rows == []
