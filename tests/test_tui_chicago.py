"""The Chicago question in the full-screen game at 80×24 (Textual's pilot): with a straight
flush in hand the question says what a call gives up — the final hand's award, here the game
itself (R4.4, R4.5) — and so does the hint, which does not repeat its own advice."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from chicago.core.rules import customize, profile_to_json
from chicago.core.state import Phase
from chicago.table.tables.service import TableService
from chicago.text.i18n import _, use_language
from chicago.tui.table import TableScreen
from test_tui import ME, SIZE, flat, make_app, screen_text, settle, table_screen

SHOTS = Path(os.environ.get("CHICAGO_SHOTS", "/tmp/shots/terminal"))
"""Where the screenshots of these screens are kept to be looked at."""


def chicago_game(hand: list[str], offered: str, **changes: Any) -> dict[str, Any]:
    """A two-seat game file that stops at seat 0's Chicago question (R5.1): seat 0 keeps
    its cards twice, then discards its fifth card and keeps the offered one (R2.2); seat 1
    holds a pair of aces and keeps. Chicago may be called from 0 points, so the first deal
    asks."""
    profile = customize("chicago-gamewide-0.2", chicago_minimum=0, **changes)
    keep = {"type": "exchange", "discard": []}
    return {
        "format": "chicago-game/1", "profile": profile_to_json(profile), "seats": 2,
        "seed": 5, "dealer": 1,
        "deals": [{"hands": {"0": hand, "1": ["Ac", "Ad", "7s", "4d", "9c"]},
                   "stock": [offered]}],
        "actions": [
            {"seat": 0, **keep}, {"seat": 1, **keep},
            {"seat": 0, **keep}, {"seat": 1, **keep},
            {"seat": 0, "type": "exchange", "discard": [hand[-1]]},
            {"seat": 0, "type": "offer", "keep": True},
            {"seat": 1, **keep},
        ],
        "meta": {"levels": [None, "easy"]},
    }


async def hint(pilot: Pilot[None], s: TableScreen) -> str:
    """Press h and wait for the hint; its words."""
    await pilot.press("h")
    deadline = time.monotonic() + 60
    while s.message in ("", _("Thinking about a hint…")):
        assert time.monotonic() < deadline, "no hint within a minute"
        await pilot.pause(0.05)
    return s.message


WORDS = {
    "en": ("Without a call your hand (straight flush, king high) would win the game at once "
           "if it is the best after the tricks; a call gives that up (R4.5).",
           "Hint (hard bot): do not call Chicago (n). You take all five tricks",
           "A call gives up your hand's final award: it would win the game at once (R4.5).",
           "c Call Chicago n No call h Hint"),
    "sv": ("Utan rop skulle din hand (färgstege, kung högst) vinna partiet direkt om den är "
           "bäst efter sticken; ett rop ger upp det (R4.5).",
           "Tips (svår dator): ropa inte Chicago (n). Du tar alla fem stick",
           "Ett rop ger upp din hands poäng i slutet av given: den skulle vinna partiet direkt "
           "(R4.5).",
           "c Ropa Chicago n Inget rop h Tips"),
}


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_chicago_question_and_hint_say_what_a_call_gives_up(
    service: TableService, lang: str
) -> None:
    """R4.4, R4.5: a straight flush as the final hand wins the game in the house rules; a
    call cancels that award. The question says so, and so does the hint, whose reason does
    not say its advice a second time."""
    service.import_file(ME, chicago_game(["9h", "Th", "Jh", "Qh", "3c"], "Kh"))
    app = make_app(service)
    screens: dict[str, str] = {}

    async def go() -> None:
        with use_language(lang):
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("enter")
                assert await settle(pilot, app) == "TableScreen"
                s = table_screen(app)
                assert s.decision is Phase.CHICAGO
                screens["question"] = screen_text(app)
                screens["message"] = await hint(pilot, s)
                await pilot.pause()  # the log ends on its last line at its new height
                await pilot.pause()
                screens["hint"] = screen_text(app)
                SHOTS.mkdir(parents=True, exist_ok=True)
                app.save_screenshot(str(SHOTS / f"chicago-hint-{lang}.svg"))

    asyncio.run(go())
    question, advice, cost, buttons = WORDS[lang]
    assert question in flat(screens["question"]), screens["question"]
    shown = flat(screens["hint"])
    assert question in shown and advice in shown and cost in shown, screens["hint"]
    assert buttons in shown  # the decision's buttons stay in view under the hint
    with use_language(lang):
        said = _("do not call Chicago (n)").removesuffix(" (n)").lower()
    assert screens["message"].lower().count(said) == 1  # the advice said once, not twice
