"""Play again at a table with people (docs/api.md "Tables with people"): the first
press makes the rematch (same rules, timer and seats, the bots at their levels, each
person's seat kept for them) and seats the presser; it starts when everyone has pressed,
or at the deadline, when the seats still waiting become normal bots — decided once.

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from live_support import (
    friends_table,
    quick,
    table,
    tables_of,
)
from test_api_support import Apps, Player

from chicago.table.tables.again import AGAIN_WAIT
from chicago.table.tables.driver import Driver

pytestmark = [pytest.mark.unsynced, pytest.mark.quick_bots]


def finished_table(app: Any, timer: int = 30) -> tuple[str, list[Player]]:
    """Ann and Bo with a hard bot, played to the end by the stand-ins (both away)."""
    ann, bo = Player(app), Player(app)
    game_id, _ = friends_table(ann, [bo], seats=3, bots=0, timer=timer,
                               players=["friend", "hard"])
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    r = bo.post(f"/api/tables/{game_id}/again")
    assert r.status_code == 409 and "over" in r.json()["error"]  # not before the end
    for p in (ann, bo):
        assert p.post(f"/api/tables/{game_id}/away", {"away": True}).status_code == 204
    tables = tables_of(app)
    for _ in range(5000):
        if not tables.step(game_id):
            break
    assert table(ann, game_id)["status"] == "finished"
    return game_id, [ann, bo]


def again(player: Player, game_id: str) -> str:
    r = player.post(f"/api/tables/{game_id}/again")
    assert r.status_code == 200, r.text
    new_id: str = r.json()["id"]
    return new_id


def test_the_same_people_in_the_same_seats_start_when_everyone_accepts(app: Any) -> None:
    game_id, (ann, bo) = finished_table(app)
    tables = tables_of(app)
    told: list[tuple[str, str]] = []
    real = tables.announce

    def announce(table_id: str, what: str) -> None:
        told.append((table_id, what))
        real(table_id, what)

    tables.announce = announce
    assert Player(app).post(f"/api/tables/{game_id}/again").status_code == 404
    new_id = again(bo, game_id)
    assert {(game_id, "seats"), (new_id, "seats")} <= set(told)  # both tables hear it
    old = table(ann, game_id)["live"]["again"]
    assert old["id"] == new_id and old["accepted"] == [1]
    deadline = datetime.fromisoformat(old["deadline"])
    assert timedelta(0) < deadline - datetime.now(deadline.tzinfo) <= AGAIN_WAIT
    rematch = table(ann, new_id)  # Ann's seat is kept for her
    assert rematch["live"]["status"] == "open" and rematch["live"]["you"] == 0
    assert rematch["live"]["creator"] is True and rematch["live"]["timer"] == 30
    players = rematch["live"]["players"]
    assert [(p["kind"], p["name"], p["level"], p["accepted"]) for p in players] == [
        ("person", "Ann", None, False), ("person", "Friend 1", None, True),
        ("bot", None, "hard", True),
    ]
    assert rematch["profile"] == table(ann, game_id)["profile"]
    assert rematch["view"]["hand"] == []  # nothing dealt before the start
    assert again(bo, game_id) == new_id  # pressing twice changes nothing
    assert again(ann, game_id) == new_id
    started = table(ann, new_id)
    assert started["live"]["status"] == "playing" and len(started["view"]["hand"]) == 5
    assert started["levels"] == [None, None, "hard"]
    assert table(bo, game_id)["live"]["again"]["accepted"] == [0, 1]


def test_at_the_deadline_the_seats_still_waiting_become_bots_once(apps: Apps) -> None:
    app = quick(apps.new())
    other = quick(apps.new())  # a second process on the same database
    game_id, (ann, bo) = finished_table(app, timer=0)
    new_id = again(bo, game_id)
    later = datetime.now().astimezone() + AGAIN_WAIT + timedelta(seconds=1)
    for a in (app, other):
        tables_of(a).clock = lambda: later
    assert new_id in tables_of(app).live.due(later)
    waiting = tables_of(other).live.get(new_id)  # what the second process read
    assert waiting is not None and waiting.status == "open"
    assert Driver(tables_of(app)).tick() >= 1  # the first process starts it
    # the second, with the same due table read before, cannot start it again (the
    # start's guarded update, which a rematch's deadline goes through)
    assert tables_of(other).live.start(new_id, "normal", None, later) is None
    rematch = table(bo, new_id)
    assert rematch["live"]["status"] == "playing"
    assert [(p["kind"], p["level"]) for p in rematch["live"]["players"]] == [
        ("bot", "normal"), ("person", None), ("bot", "hard")
    ]
    r = ann.post(f"/api/tables/{game_id}/again")
    assert r.status_code == 409 and "bot" in r.json()["error"]
    assert ann.get(f"/api/tables/{new_id}").status_code == 404  # no seat there any more
