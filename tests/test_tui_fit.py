"""The full-screen game at 80×24 in Swedish (Textual's pilot): with a hint open everything a
decision needs stays on screen (its instructions before the hint), the status line and the
footer's way out are whole, your hand is named, a cursor moves over the cards (←/→, Space),
the speed is said without covering the prompt, the legend is readable (4.5:1), the "Nu"
column and the keys' help are Swedish, the 45+ question takes j with the safe answer first
(R2.4), and below 80×24 the table says it is too small."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest
from textual.color import Color
from textual.widgets import Button, Static

from chicago.core.state import Phase
from chicago.table.tables.service import TableService
from chicago.text.i18n import use_language
from chicago.tui.app import MenuScreen, NewGameDefaults
from chicago.tui.cards import NO_BREAK
from chicago.tui.dialogs import ConfirmScreen, KeysScreen
from chicago.tui.table import TableScreen
from test_tui import ME, RESET_GAME, flat, make_app, screen_text, settle, start_game, table_screen


def luminance(c: Color) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def contrast(a: Color, b: Color) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


async def hint(pilot: object, s: TableScreen) -> None:
    await pilot.press("h")  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while not s.message.startswith("Tips ("):
        assert time.monotonic() < deadline, s.message
        await pilot.pause(0.05)  # type: ignore[attr-defined]


def test_a_decision_with_a_hint_fits_80x24(service: TableService, tmp_path: Path) -> None:
    app = make_app(service, defaults=NewGameDefaults(seats=4, levels=("easy",) * 3, seed=7))

    async def go() -> None:
        with use_language("sv"):
            async with app.run_test(size=(80, 24)) as pilot:
                s = await start_game(pilot, app)
                assert s.decision is Phase.EXCHANGE
                assert not s.has_class("-small")
                await hint(pilot, s)
                assert s.message.startswith("Tips (svår dator): ")  # as line mode says it
                lines = screen_text(app).splitlines()
                text = flat("\n".join(lines))
                app.save_screenshot(str(tmp_path / "exchange-hint.svg"))
                # the instructions whole, then the hint whole, above the buttons and footer
                assert "k behåller alla 5" in text and "talongen öppet." in text, text
                assert flat(s.message.replace("\xa0", NO_BREAK)) in text  # as drawn
                assert "Din hand: " in text
                assert lines[0].startswith(" Chicago · Giv 1 · Byte 1 av 3")
                assert lines[0].rstrip().endswith(("din tur", "chicago-gamewide-0.2"))
                assert "esc Sparade partier" in lines[-1]
                assert "bytte 2" in text and "changed" not in text
                info = s.query_one("#info", Static)
                _base_bg, _base, background, colour = info.colors
                assert contrast(colour, background) >= 4.5, (colour, background)
                # the cursor: ← → and Space choose a card as its digit does
                hand = s.shown_hand()
                await pilot.press("space")  # no cursor yet: nothing chosen
                assert not s.selected
                await pilot.press("right", "right", "space")
                assert s.selected == {hand[1]}
                assert "▸2◂" in screen_text(app)
                await pilot.press("left", "space")
                assert s.selected == {hand[1], hand[0]}
                await pilot.press("space")
                assert s.selected == {hand[1]}
                # the speed is said in the status line, no toast over the prompt
                await pilot.press("s")
                await pilot.pause()
                assert not app._notifications
                assert "Takt: " in screen_text(app).splitlines()[0]
                await pilot.press("f1")
                await pilot.pause()
                assert isinstance(app.screen, KeysScreen)
                keys = flat(screen_text(app))
                assert "1–6 eller klicka på ett kort" in keys and "Mellanslag" in keys
                await pilot.press("escape")
                await pilot.pause()
                await pilot.press("escape")  # back to the saved games: asks nothing, saved
                await pilot.pause()
                assert isinstance(app.screen, MenuScreen)
                await pilot.press("escape")  # leaving the program: asked first
                await pilot.pause()
                assert isinstance(app.screen, ConfirmScreen)
                await pilot.press("enter")  # the safe answer has the focus: stay
                await pilot.pause()
                assert isinstance(app.screen, MenuScreen) and app.is_running

    asyncio.run(go())


def test_below_80x24_the_table_says_it_is_too_small(service: TableService) -> None:
    app = make_app(service, defaults=NewGameDefaults(seats=4, levels=("easy",) * 3, seed=7))

    async def go() -> None:
        with use_language("sv"):
            async with app.run_test(size=(60, 20)) as pilot:
                s = await start_game(pilot, app)
                await pilot.pause()
                assert s.has_class("-small")
                assert "Fönstret är för litet (60×20): bordet behöver 80×24" in flat(
                    screen_text(app))

    asyncio.run(go())


def test_the_45_question_takes_j_and_puts_no_first(service: TableService) -> None:
    """R2.4: the safe answer first and focused (Enter by habit keeps the score); j is yes."""
    table = service.import_file(ME, json.loads(RESET_GAME.read_text(encoding="utf-8"))).table
    app = make_app(service)

    async def go() -> None:
        with use_language("sv"):
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await pilot.press("enter")
                assert await settle(pilot, app) == "TableScreen"
                s = table_screen(app)
                await pilot.press("1", "e")
                assert await settle(pilot, app) == "ConfirmScreen"
                buttons = list(app.screen.query(Button).results(Button))
                assert [b.id for b in buttons] == ["no", "yes"]
                assert str(buttons[0].label).startswith("n ") and str(
                    buttons[1].label).startswith("j ")
                assert app.focused is buttons[0]
                await pilot.press("enter")
                assert await settle(pilot, app) == "TableScreen"
                assert s.table.version == table.version
                await pilot.press("e")
                assert await settle(pilot, app) == "ConfirmScreen"
                assert isinstance(app.screen, ConfirmScreen)
                await pilot.press("j")
                assert await settle(pilot, app) in ("TableScreen", "RecapScreen")
                assert s.table.version > table.version

    asyncio.run(go())


def test_a_rule_change_error_is_in_the_players_language() -> None:
    """§X: the new-game form's changes are refused in words the player reads."""
    from chicago.tui.app import profile_from_form

    with use_language("sv"):
        with pytest.raises(ValueError, match=r"^target kan inte vara 'abc' \(valen: 50, 51"):
            profile_from_form("chicago-gamewide-0.2", "target=abc")
        with pytest.raises(ValueError, match=r"^det finns ingen regel 'mål'"):
            profile_from_form("chicago-gamewide-0.2", "mål=51")
        assert profile_from_form("classic", "target=51").target == 51
