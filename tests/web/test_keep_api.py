"""The scorekeeper's JSON API (/api/keep): owners checked as for games, every entry saved
before the answer, undo and correction recomputed, share links read-only and revocable,
export and import validated, errors in one sentence (and in Swedish when asked)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from test_api_support import Apps, Player

from chicago.store.pads import Pads, PadSummary

SETUP = {"players": ["Anna", "Bo", "Cia"], "dealer": 2, "profile": "classic"}


def stage(pad: dict[str, Any], seats: list[int], category: str) -> dict[str, Any]:
    ask = pad["ask"]
    return {"version": pad["version"], "entry": {
        "kind": "stage", "deal": ask["deal"], "number": ask["number"], "seats": seats,
        "category": category}}


def test_a_pad_is_kept_and_owned(apps: Apps) -> None:
    app = apps.new()
    me, other = Player(app), Player(app, ("other", 1))
    r = me.post("/api/keep", {**SETUP, "knobs": {"target": 51}})
    assert r.status_code == 201, r.text
    pad = r.json()
    assert pad["target"] == 51 and pad["ask"]["kind"] == "stage"
    assert [p["dealer"] for p in pad["players"]] == [False, False, True]
    r = me.post(f"/api/keep/{pad['id']}/entries", stage(pad, [0, 1], "two_pair"))
    assert r.status_code == 200, r.text
    pad = r.json()
    # R3.3 (classic keeps it, §X): the first tied player from the dealer's left scores
    assert [p["score"] for p in pad["players"]] == [2, 0, 0]
    assert other.get(f"/api/keep/{pad['id']}").status_code == 404
    assert other.post(f"/api/keep/{pad['id']}/undo", {"version": 1}).status_code == 404
    assert me.post(f"/api/keep/{pad['id']}/undo", {"version": 1}, csrf=False).status_code == 403
    fresh = Player(apps.new())  # another process on the same database
    fresh.http.cookies = me.http.cookies
    assert fresh.get(f"/api/keep/{pad['id']}").json()["players"][0]["score"] == 2
    assert [p["id"] for p in me.get("/api/keep").json()] == [pad["id"]]
    assert other.get("/api/keep").json() == []


def test_refusals_are_one_sentence_and_change_nothing(apps: Apps) -> None:
    me = Player(apps.new())
    pad = me.post("/api/keep", SETUP).json()
    for body in (stage(pad, [5], "flush"), stage(pad, [0], "five of a kind"),
                 {"version": pad["version"]}, [], stage({**pad, "version": 7}, [0], "flush")):
        r = me.post(f"/api/keep/{pad['id']}/entries", body)
        assert r.status_code in (400, 409), r.text
        assert r.json()["error"].strip() and "\n" not in r.json()["error"]
    r = me.post(f"/api/keep/{pad['id']}/entries?lang=sv", stage(pad, [0, 1], "royal_flush"))
    assert r.json()["error"] == "Den handen kan inte bli lika: välj den enda vinnaren (R3.4)."
    assert me.get(f"/api/keep/{pad['id']}").json()["version"] == 0
    assert me.post("/api/keep", {**SETUP, "players": ["Anna"]}).status_code == 400
    assert me.post("/api/keep", {**SETUP, "profile": "poker"}).status_code == 400


def test_undo_and_a_correction_that_drops_entries(apps: Apps) -> None:
    me = Player(apps.new())
    pad = me.post("/api/keep", SETUP).json()
    pad = me.post(f"/api/keep/{pad['id']}/entries", stage(pad, [1], "flush")).json()
    pad = me.post(f"/api/keep/{pad['id']}/entries", stage(pad, [2], "straight")).json()
    undone = me.post(f"/api/keep/{pad['id']}/undo", {"version": pad["version"]}).json()
    assert [p["score"] for p in undone["players"]] == [0, 5, 0]
    pad = me.post(f"/api/keep/{pad['id']}/entries", stage(undone, [2], "straight")).json()
    fix = {"version": pad["version"], "index": 0, "entry": {
        "kind": "stage", "deal": 1, "number": 1, "seats": [0], "category": "four_of_a_kind"}}
    r = me.post(f"/api/keep/{pad['id']}/correct", fix)
    assert r.status_code == 200  # classic: 7 points, the later entry still applies
    pad = r.json()
    assert [p["score"] for p in pad["players"]] == [7, 0, 4] and not pad["dropped"]
    lines = pad["lines"]
    assert len(lines) == 2 and lines[0]["entry"]["category"] == "four_of_a_kind"


def test_share_export_import(apps: Apps) -> None:
    app = apps.new()
    me, viewer = Player(app), Player(app, ("viewer", 2))
    pad = me.post("/api/keep", SETUP).json()
    pad = me.post(f"/api/keep/{pad['id']}/entries", stage(pad, [1], "flush")).json()
    shared = me.post(f"/api/keep/{pad['id']}/share").json()
    token = shared["share_token"]
    seen = viewer.get(f"/api/keep/shared/{token}").json()
    assert seen["read_only"] and seen["id"] is None and seen["share_token"] is None
    assert [p["score"] for p in seen["players"]] == [0, 5, 0]
    assert me.get(f"/api/keep/{pad['id']}").json()["share_token"] is None  # shown once
    me.delete(f"/api/keep/{pad['id']}/share")
    assert viewer.get(f"/api/keep/shared/{token}").status_code == 404
    exported = me.get(f"/api/keep/{pad['id']}/export")
    assert exported.json()["format"] == "chicago-scorepad/1"
    copy = viewer.post("/api/keep/import", exported.json())
    assert copy.status_code == 201 and copy.json()["players"][1]["score"] == 5
    bad = {**exported.json(), "entries": [{"kind": "tricks", "deal": 1, "seat": 0,
                                           "two": False}]}
    r = viewer.post("/api/keep/import", bad)
    assert r.status_code == 400 and r.json()["error"].startswith("Entry 1:")


def test_pages_are_shells(apps: Apps) -> None:
    me = Player(apps.new())
    pad = me.post("/api/keep", SETUP)
    assert pad.status_code == 201, pad.text
    for path in ("/keep", f"/keep/{pad.json()['id']}"):
        r = me.get(path)
        assert r.status_code == 200 and 'id="keep-app"' in r.text
    for path in ("/keep/abc", "/keep/shared/abcdefgh"):  # nothing to open: said so
        r = me.get(path)
        assert r.status_code == 404 and 'id="keep-app"' not in r.text
    assert "Poängprotokoll" in me.get("/keep", headers={"Accept-Language": "sv"}).text


def test_a_correction_that_ends_the_game_asks_before_dropping(apps: Apps) -> None:
    """R4.4: a straight flush wins at once, so the entries after it no longer apply."""
    me = Player(apps.new())
    pad = me.post("/api/keep", {**SETUP, "profile": "chicago-gamewide-0.2"}).json()
    pad = me.post(f"/api/keep/{pad['id']}/entries", stage(pad, [1], "flush")).json()
    pad = me.post(f"/api/keep/{pad['id']}/entries", stage(pad, [2], "straight")).json()
    fix = {"version": pad["version"], "index": 0, "entry": {
        "kind": "stage", "deal": 1, "number": 1, "seats": [0], "category": "straight_flush"}}
    r = me.post(f"/api/keep/{pad['id']}/correct", fix)
    assert r.status_code == 409 and r.json()["drop"] == 1
    assert "confirm" in r.json()["error"]
    assert me.get(f"/api/keep/{pad['id']}").json()["version"] == pad["version"]
    r = me.post(f"/api/keep/{pad['id']}/correct", {**fix, "drop": True})
    done = r.json()
    assert r.status_code == 200 and done["status"] == "finished"
    assert [p["score"] for p in done["players"]] == [52, 0, 0]
    assert len(done["dropped"]) == 1 and done["dropped_reason"]
    assert done["winner"] == "Anna wins the game!"


@pytest.mark.parametrize(
    ("content", "content_type", "status", "error"),
    [
        (b'{"players": ["A", "B"], "dealer": 0, "profile": "classic"}', "text/plain", 415,
         "Send the request body as JSON, with the header Content-Type: application/json"),
        (b'{"players": ["A", "B"], "dealer": NaN, "profile": "classic"}', "application/json",
         400, "The request body is not valid JSON"),
        (b"[" * 5000 + b"]" * 5000, "application/json", 400,
         "The request body is nested too deeply (at most 32 levels)"),
    ],
)
def test_the_pad_reads_bodies_by_the_games_rules(
        apps: Apps, content: bytes, content_type: str, status: int, error: str) -> None:
    """docs/api.md: the media type (415), NaN (not JSON) and deep nesting, each one sentence,
    the same for every pad request with a body; nothing is made or changed."""
    me = Player(apps.new())
    pad = me.post("/api/keep", SETUP).json()
    headers = {"X-CSRF-Token": me.csrf, "Content-Type": content_type}
    for path in ("/api/keep", "/api/keep/import", f"/api/keep/{pad['id']}/entries",
                 f"/api/keep/{pad['id']}/undo", f"/api/keep/{pad['id']}/correct"):
        r = me.http.post(path, content=content, headers=headers)
        assert r.status_code == status, (path, r.text)
        assert r.json()["error"] == error
    assert [p["id"] for p in me.get("/api/keep").json()] == [pad["id"]]
    assert me.get(f"/api/keep/{pad['id']}").json()["version"] == 0


def test_an_impossible_tie_is_refused_with_the_reason(apps: Apps) -> None:
    """R3.3: two full houses of the same ranks take six cards of one rank; refused in the
    reader's language, on entry and on import, and nothing changes."""
    me = Player(apps.new())
    pad = me.post("/api/keep", {**SETUP, "profile": "common"}).json()
    r = me.post(f"/api/keep/{pad['id']}/entries?lang=sv", stage(pad, [0, 1], "full_house"))
    assert r.status_code == 400
    assert r.json()["error"] == ("2 spelare kan inte ha exakt samma kåk: det kräver 6 kort av "
                                 "en valör, och en kortlek har fyra (R3.3).")
    r = me.post(f"/api/keep/{pad['id']}/entries", stage(pad, [0, 1, 2], "flush"))
    assert r.status_code == 200, r.text  # three flushes of the same ranks: three suits
    assert [p["score"] for p in r.json()["players"]] == [5, 5, 5]
    exported = me.get(f"/api/keep/{pad['id']}/export").json()
    exported["entries"][0]["category"] = "three_of_a_kind"
    r = me.post("/api/keep/import", exported)
    assert r.status_code == 400
    assert r.json()["error"] == ("Entry 1: 3 players cannot hold exactly the same three of a "
                                 "kind: that takes 9 cards of one rank, and a deck has four "
                                 "(R3.3).")
    assert len(me.get("/api/keep").json()) == 1


