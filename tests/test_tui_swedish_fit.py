"""The Swedish terminal game at 80×24 (Textual's pilot): the new-game form's labels keep
their values apart and the rules' title is whole, the key bar keeps its last key, the keys'
list names Space in Swedish, the one key k has one label, a percentage stays on the line of
its number, and the game-file errors are Swedish, not the system's or the JSON reader's
English."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from textual.widgets import Button

from chicago.core.state import Phase
from chicago.table.tables.service import TableService
from chicago.text.i18n import use_language
from chicago.tui.app import NewGameDefaults, NewGameScreen
from chicago.tui.cards import rich_line
from chicago.tui.dialogs import KeysScreen
from chicago.tui.local import GameFileProblem, import_game
from test_tui import ME, SIZE, flat, make_app, screen_text, start_game

SHOTS = Path(os.environ.get("CHICAGO_SHOTS", "/tmp/shots/terminal"))


def test_the_swedish_form_and_table_fit_80x24(service: TableService) -> None:
    app = make_app(service, defaults=NewGameDefaults(seats=4, levels=("easy",) * 3, seed=7))
    seen: dict[str, str] = {}

    async def go() -> None:
        with use_language("sv"):
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("n")
                await pilot.pause()
                assert isinstance(app.screen, NewGameScreen)
                seen["form"] = screen_text(app)
                SHOTS.mkdir(parents=True, exist_ok=True)
                app.save_screenshot(str(SHOTS / "new-game-sv.svg"))
                await pilot.press("escape")
                await pilot.pause()
                s = await start_game(pilot, app)
                assert s.decision is Phase.EXCHANGE
                seen["exchange"] = screen_text(app)
                seen["exchange-buttons"] = " | ".join(
                    str(b.label) for b in s.query(Button).results(Button) if b.display)
                await pilot.press("f1")
                await pilot.pause()
                assert isinstance(app.screen, KeysScreen)
                seen["keys"] = screen_text(app)

    asyncio.run(go())
    form = seen["form"].splitlines()
    seats = next(line for line in form if "Platser (du + datorer)" in line)
    assert "Platser (du + datorer) " in seats and seats.split(")")[1].strip().startswith("4")
    assert "Chicago med kvalificering för hela partiet (husets regler)" in seen["form"]
    footer = seen["exchange"].splitlines()[-1]
    assert footer.rstrip().endswith("f1 Tangenter"), footer
    assert "k Behåll" in footer and "k Behåll" in seen["exchange-buttons"]
    assert "Stå kvar" not in seen["exchange-buttons"]
    keys = flat(seen["keys"])
    assert "Mellanslag hoppa" in keys or "Mellanslag" in keys.split("hoppa")[0], keys
    assert " space " not in keys
    assert "k behåll: alla dina kort, eller det öppna kortet" in keys


def test_a_percentage_stays_with_its_number() -> None:
    """Swedish writes "11 %" with a no-break space; the terminal keeps the two together."""
    with use_language("sv"):
        from chicago.text.reasons import about
        said = about(0.11)
    assert said == "ungefär 11\u00a0%"
    drawn = rich_line(f"{'x' * 70} {said}", False).plain
    assert "\u00a0" not in drawn and "11\u2060%" in drawn


def test_game_file_errors_are_in_the_players_language(
    service: TableService, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{format: chicago", encoding="utf-8")
    with use_language("sv"):
        for path, words in (
            (broken, "broken.json är ingen giltig partifil: inte giltig JSON (rad 1, kolumn 2)"),
            (tmp_path / "missing.json", "det finns ingen sådan fil eller mapp"),
            (tmp_path, "det är en mapp, inte en fil"),
        ):
            with pytest.raises(GameFileProblem) as e:
                import_game(service, ME, path)
            assert words in str(e.value)
            assert "No such" not in str(e.value) and "Expecting" not in str(e.value)
