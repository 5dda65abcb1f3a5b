"""The pseudo-locale check in the browser (tests/pseudo_locale.py): one whole single-player
game at phone size in the generated language `xx`, a hint asked at the first decision of
every type, then the history, the replay viewer, the statistics, the scorekeeper, the
account pages and an error page — every visible text and accessible name must be
pseudo-localized (player names, numbers and card faces aside), or the test names the string
and where it was seen.

Adding a front-end is a few lines: open it in the same context and `check(page_texts(page,
"its name"))`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import PACE_RECORDER, Player, browser, needs_chromium, shots

from pseudo_locale import check, enabled, page_texts, pseudo
from server_support import serving

__all__ = ["browser", "shots"]  # fixtures

pytestmark = needs_chromium

SEED = 4242
NAMES = ("Astrid", "Bengt", "Cissi", "Dag", "Elsa")
"""The computer players' names at the table (static/table/words.js): names, not words."""


@pytest.fixture(scope="module")
def xx_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that speaks the pseudo-language too (its environment names the catalog)."""
    with enabled(tmp_path_factory.mktemp("pseudo")):
        db = tmp_path_factory.mktemp("browser-xx") / "chicago.db"
        with serving(f"sqlite:///{db}", env=os.environ) as base:
            yield base


def _open(page: Any, url: str, ready: str) -> None:
    page.goto(url)
    page.wait_for_selector(ready)
    page.wait_for_load_state("networkidle")


def test_a_whole_game_and_every_page_in_the_pseudo_locale(
    xx_server: str, browser: Any, shots: Path
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "chicago_lang", "value": "xx", "url": xx_server}])
    context.add_init_script(PACE_RECORDER.replace("SPEED", "fast"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seen: list[tuple[str, str]] = []

    _open(page, xx_server + "/", "#start")
    assert page.get_attribute("html", "lang") == "xx"
    seen += page_texts(page, "the lobby")
    page.select_option("#seats", "4")
    page.select_option("#level", "easy")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_url("**/games/*")

    player = Player(page, keyboard=False, touch=True, saved=pseudo("Saved"),
                    reset_word="ŕéšéţ")
    hinted: set[str] = set()
    while True:
        snap = player.settle()
        kind = ",".join(sorted(set(snap["controls"]) - {"show-result"})) or "play"
        if kind not in hinted and not snap["result"]:
            hinted.add(kind)
            page.click("#hint-btn")
            page.wait_for_selector("#hint:not([hidden]) .help")
            page.wait_for_function(
                "() => document.querySelector('#hint .help').textContent.length > 3")
            seen += page_texts(page, f"the table, a hint at {kind}")
            page.screenshot(path=str(shots / f"xx-{len(hinted)}-{kind.split(',')[0]}.png"))
            page.locator("#hint button.ghost").click()
            if "chicago-pass" in snap["controls"]:  # the question's safe answer, as before
                page.focus("#chicago-pass")
        else:
            seen += page_texts(page, f"the table at {kind}")
        if not player.act(snap):
            break
    page.wait_for_selector("#result:not([hidden])")
    seen += page_texts(page, "the result")
    page.screenshot(path=str(shots / "xx-result.png"))
    kinds = {k.split(",")[0].split("-")[0] for k in hinted}
    assert {"do", "chicago", "play"} <= kinds, hinted  # exchange, Chicago, card (offers too)

    _open(page, xx_server + "/history", ".history-open")
    seen += page_texts(page, "the history")
    page.click(".history-open")
    page.wait_for_url("**/history/*")
    page.wait_for_selector(".rp-chip")
    page.wait_for_load_state("networkidle")
    seen += page_texts(page, "the replay viewer")
    for _step in range(12):
        page.keyboard.press("ArrowRight")
    page.wait_for_timeout(200)
    seen += page_texts(page, "the replay viewer, later")
    page.screenshot(path=str(shots / "xx-replay.png"))
    for path, ready, name in (
        ("/stats", "main h1", "the statistics"),
        ("/keep", "main h1", "the scorekeeper"),
        ("/signup", "form[data-auth]", "sign-up"),
        ("/signin", "form[data-auth]", "sign-in"),
        ("/account", "main h1", "the account page"),
        ("/no/such/page", "main h1", "an error page"),
    ):
        _open(page, xx_server + path, ready)
        seen += page_texts(page, name)
    page.screenshot(path=str(shots / "xx-error.png"))
    check(seen, allowed=NAMES)
    assert not errors, errors
    context.close()
