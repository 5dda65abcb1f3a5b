"""The coach's review: a planted mistake — breaking up a made full house at the
first exchange (R2.1, R4.2: the full house scores at every stage it is the best hand) — is
marked, with the coach's choice, its reason and an estimated cost; the best play is not.
The review runs as a stored job, resumable, made once per game."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from review_support import planted_game
from test_api_support import Player

from chicago.table.coach.jobs import Reviews


def wait_done(player: Player, gid: str, limit: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        data: dict[str, Any] = player.get(f"/api/games/{gid}/review").json()
        if data["status"] in ("done", "failed"):
            return data
        time.sleep(0.2)
    raise AssertionError("the review did not finish")


def test_the_review_marks_the_broken_full_house_and_not_the_best_play(app: Any) -> None:
    me = Player(app)
    wrong, planted = planted_game(mistake=True)
    right, planted_too = planted_game(mistake=False)
    assert planted == planted_too
    gid = me.post("/api/games/import", wrong).json()["id"]
    best = me.post("/api/games/import", right).json()["id"]
    assert me.get(f"/api/games/{gid}/review").json()["status"] == "none"

    asked = me.post(f"/api/games/{gid}/review")
    assert asked.status_code == 202
    assert asked.json()["total"] >= 5
    data = wait_done(me, gid)
    assert data["status"] == "done" and data["done"] == data["total"]
    [mark] = [m for m in data["marks"] if m["index"] == planted]
    assert mark["played_action"] == {"seat": 0, "type": "exchange", "discard": ["Kh", "7c"]}
    assert mark["suggested_action"]["discard"] == []
    assert mark["suggested"] == "keep all five cards"
    assert mark["decision"] == "exchange" and mark["deal"] == 1
    assert mark["reason"]
    assert mark["cost"]["points"] > 1 and mark["cost"]["samples"] > 0
    assert "estimate" in mark["cost_text"]
    # every other decision of seat 0 was the coach's own: nothing else is marked
    assert len(data["marks"]) == 1

    me.post(f"/api/games/{best}/review")
    clean = wait_done(me, best)
    assert clean["status"] == "done" and clean["marks"] == []

    # made once: asking again returns the stored review, nothing is queued
    again = me.post(f"/api/games/{gid}/review").json()
    assert again["status"] == "done" and again["marks"] == data["marks"]


def test_review_is_the_owners_and_only_after_the_game(app: Any) -> None:
    me, other = Player(app), Player(app)
    wrong, _ = planted_game(mistake=True)
    gid = me.post("/api/games/import", wrong).json()["id"]
    assert other.post(f"/api/games/{gid}/review").status_code == 404
    assert other.get(f"/api/games/{gid}/review").status_code == 404
    assert me.post(f"/api/games/{gid}/review", csrf=False).status_code == 403
    started = me.new_game(seats=2)
    r = me.post(f"/api/games/{started['id']}/review")
    assert r.status_code == 409 and "over" in r.json()["error"]


def test_a_review_stopped_half_way_is_resumed(app: Any) -> None:
    """A worker that dies leaves its job running; after STALE another takes it over and
    finishes from where it stopped, with the same marks as an uninterrupted review."""
    me = Player(app)
    wrong, planted = planted_game(mistake=True)
    gid = me.post("/api/games/import", wrong).json()["id"]
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    first = Reviews(app.state.history, clock=lambda: now[0])
    app.state.reviews = first
    first.wake = lambda: None  # type: ignore[method-assign]  # no thread: run by hand
    me.post(f"/api/games/{gid}/review")
    assert first.run_pending(budget=2) == 2
    half = me.get(f"/api/games/{gid}/review").json()
    assert half["status"] == "running" and half["done"] == 2
    assert first.run_pending() == 0  # not stale yet: nobody takes it over
    now[0] += timedelta(minutes=5)
    second = Reviews(app.state.history, clock=lambda: now[0])
    reviewed = second.run_pending()
    assert reviewed == half["total"] - 2
    done = me.get(f"/api/games/{gid}/review").json()
    assert done["status"] == "done" and done["done"] == done["total"]
    assert [m["index"] for m in done["marks"]] == [planted]


SV = {"Accept-Language": "sv-SE"}
EN = {"Accept-Language": "en-GB"}
WORDED = ("played", "suggested", "summary", "reason_text", "cost_text", "played_odds",
          "suggested_odds")
ENGLISH = re.compile(r"\b(the|discard|keep|five|cards|points|about|with|yours|best|hand|"
                     r"imagined|deals?|decisions?|looked|fine|marked)\b", re.I)
SWEDISH = re.compile(r"[åäö]|\b(kort|poäng|kasta|behålla|med|ditt|beslut)\b", re.I)


def test_the_review_is_worded_for_its_reader_whoever_asked_first(app: Any) -> None:
    """A review is made once and read by anyone who may: each answer words every mark and
    the summary in the reader's language (here only `Accept-Language`, as a phone sends
    it, no cookie), whichever language asked for the review first."""
    me = Player(app)
    wrong, planted = planted_game(mistake=True)
    reviews = Reviews(app.state.history, samples=(16,))
    reviews.wake = lambda: None  # type: ignore[method-assign]  # run by hand below
    app.state.reviews = reviews
    for first, then in ((SV, EN), (EN, SV)):
        gid = me.post("/api/games/import", wrong).json()["id"]
        url = f"/api/games/{gid}/review"
        asked = me.http.post(url, headers={**first, "X-CSRF-Token": me.csrf})
        assert asked.status_code == 202
        reviews.run_pending()
        for reader in (first, then, first):
            data = me.get(url, headers=reader).json()
            assert data["status"] == "done" and data["marks"], data
            texts = [data["summary"]["text"], *(m[k] for m in data["marks"] for k in WORDED)]
            [mark] = [m for m in data["marks"] if m["index"] == planted]
            if reader is SV:
                assert mark["suggested"] == "behålla alla fem kort"
                assert all(not ENGLISH.search(x) for x in texts), texts
            else:
                assert mark["suggested"] == "keep all five cards"
                assert all(not SWEDISH.search(x) for x in texts), texts
