"""Helpers for the tests of the `chicago` command run in-process (no tests here): a command's
exit code and what it printed, and a game file replayed through `chicago replay`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chicago.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """`chicago ARGV`: its exit code, standard output and standard error."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def replay_json(data: dict[str, Any], tmp_path: Path,
                capsys: pytest.CaptureFixture[str]) -> Any:
    """The replay `chicago replay` prints for a game file holding `data` (it must succeed)."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)
