"""The pseudo-locale check (tests/pseudo_locale.py) in the full-screen terminal game: a whole
seeded game through Textual's pilot in the generated language `xx`, a hint asked at the first
decision of every kind; every screen's text must be pseudo-localized (card faces, numbers and
the profile's id aside)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from chicago.core.state import Phase
from chicago.table.tables.service import TableService
from chicago.text.i18n import use_language
from chicago.tui.app import NewGameDefaults
from chicago.tui.local import open_service
from chicago.tui.model import sort_hand
from pseudo_locale import check, enabled, lines_of
from test_tui import FULL_GAME_SEED, SIZE, make_app, screen_text, settle, table_screen

KEYS: frozenset[str] = frozenset({"esc", "tab", "enter", "space"})
"""Key names in the footer, as printed on the keyboard."""


@pytest.fixture
def pseudo_service(tmp_path: Path) -> Iterator[TableService]:
    """The table service with the pseudo-language's catalog made and switched on."""
    with enabled(tmp_path / "pseudo"):
        s = open_service(f"sqlite:///{tmp_path / 'chicago.db'}")
        yield s
        s.store.close()


def test_a_whole_textual_game_in_the_pseudo_locale(pseudo_service: TableService) -> None:
    app = make_app(pseudo_service, defaults=NewGameDefaults(seats=2, levels=("easy",),
                                                            seed=FULL_GAME_SEED))
    seen: list[tuple[str, str]] = []
    hinted: set[Phase] = set()

    async def play() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            seen.extend(lines_of(screen_text(app), "the menu"))
            await pilot.press("n")
            await pilot.pause()
            seen.extend(lines_of(screen_text(app), "the new game"))
            await pilot.press("enter")
            for _ in range(400):
                name = await settle(pilot, app)
                if name in ("RecapScreen", "ConfirmScreen", "GameOverScreen"):
                    seen.extend(lines_of(screen_text(app), name))
                    if name == "GameOverScreen":
                        return
                    await pilot.press("enter" if name == "RecapScreen" else "y")
                    continue
                s = table_screen(app)
                t = s.table
                phase = s.decision
                assert phase is not None
                if phase not in hinted:
                    hinted.add(phase)
                    await pilot.press("h")
                    for _wait in range(600):
                        await pilot.pause(0.05)
                        if s.hinted or ("(" in s.message and not s.message.endswith("…")):
                            break
                    seen.extend(lines_of(screen_text(app), f"the table, a hint at {phase.value}"))
                if phase is Phase.EXCHANGE:
                    picks = {1: "45", 2: "5"}.get(t.view.exchange, "")
                    await pilot.press(*picks, "e") if picks else await pilot.press("k")
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
                    await pilot.press(str(next(i for i, c in enumerate(shown) if c in legal) + 1))
            raise AssertionError("the game did not end within 400 decisions")

    with use_language("xx"):
        asyncio.run(play())
    assert {Phase.EXCHANGE, Phase.PLAY, Phase.CHICAGO} <= hinted, hinted
    def plain(text: str) -> str:  # the rules' id and the database's URL are names, not words
        return " ".join(w for w in text.split() if "chicago-gamewide" not in w and "://" not in w)
    check([(plain(text), where) for text, where in seen], allowed=KEYS)
