"""The games API of docs/api.md: every endpoint and every error, durability, restart,
backups, and what seat 0 may know (R9.1).

Runs on SQLite (a file per test) or, with CHICAGO_TEST_DATABASE_URL, on PostgreSQL.
"""

from __future__ import annotations

import json
import logging
import random
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from test_api_support import (
    PG_URL,
    Apps,
    Player,
    assert_no_leak,
    hidden_cards,
    service_of,
)

from chicago.bots.hard import WORLDS
from chicago.core import record
from chicago.core.rules import CHOICES
from chicago.store import Store, default_database_url, describe_url
from chicago.table.tables.service import Stale, TableService
from chicago.text.knob_words import KNOB_LABELS, VALUE_WORDS
from chicago.web.action_body import parse_action

SEED = 731_942_118_305


def stored_actions(app: Any, game_id: str) -> list[dict[str, Any]]:
    store: Store = app.state.store
    return store.actions(game_id, 10**9)


def play_out(
    player: Player,
    table: dict[str, Any],
    rng: random.Random,
    limit: int = 2000,
    check: Any = None,
) -> dict[str, Any]:
    """Seat 0 plays random legal actions until the game ends (or `limit` requests)."""
    for _ in range(limit):
        if table["status"] == "finished":
            break
        r = player.act(table, rng.choice(table["legal"]))
        assert r.status_code == 200, r.text
        if check is not None:
            check(r)
        table = r.json()
    return table


# Creating and reading --------------------------------------------------------------------------


def test_create_returns_the_table_of_docs_api(app: Any) -> None:
    p = Player(app)
    r = p.post("/api/games", {"seats": 4, "levels": ["easy", "normal", "hard"], "seed": SEED})
    assert r.status_code == 201
    t = r.json()
    assert set(t) >= {
        "id", "version", "status", "winner", "seats", "levels", "profile", "view", "legal",
        "prompt", "events", "history", "seed",
    }
    assert t["status"] == "in_progress" and t["winner"] is None and t["seed"] is None
    assert t["seats"] == 4 and t["levels"] == [None, "easy", "normal", "hard"]
    assert t["profile"]["id"] == "chicago-gamewide-0.2" and t["profile"]["target"] == 52
    assert t["view"]["seat"] == 0 and len(t["view"]["hand"]) == 5
    assert t["view"]["to_act"] == {"seat": 0, "decision": "exchange"}
    assert t["legal"] and all(a["type"] == "exchange" and "seat" not in a for a in t["legal"])
    assert t["prompt"]["decision"] == "exchange"
    assert t["prompt"]["chicago_stakes"] == {"win": 15, "lose": 15, "breaker": 10}
    assert t["prompt"]["confirm_reset_needed"] is False
    assert t["events"][0]["type"] == "deal_started"
    dealt = [e for e in t["events"] if e["type"] == "cards_dealt"]
    assert [e["seat"] for e in dealt] == [0]  # only seat 0's own cards (R9.1)
    assert t["history"] == []
    # the bots before seat 0 have exchanged, and those actions are stored
    assert t["version"] == len(stored_actions(app, t["id"]))
    assert r.headers["server-timing"].startswith("bots;dur=")
    assert r.headers["cache-control"] == "no-store"
    assert_no_leak(app, t["id"], r, SEED)


def test_same_seed_same_game(app: Any) -> None:
    p = Player(app)
    a = p.new_game(seats=3, seed=SEED)
    b = p.new_game(seats=3, seed=SEED)
    assert a["id"] != b["id"]
    assert a["view"] == b["view"] and a["version"] == b["version"]


def test_a_random_seed_when_none_is_given(app: Any) -> None:
    p = Player(app)
    a = p.new_game(seats=2)
    b = p.new_game(seats=2, seed=None)
    seeds = {service_of(app).state_of(t["id"]).setup.seed for t in (a, b)}
    assert len(seeds) == 2 and all(0 <= s < 2**53 for s in seeds)


