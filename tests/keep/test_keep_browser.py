"""A whole engine-played game entered on the scorekeeper page of a 390×844 phone (Debian's
Chromium through Playwright), with an undo and a correction, and a share link followed live.

The test keeps its own pad (the pure model) beside the page and, after every entry, checks
that the page shows the same scores; at the end they are the engine's. Screenshots go to
$CHICAGO_SCREENSHOTS if set, else the test's temporary directory.
"""

from __future__ import annotations

import os
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from keep_oracle import Oracle, engine_game

from chicago.core.keep import Entry, Pad, PadSetup, add, correct, start
from chicago.core.rules import HOUSE
from server_support import serving

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}
NAMES = ("Anna", "Bertil", "Cecilia")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("keep-browser") / "chicago.db"
    with serving(f"sqlite:///{db}", ready="/api/keep/presets") as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    path = Path(os.environ.get("CHICAGO_SCREENSHOTS") or tmp_path)
    path.mkdir(parents=True, exist_ok=True)
    return path


def choice(page: Any, name: str) -> Any:
    return page.locator("#k-choices").get_by_role("button", name=name, exact=True)


def enter(page: Any, e: Entry) -> None:
    """Answer the page's question with the buttons a person would tap."""
    if e.kind == "stage":
        page.locator(f'#k-choices [data-category="{e.category}"]').click()
        if e.category == "none":
            return
        for x in e.seats:
            choice(page, NAMES[x]).click()
        if e.rank is not None:
            choice(page, "234567891JQKA"[e.rank - 2].replace("1", "10")).click()
        page.locator("#k-choices [data-save]").click()
    elif e.kind == "exchange":  # R2.4: one player: no / yes; several: pick, or Nobody
        if not page.locator("#k-choices [data-save]").count():
            if e.seats:
                page.locator(f'#k-choices [data-exchanged="{e.seats[0]}"]').click()
            else:
                page.locator("#k-choices [data-nobody]").click()
            return
        if not e.seats:
            page.locator("#k-choices [data-nobody]").click()
            return
        for x in e.seats:
            choice(page, NAMES[x]).click()
        page.locator("#k-choices [data-save]").click()
    elif e.kind == "quads":
        choice(page, "Take the points" if e.choice == "points" else "Reset the others").click()
    elif e.kind == "chicago":
        if e.seat is None:
            page.locator("#k-choices [data-nobody]").click()
        else:
            choice(page, NAMES[e.seat]).click()
    else:
        assert e.seat is not None
        if e.two:
            choice(page, "With a two").click()
        caller = page_caller(page)
        if caller is not None and e.seat == caller:
            choice(page, f"{NAMES[caller]} took all five").click()
        else:
            choice(page, NAMES[e.seat]).click()
        # picked, not yet sent: saved with Save, as every other answer is
        assert page.locator('#k-choices [data-pick][aria-pressed="true"]').count() == 1
        page.locator("#k-choices [data-save]").click()


def page_caller(page: Any) -> int | None:
    for x, name in enumerate(NAMES):
        if page.locator("#k-choices").get_by_role(
                "button", name=f"{name} took all five", exact=True).count():
            return x
    return None


def page_scores(page: Any) -> list[int]:
    return [int(t) for t in page.locator("#k-scores .keep-score").all_inner_texts()]


def wait_scores(page: Any, scores: tuple[int, ...]) -> None:
    deadline = time.monotonic() + 10
    while page_scores(page) != list(scores):
        assert time.monotonic() < deadline, (page_scores(page), scores)
        time.sleep(0.05)


def wait_version(page: Any, version: int, pad: Pad) -> None:
    """Wait until the page shows the pad after `version` stored operations."""
    page.wait_for_function(
        "v => document.getElementById('keep-app').dataset.version === String(v) "
        "&& document.getElementById('keep-app').getAttribute('aria-busy') !== 'true'",
        arg=version)
    wait_scores(page, pad.state.scores)


def check_phone_fit(page: Any) -> None:
    """One screen at 390×844, every visible control at least 44 px tall and wide."""
    height = page.evaluate("document.scrollingElement.scrollHeight")
    assert height <= PHONE["height"], height
    for box in page.locator("#k-pad button:visible, #k-pad a.btn:visible").all():
        b = box.bounding_box()
        assert b["height"] >= 44 and b["width"] >= 44, b


