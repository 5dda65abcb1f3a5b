"""The `chicago` command's options: knob values in every offered form, refused
contradictions naming both knobs, the `house` alias, a reader that stops early, and
`--levels` read the same way by `play` and `arena`."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chicago.cli import main, profile_with_changes, seats_for_levels
from chicago.core.rules import CHOICES, HOUSE, PRESETS, get_profile, knob_from_text
from cli_support import run_cli

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "first-scoring.json"


def _offered_forms(value: object) -> list[str]:
    """How a person may type an offered value: as the error message shows it and plainly."""
    if value is None:
        return ["none", "None", "null"]
    if isinstance(value, bool):
        return [str(value).lower(), str(value)]
    if isinstance(value, tuple):
        inside = ", ".join(str(x) for x in value)
        return [",".join(str(x) for x in value), f"[{inside}]", f"({inside})"]
    if isinstance(value, int):
        return [str(value)]
    text = str(getattr(value, "value", value))
    return [text, repr(text)]


def test_every_offered_value_is_accepted_by_set(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rules.md §X: every value a knob offers can be typed after --set (none, lists, words);
    a refusal is only ever a contradiction, never "cannot be"."""
    for preset in PRESETS:
        for knob, values in CHOICES.items():
            for value in values:
                for form in _offered_forms(value):
                    code, out, err = run_cli(
                        capsys, "rules", "--profile", preset, "--set", f"{knob}={form}"
                    )
                    assert "cannot be" not in err and "unknown" not in err, (knob, form, err)
                    if code == 0:
                        assert out.startswith("# "), (knob, form)
                    else:
                        assert "contradicts" in err or "needs" in err, err


def test_knob_values_as_typed() -> None:
    assert knob_from_text("score_floor", "none") is None
    assert knob_from_text("chicago_two_points", "NULL") is None
    assert knob_from_text("high_score", "none") == "none"  # the word, not None
    assert knob_from_text("open_offer", "True") is True
    for typed in ("1,2,3,4,5,6", "[1, 2, 3, 4, 5, 6]", "(1, 2, 3, 4, 5, 6)"):
        assert knob_from_text("hand_awards", typed) == [1, 2, 3, 4, 5, 6]
    assert knob_from_text("quads", "'choice'") == "choice"
    assert knob_from_text("target", "51") == 51
    assert knob_from_text("target", "a,b") == "a,b"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--set", "straight_flush=win", "--set", "straight_flush_points=11"],
         "straight_flush_points=11 contradicts straight_flush=win: a straight flush wins "
         "outright, so it scores no points (change one of them)"),
        (["--profile", "classic", "--set", "straight_flush=win",
          "--set", "straight_flush_points=11"],
         "straight_flush_points=11 contradicts straight_flush=win"),
        (["--profile", "common", "--set", "high_score_threshold=42"],
         "high_score_threshold=42 contradicts high_score=none: with no high-score rule there "
         "is no threshold (change one of them)"),
    ],
)
def test_contradictions_name_both_knobs(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """R4.4: a straight flush that wins outright scores no points, so its points cannot be
    set; with no high-score rule (R2.4 off) there is no threshold to set."""
    code, out, err = run_cli(capsys, "rules", *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith(f"chicago rules: {message}"), err


def test_points_for_a_straight_flush_that_scores_are_fine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run_cli(capsys, "rules", "--set", "straight_flush=points",
                        "--set", "straight_flush_points=11")
    assert code == 0 and "11" in out


def test_house_is_an_alias_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    assert get_profile("house") is HOUSE
    assert profile_with_changes("house", ["target=51"]).base == HOUSE.id
    code, out, _ = run_cli(capsys, "rules", "--profile", "house")
    assert code == 0
    assert out == run_cli(capsys, "rules", "--profile", HOUSE.id)[1]
    code, out, err = run_cli(capsys, "rules", "--profile", "poker")
    assert code == 2 and "chicago-gamewide-0.2 (house)" in err
    help_text = _run_help(capsys, "play")
    assert "chicago-gamewide-0.2 (house)" in help_text


def _run_help(capsys: pytest.CaptureFixture[str], command: str) -> str:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    return " ".join(capsys.readouterr().out.split())


def test_play_and_arena_take_the_house_alias_and_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 5000))
    code = main(["play", "--plain", "--profile", "house", "--set", "target=51",
                 "--levels", "easy", "--seed", "3"])
    assert code == 0
    out = capsys.readouterr().out
    assert "Rules: chicago-gamewide-0.2+target=51" in out and "target 51" in out
    data = json.loads((tmp_path / "chicago-game.json").read_text(encoding="utf-8"))
    assert data["profile"]["knobs"]["target"] == 51
    code = main(["play", "--plain", "--set", "target=7"])
    assert code == 2 and "target cannot be 7" in capsys.readouterr().err
    code = main(["arena", "--profile", "house", "--levels", "easy,easy", "--games", "2",
                 "--jobs", "1", "--quiet", "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)


def test_levels_mean_the_same_in_play_and_arena() -> None:
    """One level per computer player, or one for all; the list sets the seats (R1.1)."""
    assert seats_for_levels(None, "easy,hard", bots_at_seat_0=True) == 2
    assert seats_for_levels(None, "easy,hard", bots_at_seat_0=False) == 3
    assert seats_for_levels(None, "hard", bots_at_seat_0=False) == 4
    assert seats_for_levels(5, "hard", bots_at_seat_0=True) == 5
    with pytest.raises(ValueError, match="with you that makes 7 seats, and a game has 2 to 6"):
        seats_for_levels(None, ",".join(["easy"] * 6), bots_at_seat_0=False)


def test_play_levels_set_the_seats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--plain", "--levels", "easy,hard", "--seed", "2"]) == 0
    assert ("the others are bots: Astrid (seat 1, easy), Bengt (seat 2, hard)."
            in capsys.readouterr().out)
    data = json.loads((tmp_path / "chicago-game.json").read_text(encoding="utf-8"))
    assert data["seats"] == 3


def test_replay_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone, as `| head` does once it has its lines
    try:
        done = subprocess.run(
            [sys.executable, "-m", "chicago.cli", "replay", str(EXAMPLE)],
            stdout=write_end, stderr=subprocess.PIPE, timeout=60, check=False,
        )
    finally:
        os.close(write_end)
    assert done.stderr.decode() == ""
    assert done.returncode == 0


def test_replay_piped_to_head(tmp_path: Path) -> None:
    done = subprocess.run(
        f"{sys.executable} -m chicago.cli replay {EXAMPLE} | head -c 20",
        shell=True, capture_output=True, timeout=60, check=False,
    )
    assert done.stderr.decode() == "" and len(done.stdout) == 20


def test_play_set_reaches_the_full_screen_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import chicago.tui

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(chicago.tui, "run", lambda **kw: calls.append(kw) or 0)
    assert main(["play", "--profile", "house", "--set", "straight_flush=points",
                 "--set", "straight_flush_points=11"]) == 0
    [kw] = calls
    profile = kw["profile"]
    assert getattr(profile, "straight_flush_points", None) == 11
    assert getattr(profile, "base", None) == HOUSE.id and kw["start_new"] is True
    assert kw["seats"] == 4


def test_version_is_the_packages(capsys: pytest.CaptureFixture[str]) -> None:
    """`chicago --version` says the version pyproject.toml gives the package."""
    import tomllib

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    expected = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"]
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"chicago {expected}\n"
