"""The full-screen terminal game (`chicago play`), driven by Textual's pilot at 80×24.

Each test runs the app on its own temporary SQLite database through the same table service
as the web app, under the local owner. The pace of the shown events is 0 (no pauses) except
where the skip key is tested. Screens are checked through the text of their screenshots
(`App.export_screenshot()`, an SVG).
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from chicago.bots.hard import WORLDS
from chicago.core import record
from chicago.core.actions import Exchange
from chicago.core.cards import card
from chicago.core.events import CardPlayed, CardsDealt, CardsExchanged, OfferShown
from chicago.core.state import Phase
from chicago.store import Owner
from chicago.table.tables.service import TableService
from chicago.tui.app import ChicagoApp, MenuScreen, NewGameDefaults, NewGameScreen
from chicago.tui.dialogs import (
    ChartScreen,
    ConfirmScreen,
    GameOverScreen,
    KeysScreen,
    LogScreen,
    PathScreen,
    RecapScreen,
    RulesScreen,
)
from chicago.tui.local import local_owner
from chicago.tui.model import card_tokens, sort_hand
from chicago.tui.table import TableScreen

SIZE = (80, 24)
FULL_GAME_SEED = 141
"""Two seats, an easy bot: with the keys below this game ends after a few deals and meets an
open offer kept and declined, a Chicago question and an end-of-deal recap."""
RESET_GAME = Path(__file__).with_name("test_tui_reset_game.json")
"""A game file that stops at seat 0's first exchange of a deal with 47 points (R2.4)."""
ME = local_owner("tester")


LOG_LINES: list[str] = []


@pytest.fixture(autouse=True)
def _collect_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every line a table writes to its log, for the R9.1 check above."""
    LOG_LINES.clear()
    original = TableScreen._log

    def spy(self: TableScreen, lines: list[str], data: Any = None) -> None:
        LOG_LINES.extend(lines)
        original(self, lines, data)

    monkeypatch.setattr(TableScreen, "_log", spy)


def make_app(service: TableService, **kw: Any) -> ChicagoApp:
    kw.setdefault("pace", 0.0)
    return ChicagoApp(service, ME, **kw)


def screen_text(app: ChicagoApp) -> str:
    """The screen as lines of text, from the SVG screenshot."""
    svg = app.export_screenshot()
    rows: dict[int, list[tuple[float, str]]] = {}
    pattern = (r'<text [^>]*?x="([\d.]+)" y="[\d.]+"[^>]*?clip-path="url\(#[\w-]+-line-(\d+)\)"'
               r"[^>]*>(.*?)</text>")
    for m in re.finditer(pattern, svg):
        rows.setdefault(int(m.group(2)), []).append((float(m.group(1)), html.unescape(m.group(3))))
    lines = []
    for n in sorted(rows):
        line = ""
        for x, piece in sorted(rows[n]):
            column = round(x / 12.2)
            line = line.ljust(column) + piece
        lines.append(line.replace("\xa0", " ").rstrip())
    return "\n".join(lines)


def flat(text: str) -> str:
    """Screen text without frames, its line breaks and runs of spaces folded (for wrapped
    sentences)."""
    return re.sub(r"\s+", " ", re.sub(r"[█▀▄▌▐│┃]", " ", text))


async def settle(pilot: Pilot[None], app: ChicagoApp, seconds: float = 60.0) -> str:
    """Wait until the app waits for the player; the name of the screen on top."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        await pilot.pause()
        s = app.screen
        waiting = isinstance(s, (RecapScreen, GameOverScreen, ConfirmScreen, PathScreen,
                                 MenuScreen, NewGameScreen))
        if waiting and not (isinstance(s, (PathScreen, NewGameScreen)) and s.working):
            return type(s).__name__
        if isinstance(s, TableScreen) and not s.busy and not s.animating and (
            s.ready or s.table.finished
        ):
            return "TableScreen"
        await asyncio.sleep(0.01)
    raise AssertionError(f"the app did not settle: {type(app.screen).__name__}")


def table_screen(app: ChicagoApp) -> TableScreen:
    s = app.screen
    assert isinstance(s, TableScreen), type(s).__name__
    return s


