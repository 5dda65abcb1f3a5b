"""Accessibility in a real browser: axe-core (through axe-playwright-python) finds no serious
or critical violation on the lobby, the rules, the privacy and sign-in pages, and on the
table at every kind of decision (exchange, open offer, four of a kind, Chicago, a trick),
at a laptop's and a phone's size; every decision there is made by keys alone.

The table's decisions come from an imported game file with a stacked first deal (docs/game-file.md
"deals"): seat 0 holds four aces, so one game shows every decision type within a few moves
(R2.2 open offer, R4.3 four of a kind, R5.1 the Chicago question).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    Player,
    assert_fits,
    axe_problems,
    needs_chromium,
    new_page,
)

pytestmark = needs_chromium

STACKED = {
    "format": "chicago-game/1",
    "seats": 4,
    "seed": 99,
    "dealer": 3,
    "deals": [
        {
            "hands": {
                "0": ["As", "Ah", "Ad", "Ac", "2c"],
                "1": ["3d", "5h", "7s", "9c", "Jd"],
                "2": ["4d", "6h", "8s", "Tc", "Qd"],
                "3": ["3h", "5s", "7c", "9d", "Jh"],
            },
            "stock": ["Kd", "Ks"],
        }
    ],
    "actions": [],
    "meta": {"levels": [None, "easy", "easy", "easy"]},
}


@pytest.mark.parametrize("path", ["/", "/rules", "/privacy", "/signin", "/signup", "/account"])
def test_pages_have_no_serious_violations(server: str, browser: Any, path: str) -> None:
    context, page, errors = new_page(browser, 1280, 720)
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    assert axe_problems(page, path) == []
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)], ids=["laptop", "phone"])
def test_every_decision_type_by_keys_alone(
    server: str, browser: Any, shots: Path, tmp_path: Path, size: tuple[int, int]
) -> None:
    context, page, errors = new_page(browser, *size)
    game = tmp_path / "stacked.json"
    game.write_text(json.dumps(STACKED))
    page.goto(server + "/")
    page.set_input_files("#import-file", str(game))
    page.click("#import button[type=submit]")
    page.wait_for_url("**/games/*")
    player = Player(page, keyboard=True, touch=size[0] < 640)
    problems: list[str] = []
    seen: list[str] = []
    steps = [
        ("exchange", lambda: (player.press("5"), player.press("e"))),  # 2c, the lowest card
        ("offer", lambda: player.press("k")),  # R2.2: keep the king offered face up
        ("quads", lambda: player.press("p")),  # R4.3: take the points
        ("exchange", lambda: player.press("k")),
        ("exchange", lambda: player.press("k")),
        ("chicago", lambda: player.press("n")),  # R5.1: the focus is on Pass
        ("play", lambda: player.press("1")),
    ]
    for kind, answer in steps:
        snap = player.settle()
        decision = page.evaluate("() => document.getElementById('deal-info').textContent")
        fit = assert_fits(page, kind, touch=size[0] < 640)
        focus = fit["focus"]
        assert focus and focus["where"] == "ok" and focus["visible"] and focus["outline"], (
            kind,
            focus,
        )
        expected = {
            "exchange": "do-exchange",
            "offer": "offer-keep",
            "quads": "quads-points",
            "chicago": "chicago-pass",
        }.get(kind)
        if expected:
            assert expected in snap["controls"], (kind, snap["controls"], decision)
        else:
            assert any(c["playable"] for c in snap["hand"]), (kind, snap)
        if kind == "chicago":
            assert focus["id"] == "chicago-pass", focus
        if kind not in seen:
            problems += axe_problems(page, f"table {size}: {kind}")
            page.screenshot(path=str(shots / f"decision-{kind}-{size[0]}.png"))
            seen.append(kind)
        answer()
    player.settle()
    if size[0] < 640:  # the drawer, open, passes too
        page.click("#side-btn")
        page.wait_for_timeout(300)
        problems += axe_problems(page, f"table {size}: side drawer")
    assert problems == [], "\n".join(problems)
    assert not errors, errors
    context.close()