def test_custom_profile_and_single_level(app: Any) -> None:
    p = Player(app)
    t = p.new_game(
        seats=3, level="normal", profile={"base": "classic", "changes": {"target": 51}}
    )
    assert t["levels"] == [None, "normal", "normal"]
    assert t["profile"]["base"] == "classic" and t["profile"]["target"] == 51
    assert t["profile"]["id"] == "classic+target=51"
    assert t["view"]["profile"] == "classic+target=51"
    t = p.new_game(seats=2, profile="common")
    assert t["profile"]["id"] == "common" and t["profile"]["base"] is None


@pytest.mark.parametrize(
    ("body", "words", "rule"),
    [
        ({"seats": 1}, "seats", "R1.1"),
        ({"seats": 7}, "seats", "R1.1"),
        ({"seats": "4"}, "seats", "R1.1"),
        ({"seats": True}, "seats", "R1.1"),
        ({"seats": 3, "level": "godlike"}, "level", None),
        ({"seats": 3, "levels": ["easy"]}, "levels", None),
        ({"seats": 3, "levels": ["easy", 5]}, "level", None),
        ({"seats": 3, "levels": ["easy", "easy"], "level": "easy"}, "not both", None),
        ({"seats": 3, "profile": "poker"}, "profile", None),
        ({"seats": 3, "profile": {"base": "classic", "changes": {"target": 7}}}, "target", None),
        ({"seats": 3, "profile": {"base": "classic", "changes": {"colour": 1}}}, "knob", None),
        ({"seats": 3, "profile": {"base": "classic", "extra": 1}}, "unknown field", None),
        ({"seats": 3, "profile": 5}, "profile", None),
        ({"seats": 3, "seed": -1}, "seed", None),
        ({"seats": 3, "seed": 2**60}, "seed", None),
        ({"seats": 3, "seed": 1.5}, "seed", None),
        ({"seats": 3, "colour": "red"}, "unknown field", None),
    ],
)
def test_create_refuses_bad_input(
    app: Any, body: dict[str, Any], words: str, rule: str | None
) -> None:
    p = Player(app)
    r = p.post("/api/games", body)
    assert r.status_code == 400, r.text
    assert words in r.json()["error"].lower()
    assert r.json()["rule"] == rule
    assert p.get("/api/games").json() == {"games": []}


@pytest.mark.parametrize("payload", ["[1, 2", "[1, 2]", '"x"', ""])
def test_malformed_bodies_are_400(app: Any, payload: str) -> None:
    p = Player(app)
    for path in ("/api/games", "/api/games/import", "/api/auth/signin"):
        r = p.http.post(
            path,
            content=payload,
            headers={"X-CSRF-Token": p.csrf, "Content-Type": "application/json"},
        )
        assert r.status_code == 400, (path, r.text)
        body = r.json()
        assert set(body) == {"error", "rule"} and isinstance(body["error"], str)


def test_get_and_list(app: Any) -> None:
    p = Player(app)
    a = p.new_game(seats=2, seed=1)
    b = p.new_game(seats=5, seed=2, profile="basic")
    r = p.get(f"/api/games/{a['id']}")
    assert r.status_code == 200
    got = r.json()
    assert got["view"] == a["view"] and got["version"] == a["version"]
    assert got["legal"] == a["legal"] and got["events"] == []
    games = p.get("/api/games").json()["games"]
    assert [g["id"] for g in games] == [b["id"], a["id"]]  # newest first
    g = games[0]
    assert set(g) == {
        "id", "created", "updated", "seats", "profile", "status", "deal", "scores", "winner",
        "levels", "imported",
    }
    assert g["seats"] == 5 and g["profile"] == "basic" and g["status"] == "in_progress"
    assert g["deal"] == 1 and g["scores"] == [0] * 5 and g["winner"] is None
    assert g["levels"] == [None] + ["easy"] * 4
    assert g["imported"] is False


def test_unknown_game_and_endpoint_are_404(app: Any) -> None:
    p = Player(app)
    for r in (
        p.get("/api/games/nope"),
        p.get("/api/games/nope/hint"),
        p.get("/api/games/nope/export"),
        p.delete("/api/games/nope"),
        p.post("/api/games/nope/actions", {"version": 0, "action": {"type": "play", "card": "Ah"}}),
        p.get("/api/games/" + "x" * 500),
    ):
        assert r.status_code == 404
        assert r.json() == {"error": "There is no such game.", "rule": None}
    r = p.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["rule"] is None


