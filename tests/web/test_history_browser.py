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
from browser_support import CHROMIUM, csrf_of
from review_support import planted_game

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")

SIZES = ((390, 844), (1280, 720))
SWIPE = """([dx]) => {
  const area = document.querySelector('.replay-table');
  const at = (x) => [new Touch({ identifier: 1, target: area, clientX: x, clientY: 200 })];
  area.dispatchEvent(new TouchEvent('touchstart', { touches: at(200), changedTouches: at(200) }));
  area.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: at(200 + dx) }));
}"""


def _import(page: Any, base: str, data: dict[str, Any]) -> str:
    context = page.context
    page.goto(base + "/history")
    csrf = csrf_of(context)
    r = page.request.post(
        base + "/api/games/import", data=json.dumps(data),
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
    )
    assert r.status == 201, r.text()
    gid: str = r.json()["id"]
    return gid


def axe_issues(page: Any, where: str) -> list[str]:
    """axe-core's serious and critical violations, and headings out of order (heading-order
    is a moderate one), one line each."""
    sync = pytest.importorskip("axe_playwright_python.sync_playwright")
    return [
        f"{where}: {v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(str(n["target"]) for n in v["nodes"][:4])
        for v in sync.Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical") or v["id"] == "heading-order"
    ]


def _step(page: Any) -> str:
    text: str = page.locator("#step-label").inner_text()
    return text


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_step_through_a_finished_game_and_open_the_statistics(
    server: str, browser: Any, shots: Path, size: tuple[int, int],
) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    data, planted = planted_game(mistake=True)
    gid = _import(page, server, data)

    page.goto(f"{server}/history")
    dated = page.locator(f"a[href='/history/{gid}'] time").inner_text()
    page.click(f"a[href='/history/{gid}']")
    page.wait_for_selector(".rp-seat")
    last = page.evaluate("() => Number(document.getElementById('slider').max)")
    assert _step(page) == f"Step 0 of {last}"
    # dated as the history dates it, in the server's words (one style, the reader's language)
    assert page.locator("#replay-about").inner_text().startswith(f"{dated} · ")
    # a new deal is a heading of the story, never a terminal's === line
    assert page.locator("#story .deal-heading h3").first.inner_text().startswith("Deal 1: ")
    assert "===" not in page.locator("main").inner_text()
    # forty quick presses of → move forty steps, one each (none lost while steps load)
    presses = min(40, last)
    page.evaluate("""(n) => { for (let i = 0; i < n; i += 1) document.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })); }""", presses)
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step {presses} of {last}'")
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step {presses - 5} of {last}'")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           "'Step 0 of ' + document.getElementById('slider').max")
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
    # the summary first, then the costliest moments, each a click from its step
    assert "1 marked" in page.locator("#coach-summary").inner_text()
    assert page.locator("#coach-top li").count() == 1
    assert page.locator("#marks .mark").count() == 1
    mark = page.locator("#marks .mark").bounding_box()
    assert mark["width"] >= 24 and mark["height"] >= 24, mark  # legible, tappable
    page.click("#marks .mark")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step {planted} of {last}'")
    assert "keep all five cards" in page.locator("#coach-marks").inner_text()
    # the step's mark beside the table, with the cost and its reason
    step_mark = page.locator("#step-mark").inner_text()
    assert "keep all five cards" in step_mark and "R4.2" in step_mark
    page.click("#coach-order-game")
    assert page.get_attribute("#coach-order-game", "aria-pressed") == "true"
    page.click("#forward")
    page.click("#coach-top button")
    page.wait_for_function("() => document.getElementById('step-label').textContent === "
                           f"'Step {planted} of {last}'")
    # one screen: the table, the step's story and its mark, and the controls in view
    page.evaluate("() => window.scrollTo(0, 0)")
    for part in ("#replay-table", "#step-now", "#forward", "#slider"):
        box = page.locator(part).bounding_box()
        assert box["y"] >= 0 and box["y"] + min(box["height"], 40) <= size[1], (part, box)
    if size[0] < 640:  # a swipe to the left steps forward, to the right back
        for dx, k in ((-120, planted + 1), (120, planted)):
            page.evaluate(SWIPE, [dx])
            page.wait_for_function("() => document.getElementById('step-label').textContent === "
                                   f"'Step {k} of {last}'")
    problems = axe_issues(page, f"replay {size}")
    assert problems == [], "\n".join(problems)
    page.screenshot(path=str(shots / f"replay-{size[0]}x{size[1]}.png"))
    page.screenshot(path=str(shots / f"replay-{size[0]}x{size[1]}-full.png"), full_page=True)

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


def test_the_replay_comes_with_its_first_step_in_the_page(
    server: str, browser: Any,
) -> None:
    """The viewer's page holds the game and its first position (no round trip
    after the page on a phone): opened, it asks the API for neither; the next step is asked
    for as before."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    data, _ = planted_game(mistake=False)
    gid = _import(page, server, data)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.split("?")[0][len(server):]))
    page.goto(f"{server}/history/{gid}")
    page.wait_for_selector(".rp-seat")
    assert _step(page).startswith("Step 0 of")
    game, first = f"/api/games/{gid}/replay", f"/api/games/{gid}/replay/0"
    assert game not in asked and first not in asked, asked
    page.click("#forward")  # the next step: fetched ahead, or asked for now
    page.wait_for_function(
        "document.getElementById('step-label').textContent.startsWith('Step 1 ')")
    assert f"{game}/1" in asked, asked
    assert game not in asked and first not in asked, asked
    assert not errors, errors
    context.close()
