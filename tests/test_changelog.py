"""CHANGELOG.md's newest entry is the installed version, the one `chicago --version` prints:
a release that raises the version without saying what it brought, or a changelog entry for
a version that was never set, fails here."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

CHANGELOG = Path(__file__).resolve().parents[1] / "CHANGELOG.md"
ENTRY = re.compile(r"^## (\d+\.\d+\.\d+\S*) — \d{4}-\d{2}-\d{2}$", re.MULTILINE)


def top_version(text: str) -> str:
    """The version of the first `## X.Y.Z — YYYY-MM-DD` heading."""
    found = ENTRY.search(text)
    assert found, "CHANGELOG.md has no entry headed `## X.Y.Z — YYYY-MM-DD`"
    return found.group(1)


def test_top_entry_is_the_installed_version() -> None:
    assert top_version(CHANGELOG.read_text(encoding="utf-8")) == version("chicago")


def test_top_version_reads_the_first_entry_only() -> None:
    text = "# Changelog\n\n## 0.2.0 — 2027-01-02\n\n- x\n\n## 0.1.0 — 2026-12-06\n"
    assert top_version(text) == "0.2.0"
    assert top_version(text.replace("0.2.0", "0.3.0", 1)) != version("chicago")
