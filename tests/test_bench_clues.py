"""The hard level's measured variants (bench/clues.py): each plays legal games from its own
view (R9.2), and each changes only what it says it changes."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from chicago.bots.hard import EXACT, ROLL, HardBot
from chicago.core import record
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import view
from chicago.table.arena.games import play_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import clues


@pytest.mark.parametrize("name", sorted(clues.VARIANTS))
def test_every_variant_decides_legally_from_its_view(name: str) -> None:
    """R9.2: a variant decides from the seat's view; its first decisions of a deal (the
    exchanges, R2.1) are legal ones."""
    game = Game.new(seats=4, seed=13)
    bot = clues.VARIANTS[name]()
    for i in range(8):
        state = game.state
        seat = state.to_act
        assert seat is not None
        legal = game.legal_actions()
        action = bot.choose(view(state, seat), legal, Stream(13, name, i))
        assert action in legal
        game.apply(action)


def test_the_late_lean_reads_the_ranks_only_after_the_exchanges() -> None:
    """`hard-lean-late`: every clue but the ranks' lean at the exchanges (R2.1), every clue
    at the tricks (R6)."""
    bot = clues.LeanLate()
    game = Game.new(seats=4, seed=17)
    exchange_reader, play_reader = None, None
    while play_reader is None:
        state = game.state
        seat = state.to_act
        assert seat is not None
        v = view(state, seat)
        if state.phase is Phase.EXCHANGE and exchange_reader is None:
            exchange_reader = bot._read(v)
        if state.phase is Phase.PLAY:
            play_reader = bot._read(v)
        legal = game.legal_actions()
        game.apply(bot.choose(v, legal, Stream(17, len(game.actions))))
    assert exchange_reader is not None and "r" not in exchange_reader.kinds
    assert "r" in play_reader.kinds and play_reader.kinds == HardBot.clue_kinds


def test_the_deep_variant_searches_deeper_and_nothing_else() -> None:
    """`hard-deep`: the exact search starts at a hand at least as big at every table size,
    bigger somewhere; everything else is hard's."""
    deep = clues.VARIANTS["hard-deep"]
    assert all(deep.exact_sizes[n] >= EXACT[n] and deep.roll_sizes[n] >= ROLL[n] for n in EXACT)
    assert any(deep.exact_sizes[n] > EXACT[n] for n in EXACT)
    assert (deep.worlds, deep.play_samples, deep.clue_kinds) == (
        HardBot.worlds, HardBot.play_samples, HardBot.clue_kinds)


def test_hard_before_plays_the_games_hard_played_before_its_opponent_model() -> None:
    """`hard-before` is the yardstick for what the opponent model changed in hard (and so in the
    coach's hints): replayed histories and 128 worlds, every decision (R2-R6) the one hard
    made at commit 5758a19. The digest is of the game file's actions (docs/game-file.md) of the
    2-seat game on seed 3 that hard played at that commit."""
    game = Game.new(seats=2, seed=3)
    play_game([clues.VARIANTS["hard-before"]() for _ in range(2)], game=game)
    actions = json.dumps(record.dump(game)["actions"])
    assert len(record.dump(game)["actions"]) == 137
    assert hashlib.sha256(actions.encode()).hexdigest()[:16] == "2318ca85628944e0"
    today = Game.new(seats=2, seed=3)
    play_game([HardBot(), HardBot()], game=today)
    assert record.dump(today)["actions"] != record.dump(game)["actions"]


def test_hard_shape_plays_the_games_hard_played_before_its_replayed_histories() -> None:
    """`hard-shape` is the yardstick for what the replayed histories at the exchanges
    (bots/policy.py) changed: every decision (R2-R6) the one hard made before them, at commit
    8c3b3fc. The digest is of the game file's actions (docs/game-file.md) of the 2-seat game
    on seed 3 that hard played at that commit."""
    game = Game.new(seats=2, seed=3)
    play_game([clues.VARIANTS["hard-shape"]() for _ in range(2)], game=game)
    actions = json.dumps(record.dump(game)["actions"])
    assert len(record.dump(game)["actions"]) == 191
    assert hashlib.sha256(actions.encode()).hexdigest()[:16] == "bd84d7dbd3a63aac"