async def start_game(pilot: Pilot[None], app: ChicagoApp) -> TableScreen:
    await pilot.press("n")
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    await pilot.press("enter")
    assert await settle(pilot, app) == "TableScreen"
    return table_screen(app)


# A whole game by keyboard ----------------------------------------------------------------


def test_whole_seeded_game_by_keyboard(service: TableService) -> None:
    """A seeded game against an easy bot, played to its end with keys only, at 80×24."""
    defaults = NewGameDefaults(seats=2, levels=("easy",), seed=FULL_GAME_SEED)
    app = make_app(service, defaults=defaults)
    seen: dict[str, int] = {}
    illegal_tried = False

    async def play() -> None:
        nonlocal illegal_tried
        async with app.run_test(size=SIZE) as pilot:
            await start_game(pilot, app)
            for _ in range(400):  # a cap on decisions: the game ends well before
                name = await settle(pilot, app)
                seen[name] = seen.get(name, 0) + 1
                if name == "RecapScreen":
                    if seen[name] == 1:  # (screenshots are slow: the first of each kind)
                        assert "recap" in screen_text(app)
                    await pilot.press("enter")
                    continue
                if name == "ConfirmScreen":
                    await pilot.press("y")
                    continue
                if name == "GameOverScreen":
                    text = screen_text(app)
                    assert "wins the game" in text or "You win the game!" in text
                    assert f"Seed {FULL_GAME_SEED}." in text
                    return
                s = table_screen(app)
                t = s.table
                phase = s.decision
                assert phase is not None
                seen[phase.value] = seen.get(phase.value, 0) + 1
                if phase is Phase.EXCHANGE:
                    picks = {1: "45", 2: "5"}.get(t.view.exchange, "")
                    if picks:
                        await pilot.press(*picks)
                        if seen[phase.value] == 1:
                            assert f"Selected: {len(picks)}." in flat(screen_text(app))
                        await pilot.press("e")
                    else:
                        await pilot.press("k")
                elif phase is Phase.OFFER:
                    assert t.view.offer is not None
                    await pilot.press("k" if t.view.offer.rank >= 10 else "d")
                elif phase is Phase.CHICAGO:
                    if seen[phase.value] == 1:
                        assert "Call Chicago?" in flat(screen_text(app))
                    await pilot.press("n")
                elif phase is Phase.QUADS:
                    await pilot.press("p")
                else:
                    shown = sort_hand(t.view.hand)
                    legal = {a.card for a in t.legal if hasattr(a, "card")}
                    if not illegal_tried and len(legal) < len(shown):
                        wrong = next(i for i, c in enumerate(shown) if c not in legal)
                        await pilot.press(str(wrong + 1))
                        assert "You must follow suit" in flat(screen_text(app))
                        assert s.table.version == t.version  # nothing was sent
                        illegal_tried = True
                    first = next(i for i, c in enumerate(shown) if c in legal)
                    await pilot.press(str(first + 1))
            raise AssertionError("the game did not end within 400 decisions")

    asyncio.run(play())
    assert seen.get("RecapScreen", 0) >= 1
    assert seen.get("exchange", 0) >= 3 and seen.get("play", 0) >= 5
    assert illegal_tried
    [row] = service.list(ME)
    assert row.summary.status == "finished"
    # R9.1: no card the player could not know was ever written to the log.
    allowed: set[str] = set()
    secret: set[str] = set()
    for e in record.replay(record.parse({**row.setup, "actions": service.store.actions(
            row.id, row.version)})).events:
        if isinstance(e, CardsDealt):
            (allowed if e.seat == 0 else secret).update(c.text for c in e.cards)
        elif isinstance(e, CardsExchanged):
            (allowed if e.seat == 0 else secret).update(c.text for c in e.discarded + e.drawn)
        elif isinstance(e, (CardPlayed, OfferShown)):
            allowed.add(e.card.text)
    hidden = secret - allowed
    assert hidden  # the opponent held cards seat 0 never saw
    # The log names cards by their faces (K♦), as players read them; never by a file's code.
    assert not re.findall(r"\b[2-9TJQKA][cdhs]\b", " ".join(LOG_LINES))
    logged = {c.text for line in LOG_LINES for _piece, c in card_tokens(line) if c is not None}
    assert logged <= allowed, logged & hidden
    assert logged


