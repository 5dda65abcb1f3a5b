"""The pseudo-locale check in the browser (tests/pseudo_locale.py): one whole single-player
game at phone size in the generated language `xx`, a hint asked at the first decision of
every type, then the history, the replay viewer, the statistics, the scorekeeper, the
account pages and an error page — every visible text and accessible name must be
pseudo-localized (player names, numbers and card faces aside), or the test names the string
and where it was seen. Then a friends table in the same language: the seating screen before
the start, a whole short game (basic rules, two seats: the other person sits down through
the API and hands their seat to a bot) with a hint at the first decision of every type, a
quick chat phrase, the result, and the replay page with the coach's finished review (its
summary, costliest moments and marks). Last, at phone and laptop size, the pages a friend
sees first: the lobby (its main buttons in view), the form of a table with friends with
custom rules, the invitation (who invites, the rules, the timer).

Adding a front-end is a few lines: open it in the same context and `check(page_texts(page,
"its name"))`.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    PACE_RECORDER,
    SNAPSHOT,
    Player,
    api,
    more_choices,
    needs_chromium,
)

from pseudo_locale import WORD, check, enabled, page_texts, pseudo
from server_support import serving

pytestmark = needs_chromium

SEED = 4242
NAMES = ("Astrid", "Bengt", "Cissi", "Dag", "Elsa")
"""The computer players' names at the table (static/table/words.js): names, not words."""


SERVER = """
import sys, uvicorn
from chicago.web.app import create_app
app = create_app(sys.argv[2], pace_ms=30, driver_interval=0.03, review_samples=(16,))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""
"""The server at a table with people's quick pace (as tests/web/test_browser_live.py), its
coach imagining one stage of 16 deals per decision: its words are those of a full review."""


@pytest.fixture(scope="module")
def xx_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server that speaks the pseudo-language too (its environment names the catalog)."""
    with enabled(tmp_path_factory.mktemp("pseudo")):
        db = tmp_path_factory.mktemp("browser-xx") / "chicago.db"
        with serving(f"sqlite:///{db}", script=SERVER, env=os.environ) as base:
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
    more_choices(page)
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


APP = "document.getElementById('table-app').dataset"