def test_a_whole_game_on_a_phone(server: str, browser: Any, shots: Path) -> None:
    game = engine_game(HOUSE, 3, 24, "easy")
    oracle = Oracle(game)
    mirror = start(PadSetup(NAMES, game.setup.dealer, HOUSE))
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(server + "/keep")
    page.locator("#k-remove-player").click()
    for i, name in enumerate(NAMES):
        page.fill(f"#k-name-{i}", name)
    page.select_option("#k-dealer", str(game.setup.dealer))
    page.select_option("#k-profile", HOUSE.id)
    page.screenshot(path=str(shots / "keep-start.png"))
    page.locator("#k-new button[type=submit]").click()
    page.wait_for_url("**/keep/*")
    page.wait_for_selector("#k-choices button")
    check_phone_fit(page)
    page.screenshot(path=str(shots / "keep-first-question.png"))

    entries = 0
    ops = 0  # operations stored: entries, undos, corrections
    undone = corrected = False
    while mirror.ask.kind != "over":
        e = oracle.answer(mirror)
        if not undone and e.kind == "stage" and e.category != "none":
            # a wrong entry first, then Undo (R4.2 awards differ, so the scores show it)
            wrong = Entry("stage", e.deal, e.number, (e.seats[0],), "full_house")
            enter(page, wrong)
            ops += 1
            wait_version(page, ops, add(mirror, wrong))
            page.locator("#k-undo").click()
            ops += 1
            wait_version(page, ops, mirror)
            undone = True
        enter(page, e)
        mirror = add(mirror, e)
        ops += 1
        wait_version(page, ops, mirror)
        entries += 1
        if entries == 3:
            page.locator("#k-choices [data-category]").first.wait_for()
            page.locator('#k-choices [data-category="two_pair"]').click()
            check_phone_fit(page)
            page.screenshot(path=str(shots / "keep-stage-players.png"))
            page.get_by_role("button", name="Back", exact=True).click()
        if not corrected and mirror.ask.deal == 3:
            first = next(i for i, line in enumerate(mirror.lines)
                         if line.entry.kind == "stage" and line.entry.category != "none")
            original = mirror.lines[first].entry
            page.locator("#k-entries-btn").click()
            page.screenshot(path=str(shots / "keep-entries.png"))
            page.locator(f'[data-correct="{first}"]').click()
            assert page.locator("#k-correcting").is_visible()
            worse = Entry("stage", original.deal, original.number, original.seats, "one_pair")
            if original.category == "one_pair":
                worse = Entry("stage", original.deal, original.number, original.seats,
                              "two_pair")
            expected = correct(mirror, first, worse)
            assert not expected.dropped
            assert expected.pad.state.scores != mirror.state.scores
            enter(page, worse)
            ops += 1
            wait_version(page, ops, expected.pad)  # every later score recomputed
            assert page.locator("#k-correcting").is_hidden()
            page.screenshot(path=str(shots / "keep-corrected.png"))
            # and back: correct the correction, every later score recomputed
            page.locator("#k-entries-btn").click()
            page.locator(f'[data-correct="{first}"]').click()
            enter(page, original)
            ops += 1
            wait_version(page, ops, mirror)
            corrected = True
    page.wait_for_function("() => document.getElementById('k-deal').textContent"
                           ".startsWith('Game over')")
    assert page_scores(page) == list(game.state.scores)
    assert NAMES[game.state.winner or 0] in page.locator("#k-question").inner_text()
    assert undone and corrected
    page.screenshot(path=str(shots / "keep-over.png"))

    page.locator("#k-sheet-btn").click()
    page.screenshot(path=str(shots / "keep-sheet.png"))
    context.close()


