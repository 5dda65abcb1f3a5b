"""One router for every table (docs/api.md, "Games"): a single player's game is read, played,
hinted, backed up and deleted at /api/tables/{id}, and /api/games/{id}/... are aliases of the
same endpoints that keep their own answers (the `Table` form, only the owner's game, a table
with people refused)."""

from __future__ import annotations

from typing import Any

from test_api_support import Player


def test_a_single_players_game_is_a_table_at_the_one_router(app: Any) -> None:
    ann, bo = Player(app), Player(app)
    game = ann.new_game(seats=3, seed=4242)
    gid = game["id"]
    # the same table at both addresses: the alias answers it without `live`
    table = ann.get(f"/api/tables/{gid}").json()
    alias = ann.get(f"/api/games/{gid}").json()
    live = table.pop("live")
    assert {k: v for k, v in table.items() if k != "log_narration"} == {
        k: v for k, v in alias.items() if k != "log_narration"}
    assert "live" not in alias
    assert live["you"] == 0 and live["status"] == "playing" and live["creator"] is True
    assert [(p["kind"], p["level"]) for p in live["players"]] == [
        ("person", None), ("bot", "easy"), ("bot", "easy")]
    assert live["timer"] == 0 and live["invite"] is False and live["deadline"] is None
    # acting at the one router: the bots answer inside the request, as at /api/games (R9.2)
    r = ann.post(f"/api/tables/{gid}/actions",
                 {"version": table["version"], "action": table["legal"][0]})
    assert r.status_code == 200, r.text
    assert r.headers["Server-Timing"].startswith("bots;dur=")
    after = r.json()
    assert after["version"] > table["version"] + 1
    assert {e["seat"] for e in after["events"] if "seat" in e} >= {1, 2}
    assert after["legal"] and after["live"]["you"] == 0
    again = ann.post(f"/api/tables/{gid}/actions",  # the old version: stale at both
                     {"version": table["version"], "action": table["legal"][0]})
    assert again.status_code == 409 and again.json()["version"] == after["version"]
    assert ann.post(f"/api/games/{gid}/actions", {"version": table["version"],
                    "action": table["legal"][0]}).json() == again.json()
    # hint and backup: one endpoint, two addresses, the same answer
    assert ann.get(f"/api/tables/{gid}/hint").json() == ann.get(f"/api/games/{gid}/hint").json()
    assert ann.get(f"/api/tables/{gid}/export").json()["actions"] == ann.get(
        f"/api/games/{gid}/export").json()["actions"]
    # nobody else reads it at either address; a game against bots is deleted, not left
    for path in (f"/api/tables/{gid}", f"/api/games/{gid}", f"/api/tables/{gid}/hint"):
        assert bo.get(path).status_code == 404
    assert bo.delete(f"/api/tables/{gid}").status_code == 404
    assert ann.post(f"/api/tables/{gid}/leave").status_code == 400
    assert ann.delete(f"/api/tables/{gid}").status_code == 204
    assert ann.get(f"/api/games/{gid}").status_code == 404
    assert ann.get("/api/games").json()["games"] == []


def test_the_alias_keeps_refusing_a_table_with_people(app: Any) -> None:
    ann, bo = Player(app), Player(app)
    r = ann.post("/api/tables", {"name": "Ann", "seats": 3, "players": ["friend", "easy"],
                                 "seed": 77})
    gid, token = r.json()["id"], r.json()["invite"]["token"]
    assert bo.post(f"/api/invites/{token}", {"name": "Bo"}).status_code == 200
    assert ann.post(f"/api/tables/{gid}/start").status_code == 200
    table = ann.get(f"/api/tables/{gid}").json()
    assert "live" not in ann.get(f"/api/games/{gid}").json()  # the creator's own game
    assert bo.get(f"/api/games/{gid}").status_code == 404  # a seat is not a save
    for answer in (
        ann.get(f"/api/games/{gid}/hint"),
        ann.get(f"/api/games/{gid}/export"),
        ann.post(f"/api/games/{gid}/actions", {"version": table["version"],
                                               "action": {"type": "exchange", "discard": []}}),
    ):
        assert answer.status_code == 400 and "/tables/" in answer.json()["error"]
    assert ann.delete(f"/api/tables/{gid}").status_code == 400  # still played (R8)
