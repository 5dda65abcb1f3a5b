"""The table at 80×24 with six seats (Textual's pilot): your hand's name, the target and the
marks' legend stay in view beside the cards whatever the hint's length or the number of
seats; the tricks are told in words, the seat being shown is named whole, and the last card
is asked for without a "(1–1)"."""

from __future__ import annotations

import asyncio
import time

from chicago.core.actions import Play
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.table.tables.service import TableService
from chicago.tui.app import NewGameDefaults
from chicago.tui.model import Board, play_prompt
from test_tui import SIZE, flat, make_app, screen_text, settle, start_game, table_screen

LEGEND = "D dealer · ★ called"
"""The legend's start (beside the cards it wraps)."""


def test_six_seats_and_a_hint_keep_the_hand_and_the_legend_in_view(
    service: TableService,
) -> None:
    app = make_app(service, defaults=NewGameDefaults(seats=6, levels=("easy",) * 5, seed=7))
    seen: dict[str, str] = {}

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            s = await start_game(pilot, app)
            await pilot.press("h")
            deadline = time.monotonic() + 60
            while not s.message.startswith("Hint ("):
                assert time.monotonic() < deadline
                await pilot.pause(0.05)
            seen["hint"] = screen_text(app)
            for _ in range(40):  # keep all, no call, then the first playable card
                phase = s.decision
                if phase is Phase.PLAY and s.board.deal_tricks:
                    seen["tricks"] = screen_text(app)
                    return
                key = {Phase.EXCHANGE: "k", Phase.OFFER: "k", Phase.CHICAGO: "n",
                       Phase.QUADS: "p"}.get(phase or Phase.PLAY, "")
                if phase is Phase.PLAY:
                    legal = {a.card for a in s.table.legal if isinstance(a, Play)}
                    key = str(next(i for i, c in enumerate(s.shown_hand()) if c in legal) + 1)
                await pilot.press(key)
                if await settle(pilot, app) == "RecapScreen":
                    await pilot.press("enter")
                    await settle(pilot, app)
                s = table_screen(app)
            raise AssertionError("no trick taken within 40 decisions")

    asyncio.run(go())
    hint = flat(seen["hint"])
    assert "Your hand: " in hint and LEGEND in hint and "Target 52" in hint, seen["hint"]
    assert "Elsa (easy)" in hint  # the sixth seat's row too
    tricks = flat(seen["tricks"])
    assert "Tricks: " in tricks and "Tricks won" not in tricks and LEGEND in tricks
    taken = tricks.split("Tricks: ")[1][:30]
    assert "you 1" in taken or any(f"{name} 1" in taken for name in
                                   ("Astrid", "Bengt", "Cissi", "Dag", "Elsa")), taken


def test_the_seat_being_shown_and_the_last_card_in_words() -> None:
    game = Game.new(seats=2, seed=4, dealer=1)
    rng = Stream(4, "test")
    while not (game.state.phase is Phase.PLAY and game.state.to_act == 0
               and len(game.view(0).hand) == 1):
        assert not game.finished
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    v = game.view(0)
    text = play_prompt(v, game.legal_actions())
    assert "(1–1)" not in text and "Press 1 or click your last card." in text
    board = Board.from_view(v, (None, "easy"))
    board.to_act, board.active = None, 1
    assert board.status().endswith("now: Astrid")  # not a cut-off "Astrid…"
