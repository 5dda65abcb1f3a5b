"""What a seat is sent, made once (chicago.web.live_render): a text from the cache is the
text a fresh rendering gives, an action's answer and the actor's socket carry the same
table, another process's commit is never hidden behind an older text, and each socket is
told the table in its own language.

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from live_support import act_for, assert_private, friends_table, table, tables_of
from test_api_support import Apps, Player

from chicago.text.i18n import use_language
from chicago.text.parts import plain
from chicago.web.hub import Hub
from chicago.web.live_render import dumps
from chicago.web.wire import live_json

pytestmark = pytest.mark.unsynced


def hub_of(app: Any) -> Hub:
    hub: Hub = app.state.hub
    return hub


def started(app: Any) -> tuple[str, list[Player]]:
    """Three friends and one easy bot (no pace to wait for), dealt."""
    tables_of(app).pace_ms = 0
    players = [Player(app) for _ in range(3)]
    game_id, _ = friends_table(players[0], players[1:], seats=4, bots=1)
    assert players[0].post(f"/api/tables/{game_id}/start").status_code == 200
    return game_id, players


def step(app: Any, game_id: str, players: list[Player], rng: random.Random) -> None:
    """One decision: the seat to act's person (a random legal action), else the bot."""
    v = table(players[0], game_id)
    seat = v["view"]["to_act"]["seat"]
    if seat < len(players):
        mine = table(players[seat], game_id)
        assert act_for(players[seat], game_id, mine, rng.choice(mine["legal"])).status_code == 200
    else:
        assert tables_of(app).step(game_id)


def test_a_cached_text_is_the_fresh_rendering_for_every_seat_all_game(apps: Apps) -> None:
    """At every version of a whole game, each seat's text from the cache (asked twice: the
    second is a hit) is `live_json` of its view, and holds only what it may know (R9.1)."""
    app = apps.new()
    game_id, players = started(app)
    tables, renders = tables_of(app), hub_of(app).renders
    rng = random.Random(11)
    last = [-1, -1, -1, -1]
    for _ in range(3000):
        views = tables.views_for(game_id, {s: last[s] for s in range(4)})
        for seat, v in views.items():
            first = renders.body(v, {0, 2})
            hits = renders.hits
            again = renders.body(v, {0, 2})
            assert again == first and renders.hits == hits + 1
            message = live_json(v, {0, 2})
            assert first == dumps(message)
            assert json.loads(first) == message
            assert_private(app, game_id, seat, message)
            last[seat] = v.table.version
        if views[0].status == "finished":
            break
        step(app, game_id, players, rng)
    assert views[0].status == "finished"


def made_whole(before: dict[str, Any] | None, message: dict[str, Any]) -> dict[str, Any] | None:
    """A table from the socket as the page makes it whole (static/live/table.js, `whole`):
    a push that continues the deal of the socket's previous table (`base`) is that table's
    profile, log and told log followed by its own `events` and `narration`; None when the
    previous table is not the one it continues."""
    if "base" not in message:
        return message
    if before is None or before["version"] != message["base"]:
        return None
    out = {k: v for k, v in message.items() if k != "base"}
    out["profile"] = before["profile"]
    out["view"] = {**message["view"], "log": before["view"]["log"] + message["events"]}
    out["log_narration"] = before["log_narration"] + message["narration"]
    return out


def test_the_actors_socket_is_pushed_the_answer_less_what_it_has(apps: Apps) -> None:
    """After a POSTed action the actor's socket is pushed the answer's table continuing the
    deal it had: without the profile, the deal's log and its narration, which the socket's
    previous table and the push's events make whole again."""
    app = apps.new()
    game_id, players = started(app)
    rng = random.Random(5)
    while (seat := table(players[0], game_id)["view"]["to_act"]["seat"]) >= 3:
        assert tables_of(app).step(game_id)
    with players[seat].http.websocket_connect(f"/api/tables/{game_id}/live") as ws:
        before = next_table(ws, 0)
        r = act_for(players[seat], game_id, before, rng.choice(before["legal"]))
        assert r.status_code == 200, r.text
        pushed = next_table(ws, r.json()["version"])
    assert pushed["base"] == before["version"]
    assert not {"profile", "log_narration"} & set(pushed) and "log" not in pushed["view"]
    assert pushed["events"]  # the action's events, redacted for the actor's seat
    assert made_whole(before, pushed) == {"type": "table", **r.json()}
    assert len(dumps(pushed)) + len(dumps(r.json()["profile"])) < len(dumps(r.json()))


