"""The replay's words: a new deal is a heading of its own, not a terminal's marked line, and
one hand has one name: an ace-high straight flush that resets the others (R4.4) is a royal
flush (R3.1) from its announcement to the win, in English and in Swedish."""

from __future__ import annotations

import json
from pathlib import Path

from chicago.table.history.replay import Replay
from chicago.text.i18n import use_language
from chicago.text.seat_names import seat_names

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def replay_of(name: str) -> Replay:
    data = json.loads((SCENARIOS / name).read_text("utf-8"))
    return Replay.of({k: v for k, v in data.items() if k not in ("actions", "meta")},
                     data["actions"])


def told(replay: Replay, headings: bool) -> list[dict[str, object]]:
    seats = replay.states[0].seats
    return replay.timeline(True, 0, seat_names(seats, 0), headings=headings)


def test_a_new_deal_is_a_heading_for_a_page_and_a_marked_line_for_a_terminal() -> None:
    replay = replay_of("r4_4-royal-flush-resets-others.json")
    page = told(replay, headings=True)
    assert page[0]["heading"] == "Deal 1: you deal"
    assert not any("===" in line for item in page for line in item["lines"])  # type: ignore[attr-defined]
    terminal = told(replay, headings=False)
    assert "=== Deal 1: you deal ===" in terminal[0]["lines"]  # type: ignore[operator]
    with use_language("sv"):
        assert told(replay, headings=True)[0]["heading"] == "Giv 1: du ger"


def test_a_royal_flush_is_called_so_from_its_announcement_on() -> None:
    """R3.1, R4.4 (house: a royal flush also resets the others)."""
    for lang, royal, straight in (("en", "royal flush", "straight flush"),
                                  ("sv", "royal straight flush", "färgstege")):  # the glossary
        with use_language(lang):
            lines = [x for item in told(replay_of("r4_4-royal-flush-resets-others.json"), True)
                     for x in item["lines"]]  # type: ignore[attr-defined]
        named = [x for x in lines if "flush" in x.lower() or straight in x.lower()]
        assert len(named) >= 4, lines  # the announcement, the resets, the award, the win
        assert all(royal in x.lower() for x in named), named
    # where a royal flush counts as a straight flush (§X), nothing calls it royal: one name
    with use_language("en"):
        lines = [x for item in told(replay_of(
            "x-royal_flush-as_straight_flush-house-wins-without-reset.json"), True)
            for x in item["lines"]]  # type: ignore[attr-defined]
    named = [x for x in lines if "flush" in x and "Your cards" not in x]
    assert named and all("straight flush" in x for x in named), named
