"""The pseudo-locale check (tests/pseudo_locale.py) in `chicago keep`: a whole engine-played
game entered through Textual's pilot in the generated language `xx`; the screen at the first
question of every kind, and the sheet, must be pseudo-localized (the players' names,
numbers and the profile's id aside)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from keep_oracle import Oracle, engine_game
from test_keep_tui import GAME, ME, NAMES, enter
from textual.widgets import Input

from chicago.core.keep import PadSetup, add, start
from chicago.core.rules import HOUSE
from chicago.store import Store
from chicago.table.scorekeeper import KeepService
from chicago.text.i18n import use_language
from chicago.tui.keep import KeepApp
from pseudo_locale import check, enabled, lines_of
from test_tui import screen_text

EXAMPLE_NAMES = ("Anna", "Bo", "Cia", "Dan")
"""The names field's example: names, not words."""


def test_a_whole_scorekeeping_game_in_the_pseudo_locale(tmp_path: Path) -> None:
    game = engine_game(HOUSE, *GAME, "easy")
    oracle = Oracle(game)
    mirror = start(PadSetup(NAMES, game.setup.dealer, HOUSE))
    seen: list[tuple[str, str]] = []

    with enabled(tmp_path / "pseudo"), use_language("xx"):
        store = Store(f"sqlite:///{tmp_path / 'keep.db'}")
        app = KeepApp(KeepService(store), ME)

        async def run() -> None:
            nonlocal mirror
            asked: set[str] = set()
            async with app.run_test(size=(110, 50)) as pilot:
                await pilot.pause()
                seen.extend(lines_of(screen_text(app), "the new pad"))  # type: ignore[arg-type]
                app.screen.query_one("#names", Input).value = ", ".join(NAMES)
                app.screen.query_one("#dealer", Input).value = str(game.setup.dealer + 1)
                await pilot.click("#start-pad")
                await pilot.pause()
                while mirror.ask.kind != "over":
                    if mirror.ask.kind not in asked:
                        asked.add(mirror.ask.kind)
                        seen.extend(lines_of(screen_text(app),  # type: ignore[arg-type]
                                             f"the pad, asking {mirror.ask.kind}"))
                    e = oracle.answer(mirror)
                    await enter(pilot, e)
                    mirror = add(mirror, e)
                seen.extend(lines_of(screen_text(app), "the pad, over"))  # type: ignore[arg-type]
                await pilot.press("s")
                await pilot.pause()
                seen.extend(lines_of(screen_text(app), "the sheet"))  # type: ignore[arg-type]
            assert {"stage", "exchange", "chicago", "tricks"} <= asked, asked

        try:
            asyncio.run(run())
        finally:
            store.close()
    check([(" ".join(w for w in text.split() if "chicago-gamewide" not in w), where)
           for text, where in seen],
          allowed={*NAMES, *EXAMPLE_NAMES, "esc", "tab", "enter"})