def test_a_pad_stored_with_an_old_impossible_tie_opens(apps: Apps) -> None:
    """R3.3: a tie stored before the check (written to the store as an older version did)
    is shown as recorded and the pad goes on; a new impossible tie is still refused."""
    app = apps.new()
    me = Player(app)
    pad = me.post("/api/keep", {**SETUP, "profile": "common"}).json()
    old = {"op": "add", "entry": {"kind": "stage", "deal": 1, "number": 1,
                                  "seats": [0, 1, 2], "category": "full_house"}}
    assert Pads(app.state.store).append(pad["id"], 0, old, PadSummary(
        "in_progress", None, 1, (6, 6, 6)), datetime.now(UTC))
    fresh = Player(apps.new())  # another process: nothing of the pad in memory
    fresh.http.cookies = me.http.cookies
    r = fresh.get(f"/api/keep/{pad['id']}")
    assert r.status_code == 200, r.text
    pad = r.json()
    assert [p["score"] for p in pad["players"]] == [6, 6, 6]
    r = fresh.post(f"/api/keep/{pad['id']}/entries?lang=sv", stage(pad, [0, 1], "full_house"))
    assert r.status_code == 400 and "(R3.3)" in r.json()["error"]
    r = fresh.post(f"/api/keep/{pad['id']}/entries", stage(pad, [2], "flush"))
    assert r.status_code == 200, r.text
    assert [p["score"] for p in r.json()["players"]] == [6, 6, 11]


def test_a_correction_names_the_entries_it_would_drop(apps: Apps) -> None:
    """R4.4: the straight flush ends the game; the 409 lists, in words, what would go."""
    me = Player(apps.new())
    pad = me.post("/api/keep", {**SETUP, "profile": "chicago-gamewide-0.2"}).json()
    pad = me.post(f"/api/keep/{pad['id']}/entries", stage(pad, [1], "flush")).json()
    pad = me.post(f"/api/keep/{pad['id']}/entries", stage(pad, [2], "straight")).json()
    fix = {"version": pad["version"], "index": 0, "entry": {
        "kind": "stage", "deal": 1, "number": 1, "seats": [0], "category": "straight_flush"}}
    r = me.post(f"/api/keep/{pad['id']}/correct?lang=sv", fix)
    assert r.status_code == 409
    assert r.json()["dropping"] == ["Bästa handen efter andra bytet: Cia, stege."]
