"""Whole games in a real browser (Debian's Chromium driven by Playwright), on a phone and on
a laptop screen.

The server runs in a subprocess (uvicorn on a free loopback port, a temporary SQLite file).
Each test makes a seeded 4-seat game with easy opponents from the lobby form and plays it
through the page only: on a 390×844 phone by keys alone, on a 1280×720 screen by mouse. At
every decision the page must fit the screen (no page scrolling; the hand, the buttons, the
turn prompt and the save status in view; on the phone every target at least 44 px), the
Chicago question must focus Pass, and by keyboard the focus must be visible. The wait
between the player's decisions is measured inside the page and printed, never asserted (the
figures belong in the notes, not in a pass/fail). Screenshots go to $CHICAGO_SCREENSHOTS if
set, else the test's temporary directory.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    SNAPSHOT,
    Player,
    assert_fits,
    axe_problems,
    csrf_of,
    more_choices,
    needs_chromium,
    new_page,
    pace_line,
    waits,
)

pytestmark = needs_chromium

SEED = 4242
NAMES = ["You", "Astrid", "Bengt", "Cissi"]
WIN_LINE = re.compile(
    r"^(You win|(Astrid|Bengt|Cissi) wins) the game by (reaching the target|a straight flush"
    r"|a royal flush|being the last player left)\.$"
)
"""The server's sentence of the game's end, for every reason (R8)."""
LOG_PARTS = """() => [...document.querySelectorAll('#log li:not(.log-history)')].map((li) =>
  [...li.childNodes].map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent
    : { card: n.dataset.card, role: n.getAttribute('role'),
        label: n.getAttribute('aria-label') })))"""


def start_game(page: Any, server: str, seats: int = 4) -> None:
    page.goto(server + "/")
    more_choices(page)
    page.select_option("#seats", str(seats))
    page.select_option("#level", "easy")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_url("**/games/*")


def check_result(page: Any) -> str:
    """The result screen: a winner's sentence, every final score, the seed; the server agrees."""
    result = page.locator("#result")
    assert result.is_visible()
    line = result.locator("#result-winner").inner_text()
    assert WIN_LINE.match(line), line  # R8: a sentence for every reason
    final = result.locator("#final-scores li")
    assert final.count() == 4
    shown = [final.nth(i).inner_text() for i in range(4)]
    assert {row.split()[0] for row in shown} == set(NAMES)
    assert f"Seed {SEED}" in result.locator("#result-seed").inner_text()
    box = page.evaluate("""() => {
      const r = document.querySelector('.result-card').getBoundingClientRect();
      return [r.top, r.bottom, innerHeight, document.documentElement.scrollHeight]; }""")
    assert box[0] >= 0 and box[1] <= box[2] and box[3] <= box[2], box
    table = page.evaluate(
        "async () => (await fetch(location.pathname.replace('/games/', '/api/games/'))).json()"
    )
    assert table["status"] == "finished"
    assert line.startswith(NAMES[table["winner"]])
    for row in shown:
        seat = NAMES.index(row.split()[0])
        assert f"{table['view']['scores'][seat]} point" in row, row
    return line


def test_a_whole_game_on_a_phone_by_keys_alone(server: str, browser: Any, shots: Path) -> None:
    context, page, errors = new_page(browser, 390, 844)
    start_game(page, server)
    player = Player(page, keyboard=True, touch=True)
    player.settle()
    page.screenshot(path=str(shots / "phone-table.png"))

    # The scores, chart and log are a drawer on the phone: it opens, fits, and Esc shuts it.
    page.click("#side-btn")
    page.wait_for_function(
        "() => document.getElementById('side').getBoundingClientRect().left >= 0"
    )
    page.wait_for_timeout(250)
    side = page.evaluate(
        "(() => { const r = document.getElementById('side').getBoundingClientRect();"
        " return [r.left, r.right, innerWidth]; })()"
    )
    assert side[0] >= 0 and side[1] <= side[2], side
    assert page.locator("#scoreboard li").count() == 4
    page.screenshot(path=str(shots / "phone-drawer.png"))
    page.keyboard.press("Escape")
    page.wait_for_function(
        "() => getComputedStyle(document.getElementById('side')).visibility === 'hidden'"
    )
    page.focus("#hand .card-btn")  # back to the table, as a keyboard player would tab there

    player.play()
    line = check_result(page)
    page.screenshot(path=str(shots / "phone-result.png"))
    counts = player.counts
    assert counts["plays"] >= 5 and counts["exchanges"] >= 3, counts
    print(f"\n{pace_line('fast speed, 390x844, keys', waits(page))}; {line} {dict(counts)}")
    assert not errors, errors
    context.close()


