"""A watch link and the lobby's tables with friends in a real browser, at a laptop's size by
mouse and keys and at a phone's size by touch.

The creator makes the watch link on the table's page; a spectator opens it and follows the
moves live: the page has no hand and no decision, and no socket frame names a card that an
eliminated player may not know (R9.1). The creator revokes the link: the spectator's page
says so at once. The creator's lobby lists the table with the way back in. axe-core finds
no serious or critical violation on the spectator's page, the creator's page with the watch
box, or the lobby with its tables.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from browser_support import SNAPSHOT, Player, api, axe_problems, needs_chromium
from test_browser_live import DECISIONS, hidden_at, this_deal_cards, wait_js

from chicago.core.views import WATCHER

pytestmark = needs_chromium

VERSION = "Number(document.getElementById('table-app').dataset.version || -1)"
SIZES = [(1280, 720), (390, 844)]


def open_page(chromium: Any, size: tuple[int, int]) -> tuple[Any, Any, list[str]]:
    phone = size[0] < 640
    context = chromium.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone
    )
    context.add_init_script("try { localStorage.setItem('chicago.speed', 'fast'); } catch (_) {}")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return context, page, errors


def press_by_keys(page: Any, element_id: str) -> None:
    """Reach a button with Tab alone and press it with Enter (keyboard only)."""
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.id") == (
            element_id
        ):
            page.keyboard.press("Enter")
            return
    raise AssertionError(f"#{element_id} cannot be reached with Tab")


def use(page: Any, selector: str, phone: bool) -> None:
    """Press a control the way this size's player does: a tap on a phone, else a click."""
    if phone:
        page.tap(selector)
    else:
        page.click(selector)


def decide(page: Any, player: Player) -> bool:
    """Make the decision the page offers, as the single player's test does; False when the
    page offers none now (a deal's recap is closed on the way)."""
    snap = page.evaluate(SNAPSHOT)
    if snap["recap"]:
        page.keyboard.press("Enter")
        return False
    offered = any(c in DECISIONS for c in snap["controls"]) or any(
        c["playable"] for c in snap["hand"]
    )
    if snap["state"] != "ready" or not offered:
        return False
    player.act(snap)
    return True


def side_panel(page: Any, phone: bool, open_it: bool) -> None:
    """On a phone the side panel (the watch link's box) is a drawer: open or shut it."""
    if phone and open_it != (page.get_attribute("#side-btn", "aria-expanded") == "true"):
        page.tap("#side-btn" if open_it else "#side-close")


def no_sideways_scroll(page: Any, where: str) -> None:
    wide = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert wide <= 0, (where, "the page scrolls sideways", wide)


