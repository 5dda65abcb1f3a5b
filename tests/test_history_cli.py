"""The terminal side of looking back: `chicago replay FILE --step` steps through a game (and
`chicago replay FILE` stays byte for byte as docs/game-file.md says); `chicago stats` prints the
figures of this computer's terminal games."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from chicago.cli import main
from chicago.core import record
from chicago.store import Store
from chicago.table.tables.service import TableService
from chicago.tui.local import local_owner
from stats_games import games


def _file(tmp_path: Path, index: int = 1) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(games()[index]), encoding="utf-8")
    return path


def test_plain_replay_output_is_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    game = record.replay(record.loads(path.read_text()))
    assert out == json.dumps(record.state_to_json(game), ensure_ascii=False) + "\n"


def test_step_through_a_finished_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("n\nd 2\nb\nz\ng 99\ne\nq\n"))
    assert main(["replay", str(path), "--step"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Step 0 of 18 (deal 1)\n")
    # the game is over: everything shows; the bots keep their table names
    assert "Astrid is dealt J♦ 9♥ 5♣ 3♣ 3♦." in out
    assert "Step 16 of 18 (deal 2)" in out and "Step 15 of 18 (deal 1)" in out
    assert "Unknown command z" in out and "There is no step 99 (steps 0 to 18)." in out
    assert "Astrid wins the game by a straight flush." in out
    assert "Seat 1" not in out and "  Astrid: " in out and "  You: " in out
    assert "Stock (top first): " in out


def test_step_through_a_tables_game_names_its_people(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table with people's backup names its people in `meta.players` (null for a bot): the
    steps name them as the table did, a bot by its table name ("Astrid (bot)" beside a
    person called Astrid), in English and in Swedish."""
    data = games()[1]
    path = tmp_path / "people.json"

    def steps(players: list[str | None]) -> str:
        data["meta"] = {"players": players}
        path.write_text(json.dumps(data), encoding="utf-8")
        monkeypatch.setattr(sys, "stdin", io.StringIO("e\nq\n"))
        assert main(["replay", str(path), "--step"]) == 0
        return capsys.readouterr().out

    out = steps(["Ann", "Bo"])
    assert "Bo is dealt J♦ 9♥ 5♣ 3♣ 3♦." in out and "Bo wins the game by a straight flush." in out
    assert "  You: " in out and "  Bo: " in out and "Seat 1" not in out
    out = steps(["Astrid", None])
    assert "Astrid (bot) wins the game by a straight flush." in out
    monkeypatch.setenv("LANGUAGE", "sv")
    out = steps(["Ann", "Bo"])
    assert "Bo vinner partiet genom" in out and "  Du: " in out and "Plats 1" not in out


def test_step_through_a_game_in_play_hides_the_others(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    data = games()[1]
    data["actions"] = data["actions"][:5]
    path = tmp_path / "open.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("e\n"))
    assert main(["replay", str(path), "--step"]) == 0
    out = capsys.readouterr().out
    assert "Astrid: 0 · 5 hidden cards" in out
    for c in ["3c", "3d", "9h", "Jd", "5c"]:
        assert c not in out
    assert "Stock" not in out


def test_chicago_stats_prints_the_local_games_figures(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.db'}"
    service = TableService(Store(url))
    owner = local_owner("ann")
    for g in games():
        service.import_file(owner, g)
    service.store.close()
    run = [sys.executable, "-m", "chicago.cli", "stats", "--database-url", url, "--user", "ann"]
    out = subprocess.run(run, capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin", "LANG": "C"}).stdout
    assert "Finished games" in out and "75%" in out and "Calls made" in out
    assert "Average points per deal" in out and "24.57" in out
    sv = subprocess.run(run, capture_output=True, text=True, check=True,
                        env={"PATH": "/usr/bin:/bin", "LANG": "sv_SE.UTF-8"}).stdout
    assert "Avslutade partier" in sv
    other = subprocess.run(run[:-1] + ["bob"], capture_output=True, text=True, check=True,
                           env={"PATH": "/usr/bin:/bin"}).stdout
    assert "No finished games yet" in other
    csv = subprocess.run(run + ["--csv"], capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin"}).stdout
    assert len(csv.strip().splitlines()) == 5