def test_share_link_follows_live_and_is_read_only(server: str, browser: Any,
                                                  shots: Path) -> None:
    owner = browser.new_context(viewport=PHONE, has_touch=True)
    page = owner.new_page()
    page.goto(server + "/keep")
    for i, name in enumerate(("Anna", "Bertil", "Cecilia", "David")):
        page.fill(f"#k-name-{i}", name)
    page.locator("#k-new button[type=submit]").click()
    page.wait_for_selector("#k-choices button")
    page.locator("#k-share-btn").click()
    page.locator("#k-share-new").click()
    page.wait_for_function("() => document.getElementById('k-share-url').value.includes('/')")
    url = page.locator("#k-share-url").input_value()
    page.locator("#k-share [data-close]").click()
    viewer = browser.new_context(viewport=PHONE).new_page()
    viewer.goto(url)
    viewer.wait_for_selector("#k-scores .keep-score")
    assert viewer.locator("#k-choices button").count() == 0
    assert not viewer.locator("#k-bar").is_visible()
    page.locator('#k-choices [data-category="flush"]').click()
    choice(page, "Bertil").click()
    page.locator("#k-choices [data-save]").click()
    deadline = time.monotonic() + 10
    while page_scores(viewer) != [0, 5, 0, 0]:
        assert time.monotonic() < deadline
        time.sleep(0.2)
    viewer.screenshot(path=str(shots / "keep-shared.png"))
    page.locator("#k-share-btn").click()
    # the dialog's field already says "a link is active" when it opens: wait for the DELETE
    with page.expect_response(lambda r: r.request.method == "DELETE" and "/share" in r.url):
        page.locator("#k-share-stop").click()
    page.wait_for_function(
        "() => !document.getElementById('k-share-url').value.includes('/keep/shared/')")
    with urllib.request.urlopen(server + "/api/keep/presets") as r:
        assert r.status == 200
    gone = url.replace("/keep/shared/", "/api/keep/shared/")
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(gone)
    assert caught.value.code == 404
    owner.close()


def test_the_pad_on_a_laptop_by_keyboard(server: str, browser: Any, shots: Path) -> None:
    """1280×720, keyboard only: tab to a category, Enter, a player, Save."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(server + "/keep")
    for i, name in enumerate(("Anna", "Bertil", "Cecilia", "David")):
        page.fill(f"#k-name-{i}", name)
    page.locator("#k-new button[type=submit]").click()
    page.wait_for_selector("#k-choices button")
    page.locator('#k-choices [data-category="three_of_a_kind"]').focus()
    page.keyboard.press("Enter")
    page.locator("#k-choices").get_by_role("button", name="Cecilia", exact=True).focus()
    page.keyboard.press("Enter")
    page.locator("#k-choices [data-save]").focus()
    page.keyboard.press("Enter")
    wait_scores(page, (0, 0, 3, 0))
    assert page.evaluate("document.scrollingElement.scrollHeight") <= 720
    page.screenshot(path=str(shots / "keep-laptop.png"))
    context.close()


def test_the_pad_in_swedish(server: str, browser: Any, shots: Path) -> None:
    """The browser's language picks the words: the server's and the page script's (t())."""
    context = browser.new_context(viewport=PHONE, has_touch=True, locale="sv-SE")
    page = context.new_page()
    page.goto(server + "/keep")
    assert page.locator("#k-home-title").inner_text() == "Poängprotokoll"
    for i, name in enumerate(("Anna", "Bertil", "Cecilia", "David")):
        page.fill(f"#k-name-{i}", name)
    page.locator("#k-new button[type=submit]").click()
    page.wait_for_selector("#k-choices button")
    assert page.locator("#k-question").inner_text() == "Bästa handen efter första bytet?"
    page.locator('#k-choices [data-category="full_house"]').click()
    assert page.locator("#k-choices").get_by_role("button", name="Spara").count() == 1
    choice(page, "David").click()
    page.locator("#k-choices [data-save]").click()
    wait_scores(page, (0, 0, 0, 6))
    assert "David får 6 för bästa handen (nu 6)." in page.locator("#k-now").inner_text()
    assert page.locator("#k-save").inner_text() == "Sparat"
    check_phone_fit(page)
    page.screenshot(path=str(shots / "keep-swedish.png"))
    context.close()