def test_every_socket_made_whole_is_the_whole_table_all_game(apps: Apps) -> None:
    """A whole game of three people and a bot, watched: every table each socket is sent,
    in order, made whole from the one before, is the table its seat (or the spectator) is
    shown at that version, with nothing it may not know (R9.1); pushes within a deal leave
    the log out, and a new deal's first push brings it whole."""
    app = apps.new()
    game_id, players = started(app)
    token = players[0].post(f"/api/tables/{game_id}/watch").json()["token"]
    spectator = Player(app)
    rng = random.Random(11)
    sockets = [p.http.websocket_connect(f"/api/tables/{game_id}/live") for p in players]
    sockets.append(spectator.http.websocket_connect(f"/api/watch/{token}/live"))
    last: list[dict[str, Any] | None] = [None] * len(sockets)
    continued = whole = 0
    try:
        for ws in sockets:
            ws.__enter__()
        while True:
            version = table(players[0], game_id)["version"]
            for k, ws in enumerate(sockets):
                while (m := ws.receive_json())["type"] != "table" or m["version"] < version:
                    if m["type"] == "table":
                        continued += "base" in m
                        whole += "base" not in m
                        last[k] = made_whole(last[k], m)
                        assert last[k] is not None
                continued += "base" in m
                whole += "base" not in m
                last[k] = made_whole(last[k], m)
                assert last[k] is not None
                shown = (table(players[k], game_id) if k < len(players)
                         else spectator.get(f"/api/watch/{token}").json())
                # the live part (who is connected right now) is not what a push leaves out
                got = {key: v for key, v in last[k].items()
                       if key not in ("type", "events", "narration", "live")}
                want = {key: v for key, v in shown.items()
                        if key not in ("events", "narration", "live")}
                assert got == want, (k, version)
                if k < len(players):
                    assert_private(app, game_id, k, m)
            if table(players[0], game_id)["status"] == "finished":
                break
            step(app, game_id, players, rng)
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    assert continued > 10 * whole  # most pushes leave the log out


def test_another_processs_commit_is_never_hidden_behind_an_older_text(apps: Apps) -> None:
    """Two processes on one database: one has rendered (and cached) version n; the other
    commits n+1; the first then sends n+1, equal to a fresh replay by a third process
    whose cache is empty."""
    one, two = apps.new(), apps.new()
    game_id, players = started(one)
    on_two = [Player(two) for _ in players]
    for p, q in zip(players, on_two, strict=True):
        q.http.cookies = p.http.cookies  # the same people, through the other process
    rng = random.Random(9)
    for _ in range(12):
        for seat in range(4):
            tables_of(one).views_for(game_id, {seat: None})  # fill one's caches
        before = table(players[0], game_id)
        step(two, game_id, on_two, rng)
        after = table(players[0], game_id)  # through one
        assert after["version"] == before["version"] + 1
        fresh = apps.new()
        for seat in range(4):
            mine = tables_of(one).views_for(game_id, {seat: None})[seat]
            replayed = tables_of(fresh).views_for(game_id, {seat: None})[seat]
            assert mine.table.version == after["version"]
            text = hub_of(one).renders.body(mine, set())
            assert text == dumps(live_json(replayed, set()))
        fresh.state.store.close()
        apps.made.remove(fresh)


def next_table(ws: Any, version: int) -> dict[str, Any]:
    """The socket's next table message at `version` or newer (presence and chat skipped)."""
    while (m := ws.receive_json())["type"] != "table" or m["version"] < version:
        pass
    message: dict[str, Any] = m
    return message


def test_each_socket_is_told_the_table_in_its_own_language(apps: Apps) -> None:
    """Ann plays in English, Bo reads Swedish: after Ann's action each socket's narration
    is in its own language, whoever acted."""
    app = apps.new()
    game_id, players = started(app)
    bo = players[1]
    assert bo.get("/language?lang=sv&next=/", follow_redirects=False).status_code in (302, 303)
    rng = random.Random(2)
    while (seat := table(players[0], game_id)["view"]["to_act"]["seat"]) != 0:
        step(app, game_id, players, rng)
    with players[0].http.websocket_connect(f"/api/tables/{game_id}/live") as ann_ws, \
            bo.http.websocket_connect(f"/api/tables/{game_id}/live") as bo_ws:
        first = [next_table(ws, 0) for ws in (ann_ws, bo_ws)]
        assert [m["lang"] for m in first] == ["en", "sv"]
        mine = table(players[seat], game_id)
        assert act_for(players[seat], game_id, mine, mine["legal"][0]).status_code == 200
        pushed = [next_table(ws, mine["version"] + 1) for ws in (ann_ws, bo_ws)]
    assert [m["lang"] for m in pushed] == ["en", "sv"]
    views = tables_of(app).views_for(game_id, {0: mine["version"], 1: mine["version"]})
    with use_language("sv"):
        swedish = live_json(views[1], set())
    assert pushed[1]["narration"] == swedish["narration"] and swedish["narration"]
    assert pushed[0]["narration"] != pushed[1]["narration"]
    # Ann's move told to Ann in the second person, to Bo by her name at the table
    told = [plain(m["narration"][0]) for m in pushed]
    assert "Ann" not in told[0] and "Ann" in told[1], told


