"""R1.2/R1.3 with the seed: the first dealer and the deal drawn from it (no stacked deck).

The seeded order cannot be predicted by hand, so these tests check what the rules fix: the
first dealer is a seat, drawn from the seed (so it varies with the seed and repeats with it),
the first exchange belongs to the dealer's left, and every active seat is dealt five distinct
cards, dealt from the dealer's left.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_support import replay_json

SCENARIO = Path(__file__).parent / "scenarios" / "r1_2-first-dealer-from-seed.json"


def _check_first_deal(state: dict[str, Any], seats: int) -> int:
    dealer = state["dealer"]
    assert dealer in range(seats)
    assert state["deal"] == 1
    events = state["events"]
    started = [e for e in events if e["type"] == "deal_started"]
    assert started == [{"type": "deal_started", "deal": 1, "dealer": dealer,
                        "seats": [(dealer + i) % seats for i in range(1, seats + 1)]}]
    left = (dealer + 1) % seats
    assert state["to_act"] == {"seat": left, "decision": "exchange"}
    dealt = [e for e in events if e["type"] == "cards_dealt"]
    assert [e["seat"] for e in dealt] == [(dealer + i) % seats for i in range(1, seats + 1)]
    cards = [c for e in dealt for c in e["cards"]]
    assert all(len(e["cards"]) == 5 for e in dealt)
    assert len(set(cards)) == 5 * seats
    return int(dealer)


def test_first_dealer_comes_from_the_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    assert "dealer" not in data
    dealers = []
    hands = set()
    for seed in range(24):
        data["seed"] = seed
        first = replay_json(data, tmp_path, capsys)
        again = replay_json(data, tmp_path, capsys)
        assert first == again, "same seed, same game (R1.3)"
        dealers.append(_check_first_deal(first, data["seats"]))
        hands.add(json.dumps([e for e in first["events"] if e["type"] == "cards_dealt"]))
    assert len(set(dealers)) > 1, "the first dealer should depend on the seed"
    assert len(hands) == 24, "each seed should shuffle its own deal"


@pytest.mark.parametrize("seats", [2, 3, 5, 6])
def test_seeded_deal_at_every_table_size(
    seats: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {"format": "chicago-game/1", "seats": seats, "seed": 99}
    _check_first_deal(replay_json(data, tmp_path, capsys), seats)


def test_given_dealer_is_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for dealer in range(4):
        data = {"format": "chicago-game/1", "seats": 4, "seed": 5, "dealer": dealer}
        assert _check_first_deal(replay_json(data, tmp_path, capsys), 4) == dealer
