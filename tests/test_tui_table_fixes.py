"""The terminal game's fixes, through Textual's pilot at 80×24: the log ends on
its latest line, the "Now" column shows the moves of the bots that acted before you, a
deal's recap counts "Before" from the deal's start after a resume, the rules dropdown
fits, unplayable cards are dimmed but readable, focus is visible on the new-game form, the
score chart has one scale and every deal, and custom profiles can be played."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from rich.color import Color as RichColor
from rich.console import Console
from textual.color import Color
from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Input, RichLog, Select
from textual.widgets._select import SelectCurrent

from chicago.core.actions import Play
from chicago.core.cards import card
from chicago.core.events import CardsExchanged, PointsAwarded
from chicago.core.rules import PRESETS, customize
from chicago.core.state import Phase
from chicago.table.tables.service import DealScores, Table, TableService
from chicago.text.seat_names import BOT_NAMES
from chicago.tui.app import ChicagoApp, NewGameDefaults, NewGameScreen
from chicago.tui.cards import FACE, card_face
from chicago.tui.dialogs import ChartScreen, RecapScreen, RulesScreen, chart_scale, score_bars
from chicago.tui.model import Board, sort_hand
from chicago.tui.rule_changes import profile_from_form
from test_tui import ME, SIZE, flat, make_app, screen_text, settle, start_game, table_screen


async def decide(pilot: Pilot[None], app: ChicagoApp) -> None:
    """Make seat 0's next decision with the simplest key: keep, no call, points, a card."""
    s = table_screen(app)
    phase = s.decision
    if phase is Phase.PLAY:
        legal = {a.card for a in s.table.legal if isinstance(a, Play)}
        shown = sort_hand(s.table.view.hand)
        await pilot.press(str(next(i for i, c in enumerate(shown) if c in legal) + 1))
    else:
        await pilot.press({Phase.EXCHANGE: "k", Phase.OFFER: "k", Phase.CHICAGO: "n",
                           Phase.QUADS: "p"}[phase])  # type: ignore[index]


def at_end(log: RichLog) -> bool:
    return log.scroll_y == log.max_scroll_y


# The log -----------------------------------------------------------------------------------------


def test_the_log_always_ends_on_the_latest_line(service: TableService) -> None:
    app = make_app(service, defaults=NewGameDefaults(seats=4, levels=("easy",) * 3, seed=7))
    checked = 0

    async def go() -> None:
        nonlocal checked
        async with app.run_test(size=SIZE) as pilot:
            await start_game(pilot, app)
            recaps = 0
            while recaps < 2:
                name = await settle(pilot, app)
                if name == "RecapScreen":
                    recaps += 1
                    await pilot.press("enter")
                    continue
                await pilot.pause()
                await pilot.pause()
                log = table_screen(app).query_one("#log", RichLog)
                assert at_end(log), (log.scroll_y, log.max_scroll_y, checked)
                checked += log.max_scroll_y > 0  # a log longer than its panel
                await decide(pilot, app)
            for size in ((100, 30), SIZE):
                await pilot.resize_terminal(*size)
                await pilot.pause()
                await pilot.pause()
                assert at_end(table_screen(app).query_one("#log", RichLog)), size

    asyncio.run(go())
    assert checked > 10


# The "Now" column --------------------------------------------------------------------------------


def _game_where_bots_exchange_first(service: TableService) -> Table:
    for seed in range(1, 50):  # seats 2 and 3 exchange before seat 0 when seat 1 deals (R1.3)
        t = service.create(ME, seats=4, level="easy", seed=seed).table
        if t.view.dealer == 1:
            return t
        service.delete(ME, t.id)
    raise AssertionError("no seed with seat 1 dealing")


def _seat_rows(text: str) -> dict[int, str]:
    rows = {}
    for line in text.splitlines():
        for seat in (1, 2, 3):
            if f"{BOT_NAMES[seat - 1]} (easy)" in line:
                rows[seat] = line
    return rows


def test_now_shows_the_moves_of_bots_that_acted_before_you(service: TableService) -> None:
    """R1.3: the exchange starts at the dealer's left; seats 2 and 3 have moved already."""
    t = _game_where_bots_exchange_first(service)
    moved = {e.seat: e for e in t.view.log if isinstance(e, CardsExchanged)}
    assert set(moved) == {2, 3}
    board = Board.from_view(t.view, t.levels, t.history)
    for seat, e in moved.items():
        count = len(e.discarded) if e.discarded else e.count  # type: ignore[attr-defined]
        assert board.notes[seat] == ("kept all" if count == 0 else f"changed {count}")
    app = make_app(service)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # resume the saved game
            assert await settle(pilot, app) == "TableScreen"
            rows = _seat_rows(screen_text(app))
            for seat in (2, 3):
                assert board.notes[seat] in rows[seat], rows[seat]
            assert "changed" not in rows[1] and "kept" not in rows[1]  # the dealer: not yet

    asyncio.run(go())