# The main screens at 80×24 -----------------------------------------------------------------


def test_screens_at_80x24(service: TableService) -> None:
    defaults = NewGameDefaults(seats=4, levels=("easy", "normal", "easy"), seed=7)
    app = make_app(service, defaults=defaults)

    async def look() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "saved games" in text
            assert "No saved games yet. Press n to start a game" in text
            assert "n New game" in text and "i Import" in text

            await pilot.press("n")
            await pilot.pause()
            text = screen_text(app)
            for words in ("a new game", "Seats (you + bots)", "All opponents", "Rules",
                          "Seed (blank: random)", "four colours", "Start (Enter)"):
                assert words in text, words
            assert "Bengt" in text and "normal" in text  # mixed levels are listed per seat

            await pilot.press("enter")
            assert await settle(pilot, app) == "TableScreen"
            s = table_screen(app)
            text = screen_text(app)
            lines = text.splitlines()
            assert len(lines) <= SIZE[1]
            assert all(len(line) <= SIZE[0] for line in lines)
            assert "Deal 1 · Exchange 1 of 3" in lines[0] and "your turn" in lines[0]
            for label in ("You", "Astrid (easy)", "Bengt (normal)", "Cissi (easy)"):
                assert label in text
            assert text.count("╭─────╮") == 5  # five cards, box-drawn
            shown = sort_hand(s.table.view.hand)
            top = lines[next(i for i, x in enumerate(lines) if "╭─────╮" in x) + 1]
            assert shown[0].suit.symbol in top
            assert "e Exchange" in text and "k Keep" in text and "h Hint" in text
            assert "Your cards:" in text  # the log

            await pilot.press("2", "4")
            text = screen_text(app)
            assert text.count("┏━━━━━┓") == 2 and "2 out" in text and "4 out" in text
            assert "e Exchange 2" in text
            await pilot.press("4")
            assert screen_text(app).count("┏━━━━━┓") == 1
            await pilot.click("#card-0")  # the mouse: a click chooses, a second puts back
            assert shown[0] in s.selected and len(s.selected) == 2
            await pilot.click("#card-0")
            assert s.selected == {shown[1]}

            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, KeysScreen)
            assert "hint: the hard bot's suggestion" in screen_text(app)
            await pilot.press("escape")

            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            text = screen_text(app)
            assert "Chicago" in text and "Rule profile" in text
            await pilot.press("escape")

            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, ChartScreen)
            text = screen_text(app)
            assert "Scores after each deal (target 52)" in text
            assert "The chart starts after the first deal." in text
            await pilot.press("escape")

            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, LogScreen)
            assert "Deal 1" in screen_text(app)
            await pilot.press("escape")

            assert not app.four_colour
            await pilot.press("f")
            assert app.four_colour
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            text = screen_text(app)
            assert "in play" in text and "e,n,e" in text

    asyncio.run(look())


def test_resizes_down_to_80x24(service: TableService) -> None:
    app = make_app(service, defaults=NewGameDefaults(seats=6, levels=("easy",) * 5, seed=3))

    async def resize() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            s = await start_game(pilot, app)
            assert s.has_class("-roomy")
            for size in ((80, 24), (100, 30), (80, 24)):
                await pilot.resize_terminal(*size)
                await pilot.pause()
                await pilot.pause()
                assert not s.has_class("-roomy")
                screen = s.region
                for ident in ("#card-0", "#card-4", "#prompt", "#buttons", "#seats"):
                    region = s.query_one(ident).region
                    assert screen.contains_region(region), (ident, region, size)
                text = screen_text(app)
                assert text.count("╭─────╮") == 5
                assert "Elsa (easy)" in text  # all six seats fit
            await pilot.resize_terminal(120, 40)
            await pilot.pause()
            assert s.has_class("-roomy")

    asyncio.run(resize())


# Saves: resume, delete, export, import ----------------------------------------------------