def test_a_whole_game_on_a_laptop_by_mouse(server: str, browser: Any, shots: Path) -> None:
    context, page, errors = new_page(browser, 1280, 720)
    start_game(page, server)
    player = Player(page, keyboard=False)
    player.settle()
    page.screenshot(path=str(shots / "laptop-table.png"))
    recap_checked = False
    while True:
        snap = player.settle()
        if snap["recapButton"] and not recap_checked:
            # The end-of-deal recap: the awards and the tricks of the deal just finished.
            page.click("#recap-btn")
            recap = page.locator("#recap")
            assert recap.is_visible()
            assert "Awards" in recap.inner_text()
            assert recap.locator(".trick-list li, .recap-awards li").count() >= 1
            page.keyboard.press("Escape")
            recap_checked = True
            continue
        if not player.act(snap):
            break
    line = check_result(page)
    page.screenshot(path=str(shots / "laptop-result.png"))
    assert axe_problems(page, "the result screen") == []
    # One narrator: the log shows the server's sentences (log_narration, the last deal's
    # story) word for word, each card drawn as a chip named in words for a screen reader.
    table = page.evaluate(
        "async () => (await fetch(location.pathname.replace('/games/', '/api/games/'))).json()"
    )
    told = [t for t in table["log_narration"] if t]
    shown = page.evaluate(LOG_PARTS)[-len(told):]
    drawn = [[p if isinstance(p, str) else {"card": p["card"]} for p in li] for li in shown]
    assert drawn == told
    chips = [p for li in shown for p in li if not isinstance(p, str)]
    assert chips and all(p["role"] == "img" and re.fullmatch(
        r"(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of "
        r"(clubs|diamonds|hearts|spades)", p["label"]) for p in chips), chips[:3]
    counts = player.counts
    assert recap_checked
    assert counts["offers"] >= 1 and counts["plays"] >= 5, counts
    print(f"\n{pace_line('fast speed, 1280x720, mouse', waits(page))}; {line} {dict(counts)}")
    assert not errors, errors
    context.close()


def test_the_default_speed_and_its_markers(server: str, browser: Any) -> None:
    """Two deals' worth of decisions at the default speed on a phone: the waits are printed.
    Every "+3" / "↻ 2" marker shown keeps clear of every seat's name and score, and an
    opponent's open offer is shown as a card at least as wide as a third of the table's."""
    context, page, errors = new_page(browser, 390, 844, speed="normal")
    context.add_init_script(MARKER_WATCH)
    start_game(page, server)
    player = Player(page, keyboard=False, touch=True)
    player.play(limit=16)
    print(f"\n{pace_line('default speed, 390x844, first 16 decisions', waits(page))}")
    seen = page.evaluate("() => window.__markers")
    assert seen["floats"] > 0, seen
    assert seen["overlaps"] == [], seen
    assert all(w >= 56 for w in seen["offers"]), seen
    assert not errors, errors
    context.close()


