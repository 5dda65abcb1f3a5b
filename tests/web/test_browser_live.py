"""A table with friends in a real browser: three browser contexts (the creator, a guest
friend and a signed-in friend) and one bot play a whole 4-seat game on SQLite.

The creator makes the table from the "Play with friends" page, the friends open the
invitation link and sit down, the creator starts. Every move is a click on the page. At
every step each context's page and every WebSocket message it received hold only its own
seat's cards (R9.1). Mid-deal one friend closes the page; when their turn comes, the turn
timer (30 s) runs out and a bot makes that one decision (the log says so); then the friend
opens the table again and plays on to the end. A fourth context, a spectator with the
creator's watch link, follows the whole game: its page has no hand and no decision, and no
frame it receives names a card an eliminated player may not know.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS

from server_support import serving

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")

SERVER = """
import sys, uvicorn
from chicago.web.app import create_app
app = create_app(sys.argv[2], pace_ms=30, driver_interval=0.03)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""
VERSION = "Number(document.getElementById('live-app').dataset.version)"
READY = "document.getElementById('live-app').dataset.state === 'ready'"
PLAYING = "document.getElementById('live-app').dataset.live === 'playing'"
TIMED_OUT = (
    "[...document.querySelectorAll('#log li')]"
    ".some(li => li.textContent.includes('Time ran out for Bo'))"
)
WON = "document.getElementById('banner').textContent.includes('wins the game')"
CARD = re.compile(r'"([2-9TJQKA][cdhs])"')
TIME_LIMIT = 420.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    db = tmp_path_factory.mktemp("live") / "chicago.db"
    env = {**os.environ, "CHICAGO_SQLITE_SYNCHRONOUS": "NORMAL"}
    with serving(f"sqlite:///{db}", script=SERVER, env=env) as base:
        yield base, f"sqlite:///{db}"


def this_deal_cards(message: dict[str, Any]) -> set[str]:
    """The cards a table message names, less its events from before this deal began (the
    cards played then may be in anyone's hand now)."""
    events = message.get("events") or []
    starts = [i for i, e in enumerate(events) if e.get("type") == "deal_started"]
    current = {**message, "events": events[starts[-1]:] if starts else events}
    return set(CARD.findall(json.dumps(current)))


def wait_js(page: Any, expression: str, timeout: float = 30.0) -> None:
    """Wait until a JavaScript expression is true on the page (polled: the pages' CSP
    forbids the string evaluation of Playwright's wait_for_function)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({expression})"):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {expression}")
        time.sleep(0.01)


class Seat:
    """One browser context at the table: its page and the socket messages it received."""

    def __init__(self, browser: Any, base: str, name: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 800})
        self.base = base
        self.name = name
        self.messages: list[str] = []
        self.page: Any = None
        self.seat = -1

    def open(self, path: str) -> None:
        self.page = self.context.new_page()
        self.page.on("websocket", self._watch)
        self.page.goto(self.base + path)

    def _watch(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.messages.append(str(payload)))

    def state(self) -> dict[str, Any]:
        """What the page shows: its version, the seat to act, the game's status."""
        data: dict[str, Any] = self.page.evaluate(
            """() => { const a = document.getElementById('live-app').dataset;
                 return {version: Number(a.version || -1), status: a.status,
                         to_act: a.toAct === '' ? -1 : Number(a.toAct)}; }"""
        )
        return data

    def api(self, method: str, path: str, body: Any = None) -> Any:
        return self.page.evaluate(
            """async ([method, path, body]) => {
                 const csrf = (document.cookie.match(/chicago_csrf=([^;]*)/) || [])[1] || '';
                 const r = await fetch(path, {method, credentials: 'same-origin',
                   headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
                   body: body === null ? undefined : JSON.stringify(body)});
                 return {status: r.status, body: await r.text()}; }""",
            [method, path, body],
        )


def hidden_at(service: Any, game_id: str, seat: int, version: int) -> set[str]:
    """The cards `seat` may not know at `version` of the game, from the server's database
    (the table service brings its cached game forward action by action)."""
    from dataclasses import replace

    from live_support import hidden_from

    row = service.store.get_game(game_id)
    return hidden_from(service._snapshot(replace(row, version=version)).state, seat)


