"""Play now with anyone, in the browser: three signed-in people press "Play now" in their
lobbies within a few seconds, wait out the countdown together and land at one table of four
with a bot in the empty seat; they play it to the end, the game is rated (Glicko-2, bots at
their fixed ratings), and each one's result dialog says by how much their rating changed."""

from __future__ import annotations

import json
import re
from typing import Any

from browser_support import api, needs_chromium, new_page

pytestmark = needs_chromium

CHANGE = re.compile(r"Rating (\d+) → (\d+) \(([+\u2212±]\d+)\)")


def _signed_in(browser: Any, server: str, name: str, size: tuple[int, int]) -> Any:
    ctx, page, errors = new_page(browser, *size)
    page.goto(server + "/")
    r = api(page, "POST", "/api/auth/signup", {"username": name, "password": "correct horse"})
    assert r["status"] == 201, r
    page.goto(server + "/")
    return ctx, page, errors


def test_three_people_press_play_now_and_a_bot_fills_the_fourth_seat(
    live_server: tuple[str, str], browser: Any
) -> None:
    server = live_server[0]
    people = [_signed_in(browser, server, name, size) for name, size in
              (("Annika", (390, 844)), ("Bosse", (1280, 720)), ("Cyril", (1280, 720)))]
    for _ctx, page, _errors in people:
        page.locator("#quick-play").click()
        page.wait_for_selector("#quick-wait", state="visible")
        assert 0 < int(page.inner_text("#quick-seconds")) <= 20
    # Nobody else comes: after the countdown the three are seated with a bot.
    for _ctx, page, _errors in people:
        page.wait_for_url(re.compile(r"/tables/[^/]+$"), timeout=40_000)
    ids = {page.url.rsplit("/", 1)[1] for _ctx, page, _errors in people}
    assert len(ids) == 1
    table_id = ids.pop()
    first = json.loads(api(people[0][1], "GET", f"/api/tables/{table_id}")["body"])
    kinds = sorted(p.get("kind") for p in first["live"]["players"])
    assert kinds.count("bot") == 1 and len(kinds) == 4, first["live"]["players"]

    # The three play to the end (each from their own page, the first legal decision).
    for _ in range(4000):
        done = True
        for _ctx, page, _errors in people:
            game = json.loads(api(page, "GET", f"/api/tables/{table_id}")["body"])
            if game["status"] == "finished":
                continue
            done = False
            if game["legal"]:
                api(page, "POST", f"/api/tables/{table_id}/actions",
                    {"version": game["version"], "action": game["legal"][0]})
        if done:
            break
        people[0][1].wait_for_timeout(20)
    else:
        raise AssertionError("the game did not end")

    # Each result dialog says how the reader's rating changed, as the server stored it.
    for _ctx, page, errors in people:
        page.reload()
        page.wait_for_selector("#result .fs-rating", timeout=20_000)
        text = page.inner_text("#result")
        changes = CHANGE.findall(text)
        assert len(changes) == 3, text  # the three people; the bot's rating is fixed
        for before, after, change in changes:
            sign = -1 if change[0] == "\u2212" else 1
            assert int(after) - int(before) == (0 if change[0] == "±" else sign * int(change[1:]))
        assert errors == [], errors
    for ctx, _page, _errors in people:
        ctx.close()