def test_a_correction_that_would_drop_entries_on_a_phone(server: str, browser: Any,
                                                         shots: Path) -> None:
    """R4.4: correcting the first hand to a straight flush ends the game; the page names the
    entry that would go, Cancel (and Escape) leave the correction with nothing changed. The
    site menu keeps every page in reach and the bar's labels clear their buttons' edges;
    classic (§X) asks no two and shows no qualification, and an impossible tie is refused
    with its reason (R3.3)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, locale="sv-SE")
    page = context.new_page()
    page.goto(server + "/keep")
    for i, name in enumerate(("Anna", "Bertil", "Cecilia", "David")):
        page.fill(f"#k-name-{i}", name)
    page.locator("#k-new button[type=submit]").click()
    page.wait_for_selector("#k-choices button")
    nav = page.locator(".site-nav a:visible")
    assert nav.count() >= 5, nav.all_inner_texts()
    for link in nav.all():
        b = link.bounding_box()
        assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] + 1
    for button in page.locator("#k-bar .btn").all():  # the label inside, with room
        room = button.evaluate(
            "b => { const r = document.createRange(); r.selectNodeContents(b);"
            " const t = r.getBoundingClientRect(), o = b.getBoundingClientRect();"
            " return Math.min(t.left - o.left, o.right - t.right); }")
        assert room >= 4, (button.inner_text(), room)
    # R3.3: no two players can hold the same three of a kind, so none is offered: a second
    # tap moves the pick (one pressed) and the question offers no tie
    page.locator('#k-choices [data-category="three_of_a_kind"]').click()
    assert page.locator(".keep-step").first.inner_text() == "Triss: vem hade den?"
    choice(page, "Anna").click()
    choice(page, "Bertil").click()
    assert page.locator('#k-choices [aria-pressed="true"]').all_inner_texts() == ["Bertil"]
    page.get_by_role("button", name="Tillbaka", exact=True).click()
    # two can hold the same pair, three cannot: refused in the site's error style, at once
    page.locator('#k-choices [data-category="one_pair"]').click()
    assert "Tryck på två om det var exakt lika" in page.locator(".keep-step").first.inner_text()
    for who in ("Anna", "Bertil", "Cecilia"):
        choice(page, who).click()
    page.locator("#k-choices [data-save]").click()
    page.wait_for_selector("#k-notice:visible")
    refusal = page.locator("#k-notice")
    assert "det kräver 6 kort av en valör" in refusal.inner_text()
    assert refusal.get_attribute("role") == "alert"
    assert refusal.evaluate("e => getComputedStyle(e).color") == "rgb(179, 38, 30)"  # --danger
    box = refusal.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]  # in view
    page.screenshot(path=str(shots / "keep-refusal-390x844.png"))
    page.set_viewport_size({"width": 1280, "height": 720})
    page.screenshot(path=str(shots / "keep-refusal-1280x720.png"))
    page.set_viewport_size(PHONE)
    page.get_by_role("button", name="Tillbaka", exact=True).click()
    for category, who in (("flush", "Anna"), ("straight", "Bertil")):
        page.locator(f'#k-choices [data-category="{category}"]').click()
        choice(page, who).click()
        page.locator("#k-choices [data-save]").click()
        page.wait_for_function("() => document.getElementById('keep-app')"
                               ".getAttribute('aria-busy') !== 'true'")
        time.sleep(0.1)
    wait_scores(page, (5, 4, 0, 0))
    page.screenshot(path=str(shots / "keep-phone-menu.png"))
    page.locator("#k-entries-btn").click()
    page.locator('[data-correct="0"]').click()
    page.locator('#k-choices [data-category="straight_flush"]').click()
    choice(page, "Bertil").click()
    page.locator("#k-choices [data-save]").click()
    page.wait_for_selector("[data-cancel-drop]")
    assert page.locator(".keep-dropping li").all_inner_texts() == [
        "Bästa handen efter andra bytet: Bertil, stege."]
    page.screenshot(path=str(shots / "keep-dropping.png"))
    page.locator("[data-cancel-drop]").click()
    assert page.locator("#k-correcting").is_hidden() and page.locator("#k-notice").is_hidden()
    wait_scores(page, (5, 4, 0, 0))
    page.locator("#k-entries-btn").click()
    page.locator('[data-correct="0"]').click()
    assert page.locator("#k-correcting").is_visible()
    page.keyboard.press("Escape")
    assert page.locator("#k-correcting").is_hidden()
    wait_scores(page, (5, 4, 0, 0))
    context.close()
