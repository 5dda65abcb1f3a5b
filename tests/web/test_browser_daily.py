"""The day's deal in the browser: two accounts press "Play today's deal" and get the very same
first hand; the same choices make the same game card for card; the board orders the first
attempts by its stated rule; a second attempt is practice and stays off the board; the share
text holds no card; and the finished table links to the day's page. At 390x844 and 1280x720."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import api, axe_problems, needs_chromium, new_page

from chicago.core.cards import Card
from chicago.text.cards import card_name
from chicago.text.i18n import use_language
from server_support import serving

pytestmark = needs_chromium

EASY_FOR_ALL = """
import sys, uvicorn
from datetime import UTC, datetime, time
from chicago.bots import make_bot
from chicago.table.daily.day import SWEDEN
from chicago.web.app import create_app
app = create_app(sys.argv[2], bots=lambda level: make_bot("easy"))
started = datetime.now(UTC)
noon = datetime.combine(started.astimezone(SWEDEN).date(), time(12), SWEDEN)
shift = noon.astimezone(UTC) - started
for holder in (app.state.tables, app.state.daily, app.state.history):
    holder.clock = lambda: datetime.now(UTC) + shift
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""
"""The server with quick stand-ins for the day's hard bots (the same for every attempt), its
clock running from noon in Sweden: a run that crossed Swedish midnight would see the day's
deal close under it (its replays open, a new deal the next attempt)."""

CARD = re.compile(r"\b(10|[2-9TJQKA])[cdhs]\b")


@pytest.fixture(scope="module")
def daily_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('daily') / 'chicago.db'}"
    with serving(url, script=EASY_FOR_ALL) as base:
        yield base


def _play_out(page: Any, game_id: str, pick: int) -> None:
    """Seat 0 takes the `pick`-th legal action every time, to the end (inside the page)."""
    for _ in range(3000):
        game = json.loads(api(page, "GET", f"/api/games/{game_id}")["body"])
        if game["status"] == "finished":
            return
        legal = game["legal"]
        r = api(page, "POST", f"/api/games/{game_id}/actions",
                {"version": game["version"], "action": legal[pick % len(legal)]})
        assert r["status"] == 200, r
    raise AssertionError("the game did not end")


def _timeline(page: Any, game_id: str) -> Any:
    replay = json.loads(api(page, "GET", f"/api/games/{game_id}/replay")["body"])
    assert replay["open"] is False  # sealed: the player's own knowledge only (R9.1)
    return replay["timeline"]


def _start(page: Any, base: str, name: str) -> str:
    page.goto(base + "/daily")
    assert api(page, "POST", "/api/auth/signup",
               {"username": name, "password": "correct horse"})["status"] == 201
    page.goto(base + "/daily")
    page.get_by_role("button", name="Play today's deal").click()
    page.wait_for_url(re.compile(r"/games/"))
    page.wait_for_selector("#hand [data-card]")
    return page.url.rsplit("/", 1)[1]


def test_two_accounts_play_the_same_deal(daily_server: str, browser: Any) -> None:
    base = daily_server
    ctx_a, ann, errors_a = new_page(browser, 390, 844)
    ctx_b, bo, errors_b = new_page(browser, 1280, 720)
    ctx_c, cy, _errors_c = new_page(browser, 1280, 720)
    a_id, b_id = _start(ann, base, "Annika"), _start(bo, base, "Bosse")
    c_id = _start(cy, base, "Cyril")

    def hand(page: Any) -> list[str]:
        return sorted(page.eval_on_selector_all("#hand [data-card]",
                                                "els => els.map(e => e.dataset.card)"))

    assert hand(ann) == hand(bo) == hand(cy) and len(hand(ann)) == 5

    _play_out(ann, a_id, 0)
    _play_out(bo, b_id, 0)  # the same choices ...
    _play_out(cy, c_id, 1)  # ... and other ones
    assert _timeline(ann, a_id) == _timeline(bo, b_id)  # card for card

    # The finished table links to the day's page; there, the board and the share text.
    ann.goto(f"{base}/games/{a_id}")
    ann.locator("#daily-link").click()
    ann.wait_for_url(re.compile(r"/daily$"))
    rows = ann.eval_on_selector_all("#daily-board tbody tr", "els => els.map(e => e.className)")
    assert len(rows) == 3 and sum("mine" in r for r in rows) == 1
    day = json.loads(api(ann, "GET", "/api/daily")["body"])
    keys = [(not x["won"], x["deals"] if x["won"] else 0, -x["margin"]) for x in day["board"]]
    assert keys == sorted(keys) and ann.locator("#daily-rule").inner_text() == day["rule"]
    share = ann.locator("textarea.daily-share").first.input_value()
    assert share.splitlines()[-1] == f"{base}/daily" and not CARD.search(share)
    with use_language("en"):
        assert not any(card_name(Card(i)) in share.lower() for i in range(52))
    assert axe_problems(ann, "the day's page") == []

    # A second attempt is practice and stays off the board.
    ann.get_by_role("button", name="Play it again (practice)").click()
    ann.wait_for_url(re.compile(r"/games/"))
    again = ann.url.rsplit("/", 1)[1]
    _play_out(ann, again, 2)
    ann.goto(base + "/daily")
    assert ann.locator(".daily-result.practice").count() == 1
    assert len(json.loads(api(ann, "GET", "/api/daily")["body"])["board"]) == 3
    assert ann.locator("#daily-board tbody tr").count() == 3

    assert errors_a == [] and errors_b == []
    for ctx in (ctx_a, ctx_b, ctx_c):
        ctx.close()