def test_three_browsers_and_a_bot_play_a_whole_game(server: tuple[str, str],
                                                    tmp_path: Path) -> None:
    from playwright import sync_api

    from chicago.core.views import WATCHER
    from chicago.store import Store
    from chicago.table.service import TableService

    base, database = server
    store = Store(database, apply_migrations=False)
    service = TableService(store)
    shots = Path(os.environ.get("CHICAGO_SCREENSHOTS", str(tmp_path)))
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        ann, bo, cy = (Seat(browser, base, n) for n in ("Ann", "Bo", "cy_friend"))
        # The creator makes the table on the "Play with friends" page.
        ann.open("/tables/new")
        ann.page.wait_for_selector("#new-table[data-ready]")
        ann.page.fill("#name", "Ann")
        ann.page.select_option("#seats", "4")
        ann.page.select_option("#player-1", "friend")
        ann.page.select_option("#player-2", "friend")
        ann.page.select_option("#player-3", "easy")
        ann.page.select_option("#timer", "30")
        ann.page.click("button[type=submit]")
        ann.page.wait_for_url(re.compile(r"/tables/(?!new$)[\w-]+$"))
        game_id = ann.page.url.rsplit("/", 1)[1]
        ann.page.wait_for_selector("#invite-link")
        link = ann.page.input_value("#invite-link")
        assert "/join/" in link
        # A guest friend and a signed-in friend sit down with the link.
        bo.open(link.replace(base, ""))
        bo.page.wait_for_selector("#join-form[data-ready]")
        bo.page.fill("#name", "Bo")
        bo.page.click("#join-form button[type=submit]")
        bo.page.wait_for_url(f"**/tables/{game_id}")
        cy.open("/")
        r = cy.api(
            "POST", "/api/auth/signup", {"username": "cy_friend", "password": "correct horse"}
        )
        assert r["status"] == 201, r
        cy.page.goto(link)
        wait_js(cy.page, "document.getElementById('name').value === 'cy_friend'")
        cy.page.click("#join-form button[type=submit]")
        cy.page.wait_for_url(f"**/tables/{game_id}")
        ann.page.click("#start-game")
        seats = [ann, bo, cy]
        for i, s in enumerate(seats):
            s.seat = i
            try:  # three browsers, a server and a bot: slow on a busy machine
                wait_js(s.page, PLAYING, timeout=60.0)
            except AssertionError as e:
                raise AssertionError(f"{s.name}: {s.state()}; last messages "
                                     f"{[m[:120] for m in s.messages[-3:]]}") from e
        ann.page.screenshot(path=str(shots / "live-table.png"))
        r = ann.api("POST", f"/api/tables/{game_id}/watch", None)
        assert r["status"] == 200, r
        eve = Seat(browser, base, "Eve")
        eve.open(json.loads(r["body"])["path"])
        wait_js(eve.page, READY)
        eve_checked = 0

        started = time.monotonic()
        closed_once = False
        timed_out = False
        moves = 0
        checked = [0, 0, 0]
        while time.monotonic() - started < TIME_LIMIT:
            shown = ann.state()
            if shown["status"] == "finished":
                break
            version = shown["version"]
            to_act = shown["to_act"]
            # privacy: every frame each page received for this version, and its hand
            for s in seats:
                if s.page is None:
                    continue
                if moves % 4 == 0:
                    shown_version = s.state()["version"]
                    hand = set(s.page.eval_on_selector_all(
                        "#hand [data-card]", "nodes => nodes.map(n => n.dataset.card)"))
                    if s.state()["version"] == shown_version:
                        hidden = hidden_at(service, game_id, s.seat, shown_version)
                        assert not hidden & hand, (s.name, hidden & hand)
                fresh, checked[s.seat] = s.messages[checked[s.seat]:], len(s.messages)
                for frame in fresh:
                    message = json.loads(frame)
                    if message.get("type") == "table":
                        hidden = hidden_at(service, game_id, s.seat, message["version"])
                        leaked = hidden & this_deal_cards(message)
                        assert not leaked, (s.name, leaked)
            fresh, eve_checked = eve.messages[eve_checked:], len(eve.messages)
            for frame in fresh:  # the spectator: what an eliminated player may know
                message = json.loads(frame)
                assert message.get("type") != "chat", message
                if message.get("type") == "table":
                    assert message["view"]["hand"] == [] and message["legal"] == []
                    hidden = hidden_at(service, game_id, WATCHER, message["version"])
                    leaked = hidden & this_deal_cards(message)
                    assert not leaked, ("spectator", leaked)
            if to_act not in (0, 1, 2):
                time.sleep(0.02)
                continue
            actor = seats[to_act]
            if actor is bo and not closed_once and moves > 10:
                # Bo closes the page mid-deal; the timer decides for Bo once.
                bo.page.close()
                bo.page = None
                closed_once = True
                deadline = time.monotonic() + 45
                while time.monotonic() < deadline:
                    now = json.loads(ann.api("GET", f"/api/tables/{game_id}", None)["body"])
                    if now["version"] > version:
                        break
                    time.sleep(0.5)
                now = json.loads(ann.api("GET", f"/api/tables/{game_id}", None)["body"])
                assert {"index": version, "seat": 1, "by": "timer"} in now["live"]["notes"]
                wait_js(ann.page, TIMED_OUT)
                timed_out = True
                bo.open(f"/tables/{game_id}")  # back at the table
                wait_js(bo.page, READY)
                continue
            if actor.page is None:
                time.sleep(0.05)
                continue
            wait_js(actor.page, f"{VERSION} >= {version}")
            button = actor.page.locator("[data-legal]:not([disabled])").first
            button.wait_for(timeout=10000)
            button.click()
            moves += 1
            for s in seats:  # every open page shows the move before the next one
                if s.page is not None:
                    wait_js(s.page, f"{VERSION} > {version}")
        else:
            pytest.fail("the game did not end in time")
        assert closed_once and timed_out and moves > 50
        for s in [*seats, eve]:
            wait_js(s.page, WON)
        assert eve.page.locator("#hand, #controls, [data-legal], #chat-form").count() == 0
        assert eve_checked > 50  # it followed the game frame by frame
        ann.page.screenshot(path=str(shots / "live-result.png"))
        cy.page.set_viewport_size({"width": 390, "height": 844})
        cy.page.screenshot(path=str(shots / "live-phone.png"), full_page=True)
        browser.close()
    store.close()