# Acting --------------------------------------------------------------------------------------


def test_act_stores_every_action_and_runs_the_bots(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=4, seed=SEED)
    before = t["version"]
    r = p.act(t, {"type": "exchange", "discard": []})
    assert r.status_code == 200, r.text
    t2 = r.json()
    events = t2["events"]
    assert events[0] == {"type": "cards_exchanged", "seat": 0, "exchange": 1, "count": 0,
                         "discarded": [], "drawn": []}
    stored = stored_actions(app, t["id"])
    assert t2["version"] == len(stored) > before
    assert stored[before] == {"seat": 0, "type": "exchange", "discard": []}
    assert all(a["seat"] != 0 for a in stored[before + 1:])  # then only bots
    assert t2["view"]["to_act"]["seat"] == 0 or t2["status"] == "finished"
    # other seats' exchanges show counts only (R9.1)
    for e in events:
        if e["type"] == "cards_exchanged" and e["seat"] != 0:
            assert "discarded" not in e and "drawn" not in e
        assert e["type"] not in ("cards_dealt", "stock_recycled") or e.get("seat") == 0
    assert_no_leak(app, t["id"], r, SEED)


def test_a_whole_game_leaks_nothing_and_shows_the_seed_at_the_end(app: Any) -> None:
    p = Player(app)
    rng = random.Random(5)
    for seats, profile, seed in ((2, "chicago-gamewide-0.2", SEED), (5, "common", SEED + 1)):
        t = p.new_game(seats=seats, profile=profile, seed=seed)
        game_id = t["id"]

        def check(r: Any, game_id: str = game_id, seed: int = seed) -> None:
            assert_no_leak(app, game_id, r, seed)
            if rng.random() < 0.1:  # the other reads too, now and then
                assert_no_leak(app, game_id, p.get(f"/api/games/{game_id}"), seed)
                assert_no_leak(app, game_id, p.get("/api/games"), seed)
                h = p.get(f"/api/games/{game_id}/hint")
                if h.status_code == 200:
                    assert_no_leak(app, game_id, h, seed)

        t = play_out(p, t, rng, check=check)
        assert t["status"] == "finished"
        assert t["seed"] == seed and t["winner"] is not None
        assert t["legal"] == [] and t["prompt"] is None
        assert t["history"] and t["history"][-1]["scores"] == t["view"]["scores"]
        assert [h["deal"] for h in t["history"]] == sorted({h["deal"] for h in t["history"]})
        got = p.get(f"/api/games/{game_id}").json()
        assert got["seed"] == seed and got["history"] == t["history"]
        summary = p.get("/api/games").json()["games"][0]
        assert summary["status"] == "finished" and summary["winner"] == t["winner"]
        # finished: no more actions, no hint
        r = p.act(t, {"type": "play", "card": "Ah"})
        assert r.status_code == 422 and r.json()["rule"] == "R8"
        assert p.get(f"/api/games/{game_id}/hint").status_code == 409


def test_stale_version_and_double_submit(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=3, seed=SEED)
    action = {"type": "exchange", "discard": []}
    first = p.act(t, action)
    assert first.status_code == 200
    count = len(stored_actions(app, t["id"]))
    second = p.act(t, action)  # the same request again
    assert second.status_code == 409
    now = first.json()["version"]
    assert second.json() == {
        "error": f"The game has moved on (version {now}, not {t['version']}): reload",
        "rule": None,
        "version": now,
    }
    ahead = p.post(f"/api/games/{t['id']}/actions", {"version": now + 5, "action": action})
    assert ahead.status_code == 409
    assert len(stored_actions(app, t["id"])) == count
    assert p.get(f"/api/games/{t['id']}").json()["version"] == now


