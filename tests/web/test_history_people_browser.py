"""A table with people's game in a real browser (Debian's Chromium through Playwright): Bo,
who sat at Ann's table, finds it in his history marked as played with people, with Ann
named; the viewer names the seats from his side, as the table did ("You", "Ann", and the
bot "Bengt"), shows every hand now that the game is over, and tells him only the creator
shares the game. Screenshots at 390×844 and 1280×720 go to $CHICAGO_SCREENSHOTS if set,
else the test's temporary directory."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_support import CHROMIUM
from history_support import finished_file

from chicago.store import Owner, Store
from chicago.table.tables.service import TableService
from chicago.web.auth import GUEST_COOKIE, hash_token
from people_support import seat_people

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")

SIZES = ((390, 844), (1280, 720))


def no_sideways_scroll(page: Any) -> bool:
    fits: bool = page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    return fits


def guest(page: Any, base: str) -> Owner:
    page.goto(base + "/history")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == GUEST_COOKIE)
    return Owner("guest", hash_token(token))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_friend_finds_and_opens_the_tables_game(
    served: tuple[str, str], browser: Any, shots: Path, size: tuple[int, int],
) -> None:
    base, url = served
    viewport = {"width": size[0], "height": size[1]}
    ann_page = browser.new_context(viewport=viewport).new_page()
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    ann, bo = guest(ann_page, base), guest(page, base)
    store = Store(url)
    gid = TableService(store).import_file(ann, finished_file(21, seats=3)).table.id
    seat_people(store, gid, [(ann, "Ann"), (bo, "Bo"), "easy"])
    store.close()

    page.goto(base + "/history")
    item = page.locator(".history-item").first
    assert "Played with people" in item.inner_text()
    # faces kept: the people and the bot named as the table named them
    assert "Ann, you, Bengt" in item.inner_text()
    page.screenshot(path=str(shots / f"history-people-{size[0]}x{size[1]}.png"), full_page=True)
    assert no_sideways_scroll(page)

    page.click(f"a[href='/history/{gid}']")
    page.wait_for_selector(".rp-seat")
    heads = page.locator(".rp-seat-head strong").all_inner_texts()
    assert heads == ["Ann", "You", "Bengt"]
    assert page.locator(".rp-hidden").count() == 0  # over: every hand shows
    assert page.locator(".rp-seat[data-seat='0'] .rp-chip").count() >= 1
    assert "Played with people" in page.locator("#replay-about").inner_text()
    page.wait_for_selector("#share-creator-only")
    assert page.locator("#share-create").count() == 0
    page.keyboard.press("End")
    page.screenshot(path=str(shots / f"replay-people-{size[0]}x{size[1]}.png"), full_page=True)
    assert no_sideways_scroll(page)
    assert not errors, errors
    context.close()
    ann_page.context.close()
