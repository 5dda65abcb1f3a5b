"""Open tables (docs/api.md "Open tables"): a creator lists a table with people, at creation
or later before the start; the lobby's list shows its rules and timer in words, the seats
taken and free, and the people with their ratings; anyone takes a free seat without an
invitation; the chat there is the quick phrases only; seats taken are limited per person.

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from live_support import SEED, table, tables_of
from test_api_support import Apps, Player

from chicago.store.models import PlayerRating
from chicago.table.tables.listing import SITS
from chicago.web.auth import account_key

pytestmark = [pytest.mark.unsynced, pytest.mark.quick_bots]


def _listed_table(ann: Player, **extra: Any) -> str:
    r = ann.post("/api/tables", {"name": "Ann", "seats": 3, "players": ["friend", "friend"],
                                 "seed": SEED, "timer": 60, **extra})
    assert r.status_code == 201, r.text
    game_id: str = r.json()["id"]
    return game_id


def _listed(player: Player) -> dict[str, dict[str, Any]]:
    r = player.get("/api/open-tables")
    assert r.status_code == 200, r.text
    return {t["id"]: t for t in r.json()["tables"]}


def test_a_listed_table_is_shown_with_its_rules_seats_and_people(app: Any) -> None:
    ann, bo, cy = Player(app), Player(app), Player(app)
    ann.signup("annika")
    account = tables_of(app).store.account_by_key(account_key("annika"))
    assert account is not None
    with tables_of(app).store._write() as s:  # Annika has played rated games
        s.add(PlayerRating(account_id=account.id, rating=1612.4, rd=71.0, volatility=0.06,
                           games=12, updated=datetime(2026, 12, 1, tzinfo=UTC)))
    game_id = _listed_table(ann, listed=True)
    hidden = _listed_table(ann)  # not listed: nobody sees it
    entry = _listed(cy)[game_id]
    assert hidden not in _listed(cy)
    assert entry["rules"]["id"] == "chicago-gamewide-0.2" and entry["rules"]["changes"] == []
    assert entry["timer"] == 60 and entry["timer_words"] == "1 min"
    assert (entry["taken"], entry["free"], entry["you"]) == (1, 2, None)
    first = entry["players"][0]
    assert (first["name"], first["rating"], first["rating_words"]) == (
        "Ann", {"rating": 1612, "rd": 71}, "1612")
    assert entry["players"][1]["free"] and entry["players"][1]["rating_words"] is None
    assert _listed(ann)[game_id]["you"] == 0

    r = bo.post(f"/api/tables/{game_id}/sit", {"name": "Bo"})
    assert r.status_code == 200 and r.json() == {"id": game_id, "seat": 1}
    assert bo.post(f"/api/tables/{game_id}/sit", {"name": "Bo"}).json()["seat"] == 1  # again
    entry = _listed(cy)[game_id]  # seen at once, not after the list's next build
    assert (entry["taken"], entry["free"]) == (2, 1)
    assert entry["players"][1]["rating_words"] == "unrated"  # a guest
    sv = cy.get("/api/open-tables", headers={"Accept-Language": "sv"}).json()
    assert {t["id"]: t for t in sv["tables"]}[game_id]["players"][1]["rating_words"] == (
        "ej rankad")
    assert table(bo, game_id)["live"]["players"][1]["name"] == "Bo"
    ways = {t["id"]: t["way"] for t in bo.get("/api/tables").json()["tables"]}
    assert ways == {game_id: "open"}  # marked in the lobby's list of one's tables
    assert {t["id"]: t["way"] for t in ann.get("/api/tables").json()["tables"]} == {
        game_id: "open", hidden: "friends"}

    r = cy.post(f"/api/tables/{game_id}/sit", {"name": "bo"})
    assert r.status_code == 409 and "“Bo”" in r.json()["error"]  # names as ever
    assert cy.post(f"/api/tables/{game_id}/sit", {"name": "Cy"}).json()["seat"] == 2
    assert game_id not in _listed(cy)  # full
    r = Player(app).post(f"/api/tables/{game_id}/sit", {"name": "Di"})
    assert r.status_code == 409 and r.json()["reason"] == "full"
    assert Player(app).post(f"/api/tables/{hidden}/sit", {"name": "Di"}).status_code == 404


def test_the_creator_lists_a_table_later_and_not_after_the_start(app: Any) -> None:
    ann, bo = Player(app), Player(app)
    game_id = _listed_table(ann)
    assert bo.post(f"/api/tables/{game_id}/sit", {"name": "Bo"}).status_code == 404
    r = bo.http.put(f"/api/tables/{game_id}/listed", json={"listed": True},
                    headers={"X-CSRF-Token": bo.csrf})
    assert r.status_code == 404  # not seated there
    r = ann.http.put(f"/api/tables/{game_id}/listed", json={"listed": "yes"},
                     headers={"X-CSRF-Token": ann.csrf})
    assert r.status_code == 400 and "true or false" in r.json()["error"]
    r = ann.http.put(f"/api/tables/{game_id}/listed", json={"listed": True},
                     headers={"X-CSRF-Token": ann.csrf})
    assert r.status_code == 204
    assert game_id in _listed(bo)
    assert bo.post(f"/api/tables/{game_id}/sit", {"name": "Bo"}).status_code == 200
    r = bo.http.put(f"/api/tables/{game_id}/listed", json={"listed": False},
                    headers={"X-CSRF-Token": bo.csrf})
    assert r.status_code == 403  # only the creator
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    assert game_id not in _listed(bo)
    r = ann.http.put(f"/api/tables/{game_id}/listed", json={"listed": False},
                     headers={"X-CSRF-Token": ann.csrf})
    assert r.status_code == 409
    r = Player(app).post(f"/api/tables/{game_id}/sit", {"name": "Di"})
    assert r.status_code == 409 and r.json()["reason"] == "started"  # as an invitation says


def test_chat_at_a_listed_table_is_the_quick_phrases_only(app: Any) -> None:
    ann, bo = Player(app), Player(app)
    game_id = _listed_table(ann, listed=True)
    bo.post(f"/api/tables/{game_id}/sit", {"name": "Bo"})
    r = bo.post(f"/api/tables/{game_id}/chat", {"text": "hi"})
    assert r.status_code == 403 and "quick phrases" in r.json()["error"]
    assert bo.post(f"/api/tables/{game_id}/chat", {"phrase": "hello"}).status_code == 201
    friends = _listed_table(ann)  # invited friends still type
    assert ann.post(f"/api/tables/{friends}/chat", {"text": "hi"}).status_code == 201


def test_seats_taken_at_open_tables_are_limited_per_person_in_every_process(
    apps: Apps,
) -> None:
    """Bo takes and leaves a seat `SITS` times through one process; the next seat, through
    another process on the same database, is refused and changes nothing; a minute later
    Bo may sit again."""
    one, two = apps.new(), apps.new()
    now = [datetime(2026, 12, 6, 12, 0, tzinfo=UTC)]
    for app in (one, two):
        tables_of(app).clock = lambda: now[0]
    ann, bo = Player(one), Player(one)
    game_id = _listed_table(ann, listed=True)
    for _ in range(SITS):
        assert bo.post(f"/api/tables/{game_id}/sit", {"name": "Bo"}).status_code == 200
        assert bo.post(f"/api/tables/{game_id}/leave").status_code == 204
    bo_there = Player(two)
    bo_there.http.cookies = bo.http.cookies  # the same person, served by the other process
    r = bo_there.post(f"/api/tables/{game_id}/sit", {"name": "Bo"})
    assert r.status_code == 429 and "wait a moment" in r.json()["error"]
    assert table(ann, game_id)["live"]["players"][1]["free"]  # nothing changed
    now[0] += timedelta(seconds=61)
    assert bo_there.post(f"/api/tables/{game_id}/sit", {"name": "Bo"}).status_code == 200


def test_the_list_answers_304_while_it_has_not_changed(app: Any) -> None:
    ann, bo = Player(app), Player(app)
    _listed_table(ann, listed=True)
    first = bo.get("/api/open-tables")
    again = bo.get("/api/open-tables", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
