"""Quick play (docs/api.md "Quick play"): people asking for the same seats and rules are
seated together, at once when the table is full or with bots when the wait is over; a press
is taken back with one DELETE; nobody is seated twice, nobody waits for ever; quick-play
tables are rated, timed, and their chat is the quick phrases only; presses are limited.

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

import threading
from datetime import datetime
from typing import Any

import pytest
from live_support import Clock, owner_of, table, tables_of
from test_api_support import Apps, Player

from chicago.table.tables.quick import PRESSES, QUICK_LEVEL, QUICK_TIMER, WAIT
from chicago.table.tables.service import TableService

pytestmark = [pytest.mark.unsynced, pytest.mark.quick_bots]


def _clocked(app: Any) -> Clock:
    clock = Clock()
    tables_of(app).clock = clock
    return clock


def _press(player: Player, name: str, **body: Any) -> dict[str, Any]:
    r = player.post("/api/quick", {"name": name, **body})
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def _state(player: Player, entry_id: str) -> dict[str, Any]:
    r = player.get(f"/api/quick/{entry_id}")
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def test_a_full_table_starts_at_once_rated_and_timed(app: Any) -> None:
    _clocked(app)
    people = [Player(app) for _ in range(4)]
    pressed = [_press(p, n) for p, n in zip(people, ["Ann", "Bo", "Cy", "Di"], strict=True)]
    first = pressed[0]
    assert first["status"] == "waiting" and first["seats"] == 4
    assert first["profile"] == "chicago-gamewide-0.2" and first["wait"] == 20
    assert first["waiting"] == 1 and first["table"] is None
    assert pressed[2]["waiting"] == 3
    assert pressed[3]["status"] == "seated"  # the fourth press fills the table
    states = [_state(p, q["id"]) for p, q in zip(people, pressed, strict=True)]
    assert {s["table"] for s in states} == {states[0]["table"]}
    assert sorted(s["seat"] for s in states) == [0, 1, 2, 3]
    assert all(s["deadline"] is None and s["waiting"] is None for s in states)
    game_id = states[0]["table"]
    seen = table(people[2], game_id)
    assert seen["live"]["status"] == "playing" and seen["live"]["timer"] == QUICK_TIMER
    assert sorted(p["name"] for p in seen["live"]["players"]) == ["Ann", "Bo", "Cy", "Di"]
    assert all(p["kind"] == "person" for p in seen["live"]["players"])
    live = tables_of(app).live.get(game_id)
    assert live is not None and live.rated and not live.listed
    (entry,) = people[0].get("/api/tables").json()["tables"]  # marked in the lobby's list
    assert entry["id"] == game_id and entry["way"] == "quick"


def test_the_wait_ends_with_bots_in_the_empty_seats(app: Any) -> None:
    clock = _clocked(app)
    ann, bo = Player(app), Player(app)
    a = _press(ann, "Ann", seats=3)
    clock.advance(5)
    b = _press(bo, "Bo", seats=3)
    # the countdown is the oldest press's: both are told the same end
    deadline = datetime.fromisoformat(a["deadline"])
    assert datetime.fromisoformat(b["deadline"]) == deadline
    assert deadline == Clock().now + WAIT
    assert b["waiting"] == 2
    clock.advance(WAIT.total_seconds() - 5 - 1)
    assert _state(bo, b["id"])["status"] == "waiting"  # one second to go
    clock.advance(1)
    seated = _state(bo, b["id"])  # the request itself starts the due table
    assert seated["status"] == "seated"
    players = table(ann, seated["table"])["live"]["players"]
    assert [(p["kind"], p["name"], p["level"]) for p in players] == [
        ("person", "Ann", None), ("person", "Bo", None), ("bot", None, QUICK_LEVEL)]
    assert _state(ann, a["id"])["table"] == seated["table"]


def test_the_driver_starts_a_table_whose_wait_is_over(app: Any) -> None:
    clock = _clocked(app)
    ann = Player(app)
    a = _press(ann, "Ann", seats=2)
    tables = tables_of(app)
    assert tables.quick_due() == 0
    clock.advance(WAIT.total_seconds())
    assert tables.quick_due() == 1  # what every process's driver calls
    assert tables.quick_due() == 0
    assert _state(ann, a["id"])["status"] == "seated"


def test_only_the_same_seats_and_rules_are_seated_together(app: Any) -> None:
    _clocked(app)
    people = [Player(app) for _ in range(3)]
    a = _press(people[0], "Ann", seats=2)
    b = _press(people[1], "Bo", seats=2, profile="classic")
    c = _press(people[2], "Cy", seats=3)
    assert [q["waiting"] for q in (a, b, c)] == [1, 1, 1]
    assert all(_state(p, q["id"])["status"] == "waiting"
               for p, q in zip(people, (a, b, c), strict=True))


def test_bad_presses_are_refused_naming_what_was_wrong(app: Any) -> None:
    ann = Player(app)
    for body, words in [({"name": "Ann", "seats": 7}, "from 2 to 6"),
                        ({"name": "Ann", "profile": "nonsense"}, "preset"),
                        ({"name": ""}, "1 to 24 characters"),
                        ({"name": "Ann", "colour": "red"}, "colour")]:
        r = ann.post("/api/quick", body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
    assert ann.get("/api/quick/nosuchentry").status_code == 404


def test_one_press_leaves_the_queue_and_a_seated_press_is_not_taken_back(app: Any) -> None:
    clock = _clocked(app)
    ann, bo, cy = Player(app), Player(app), Player(app)
    a = _press(ann, "Ann", seats=2)
    assert bo.delete(f"/api/quick/{a['id']}").status_code == 404  # not Bo's
    assert ann.delete(f"/api/quick/{a['id']}").status_code == 204
    assert _state(ann, a["id"])["status"] == "left"
    b = _press(bo, "Bo", seats=2)
    assert b["waiting"] == 1  # Ann is no longer counted, nor seated with Bo
    c = _press(cy, "Cy", seats=2)
    assert c["status"] == "seated"
    r = cy.delete(f"/api/quick/{c['id']}")
    assert r.status_code == 409 and "leave the table" in r.json()["error"]
    clock.advance(60)
    assert _state(ann, a["id"])["status"] == "left"  # nobody started a table for her


def test_nobody_is_queued_or_seated_twice(app: Any) -> None:
    _clocked(app)
    ann, bo = Player(app), Player(app)
    a = _press(ann, "Ann", seats=2)
    assert _press(ann, "Ann again", seats=5)["id"] == a["id"]  # the press that holds
    _press(bo, "Bo", seats=2)
    seated = _state(ann, a["id"])
    assert seated["status"] == "seated"
    again = _press(ann, "Ann", seats=2)
    assert again["id"] == a["id"] and again["table"] == seated["table"]
    assert ann.post(f"/api/tables/{seated['table']}/leave").status_code == 204
    fresh = _press(ann, "Ann", seats=2)  # left the table: a new press
    assert fresh["id"] != a["id"] and fresh["status"] == "waiting"


def test_two_people_with_one_name_are_told_apart(app: Any) -> None:
    clock = _clocked(app)
    ann, other = Player(app), Player(app)
    _press(ann, "Ann", seats=2)
    clock.advance(1)  # the queue's order: who pressed first sits first
    q = _press(other, " ANN ", seats=2)
    names = [p["name"] for p in table(ann, q["table"])["live"]["players"]]
    assert names == ["Ann", "ANN 2"]


def test_presses_are_limited_per_person(app: Any) -> None:
    _clocked(app)
    ann = Player(app)
    for _ in range(PRESSES):
        q = _press(ann, "Ann")
        assert ann.delete(f"/api/quick/{q['id']}").status_code == 204
    r = ann.post("/api/quick", {"name": "Ann"})
    assert r.status_code == 429 and "wait a moment" in r.json()["error"]
    tables_of(app).clock.advance(61)  # type: ignore[attr-defined]
    assert _press(ann, "Ann")["status"] == "waiting"


def test_chat_among_strangers_is_the_quick_phrases_only(app: Any) -> None:
    _clocked(app)
    ann, bo = Player(app), Player(app)
    _press(ann, "Ann", seats=2)
    game_id = _press(bo, "Bo", seats=2)["table"]
    r = ann.post(f"/api/tables/{game_id}/chat", {"text": "hello there"})
    assert r.status_code == 403 and "quick phrases" in r.json()["error"]
    assert ann.get(f"/api/tables/{game_id}/chat").json()["messages"] == []
    r = bo.post(f"/api/tables/{game_id}/chat", {"phrase": "good_luck"})
    assert r.status_code == 201 and r.json()["text"] == "Good luck!"


def test_a_quick_table_plays_for_a_person_who_stops_answering(app: Any) -> None:
    clock = _clocked(app)
    ann = Player(app)
    q = _press(ann, "Ann", seats=2)
    clock.advance(WAIT.total_seconds())
    game_id = _state(ann, q["id"])["table"]
    tables = tables_of(app)
    for _ in range(40):  # bots at no pace; Ann never answers: the timer decides for her
        clock.advance(QUICK_TIMER)
        tables.step(game_id)
    notes = table(ann, game_id)["live"]["notes"]
    assert notes and all(n["by"] == "timer" and n["seat"] == 0 for n in notes)


def test_two_apps_on_one_database_seat_everyone_once(apps: Apps) -> None:
    """Presses through two apps (two servers on one database), all at once from many
    threads, and both apps' drivers firing: each person is seated exactly once, no seat is
    filled twice, no table is over its size."""
    first, second = apps.new(), apps.new()
    for made in (first, second):
        tables_of(made).pace_ms = 0
    clocks = [_clocked(first), _clocked(second)]
    people = [Player(first if i % 2 else second) for i in range(18)]
    entries: list[dict[str, Any]] = [{} for _ in people]

    def press(i: int) -> None:
        entries[i] = _press(people[i], f"P{i}", seats=4)

    threads = [threading.Thread(target=press, args=(i,)) for i in range(len(people))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for clock in clocks:
        clock.advance(WAIT.total_seconds())
    due = [threading.Thread(target=tables_of(a).quick_due) for a in (first, second)]
    for t in due:
        t.start()
    for t in due:
        t.join()
    states = [_state(p, e["id"]) for p, e in zip(people, entries, strict=True)]
    assert all(s["status"] == "seated" for s in states)
    _assert_seated_once(tables_of(first), people, states)


def _assert_seated_once(tables: TableService, people: list[Player],
                        states: list[dict[str, Any]]) -> None:
    places = [(s["table"], s["seat"]) for s in states]
    assert len(set(places)) == len(places)  # no seat filled twice
    for game_id in {s["table"] for s in states}:
        live = tables.live.get(game_id)
        assert live is not None and len(live.seats) == 4
        owners = [s.owner for s in live.seats if s.owner is not None]
        assert len(owners) == len(set(owners)) <= 4
    for player, s in zip(people, states, strict=True):
        live = tables.live.get(s["table"])
        assert live is not None and live.seat_of(owner_of(player)) == s["seat"]
    assert tables.quick.group(4, "chicago-gamewide-0.2") == (0, None)  # nobody left waiting


def test_a_guest_waiting_who_signs_up_keeps_the_press(app: Any) -> None:
    _clocked(app)
    ann = Player(app)
    a = _press(ann, "Ann", seats=3)
    assert ann.signup("annika").status_code == 201
    assert _state(ann, a["id"])["status"] == "waiting"  # the account's press now
    assert _press(ann, "Annika", seats=3)["id"] == a["id"]  # not a second one


def test_the_rematch_of_a_quick_table_is_rated_with_the_phrases_only(app: Any) -> None:
    clock = _clocked(app)
    ann, bo = Player(app), Player(app)
    _press(ann, "Ann", seats=2)
    game_id = _press(bo, "Bo", seats=2)["table"]
    for player in (ann, bo):  # stand-ins play both seats to the end
        assert player.post(f"/api/tables/{game_id}/away", {"away": True}).status_code == 204
    tables = tables_of(app)
    while not tables.state_of(game_id).finished:
        clock.advance(1)
        tables.step(game_id)
    again = bo.post(f"/api/tables/{game_id}/again").json()["id"]
    live = tables.live.get(again)
    assert live is not None and live.rated and live.strangers
    r = bo.post(f"/api/tables/{again}/chat", {"text": "again?"})
    assert r.status_code == 403
    assert again not in {t["id"] for t in bo.get("/api/open-tables").json()["tables"]}