@pytest.mark.parametrize("size", SIZES, ids=["laptop", "phone"])
def test_a_spectator_follows_the_table_and_a_revoked_link_stops(
    live_server: tuple[str, str], browser: Any, shots: Path, size: tuple[int, int]
) -> None:
    from chicago.store import Store
    from chicago.table.tables.service import TableService

    base, database = live_server
    phone = size[0] < 640
    store = Store(database, apply_migrations=False)
    service = TableService(store)
    problems: list[str] = []
    ann_context, ann, ann_errors = open_page(browser, size)
    eve_context, eve, eve_errors = open_page(browser, size)
    frames: list[str] = []
    try:
        ann.goto(base + "/")
        r = api(ann, "POST", "/api/tables",
                {"name": "Ann", "seats": 3, "players": ["friend", "easy"], "seed": 4242})
        assert r["status"] == 201, r
        game_id = json.loads(r["body"])["id"]
        ann.goto(f"{base}/tables/{game_id}")
        wait_js(ann, "document.getElementById('table-app').dataset.state === 'ready'")
        use(ann, "#start-game", phone)
        wait_js(ann, "document.getElementById('table-app').dataset.live === 'playing'")
        # The creator makes the watch link: by keys on the laptop, by touch on the phone.
        side_panel(ann, phone, True)
        ann.wait_for_selector("#renew-watch")
        if phone:
            ann.tap("#renew-watch")
        else:
            press_by_keys(ann, "renew-watch")
        ann.wait_for_selector("#watch-link")
        link = ann.input_value("#watch-link")
        assert re.fullmatch(re.escape(base) + r"/watch/[\w-]{16,64}", link), link
        problems += axe_problems(ann, f"creator's table with the watch box {size}")
        no_sideways_scroll(ann, "creator's table")
        ann.screenshot(path=str(shots / f"watch-creator-{size[0]}.png"), full_page=True)
        side_panel(ann, phone, False)

        # The spectator opens it: the table, no hand, no decision, no chat box.
        eve.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(str(p))))
        eve.goto(link)
        wait_js(eve, "document.getElementById('table-app').dataset.state === 'ready'")
        assert eve.locator("#hand .card-btn, #controls button, #chat-form, #hint-btn").count() == 0
        names = eve.locator("#seats .seat .seat-name").all_inner_texts()
        assert any("Ann" in n for n in names) and len(names) == 3, names
        player = Player(ann, keyboard=False, touch=phone)
        moves = 0
        deadline = time.monotonic() + 120
        while moves < 12 and time.monotonic() < deadline:  # the spectator follows each move
            version = ann.evaluate(f"() => {VERSION}")
            if not decide(ann, player):
                time.sleep(0.02)
                continue
            moves += 1
            wait_js(ann, f"{VERSION} > {version}")
            wait_js(eve, f"{VERSION} > {version}")
        assert moves == 12
        for frame in frames:
            message = json.loads(frame)
            assert message.get("type") != "chat", message
            if message.get("type") == "table":
                assert message["view"]["hand"] == [] and message["legal"] == []
                hidden = hidden_at(service, game_id, WATCHER, message["version"])
                assert not hidden & this_deal_cards(message), hidden & this_deal_cards(message)
        assert any(json.loads(f).get("type") == "table" for f in frames)
        problems += axe_problems(eve, f"spectator's page {size}")
        no_sideways_scroll(eve, "spectator's page")
        eve.screenshot(path=str(shots / f"watch-spectator-{size[0]}.png"), full_page=True)

        # The creator revokes the link: the spectator's page says so at once.
        side_panel(ann, phone, True)
        use(ann, "#revoke-watch", phone)
        wait_js(eve, "document.getElementById('table-app').dataset.state === 'gone'", 10)
        alert = eve.inner_text("#failure")
        assert "does not work" in alert, alert
        assert eve.inner_text("#connection") == "Not connected"
        eve.screenshot(path=str(shots / f"watch-revoked-{size[0]}.png"))
        ann.wait_for_selector("#renew-watch")
        assert ann.locator("#watch-link").count() == 0

        # The creator's lobby lists the table with the way back in.
        ann.goto(base + "/")
        ann.wait_for_selector("#my-tables[data-ready]")
        row = ann.locator(f"#my-tables [data-table='{game_id}']")
        assert "In play" in row.inner_text()
        assert row.locator("a.btn").get_attribute("href") == f"/tables/{game_id}"
        problems += axe_problems(ann, f"lobby with tables {size}")
        no_sideways_scroll(ann, "lobby")
        ann.screenshot(path=str(shots / f"lobby-tables-{size[0]}.png"), full_page=True)
        use(ann, f"#my-tables [data-table='{game_id}'] a.btn", phone)
        ann.wait_for_url(f"**/tables/{game_id}")
        wait_js(ann, "document.getElementById('table-app').dataset.state === 'ready'")
        assert problems == [], "\n".join(problems)
        # the revoked socket's closing may log a failed handshake; nothing else may fail
        assert not ann_errors, ann_errors
        assert not [e for e in eve_errors if "WebSocket" not in e], eve_errors
    finally:
        ann_context.close()
        eve_context.close()
        store.close()
        time.sleep(0)