def test_two_workers_racing_on_one_version_only_one_wins(apps: Apps) -> None:
    """Several services (as several worker processes would) on one database."""
    app = apps.new()
    p = Player(app)
    t = p.new_game(seats=3, seed=SEED)
    row = app.state.store.get_game(t["id"])
    owner = row.owner
    services = [TableService(Store(apps.url)) for _ in range(4)]
    for s in services:
        s.get(owner, t["id"])  # warm each cache at this version
    results: list[object] = []
    barrier = threading.Barrier(len(services))

    def go(service: TableService) -> None:
        barrier.wait()
        try:
            results.append(
                service.act(owner, t["id"], t["version"], parse_action({"type": "exchange",
                                                                         "discard": []}))
            )
        except Stale as e:
            results.append(e)

    threads = [threading.Thread(target=go, args=(s,)) for s in services]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for s in services:
        s.store.close()
    wins = [x for x in results if not isinstance(x, Stale)]
    assert len(wins) == 1 and len(results) == len(services)
    stored = stored_actions(app, t["id"])
    assert len(stored) == wins[0].table.version  # type: ignore[attr-defined]
    assert [a["seat"] for a in stored].count(0) == 1


def test_illegal_action_is_422_with_the_rule_and_stores_nothing(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=3, seed=SEED)
    count = len(stored_actions(app, t["id"]))
    hidden = sorted(hidden_cards(app, t["id"]))
    cases = [
        ({"type": "play", "card": t["view"]["hand"][0]}, "R2.1"),
        ({"type": "exchange", "discard": [hidden[0]]}, "R2.1"),
        ({"type": "exchange", "discard": t["view"]["hand"]}, "R2.1"),
        ({"type": "chicago", "call": True}, None),
    ]
    for action, rule in cases:
        r = p.act(t, action)
        assert r.status_code == 422, (action, r.text)
        body = r.json()
        assert set(body) == {"error", "rule"} and body["rule"]
        if rule:
            assert body["rule"] == rule
        assert hidden[0] not in body["error"] or action["discard"] == [hidden[0]]
    assert len(stored_actions(app, t["id"])) == count
    assert p.get(f"/api/games/{t['id']}").json()["version"] == t["version"]


@pytest.mark.parametrize(
    "body",
    [
        {"version": 0},
        {"action": {"type": "exchange", "discard": []}},
        {"version": "1", "action": {"type": "exchange", "discard": []}},
        {"version": 1, "action": {"type": "fold"}},
        {"version": 1, "action": {"type": "exchange"}},
        {"version": 1, "action": {"type": "exchange", "discard": "Ah"}},
        {"version": 1, "action": {"type": "exchange", "discard": ["Zz"]}},
        {"version": 1, "action": {"type": "exchange", "discard": [], "confirm_reset": 1}},
        {"version": 1, "action": {"type": "play", "card": "Ah", "seat": 2}},
        {"version": 1, "action": {"type": "offer", "keep": "yes"}},
        {"version": 1, "action": {"type": "quads", "choice": "both"}},
        {"version": 1, "action": {"type": "chicago", "call": None}},
        {"version": 1, "action": {"type": "play", "card": 14}},
        {"version": 1, "action": {"type": "play", "card": "Ah", "why": "because"}},
        {"version": 1, "action": "Ah"},
        {"version": 1, "action": {"type": "play", "card": "Ah"}, "seat": 0},
    ],
)
def test_malformed_actions_are_400(app: Any, body: dict[str, Any]) -> None:
    p = Player(app)
    t = p.new_game(seats=2, seed=SEED)
    body = {**body, "version": t["version"]} if body.get("version") == 1 else body
    r = p.post(f"/api/games/{t['id']}/actions", body)
    assert r.status_code == 400, r.text
    assert set(r.json()) == {"error", "rule"}
    assert len(stored_actions(app, t["id"])) == t["version"]