# In the page: each marker, once drawn, against every seat's name and score; offers' widths.
MARKER_WATCH = """
window.__markers = { floats: 0, overlaps: [], offers: [] };
const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
new MutationObserver((records) => {
  for (const r of records) for (const node of r.addedNodes) {
    if (!(node instanceof Element)) continue;
    for (const f of [node, ...node.querySelectorAll('.float')]) {
      if (!f.classList.contains('float')) continue;
      window.__markers.floats += 1;
      requestAnimationFrame(() => {
        if (!f.isConnected) return;
        const box = f.getBoundingClientRect();
        for (const label of document.querySelectorAll('.seat-name, .seat-score')) {
          if (hit(box, label.getBoundingClientRect())) {
            window.__markers.overlaps.push(`${f.textContent} over ${label.textContent}`);
          }
        }
      });
    }
    if (node.classList.contains('offered')) {
      requestAnimationFrame(() => {
        window.__markers.offers.push(node.querySelector('.card').getBoundingClientRect().width);
      });
    }
  }
}).observe(document, { subtree: true, childList: true });
"""


def test_a_key_or_a_click_finishes_the_animation_at_once(server: str, browser: Any) -> None:
    """With the page's clock stopped, the others' moves could never end by themselves: a
    click on the hand, then a key, finishes them and hands the table back to the player."""
    context, page, errors = new_page(browser, 390, 844, speed="normal")
    page.clock.install()
    start_game(page, server)
    player = Player(page, keyboard=True, touch=True)
    for finish in ("click", "key"):
        player.settle()
        now = page.evaluate("() => Date.now()") / 1000
        page.clock.pause_at(datetime.fromtimestamp(now + 1, tz=UTC))
        player.press("k")  # keep all five: the others' exchanges follow
        page.locator("#skip").wait_for()
        assert page.evaluate("() => document.getElementById('table-app').dataset.state") == "busy"
        if finish == "click":
            page.locator("#hand .card-btn").first.click(force=True)  # an idle card, clicked
        else:
            player.press("x")
        page.wait_for_selector('#table-app[data-state="ready"]', timeout=5000)
        assert page.locator("#skip").is_hidden()
        page.clock.resume()
    assert page.evaluate(LOG_TEXT).count("You keep all five cards.") == 2
    assert not errors, errors
    context.close()


LOG_TEXT = "() => [...document.querySelectorAll('#log li')].map((li) => li.textContent)"


def test_phone_width_pages_fit(server: str, browser: Any, shots: Path) -> None:
    """At 360 px nothing scrolls sideways, and the table's seats, hand and controls fit."""
    context, page, errors = new_page(browser, 360, 740)
    overflow = "() => document.documentElement.scrollWidth - window.innerWidth"
    for path in ["/", "/rules", "/privacy", "/signin", "/signup"]:
        page.goto(server + path)
        assert page.evaluate(overflow) <= 0, path
    start_game(page, server, seats=6)
    Player(page, keyboard=False).settle()
    assert_fits(page, "six seats at 360x740", touch=True)
    boxes = page.evaluate("""() => {
      const felt = document.getElementById('felt').getBoundingClientRect();
      const inside = (r) => r.left >= felt.left - 1 && r.right <= felt.right + 1
        && r.top >= felt.top - 1 && r.bottom <= felt.bottom + 1;
      return [...document.querySelectorAll('.seat')].map((s) => inside(s.getBoundingClientRect()));
    }""")
    assert boxes == [True] * 6
    page.screenshot(path=str(shots / "phone-six.png"))
    assert not errors, errors
    context.close()


def test_the_recap_can_go_on_by_itself(server: str, browser: Any) -> None:
    """With "go on after 4 seconds", a deal's recap counts down and closes without a key."""
    context, page, errors = new_page(browser, 1280, 720)
    context.add_init_script("localStorage.setItem('chicago.recapAuto', '4')")
    start_game(page, server)
    player = Player(page, keyboard=True)
    for _ in range(60):
        page.wait_for_function(
            "() => document.getElementById('table-app').dataset.state === 'ready'"
            " || document.getElementById('recap').open"
        )
        if page.evaluate("() => document.getElementById('recap').open"):
            break
        player.act(page.evaluate(SNAPSHOT))
    else:
        raise AssertionError("no deal ended within 60 decisions")
    assert re.search(r"Next deal \(\d s\)", page.locator("#recap-close").inner_text())
    page.wait_for_function("() => !document.getElementById('recap').open", timeout=8000)
    player.settle()
    assert page.locator("#recap-btn").is_visible()
    assert not errors, errors
    context.close()


