"""The viewer and the statistics in a real browser (Debian's Chromium through Playwright):
a finished game (the planted full-house mistake of review_support) is stepped through by
keyboard (→, ←, End, Home), the buttons, the deal menu and the slider; the coach's review is
asked for and its mark lands on the timeline; the statistics page shows its three charts.
Screenshots at 390×844 and 1280×720 go to $CHICAGO_SCREENSHOTS if set, else the test's
temporary directory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from review_support import planted_game
from test_browser import CHROMIUM, browser, server, shots  # noqa: F401 (fixtures)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")

SIZES = ((390, 844), (1280, 720))


def _import(page: Any, base: str, data: dict[str, Any]) -> str:
    context = page.context
    page.goto(base + "/history")
    csrf = next(c["value"] for c in context.cookies() if c["name"] == "chicago_csrf")
    r = page.request.post(
        base + "/api/games/import", data=json.dumps(data),
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
    )
    assert r.status == 201, r.text()
    gid: str = r.json()["id"]
    return gid


def _step(page: Any) -> str:
    text: str = page.locator("#step-label").inner_text()
    return text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_step_through_a_finished_game_and_open_the_statistics(
    server: str, browser: Any, shots: Path, size: tuple[int, int],  # noqa: F811
) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    data, planted = planted_game(mistake=True)
    gid = _import(page, server, data)

    page.goto(f"{server}/history")
    page.click(f"a[href='/history/{gid}']")
    page.wait_for_selector(".rp-seat")
    last = page.evaluate("() => Number(document.getElementById('slider').max)")
    assert _step(page) == f"Step 0 of {last}"
    # the game is over: every hand shows, and the stock
    assert page.locator(".rp-seat[data-seat='1'] .rp-chip").count() == 5
    assert page.locator(".rp-hidden").count() == 0
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step 2 of {last}'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step 1 of {last}'")
    page.keyboard.press("End")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step {last} of {last}'")
    assert "wins the game" in page.locator("#story").inner_text()
    page.keyboard.press("Home")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step 0 of {last}'")
    page.click("#forward")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step 1 of {last}'")
    page.select_option("#deal-jump", "2")
    page.wait_for_function("() => document.getElementById('step-label').textContent !== "
                           f"'Step 1 of {last}'")
    assert "Deal 2" in page.locator("#story").inner_text()
    page.fill("#slider", "5")
    page.dispatch_event("#slider", "input")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step 5 of {last}'")

    page.click("#ask-coach")
    page.wait_for_selector("#coach-marks li", timeout=120_000)
    assert page.locator("#marks .mark").count() == 1
    page.click("#marks .mark")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step {planted} of {last}'")
    assert "keep all five cards" in page.locator("#coach-marks").inner_text()
    page.screenshot(path=str(shots / f"replay-{size[0]}x{size[1]}.png"), full_page=True)

    page.click("a[href='/stats']")
    page.wait_for_selector("svg.chart")
    assert page.locator("svg.chart").count() == 3
    for chart in ("#chart-game", "#chart-wins", "#chart-sources"):
        assert page.locator(f"{chart} svg.chart").count() == 1
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= size[0], "the page scrolls sideways"
    page.screenshot(path=str(shots / f"stats-{size[0]}x{size[1]}.png"), full_page=True)
    assert errors == []
    context.close()