def test_hint_is_a_legal_action_with_a_reason(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=4, seed=SEED)
    r = p.get(f"/api/games/{t['id']}/hint")
    assert r.status_code == 200
    h = r.json()
    assert set(h) == {"action", "reason", "advice"} and h["reason"]
    # the coach's numbers behind the words (R2, R4): chances by the last exchange
    a = h["advice"]
    assert a["kind"] == "exchange" and a["samples"] == WORLDS and a["estimate"] is True
    assert a["by_exchange"] == 3 and 0 <= a["best_next_scoring"] <= 1
    chances = list(a["at_least"].values())
    assert list(a["at_least"])[:3] == ["high card", "one pair", "two pair"]
    assert chances[0] == 1 and chances == sorted(chances, reverse=True)
    assert "By the third exchange:" in h["reason"]
    assert f"Estimates from {WORLDS} deals" in h["reason"]
    assert h["action"] in t["legal"] or (
        h["action"]["type"] == "exchange"
        and sorted(h["action"]["discard"]) in [sorted(a["discard"]) for a in t["legal"]]
    )
    assert_no_leak(app, t["id"], r, SEED)
    assert p.get(f"/api/games/{t['id']}").json()["version"] == t["version"]  # nothing stored


def test_delete(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=2)
    keep = p.new_game(seats=2)
    r = p.delete(f"/api/games/{t['id']}")
    assert r.status_code == 204 and r.content == b""
    assert p.get(f"/api/games/{t['id']}").status_code == 404
    assert p.delete(f"/api/games/{t['id']}").status_code == 404
    assert [g["id"] for g in p.get("/api/games").json()["games"]] == [keep["id"]]
    assert stored_actions(app, t["id"]) == []


# Durability, restart, several processes -------------------------------------------------------


def test_restart_continues_identically(apps: Apps) -> None:
    first = apps.new()
    p = Player(first)
    rng = random.Random(11)
    t = p.new_game(seats=4, seed=SEED, levels=["easy", "normal", "hard"])
    moves: list[dict[str, Any]] = []
    for _ in range(25):
        move = rng.choice(t["legal"])
        moves.append(move)
        t = p.act(t, move).json()
    # a reference game: same seed, same moves, never restarted
    ref = p.new_game(seats=4, seed=SEED, levels=["easy", "normal", "hard"])
    for move in moves:
        ref = p.act(ref, move).json()
    assert ref["view"] == t["view"]

    second = apps.new()  # a new process on the same database: nothing in memory
    p2 = Player(second)
    p2.http.cookies = p.http.cookies  # the same browser
    again = p2.get(f"/api/games/{t['id']}").json()
    assert again["view"] == t["view"] and again["version"] == t["version"]
    assert again["legal"] == t["legal"] and again["history"] == t["history"]
    for _ in range(25):
        if again["status"] == "finished":
            break
        move = rng.choice(again["legal"])
        again = p2.act(again, move).json()
        ref = p.act(ref, move).json()
        assert again["view"] == ref["view"] and again["events"] == ref["events"]
        assert again["version"] == ref["version"] and again["history"] == ref["history"]


def test_state_is_rebuilt_from_storage_without_the_cache(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=3, seed=SEED)
    t = play_out(p, t, random.Random(3), limit=15)
    service_of(app).clear_cache()
    again = p.get(f"/api/games/{t['id']}").json()
    assert again["view"] == t["view"] and again["history"] == t["history"]
    nxt = p.act(again, again["legal"][0])
    assert nxt.status_code == 200


# Backups ---------------------------------------------------------------------------------------


def test_export_then_import_gives_the_same_game(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=3, seed=SEED, levels=["hard", "easy"],
                   profile={"base": "basic", "changes": {"target": 50}})
    t = play_out(p, t, random.Random(9), limit=20)
    r = p.get(f"/api/games/{t['id']}/export")
    assert r.status_code == 200
    assert r.headers["content-disposition"] == f'attachment; filename="chicago-{t["id"]}.json"'
    data = r.json()
    assert data["format"] == "chicago-game/1" and data["seed"] == SEED
    assert len(data["actions"]) == t["version"]
    meta = data["meta"]
    assert meta["levels"] == [None, "hard", "easy"] and meta["app_version"]
    assert meta["created"] == t["created"]
    # the file replays to the same state (chicago replay's code path)
    game = record.replay(record.loads(r.text))
    assert game.state.scores == tuple(t["view"]["scores"])

    other = Player(app)  # another guest restores the backup
    r2 = other.post("/api/games/import", data)
    assert r2.status_code == 201, r2.text
    imported = r2.json()
    assert imported["id"] != t["id"]
    for key in ("view", "legal", "prompt", "version", "history", "levels", "profile", "seed"):
        assert imported[key] == t[key], key
    assert_no_leak(app, imported["id"], r2, SEED)
    # and it plays on exactly like the original
    move = t["legal"][0]
    a, b = p.act(t, move).json(), other.act(imported, move).json()
    assert a["view"] == b["view"] and a["events"] == b["events"]


