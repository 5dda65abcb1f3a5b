"""`chicago keep` driven by Textual's pilot: a whole engine-played game entered with the
buttons and keys, with an undo and a correction, on a temporary SQLite database."""

from __future__ import annotations

import asyncio
from pathlib import Path

from keep_oracle import Oracle, engine_game
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, Static

from chicago.core.keep import Entry, Pad, PadSetup, add, correct, start
from chicago.core.rules import HOUSE
from chicago.store import Owner, Store
from chicago.table.scorekeeper import KeepService
from chicago.tui.keep import EntriesScreen, KeepApp, PadScreen

ME = Owner("guest", "local:tester")
NAMES = ("Anna", "Bertil")
GAME = (2, 14)
"""Two players, seed 14, easy bots: four deals, a Chicago question, eighteen entries."""


async def press(pilot: Pilot[None], name: str) -> None:
    screen = pilot.app.screen
    found = [b for b in screen.query("#choices Button").results(Button) if b.name == name]
    assert found, (name, [b.name for b in screen.query("#choices Button").results(Button)])
    await pilot.click(f"#{found[0].id}")
    await pilot.pause()


async def enter(pilot: Pilot[None], e: Entry) -> None:
    if e.kind == "stage":
        await press(pilot, f"cat_{e.category}")
        if e.category == "none":
            return
        for x in e.seats:
            await press(pilot, f"seat_{x}")
        if e.rank is not None:
            await press(pilot, f"rank_{e.rank}")
        await press(pilot, "save")
    elif e.kind == "exchange":  # R2.4: yes / no for one player; several: pick, or Nobody
        shown = {b.name for b in pilot.app.screen.query("#choices Button").results(Button)}
        if "save" not in shown:
            await press(pilot, f"exchanged_{e.seats[0]}" if e.seats else "nobody")
            return
        if not e.seats:
            await press(pilot, "nobody")
            return
        for x in e.seats:
            await press(pilot, f"seat_{x}")
        await press(pilot, "save")
    elif e.kind == "quads":
        await press(pilot, e.choice)
    elif e.kind == "chicago":
        await press(pilot, "nobody" if e.seat is None else f"call_{e.seat}")
    else:
        if e.two:
            await press(pilot, "two")
        await press(pilot, f"win_{e.seat}")


def shown_scores(pilot: Pilot[None]) -> list[int]:
    table = pilot.app.screen.query_one("#scores", DataTable)
    return [int(str(table.get_row(str(x))[1])) for x in range(len(NAMES))]


def pad_of(pilot: Pilot[None]) -> Pad:
    screen = pilot.app.screen
    assert isinstance(screen, PadScreen)
    return screen.kept.pad


def test_a_whole_game_in_chicago_keep(tmp_path: Path) -> None:
    game = engine_game(HOUSE, *GAME, "easy")
    oracle = Oracle(game)
    mirror = start(PadSetup(NAMES, game.setup.dealer, HOUSE))
    store = Store(f"sqlite:///{tmp_path / 'keep.db'}")
    app = KeepApp(KeepService(store), ME)

    async def run() -> None:
        nonlocal mirror
        async with app.run_test(size=(110, 50)) as pilot:
            await pilot.pause()
            app.screen.query_one("#names", Input).value = ", ".join(NAMES)
            app.screen.query_one("#dealer", Input).value = str(game.setup.dealer + 1)
            await pilot.click("#start-pad")
            await pilot.pause()
            undone = corrected = False
            while mirror.ask.kind != "over":
                e = oracle.answer(mirror)
                if not undone and e.kind == "stage" and e.category != "none":
                    wrong = Entry("stage", e.deal, e.number, (e.seats[0],), "full_house")
                    await enter(pilot, wrong)
                    assert shown_scores(pilot) == list(add(mirror, wrong).state.scores)
                    await pilot.press("u")
                    await pilot.pause()
                    assert shown_scores(pilot) == list(mirror.state.scores)
                    undone = True
                await enter(pilot, e)
                mirror = add(mirror, e)
                assert pad_of(pilot).entries == mirror.entries
                assert shown_scores(pilot) == list(mirror.state.scores)
                if not corrected and mirror.ask.deal == 3:
                    first = next(i for i, line in enumerate(mirror.lines)
                                 if line.entry.kind == "stage" and line.entry.category != "none")
                    original = mirror.lines[first].entry
                    other = "two_pair" if original.category == "one_pair" else "one_pair"
                    worse = Entry("stage", original.deal, original.number, original.seats, other)
                    expected = correct(mirror, first, worse)
                    assert not expected.dropped
                    await pilot.press("e")
                    await pilot.pause()
                    assert isinstance(app.screen, EntriesScreen)
                    await pilot.click(f"#fix-{first}")
                    await pilot.pause()
                    assert "Correcting entry" in str(
                        app.screen.query_one("#correcting", Static).render())
                    await enter(pilot, worse)
                    assert shown_scores(pilot) == list(expected.pad.state.scores)
                    await pilot.press("e")
                    await pilot.pause()
                    await pilot.click(f"#fix-{first}")
                    await pilot.pause()
                    await enter(pilot, original)
                    assert shown_scores(pilot) == list(mirror.state.scores)
                    corrected = True
            assert undone and corrected
            assert shown_scores(pilot) == list(game.state.scores)
            question = str(app.screen.query_one("#question", Static).render())
            assert NAMES[game.state.winner or 0] in question
            await pilot.press("s")
            await pilot.pause()
            app.save_screenshot(str(tmp_path / "keep-sheet.svg"))

    try:
        asyncio.run(run())
    finally:
        store.close()
    again = KeepService(Store(f"sqlite:///{tmp_path / 'keep.db'}"))
    pads = again.owned(ME)
    assert len(pads) == 1 and pads[0].summary.scores == game.state.scores
    again.store.close()


def test_a_correction_that_drops_entries_asks_first(tmp_path: Path) -> None:
    """R4.4: correcting an early hand to a straight flush wins the game; the later entry no
    longer applies, so the pad says so and drops it only when told to."""
    store = Store(f"sqlite:///{tmp_path / 'keep.db'}")
    service = KeepService(store)
    kept = service.create(ME, {"players": list(NAMES), "dealer": 0,
                               "profile": "chicago-gamewide-0.2"})
    for seat, category in ((0, "flush"), (1, "straight")):
        ask = kept.pad.ask
        kept = service.add(ME, kept.id, kept.version, {
            "kind": "stage", "deal": ask.deal, "number": ask.number, "seats": [seat],
            "category": category})
    app = KeepApp(service, ME, kept.id)

    async def run() -> None:
        async with app.run_test(size=(110, 50)) as pilot:
            await pilot.pause()
            await pilot.press("e")
            await pilot.pause()
            await pilot.click("#fix-0")
            await pilot.pause()
            await enter(pilot, Entry("stage", 1, 1, (1,), "straight_flush"))
            notice = str(app.screen.query_one("#notice", Static).render())
            assert "1 later entry no longer applies" in notice and "confirm" in notice
            assert pad_of(pilot).state.scores == (5, 4)
            await press(pilot, "drop")
            assert pad_of(pilot).finished and pad_of(pilot).state.scores == (0, 52)
            notice = str(app.screen.query_one("#notice", Static).render())
            assert "Later entries dropped (1)" in notice

    try:
        asyncio.run(run())
    finally:
        store.close()
