"""What every table a seat is sent holds, made from what was made before (so that
the processor time per action does not grow): at every version of whole games, for every
seat and both languages, `Told` gives the parts `told` gives over the whole log from a
fresh narrator (R9.1: each seat's own redacted log), and it did tell on rather than anew;
the log's events turned into JSON once each (chicago.web.wire.events) are `view_to_json`."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from chicago.core.events import event_to_json
from chicago.core.game import Game
from chicago.core.rules import PRESETS
from chicago.core.views import view_to_json, watch_view
from chicago.text import narration
from chicago.text.i18n import use_language
from chicago.text.narration import Narrator
from chicago.text.parts import Part
from chicago.text.told import Told
from chicago.web.wire import view_json

Story = list[list[Part]]


def story(told: Told, game_id: str, game: Game, seat: int) -> tuple[Story, Story]:
    """(told on, told anew) for `seat`'s view of the game now."""
    v = game.view(seat)
    log = [j for j in (event_to_json(e, seat) for e in v.log) if j is not None]
    scores = dict(enumerate(game.state.scores))  # a deal's end takes the scores of the moment

    def fresh() -> Narrator:
        return Narrator(v.profile, v.seats, seat, list(v.scores), list(v.qualified),
                        list(v.eliminated))

    start = (v.profile, v.seats, seat, v.scores, v.qualified, v.eliminated)
    on = told.tell((game_id, seat), start, fresh, log, scores)
    return on, narration.told(fresh(), log, scores)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 5),
       profile=st.sampled_from(sorted(PRESETS)))
def test_a_story_told_on_is_the_story_told_anew(seed: int, seats: int, profile: str) -> None:
    game = Game.new(PRESETS[profile], seats, seed)
    rng = random.Random(seed)
    told = Told()
    versions = 0
    while not game.finished and versions < 400:
        for lang in ("en", "sv"):
            with use_language(lang):
                for seat in range(seats):
                    on, anew = story(told, "g", game, seat)
                    assert on == anew
        game.apply(rng.choice(list(game.legal_actions())))
        versions += 1
    assert told.reused > versions  # most events were not told again


def test_a_different_start_or_log_is_told_anew() -> None:
    """A standing that changed, or a log that does not begin with the kept events (a new
    deal), is told from the start: nothing kept is reused wrongly."""
    game = Game.new(PRESETS[sorted(PRESETS)[0]], 3, 5)
    told = Told()
    rng = random.Random(5)
    with use_language("en"):
        for _ in range(6):
            story(told, "g", game, 0)
            game.apply(rng.choice(list(game.legal_actions())))
        v = game.view(0)
        log = [j for j in (event_to_json(e, 0) for e in v.log) if j is not None]

        def fresh() -> Narrator:
            return Narrator(v.profile, v.seats, 0, [9, 9, 9], list(v.qualified),
                            list(v.eliminated))

        before = told.reused
        other = (v.profile, v.seats, 0, (9, 9, 9), v.qualified, v.eliminated)
        assert told.tell(("g", 0), other, fresh, log) == narration.told(fresh(), log)
        assert told.reused == before
        shorter = log[1:]
        assert told.tell(("g", 0), other, fresh, shorter) == narration.told(fresh(), shorter)
        assert told.reused == before


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