def test_import_of_a_game_awaiting_a_bot_runs_the_bots(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=4, seed=SEED)
    t = p.act(t, t["legal"][0]).json()
    data = p.get(f"/api/games/{t['id']}/export").json()
    mine = next(i for i, a in enumerate(data["actions"]) if a["seat"] == 0)
    data["actions"] = data["actions"][: mine + 1]  # seat 1 is to act next
    data["meta"] = {"levels": "nonsense"}
    r = p.post("/api/games/import", data)
    assert r.status_code == 201
    imported = r.json()
    assert imported["levels"] == [None, "normal", "normal", "normal"]
    assert imported["view"]["to_act"]["seat"] == 0
    assert imported["version"] == len(stored_actions(app, imported["id"])) > 1


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda d: d["actions"].__setitem__(0, {**d["actions"][0], "seat": 3}), "action 0:"),
        (lambda d: d["actions"].append({"seat": 1, "type": "play", "card": "Ah"}), "action"),
        (lambda d: d["actions"][0].__setitem__("discard", ["Xx"]), "unknown card"),
        (lambda d: d.__setitem__("format", "chicago-game/9"), "format"),
        (lambda d: d.__setitem__("seats", 9), "seats"),
        (lambda d: d.__setitem__("hands", {}), "unknown top-level field"),
        (lambda d: d.__setitem__("profile", "poker"), "poker"),
    ],
)
def test_a_bad_or_tampered_file_is_refused(app: Any, tamper: Any, message: str) -> None:
    p = Player(app)
    t = p.new_game(seats=3, seed=SEED)
    t = play_out(p, t, random.Random(1), limit=3)
    data = p.get(f"/api/games/{t['id']}/export").json()
    tamper(data)
    r = p.post("/api/games/import", data)
    assert r.status_code == 400, r.text
    body = r.json()
    assert message.lower() in body["error"].lower() and "\n" not in body["error"]
    assert body["error"][0].isupper()  # a sentence, as every error a player reads
    assert body["rule"] is None
    assert len(p.get("/api/games").json()["games"]) == 1  # nothing stored


def test_a_bad_file_is_refused_in_the_readers_language(app: Any) -> None:
    """A backup's error in Swedish for a Swedish reader (the file's field names as they are,
    R2.1 said as the table says it); `chicago replay`'s English is the core's str()."""
    p = Player(app)
    t = p.new_game(seats=3, seed=SEED)
    data = p.get(f"/api/games/{t['id']}/export").json()
    sv = {"X-CSRF-Token": p.csrf, "Accept-Language": "sv"}
    r = p.http.post("/api/games/import", json={**data, "meta": [1]}, headers=sv)
    assert r.status_code == 400
    assert r.json()["error"] == "Meta måste vara ett objekt, inte en lista"
    wrong = {**data, "actions": [{"seat": 0, "type": "play", "card": "Ah"}]}  # at an exchange
    r = p.http.post("/api/games/import", json=wrong, headers=sv)
    assert r.status_code == 400 and r.json()["error"].startswith("Drag 0: "), r.text
    assert "måste" in r.json()["error"] and r.json()["error"].endswith(")")
    r = p.post("/api/games/import", {**data, "meta": [1]})
    assert r.json()["error"] == "Meta must be an object, not an array"
    assert len(p.get("/api/games").json()["games"]) == 1  # nothing stored