def _api(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A request from the page (its cookies and CSRF token): (status, parsed body)."""
    r = api(page, method, path, body)
    return r["status"], json.loads(r["body"]) if r["body"] else None


def _until(page: Any, expression: str, timeout: float = 60.0) -> None:
    """Poll a JavaScript expression (the table page's CSP forbids wait_for_function)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({expression})"):
        assert time.monotonic() < deadline, f"timed out waiting for {expression}"
        time.sleep(0.02)


def test_a_friends_table_and_its_replay_in_the_pseudo_locale(
    xx_server: str, browser: Any, shots: Path
) -> None:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 720}) for _ in range(2)]
    for c in contexts:
        c.add_cookies([{"name": "chicago_lang", "value": "xx", "url": xx_server}])
        c.add_init_script("try { localStorage.setItem('chicago.speed', 'fast'); } catch (_) {}")
    page, other = (c.new_page() for c in contexts)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seen: list[tuple[str, str]] = []

    # The creator makes a two-seat table with the basic rules (R8: to 50, two exchanges).
    _open(page, xx_server + "/", "#start")
    status, table = _api(page, "POST", "/api/tables", {
        "name": "Ann", "seats": 2, "players": ["friend"], "seed": SEED,
        "profile": {"base": "basic", "changes": {"target": 50}},
    })
    assert status == 201, table
    game_id = table["id"]
    page.goto(f"{xx_server}/tables/{game_id}")
    page.wait_for_selector("#invite-link")
    code = page.inner_text("#invite-code").strip()
    other.goto(xx_server + "/")
    status, sat = _api(other, "POST", f"/api/invites/{code}", {"name": "Bo"})
    assert status in (200, 201), sat
    page.wait_for_selector("#seating li[data-seat='1']:has-text('Bo')")
    page.wait_for_load_state("networkidle")
    seen += page_texts(page, "the friends table's seats before the start")
    page.screenshot(path=str(shots / "xx-friends-seating.png"))
    page.click("#start-game")
    _until(page, f"{APP}.live === 'playing'")
    status, _none = _api(other, "POST", f"/api/tables/{game_id}/away", {"away": True})
    assert status == 204, _none  # Bo's seat is played by a bot from now on

    page.locator("#quick button[data-phrase='good_luck']").click()
    page.wait_for_selector("#chat-lines li")
    status, said = _api(other, "GET", f"/api/tables/{game_id}/chat")
    assert [m["phrase"] for m in said["messages"]] == ["good_luck"], said
    assert said["messages"][0]["text"] == pseudo("Good luck!")  # worded for its reader

    player = Player(page, keyboard=False, saved=pseudo("Saved"), reset_word="ŕéšéţ",
                    deadline=time.monotonic() + 600)
    hinted: set[str] = set()
    while not page.locator("#result:not([hidden])").count():
        snap = page.evaluate(SNAPSHOT)
        if snap["recap"]:
            page.keyboard.press("Enter")
            continue
        decision = set(snap["controls"]) & {"do-exchange", "offer-keep", "chicago-call",
                                            "quads-points"}
        kind = next(iter(decision), "play" if any(c["playable"] for c in snap["hand"]) else "")
        if snap["state"] != "ready" or not kind:
            time.sleep(0.02)
            continue
        if kind not in hinted:
            hinted.add(kind)
            page.click("#hint-btn")
            page.wait_for_selector("#hint:not([hidden]) .help")
            _until(page, "document.querySelector('#hint .help').textContent.length > 3")
            seen += page_texts(page, f"the friends table, a hint at {kind}")
            page.screenshot(path=str(shots / f"xx-friends-{kind}.png"))
            page.locator("#hint button.ghost").click()
            if kind == "chicago-call":
                page.focus("#chicago-pass")
        else:
            seen += page_texts(page, f"the friends table at {kind}")
        player.act(snap)
    assert {"do-exchange", "chicago-call", "play"} <= hinted, hinted
    seen += page_texts(page, "the friends table's result")
    page.screenshot(path=str(shots / "xx-friends-result.png"))

    # The replay page of the finished table, from the creator's seat.
    page.goto(f"{xx_server}/history/{game_id}")
    page.wait_for_load_state("networkidle")
    status, replay = _api(page, "GET", f"/api/games/{game_id}/replay")
    assert status == 200 and not errors, (status, str(replay)[:300], errors)
    page.wait_for_selector("#ask-coach")
    seen += page_texts(page, "the replay of the friends table")
    # The coach's finished review of the creator's seat: summary, costliest moments, marks.
    page.click("#ask-coach")
    page.wait_for_selector("#coach-summary", timeout=300_000)
    page.wait_for_load_state("networkidle")
    seen += page_texts(page, "the replay with the coach's review")
    if page.locator("#coach-top button").count():
        page.locator("#coach-top button").first.click()
        page.wait_for_timeout(200)
        seen += page_texts(page, "the replay at a costly moment")
    page.screenshot(path=str(shots / "xx-friends-review.png"), full_page=True)
    # the table's code is typed, not read: random letters in every language
    check(seen, allowed=(*NAMES, "Ann", "Bo", *WORD.findall(code)))
    assert not errors, errors
    for c in contexts:
        c.close()


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    return dict(box)


def _in_view(page: Any, selector: str, size: dict[str, int]) -> None:
    """The element is whole inside the viewport, without scrolling."""
    b = _box(page, selector)
    assert b["x"] >= 0 and b["y"] >= 0, (selector, b)
    assert b["x"] + b["width"] <= size["width"] + 1, (selector, b, size)
    assert b["y"] + b["height"] <= size["height"] + 1, (selector, b, size)


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 1280, "height": 720}],
                         ids=["phone", "laptop"])
