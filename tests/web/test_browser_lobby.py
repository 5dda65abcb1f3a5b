"""The lobby in a real browser, on a phone (touch, light) and a laptop (keys, dark): the ways
to play are all in view without scrolling, "More choices" opens the new game's settings from
the keyboard, the choices made there are kept in the browser (a reload shows them, folded,
under "Against the computer") and that button deals a game with them in one press; axe-core
finds no serious or critical problem, the choices folded or open."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import api, axe_problems, needs_chromium

pytestmark = needs_chromium

WAYS = ("#start", "#friends-link", "#daily-link")  # against the computer, friends, the day's


def in_view(page: Any, selector: str) -> bool:
    """The element is whole inside the viewport as the page first shows it."""
    seen: bool = page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
             return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
               && r.right <= innerWidth; }""", selector)
    return seen


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_the_lobby_leads_with_the_ways_to_play_and_keeps_the_choices(
    server: str, browser: Any, shots: Path, size: tuple[int, int]
) -> None:
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
