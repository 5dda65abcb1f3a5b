"""Helpers for the web API tests (no tests here): a fresh database per test, players with
their own cookie jars, and the leak check (nothing of another seat's hand, no seed).

The database is a SQLite file in the test's temporary directory, or, when
`CHICAGO_TEST_DATABASE_URL` is set (scripts/postgres-test), that PostgreSQL database with
every table dropped first, so the same tests run on both.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine

from chicago.core.cards import Card
from chicago.core.events import (
    CardPlayed,
    CardsDealt,
    CardsExchanged,
    CardsReturned,
    OfferKept,
    OfferShown,
)
from chicago.core.state import GameState
from chicago.store.db import normalize_url
from chicago.table.tables.service import TableService
from chicago.web.app import create_app

with warnings.catch_warnings():
    # Starlette asks for httpx2 in place of httpx; httpx still works.
    warnings.filterwarnings("ignore", message=".*httpx2.*")
    from fastapi.testclient import TestClient

PG_URL = os.environ.get("CHICAGO_TEST_DATABASE_URL", "").strip()
TABLES = (
    "open_sits", "quick_queue", "live_processes", "table_presence", "table_chat", "table_seats",
    "table_invites",
    "rated_games", "rating_history", "ratings",
    "live_tables", "daily_attempts", "daily_deals",
    "stats_totals", "share_links", "reviews", "game_stats",
    "pad_ops", "pads", "actions", "games", "sessions", "signin_failures", "signup_attempts",
    "accounts", "alembic_version",
)


def fresh_database_url(tmp_path: Path) -> str:
    """A database with nothing in it: a new SQLite file, or the test PostgreSQL emptied."""
    if not PG_URL:
        return f"sqlite:///{tmp_path / 'chicago.db'}"
    engine = create_engine(normalize_url(PG_URL))
    with engine.begin() as conn:
        conn.exec_driver_sql(f"DROP TABLE IF EXISTS {', '.join(TABLES)} CASCADE")
    engine.dispose()
    return PG_URL


class Apps:
    """Apps made during one test, closed at its end."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.made: list[Any] = []

    def new(self) -> Any:
        app = create_app(self.url)
        self.made.append(app)
        return app

    def close(self) -> None:
        for app in self.made:
            app.state.store.close()


def apps_fixture(tmp_path: Path) -> Iterator[Apps]:
    apps = Apps(fresh_database_url(tmp_path))
    yield apps
    apps.close()


class Player:
    """A browser: its own cookies (so its own guest), the CSRF header on unsafe requests."""

    def __init__(self, app: Any, client: tuple[str, int] = ("testclient", 50000)) -> None:
        self.app = app
        self.http = TestClient(app, client=client)
        first = self.http.get("/api/auth/me")
        assert first.status_code == 200

    @property
    def csrf(self) -> str:
        return str(self.http.cookies["chicago_csrf"])

    def get(self, path: str, **kw: Any) -> Any:
        return self.http.get(path, **kw)

    def post(self, path: str, body: Any = None, csrf: bool = True, **kw: Any) -> Any:
        headers = {"X-CSRF-Token": self.csrf} if csrf else {}
        if body is None:
            return self.http.post(path, headers=headers, **kw)
        return self.http.post(path, json=body, headers=headers, **kw)

    def delete(self, path: str, csrf: bool = True) -> Any:
        headers = {"X-CSRF-Token": self.csrf} if csrf else {}
        return self.http.delete(path, headers=headers)

    def new_game(self, **body: Any) -> dict[str, Any]:
        if "levels" not in body:
            body.setdefault("level", "easy")
        r = self.post("/api/games", body)
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        return data

    def act(self, table: dict[str, Any], action: dict[str, Any]) -> Any:
        return self.post(
            f"/api/games/{table['id']}/actions", {"version": table["version"], "action": action}
        )

    def signup(self, username: str, password: str = "correct horse") -> Any:
        return self.post("/api/auth/signup", {"username": username, "password": password})

    def signin(self, username: str, password: str = "correct horse") -> Any:
        return self.post("/api/auth/signin", {"username": username, "password": password})