def test_now_after_a_fresh_deal_keeps_what_the_bots_did(service: TableService) -> None:
    app = make_app(service, defaults=NewGameDefaults(seats=4, levels=("easy",) * 3, seed=7))

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            s = await start_game(pilot, app)
            before_me = {e.seat for e in s.table.view.log if isinstance(e, CardsExchanged)}
            assert before_me  # seed 7: bots sit between the dealer and you
            assert set(s.board.notes) == before_me

    asyncio.run(go())


# The recap after a resume ------------------------------------------------------------------------


def _mid_deal_with_points(service: TableService) -> tuple[Table, tuple[int, ...]]:
    """A game resumed in its second deal or later, after points were scored in that deal."""
    t = service.create(ME, seats=3, level="easy", seed=11).table
    for _ in range(400):
        scored = any(isinstance(e, PointsAwarded) for e in t.view.log)
        if t.view.deal >= 2 and scored and t.legal:
            start = next(h.scores for h in reversed(t.history) if h.deal == t.view.deal - 1)
            assert start != tuple(t.view.scores)
            return t, start
        t = service.act(ME, t.id, t.version, t.legal[0]).table
    raise AssertionError("no such moment")


def test_the_recap_counts_before_from_the_deal_start_after_a_resume(
    service: TableService,
) -> None:
    t, start = _mid_deal_with_points(service)
    app = make_app(service)
    recap: list[Any] = []

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # quit earlier, resumed now
            for _ in range(60):
                name = await settle(pilot, app)
                if name == "RecapScreen":
                    screen = app.screen
                    assert isinstance(screen, RecapScreen)
                    recap.append(screen.recap)
                    return
                await decide(pilot, app)

    asyncio.run(go())
    [r] = recap
    assert r.deal == t.view.deal
    assert r.before == start  # not the scores at the moment of the resume


# The new-game form --------------------------------------------------------------------------------


def test_the_rules_dropdown_fits_at_80x24(service: TableService) -> None:
    app = make_app(service)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, NewGameScreen)
            select = form.query_one("#profile", Select)
            select.focus()
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            assert select.expanded
            overlay = select.query_one("SelectOverlay")
            screen = form.region
            footer = form.query_one("Footer").region
            assert screen.contains_region(overlay.region), overlay.region
            assert not overlay.region.overlaps(footer)
            text = flat(screen_text(app))
            for preset in PRESETS.values():
                assert preset.title in text, preset.title
            await pilot.press("escape")

    asyncio.run(go())


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_unplayable_cards_are_dimmed_but_readable() -> None:
    """R6.1 dims the cards you may not play; their rank and suit must still read (WCAG AA)."""
    for c in (card("Ks"), card("Th")):
        dim = card_face(c, False, dim=True)
        normal = card_face(c, False)
        rank = next(s.style for s in dim.spans if "bold" in str(s.style))
        style = dim.get_style_at_offset(Console(), dim.plain.index(c.suit.symbol))
        assert style.color is not None and style.bgcolor is not None, rank
        ink = style.color.get_truecolor()
        paper = style.bgcolor.get_truecolor()
        assert contrast(tuple(ink), tuple(paper)) >= 4.5
        normal_paper = RichColor.parse(FACE).get_truecolor()
        assert tuple(paper) != tuple(normal_paper)  # still visibly set apart
        assert normal.plain == dim.plain


def _focus_colour(widget: Any) -> tuple[int, int, int]:
    if isinstance(widget, Select):
        c: Color = widget.query_one(SelectCurrent).styles.background
    elif isinstance(widget, Checkbox):
        bg = widget.get_component_rich_style("toggle--label").bgcolor
        assert bg is not None
        t = bg.get_truecolor()
        return (t.red, t.green, t.blue)
    else:  # an input or a button: as drawn, reversed or not
        style = widget.rich_style
        shown = style.color if style.reverse else style.bgcolor
        assert shown is not None
        t = shown.get_truecolor()
        return (t.red, t.green, t.blue)
    return c.rgb


def test_focus_is_visible_on_the_new_game_form(service: TableService) -> None:
    app = make_app(service, defaults=NewGameDefaults(seats=4, levels=("easy", "hard", "easy")))

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, NewGameScreen)
            screen_bg = form.styles.background.rgb
            fields = [w for w in form.query("Select, Input, Checkbox, Button")
                      if isinstance(w, Select | Input | Checkbox | Button) and w.display
                      and w.parent is not None and w.parent.display]
            assert len(fields) >= 8
            for widget in fields:
                form.set_focus(None)
                await pilot.pause()
                blurred = _focus_colour(widget)
                widget.focus()
                await pilot.pause()
                focused = _focus_colour(widget)
                assert focused != blurred, (widget.id, app.focused)
                assert contrast(focused, screen_bg) >= 3, (widget.id, focused, screen_bg)
            # Tab walks through them, one visible focus at a time.
            form.query_one("#seats").focus()
            await pilot.press("tab")
            assert app.focused is not None and app.focused.id == "all-levels"

    asyncio.run(go())


# The score chart ---------------------------------------------------------------------------------


