"""The `chicago` command for a person at a terminal: the rules rendered when standard output
is a terminal (no `#` or `|` for a screen reader to read), Markdown when piped; statistics of
a database that does not exist refused in one line, creating nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from chicago.cli import main
from cli_support import in_a_terminal

CHICAGO = [sys.executable, "-m", "chicago.cli"]


def test_rules_are_rendered_in_a_terminal_and_markdown_when_piped() -> None:
    piped = subprocess.run([*CHICAGO, "rules", "--lang", "en"], capture_output=True,
                           text=True, check=True).stdout
    assert piped.startswith("# ") and "\n| " in piped
    shown = in_a_terminal(["rules", "--lang", "en"])
    lines = [line.strip() for line in shown.splitlines() if line.strip()]
    assert lines and not any(line.startswith(("#", "|")) for line in lines), lines[:5]
    title = piped.splitlines()[0].lstrip("# ").strip()
    assert title in shown


def test_stats_of_a_database_that_does_not_exist(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "mistyped" / "chicago.db"
    code = main(["stats", "--database-url", f"sqlite:///{missing}"])
    err = capsys.readouterr().err
    assert code == 2 and err == f"chicago stats: no database at {missing}\n"
    assert not missing.exists() and not missing.parent.exists()
    beside = tmp_path / "typo.db"
    assert main(["stats", "--database-url", f"sqlite:///{beside}"]) == 2
    assert not beside.exists()


def test_keep_takes_lang_like_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """`chicago keep --lang sv` runs the scorekeeper in Swedish, as `chicago play --lang sv`
    runs the game."""
    import chicago.tui.keep as keep
    from chicago.text.i18n import current_language

    seen: list[str] = []

    def run(database_url: str | None, pad: str | None) -> int:
        seen.append(current_language())
        return 0

    monkeypatch.setattr(keep, "run", run)
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["keep", "--lang", "sv"]) == 0
    assert main(["keep", "--lang", "en"]) == 0
    assert seen == ["sv", "en"]
