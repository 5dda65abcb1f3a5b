"""Fixtures the web tests share, found by pytest without imports: apps over a fresh database,
a test client, a real server in a child process and Debian's Chromium.

Two markers change the apps where a module's tests need it, so each module says so at its
top instead of keeping its own copy of the fixture:
- `unsynced`: SQLite without an fsync per commit (tests of logic, not of a power cut);
- `quick_bots`: bots at new tables act as soon as they are due (no pace to wait for).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS
from live_support import quick, unsynced_apps
from test_api_support import Apps, apps_fixture

from chicago.web.app import create_app
from server_support import QUICK_PACE, serving

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient


@pytest.fixture
def apps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
         ) -> Iterator[Apps]:
    """Apps on one fresh database, closed at the test's end (unsynced where marked so)."""
    if request.node.get_closest_marker("unsynced") is not None:
        yield from unsynced_apps(tmp_path, monkeypatch)
    else:
        yield from apps_fixture(tmp_path)


@pytest.fixture
def app(apps: Apps, request: pytest.FixtureRequest) -> Any:
    """One app on the test's database (its bots without pace where marked `quick_bots`)."""
    made = apps.new()
    return quick(made) if request.node.get_closest_marker("quick_bots") is not None else made


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A test client of an app on a new SQLite file, holding its guest and CSRF cookies."""
    app = create_app(f"sqlite:///{tmp_path / 'chicago.db'}")
    with TestClient(app) as c:
        c.get("/")  # the guest and CSRF cookies
        yield c
    app.state.store.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A real server for the module's tests: its base URL and its database's URL."""
    url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'chicago.db'}"
    with serving(url) as base:
        yield base, url


@pytest.fixture(scope="module")
def server(served: tuple[str, str]) -> str:
    """The base URL of the module's real server."""
    return served[0]


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A real server at a table with people's quick pace (bots 30 ms, the driver every
    30 ms) on an unsynced SQLite file: its base URL and its database's URL."""
    url = f"sqlite:///{tmp_path_factory.mktemp('live') / 'chicago.db'}"
    env = {**os.environ, "CHICAGO_SQLITE_SYNCHRONOUS": "NORMAL"}
    with serving(url, script=QUICK_PACE, env=env) as base:
        yield base, url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium through Playwright, one per module (skipped without Playwright)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: $CHICAGO_SCREENSHOTS if set, else the test's temporary folder."""
    where = os.environ.get("CHICAGO_SCREENSHOTS")
    path = Path(where) if where else tmp_path
    path.mkdir(parents=True, exist_ok=True)
    return path