def test_resume_and_delete_a_saved_game(service: TableService) -> None:
    created = service.create(ME, seats=3, level="easy", seed=11).table
    other = service.create(Owner("guest", "f" * 64), seats=2, level="easy", seed=1).table
    app = make_app(service)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = screen_text(app)
            assert "in play" in text and "easy ×2" in text
            assert len(app.screen.query_one("#games").rows) == 1  # type: ignore[attr-defined]
            await pilot.press("enter")
            assert await settle(pilot, app) == "TableScreen"
            s = table_screen(app)
            assert s.table.id == created.id and s.table.version == created.version
            assert "Your cards:" in screen_text(app)  # this deal's story so far
            await pilot.click("#keep-all")  # keep all five, by mouse: stored at once
            assert await settle(pilot, app) in ("TableScreen", "RecapScreen")
            assert service.store.get_game(created.id).version > created.version  # type: ignore[union-attr]
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            await pilot.press("d")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            assert "This cannot be undone" in flat(screen_text(app))
            await pilot.press("n")
            await pilot.pause()
            assert len(service.list(ME)) == 1
            await pilot.press("d")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert service.list(ME) == []
            assert "No saved games yet" in screen_text(app)

    asyncio.run(go())
    assert service.store.get_game(other.id) is not None  # a web guest's game is untouched


def test_export_and_import_game_files(service: TableService, tmp_path: Path) -> None:
    created = service.create(ME, seats=2, level="easy", seed=5).table
    out = tmp_path / "backup.json"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "chicago-game/1", "seats": 9}), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    app = make_app(service)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("x")
            await pilot.pause()
            assert isinstance(app.screen, PathScreen)
            path_input = app.screen.query_one("#path")
            path_input.value = str(out)  # type: ignore[attr-defined]
            await pilot.press("enter")
            assert await settle(pilot, app) == "MenuScreen"
            data = json.loads(out.read_text(encoding="utf-8"))
            game = record.replay(record.loads(out.read_text(encoding="utf-8")))
            assert len(game.actions) == created.version
            assert data["meta"]["levels"] == [None, "easy"]

            for path, words in ((bad, "seats must be a whole number from 2 to 6"),
                                (broken, "not valid JSON"),
                                (tmp_path / "missing.json", "cannot read")):
                await pilot.press("i")
                await pilot.pause()
                assert isinstance(app.screen, PathScreen)
                app.screen.query_one("#path").value = str(path)  # type: ignore[attr-defined]
                await pilot.press("enter")
                assert await settle(pilot, app) == "PathScreen"
                text = flat(screen_text(app))
                assert words in text, text
                await pilot.press("escape")
                await pilot.pause()
            assert len(service.list(ME)) == 1  # nothing stored from a bad file

            await pilot.press("i")
            await pilot.pause()
            app.screen.query_one("#path").value = str(out)  # type: ignore[attr-defined]
            await pilot.press("enter")
            assert await settle(pilot, app) == "TableScreen"
            assert table_screen(app).table.id != created.id
            assert len(service.list(ME)) == 2

    asyncio.run(go())


# Decisions that need a particular moment -------------------------------------------------


def test_high_score_reset_is_confirmed(service: TableService) -> None:
    """R2.4: at 45+ an exchange that discards asks first, and says the score goes to 0."""
    table = service.import_file(ME, json.loads(RESET_GAME.read_text(encoding="utf-8"))).table
    assert table.view.scores[0] >= 45 and table.view.phase is Phase.EXCHANGE
    assert any(isinstance(a, Exchange) and a.confirm_reset for a in table.legal)
    app = make_app(service)

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            assert await settle(pilot, app) == "TableScreen"
            s = table_screen(app)
            text = flat(screen_text(app))
            assert "discarding any card resets your score to 0 (R2.4)" in text
            await pilot.press("1", "e")
            assert await settle(pilot, app) == "ConfirmScreen"
            text = flat(screen_text(app))
            assert f"Discarding resets your score from {table.view.scores[0]} to 0 (R2.4)" in text
            await pilot.press("n")
            assert await settle(pilot, app) == "TableScreen"
            assert s.table.version == table.version
            assert "Then choose again." in flat(screen_text(app))
            await pilot.press("e")
            assert await settle(pilot, app) == "ConfirmScreen"
            await pilot.press("y")
            assert await settle(pilot, app) in ("TableScreen", "RecapScreen")
            assert any("score is reset from" in line for line in LOG_LINES)

    asyncio.run(go())