def test_notes_kept_by_version_are_what_the_database_says(apps: Apps) -> None:
    """The notes of a version (decisions bots made for people) are read once and kept:
    committed history. A seat handed to a bot decides at version n; the notes of n, read
    before that decision, stay empty of it, those of n+1 name it, as a fresh read does."""
    app = apps.new()
    game_id, players = started(app)
    tables = tables_of(app)
    rng = random.Random(4)
    while (seat := table(players[0], game_id)["view"]["to_act"]["seat"]) >= 3:
        step(app, game_id, players, rng)
    version = table(players[0], game_id)["version"]
    assert tables.live.notes(game_id, version) == ()
    assert players[seat].post(f"/api/tables/{game_id}/away", {"away": True}).status_code == 204
    assert tables.step(game_id)  # the stand-in bot decides for the away seat
    assert tables.live.notes(game_id, version) == ()
    kept = tables.live.notes(game_id, version + 1)
    assert kept == ((version, seat, "away"),)
    assert kept == tuple(tables.live.decided_by(game_id, 0, version + 1))
    assert {"index": version, "seat": seat, "by": "away"} in table(players[0], game_id)[
        "live"]["notes"]


def test_the_push_after_a_commit_here_is_the_table_read_again(apps: Apps) -> None:
    """After a decision committed by this process, the push makes each seat's view from
    what the deciding request read (`fresh_views`, no read): at every version of the first
    deals it equals the view read from the database, seat by seat (R9.1: each seat's own);
    news of another change (a seat handed to a bot) makes the next push read again."""
    app = apps.new()
    game_id, players = started(app)
    tables = tables_of(app)
    rng = random.Random(5)
    last = [-1, -1, -1, -1]
    fresh = 0
    for n in range(150):
        version = table(players[0], game_id)["version"]
        made = tables.fresh_views(game_id, {s: last[s] for s in range(4)}, version)
        read = tables.views_for(game_id, {s: last[s] for s in range(4)})
        if made is not None:
            fresh += 1
            assert made == read
        for seat, v in read.items():
            last[seat] = v.table.version
        if n in (6, 30):  # seat 1 hands its seat to a bot, then takes it back
            away = {"away": n == 6}
            assert players[1].post(f"/api/tables/{game_id}/away", away).status_code == 204
            assert tables.fresh_views(game_id, {0: None}, version) is None  # "seats" was heard
        if 6 <= n < 30 and read[0].table.view.to_act == 1:
            assert tables.step(game_id)  # the away seat's stand-in
        else:
            step(app, game_id, players, rng)
    assert fresh > 100


def test_an_action_after_a_commit_here_is_checked_without_a_read(
    apps: Apps, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With one process hearing every change (SQLite), a person's action at a table whose
    last commit was this process's is checked against that commit's table: no read of the
    table's rows. News of another change (a seat handed to a bot) makes the next action
    read again, and a stale version is still refused (409) with nothing changed. With news
    from other processes (PostgreSQL) every action reads the table."""
    app = apps.new()
    game_id, players = started(app)
    tables = tables_of(app)
    heard_here = tables.store.engine.dialect.name == "sqlite"
    assert tables.news_heard_here is heard_here
    reads: list[str] = []
    rows = tables.live.rows

    def counted(gid: str) -> Any:
        reads.append(gid)
        return rows(gid)

    monkeypatch.setattr(tables.live, "rows", counted)
    rng = random.Random(11)
    unread = acted = stale = after_news = 0
    news = False
    for n in range(80):
        v = table(players[0], game_id)
        seat = v["view"]["to_act"]["seat"]
        if n >= 40 and not after_news and seat < len(players):
            # just before a person acts, seat 1 hands its seat to a bot and takes it back:
            # "seats" is heard
            for away in (True, False):
                assert players[1].post(f"/api/tables/{game_id}/away",
                                       {"away": away}).status_code == 204
            news = True
        if seat >= len(players):
            assert tables.step(game_id)
            continue
        mine = table(players[seat], game_id)
        if n % 10 == 3:  # an action at an older version: refused, nothing stored
            older = act_for(players[seat], game_id, {**mine, "version": mine["version"] - 1},
                            rng.choice(mine["legal"]))
            assert older.status_code == 409
            assert table(players[seat], game_id)["version"] == mine["version"]
            stale += 1
        reads.clear()
        assert act_for(players[seat], game_id, mine, rng.choice(mine["legal"])).status_code == 200
        if news:  # the action after the news reads the table again
            assert reads == [game_id]
            news = False
            after_news += 1
            continue
        acted += 1
        unread += not reads
    assert stale and after_news == 1
    if heard_here:
        assert unread > acted * 3 // 4
    else:
        assert unread == 0
