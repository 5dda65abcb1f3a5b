"""The error pages in a real browser (Debian's Chromium through Playwright), on a phone and
a laptop: an address that opens nothing is a page in the site's style, in the reader's
language, with the way back in view and nothing wider than the screen; a dead invitation
says its reason once. Screenshots of the 404 page go to CHICAGO_SCREENSHOTS when set."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from browser_support import axe_problems, needs_chromium

pytestmark = needs_chromium

SIZES = ((390, 844), (1280, 720))


def test_an_address_that_opens_nothing_is_a_page_with_the_way_back(
    server: str, browser: Any, tmp_path: Path
) -> None:
    shots = Path(os.environ.get("CHICAGO_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    for width, height in SIZES:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      locale="sv-SE", has_touch=width < 640)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        for path, back in (("/games/nosuch", "/"), ("/keep/nosuch", "/keep")):
            response = page.goto(server + path)
            assert response is not None and response.status == 404, path
            assert page.locator("html").get_attribute("lang") == "sv"
            assert page.inner_text("h1") == "Sidan finns inte"
            way = page.locator(f".error-ways a.btn[href='{back}']").first
            box = way.bounding_box()
            assert box is not None and box["y"] + box["height"] <= height, (path, box)
            assert box["height"] >= 40, box  # a button to tap
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert axe_problems(page, path) == []
        page.goto(server + "/games/nosuch")
        page.screenshot(path=str(shots / f"not-found-{width}x{height}.png"))
        # a dead invitation: its reason once, then the way to the lobby
        page.goto(server + "/join/nosuch")
        page.wait_for_selector("#dead-link:not([hidden])")
        assert page.locator("#dead-link p").count() == 2  # the reason, the lobby's link
        assert page.inner_text("#dead-reason")[0].isupper()
        assert errors == []
        context.close()