def post(c: TestClient, path: str, body: Any) -> Any:
    """A POST from a test client's browser, its CSRF cookie sent back in the header."""
    return c.post(path, json=body, headers={"X-CSRF-Token": c.cookies["chicago_csrf"]})


def new_game(c: TestClient, *, seed: int, **body: Any) -> dict[str, Any]:
    """A new game of four seats with easy bots (unless `body` says otherwise) from a test
    client: the table the API answers."""
    r = post(c, "/api/games", {"seats": 4, "level": "easy", "seed": seed, **body})
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    return table


def service_of(app: Any) -> TableService:
    service: TableService = app.state.service
    return service


def strings_in(data: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield k
            yield from strings_in(v)
    elif isinstance(data, list):
        for v in data:
            yield from strings_in(v)


def hidden_from(state: GameState, seat: int) -> set[str]:
    """Cards `seat` may not know now (R9.1): the other hands and the stock, less what the
    whole table saw this deal and what `seat` itself held or drew."""
    hidden: set[Card] = set(state.stock)
    for other in range(state.seats):
        if other != seat:
            hidden.update(state.hands[other])
    for e in state.log:
        if isinstance(e, OfferShown | OfferKept | CardPlayed):
            hidden.discard(e.card)
        elif isinstance(e, CardsReturned):
            hidden.difference_update(c for _, c in e.plays)
        elif isinstance(e, CardsExchanged) and e.seat == seat:
            # a seat knows its own discards, even once recycled into the stock (R2.3)
            hidden.difference_update(e.discarded)
            hidden.difference_update(e.drawn)
        elif isinstance(e, CardsDealt) and e.seat == seat:
            hidden.difference_update(e.cards)
    return {c.text for c in hidden}


def hidden_cards(app: Any, game_id: str) -> set[str]:
    """Cards seat 0 may not know now (R9.1), in the app's game `game_id`."""
    return hidden_from(service_of(app).state_of(game_id), 0)


_OWN_ONLY = {"cards_dealt": ("cards",), "cards_exchanged": ("discarded", "drawn")}


def check_events(events: list[dict[str, Any]]) -> None:
    """Events as seat 0 may see them: another seat's dealt cards never, its exchanged cards
    as counts only, no recycled stock (docs/events.md visibility)."""
    for e in events:
        assert e["type"] != "stock_recycled", e
        private = _OWN_ONLY.get(e["type"], ())
        if e.get("seat") != 0:
            assert e["type"] != "cards_dealt", e
            assert not set(private) & set(e), e


def assert_no_leak(app: Any, game_id: str, response: Any, seed: int | None = None) -> None:
    """No card of another seat's hand (or of the stock) in the response, nor the seed while
    the game goes on.

    The cards are checked against the hands as they are now, so the events of earlier deals
    in a response (whose cards were played, or were seat 0's) are checked by kind instead.
    """
    hidden = hidden_cards(app, game_id)
    text = response.text
    try:
        data = json.loads(text) if text else None
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("events"), list):
        events = data["events"]
        check_events(events)
        starts = [i for i, e in enumerate(events) if e.get("type") == "deal_started"]
        told = data.get("narration") or []  # one told event per event, cut with them
        data = {**data, "events": events[starts[-1]:] if starts else events,
                "narration": told[starts[-1]:] if starts else told}
        text = json.dumps(data)
    if isinstance(data, dict) and isinstance(data.get("view"), dict):
        check_events(data["view"]["log"])
    found = sorted(hidden & set(strings_in(data))) if data is not None else []
    assert not found, f"hidden cards {found} in {response.request.url}"
    for c in hidden:  # not as a quoted string anywhere either (HTML, text)
        assert f'"{c}"' not in text and f"'{c}'" not in text, c
    state = service_of(app).state_of(game_id)
    if seed is not None and not state.finished:
        assert str(seed) not in response.text
