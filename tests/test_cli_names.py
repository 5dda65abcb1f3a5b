"""One name per player in every tool: the terminal game, line mode, `chicago replay --step`
and `chicago review` call the bots as the web table does (Astrid, Bengt, …) and the person
of a game against bots "you"; a review's mark says where in the game it was (deal, trick or
exchange) and the exact command that steps there."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from chicago.cli import main
from chicago.text.seat_names import seat_names
from chicago.tui.model import seat_label, seat_name


def test_the_terminal_game_names_the_bots_as_the_table_does() -> None:
    names = seat_names(4, 0)
    assert names == ["You", "Astrid", "Bengt", "Cissi"]
    assert [seat_name(s) for s in range(4)] == names
    assert seat_label(2, [None, "easy", "hard", "normal"]) == "Bengt (hard)"


def test_line_mode_and_replay_step_say_the_same_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--plain", "--levels", "easy,hard", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "the others are bots: Astrid (seat 1, easy), Bengt (seat 2, hard)." in out
    assert "Seat 1" not in out and "seat 1 " not in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["replay", "chicago-game.json", "--step"]) == 0
    shown = capsys.readouterr().out
    assert "\n  You: 0" in shown and "\n  Astrid: 0" in shown and "\n  Bengt: 0" in shown
    # a file line mode wrote when it listed the levels under `players` reads the same
    data = json.loads((tmp_path / "chicago-game.json").read_text(encoding="utf-8"))
    data["meta"] = {"app": "chicago play --plain", "players": ["you", "easy", "hard"]}
    (tmp_path / "older.json").write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["replay", "older.json", "--step"]) == 0
    assert "\n  Astrid: 0" in capsys.readouterr().out


def test_a_review_names_the_seat_and_says_how_to_get_there(
    planted: tuple[Path, int], monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, index = planted
    assert main(["review", str(path), "--stages", "16", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The coach's review of your decisions (seat 0)\n")
    assert ("1. Deal 1, the Chicago question: you chose to call Chicago; the coach would not "
            "call Chicago.") in out
    command = f"To see it: chicago replay {path} --step, then type g {index}"
    assert command in out
    # the command leads there: step `index` is the moment of the call, the next step the call
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"g {index}\nn\nq\n"))
    assert main(["replay", str(path), "--step"]) == 0
    stepped = capsys.readouterr().out
    after = stepped.split(f"Step {index + 1} of")[1]
    assert after.split("\n")[1].strip() == "You call Chicago and must win all five tricks."
    assert main(["review", str(path), "--seat", "1", "--stages", "16"]) == 0
    assert capsys.readouterr().out.startswith("The coach's review of Astrid (seat 1)\n")
