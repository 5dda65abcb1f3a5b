"""The measuring tools of the hard level's Chicago calls (bench/calls.py, bench/call_policies.py)
and the paired comparison of two arena logs (bench/arena_log.py compare, slim), and whether
the others break the calls they could break (bench/defense.py)."""

from __future__ import annotations

import sys
from itertools import pairwise
from pathlib import Path

import pytest

from chicago.bots import hard
from chicago.bots.hard import HardBot
from chicago.bots.stakes import Stakes, call_worth
from chicago.core.game import Game
from chicago.core.rules import DEFAULT_PROFILE
from chicago.core.views import view
from chicago.table.arena.games import ArenaConfig, run_task, tasks

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import arena_log
import call_policies
import calls
import defense


def _stakes(score: int, kind: type[Stakes] = Stakes) -> Stakes:
    return kind(DEFAULT_PROFILE, 0, (score, 0, 0, 0), (False,) * 4, (False,) * 4)


def test_a_calls_worth_is_linear_in_its_share() -> None:
    """R7.1/R7.2: a call made good or broken moves fixed points, so its worth is the mix."""
    assert call_worth(1.0, (15.0, -25.0)) == 15.0
    assert call_worth(0.0, (15.0, -25.0)) == -25.0
    assert call_worth(0.25, (15.0, -25.0)) == pytest.approx(-15.0)


def test_the_calibration_keeps_the_ends_and_lowers_the_middle() -> None:
    """bench/call_policies.py: the measured share of calls made good at a share counted."""
    c = call_policies.calibrated
    assert c(0.0) == 0.0 and c(1.0) == 1.0
    shares = [i / 20 for i in range(21)]
    assert all(c(a) <= c(b) for a, b in pairwise(shares))
    assert c(0.5) < 0.4


def test_the_patient_seat_is_forced_to_call_later_and_only_while_it_decides() -> None:
    """R7.4, R8.3: forced from 45, not 37; the hard module's globals are its own again after
    each decision, so other hard seats of the game play as they always do."""
    patient = _stakes(40, call_policies._PatientStakes)
    assert _stakes(40).urgent_call and not patient.urgent_call
    assert call_policies._call_from(patient) is not None
    game = Game.new(DEFAULT_PROFILE, 4, 3)
    bot = call_policies.PatientBot()
    seat = game.state.to_act
    assert seat is not None
    bot.choose(view(game.state, seat), game.legal_actions(), hard.Stream(1, "t"))
    assert hard.Stakes is Stakes and hard.call_worth is call_worth


def test_every_question_of_a_hard_seat_is_noted_with_the_calls_result() -> None:
    """bench/calls.py: R5.1 questions of hard seats only, every call made good (R7.1) or
    broken (R7.2), and a question whose call holds on the real hands counted as such."""
    task = tasks(ArenaConfig(("hard", "normal", "hard", "normal"), games=2, seed=11))[0]
    notes = calls.one(task)
    assert notes and all(task.levels[q.seat] == "hard" for q in notes)
    assert all(0.0 <= q.share <= 1.0 for q in notes)
    assert all(q.made is not None for q in notes if q.called)
    assert all(q.made is None for q in notes if not q.called)
    rows = calls.table(notes)
    assert rows[0].startswith("| counted share") and len(rows) > 2


def test_a_hard_variant_may_stand_for_hard_in_the_calls_bench() -> None:
    """bench/calls.py: a variant of bench/clues.py (`hard-before`) is asked its Chicago
    questions (R5.1) as its own class decides them; other levels are not noted."""
    game = Game.new(seats=4, seed=11)
    recorder = calls.Recorder(game, 0, [], "hard-before")
    assert type(recorder.bot) is calls.VARIANTS["hard-before"]
    assert type(calls.Recorder(game, 0, []).bot) is HardBot
    assert calls.recorded("hard") and calls.recorded("hard-before")
    assert not calls.recorded("normal")


def test_two_logs_compare_game_by_game(tmp_path: Path) -> None:
    """bench/arena_log.py compare: the same deals in the same seats; a log against itself
    differs by nothing, and logs of two seeds are refused."""
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    arena_log.run(a, ("easy", "normal", "easy", "normal"), games=4, seed=3, jobs=1)
    arena_log.run(b, ("normal", "easy", "normal", "easy"), games=4, seed=3, jobs=1)
    same = arena_log.compare(a, a)
    assert same["games"] == 4 and same["difference"] == 0 and same["standard_error"] == 0
    paired = arena_log.compare(a, b)
    # each log's share is its first level's, over both seat rotations (R1.2)
    assert paired["a_wins"] == arena_log.summarize(a)["by_level"]["easy"]["wins"] / 4
    assert paired["b_wins"] == arena_log.summarize(b)["by_level"]["normal"]["wins"] / 4
    assert paired["difference"] == pytest.approx(paired["b_wins"] - paired["a_wins"])
    arena_log.run(c, ("easy", "normal", "easy", "normal"), games=2, seed=4, jobs=1)
    with pytest.raises(SystemExit, match="different seeds"):
        arena_log.compare(a, c)


def test_a_slim_log_keeps_the_games_and_resumes(tmp_path: Path) -> None:
    """bench/arena_log.py slim: the same games without their decision times; `run` on the
    copy plays only the games missing, so a long arena goes on from what was kept; `run
    --slim` logs them so from the start."""
    full, thin = tmp_path / "full.jsonl", tmp_path / "thin.jsonl"
    arena_log.run(full, ("easy", "normal"), games=2, seed=5, jobs=1)
    assert arena_log.slim(full, thin) == 2
    before, after = arena_log.summarize(full), arena_log.summarize(thin)
    assert after["by_level"]["easy"]["wins"] == before["by_level"]["easy"]["wins"]
    assert before["by_level"]["easy"]["decisions"] > 0 == after["by_level"]["easy"]["decisions"]
    arena_log.run(thin, ("easy", "normal"), games=4, seed=5, jobs=1)
    arena_log.run(full, ("easy", "normal"), games=4, seed=5, jobs=1)
    _, games = arena_log.read(thin)
    assert sorted(o.index for o in games) == [0, 1, 2, 3]
    assert arena_log.compare(full, thin)["difference"] == 0
    born_slim = tmp_path / "born.jsonl"  # `run --slim`: slim from the first game on
    arena_log.run(born_slim, ("easy", "normal"), games=2, seed=5, jobs=1, slim=True)
    assert arena_log.summarize(born_slim)["by_level"]["easy"]["decisions"] == 0
    assert arena_log.compare(full, born_slim)["difference"] == 0


def test_the_defense_bench_counts_every_call_once() -> None:
    """bench/defense.py: every call of a game (R5.1) is counted once, by its caller's level,
    with whether it could be broken on the real hands (R5.2) and how it ended (R7)."""
    config = ArenaConfig(("easy", "normal", "easy", "normal"), games=4, seed=21)
    total = 0
    for task in tasks(config):
        counts = defense.one(task)
        outcome = run_task(task)  # the same game again: the bots decide the same way
        assert sum(counts.values()) == sum(outcome.calls)
        assert all(level in ("easy", "normal") for level, _, _ in counts)
        total += sum(counts.values())
    assert total > 0, "no call in these games: the test would check nothing"
