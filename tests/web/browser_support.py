"""What the browser tests share (their fixtures are in conftest.py): Debian's Chromium
driven by Playwright, and a player that drives the table page through a whole game.

The player answers every decision through the page only (mouse clicks, or keys alone), and
at every decision checks that the page fits the screen: no page scrolling, and the hand,
the decision buttons, the turn prompt and the save status inside the viewport. It records,
inside the page, when each move was sent and when the table was ready for the next one, so
the wait between two decisions is measured without the test's own overhead.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
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
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="needs Debian's chromium at /usr/bin/chromium (apt-get install -y chromium)",
)


def csrf_of(context: Any) -> str:
    """The CSRF token a browser context holds (its cookie), for a request sent beside the
    page's own."""
    token: str = next(c["value"] for c in context.cookies() if c["name"] == "chicago_csrf")
    return token


def api(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A request from inside the page, with its cookies and its CSRF token in the header:
    {status, body} as the page received them."""
    return page.evaluate(
        """async ([method, path, body]) => {
             const csrf = (document.cookie.match(/chicago_csrf=([^;]*)/) || [])[1] || '';
             const r = await fetch(path, {method, credentials: 'same-origin',
               headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
               body: body === null ? undefined : JSON.stringify(body)});
             return {status: r.status, body: await r.text()}; }""",
        [method, path, body],
    )


def more_choices(page: Any) -> None:
    """Open the lobby's "More choices" (players, levels, rules, seed), as a player does."""
    if page.get_attribute("#more-choices", "open") is None:
        page.click("#more-choices > summary")


def new_page(
    browser: Any, width: int, height: int, speed: str = "fast"
) -> tuple[Any, Any, list[str]]:
    """A fresh context at a viewport size, with the table speed set and the pacing recorder
    installed; returns the context, the page and the list collecting page errors."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(PACE_RECORDER.replace("SPEED", speed))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return context, page, errors


# Inside the page: when a move is sent, when the table is ready again, when a recap is open.
PACE_RECORDER = """
try { localStorage.setItem('chicago.speed', 'SPEED'); } catch (_) {}
window.__pace = [];
const sendFetch = window.fetch;
window.fetch = function (input, init) {
  if (init && init.method === 'POST' && String(input).endsWith('/actions')) {
    window.__pace.push(['post', performance.now()]);
  }
  return sendFetch.apply(this, arguments);
};
new MutationObserver((records) => {
  for (const r of records) {
    const node = r.target;
    const ready = node.dataset && node.dataset.state === 'ready';
    if (node.id === 'table-app' && r.attributeName === 'data-state' && ready) {
      window.__pace.push(['ready', performance.now()]);
    }
    if (node.id === 'recap' && r.attributeName === 'open') {
      window.__pace.push([node.open ? 'recap-open' : 'recap-closed', performance.now()]);
    }
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state', 'open'] });
"""


def waits(page: Any) -> list[float]:
    """Seconds from each move sent to the table ready for the next one, less the time a
    deal's recap stood open waiting for the player (the player's own time)."""
    marks: list[list[Any]] = page.evaluate("window.__pace")
    out: list[float] = []
    sent: float | None = None
    recap_from: float | None = None
    recap_total = 0.0
    for kind, at in marks:
        if kind == "post" and sent is None:
            sent, recap_total = at, 0.0
        elif kind == "recap-open" and sent is not None:
            recap_from = at
        elif kind == "recap-closed" and recap_from is not None:
            recap_total += at - recap_from
            recap_from = None
        elif kind == "ready" and sent is not None:
            out.append((at - sent - recap_total) / 1000)
            sent = None
    return out


def pace_line(label: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{label}: no waits measured"
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{label}: {len(seconds)} waits between decisions, "
        f"median {statistics.median(seconds):.3f} s, p90 {p90:.3f} s, "
        f"mean {statistics.fmean(seconds):.3f} s, max {max(seconds):.3f} s"
    )


SNAPSHOT = """() => {
  const q = (s) => document.querySelector(s);
  const ids = ['do-exchange', 'keep-all', 'offer-keep', 'offer-decline', 'chicago-call',
               'chicago-pass', 'quads-points', 'quads-reset', 'show-result'];
  const exchange = q('#do-exchange');
  return {
    state: q('#table-app').dataset.state || '',
    recap: Boolean(q('#recap[open]')),
    confirm: Boolean(q('#confirm[open]')),
    recapButton: !q('#recap-btn').hidden,
    result: !q('#result').hidden,
    controls: ids.filter((id) => document.getElementById(id)),
    counts: exchange ? exchange.dataset.counts : '',
    hand: [...document.querySelectorAll('#hand .card-btn')].map((b) => ({
      card: b.dataset.card, playable: b.classList.contains('playable'),
      disabled: b.disabled || b.getAttribute('aria-disabled') === 'true',
    })),
    text: q('#controls').innerText,
    save: q('#save-status').innerText,
  };
}"""

# Everything the player needs at a decision, and whether it lies inside the viewport.
FIT = """() => {
  const W = window.innerWidth, H = window.innerHeight;
  const inside = (node) => {
    if (!node) return 'missing';
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height) return 'not shown';
    return r.left >= -0.5 && r.top >= -0.5 && r.right <= W + 0.5 && r.bottom <= H + 0.5
      ? 'ok' : `outside: ${[r.left, r.top, r.right, r.bottom].map(Math.round)} of ${W}x${H}`;
  };
  const out = {
    scroll: [document.documentElement.scrollWidth - W, document.documentElement.scrollHeight - H],
    save: inside(document.getElementById('save-status')),
    prompt: inside(document.querySelector('#controls .ask')),
    buttons: inside(document.querySelector('#controls .buttons')),
    failure: document.getElementById('failure') ? inside(document.getElementById('failure')) : 'ok',
  };
  [...document.querySelectorAll('#controls .buttons .btn, #hand .card-btn')].forEach((b) => {
    out[`target ${b.id || b.dataset.card}`] = inside(b);
  });
  // Every control a finger can reach on the screen as it is (the drawer and dialogs shut).
  const reachable = 'button, a[href], select, input, [tabindex="0"]';
  [...document.querySelectorAll(reachable)].forEach((b, i) => {
    if (!b.checkVisibility({ checkVisibilityCSS: true })) return;
    const r = b.getBoundingClientRect();
    if (!r.width || r.bottom < 0 || r.top > H || r.right < 0 || r.left > W) return;
    const text = b.textContent.trim().slice(0, 20);
    const name = b.id || b.dataset.card || `${b.tagName.toLowerCase()} ${i} ${text}`;
    out[`size ${name}`] = [Math.round(r.width), Math.round(r.height)];
  });
  const active = document.activeElement;
  out.focus = active && active !== document.body ? {
    where: inside(active), id: active.id || active.dataset.card || active.tagName,
    visible: active.matches(':focus-visible'),
    outline: getComputedStyle(active).outlineStyle !== 'none'
      && parseFloat(getComputedStyle(active).outlineWidth) >= 2,
  } : null;
  return out;
}"""


def assert_fits(page: Any, where: str, touch: bool = False) -> dict[str, Any]:
    """The page does not scroll and the decision is all in view (and, on a phone, every
    button and card is at least 44 px tall and wide enough to touch)."""
    fit: dict[str, Any] = page.evaluate(FIT)
    assert fit["scroll"][0] <= 0 and fit["scroll"][1] <= 0, (
        where,
        "the page scrolls",
        fit["scroll"],
    )
    for key, value in fit.items():
        if key.startswith(("save", "prompt", "buttons", "failure", "target")):
            assert value == "ok", (where, key, value)
        if touch and key.startswith("size") and not key.endswith(" log"):
            assert value[0] >= 44 and value[1] >= 44, (where, key, value)
    return fit


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


@dataclass
class Player:
    """Plays seat 0 through the page, by mouse or by keys alone."""

    page: Any
    keyboard: bool
    touch: bool = False
    deadline: float = field(default_factory=lambda: time.monotonic() + 240)
    counts: Counter[str] = field(default_factory=Counter)
    turn: int = 0
    saved: str = "Saved"
    """The save status once a move is stored, in the page's language."""
    reset_word: str = "reset"
    """A word of the R2.4 confirmation, in the page's language."""

    def settle(self) -> dict[str, Any]:
        """Wait until the table is ready for seat 0, closing deal recaps as they come."""
        while True:
            assert time.monotonic() < self.deadline, ("the game took too long", self.counts)
            snap: dict[str, Any] = self.page.evaluate(SNAPSHOT)
            if snap["recap"]:
                self.counts["recaps"] += 1
                self.page.keyboard.press("Enter")  # "Next deal" has the focus
            elif snap["state"] == "ready":
                return snap
            self.page.wait_for_timeout(15)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)

    def card_key(self, snap: dict[str, Any], card: str) -> str:
        return str([c["card"] for c in snap["hand"]].index(card) + 1)

    def act(self, snap: dict[str, Any]) -> bool:
        """Answer the decision on the table; False when the game is over."""
        if snap["result"]:
            return False
        assert snap["save"].strip().endswith(self.saved), snap["save"]
        fit = assert_fits(self.page, f"decision {self.counts['actions']}", self.touch)
        controls = set(snap["controls"])
        if self.keyboard and "show-result" not in controls:
            focus = fit["focus"]
            assert focus and focus["where"] == "ok" and focus["visible"] and focus["outline"], (
                focus,
                self.page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)"),
            )
        if "do-exchange" in controls:
            self.exchange(snap, controls)
        elif "offer-keep" in controls:
            keep = self.counts["offers"] % 2 == 0
            self.choose("k" if keep else "d", "#offer-keep" if keep else "#offer-decline")
            self.counts["offers"] += 1
        elif "chicago-call" in controls:
            focus = fit["focus"]
            assert focus and focus["id"] == "chicago-pass", (
                "the Chicago question focuses Pass",
                focus,
            )
            self.choose("n", "#chicago-pass")
            self.counts["chicago"] += 1
        elif "quads-points" in controls:
            self.choose("p", "#quads-points")
            self.counts["quads"] += 1
        elif any(c["playable"] for c in snap["hand"]):
            assert all(c["disabled"] for c in snap["hand"] if not c["playable"])
            card = next(c["card"] for c in snap["hand"] if c["playable"])
            if self.keyboard:
                self.press(self.card_key(snap, card))
            else:
                self.page.click(f'#hand .card-btn[data-card="{card}"]')
            self.counts["plays"] += 1
        elif "show-result" in controls:  # the result screen was closed: open it again
            if self.keyboard:
                self.page.focus("#show-result")
                self.press("Enter")
            else:
                self.page.click("#show-result")
            return True
        else:
            pytest.fail(f"no decision offered and the game is not over: {snap['text']!r}")
        self.counts["actions"] += 1
        return True

    def choose(self, key: str, selector: str) -> None:
        if self.keyboard:
            self.press(key)
        else:
            self.page.click(selector)

    def exchange(self, snap: dict[str, Any], controls: set[str]) -> None:
        hand = [c["card"] for c in snap["hand"]]
        allowed = {int(n) for n in snap["counts"].split(",") if n}
        if self.turn % 5 == 4 and "keep-all" in controls:
            self.choose("k", "#keep-all")
            self.counts["keep_all"] += 1
        else:
            chosen = discard_choice(hand, self.turn, allowed)
            for card in chosen:
                if self.keyboard:
                    self.press(self.card_key(snap, card))
                else:
                    self.page.click(f'#hand .card-btn[data-card="{card}"]')
            assert self.page.locator("#hand .card-btn.selected").count() == len(chosen)
            self.choose("e", "#do-exchange")
            if self.page.locator("#confirm[open]").count():  # R2.4: 45+ resets to 0
                assert self.reset_word in self.page.locator("#confirm-text").inner_text()
                if self.keyboard:  # the focus starts on Cancel, the safe answer
                    self.press("Tab")
                    self.press("Enter")
                else:
                    self.page.click("#confirm-yes")
                self.counts["reset_confirmed"] += 1
            self.counts["exchanges"] += 1
        self.turn += 1

    def play(self, limit: int | None = None) -> dict[str, Any]:
        """Play until the game ends (or `limit` decisions); returns the last snapshot."""
        while True:
            snap = self.settle()
            if limit is not None and self.counts["actions"] >= limit:
                return snap
            if not self.act(snap):
                return snap


def axe_problems(page: Any, where: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each."""
    sync = pytest.importorskip("axe_playwright_python.sync_playwright")
    results = sync.Axe().run(page)
    return [
        f"{where}: {v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(str(n["target"]) for n in v["nodes"][:4])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