def test_a_profile_error_is_in_the_readers_language(app: Any) -> None:
    """§X: an unknown preset and a contradiction, in Swedish for a Swedish reader."""
    p = Player(app)
    r = p.http.get("/api/rules", params={"profile": "poker"}, headers={"Accept-Language": "sv"})
    assert r.status_code == 404 and r.json()["error"].startswith("Okänd regelprofil 'poker'")
    r = p.http.post("/api/rules", json={"base": "house", "changes": {
        "straight_flush": "win", "straight_flush_points": 11}},
        headers={"X-CSRF-Token": p.csrf, "Accept-Language": "sv"})
    assert r.status_code == 400
    assert r.json()["error"].startswith("straight_flush_points=11 motsäger straight_flush=win")
    page = p.http.get("/rules", params={"profile": "classic+target"},
                      headers={"Accept-Language": "sv"})  # the reader of `chicago rules --set`
    assert page.status_code == 404
    assert "skriv varje regeländring som regel=värde, inte &#39;target&#39;" in page.text


def test_import_refuses_non_objects_and_huge_files(app: Any) -> None:
    p = Player(app)
    assert p.post("/api/games/import", [1, 2]).status_code == 400
    big = {"format": "chicago-game/1", "seats": 2, "meta": {"pad": "x" * (2 << 20)}}
    r = p.post("/api/games/import", big)
    assert r.status_code == 413 and "too large" in r.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"format": "chicago-game/1", "seats": 2, "meta": {"pad": "'
        for _ in range(40):
            yield b"x" * 65536
        yield b'"}}'

    r = p.http.post(
        "/api/games/import",
        content=chunks(),
        headers={"X-CSRF-Token": p.csrf, "Content-Type": "application/json"},
    )
    assert r.status_code == 413 and r.json() == {"error": r.json()["error"], "rule": None}
    assert p.get("/api/games").json() == {"games": []}


# Rules and profiles ----------------------------------------------------------------------------


def test_profiles_and_rules(app: Any) -> None:
    p = Player(app)
    data = p.get("/api/profiles").json()
    ids = [x["id"] for x in data["presets"]]
    assert ids[0] == "chicago-gamewide-0.2" and set(ids) >= {"classic", "basic", "common"}
    assert data["presets"][0]["knobs"]["target"] == 52
    assert 51 in data["choices"]["target"] and "kopstopp" in data["choices"]["high_score"]
    r = p.get("/api/rules", params={"profile": "classic"})
    assert r.status_code == 200
    rules = r.json()
    assert rules["profile"]["id"] == "classic"
    assert rules["sections"] and all(
        set(s) == {"title", "paragraphs", "table"} for s in rules["sections"]
    )
    assert p.get("/api/rules").json()["profile"]["id"] == "chicago-gamewide-0.2"
    missing = p.get("/api/rules", params={"profile": "poker"})
    assert missing.status_code == 404 and "poker" in missing.json()["error"]
    custom = p.post("/api/rules", {"base": "classic", "changes": {"chicago_points": 25}})
    assert custom.status_code == 200
    assert custom.json()["profile"]["chicago_points"] == 25
    wrapped = p.post("/api/rules", {"profile": {"base": "common", "changes": {}}})
    assert wrapped.json()["profile"]["id"] == "common"
    bad = p.post("/api/rules", {"base": "classic", "changes": {"chicago_points": 3}})
    assert bad.status_code == 400 and "chicago_points" in bad.json()["error"]
    assert p.post("/api/rules", {"base": "classic"}, csrf=False).status_code == 403


def test_profiles_word_every_knob_and_every_value(app: Any) -> None:
    """The rules editor shows only what `/api/profiles` words (it has no fallback of its
    own): every knob offered has a label, and every named value its words, not its id."""
    data = Player(app).get("/api/profiles").json()
    assert set(data["words"]) == set(data["choices"]) == set(CHOICES)
    assert set(KNOB_LABELS) == set(CHOICES)
    for knob, values in data["choices"].items():
        words = data["words"][knob]
        assert words["label"] == KNOB_LABELS[knob]
        assert len(words["values"]) == len(values), knob
        for value, said in zip(values, words["values"], strict=True):
            if isinstance(value, str):
                assert value in VALUE_WORDS and said == VALUE_WORDS[value], (knob, value)
            assert said, (knob, value)


# Logs ------------------------------------------------------------------------------------------


def test_logs_hold_no_hands_and_no_seed(app: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    p = Player(app)
    t = p.new_game(seats=4, seed=SEED)
    hidden = hidden_cards(app, t["id"])
    t = play_out(p, t, random.Random(2), limit=10)
    p.act(t, {"type": "play", "card": "2c"})  # an error path too
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert str(SEED) not in text
    for c in hidden | set(t["view"]["hand"]):
        assert f'"{c}"' not in text and f"'{c}'" not in text
    json.dumps(text)


def test_a_saved_game_that_no_longer_replays_is_a_clear_500(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=2, seed=SEED)
    t = play_out(p, t, random.Random(4), limit=4)
    store: Store = app.state.store
    with store.engine.begin() as conn:  # damage the record: seat 0 "plays" a card not held
        conn.execute(
            text("UPDATE actions SET action = :action WHERE game_id = :id AND idx = 0"),
            {"action": json.dumps({"seat": 0, "type": "play", "card": "Ah"}), "id": t["id"]},
        )
    service_of(app).clear_cache()
    r = p.get(f"/api/games/{t['id']}")
    assert r.status_code == 500
    assert r.json() == {"error": f"Saved game {t['id']} no longer replays", "rule": None}


def test_chicago_serve_migrates_prints_the_url_and_serves(tmp_path: Path) -> None:
    """The real server in a subprocess: its output names the URL and never a card or seed."""
    import subprocess
    import sys

    import httpx

    url = f"sqlite:///{tmp_path / 'served.db'}"
    proc = subprocess.Popen(
        [sys.executable, "-m", "chicago.cli", "serve", "--port", "0", "--database-url", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(2)]
        assert lines[0].startswith("Saved games: sqlite:///")
        assert lines[1].startswith("Chicago is running at http://127.0.0.1:")
        base = lines[1].split(" at ", 1)[1].strip().rstrip("/")
        with httpx.Client(base_url=base, timeout=30) as http:
            for _ in range(100):
                try:
                    http.get("/api/auth/me")
                    break
                except httpx.TransportError:
                    import time

                    time.sleep(0.1)
            headers = {"X-CSRF-Token": http.cookies["chicago_csrf"]}
            r = http.post("/api/games", json={"seats": 3, "seed": SEED}, headers=headers)
            assert r.status_code == 201
            t = r.json()
            hands = set(t["view"]["hand"])
            for _ in range(5):
                t = http.post(
                    f"/api/games/{t['id']}/actions",
                    json={"version": t["version"], "action": t["legal"][-1]},
                    headers=headers,
                ).json()
                hands |= set(t["view"]["hand"])
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    assert "POST /api/games" in out  # the access log
    assert str(SEED) not in out
    scrubbed = out.replace(t["id"], "<id>")
    for c in hands:
        assert not re.search(rf"(?<![A-Za-z0-9]){c}(?![A-Za-z0-9])", scrubbed), c


# Storage choices --------------------------------------------------------------------------------


@pytest.mark.skipif(bool(PG_URL), reason="SQLite only")
def test_sqlite_runs_in_wal_mode_with_full_sync(app: Any) -> None:
    store: Store = app.state.store
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


@pytest.mark.skipif(bool(PG_URL), reason="SQLite only")
def test_sqlite_hands_out_the_connection_used_last(app: Any) -> None:
    """In WAL mode a connection forgets the pages others wrote since its last transaction:
    the pool gives back the one used last, whose cache the next commit finds warm."""
    store: Store = app.state.store
    with store.engine.connect() as first, store.engine.connect() as second:
        used = [c.connection.dbapi_connection for c in (first, second)]
    for _ in range(3):  # `first` went back last (the with's exit is in reverse order)
        with store.engine.connect() as conn:
            assert conn.connection.dbapi_connection is used[0]


def test_default_database_is_sqlite_in_the_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CHICAGO_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_database_url() == f"sqlite:///{tmp_path / 'data' / 'chicago' / 'chicago.db'}"
    monkeypatch.setenv("CHICAGO_DATABASE_URL", "postgresql://u:secret@db/chicago")
    assert default_database_url() == "postgresql://u:secret@db/chicago"
    assert describe_url("postgresql://u:secret@db/chicago") == (
        "postgresql+psycopg://u:***@db/chicago"
    )
