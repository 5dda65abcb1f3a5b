"""Leaving `chicago play` from the saved games (Textual's pilot at 80×24): the quit question
answers to the keys of the interface's language only, and keys typed after "quit" while the
app closes do nothing (a quick n used to open the new-game form on a closing app)."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.widgets import Button

from chicago.table.tables.service import TableService
from chicago.text.i18n import use_language
from chicago.tui.app import MenuScreen
from chicago.tui.dialogs import ConfirmScreen
from test_tui import SIZE, flat, make_app, screen_text


def test_keys_typed_after_quit_do_nothing(service: TableService) -> None:
    app = make_app(service)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            # y and n in one go, as a quick typist sends them: both are queued before the
            # app has handled the first.
            app.post_message(events.Key("y", "y"))
            app.post_message(events.Key("n", "n"))
            await pilot.pause()
            await pilot.pause()

    asyncio.run(go())  # an exception in a handler (NoMatches '#seats') is raised here
    assert app.return_code == 0


@pytest.mark.parametrize(("lang", "other", "yes", "words"), [
    ("en", "j", "y", ("Quit Chicago? Every move is saved.", "n Stay", "y Quit")),
    ("sv", "y", "j", ("Avsluta Chicago? Alla drag är sparade.", "n Stanna", "j Avsluta")),
])
def test_the_quit_question_speaks_and_answers_in_the_interface_language(
    service: TableService, lang: str, other: str, yes: str, words: tuple[str, ...]
) -> None:
    app = make_app(service)

    async def go() -> None:
        with use_language(lang):
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                await pilot.press("escape")
                await pilot.pause()
                assert isinstance(app.screen, ConfirmScreen)
                text = flat(screen_text(app))
                for w in words:
                    assert w in text, (w, text)
                labels = [str(b.label) for b in app.screen.query(Button).results(Button)]
                assert labels == [words[1], words[2]]
                await pilot.press(other)  # the other language's yes is no answer here
                await pilot.pause()
                assert isinstance(app.screen, ConfirmScreen) and app.is_running
                await pilot.press("n")
                await pilot.pause()
                assert isinstance(app.screen, MenuScreen) and app.is_running
                await pilot.press("escape")
                await pilot.pause()
                await pilot.press(yes)
                await pilot.pause()
        assert not app.is_running

    asyncio.run(go())
