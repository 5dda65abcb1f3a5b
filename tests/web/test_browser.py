"""A whole game played in a real browser (Debian's Chromium driven by Playwright).

The server runs in a subprocess (uvicorn on a free loopback port, a temporary SQLite file).
The test makes a seeded game with easy opponents from the lobby form, then plays it to the
end through the page only: selecting discards by clicking cards (sometimes exactly one card,
so that open offers come up and are answered), exchanging, answering the Chicago and
four-of-a-kind questions when they come, and playing tricks by clicking the highlighted legal
cards, with the fast speed setting and the Skip button. It checks the result screen (winner
and final scores) and saves a screenshot of the table and one of the result screen.
Screenshots go to $CHICAGO_SCREENSHOTS if set, else the test's temporary directory.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SEED = 4242
TIME_LIMIT = 300.0  # seconds for the whole game; it normally takes one to two minutes

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Debian's chromium at /usr/bin/chromium (apt-get install -y chromium)",
)

SERVER = """
import sys, uvicorn
from chicago.web.app import create_app
uvicorn.run(create_app(sys.argv[2]), host="127.0.0.1", port=int(sys.argv[1]),
            log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("browser") / "chicago.db"
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(port), f"sqlite:///{db}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(base + "/api/auth/me", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    out = proc.stdout.read().decode() if proc.stdout else ""
                    pytest.fail(f"the server did not start:\n{out}")
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    where = os.environ.get("CHICAGO_SCREENSHOTS")
    path = Path(where) if where else tmp_path
    path.mkdir(parents=True, exist_ok=True)
    return path


RANKS = "23456789TJQKA"


def discard_choice(hand: list[str], turn: int, allowed: set[int]) -> list[str]:
    """Which cards to throw: every other exchange exactly one (for the open offer), else the
    low cards that pair with nothing, up to the most allowed."""
    counts = Counter(c[0] for c in hand)
    singles = sorted((c for c in hand if counts[c[0]] == 1), key=lambda c: RANKS.index(c[0]))
    if not singles:
        singles = sorted(hand, key=lambda c: RANKS.index(c[0]))
    want = 1 if turn % 2 == 0 else min(3, len(singles))
    for n in sorted(allowed, key=lambda k: abs(k - want)):
        if 0 < n <= len(hand):
            pool = singles if n <= len(singles) else sorted(hand, key=lambda c: RANKS.index(c[0]))
            return pool[:n]
    return []


SNAPSHOT = """() => {
  const q = (s) => document.querySelector(s);
  const ids = ['do-exchange', 'keep-all', 'offer-keep', 'offer-decline', 'chicago-call',
               'chicago-pass', 'quads-points', 'quads-reset', 'show-result'];
  const exchange = q('#do-exchange');
  return {
    state: q('#table-app').dataset.state || '',
    recap: Boolean(q('#recap[open]')),
    confirm: Boolean(q('#confirm[open]')),
    skip: !q('#skip').hidden,
    recapButton: !q('#recap-btn').hidden,
    result: !q('#result').hidden,
    controls: ids.filter((id) => document.getElementById(id)),
    counts: exchange ? exchange.dataset.counts : '',
    hand: [...document.querySelectorAll('#hand .card-btn')].map((b) => ({
      card: b.dataset.card, playable: b.classList.contains('playable'),
      disabled: b.disabled || b.getAttribute('aria-disabled') === 'true',
    })),
    text: q('#controls').innerText,
  };
}"""


def settle(page: Any, deadline: float, use_skip: bool, counts: Counter[str]) -> dict[str, Any]:
    """Wait until the table is ready for seat 0 (skipping animations, closing deal recaps)."""
    while True:
        assert time.monotonic() < deadline, "the game took too long"
        snap: dict[str, Any] = page.evaluate(SNAPSHOT)
        if snap["recap"]:
            counts["recaps"] += 1
            page.keyboard.press("Enter")  # the recap's "Next deal" button has the focus
        elif snap["state"] == "ready":
            return snap
        elif use_skip and snap["skip"]:
            # The Skip button, or its keys (S, Esc) once it has been clicked a few times.
            if counts["skips"] < 3:
                # (the animation may end before the click: then there is nothing to skip)
                with contextlib.suppress(Exception):
                    page.locator("#skip").click(timeout=1000)
            else:
                page.keyboard.press("Escape")
            counts["skips"] += 1
        page.wait_for_timeout(30)


def test_a_whole_game_in_the_browser(server: str, browser: Any, shots: Path) -> None:
    started = time.monotonic()
    deadline = started + TIME_LIMIT
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

    # The lobby: a seeded game, three players, easy opponents.
    page.goto(server + "/")
    page.select_option("#seats", "3")
    page.select_option("#level", "easy")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_url("**/games/*")
    page.wait_for_selector('#table-app[data-state="ready"]')
    assert page.locator("#save-status").inner_text().strip().endswith("Saved")
    page.select_option("#speed", "fast")

    counts: Counter[str] = Counter()
    turn = 0
    table_shot = False
    while True:
        use_skip = counts["actions"] >= 2  # watch the first animations at fast speed
        snap = settle(page, deadline, use_skip, counts)
        if snap["result"]:
            break
        assert page.locator("#save-status").inner_text().strip().endswith("Saved")
        if snap["recapButton"] and not counts["recap_checked"]:
            # The end-of-deal recap: the awards and the tricks of the deal just finished.
            page.click("#recap-btn")
            recap = page.locator("#recap")
            assert recap.is_visible()
            assert "Awards" in recap.inner_text()
            assert recap.locator(".trick-list li, .recap-awards li").count() >= 1
            page.keyboard.press("Escape")
            counts["recap_checked"] += 1
        controls = set(snap["controls"])
        hand = [c["card"] for c in snap["hand"]]
        if "do-exchange" in controls:
            allowed = {int(n) for n in snap["counts"].split(",") if n}
            if turn % 5 == 4 and "keep-all" in controls:
                page.click("#keep-all")
                counts["keep_all"] += 1
            else:
                chosen = discard_choice(hand, turn, allowed)
                for card in chosen:
                    page.click(f'#hand .card-btn[data-card="{card}"]')
                assert page.locator("#hand .card-btn.selected").count() == len(chosen)
                if not table_shot:
                    page.screenshot(path=str(shots / "table.png"), full_page=True)
                    table_shot = True
                page.click("#do-exchange")
                if page.locator("#confirm[open]").count():  # R2.4: 45+ resets to 0
                    assert "reset" in page.locator("#confirm-text").inner_text()
                    page.click("#confirm-yes")
                    counts["reset_confirmed"] += 1
                counts["exchanges"] += 1
            turn += 1
        elif "offer-keep" in controls:
            assert page.locator("#controls .offer-card .card").count() == 1
            page.click("#offer-keep" if counts["offers"] % 2 == 0 else "#offer-decline")
            counts["offers"] += 1
        elif "chicago-call" in controls:
            assert "+15" in snap["text"]
            page.click("#chicago-call" if counts["chicago"] == 0 else "#chicago-pass")
            counts["chicago"] += 1
        elif "quads-points" in controls:
            page.click("#quads-points")
            counts["quads"] += 1
        elif any(c["playable"] for c in snap["hand"]):
            assert all(c["disabled"] for c in snap["hand"] if not c["playable"])
            card = next(c["card"] for c in snap["hand"] if c["playable"])
            if counts["plays"] % 3 == 1:  # by keyboard: the card's number
                page.keyboard.press(str(hand.index(card) + 1))
            else:
                page.click(f'#hand .card-btn[data-card="{card}"]')
            counts["plays"] += 1
        elif "show-result" in controls:
            page.click("#show-result")
            continue
        else:
            pytest.fail(f"no decision offered and the game is not over: {snap['text']!r}")
        counts["actions"] += 1

    # The result screen: the winner and every final score.
    result = page.locator("#result")
    winner_line = result.locator("#result-winner").inner_text()
    assert "win" in winner_line
    final = result.locator("#final-scores li")
    assert final.count() == 3
    names = {"You", "Astrid", "Bengt"}
    shown = [final.nth(i).inner_text() for i in range(3)]
    assert {line.split()[0] for line in shown} == names
    assert all("point" in line for line in shown)
    assert any(name in winner_line for name in ("You", "Astrid", "Bengt"))
    assert result.locator("#new-game").is_visible()
    assert result.locator("#result-export").is_visible()
    assert "Seed 4242" in result.locator("#result-seed").inner_text()
    page.screenshot(path=str(shots / "result.png"), full_page=False)

    # The server agrees with the page.
    table = page.evaluate(
        "async () => (await fetch(location.pathname.replace('/games/', '/api/games/'))).json()"
    )
    assert table["status"] == "finished"
    winner_name = ["You", "Astrid", "Bengt"][table["winner"]]
    assert winner_line.startswith(winner_name)
    for i, line in enumerate(shown):
        seat = ["You", "Astrid", "Bengt"].index(line.split()[0])
        assert f"{table['view']['scores'][seat]} point" in line, (i, line)

    assert counts["recap_checked"] == 1, counts
    assert counts["offers"] >= 1, counts
    assert counts["plays"] >= 5, counts
    assert not errors, errors
    elapsed = time.monotonic() - started
    print(f"\nwhole game in the browser: {elapsed:.1f}s, {dict(counts)}; screenshots in {shots}")
    context.close()


def test_phone_width_pages_fit(server: str, browser: Any, shots: Path) -> None:
    """At 360 px nothing scrolls sideways, and the table's seats, hand and controls fit."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    overflow = "() => document.documentElement.scrollWidth - window.innerWidth"
    for path in ["/", "/rules", "/privacy", "/signin", "/signup"]:
        page.goto(server + path)
        assert page.evaluate(overflow) <= 0, path
    page.goto(server + "/")
    page.select_option("#seats", "6")
    page.select_option("#level", "easy")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_selector('#table-app[data-state="ready"]')
    assert page.evaluate(overflow) <= 0
    boxes = page.evaluate("""() => {
      const felt = document.getElementById('felt').getBoundingClientRect();
      const inside = (r) => r.left >= felt.left - 1 && r.right <= felt.right + 1
        && r.top >= felt.top - 1 && r.bottom <= felt.bottom + 1;
      return {
        seats: [...document.querySelectorAll('.seat')]
          .map((s) => inside(s.getBoundingClientRect())),
        cards: [...document.querySelectorAll('#hand .card-btn')].map((b) => {
          const r = b.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth && r.width >= 48;
        }),
      };
    }""")
    assert boxes["seats"] == [True] * 6
    assert boxes["cards"] and all(boxes["cards"])
    page.screenshot(path=str(shots / "phone.png"), full_page=True)
    assert not errors, errors
    context.close()