def _history(deals: int) -> list[DealScores]:
    return [DealScores(d, (d, 4 * d, 0)) for d in range(1, deals + 1)]


def test_the_chart_uses_one_scale_for_everyone() -> None:
    history = _history(12)
    low, high = chart_scale(history, 52)
    assert (low, high) == (0, 52)
    slow, fast, idle = (score_bars(history, seat, low, high) for seat in range(3))
    assert len(slow) == len(fast) == 12  # one bar per deal
    assert fast[-1] == "▇" and slow[-1] == "▃"  # 48 and 12 of 52, on the same scale
    assert set(idle) == {"▁"}
    scores = [DealScores(1, (-20, 60))]  # no floor, past the target: the scale widens
    assert chart_scale(scores, 52) == (-20, 60)


def test_the_chart_shows_every_deal(service: TableService) -> None:
    history = _history(30)
    app = make_app(service)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.push_screen(ChartScreen(history, history[-1].scores, (None, "easy", "easy"), 52))
            await pilot.pause()
            await pilot.pause()
            chart = app.screen
            assert isinstance(chart, ChartScreen)
            bars = str(chart.query_one("#bars").render())
            assert [len(line) for line in bars.splitlines()] == [30, 30, 30]
            numbers = chart.query_one("#numbers-scroll")
            assert numbers.max_scroll_y > 0  # thirty deals do not fit: they scroll
            text = flat(screen_text(app))
            assert " 30 30 120 0 " in text  # the latest deal is in view first
            # the columns' names stay in view while the deals scroll, in words
            assert "Deal You Astrid Bengt" in text
            assert all(f" {n} points " in text for n in (30, 120, 0))  # not "30 pts"
            numbers.scroll_home(animate=False)
            await pilot.pause()
            text = flat(screen_text(app))
            assert "Deal You Astrid Bengt" in text and " 1 1 4 0 " in text
            assert chart.region.contains_region(chart.query_one("#keys").region)

    asyncio.run(go())


# Custom profiles ---------------------------------------------------------------------------------


def test_a_custom_profile_from_the_command_line_is_played(service: TableService) -> None:
    """docs/rules.md §X: a custom profile, given with --set, reaches the form and the game."""
    custom = customize("classic", target=51, quads="points_and_reset")
    app = make_app(service, defaults=NewGameDefaults(seats=2, levels=("easy",), seed=3,
                                                     profile=custom), start_new=True)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            form = app.screen
            assert isinstance(form, NewGameScreen)
            assert form.query_one("#profile", Select).value == "classic"
            assert form.query_one("#changes", Input).value == (
                "target=51, quads=points_and_reset")
            await pilot.press("enter")
            assert await settle(pilot, app) == "TableScreen"
            assert table_screen(app).table.profile == custom

    asyncio.run(go())
    [row] = service.list(ME)
    assert row.profile_id == custom.id


def test_the_form_takes_rule_changes(service: TableService) -> None:
    app = make_app(service, defaults=NewGameDefaults(seats=2, levels=("easy",), seed=4))

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, NewGameScreen)
            changes = form.query_one("#changes", Input)
            changes.value = "target=7"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert "target cannot be 7 (offered: 50, 51, 52, 100)" in flat(screen_text(app))
            assert service.list(ME) == []
            changes.value = "straight_flush_points=11"
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert "contradicts straight_flush=win" in flat(screen_text(app))
            changes.value = "straight_flush=points, straight_flush_points=11, score_floor=none"
            await pilot.press("ctrl+r")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            assert "preset with changes" in flat(screen_text(app))
            await pilot.press("escape")
            await pilot.pause()
            changes.focus()
            await pilot.press("enter")
            assert await settle(pilot, app) == "TableScreen"
            profile = table_screen(app).table.profile
            assert (profile.straight_flush_points, profile.score_floor) == (11, None)

    asyncio.run(go())


def test_profile_from_form_reads_lists_and_none() -> None:
    p = profile_from_form("basic", "hand_awards=[1,2,3,4,5,6], score_floor=0")
    assert p.score_floor == 0 and p.base == "basic"
    with pytest.raises(ValueError, match="knob=value"):
        profile_from_form("basic", "target")
    assert profile_from_form("classic", " ").id == "classic"


def test_now_notes_follow_the_stages_of_a_deal() -> None:
    """Exchange words until the first card (R5.1: the Chicago question comes between), then
    only a first-trick call's word until that trick is taken."""
    from chicago.core.game import Game
    from chicago.tui.model import redacted

    game = Game.new(seats=3, seed=4)
    levels = (None, "easy", "easy")
    seen_play = False
    for _step in range(60):
        if game.finished:
            break
        game.apply(game.legal_actions()[0])
        v = game.view(0)
        board = Board.from_view(v, levels)
        kinds = [d["type"] for d in redacted(v.log)]
        if v.phase is Phase.PLAY and "card_played" in kinds:
            seen_play = True
            assert not any(n in ("kept all", "no call") or n.startswith("changed")
                           for n in board.notes.values()), board.notes
    assert seen_play
