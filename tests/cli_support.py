"""Helpers for the tests of the `chicago` command (no tests here): a command run in-process with
its exit code and what it printed, a game file replayed through `chicago replay`, and what the
command shows a person at a terminal."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from chicago.cli import main

CHICAGO = [sys.executable, "-m", "chicago.cli"]


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


def in_a_terminal(args: list[str], env: dict[str, str] | None = None, *,
                  keyboard: bool = False) -> str:
    """What `chicago ARGS` shows when its standard output is a terminal (and its standard input
    too with `keyboard`, as a pager needs); `env` defaults to a 100-column UTF-8 xterm."""
    if env is None:
        env = {**os.environ, "COLUMNS": "100", "TERM": "xterm", "LANG": "C.UTF-8"}
    leader, follower = pty.openpty()
    proc = subprocess.Popen([*CHICAGO, *args], stdout=follower, stderr=subprocess.PIPE,
                            stdin=follower if keyboard else subprocess.DEVNULL, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert proc.wait(timeout=60) == 0
    return b"".join(chunks).decode("utf-8", "replace")
