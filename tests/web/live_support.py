"""Helpers for the tests of tables with people (no tests here): a table of friends, the
cards a seat may not know, and a check that a message for a seat holds none of them."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from test_api_support import Apps, Player, apps_fixture, hidden_from

from chicago.core.state import GameState
from chicago.store import Owner
from chicago.table.tables.service import TableService as LiveTables
from chicago.web.auth import hash_token

SEED = 918_273_645
_CARD = re.compile(r'"([2-9TJQKA][cdhs])"')
"""A card anywhere in a JSON text, as a string of its own."""


class Clock:
    """A clock the test moves by hand (the turn timer, the bots' pace and presence read it)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def tables_of(app: Any) -> LiveTables:
    tables: LiveTables = app.state.tables
    return tables


def unsynced_apps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Apps]:
    """Apps on one database with no fsync per commit: these tests check logic, not
    surviving a power cut."""
    monkeypatch.setenv("CHICAGO_SQLITE_SYNCHRONOUS", "NORMAL")
    yield from apps_fixture(tmp_path)


def quick(app: Any) -> Any:
    """Bots at new tables act as soon as they are due (no pace to wait for)."""
    tables_of(app).pace_ms = 0
    return app


def assert_private(app: Any, game_id: str, seat: int, message: dict[str, Any]) -> None:
    """A message for `seat` holds no card it may not know, no other seat's dealt or drawn
    cards in any event, and no seed while the game goes on (R9.1)."""
    assert_private_from(tables_of(app).state_of(game_id), seat, message)


def assert_private_from(state: GameState, seat: int, message: dict[str, Any]) -> None:
    """As assert_private, against the game's state at the message's version."""
    events = list(message.get("events") or [])
    view = message.get("view") or {}
    for e in events + list(view.get("log") or []):
        assert e["type"] != "stock_recycled", e
        if e.get("seat") != seat:
            assert e["type"] != "cards_dealt", e
            assert "discarded" not in e and "drawn" not in e, e
    starts = [i for i, e in enumerate(events) if e.get("type") == "deal_started"]
    # the cards of an earlier deal were seen then; the events told (`narration`, one per
    # event, its cards as parts) are cut where the events are
    told = list(message.get("narration") or [])
    current = {**message, "events": events[starts[-1]:] if starts else events,
               "narration": told[starts[-1]:] if starts else told}
    found = hidden_from(state, seat) & set(_CARD.findall(json.dumps(current)))
    assert not found, f"seat {seat} was sent hidden cards {sorted(found)}"
    if not state.finished:
        assert str(state.setup.seed) not in json.dumps(message)
        assert message.get("seed") is None


def friends_table(
    creator: Player, friends: list[Player], *, seats: int = 4, bots: int = 1, **extra: Any
) -> tuple[str, str]:
    """A table by `creator` with one seat per friend and `bots` easy bots; every friend
    sits down. (table id, invitation token)"""
    players = ["friend"] * (seats - 1 - bots) + ["easy"] * bots
    r = creator.post(
        "/api/tables",
        {"name": "Ann", "seats": seats, "players": players, "seed": SEED, **extra},
    )
    assert r.status_code == 201, r.text
    body = r.json()
    token = body["invite"]["token"]
    for i, friend in enumerate(friends):
        j = friend.post(f"/api/invites/{token}", {"name": f"Friend {i + 1}"})
        assert j.status_code == 200, j.text
    return body["id"], token


def act_for(player: Player, game_id: str, table: dict[str, Any], action: dict[str, Any]) -> Any:
    return player.post(
        f"/api/tables/{game_id}/actions", {"version": table["version"], "action": action}
    )


def table(player: Player, game_id: str) -> dict[str, Any]:
    """The player's `LiveTable` of the table (they must be seated)."""
    r = player.get(f"/api/tables/{game_id}")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def owner_of(player: Player) -> Owner:
    """The guest a test browser is (by the hash of its cookie)."""
    return Owner("guest", hash_token(str(player.http.cookies["chicago_guest"])))