@pytest.mark.parametrize(
    "size",
    [(1920, 1080), (800, 600), (844, 390)],
    ids=["1920x1080", "800x600", "phone-on-its-side"],
)
def test_other_screens_fit(server: str, browser: Any, shots: Path, size: tuple[int, int]) -> None:
    """A big screen, a small laptop and a phone on its side: nothing scrolls and the decision
    is in view; on the big screen the side panel stands beside a large table."""
    context, page, errors = new_page(browser, *size)
    start_game(page, server)
    Player(page, keyboard=False).settle()
    assert_fits(page, f"{size}")
    side = page.evaluate("""() => {
      const s = document.getElementById('side').getBoundingClientRect();
      const f = document.getElementById('felt').getBoundingClientRect();
      return [s.left >= f.right, s.right <= innerWidth, f.height];
    }""")
    if size[0] >= 1000:
        assert side[0] and side[1] and side[2] >= 500, side
    page.screenshot(path=str(shots / f"table-{size[0]}x{size[1]}.png"))
    assert not errors, errors
    context.close()


def _first_frame_probe(context: Any) -> None:
    """Inside the page: the closed drawer's state when the first frame is drawn."""
    context.add_init_script("""requestAnimationFrame(function look() {
      const app = document.getElementById('table-app');
      if (!app || app.dataset.state !== 'ready') { requestAnimationFrame(look); return; }
      window.__firstFrame = { log: document.querySelectorAll('#log li').length,
        scores: document.querySelectorAll('#scoreboard li').length,
        side: getComputedStyle(document.getElementById('side')).contentVisibility };
    });""")


def test_a_phones_shut_drawer_is_filled_after_the_first_frame(server: str, browser: Any) -> None:
    """On a phone the first frame draws the hand and the decision, not the shut
    drawer (not rendered: content-visibility), whose scores and log come just after it,
    there before it is opened, and drawn when it opens."""
    context, page, errors = new_page(browser, 390, 844)
    _first_frame_probe(context)
    start_game(page, server)
    Player(page, keyboard=False).settle()
    page.reload()  # the page with its first state in it, as a second visit
    page.wait_for_function("() => window.__firstFrame")
    first = page.evaluate("() => window.__firstFrame")
    assert first["side"] == "hidden" and first["scores"] == 0, first
    page.wait_for_function("() => document.querySelectorAll('#log li').length > 0")
    assert page.locator("#scoreboard li").count() == 4
    page.click("#side-btn")
    assert page.evaluate(
        "() => getComputedStyle(document.getElementById('side')).contentVisibility"
    ) == "visible"
    assert page.locator("#log li").last.is_visible()
    assert not errors, errors
    context.close()


def test_going_back_to_a_table_shows_the_servers_state(server: str, browser: Any) -> None:
    """The table page is kept by the browser and revalidated; a copy shown again
    without asking (back in the history) never shows a state the server has moved on from."""
    context, page, errors = new_page(browser, 1280, 720)
    start_game(page, server)
    Player(page, keyboard=False).settle()
    shown = int(page.get_attribute("#table-app", "data-version") or "-1")
    api = page.url.replace("/games/", "/api/games/")
    csrf = csrf_of(context)
    hint = page.request.get(api + "/hint").json()
    moved = page.request.post(api + "/actions", data={"version": shown,
                                                     "action": hint["action"]},
                              headers={"X-CSRF-Token": csrf})
    assert moved.status == 200, moved.text()
    now = moved.json()["version"]
    assert now > shown
    page.goto(server + "/rules")
    page.go_back()
    page.wait_for_function("""(v) => { const app = document.getElementById('table-app');
      return app && app.dataset.state === 'ready' && !document.body.hidden
        && app.dataset.version === String(v); }""", arg=now)
    assert not errors, errors
    context.close()
