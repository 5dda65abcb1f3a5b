"""A seated person's action sent over the table's socket (docs/api.md, "The socket"): the
same service call, refusals and figures as the HTTP action, the answer on the sender's
socket tagged with its request, each other seat pushed only its own view (R9.1)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from live_support import act_for, assert_private, friends_table, table
from test_api_support import Player

pytestmark = [pytest.mark.unsynced]


def four_people(app: Any) -> tuple[str, list[Player]]:
    """A started table of four people (no bots: nothing moves unless someone acts)."""
    players = [Player(app) for _ in range(4)]
    game_id, _ = friends_table(players[0], players[1:], seats=4, bots=0)
    assert players[0].post(f"/api/tables/{game_id}/start").status_code == 200
    return game_id, players


def next_table(ws: Any) -> dict[str, Any]:
    while True:
        m: dict[str, Any] = ws.receive_json()
        if m["type"] in ("table", "refused"):
            return m


def counted(app: Any, name: str, labels: dict[str, str]) -> float:
    value = app.state.metrics.registry.get_sample_value(name, labels)
    return float(value or 0.0)


def test_an_action_over_the_socket_is_answered_there_and_pushed_privately(app: Any) -> None:
    game_id, players = four_people(app)
    sockets = [p.http.websocket_connect(f"/api/tables/{game_id}/live") for p in players]
    try:
        opened = [s.__enter__() for s in sockets]
        first = [next_table(ws) for ws in opened]
        version = first[0]["version"]
        seat = first[0]["view"]["to_act"]["seat"]
        action = first[seat]["legal"][0]
        kind = action["type"]
        before = counted(app, "chicago_actions_total", {"kind": kind, "table": "live"})
        opened[seat].send_json({"type": "act", "request": "a1", "version": version,
                                "action": action})
        answer = next_table(opened[seat])
        assert answer["type"] == "table" and answer["request"] == "a1"
        assert answer["version"] == version + 1 and answer["view"]["seat"] == seat
        assert answer["events"], "the answer carries the action's events"
        assert_private(app, game_id, seat, answer)
        # the same table as a read of it, but for the action's events (and their words)
        read = table(players[seat], game_id)
        call = ("type", "request", "events", "narration")
        assert {k: v for k, v in answer.items() if k not in call} == {
            k: v for k, v in read.items() if k not in call
        }
        # stored durably, counted as the HTTP action is
        assert counted(app, "chicago_actions_total", {"kind": kind, "table": "live"}) == before + 1
        # every other seat is pushed its own view of the new version, without the id
        for s, ws in enumerate(opened):
            if s == seat:
                continue
            m = next_table(ws)
            assert m["version"] == version + 1 and m["view"]["seat"] == s and "request" not in m
            assert_private(app, game_id, s, m)
        # the answer was the sender's copy of the version: it is not pushed to it again
        opened[seat].send_json({"type": "ping"})
        while (m := opened[seat].receive_json())["type"] != "pong":
            assert m["type"] != "table", m
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


def test_an_answer_continues_the_table_the_sender_says_it_holds(app: Any) -> None:
    """With `base`, the version of the table the socket holds, the answer leaves out what
    the sender has, as a push does: made whole from the table at `base` it is the table a
    read gives (R9.1: the sender's own view). A base the server cannot continue from gets
    the whole table; a base that is no version is refused and changes nothing."""
    game_id, players = four_people(app)
    with (players[0].http.websocket_connect(f"/api/tables/{game_id}/live") as first_ws,
          players[1].http.websocket_connect(f"/api/tables/{game_id}/live") as second_ws):
        held = {0: next_table(first_ws), 1: next_table(second_ws)}
        sockets = {0: first_ws, 1: second_ws}
        continued = 0
        for turn in range(12):
            seat = held[0]["view"]["to_act"]["seat"]
            if seat not in held:  # a seat without a socket here acts by POST
                mine = table(players[seat], game_id)
                assert act_for(players[seat], game_id, mine, mine["legal"][0]).status_code == 200
            else:
                ws, before = sockets[seat], held[seat]
                base = before["version"] if turn != 5 else 10**6  # one it cannot continue
                ws.send_json({"type": "act", "request": turn, "version": before["version"],
                              "action": before["legal"][-1], "base": base})
                answer = next_table(ws)
                assert answer["type"] == "table" and answer["request"] == turn
                assert_private(app, game_id, seat, answer)
                if "base" in answer:
                    continued += 1
                    assert answer["base"] == before["version"]
                    assert "profile" not in answer and "log_narration" not in answer
                    answer = {**before, **answer,
                              "view": {**answer["view"],
                                       "log": before["view"]["log"] + answer["events"]},
                              "log_narration": before["log_narration"] + answer["narration"]}
                    del answer["base"]
                else:
                    assert turn == 5 or answer["view"]["deal"] != before["view"]["deal"]
                read = table(players[seat], game_id)
                call = ("type", "request", "events", "narration", "live")
                assert {k: v for k, v in answer.items() if k not in call} == {
                    k: v for k, v in read.items() if k not in call}
                held[seat] = answer
            now = table(players[0], game_id)["version"]
            for s, ws in sockets.items():  # the others are pushed the new version
                if held[s]["version"] < now:
                    assert next_table(ws)["version"] == now
                    held[s] = table(players[s], game_id)  # that table, whole
        assert continued >= 2
        version = held[0]["version"]
        first_ws.send_json({"type": "act", "request": "x", "version": version,
                            "action": {"type": "play", "card": "Ah"}, "base": "41"})
        refused = next_table(first_ws)
        assert refused["status"] == 400 and "Base" in refused["error"]
    assert table(players[0], game_id)["version"] == version


def test_refusals_over_the_socket_are_the_http_ones(app: Any) -> None:
    """A stale version (with the current one), an illegal action (the engine's reason and
    rule, R4), a malformed message: each refused with the body the POST answers, and
    nothing changes."""
    game_id, players = four_people(app)
    first = table(players[0], game_id)
    seat = first["view"]["to_act"]["seat"]
    other = (seat + 1) % 4
    mine = table(players[seat], game_id)
    theirs = table(players[other], game_id)
    with players[other].http.websocket_connect(f"/api/tables/{game_id}/live") as ws:
        next_table(ws)
        # not their turn: the engine's refusal
        ws.send_json({"type": "act", "request": 7, "version": theirs["version"],
                      "action": mine["legal"][0]})
        refused = next_table(ws)
        http = act_for(players[other], game_id, theirs, mine["legal"][0])
        assert http.status_code == 422
        assert refused == {"type": "refused", "request": 7, "status": 422, **http.json()}
        assert refused["rule"] and refused["error"]
        # a malformed message: the same sentence as the POST's body
        ws.send_json({"type": "act", "request": "b", "version": theirs["version"]})
        refused = next_table(ws)
        http = players[other].post(f"/api/tables/{game_id}/actions",
                                   {"version": theirs["version"]})
        assert refused == {"type": "refused", "request": "b", "status": 400, **http.json()}
        ws.send_json({"type": "act", "request": "c", "version": 0, "action": {}, "card": "Ah"})
        assert "'card'" in next_table(ws)["error"]
    # a stale version: the seat to act acts over HTTP, then sends the old version again
    assert act_for(players[seat], game_id, mine, mine["legal"][0]).status_code == 200
    refused_before = counted(app, "chicago_actions_refused_total",
                             {"table": "live", "reason": "Stale"})
    with players[seat].http.websocket_connect(f"/api/tables/{game_id}/live") as ws:
        next_table(ws)
        ws.send_json({"type": "act", "request": "s", "version": mine["version"],
                      "action": mine["legal"][0]})
        refused = next_table(ws)
    http = act_for(players[seat], game_id, mine, mine["legal"][0])
    assert http.status_code == 409 and http.json()["version"] == mine["version"] + 1
    assert refused == {"type": "refused", "request": "s", "status": 409, **http.json()}
    assert counted(app, "chicago_actions_refused_total",
                   {"table": "live", "reason": "Stale"}) == refused_before + 2
    assert table(players[0], game_id)["version"] == mine["version"] + 1


def test_a_lost_answer_is_resolved_over_http_and_never_applied_twice(app: Any) -> None:
    """The socket drops right after the action is sent: the page refetches and sends the
    move again over HTTP at the same version; the version guard refuses it (409 with the
    current version) if the first arrived, so the move is made once."""
    game_id, players = four_people(app)
    v = table(players[0], game_id)
    seat = v["view"]["to_act"]["seat"]
    mine = table(players[seat], game_id)
    with players[seat].http.websocket_connect(f"/api/tables/{game_id}/live") as ws:
        next_table(ws)
        ws.send_json({"type": "act", "request": 1, "version": mine["version"],
                      "action": mine["legal"][0]})
    # The answer was never read. Whether the server read the move before the close is a
    # race the page cannot know either: it sends the same move again over HTTP, which is
    # made (200) if the socket's was lost, or refused as stale (409) if it was made. Either
    # way the move is made exactly once.
    time.sleep(0.5)
    r = act_for(players[seat], game_id, mine, mine["legal"][0])
    assert r.status_code in (200, 409), r.text
    if r.status_code == 409:
        assert r.json()["version"] == mine["version"] + 1
    now = table(players[seat], game_id)
    assert now["version"] == mine["version"] + 1
    nxt = now["view"]["to_act"]["seat"]
    after = table(players[nxt], game_id)
    assert act_for(players[nxt], game_id, after, after["legal"][0]).status_code == 200


def test_a_spectator_cannot_act(app: Any) -> None:
    game_id, players = four_people(app)
    link = players[0].post(f"/api/tables/{game_id}/watch")
    assert link.status_code in (200, 201), link.text
    token = link.json()["token"]
    v = table(players[0], game_id)
    with Player(app).http.websocket_connect(f"/api/watch/{token}/live") as ws:
        next_table(ws)
        ws.send_json({"type": "act", "request": 1, "version": v["version"],
                      "action": {"type": "play", "card": "Ah"}})
        refused = next_table(ws)
    assert refused["type"] == "refused" and refused["status"] == 404
    assert table(players[0], game_id)["version"] == v["version"]


def test_a_ping_tagged_with_a_request_is_answered_with_its_tag(app: Any) -> None:
    """The page asks whether its line is alive with a tagged ping (static/live/socket.js)
    and takes a pong without its tag as no answer; an untagged ping gets the plain pong and
    a tag that is no request tag is left out, as an action's is. Nothing else is sent."""
    game_id, players = four_people(app)
    with players[0].http.websocket_connect(f"/api/tables/{game_id}/live") as ws:
        next_table(ws)
        for sent, expected in [
            ({"type": "ping", "request": 7}, {"type": "pong", "request": 7}),
            ({"type": "ping", "request": "line-3"}, {"type": "pong", "request": "line-3"}),
            ({"type": "ping"}, {"type": "pong"}),
            ({"type": "ping", "request": True}, {"type": "pong"}),
            ({"type": "ping", "request": "x" * 65}, {"type": "pong"}),
        ]:
            ws.send_json(sent)
            while (m := ws.receive_json())["type"] in ("presence", "chat"):
                pass
            assert m == expected
