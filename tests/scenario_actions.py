"""Building blocks for the scenario builders (tests/build_scenarios_*.py): game-file actions
and stacked deals written compactly, e.g. `plays("0:9h 1:Jh 2:3c | 1:Ah ...")`."""

from __future__ import annotations

from typing import Any

Act = dict[str, Any]
RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]


def keep(*seats: int) -> list[Act]:
    """One exchange round in which every listed seat keeps all five cards."""
    return [{"seat": s, "type": "exchange", "discard": []} for s in seats]


def exchange(seat: int, discard: str, confirm: bool | None = None) -> Act:
    a: Act = {"seat": seat, "type": "exchange", "discard": discard.split()}
    if confirm is not None:
        a["confirm_reset"] = confirm
    return a


def offer(seat: int, keep_it: bool) -> Act:
    return {"seat": seat, "type": "offer", "keep": keep_it}


def quads(seat: int, choice: str) -> Act:
    return {"seat": seat, "type": "quads", "choice": choice}


def call(seat: int, yes: bool) -> Act:
    return {"seat": seat, "type": "chicago", "call": yes}


def plays(spec: str) -> list[Act]:
    """Cards played as "0:9h 1:Jh 2:3c | 1:Ah ..." (the bars only help reading), and
    "?0" / "!0" for seat 0 passing / calling Chicago (first-trick calls, §X)."""
    out: list[Act] = []
    for item in spec.replace("|", " ").split():
        if item[0] in "?!":
            out.append(call(int(item[1:]), item[0] == "!"))
            continue
        seat, card = item.split(":")
        out.append({"seat": int(seat), "type": "play", "card": card})
    return out


def deal(hands: dict[int, str], stock: str = "", *, check: bool = True) -> dict[str, Any]:
    """A stacked deal; checks that the named cards exist and are named once."""
    d = {"hands": {str(s): h.split() for s, h in sorted(hands.items())}, "stock": stock.split()}
    if check:
        named = [c for h in d["hands"].values() for c in h] + d["stock"]
        assert all(c in DECK for c in named), named
        assert len(set(named)) == len(named), f"a card is named twice: {named}"
    return d


def n(actions: list[Act]) -> int:
    """The index the next action would have (for `action N:` error lines)."""
    return len(actions)