def test_hint_and_skip(service: TableService) -> None:
    """h shows the hard bot's suggestion and reason; space skips the paced bot moves."""
    app = make_app(service, pace=5.0,
                   defaults=NewGameDefaults(seats=4, levels=("easy",) * 3, seed=2))

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("enter")
            deadline = time.monotonic() + 30
            while not (isinstance(app.screen, TableScreen) and app.screen.animating):
                assert time.monotonic() < deadline
                await pilot.pause(0.02)
            s = table_screen(app)
            assert "(space: skip)" in screen_text(app)
            started = time.monotonic()
            await pilot.press("space")
            assert await settle(pilot, app, 20) == "TableScreen"
            assert time.monotonic() - started < 4  # unskipped, these pauses last over 10 s
            assert s.decision is Phase.EXCHANGE
            await pilot.press("h")
            deadline = time.monotonic() + 60
            while not s.message.startswith("Hint (hard bot):"):
                assert time.monotonic() < deadline, s.message
                await pilot.pause(0.05)
            text = flat(screen_text(app))
            assert "Hint (hard bot):" in text
            assert "keep all your cards (k)" in text or "then e)" in text
            # the coach's odds (R2, R4): the chances by the last exchange, said to be estimates
            assert "By the third exchange:" in s.message and f"Estimates from {WORLDS} deals" in (
                s.message), s.message
            assert "By the third exchange:" in text and f"Estimates from {WORLDS} deals" in text
            await pilot.pause()
            app.save_screenshot("hint.svg", str(SHOTS)) if SHOTS else None

    asyncio.run(go())


SHOTS = os.environ.get("CHICAGO_SCREENSHOTS")


# Without the app ---------------------------------------------------------------------------


def test_local_owner_and_cards() -> None:
    owner = local_owner("alice")
    assert owner.id.endswith("alice") and owner.kind in ("local", "guest")
    if owner.kind == "guest":
        assert owner.id.startswith("local:")  # never a web guest's sha256 hex id
    from chicago.tui.cards import card_face

    two = card_face(card("Td"), False)
    four = card_face(card("Td"), True)
    assert "10♦" in two.plain and two.plain.count("\n") == 4
    assert any("red3" in str(span.style) for span in two.spans)
    assert any("blue3" in str(span.style) for span in four.spans)
    hearts = card_face(card("Ah"), True)
    assert any("red3" in str(span.style) for span in hearts.spans)


def test_cli_play_opens_the_full_screen_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import chicago.tui
    from chicago import cli

    calls: list[dict[str, Any]] = []

    def fake_run(**kw: Any) -> int:
        calls.append(kw)
        return 0

    monkeypatch.setattr(chicago.tui, "run", fake_run)
    assert cli.main(["play", "--seats", "3", "--level", "easy", "--seed", "9",
                     "--database-url", "sqlite:////tmp/x.db"]) == 0
    [kw] = calls
    assert kw["seats"] == 3 and kw["levels"] == ("easy", "easy") and kw["seed"] == 9
    assert kw["database_url"] == "sqlite:////tmp/x.db" and kw["start_new"]
    assert cli.main(["play"]) == 0
    assert not calls[-1]["start_new"]


def test_board_follows_the_events_seat_0_sees() -> None:
    """The board steps through redacted events; the next view agrees with it."""
    from chicago.core.game import Game
    from chicago.tui.model import Board, Narrator, hint_words, redacted

    game = Game.new(seats=3, seed=4)
    start = Game.new(seats=3, seed=4)
    board = Board.blank(start.view(0), (None, "easy", "easy"))
    narrator = Narrator(start.state.profile, 3)
    events = list(game.events)
    for _ in range(40):  # the first actions of the deal, each the first legal one
        events += game.apply(game.legal_actions()[0])
    lines_seen: list[str] = []
    for data in redacted(events):
        lines = narrator.lines(data)
        lines_seen += lines
        board.step(data, lines)
    v = game.view(0)
    assert board.scores == list(v.scores) and sorted(board.hand) == sorted(v.hand)
    assert board.hand_sizes == list(v.hand_sizes)
    assert any(line.startswith("=== Deal 1") for line in lines_seen)
    shown = sort_hand(v.hand)
    for a in game.legal_actions()[:3]:
        assert "(" in hint_words(a, shown)
