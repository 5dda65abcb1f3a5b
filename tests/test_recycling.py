"""R2.3 recycling, checked draw by draw on the 6-seat scenario under many seeds.

`tests/scenarios/r2_3-recycling-six-seats.json` names the whole deck, so the stock is known
card for card until it runs out. From then on the order of a recycled stock depends on the
seed, but which cards it may hold does not: only completed discards — never the discards of
the player exchanging now, nor the offer they just declined (docs/rules.md R2.3). This test keeps
its own model of the stock and of the discard pile from the events, replays the scenario under
many seeds through `chicago replay`, and checks every drawn card against that model.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_support import replay_json

SCENARIO = Path(__file__).parent / "scenarios" / "r2_3-recycling-six-seats.json"


class StockModel:
    """What docs/rules.md R2.1–R2.3 allow each draw to be, built only from the events."""

    def __init__(self, stock: list[str]) -> None:
        self.known = list(stock)  # the named stock, top first
        self.unordered: set[str] = set()  # a recycled stock: order unknown
        self.pool: set[str] = set()  # completed discards, not yet recycled
        self.exchanging: set[str] = set()  # this player's discards and declined offer
        self.hands: dict[int, set[str]] = {}
        self.offer: str | None = None
        self.recycles: list[int] = []

    def draw(self, cards: list[str]) -> None:
        for c in cards:
            assert c not in self.exchanging, f"{c} came back to the player who put it away"
            if self.known:
                top = self.known.pop(0)
                assert c == top, f"drew {c}, but the top of the stock is {top}"
            else:
                assert c in self.unordered, f"drew {c}, which is not in the recycled stock"
                self.unordered.remove(c)

    def apply(self, e: dict[str, Any]) -> None:
        kind = e["type"]
        if kind == "cards_dealt":
            self.hands[e["seat"]] = set(e["cards"])
        elif kind == "stock_recycled":
            assert e["cards"] == len(self.pool), "the recycled stock is the completed discards"
            self.recycles.append(e["cards"])
            self.unordered |= self.pool
            self.pool = set()
        elif kind == "offer_shown":
            self.draw([e["card"]])
            self.offer = e["card"]
        elif kind == "offer_kept":
            assert e["card"] == self.offer
        elif kind == "offer_declined":
            assert e["card"] == self.offer
            self.exchanging.add(e["card"])
        elif kind == "cards_exchanged":
            seat, discarded, drawn = e["seat"], e["discarded"], e["drawn"]
            hand = self.hands[seat]
            assert set(discarded) <= hand, f"seat {seat} discarded cards it did not hold"
            assert e["count"] == len(discarded) == len(drawn)
            self.exchanging |= set(discarded)
            if self.offer is not None and self.offer not in self.exchanging:
                assert drawn == [self.offer]  # kept: the face-up card is the draw
            else:
                self.draw(drawn)
            assert not set(drawn) & self.exchanging
            self.hands[seat] = (hand - set(discarded)) | set(drawn)
            self.pool |= self.exchanging
            self.exchanging = set()
            self.offer = None
            everything = [c for h in self.hands.values() for c in h]
            assert len(everything) == len(set(everything)), "a card is in two hands"
            assert all(len(h) == 5 for h in self.hands.values())


@pytest.mark.parametrize("seed", range(40))
def test_recycled_draws_follow_r2_3(
    seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    data["seed"] = seed
    state = replay_json(data, tmp_path, capsys)
    model = StockModel(data["deals"][0]["stock"])
    for e in state["events"]:
        model.apply(e)
    # Exchange 1 recycles the 20 discards of seats 0–4; exchange 2 recycles seat 5's four from
    # exchange 1 and the 17 discarded in exchange 2 before seat 5's turn (R2.3).
    assert model.recycles == [20, 21]
    last = [e for e in state["events"] if e["type"] == "cards_exchanged"][-1]
    assert last["seat"] == 5 and last["exchange"] == 2 and last["discarded"] == ["9c"]


def test_own_discards_never_return_in_exchange_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seat 5's exchange-1 draws: Ts 8d off the stock, then two of seats 0–4's discards."""
    own = {"4d", "5h", "6c", "7h"}
    others = {"2c", "3d", "4h", "6s", "2d", "3h", "5s", "7c", "2h", "4s", "5c", "7d",
              "2s", "3c", "5d", "8h", "3s", "4c", "6d", "8s"}
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    seen: set[str] = set()
    for seed in range(40):
        data["seed"] = seed
        events = replay_json(data, tmp_path, capsys)["events"]
        (ex,) = [e for e in events if e["type"] == "cards_exchanged"
                 and e["seat"] == 5 and e["exchange"] == 1]
        assert ex["drawn"][:2] == ["Ts", "8d"]
        assert set(ex["drawn"][2:]) <= others
        assert not set(ex["drawn"]) & own
        seen |= set(ex["drawn"][2:])
    assert len(seen) > 4, "the recycled order should depend on the seed"
