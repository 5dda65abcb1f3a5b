"""One order for the hand in the full-screen game (Textual's pilot, 80×24): a card keeps its
number from the exchanges through the tricks, and the log lists cards in that order."""

from __future__ import annotations

import asyncio

from chicago.core.state import Phase
from chicago.table.tables.service import TableService
from chicago.text.cards import face, in_hand_order
from chicago.tui.app import NewGameDefaults
from test_tui import SIZE, make_app, settle, start_game, table_screen


def test_a_card_keeps_its_number_from_the_exchanges_to_the_tricks(
    service: TableService,
) -> None:
    app = make_app(service, defaults=NewGameDefaults(seats=2, levels=("easy",), seed=3))
    seen: dict[Phase, list[str]] = {}
    log: list[str] = []

    async def go() -> None:
        async with app.run_test(size=SIZE) as pilot:
            s = await start_game(pilot, app)
            for _ in range(12):
                phase = s.decision
                assert phase is not None
                seen.setdefault(phase, [face(c) for c in s.shown_hand()])
                if phase is Phase.PLAY:
                    log.extend(s.log_lines)
                    hand = s.shown_hand()
                    assert hand == in_hand_order(hand)
                    return
                await pilot.press({Phase.EXCHANGE: "k", Phase.OFFER: "k",
                                   Phase.CHICAGO: "n", Phase.QUADS: "p"}[phase])
                assert await settle(pilot, app) == "TableScreen"
                s = table_screen(app)
            raise AssertionError("no trick within 12 decisions")

    asyncio.run(go())
    dealt = next(line for line in log if line.startswith("Your cards: "))
    assert seen[Phase.EXCHANGE] == seen[Phase.PLAY]  # kept all five: the same numbers
    assert dealt == f"Your cards: {' '.join(seen[Phase.EXCHANGE])}."  # the log's order too
