"""The arena (chicago.table.arena.games, `chicago arena`): the game loop, duplicate deals with seat
rotation, reproducible results whatever the number of processes, the statistics and the CLI."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from chicago.bots.base import Bot, Suggestion, why
from chicago.cli import main
from chicago.core.actions import Action
from chicago.core.events import Event
from chicago.core.game import Game
from chicago.core.record import dump, loads, replay
from chicago.core.rules import get_profile
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView
from chicago.table.arena.games import (
    ArenaConfig,
    Outcome,
    deal_set_seed,
    format_table,
    percentile,
    play_game,
    rotations,
    run_arena,
    run_task,
    summary,
    tasks,
    wilson,
)


class RandomBot(Bot):
    """A test-only bot: a uniformly random legal action from its seeded stream."""

    level = "random"

    def _decide(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Suggestion:
        return Suggestion(legal[rng.below(len(legal))], why("play.any"))


TIMING_KEYS = {"elapsed_s", "cpu_s", "jobs", "decision_ms_mean", "decision_ms_p95"}


def without_timing(value: Any) -> Any:
    """The summary without the numbers that depend on the clock or the worker count."""
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items() if k not in TIMING_KEYS}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


# --- the game loop -----------------------------------------------------------------------


def test_play_game_plays_to_the_end_and_reports_every_event() -> None:
    seen: list[Event] = []
    result = play_game(
        [RandomBot() for _ in range(3)],
        seed=11,
        max_actions=None,
        on_events=lambda game, events: seen.extend(events),
    )
    assert result.finished and not result.capped
    assert result.winner is not None
    assert seen == result.game.events
    assert result.actions == len(result.game.actions)
    assert sum(len(t) for t in result.decision_times) == result.actions
    # The record replays to the same game (docs/game-file.md).
    again = replay(loads(json.dumps(dump(result.game))))
    assert again.state.scores == result.scores and again.state.winner == result.winner


def test_play_game_is_reproducible() -> None:
    a = play_game([RandomBot() for _ in range(4)], seed=5, max_actions=600)
    b = play_game([RandomBot() for _ in range(4)], seed=5, max_actions=600)
    assert a.game.actions == b.game.actions
    c = play_game([RandomBot() for _ in range(4)], seed=6, max_actions=600)
    assert c.game.actions != a.game.actions


def test_action_cap_stops_a_game_as_unfinished() -> None:
    result = play_game([RandomBot() for _ in range(4)], seed=5, max_actions=40)
    assert result.capped and not result.finished
    assert result.actions == 40 and result.winner is None


def test_play_game_continues_a_given_game() -> None:
    game = Game.new(seats=2, seed=3)
    result = play_game([RandomBot(), RandomBot()], game=game, max_actions=None)
    assert result.game is game and game.finished
    with pytest.raises(ValueError, match="3 players for a 2-seat game"):
        play_game([RandomBot()] * 3, game=Game.new(seats=2, seed=3))


# --- duplicate deals and rotation ----------------------------------------------------------


def test_rotations_put_every_level_in_every_seat() -> None:
    levels = ("hard", "normal", "normal", "normal")
    rots = rotations(levels)
    assert len(rots) == 4 and rots[0] == levels
    for seat in range(4):
        assert {r[seat] for r in rots} == {"hard", "normal"}
        assert sum(r[seat] == "hard" for r in rots) == 1
    # Repeating assignments would replay identical games: they are dropped.
    assert rotations(("normal", "easy", "normal", "easy")) == [
        ("normal", "easy", "normal", "easy"),
        ("easy", "normal", "easy", "normal"),
    ]
    assert rotations(("easy",) * 5) == [("easy",) * 5]
    three = rotations(("a", "b", "c"))
    assert len(three) == 3 and all(sorted(r) == ["a", "b", "c"] for r in three)


def test_tasks_play_each_deal_set_once_per_rotation_on_the_same_seed() -> None:
    config = ArenaConfig(("hard", "easy", "easy"), games=7, seed=9)
    todo = tasks(config)
    assert config.deal_sets == 3 and len(todo) == 9  # 7 rounded up to whole deal sets
    for k in range(3):
        games = [t for t in todo if t.deal_set == k]
        assert len({t.seed for t in games}) == 1
        assert games[0].seed == deal_set_seed(9, k)
        for seat in range(3):
            assert {t.levels[seat] for t in games} == {"hard", "easy"}
    assert len({t.seed for t in todo}) == 3
    assert [t.index for t in todo] == list(range(9))


# --- the arena ---------------------------------------------------------------------------


def test_tiny_arena_gives_the_same_results_on_one_and_two_processes() -> None:
    config = ArenaConfig(("easy", "easy", "easy"), games=4, seed=3, jobs=1)
    one = run_arena(config)
    two = run_arena(ArenaConfig(("easy", "easy", "easy"), games=4, seed=3, jobs=2))
    assert one["jobs"] == 1 and two["jobs"] == 2
    assert without_timing(one) == without_timing(two)
    assert one["games"] == 4 and one["finished"] + one["unfinished"] == 4
    assert one["failed"] == 0
    assert sum(s["wins"] for s in one["by_seat"]) == one["finished"]
    easy = one["by_level"]["easy"]
    assert easy["games"] == 4 and easy["wins"] == one["finished"]
    assert easy["decisions"] > 0 and easy["decision_ms_p95"] >= 0


def test_arena_counts_capped_and_failed_games() -> None:
    config = ArenaConfig(("easy", "easy"), games=2, seed=1, max_actions=10)
    s = run_arena(config)
    assert s["unfinished"] == 2 and s["finished"] == 0
    assert all(e["wins"] == 0 for e in s["by_seat"])
    bad = run_task(tasks(ArenaConfig(("easy", "nonsense"), games=1))[0])
    assert bad.error is not None and "nonsense" in bad.error
    s = summary(ArenaConfig(("easy", "nonsense"), games=1), [bad])
    assert s["failed"] == 1 and s["errors"] and "failed:" in format_table(s)


def _outcome(index: int, levels: tuple[str, ...], winner: int | None) -> Outcome:
    n = len(levels)
    return Outcome(
        index, index // 2, index % 2, 1, levels, winner is not None, winner, 100, 3,
        tuple(52 if s == winner else 10 for s in range(n)), (False,) * n, [1] * n,
        [int(s == winner) for s in range(n)], [[0.001, 0.003]] * n,
    )


def test_summary_counts_wins_by_level_and_by_seat() -> None:
    a, b = ("normal", "easy", "normal", "easy"), ("easy", "normal", "easy", "normal")
    outcomes = [_outcome(0, a, 0), _outcome(1, b, 1), _outcome(2, a, 1), _outcome(3, b, None)]
    config = ArenaConfig(a, games=4)
    s = summary(config, outcomes)
    normal, easy = s["by_level"]["normal"], s["by_level"]["easy"]
    assert (normal["games"], normal["wins"], easy["wins"]) == (4, 2, 1)
    assert normal["win_rate"] == 0.5 and normal["fair_share"] == 0.5
    assert normal["ci95"] == list(wilson(2, 4))
    assert s["unfinished"] == 1 and s["finished"] == 3
    assert [e["wins"] for e in s["by_seat"]] == [1, 2, 0, 0]
    assert normal["chicago_calls"] == 8 and normal["chicago_succeeded"] == 2
    assert normal["avg_score"] == pytest.approx((52 + 52 + 10 * 6) / 8)
    assert normal["decision_ms_mean"] == pytest.approx(2.0)
    assert normal["decision_ms_p95"] == pytest.approx(3.0)


# --- statistics --------------------------------------------------------------------------


def test_wilson_interval() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert lo == pytest.approx(0.7225, abs=1e-4) and hi == 1.0
    lo, hi = wilson(81, 263)  # a textbook case (Wilson 1927 via Newcombe 1998): 0.2553–0.3662
    assert lo == pytest.approx(0.2553, abs=1e-4) and hi == pytest.approx(0.3662, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    # Symmetric, narrower with more trials, always containing the observed rate.
    assert wilson(3, 10) == pytest.approx(tuple(1 - x for x in reversed(wilson(7, 10))))
    assert wilson(50, 100)[1] - wilson(50, 100)[0] < wilson(5, 10)[1] - wilson(5, 10)[0]
    for k in range(21):
        lo, hi = wilson(k, 20)
        assert lo <= k / 20 <= hi
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_percentile_is_nearest_rank() -> None:
    assert percentile([], 95) == 0.0
    assert percentile([3.0], 95) == 3.0
    assert percentile([float(i) for i in range(1, 101)], 95) == 95.0
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50) == 3.0


# --- the command -------------------------------------------------------------------------


def test_cli_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--levels", "easy,easy,easy", "--games", "3", "--seed", "2",
                 "--jobs", "1", "--json"])
    assert code == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert captured.err == ""  # no progress bar where standard error is no terminal
    assert set(data) >= {
        "seats", "levels", "profile", "seed", "games", "deal_sets", "rotations", "finished",
        "unfinished", "failed", "max_actions", "jobs", "elapsed_s", "cpu_s", "by_level",
        "by_seat", "by_place", "place_chi2", "wins_by_reason",
    }
    assert data["seats"] == 3 and data["levels"] == ["easy"] * 3 and data["games"] == 3
    assert data["profile"] == "chicago-gamewide-0.2"
    level = data["by_level"]["easy"]
    assert set(level) == {
        "seats", "games", "wins", "win_rate", "ci95", "fair_share", "avg_score",
        "chicago_calls", "chicago_succeeded", "eliminations", "seat_games", "decisions",
        "decision_ms_mean", "decision_ms_p95",
    }
    assert len(level["ci95"]) == 2 and 0 <= level["ci95"][0] <= level["ci95"][1] <= 1
    assert [s["seat"] for s in data["by_seat"]] == [0, 1, 2]
    assert set(data["by_seat"][0]) == {"seat", "wins", "win_rate", "ci95", "fair_share"}
    # places clockwise from the first dealer's left (R1.2, R1.3) hold the same wins
    assert sum(p["wins"] for p in data["by_place"]) == sum(s["wins"] for s in data["by_seat"])
    assert sum(data["wins_by_reason"].values()) == sum(s["wins"] for s in data["by_seat"])


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--seats", "2", "--levels", "easy", "--games", "2", "--jobs", "2",
                 "--quiet", "--profile", "classic"])
    assert code == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "Arena: 2 seats, levels easy,easy, profile classic" in captured.out
    assert "win rate" in captured.out and "95% CI" in captured.out and "p95 ms" in captured.out
    assert "2 games = 2 deal sets x 1 rotation" in captured.out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--levels", "easy,nonsense"], "unknown bot level 'nonsense'"),
        (["--seats", "3", "--levels", "easy,easy"],
         "chicago arena: --levels: an arena of 3 seats needs 3 levels, one per seat (seats 0 "
         "to 2), or one for all, not 2"),
        (["--levels", "easy,easy,easy,easy,easy,easy,easy"],
         "--levels names 7 levels, one per seat, and a game has 2 to 6 seats (R1.1)"),
    ],
)
def test_cli_refuses_bad_levels(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", *argv, "--games", "1"]) == 2
    assert message in capsys.readouterr().err


def test_cli_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--seats", "7"], ["--games", "0"], ["--profile", "nope"], ["--jobs", "x"]):
        with pytest.raises(SystemExit) as info:
            main(["arena", *argv])
        assert info.value.code == 2
    assert "unknown rule profile 'nope'" in capsys.readouterr().err


def test_arena_runs_other_profiles() -> None:
    s = run_arena(ArenaConfig(("easy", "easy"), games=1, profile=get_profile("common")))
    assert s["profile"] == "common" and s["games"] == 1


def test_chi_square_p_values() -> None:
    """Seat fairness is reported with a chi-square test; its p-value is computed here, checked
    against table values (5% and 1% critical values, and a closed form for 2 df)."""
    import math

    from chicago.table.arena.figures import chi_square_sf, chi_square_uniform

    assert chi_square_sf(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_sf(7.815, 3) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_sf(11.345, 3) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_sf(15.086, 5) == pytest.approx(0.01, abs=1e-4)
    for x in (0.1, 1.0, 4.0, 20.0):
        assert chi_square_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-9)
    assert chi_square_uniform([50, 50, 50, 50]) == (0.0, 3, 1.0)
    stat, df, p = chi_square_uniform([45, 58, 40, 57])
    assert (round(stat, 2), df) == (4.76, 3) and 0.18 < p < 0.2
    assert chi_square_uniform([]) == (0.0, 0, 1.0)
