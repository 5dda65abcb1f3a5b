"""The full-screen terminal game in Swedish (`chicago play --lang sv`), driven by Textual's
pilot: a whole seeded game by keyboard, each kind of screen read for Swedish sentences and
for English words that must not be there."""

from __future__ import annotations

import asyncio
import re

from chicago.core.state import Phase
from chicago.table.tables.service import TableService
from chicago.text.i18n import use_language
from chicago.tui.app import NewGameDefaults, NewGameScreen
from chicago.tui.model import sort_hand
from test_swedish import english_in
from test_tui import FULL_GAME_SEED, SIZE, flat, make_app, screen_text, settle, table_screen


def swedish_screen(text: str) -> str:
    """A screen's text with what stays the same in every language taken out: the profile id,
    the app's name, card faces."""
    return re.sub(r"chicago-gamewide-\S+|Chicago", " ", text)


def test_whole_game_in_swedish(service: TableService) -> None:
    defaults = NewGameDefaults(seats=2, levels=("easy",), seed=FULL_GAME_SEED)
    app = make_app(service, defaults=defaults)
    screens: dict[str, str] = {}
    illegal = ""

    async def play() -> None:
        nonlocal illegal
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screens["menu"] = screen_text(app)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            screens["new"] = screen_text(app)
            await pilot.press("enter")
            for _ in range(400):
                name = await settle(pilot, app)
                if name == "RecapScreen":
                    screens.setdefault("recap", screen_text(app))
                    await pilot.press("enter")
                    continue
                if name == "ConfirmScreen":
                    await pilot.press("j")
                    continue
                if name == "GameOverScreen":
                    screens["over"] = screen_text(app)
                    return
                s = table_screen(app)
                t = s.table
                phase = s.decision
                assert phase is not None
                if phase.value not in screens:
                    screens[phase.value] = screen_text(app)
                if phase is Phase.EXCHANGE:
                    picks = {1: "45", 2: "5"}.get(t.view.exchange, "")
                    if picks:
                        await pilot.press(*picks)
                        await pilot.press("e")
                    else:
                        await pilot.press("k")
                elif phase is Phase.OFFER:
                    assert t.view.offer is not None
                    await pilot.press("k" if t.view.offer.rank >= 10 else "d")
                elif phase is Phase.CHICAGO:
                    await pilot.press("n")
                elif phase is Phase.QUADS:
                    await pilot.press("p")
                else:
                    shown = sort_hand(t.view.hand)
                    legal = {a.card for a in t.legal if hasattr(a, "card")}
                    if not illegal and len(legal) < len(shown):
                        wrong = next(i for i, c in enumerate(shown) if c not in legal)
                        await pilot.press(str(wrong + 1))
                        illegal = flat(screen_text(app))
                    first = next(i for i, c in enumerate(shown) if c in legal)
                    await pilot.press(str(first + 1))
            raise AssertionError("the game did not end within 400 decisions")

    with use_language("sv"):
        asyncio.run(play())

    assert "Inga sparade partier än" in screens["menu"]
    assert "n Nytt parti" in screens["menu"]  # the footer's keys are translated too
    new = flat(screens["new"])
    for words in ("ett nytt parti", "Platser (du + datorer)", "Alla motståndare",
                  "Frö (tomt: slumpat)", "Starta (Enter)"):
        assert words in new, words
    exchange = flat(screens["exchange"])
    assert "Giv 1 · Byte 1 av 3" in exchange and "din tur" in exchange
    assert "välj upp till" in exchange and "Spelare" in exchange
    assert "Stick" in flat(screens["play"])
    assert "Du måste bekänna färg" in illegal  # R6.1
    assert "Sammanfattning" in screens["recap"] or "sammanfattning" in screens["recap"]
    over = flat(screens["over"])
    assert "vinner partiet" in over or "Du vinner partiet!" in over
    assert f"Frö {FULL_GAME_SEED}." in over
    for name, text in screens.items():
        assert english_in(swedish_screen(flat(text))) == [], (name, text)
