"""`chicago review FILE`: the coach's review of a game file in the terminal — the summary and
the marks (costliest first, or in game order), in English or Swedish, or one JSON object;
a progress bar on a terminal only; a bad file or seat is one line on standard error and
exit status 2, as `chicago replay` (docs/game-file.md)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from chicago.cli import main


def test_json_for_scripts(planted: tuple[Path, int], capsys: Any) -> None:
    path, index = planted
    assert main(["review", str(path), "--json", "--stages", "16,64"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["seat"] == 0
    s = data["summary"]
    assert s["marked"] == 1 and s["fine"] == s["decisions"] - 1 and s["top"] == [index]
    [mark] = data["marks"]
    assert mark["index"] == index and mark["cost"]["low"] > 0
    assert mark["played"] == "call Chicago" and mark["suggested"] == "not call Chicago"
    assert err == ""  # a progress bar only on a terminal


def test_words_in_swedish(planted: tuple[Path, int], capsys: Any) -> None:
    path, _ = planted
    assert main(["review", str(path), "--lang", "sv", "--stages", "16"]) == 0
    out = capsys.readouterr().out
    assert "Tränarens genomgång av dina beslut (plats 0)" in out
    assert "ropa Chicago" in out and "påhittade givar" in out
    assert "the coach" not in out and "imagined" not in out and "points" not in out
    assert re.search(r"omkring \d+,\d poäng", out)  # the Swedish decimal comma


def test_a_tables_file_names_its_person(planted: tuple[Path, int], tmp_path: Path,
                                        capsys: Any) -> None:
    """A table with people's backup (`meta.players`): the review names the seat as the table
    did."""
    path, _ = planted
    data = json.loads(path.read_text())
    data["meta"] = {"players": ["Ann"] + [None] * (data["seats"] - 1)}
    named = tmp_path / "people.json"
    named.write_text(json.dumps(data))
    assert main(["review", str(named), "--lang", "sv", "--stages", "16"]) == 0
    out = capsys.readouterr().out
    assert "Tränarens genomgång av Ann (plats 0)" in out
    # the marks are about Ann's choices, not the reader's (R7.2: the Chicago breaks)
    assert "Ann valde att ropa Chicago" in out and "med valet Ann gjorde" in out
    assert "ditt val" not in out and "du valde" not in out and "Ditt val" not in out


@pytest.mark.parametrize(("args", "says"), [
    (["/no/such/game.json"], "cannot read"),
    (["{bad}"], "not valid JSON"),
    (["{game}", "--seat", "7"], "--seat 7"),
])
def test_a_bad_file_or_seat_is_one_line_and_status_2(
    planted: tuple[Path, int], tmp_path: Path, capsys: Any, args: list[str], says: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    path, _ = planted
    args = [a.replace("{bad}", str(bad)).replace("{game}", str(path)) for a in args]
    assert main(["review", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and says in err and err.count("\n") == 1
