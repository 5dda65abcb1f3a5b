"""The hint at every kind of decision, on a phone (a touch screen) and on a laptop.

Each decision is reached deterministically: a stacked-deck game file (docs/game-file.md),
cut just before seat 0's turn, is imported through the API and opened in the page. With the
hint open, every card of the hand and every answer button must be in view and on top (the
element at its centre is itself), the page must not scroll, the hint's words must be in view,
and what it suggests must be marked where the player acts: the cards on the hand (to discard,
to play) or the one answer button. Screenshots of each go to $CHICAGO_SCREENSHOTS if set.

On the touch screen the first decision must not show a focus ring that looks like a choice;
a key pressed afterwards brings the ring back for a keyboard player.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import assert_fits, axe_problems, csrf_of, needs_chromium

pytestmark = needs_chromium

SCENARIOS = Path(__file__).parent.parent / "scenarios"

# Two seats, seat 0 first: four aces and the 2♣, the K♣ on top of the stock. Seat 0 throws the
# 2♣ (R2.2: the K♣ is offered), keeps it, is asked about its four of a kind (R4.3), keeps
# its cards twice, is asked about Chicago (R5.1) and then leads the first trick.
STACKED: dict[str, Any] = {
    "format": "chicago-game/1",
    "profile": "chicago-gamewide-0.2",
    "seats": 2,
    "seed": 11,
    "dealer": 1,
    "deals": [{"hands": {"0": ["As", "Ah", "Ad", "Ac", "2c"],
                         "1": ["Ks", "Qh", "Jd", "9s", "7h"]},
               "stock": ["Kc", "3d", "4h", "8c", "5s", "6d", "7c", "8d"]}],
    "actions": [
        {"seat": 0, "type": "exchange", "discard": ["2c"]},
        {"seat": 0, "type": "offer", "keep": True},
        {"seat": 1, "type": "exchange", "discard": []},
        {"seat": 0, "type": "quads", "choice": "points"},
        {"seat": 0, "type": "exchange", "discard": []},
        {"seat": 1, "type": "exchange", "discard": []},
        {"seat": 0, "type": "exchange", "discard": []},
        {"seat": 1, "type": "exchange", "discard": []},
        {"seat": 0, "type": "chicago", "call": False},
    ],
}


def _at_45() -> dict[str, Any]:
    """Seat 0 at exactly 45 points before its third exchange (R2.4's question)."""
    data: dict[str, Any] = json.loads(
        (SCENARIOS / "r2_4-discard-at-45-needs-confirmation.json").read_text())
    data.pop("meta")
    return data


# (name, game file, actions kept, the decision, the answer buttons it shows)
DECISIONS: list[tuple[str, dict[str, Any], int, str, set[str]]] = [
    ("exchange", STACKED, 0, "exchange", {"do-exchange", "keep-all"}),
    ("offer", STACKED, 1, "offer", {"offer-keep", "offer-decline"}),
    ("quads", STACKED, 3, "quads", {"quads-points", "quads-reset"}),
    ("chicago", STACKED, 8, "chicago", {"chicago-call", "chicago-pass"}),
    ("play", STACKED, 9, "play", set()),
    ("reset-at-45", _at_45(), 24, "exchange", {"do-exchange", "keep-all"}),
]

# Each card and answer button is the element found at its own centre (nothing over it), the
# hint overlaps neither the hand, the decision, one's own seat nor the banner, no two seats
# overlap, and the hint's first line is in view.
ON_TOP = """() => {
  const out = {};
  for (const b of document.querySelectorAll('#hand .card-btn, #controls .buttons .btn')) {
    const r = b.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    out[b.id || b.dataset.card] = Boolean(at) && (at === b || b.contains(at));
  }
  // The hint overlaps none of the hand, the decision, the player's own seat, the banner.
  const hint = document.getElementById('hint').getBoundingClientRect();
  const meets = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  for (const [key, sel] of [['hand', '#hand'], ['decision', '#controls'],
                            ['own seat', '.seat[data-seat="0"]'], ['banner', '#banner']]) {
    const node = document.querySelector(sel);
    const shown = node && node.checkVisibility({ checkVisibilityCSS: true });
    const r = shown ? node.getBoundingClientRect() : null;
    out[`clear of ${key}`] = !r || !r.width || !meets(hint, r);
  }
  // The table gives up room to the hint, but never so much that two seats overlap.
  const seats = [...document.querySelectorAll('.seat')].map((s) => s.getBoundingClientRect());
  out['seats apart'] = seats.every((a, i) => seats.slice(i + 1).every((b) => !meets(a, b)));
  const head = document.querySelector('#hint .hint-head');
  const h = head ? head.getBoundingClientRect() : null;
  out.hintWords = Boolean(h) && h.top >= 0 && h.bottom <= innerHeight && h.height > 0;
  return out;
}"""

MARKS = """() => ({
  cards: [...document.querySelectorAll('#hand .card-btn.hinted')].map((b) => b.dataset.card),
  tags: document.querySelectorAll('#hand .card-btn.hinted .hint-tag').length,
  buttons: [...document.querySelectorAll('#controls .btn.hinted')].map((b) => b.id),
  playable: [...document.querySelectorAll('#hand .card-btn.playable')].map((b) => b.dataset.card),
})"""


def _import(page: Any, server: str, data: dict[str, Any], keep: int) -> str:
    cut = copy.deepcopy(data)
    cut["actions"] = cut["actions"][:keep]
    page.request.get(server + "/api/auth/me")  # the CSRF cookie
    csrf = csrf_of(page.context)
    r = page.request.post(server + "/api/games/import", data=cut,
                          headers={"X-CSRF-Token": csrf})
    assert r.status == 201, r.text()
    return str(r.json()["id"])


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=["phone", "laptop"])
def test_the_hint_leaves_the_hand_and_the_decision_in_view(
    server: str, browser: Any, shots: Path, size: tuple[int, int]
) -> None:
    phone = size[0] < 500
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  has_touch=phone, is_mobile=phone)
    context.add_init_script("localStorage.setItem('chicago.speed', 'fast')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for name, data, keep, decision, answers in DECISIONS:
        page.goto(f"{server}/games/{_import(page, server, data, keep)}")
        page.wait_for_selector('#table-app[data-state="ready"]')
        shown = {b for b in page.evaluate(
            "() => [...document.querySelectorAll('#controls .buttons .btn')].map((b) => b.id)")}
        assert shown == answers | {"hint-btn"}, (name, shown)
        if name == "exchange":
            # A touch screen's first decision shows no focus ring (it would look like a
            # chosen card); on the laptop the keyboard lands on card 1 with its ring.
            ring = page.evaluate("() => Boolean(document.querySelector(':focus-visible'))")
            assert ring is not phone, (name, ring)
        if phone:
            page.tap("#hint-btn")
        else:
            page.click("#hint-btn")
        page.wait_for_selector("#hint:not([hidden]) .help")
        if phone:  # a tap shows no ring, on the button or wherever the page puts the focus
            assert not page.evaluate("() => Boolean(document.querySelector(':focus-visible'))")
        on_top = page.evaluate(ON_TOP)
        assert all(on_top.values()), (name, size, on_top)
        assert_fits(page, f"{name} with the hint open at {size}", touch=phone)
        marks = page.evaluate(MARKS)
        if decision == "exchange" and name == "exchange":
            assert marks["cards"] == ["2c"] and marks["tags"] == 1, (name, marks)  # R2.1
            assert marks["buttons"] == [], (name, marks)
        elif decision == "play":
            assert len(marks["cards"]) == 1 and marks["tags"] == 1, (name, marks)
            assert set(marks["cards"]) <= set(marks["playable"]), (name, marks)
            assert marks["buttons"] == [], (name, marks)
        else:  # a question: the answer's button is marked, no card
            assert marks["cards"] == [] and len(marks["buttons"]) == 1, (name, marks)
            assert marks["buttons"][0] in answers, (name, marks)
        page.screenshot(path=str(shots / f"hint-{name}-{size[0]}x{size[1]}.png"))
        if name == "exchange":
            assert axe_problems(page, f"the hint open at {size}") == []
            if phone:
                # A key after the touches: the keyboard player sees where the focus is.
                page.keyboard.press("Tab")
                assert page.evaluate("() => Boolean(document.querySelector(':focus-visible'))")
            # Closed again, the marks go with it.
            page.click("#hint-close")
            assert page.locator("#hint").is_hidden()
            assert page.evaluate(MARKS)["cards"] == []
    assert not errors, errors
    context.close()
