"""Tables with people (docs/api.md "Tables with people"): invitations, seats,
who may act, stale versions, the server's own decisions (bots at the table's pace, away
seats, time-outs decided once), chat, backups, and what each seat is sent (R9.1).

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from live_support import (
    SEED,
    Clock,
    act_for,
    assert_private,
    friends_table,
    owner_of,
    quick,
    table,
    tables_of,
)
from test_api_support import Apps, Player

from chicago.core import record
from chicago.web.wire import live_json

pytestmark = [pytest.mark.unsynced, pytest.mark.quick_bots]


def use_clock(app: Any, clock: Clock) -> None:
    tables_of(app).clock = clock


# Invitations and seats ---------------------------------------------------------------------


def test_an_invitation_gives_a_seat_and_nothing_else(app: Any) -> None:
    ann, bo, stranger = Player(app), Player(app), Player(app)
    r = ann.post("/api/tables", {"name": "Ann", "seats": 3, "players": ["friend", "easy"]})
    assert r.status_code == 201, r.text
    created = r.json()
    game_id, token = created["id"], created["invite"]["token"]
    assert created["live"]["you"] == 0 and created["live"]["creator"] is True
    assert created["live"]["status"] == "open"
    # the preview names the seats, never a card or a view
    preview = bo.get(f"/api/invites/{token}").json()
    assert set(preview) == {"id", "status", "seats", "profile", "rules", "timer", "timer_words",
                            "inviter", "players", "you"}
    assert [p["free"] for p in preview["players"]] == [False, True, False]
    # before sitting down the token reads nothing of the table
    assert bo.get(f"/api/tables/{game_id}").status_code == 404
    assert bo.get(f"/api/games/{game_id}").status_code == 404
    r = bo.post(f"/api/invites/{token}", {"name": "  Bo  "})
    assert r.json() == {"id": game_id, "seat": 1}
    mine = table(bo, game_id)
    assert mine["view"]["seat"] == 1 and mine["live"]["you"] == 1
    assert mine["live"]["players"][1]["name"] == "Bo"
    # a seat is not a save: the game is not the friend's to read through /api/games
    assert bo.get(f"/api/games/{game_id}").status_code == 404
    # joining again gives the same seat; every seat taken for a third person
    assert bo.post(f"/api/invites/{token}", {"name": "Bo"}).json()["seat"] == 1
    r = stranger.post(f"/api/invites/{token}", {"name": "Cy"})
    assert r.status_code == 409 and "taken" in r.json()["error"]
    assert stranger.get(f"/api/tables/{game_id}").status_code == 404


def test_a_revoked_or_renewed_link_stops_working(app: Any) -> None:
    ann, bo, cy = Player(app), Player(app), Player(app)
    game_id, token = friends_table(ann, [], seats=3, bots=0)
    assert bo.post(f"/api/tables/{game_id}/invite").status_code == 404  # not seated
    r = ann.post(f"/api/tables/{game_id}/invite")
    new = r.json()["token"]
    assert new != token and r.json()["path"] == f"/join/{new}"
    r = bo.post(f"/api/invites/{token}", {"name": "Bo"})
    assert r.status_code == 404 and "invitation" in r.json()["error"]
    assert bo.get(f"/api/invites/{token}").status_code == 404
    assert bo.post(f"/api/invites/{new}", {"name": "Bo"}).status_code == 200
    assert ann.delete(f"/api/tables/{game_id}/invite").status_code == 204
    assert cy.post(f"/api/invites/{new}", {"name": "Cy"}).status_code == 404
    assert table(ann, game_id)["live"]["invite"] is False
    # only the creator manages the invitation
    assert bo.post(f"/api/tables/{game_id}/invite").status_code == 403


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"name": "", "seats": 3}, "name"),
        ({"name": "x" * 25, "seats": 3}, "name"),
        ({"name": "Ann", "seats": 3, "players": ["easy", "easy"]}, "friend"),
        ({"name": "Ann", "seats": 3, "players": ["friend"]}, "players"),
        ({"name": "Ann", "seats": 3, "players": ["friend", "godlike"]}, "godlike"),
        ({"name": "Ann", "seats": 7}, "seats"),
        ({"name": "Ann", "seats": 3, "timer": 45}, "timer"),
        ({"name": "Ann", "seats": 3, "colour": "red"}, "colour"),
    ],
)
def test_a_bad_table_is_refused_in_one_sentence(app: Any, body: Any, words: str) -> None:
    r = Player(app).post("/api/tables", body)
    assert r.status_code == 400 and words in r.json()["error"].lower()


def test_start_is_the_creators_and_free_seats_become_bots(app: Any) -> None:
    ann, bo, cy = Player(app), Player(app), Player(app)
    game_id, token = friends_table(ann, [bo], seats=4, bots=1)
    assert bo.post(f"/api/tables/{game_id}/start").status_code == 403
    r = ann.post(f"/api/tables/{game_id}/start")
    assert r.status_code == 200, r.text
    live = r.json()["live"]
    assert live["status"] == "playing"
    assert [p["kind"] for p in live["players"]] == ["person", "person", "bot", "bot"]
    assert r.json()["levels"] == [None, None, "normal", "easy"]
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 409
    r = cy.post(f"/api/invites/{token}", {"name": "Cy"})
    assert r.status_code == 409 and "started" in r.json()["error"]


# Acting ------------------------------------------------------------------------------------


def started(app: Any, n_friends: int = 2, bots: int = 1, **extra: Any) -> tuple[str, list[Player]]:
    players = [Player(app) for _ in range(n_friends + 1)]
    game_id, _ = friends_table(players[0], players[1:], seats=n_friends + 1 + bots,
                               bots=bots, **extra)
    assert players[0].post(f"/api/tables/{game_id}/start").status_code == 200
    return game_id, players


def test_only_the_seat_to_act_acts_for_its_own_seat(app: Any) -> None:
    game_id, players = started(app)
    tables = tables_of(app)
    while True:
        v = table(players[0], game_id)
        seat = v["view"]["to_act"]["seat"]
        if seat < 3:
            break
        assert tables.step(game_id)
    other = players[(seat + 1) % 3]
    other_view = table(other, game_id)
    assert other_view["legal"] == []
    action = table(players[seat], game_id)["legal"][0]
    r = act_for(other, game_id, other_view, action)
    assert r.status_code == 422, r.text  # not its turn (the engine's reason and rule)
    r = act_for(other, game_id, other_view, {**action, "seat": seat})
    assert r.status_code == 400 and "seat" in r.json()["error"]
    assert act_for(Player(app), game_id, v, action).status_code == 404
    # the bots' seat is not anyone's to play
    assert table(players[seat], game_id)["version"] == v["version"]


def test_two_actions_at_once_one_is_applied_the_other_409(app: Any) -> None:
    game_id, players = started(app)
    tables = tables_of(app)
    while (seat := table(players[0], game_id)["view"]["to_act"]["seat"]) >= 3:
        tables.step(game_id)
    v = table(players[seat], game_id)
    results: list[int] = []
    barrier = threading.Barrier(2)

    def send(action: dict[str, Any]) -> None:
        barrier.wait()
        results.append(act_for(players[seat], game_id, v, action).status_code)

    threads = [threading.Thread(target=send, args=(a,)) for a in (v["legal"][0], v["legal"][-1])]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 409]
    assert table(players[0], game_id)["version"] == v["version"] + 1
    # the same version again: stale, with the current version in the answer
    r = act_for(players[seat], game_id, v, v["legal"][0])
    assert r.status_code == 409 and r.json()["version"] == v["version"] + 1


def test_hints_are_for_ones_own_seat_only(app: Any) -> None:
    game_id, players = started(app)
    tables = tables_of(app)
    while (seat := table(players[0], game_id)["view"]["to_act"]["seat"]) >= 3:
        tables.step(game_id)
    r = players[seat].get(f"/api/tables/{game_id}/hint")
    assert r.status_code == 200 and "seat" not in r.json()["action"]
    other = players[(seat + 1) % 3]
    assert other.get(f"/api/tables/{game_id}/hint").status_code == 409
    assert Player(app).get(f"/api/tables/{game_id}/hint").status_code == 404


def test_the_solo_endpoints_refuse_a_table_with_people(app: Any) -> None:
    game_id, players = started(app)
    ann = players[0]
    v = ann.get(f"/api/games/{game_id}").json()
    r = ann.post(f"/api/games/{game_id}/actions", {"version": v["version"],
                                                   "action": {"type": "play", "card": "Ah"}})
    assert r.status_code == 400 and "/tables/" in r.json()["error"]
    assert ann.get(f"/api/games/{game_id}/export").status_code == 400
    assert ann.get(f"/api/games/{game_id}/hint").status_code == 400
    # nor is a backup made before the end: it holds the seed and every hand
    r = ann.get(f"/api/tables/{game_id}/export")
    assert r.status_code == 409 and "over" in r.json()["error"]


def test_a_whole_game_every_message_private_and_the_backup_replays(app: Any) -> None:
    """A whole game through the service (what every endpoint and socket sends is
    `live_json` of a seat's view): each seat's table after every decision holds only what
    that seat may know (R9.1); then the backup replays, with the players' names."""
    game_id, players = started(app)
    tables = tables_of(app)
    owners = [owner_of(p) for p in players]
    rng = random.Random(7)
    last = [-1, -1, -1]
    for _ in range(5000):
        views = tables.views_for(game_id, {s: last[s] for s in range(3)})
        for seat, v in views.items():
            message = live_json(v, set())
            assert message["view"]["seat"] == seat
            assert_private(app, game_id, seat, message)
            last[seat] = v.table.version
        if views[0].status == "finished":
            break
        to_act = views[0].table.view.to_act
        assert to_act is not None
        if to_act < 3:
            legal = views[to_act].table.legal
            done = tables.act(owners[to_act], game_id, last[to_act], rng.choice(legal))
            assert_private(app, game_id, to_act, live_json(done, set()))
        else:
            assert tables.step(game_id)
    final = [table(p, game_id) for p in players]
    assert all(v["status"] == "finished" for v in final)
    assert final[1]["seed"] == SEED  # the seed once the game is over
    r = players[2].get(f"/api/tables/{game_id}/export")
    assert r.status_code == 200
    data = r.json()
    assert data["meta"]["players"] == ["Ann", "Friend 1", "Friend 2", None]
    assert data["meta"]["levels"] == [None, None, None, "easy"]
    game = record.replay(record.parse(data))
    assert game.finished and len(game.actions) == final[0]["version"]


# The server's own decisions ------------------------------------------------------------------


def test_bots_wait_for_the_tables_pace(app: Any) -> None:
    clock = Clock()
    use_clock(app, clock)
    tables_of(app).pace_ms = 800
    game_id, players = started(app, n_friends=1, bots=2)
    tables = tables_of(app)
    while table(players[0], game_id)["view"]["to_act"]["seat"] < 2:
        v = table(players[0], game_id)
        seat = v["view"]["to_act"]["seat"]
        pv = table(players[seat], game_id)
        assert act_for(players[seat], game_id, pv, pv["legal"][0]).status_code == 200
    assert not tables.step(game_id)  # too soon: people must be able to follow
    clock.advance(0.5)
    assert not tables.step(game_id)
    clock.advance(0.4)
    assert tables.step(game_id)


def test_the_timer_decides_once_even_with_two_processes(apps: Apps) -> None:
    one, two = quick(apps.new()), quick(apps.new())  # two servers on one database
    clock = Clock()
    use_clock(one, clock)
    use_clock(two, clock)
    game_id, players = started(one, n_friends=2, bots=1, timer=30)
    while (seat := table(players[0], game_id)["view"]["to_act"]["seat"]) >= 3:
        clock.advance(1)
        tables_of(one).step(game_id)
    v = table(players[seat], game_id)
    assert v["live"]["deadline"] is not None
    clock.advance(29)
    assert not tables_of(one).step(game_id) and not tables_of(two).step(game_id)
    clock.advance(2)
    results: list[bool] = []
    barrier = threading.Barrier(2)

    def race(app: Any) -> None:
        barrier.wait()
        results.append(tables_of(app).step(game_id))

    threads = [threading.Thread(target=race, args=(a,)) for a in (one, two)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, True]
    after = table(players[seat], game_id)
    assert after["version"] == v["version"] + 1
    assert {"index": v["version"], "seat": seat, "by": "timer"} in after["live"]["notes"]
    # the player, late, is told the game moved on; nothing is applied twice
    assert act_for(players[seat], game_id, v, v["legal"][0]).status_code == 409


def test_a_seat_handed_to_a_bot_is_played_and_taken_back(app: Any) -> None:
    game_id, players = started(app)
    tables = tables_of(app)
    while (seat := table(players[0], game_id)["view"]["to_act"]["seat"]) >= 3:
        tables.step(game_id)
    p = players[seat]
    assert p.post(f"/api/tables/{game_id}/away", {"away": "yes"}).status_code == 400
    assert p.post(f"/api/tables/{game_id}/away", {"away": True}).status_code == 204
    v = table(p, game_id)
    assert v["live"]["players"][seat]["away"] is True
    r = act_for(p, game_id, v, v["legal"][0])
    assert r.status_code == 409 and "take it back" in r.json()["error"]
    assert tables.step(game_id)
    after = table(p, game_id)
    assert {"index": v["version"], "seat": seat, "by": "away"} in after["live"]["notes"]
    assert p.post(f"/api/tables/{game_id}/away", {"away": False}).status_code == 204
    assert table(p, game_id)["live"]["players"][seat]["away"] is False


# Chat --------------------------------------------------------------------------------------


def test_chat_is_for_seated_players_plain_short_and_rate_limited(app: Any) -> None:
    game_id, players = started(app)
    ann, bo = players[0], players[1]
    r = ann.post(f"/api/tables/{game_id}/chat", {"text": "  <b>Hej</b>\n allihop  "})
    assert r.status_code == 201 and r.json()["text"] == "<b>Hej</b> allihop"
    assert r.json()["seat"] == 0
    assert ann.post(f"/api/tables/{game_id}/chat", {"text": "x" * 201}).status_code == 400
    assert ann.post(f"/api/tables/{game_id}/chat", {"text": "   "}).status_code == 400
    assert Player(app).post(f"/api/tables/{game_id}/chat", {"text": "hi"}).status_code == 404
    codes = [bo.post(f"/api/tables/{game_id}/chat", {"text": f"{i}"}).status_code
             for i in range(6)]
    assert codes == [201] * 5 + [429]
    messages = bo.get(f"/api/tables/{game_id}/chat").json()["messages"]
    assert [m["text"] for m in messages] == ["<b>Hej</b> allihop", "0", "1", "2", "3", "4"]


def test_a_quick_phrase_is_sent_as_an_id_and_read_in_each_readers_language(app: Any) -> None:
    """Ann (English) presses "Good luck!": Bo, reading Swedish, gets its id and "Lycka
    till!"; an unknown id is refused and nothing is stored."""
    game_id, players = started(app)
    ann, bo = players[0], players[1]
    bo.http.cookies.set("chicago_lang", "sv")
    r = ann.post(f"/api/tables/{game_id}/chat", {"phrase": "good_luck"})
    assert r.status_code == 201, r.text
    assert r.json()["phrase"] == "good_luck" and r.json()["text"] == "Good luck!"
    bad = ann.post(f"/api/tables/{game_id}/chat", {"phrase": "insult"})
    assert bad.status_code == 400 and "good_luck" in bad.json()["error"]
    messages = bo.get(f"/api/tables/{game_id}/chat").json()["messages"]
    assert [(m["phrase"], m["text"]) for m in messages] == [("good_luck", "Lycka till!")]
    with bo.http.websocket_connect(f"/api/tables/{game_id}/live") as ws:
        while (m := ws.receive_json())["type"] != "chat":
            pass
    assert [(x["phrase"], x["text"]) for x in m["messages"]] == [("good_luck", "Lycka till!")]


# The WebSocket -------------------------------------------------------------------------------


def test_each_socket_gets_only_its_own_seat(app: Any) -> None:
    game_id, players = started(app)
    tables = tables_of(app)
    rng = random.Random(3)
    sockets = [p.http.websocket_connect(f"/api/tables/{game_id}/live") for p in players]
    try:
        opened = [s.__enter__() for s in sockets]
        received: list[list[dict[str, Any]]] = [[] for _ in players]

        def until_table(seat: int, version: int) -> dict[str, Any]:
            while True:
                m = opened[seat].receive_json()
                received[seat].append(m)
                if m["type"] == "table":
                    assert m["view"]["seat"] == seat
                    assert_private(app, game_id, seat, m)
                    if m["version"] >= version:
                        return m

        current = [until_table(s, 0) for s in range(3)]
        for _ in range(40):
            seat = current[0]["view"]["to_act"]["seat"]
            if seat < 3:
                r = act_for(players[seat], game_id, current[seat],
                            rng.choice(current[seat]["legal"]))
                assert r.status_code == 200, r.text
            else:
                assert tables.step(game_id)
            version = current[0]["version"] + 1
            current = [until_table(s, version) for s in range(3)]
            assert {m["version"] for m in current} == {version}
        # someone else's chat reaches every seat
        players[1].post(f"/api/tables/{game_id}/chat", {"text": "Bra spelat!"})
        for s in range(3):
            while (m := opened[s].receive_json())["type"] != "chat":
                pass
            assert m["messages"][-1]["text"] == "Bra spelat!"
        opened[0].send_json({"type": "ping"})
        while opened[0].receive_json()["type"] != "pong":
            pass
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


def test_a_socket_to_someone_elses_table_is_closed(app: Any) -> None:
    game_id, _ = started(app)
    with Player(app).http.websocket_connect(f"/api/tables/{game_id}/live") as ws:
        assert ws.receive_json() == {"type": "error", "error": "no such table"}


def test_a_socket_from_another_site_is_accepted_told_and_closed_4403(app: Any) -> None:
    """docs/api.md: a foreign Origin's socket is accepted, then closed with 4403 (a refusal
    at the handshake would reach the page as an HTTP 403 it cannot read)."""
    from starlette.websockets import WebSocketDisconnect

    game_id, players = started(app)
    with players[0].http.websocket_connect(  # the handshake itself succeeds
        f"/api/tables/{game_id}/live", headers={"origin": "https://elsewhere.example"}
    ) as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and message["code"] == 4403
        assert "another site" in message["error"]
        with pytest.raises(WebSocketDisconnect) as caught:
            ws.receive_json()
    assert caught.value.code == 4403
