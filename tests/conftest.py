"""Test helpers shared across folders (server_support.py here) are importable from any test,
and the fixtures that tests in several files use are here once: the table service of the
terminal game on a fresh database, the planted Chicago-into-a-loss game file, and the
pseudo-language catalog."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from chicago.table.tables.service import TableService  # noqa: E402
from chicago.tui.local import open_service  # noqa: E402
from pseudo_locale import enabled  # noqa: E402 (found through the path set just above)
from review_plants import chicago_into_a_loss  # noqa: E402


@pytest.fixture
def service(tmp_path: Path) -> Iterator[TableService]:
    """The terminal game's table service on a new SQLite file, closed at the test's end."""
    s = open_service(f"sqlite:///{tmp_path / 'chicago.db'}")
    yield s
    s.store.close()


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A game file in which seat 0 calls a Chicago it cannot make (R5.2, R7.2), and the
    index of that call among its actions."""
    p = chicago_into_a_loss()
    path = tmp_path_factory.mktemp("planted") / "game.json"
    path.write_text(json.dumps(p.data))
    return path, p.index


@pytest.fixture(scope="module")
def xx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The pseudo-language's catalog, made and switched on for the module's tests."""
    with enabled(tmp_path_factory.mktemp("pseudo")) as folder:
        yield folder
