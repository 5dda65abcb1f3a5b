"""The lobby in a real browser, on a phone (touch, light) and a laptop (keys, dark): the ways
to play are all in view without scrolling, "More choices" opens the new game's settings from
the keyboard, the choices made there are kept in the browser (a reload shows them, folded,
under "Against the computer") and that button deals a game with them in one press; axe-core
finds no serious or critical problem, the choices folded or open. On the phone, "Play now":
a guest gives a name once, waits with the countdown, leaves the queue, presses again (one
press now: the name is kept) and lands at the table once three others press too. On the
laptop, a table another person lists (on the form of a table with friends) shows up among
the open tables by itself, with its rules, timer, seats and their people, and "Take a seat"
seats the guest there under a name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import api, axe_problems, needs_chromium

pytestmark = needs_chromium

WAYS = ("#quick-play", "#start", "#friends-link", "#daily-link")


def in_view(page: Any, selector: str) -> bool:
    """The element is whole inside the viewport as the page first shows it."""
    seen: bool = page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
             return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
               && r.right <= innerWidth; }""", selector)
    return seen


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_the_lobby_leads_with_the_ways_to_play_and_keeps_the_choices(
    live_server: tuple[str, str], browser: Any, shots: Path, size: tuple[int, int]
) -> None:
    server = live_server[0]
    phone = size[0] < 640
    scheme = "light" if phone else "dark"
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  has_touch=phone, is_mobile=phone, color_scheme=scheme)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_load_state("networkidle")

    assert page.evaluate("() => scrollY") == 0
    for selector in WAYS:
        assert in_view(page, selector), selector
    assert page.locator("#seats").is_hidden()  # the settings are folded away
    assert "4 players" in page.inner_text("#start-choices")
    page.screenshot(path=str(shots / f"lobby-{size[0]}-{scheme}.png"))
    problems = axe_problems(page, f"the lobby at {size[0]}")
    if phone:
        problems += quick_play(browser, page, server, shots)
    else:
        problems += open_table(browser, page, server, shots)

    # "More choices" by the keyboard: Tab from the day's deal reaches it, Enter opens it.
    page.focus("#daily-link")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('#more-choices > summary')")
    page.keyboard.press("Enter")
    page.wait_for_selector("#seats", state="visible")
    page.select_option("#seats", "3")
    page.select_option("#level", "hard")
    problems += axe_problems(page, f"the lobby's choices at {size[0]}")
    page.screenshot(path=str(shots / f"lobby-{size[0]}-{scheme}-more.png"), full_page=True)

    # Kept in the browser: a reload shows them, folded, under "Against the computer" ...
    page.reload()
    page.wait_for_load_state("networkidle")
    assert page.get_attribute("#more-choices", "open") is None
    assert page.input_value("#seats") == "3" and page.input_value("#level") == "hard"
    assert "3 players · Hard" in page.inner_text("#start-choices")
    # ... and that button deals a game with them in one press.
    page.click("#start")
    page.wait_for_url("**/games/*")
    made = api(page, "GET", "/api/games/" + page.url.rsplit("/", 1)[1])
    game = json.loads(made["body"])
    assert made["status"] == 200 and game["seats"] == 3, made
    assert game["levels"] == [None, "hard", "hard"], game["levels"]
    assert problems == []
    assert not errors, errors
    context.close()


def quick_play(browser: Any, page: Any, server: str, shots: Path) -> list[str]:
    """"Play now" on the phone, as the module's docstring tells it; axe's problems on the way."""
    page.tap("#quick-play")
    page.wait_for_selector("#quick-name", state="visible")
    page.fill("#quick-name", "Ann")
    page.tap("#quick-name-form button[type=submit]")
    page.wait_for_selector("#quick-wait", state="visible")
    assert 0 < int(page.inner_text("#quick-seconds")) <= 20
    assert "table of 4" in page.inner_text("#quick-status")
    assert in_view(page, "#quick-leave")
    page.screenshot(path=str(shots / "lobby-quick-wait.png"))
    problems: list[str] = axe_problems(page, "the lobby waiting for quick play")
    page.tap("#quick-leave")
    page.wait_for_selector("#quick", state="hidden")

    page.tap("#quick-play")  # the name is kept: one press
    page.wait_for_selector("#quick-wait", state="visible")
    others = []
    for name in ("Bo", "Cy", "Di"):
        context = browser.new_context()
        other = context.new_page()
        other.goto(server + "/")
        pressed = api(other, "POST", "/api/quick", {"name": name})
        assert pressed["status"] == 200, pressed
        others.append(context)
    page.wait_for_url("**/tables/*")
    table = api(page, "GET", "/api/tables/" + page.url.rsplit("/", 1)[1])
    names = [p["name"] for p in json.loads(table["body"])["live"]["players"]]
    assert table["status"] == 200 and sorted(names) == ["Ann", "Bo", "Cy", "Di"], table
    for context in others:
        context.close()
    page.goto(server + "/")
    page.wait_for_load_state("networkidle")
    return problems


def open_table(browser: Any, page: Any, server: str, shots: Path) -> list[str]:
    """A table Bo lists (the form of a table with friends) appears in the open tables (the
    lobby polls), its free seats counted down as Cy sits from another browser; Ann takes a
    seat."""
    context = browser.new_context()
    bo = context.new_page()
    bo.goto(server + "/tables/new")  # Bo lists a table from the form of a table with friends
    bo.wait_for_selector("#new-table[data-ready='true']")
    bo.fill("#name", "Bo")
    bo.select_option("#seats", "4")
    bo.select_option("#player-2", "easy")
    bo.select_option("#timer", "60")
    bo.check("#listed")
    bo.click("#new-table button[type=submit]")
    bo.wait_for_url(lambda url: "/tables/" in url and not url.endswith("/tables/new"))
    table_id = bo.url.rsplit("/", 1)[1]
    row = f"#open-list [data-table='{table_id}']"
    page.wait_for_selector(row, timeout=10_000)  # no reload: the list is asked for again
    words = page.inner_text(row)
    for said in ("4 players", "2 of 4 seats free", "1 min a move", "Bo (unrated)",
                 "computer (easy)", "free seat"):
        assert said in words, (said, words)
    # Cy sits down from another browser: Ann's list says so by itself, as the seats fill.
    cy_context = browser.new_context()
    cy = cy_context.new_page()
    cy.goto(server + "/")
    assert api(cy, "POST", f"/api/tables/{table_id}/sit", {"name": "Cy"})["status"] == 200
    page.wait_for_selector(f"{row}:has-text('1 of 4 seats free')", timeout=10_000)
    assert "Cy (unrated)" in page.inner_text(row)
    cy_context.close()
    page.screenshot(path=str(shots / "lobby-open-table.png"), full_page=True)
    problems: list[str] = axe_problems(page, "the lobby with an open table")
    page.click(f"{row} button")  # no name yet: the field asks for one
    assert page.get_attribute("#open-name", "aria-invalid") == "true"
    page.fill("#open-name", "Ann")
    page.click(f"{row} button")
    page.wait_for_url(f"**/tables/{table_id}")
    context.close()
    page.goto(server + "/")
    page.wait_for_load_state("networkidle")
    return problems
