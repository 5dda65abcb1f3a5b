"""Helpers for the history tests (no tests here): finished games made quickly, by random
legal play through the engine, then imported or played through the API."""

from __future__ import annotations

import random
from typing import Any

from test_api_support import Player

from chicago.core import record
from chicago.core.game import Game
from chicago.core.rules import get_profile
from chicago.table.history.games import HistoryService


def history_of(app: Any) -> HistoryService:
    """The app's history service (to reach the stored games behind the API)."""
    service: HistoryService = app.state.history
    return service


def finished_file(seed: int, seats: int = 2, profile: str = "chicago-gamewide-0.2",
                  levels: list[str | None] | None = None) -> dict[str, Any]:
    """A whole game of random legal play, as a game file (with `meta.levels`)."""
    rng = random.Random(seed)
    game = Game.new(get_profile(profile), seats, seed)
    while not game.finished:
        game.apply(rng.choice(list(game.legal_actions())))
    meta = {"levels": levels or [None] + ["easy"] * (seats - 1)}
    return record.dump(game, meta)


def play_to_the_end(player: Player, seed: int, seats: int = 2) -> dict[str, Any]:
    """A game played through the API, seat 0 choosing at random, to its end."""
    rng = random.Random(seed)
    table = player.new_game(seats=seats, seed=seed, level="easy")
    for _ in range(5000):
        if table["status"] == "finished":
            return table
        r = player.act(table, rng.choice(table["legal"]))
        assert r.status_code == 200, r.text
        table = r.json()
    raise AssertionError("the game did not end")


def in_play(player: Player, seed: int, actions: int = 25) -> dict[str, Any]:
    """A game in play, after some of seat 0's decisions."""
    rng = random.Random(seed)
    table = player.new_game(seats=3, seed=seed, level="easy")
    for _ in range(actions):
        r = player.act(table, rng.choice(table["legal"]))
        assert r.status_code == 200, r.text
        table = r.json()
        assert table["status"] != "finished"
    return table
