"""`/healthz` and `/metrics` (docs/operating.md): the health check asks the database and
says 503 when it cannot answer; the metrics count what was played through the API.

Runs on SQLite (a file per test) or, with CHICAGO_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from live_support import act_for, friends_table, table
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine
from test_api_support import Player

pytestmark = pytest.mark.quick_bots

SEED = 424_242


def samples(player: Player) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of `GET /metrics`, parsed as Prometheus parses it: (name, labels) →
    value."""
    r = player.get("/metrics")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain; version=")
    out: dict[tuple[str, frozenset[tuple[str, str]]], float] = {}
    for family in text_string_to_metric_families(r.text):
        for s in family.samples:
            out[(s.name, frozenset(s.labels.items()))] = s.value
    return out


def value(found: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str,
          **labels: str) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


def test_a_game_played_through_the_api_moves_the_counters_and_the_histogram(app: Any) -> None:
    p = Player(app)
    before = samples(p)
    assert value(before, "chicago_actions_total", kind="play", table="solo") == 0
    assert value(before, "chicago_action_seconds_count", kind="play", table="solo") == 0
    assert value(before, "chicago_tables_in_play") == 0
    assert value(before, "chicago_open_sockets") == 0
    assert ("process_resident_memory_bytes", frozenset()) in before

    r = p.post("/api/games", {"seats": 2, "level": "easy", "seed": SEED})
    assert r.status_code == 201, r.text
    t = r.json()
    sent: Counter[str] = Counter()
    rng = random.Random(7)
    first = t
    while t["status"] != "finished":
        action = rng.choice(t["legal"])
        r = p.act(t, action)
        assert r.status_code == 200, r.text
        sent[action["type"]] += 1
        t = r.json()
    assert p.act(first, first["legal"][0]).status_code == 409  # stale: refused, not counted
    assert p.post(f"/api/games/{t['id']}/actions", {"version": t["version"],
                                                     "action": {"type": "fold"}}).status_code == 400

    after = samples(p)
    assert {"exchange", "play"} <= set(sent)
    for kind in ("exchange", "offer", "quads", "chicago", "play"):
        assert value(after, "chicago_actions_total", kind=kind, table="solo") == sent[kind]
        assert value(after, "chicago_action_seconds_count", kind=kind, table="solo") == sent[kind]
        assert value(after, "chicago_action_seconds_bucket", kind=kind, table="solo",
                     le="+Inf") == sent[kind]
    assert value(after, "chicago_action_seconds_sum", kind="play", table="solo") > 0
    assert value(after, "chicago_action_seconds_bucket", kind="play", table="solo",
                 le="10.0") == sent["play"]
    assert value(after, "chicago_actions_refused_total", table="solo", reason="Stale") == 1
    assert value(after, "chicago_actions_refused_total", table="solo", reason="BadRequest") == 1
    assert value(after, "chicago_actions_total", kind="other", table="solo") == 0


def test_a_table_with_people_shows_in_the_gauges_and_its_counter(app: Any) -> None:
    ann, bo = Player(app), Player(app)
    game_id, _ = friends_table(ann, [bo], seats=3, bots=1)
    assert value(samples(ann), "chicago_tables_in_play") == 0  # open, not started
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    with ann.http.websocket_connect(f"/api/tables/{game_id}/live") as ws:
        assert ws.receive_json()["type"] in ("table", "chat", "presence")
        found = samples(ann)
        assert value(found, "chicago_open_sockets") == 1
        assert value(found, "chicago_tables_connected") == 1
        assert value(found, "chicago_tables_in_play") == 1
        decided, sent = 0, Counter[str]()
        for _ in range(200):  # until the bot and a person have both moved
            if decided and sent:
                break
            seat = table(ann, game_id)["view"]["to_act"]["seat"]
            if seat == 2:
                decided += app.state.driver.tick()  # the bot's turn, as the server plays it
                continue
            player = (ann, bo)[seat]
            v = table(player, game_id)
            assert act_for(player, game_id, v, v["legal"][0]).status_code == 200
            sent[v["legal"][0]["type"]] += 1
        assert decided and sent
        found = samples(ann)
        for kind, n in sent.items():
            assert value(found, "chicago_actions_total", kind=kind, table="live") == n
            assert value(found, "chicago_action_seconds_count", kind=kind, table="live") == n
        assert value(found, "chicago_server_decisions_total") == decided
    assert value(samples(ann), "chicago_open_sockets") == 0


def test_healthz_is_200_with_a_database_and_503_without(app: Any, tmp_path: Path) -> None:
    p = Player(app)
    r = p.get("/healthz")
    assert r.status_code == 200
    assert r.json()["status"] == "ok" and r.json()["database"] == "ok"
    assert r.headers["cache-control"] == "no-store"
    # The same app whose database can no longer be opened (a directory that is not there:
    # every connection fails as a vanished disk or a stopped server would).
    store = app.state.store
    working = store.engine
    store.engine = create_engine(f"sqlite:///{tmp_path / 'gone' / 'missing' / 'chicago.db'}")
    try:
        r = p.get("/healthz")
        assert r.status_code == 503
        assert r.json() == {"status": "unavailable", "database": "unavailable",
                            "version": r.json()["version"]}
        assert "gone" not in r.text  # the cause is logged, never told to the caller
    finally:
        store.engine.dispose()
        store.engine = working
    assert p.get("/healthz").status_code == 200