def test_the_friends_pages_in_the_pseudo_locale(
    xx_server: str, browser: Any, shots: Path, size: dict[str, int]
) -> None:
    """What a friend sees first, every word through the catalogs (titles too): the lobby,
    whose new game and "play with friends" are in view without scrolling, under a compact
    header on a phone; the form of a table with friends, with the lobby's own editor of
    custom rules (the target changed, R8.1) and a timer; the table's seats naming those
    rules; the lobby again, leading with the unfinished table; a friend typing the code with
    a dash in the lobby, and the invitation saying who invites, the rules and the timer; the
    lobby's new game with custom rules from the same editor."""
    contexts = [browser.new_context(viewport=size) for _ in range(2)]
    for c in contexts:
        c.add_cookies([{"name": "chicago_lang", "value": "xx", "url": xx_server}])
    page, other = (c.new_page() for c in contexts)
    errors: list[str] = []
    for p in (page, other):
        p.on("pageerror", lambda e: errors.append(str(e)))
    seen: list[tuple[str, str]] = []
    tag = size["width"]

    _open(page, xx_server + "/", "#start")
    seen += page_texts(page, "the lobby")
    for selector in ("#start", "#friends-link", "#new-game-title"):
        _in_view(page, selector, size)
    if tag < 640:
        assert _box(page, ".site-header")["height"] < 100

    page.click("#friends-link")
    page.wait_for_url("**/tables/new")
    page.wait_for_selector("#new-table[data-ready='true']")
    assert page.title() == f"{pseudo('Play with friends')} · Chicago"
    page.fill("#name", "Ann")
    page.select_option("#seats", "3")
    page.select_option("#profile", "custom")
    page.wait_for_selector("#knob-target")
    page.select_option("#custom-base", "classic")
    page.select_option("#knob-target", "100")
    page.select_option("#timer", "60")
    assert pseudo("Target score") in page.inner_text("#custom-summary")
    seen += page_texts(page, "the form of a table with friends")
    page.screenshot(path=str(shots / f"xx-friends-new-{tag}.png"), full_page=True)
    page.click("#new-table button[type=submit]")
    page.wait_for_url("**/tables/*")
    page.wait_for_selector("#invite-code")
    code = page.inner_text("#invite-code").strip()
    rules = page.inner_text("#seating-rules")
    assert pseudo("Target score") in rules and "100" in rules, rules
    seen += page_texts(page, "the table's seats before the start")

    _open(page, xx_server + "/", "#resume:not([hidden])")
    seen += page_texts(page, "the lobby of a returning player")
    for selector in ("#start", "#friends-link", "#resume .resume-link"):
        _in_view(page, selector, size)
    assert "/tables/" in str(page.get_attribute("#resume .resume-link", "href"))
    page.screenshot(path=str(shots / f"xx-friends-lobby-{tag}.png"))

    _open(other, xx_server + "/", "#code")
    other.locator("#code").press_sequentially(f"{code[:3].lower()}-{code[3:].lower()}")
    other.click("#join-code button[type=submit]")
    other.wait_for_url(f"**/join/{code}")
    other.wait_for_selector("#join-about:not([hidden])")
    assert other.title() == f"{pseudo('Join a table')} · Chicago"
    assert "Ann" in other.inner_text("#join-inviter")
    about = other.inner_text("#join-rules")
    assert pseudo("Classic Chicago with köpstopp") in about, about
    assert pseudo("Target score") in about and "100" in about, about
    assert other.inner_text("#join-timer") == pseudo("{n} min").replace("{n}", "1")
    seen += page_texts(other, "an invitation")
    other.screenshot(path=str(shots / f"xx-friends-join-{tag}.png"), full_page=True)

    # The lobby's new game takes custom rules from the same editor (R8.1: the target).
    _open(page, xx_server + "/", "#start")
    more_choices(page)
    page.select_option("#profile", "custom")
    page.wait_for_selector("#knob-target")
    page.select_option("#custom-base", "common")
    page.select_option("#knob-target", "51")
    seen += page_texts(page, "the lobby's custom rules")
    page.click("#start")
    page.wait_for_url("**/games/*")
    status, game = _api(page, "GET", "/api/games/" + page.url.rsplit("/", 1)[1])
    assert status == 200 and game["profile"]["id"] == "common+target=51", (status, game)
    check(seen, allowed=("Ann", *WORD.findall(code)))
    assert not errors, errors
    for c in contexts:
        c.close()
