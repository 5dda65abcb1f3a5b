"""`chicago keep` at 80×24 and 60×20 (Textual's pilot): every answer's label whole, the first
field or answer focused, the keys to leave shown, q back to the pads, Escape out of a
correction that would drop entries with nothing changed, the 45+ question as yes / no, and
only what the profile scores (R2.4, R6.3, §X)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, Static

from chicago.store import Owner, Store
from chicago.table.scorekeeper import KeepService, Kept
from chicago.text.i18n import use_language
from chicago.tui.dialogs import ConfirmScreen
from chicago.tui.keep import KeepApp, PadScreen, StartScreen

ME = Owner("guest", "local:tester")
LONG = ["Anna-Karin", "Bertil", "Cissi", "Per", "Margareta", "Ulf"]


def whole_labels(pilot: Pilot[None]) -> list[str]:
    """The labels of the answers that do not fit their button (none, at any size)."""
    cut = []
    for b in pilot.app.screen.query("#choices Button").results(Button):
        if b.content_region.width < len(str(b.label)):
            cut.append(str(b.label))
    return cut


def add(service: KeepService, kept: Kept, **entry: Any) -> Kept:
    ask = kept.pad.ask
    number = {"number": ask.number} if entry["kind"] in ("stage", "exchange") else {}
    return service.add(ME, kept.id, kept.version, {"deal": ask.deal, **number, **entry})


def run(tmp_path: Path, size: tuple[int, int], body: Any, pad: Any = None,
        lang: str = "sv") -> None:
    store = Store(f"sqlite:///{tmp_path / 'keep.db'}")
    service = KeepService(store)
    kept = pad(service) if pad else None

    async def go() -> None:
        with use_language(lang):
            app = KeepApp(service, ME, kept.id if kept else None)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                await body(pilot, service, kept)

    try:
        asyncio.run(go())
    finally:
        store.close()


def six_house(service: KeepService) -> Kept:
    return service.create(ME, {"players": LONG, "dealer": 0,
                               "profile": "chicago-gamewide-0.2"})


def test_the_start_screen_and_the_pad_fit_80x24_and_60x20(tmp_path: Path) -> None:
    for size in ((80, 24), (60, 20)):
        shots = tmp_path / f"{size[0]}x{size[1]}"
        shots.mkdir()

        async def body(pilot: Pilot[None], service: KeepService, kept: Kept | None,
                       shots: Path = shots, size: tuple[int, int] = size) -> None:
            app = pilot.app
            assert isinstance(app.screen, StartScreen)
            assert isinstance(app.focused, Input) and app.focused.id == "names"
            keys = {k for k, b in app.screen.active_bindings.items() if b.binding.show}
            assert "ctrl+q" in keys  # a way out, shown
            await pilot.press("escape")  # asks first; n stays
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
            app.screen.query_one("#names", Input).value = ", ".join(LONG)
            await pilot.click("#start-pad")
            await pilot.pause()
            assert isinstance(app.screen, PadScreen)
            assert isinstance(app.focused, Button)  # the first answer
            assert whole_labels(pilot) == []
            app.save_screenshot(str(shots / "categories.svg"))
            await pilot.press("enter")  # "inget par" scores nothing: the next stage
            await pilot.pause()
            buttons = list(app.screen.query("#choices Button").results(Button))
            await pilot.click(f"#{next(b for b in buttons if b.name == 'cat_full_house').id}")
            await pilot.pause()
            assert whole_labels(pilot) == [], whole_labels(pilot)
            app.save_screenshot(str(shots / "seats.svg"))
            for b in app.screen.query("#choices Button").results(Button):
                assert b.region.bottom <= size[1] - 1, (b.label, b.region)  # above the footer
            await pilot.press("q")  # back to the pads, not out of the program
            await pilot.pause()
            assert isinstance(app.screen, StartScreen) and app.is_running
            assert app.screen.query(".saved")

        run(shots, size, body)


def test_tricks_with_a_call_fit_and_a_two_only_where_it_scores(tmp_path: Path) -> None:
    """R6.3: under the house rules a two makes the last trick 10; under classic (§X) it is 5
    either way, so classic asks no two, and shows no qualification (classic has none)."""

    def classic(service: KeepService) -> Kept:
        kept = service.create(ME, {"players": LONG[:4], "dealer": 0, "profile": "classic"})
        for _ in range(2):  # 12 for Bertil, and the last trick: 17, then he calls
            kept = add(service, kept, kind="stage", seats=[1], category="full_house")
        kept = add(service, kept, kind="tricks", seat=1, two=False)
        for _ in range(3):
            kept = add(service, kept, kind="stage", seats=[], category="none")
        return add(service, kept, kind="chicago", seat=1)

    async def body(pilot: Pilot[None], service: KeepService, kept: Kept) -> None:
        names = [b.name for b in pilot.app.screen.query("#choices Button").results(Button)]
        assert "two" not in names and "win_1" in names
        assert whole_labels(pilot) == []
        table = pilot.app.screen.query_one("#scores", DataTable)
        assert "kvalificerad" not in " ".join(str(c) for c in table.get_row("1"))
        pilot.app.save_screenshot(str(tmp_path / "classic-tricks.svg"))

    run(tmp_path, (80, 24), body, classic)


def test_one_player_at_45_is_asked_yes_or_no(tmp_path: Path) -> None:
    """R2.4: "Bytte Anna?" with Nej first (the safe answer) and Ja; nobody is Nej."""

    def at_46(service: KeepService) -> Kept:
        kept = service.create(ME, {"players": ["Anna", "Bo"], "dealer": 0,
                                   "profile": "chicago-gamewide-0.2"})
        while kept.pad.ask.kind != "exchange":
            kind = kept.pad.ask.kind
            if kind == "stage":
                kept = add(service, kept, kind="stage", seats=[0], category="full_house")
            elif kind == "chicago":
                kept = add(service, kept, kind="chicago", seat=None)
            else:
                kept = add(service, kept, kind="tricks", seat=0, two=False)
        return kept

    async def body(pilot: Pilot[None], service: KeepService, kept: Kept) -> None:
        question = str(pilot.app.screen.query_one("#question", Static).render())
        assert question.startswith("Första bytet: bytte Anna?"), question
        buttons = list(pilot.app.screen.query("#choices Button").results(Button))
        assert [str(b.label) for b in buttons] == ["Nej", "Ja, Anna bytte"]
        assert pilot.app.focused is buttons[0]
        await pilot.press("enter")
        await pilot.pause()
        pad = pilot.app.screen
        assert isinstance(pad, PadScreen) and pad.kept.pad.state.scores[0] >= 45
        assert pad.kept.pad.entries[-1].seats == ()

    run(tmp_path, (80, 24), body, at_46)


def test_a_correction_that_would_drop_entries_names_them_and_escape_cancels(
        tmp_path: Path) -> None:
    """R4.4: correcting the first hand to a straight flush ends the game, so the later entry
    would go: it is named, and Escape leaves the correction with nothing changed."""

    def two_entries(service: KeepService) -> Kept:
        kept = service.create(ME, {"players": ["Anna", "Bo"], "dealer": 0,
                                   "profile": "chicago-gamewide-0.2"})
        kept = add(service, kept, kind="stage", seats=[0], category="flush")
        return add(service, kept, kind="stage", seats=[1], category="straight")

    async def body(pilot: Pilot[None], service: KeepService, kept: Kept) -> None:
        app = pilot.app
        await pilot.press("e")
        await pilot.pause()
        await pilot.click("#fix-0")
        await pilot.pause()
        for name in ("cat_straight_flush", "seat_1", "save"):
            found = [b for b in app.screen.query("#choices Button").results(Button)
                     if b.name == name]
            await pilot.click(f"#{found[0].id}")
            await pilot.pause()
        notice = str(app.screen.query_one("#notice", Static).render())
        assert "Bästa handen efter andra bytet: Bo, stege." in notice, notice
        labels = [str(b.label) for b in app.screen.query("#choices Button").results(Button)]
        assert labels == ["Avbryt rättelsen", "Stryk dem"]
        app.save_screenshot(str(tmp_path / "dropping.svg"))
        await pilot.press("escape")
        await pilot.pause()
        pad = app.screen
        assert isinstance(pad, PadScreen) and pad.correcting is None
        assert str(pad.query_one("#correcting", Static).render()) == ""
        again = service.get(ME, kept.id)
        assert again.version == kept.version and again.pad.state.scores == (5, 4)

    run(tmp_path, (80, 24), body, two_entries)


def test_the_arrows_move_between_answers_and_an_empty_list_is_told(tmp_path: Path) -> None:
    """No Tab needed: ← → (and ↑ ↓ across the grid's rows) move between the answers; starting
    with no names says what to type in a sentence, not "not 1"."""

    async def body(pilot: Pilot[None], service: KeepService, kept: Kept | None) -> None:
        app = pilot.app
        assert isinstance(app.screen, StartScreen)
        await pilot.click("#start-pad")  # nothing typed
        await pilot.pause()
        notice = str(app.screen.query_one("#start-notice", Static).render())
        assert notice == ("Skriv spelarnas namn i den ordning de sitter, åtskilda med "
                          "kommatecken: 2 till 6 spelare."), notice
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#names", Input).value = "Anna, Bo, Cia"
        # A button ignores a click while it still shows the last one (Textual's
        # active_effect_duration, 0.2 s): a person never clicks again that fast.
        await pilot.pause(0.3)
        await pilot.click("#start-pad")
        for _ in range(100):  # the pad is stored first: under load that takes a while
            await pilot.pause(0.05)
            if isinstance(app.screen, PadScreen) and app.screen.query("#choices Button"):
                break
        assert isinstance(app.screen, PadScreen)
        answers = list(app.screen.query("#choices Button").results(Button))
        assert app.focused is answers[0]
        await pilot.press("right")
        assert app.focused is answers[1]
        await pilot.press("left", "left")
        assert app.focused is answers[-1]  # round the end
        await pilot.press("right")
        assert app.focused is answers[0]
        columns = app.screen.query_one("#choices").styles.grid_size_columns
        assert columns and columns < len(answers)
        await pilot.press("down")
        assert app.focused is answers[columns]
        await pilot.press("up")
        assert app.focused is answers[0]

    run(tmp_path, (80, 24), body)
