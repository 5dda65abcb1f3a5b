"""Watch links (docs/api.md "Watching a table"): a spectator sees a table with
people as an eliminated player would (R9.1) — over HTTP and on the socket, at every step of
a whole game — and nothing else; a renewed or revoked link stops working at once.

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from live_support import (
    SEED,
    act_for,
    assert_private,
    friends_table,
    tables_of,
)
from starlette.websockets import WebSocketDisconnect
from test_api_support import Player

from chicago.core.views import WATCHER

pytestmark = [pytest.mark.unsynced, pytest.mark.quick_bots]

GONE = 4410


def started(app: Any, n_friends: int = 2, bots: int = 1) -> tuple[str, list[Player]]:
    players = [Player(app) for _ in range(n_friends + 1)]
    game_id, _ = friends_table(players[0], players[1:], seats=n_friends + 1 + bots, bots=bots)
    assert players[0].post(f"/api/tables/{game_id}/start").status_code == 200
    return game_id, players


def watch_link(creator: Player, game_id: str) -> str:
    r = creator.post(f"/api/tables/{game_id}/watch")
    assert r.status_code == 200, r.text
    assert r.json()["path"] == f"/watch/{r.json()['token']}"
    token: str = r.json()["token"]
    return token


def assert_spectators(app: Any, game_id: str, message: dict[str, Any]) -> None:
    """What a spectator is sent: no hand, no decision, no hidden card, no seed while the
    game goes on (R9.1, as for an eliminated player)."""
    assert message["view"]["seat"] == WATCHER
    assert message["view"]["hand"] == []
    assert message["legal"] == [] and message["prompt"] is None
    live = message["live"]
    assert live["you"] is None and live["watching"] is True
    assert live["creator"] is False and live["invite"] is False
    assert_private(app, game_id, WATCHER, message)


def test_a_spectator_sees_a_whole_game_without_a_hidden_card(app: Any) -> None:
    """R9.1: at every step of a whole game, the spectator's socket messages and its HTTP
    view hold no one's hidden cards, no stock, no seed before the end; they follow the
    game version by version, and end with the seed like everyone's."""
    game_id, players = started(app)
    token = watch_link(players[0], game_id)
    tables = tables_of(app)
    rng = random.Random(11)
    spectator = Player(app)
    with spectator.http.websocket_connect(f"/api/watch/{token}/live") as ws:
        seen: list[dict[str, Any]] = []

        def until(version: int) -> dict[str, Any]:
            while True:
                m = ws.receive_json()
                assert m["type"] in ("table", "presence"), m  # never chat, never an error
                if m["type"] == "table":
                    assert_spectators(app, game_id, m)
                    seen.append(m)
                    if m["version"] >= version:
                        return m

        current = until(0)
        for _ in range(5000):
            r = spectator.get(f"/api/watch/{token}")
            assert r.status_code == 200, r.text
            assert r.json()["version"] == current["version"]
            assert_spectators(app, game_id, r.json())
            if current["status"] == "finished":
                break
            seat = current["view"]["to_act"]["seat"]
            if seat < len(players):
                mine = players[seat].get(f"/api/tables/{game_id}").json()
                done = act_for(players[seat], game_id, mine, rng.choice(mine["legal"]))
                assert done.status_code == 200, done.text
            else:
                assert tables.step(game_id)
            current = until(current["version"] + 1)
        assert current["status"] == "finished"
        assert current["seed"] == SEED  # once the game is over, as for every player
        assert [m["version"] for m in seen] == sorted({m["version"] for m in seen})
        # the public record is the players': same scores and tricks as seat 1 saw
        final = players[1].get(f"/api/tables/{game_id}").json()
        assert current["view"]["scores"] == final["view"]["scores"]
        assert current["view"]["tricks"] == final["view"]["tricks"]
    # the lobby lists the finished table, with its winner (docs/api.md GET /api/tables)
    (entry,) = players[2].get("/api/tables").json()["tables"]
    assert entry["status"] == "finished" and entry["winner"] == current["winner"]


