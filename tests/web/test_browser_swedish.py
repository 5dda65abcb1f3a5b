"""A whole game in a browser whose language is Swedish: Chromium with the locale
sv-SE (so `Accept-Language: sv-SE`), the lobby and the table read in Swedish, and no English
sentence anywhere on the table at any decision, recap or the result. Screenshots go to
$CHICAGO_SCREENSHOTS if set, else the test's temporary directory."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    PACE_RECORDER,
    SNAPSHOT,
    Player,
    axe_problems,
    more_choices,
    needs_chromium,
)

pytestmark = needs_chromium

SEED = 4242
ENGLISH = re.compile(
    r"\b(exchange|exchanges|trick|tricks|your turn|points?|deal|keep|decline|discard|score|"
    r"scores|seat|wins?|won|saved|saving|cards?|hand|the|you|your|and|of|to|with|game|pass|"
    r"reset|next|hint|loading|offer|called|dealer|target)\b",
    re.IGNORECASE,
)
"""English words that a Swedish table must not show ("Chicago" is Swedish too; "hand" is
not here because Swedish says it as well; names like Astrid and card faces are the same)."""
SWEDISH_HAND = re.compile(r"\bhand\b")


def english_words(text: str) -> list[str]:
    text = SWEDISH_HAND.sub(" ", text)
    return sorted({m.group(0).lower() for m in ENGLISH.finditer(text)})


def english_lines(text: str) -> list[str]:
    """The lines of a text that hold English words (what a failure shows)."""
    return [line for line in text.splitlines() if english_words(line)]


def table_text(page: Any) -> str:
    """Everything the table shows now, open dialogs included."""
    return str(page.evaluate("() => document.getElementById('table-app').innerText"))


@pytest.mark.parametrize(
    ("width", "height", "keyboard"), [(1280, 720, False), (390, 844, True)],
    ids=["laptop-mouse", "phone-keys"],
)
def test_a_whole_game_in_swedish(
    server: str, browser: Any, shots: Path, width: int, height: int, keyboard: bool
) -> None:
    """The whole game by mouse on a laptop screen and by keys alone on a phone, in Swedish;
    the page fits the screen at every decision (the Player checks it) with the longer
    Swedish words too."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale="sv-SE")
    context.add_init_script(PACE_RECORDER.replace("SPEED", "fast"))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    page.goto(server + "/")
    assert page.get_attribute("html", "lang") == "sv"
    lobby = page.evaluate("() => document.querySelector('main').innerText")
    assert "Hur vill du spela?" in lobby and "Mot datorn" in lobby, lobby
    assert english_lines(lobby) == []
    prefix = f"sv-{width}"
    page.screenshot(path=str(shots / f"{prefix}-lobby.png"))
    more_choices(page)
    lobby = page.evaluate("() => document.querySelector('main').innerText")
    assert "Ge korten" in lobby, lobby
    assert english_lines(lobby) == []
    assert axe_problems(page, "the Swedish lobby") == []
    page.select_option("#seats", "4")
    page.select_option("#level", "easy")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_url("**/games/*")
    assert page.get_attribute("html", "lang") == "sv"

    player = Player(page, keyboard=keyboard, touch=keyboard, saved="Sparat",
                    reset_word="nollställ")
    texts: dict[str, str] = {}
    decisions = 0
    while True:
        assert decisions < 400, "the game did not end"
        snap = page.evaluate(SNAPSHOT)
        if snap["recap"]:
            text = table_text(page)
            if "recap" not in texts:
                texts["recap"] = text
                page.screenshot(path=str(shots / f"{prefix}-recap.png"))
            assert english_lines(text) == []
            page.keyboard.press("Enter")
            page.wait_for_timeout(15)
            continue
        if snap["state"] != "ready":
            page.wait_for_timeout(15)
            continue
        text = table_text(page)
        lines = english_lines(text)
        assert lines == [], (decisions, *lines)
        kind = ",".join(sorted(set(snap["controls"]) - {"show-result"})) or "play"
        if kind not in texts:
            if not texts:
                assert axe_problems(page, "the Swedish table") == []
            texts[kind] = text
            page.screenshot(path=str(shots / f"{prefix}-{len(texts)}-{kind.split(',')[0]}.png"))
        if not player.act(snap):
            break
        decisions += 1

    page.wait_for_selector("#result:not([hidden])")
    result = table_text(page)
    page.screenshot(path=str(shots / f"{prefix}-result.png"))
    assert english_lines(result) == []
    assert re.search(r"vinner partiet|Du vinner", result), result
    assert f"Frö {SEED}" in result, result
    exchange = texts.get("do-exchange,keep-all") or next(
        v for k, v in texts.items() if "do-exchange" in k)
    assert "Byte" in exchange and "Din tur" in exchange, exchange
    assert any("Stick" in v for v in texts.values())
    assert player.counts["plays"] >= 5 and player.counts["exchanges"] >= 3, player.counts
    assert not errors, errors
    context.close()
