"""The log of a seat's table, its events turned into JSON once each (`chicago.web.wire`'s
`view_json`), is `view_to_json` at every version, for every seat and a spectator (R9.1)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago.core.game import Game
from chicago.core.rules import PRESETS
from chicago.core.views import view_to_json, watch_view
from chicago.web.wire import view_json


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 5))
def test_a_log_made_once_per_event_is_the_view_to_json(seed: int, seats: int) -> None:
    """`view_json` (each event of the log turned into JSON once per seat) is `view_to_json`
    at every version for every seat and a spectator, redacted for each (R9.1)."""
    game = Game.new(PRESETS[sorted(PRESETS)[-1]], seats, seed)
    rng = random.Random(seed)
    for _ in range(300):
        for seat in range(seats):
            v = game.view(seat)
            assert view_json(v) == view_to_json(v)
        w = watch_view(game.state)
        assert view_json(w) == view_to_json(w)
        if game.finished:
            break
        game.apply(rng.choice(list(game.legal_actions())))