def test_a_revoked_or_renewed_watch_link_stops_at_once(app: Any) -> None:
    game_id, players = started(app, n_friends=1, bots=1)
    ann = players[0]
    token = watch_link(ann, game_id)
    spectator = Player(app)
    assert spectator.get(f"/api/watch/{token}").status_code == 200
    with spectator.http.websocket_connect(f"/api/watch/{token}/live") as ws:
        while ws.receive_json()["type"] != "table":
            pass
        fresh = watch_link(ann, game_id)  # renewing: the open socket is closed at once
        while (m := ws.receive_json())["type"] != "error":
            pass
        assert m["code"] == GONE and "watch link does not work" in m["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == GONE
    r = spectator.get(f"/api/watch/{token}")
    assert r.status_code == 404
    assert r.json()["error"] == "This watch link does not work (revoked, renewed or mistyped)."
    assert spectator.get(f"/api/watch/{fresh}").status_code == 200
    with spectator.http.websocket_connect(f"/api/watch/{fresh}/live") as ws:
        while ws.receive_json()["type"] != "table":
            pass
        assert ann.delete(f"/api/tables/{game_id}/watch").status_code == 204
        while (m := ws.receive_json())["type"] != "error":
            pass
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == GONE
    assert spectator.get(f"/api/watch/{fresh}").status_code == 404
    with spectator.http.websocket_connect(f"/api/watch/{fresh}/live") as ws:
        assert ws.receive_json()["code"] == GONE
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == GONE
    assert ann.get(f"/api/tables/{game_id}").json()["live"]["watch"] is False


def test_the_seats_sockets_hear_that_the_table_can_be_watched(app: Any) -> None:
    game_id, players = started(app, n_friends=1, bots=1)
    with players[1].http.websocket_connect(f"/api/tables/{game_id}/live") as ws:
        while (m := ws.receive_json())["type"] != "table":
            pass
        assert m["live"]["watch"] is False
        watch_link(players[0], game_id)
        while (m := ws.receive_json())["type"] != "table":
            pass
        assert m["live"]["watch"] is True and m["live"]["you"] == 1
        assert players[0].delete(f"/api/tables/{game_id}/watch").status_code == 204
        while (m := ws.receive_json())["type"] != "table":
            pass
        assert m["live"]["watch"] is False


def test_only_the_creator_makes_the_watch_link(app: Any) -> None:
    game_id, players = started(app, n_friends=1, bots=1)
    r = players[1].post(f"/api/tables/{game_id}/watch")
    assert r.status_code == 403 and "creator" in r.json()["error"]
    assert Player(app).post(f"/api/tables/{game_id}/watch").status_code == 404  # not seated
    assert players[1].delete(f"/api/tables/{game_id}/watch").status_code == 403
    assert players[0].post(f"/api/tables/{game_id}/watch", csrf=False).status_code == 403
    assert players[1].get(f"/api/tables/{game_id}").json()["live"]["watch"] is False
    watch_link(players[0], game_id)
    # every seated player can see that the table is being shown
    assert players[1].get(f"/api/tables/{game_id}").json()["live"]["watch"] is True


def test_the_watch_token_shows_one_table_and_gives_nothing_else(app: Any) -> None:
    game_id, players = started(app, n_friends=1, bots=1)
    other_id, _ = started(app, n_friends=1, bots=1)
    token = watch_link(players[0], game_id)
    spectator = Player(app)
    assert spectator.get(f"/api/watch/{token}").json()["id"] == game_id
    # the token is no invitation, and its holder has no seat anywhere
    assert spectator.get(f"/api/invites/{token}").status_code == 404
    assert spectator.post(f"/api/invites/{token}", {"name": "Eve"}).status_code == 404
    for table in (game_id, other_id):
        assert spectator.get(f"/api/tables/{table}").status_code == 404
        assert spectator.get(f"/api/tables/{table}/hint").status_code == 404
        assert spectator.get(f"/api/tables/{table}/chat").status_code == 404
        assert spectator.get(f"/api/tables/{table}/export").status_code == 404
        assert spectator.post(f"/api/tables/{table}/chat", {"text": "hej"}).status_code == 404
        r = spectator.post(
            f"/api/tables/{table}/actions", {"version": 0, "action": {"type": "offer"}}
        )
        assert r.status_code in (400, 404)
        with spectator.http.websocket_connect(f"/api/tables/{table}/live") as ws:
            assert ws.receive_json() == {"type": "error", "error": "no such table"}
    assert spectator.get(f"/api/watch/{token}x").status_code == 404
    assert spectator.get("/api/watch/short").status_code == 404
    assert spectator.get(f"/api/watch/{'a' * 80}").status_code == 404


def test_a_spectator_reads_no_chat_and_is_no_seat_connected(app: Any) -> None:
    """The chat is the seated players' (docs/api.md): a spectator's socket gets none of
    it; and a spectator does not count as a seat connected."""
    game_id, players = started(app, n_friends=1, bots=1)
    token = watch_link(players[0], game_id)
    spectator = Player(app)
    with spectator.http.websocket_connect(f"/api/watch/{token}/live") as ws, \
            players[1].http.websocket_connect(f"/api/tables/{game_id}/live") as seat_ws:
        while (m := ws.receive_json())["type"] != "table":
            pass
        assert players[0].post(f"/api/tables/{game_id}/chat", {"text": "Hej!"}).status_code == 201
        while (s := seat_ws.receive_json())["type"] != "chat":
            pass
        assert s["messages"][-1]["text"] == "Hej!"
        ws.send_json({"type": "sync"})  # answered with the table, and no chat
        while (m := ws.receive_json())["type"] != "table":
            assert m["type"] == "presence", m
        connected = {p["seat"] for p in m["live"]["players"] if p["connected"]}
        assert connected <= {1}
        ws.send_json({"type": "ping"})
        while (m := ws.receive_json())["type"] != "pong":
            assert m["type"] in ("table", "presence"), m


def test_a_watch_socket_from_another_site_is_refused(app: Any) -> None:
    game_id, players = started(app, n_friends=1, bots=1)
    token = watch_link(players[0], game_id)
    with Player(app).http.websocket_connect(  # accepted, told, then closed (docs/api.md)
        f"/api/watch/{token}/live", headers={"origin": "https://elsewhere.example"}
    ) as ws:
        assert ws.receive_json()["code"] == 4403
        with pytest.raises(WebSocketDisconnect) as caught:
            ws.receive_json()
    assert caught.value.code == 4403
