"""A scorekeeper game entered from an engine-played game ends exactly as the engine's did.

For every preset, many seeds and table sizes, and random custom profiles: bots play a game
with the engine, a table "tells" the pad what happened (keep_oracle), and the pad must
produce the engine's own scoring story event for event — every award (R4, R6.3, R7), reset
(R2.4, R4.3, R4.4), elimination (R8.3), and the win (R8) — and the same final scores,
qualifications (R7.4), eliminations and winner.
"""

from __future__ import annotations

import random

import pytest
from keep_oracle import engine_game, keep_game, noted

from chicago.core.keep import Pad
from chicago.core.rules import CHOICES, PRESETS, ProfileError, RuleProfile, customize


def _story(pad: Pad) -> list[object]:
    return noted(pad.opening + tuple(e for line in pad.lines for e in line.events))


def _check(profile: RuleProfile, seats: int, seed: int, level: str) -> None:
    game = engine_game(profile, seats, seed, level)
    assert game.finished, "the bots finish every game within the cap"
    pad = keep_game(game)
    assert pad.finished and pad.ask.kind == "over"
    assert _story(pad) == noted(tuple(game.events))
    s, t = pad.state, game.state
    assert (s.scores, s.qualified, s.eliminated, s.winner, s.deal) == (
        t.scores, t.qualified, t.eliminated, t.winner, t.deal,
    )


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("seed", range(12))
def test_preset_games_with_easy_bots(name: str, seed: int) -> None:
    _check(PRESETS[name], 2 + seed % 5, seed, "easy")


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("seed", range(3))
def test_preset_games_with_normal_bots(name: str, seed: int) -> None:
    """Normal bots call Chicago (R5, R7 success and broken) far more often than easy ones."""
    _check(PRESETS[name], 3 + seed, 100 + seed, "normal")


def _random_profile(rng: random.Random) -> RuleProfile:
    while True:
        base = rng.choice(list(PRESETS))
        knobs = {k: rng.choice(v) for k, v in CHOICES.items() if rng.random() < 0.3}
        try:
            return customize(base, **knobs)
        except ProfileError:
            continue


@pytest.mark.parametrize("seed", range(16))
def test_custom_profile_games(seed: int) -> None:
    """§X custom knobs: block, auto Chicago, royal win, one-more-award, ±13/25, …"""
    profile = _random_profile(random.Random(seed))
    _check(profile, 2 + seed % 5, seed, "easy")
