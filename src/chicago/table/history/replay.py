"""A stored game replayed action by action, for the replay viewer, the review and the figures.

`Replay.of(setup, actions)` replays the record once and keeps the state before and after
every action with the events it caused. Position 0 is the game as dealt; position k is the
game after its k-th action. What a position shows depends on who looks and when:

- `open_position` — the whole table (every hand, the stock in order, every seat's discards
  and draws, the offers), only for a finished game (R9.1 guards a game in play, not the
  record of one that is over);
- `seat_position` — exactly what one seat could know at that moment, built from
  `view(state, seat)` alone: for a game still in play (seat 0, its owner's; or a person's
  own seat at a table with people), and for a shared table with people (its creator's).

The narration is the same `Narrator` as in play: the open one for a finished game, the
per-seat one (events redacted by `event_to_json(e, seat)`) otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from chicago.core import record
from chicago.core.actions import Action, Exchange, action_to_json
from chicago.core.events import (
    CardsExchanged,
    DealStarted,
    Event,
    OfferDeclined,
    OfferKept,
    event_to_json,
)
from chicago.core.game import Game
from chicago.core.state import GameState, Phase
from chicago.core.views import view, view_to_json
from chicago.text.narration import Narrator
from chicago.text.replay_words import OpenNarrator

PLAYER = 0
"""The seat of the game's owner (a person at a table with people has their own)."""


def _action_json(action: Action, open_: bool, seat: int) -> dict[str, object]:
    """An action as the viewer may show it: another seat's discards only once the game is
    over (R2.5), else how many."""
    data = action_to_json(action)
    if not open_ and isinstance(action, Exchange) and action.seat != seat:
        return {"seat": action.seat, "type": "exchange", "count": len(action.discard)}
    return data


@dataclass(frozen=True, slots=True)
class Replay:
    """A game's every state: `states[k]` is the game after `k` actions."""

    states: tuple[GameState, ...]
    actions: tuple[Action, ...]
    events: tuple[tuple[Event, ...], ...]
    """`events[0]`: the deal of the first hands; `events[k]`: what action k-1 caused."""

    @classmethod
    def of(cls, setup: dict[str, Any], actions: Sequence[dict[str, Any]]) -> Replay:
        """Replay a stored setup (a game file without actions) and its actions."""
        gf = record.parse({**setup, "actions": list(actions)})
        game = Game.new(gf.profile, gf.seats, gf.seed, gf.dealer, gf.deals)
        states = [game.state]
        events: list[tuple[Event, ...]] = [tuple(game.events)]
        for action in gf.actions:
            events.append(tuple(game.apply(action)))
            states.append(game.state)
        return cls(tuple(states), tuple(gf.actions), tuple(events))

    @property
    def final(self) -> GameState:
        return self.states[-1]

    @property
    def finished(self) -> bool:
        return self.final.finished

    def __len__(self) -> int:
        """The number of positions: one more than the number of actions."""
        return len(self.states)

    def deal_starts(self) -> list[dict[str, int]]:
        """Where each deal begins: the first position showing it."""
        out = []
        for k, evs in enumerate(self.events):
            for e in evs:
                if isinstance(e, DealStarted):
                    out.append({"deal": e.deal, "position": k})
        return out

    def timeline(self, open_: bool, seat: int = PLAYER,
                 names: Sequence[str] | None = None,
                 headings: bool = False) -> list[dict[str, object]]:
        """Every position: the deal it shows, the action that led to it and what that action
        did, in words (all of it when `open_`, else what `seat` saw), the seats called by
        `names` (as the table named them, `chicago.text.seat_names`) or by number. With
        `headings` a new deal is not a marked line ("=== Deal 2: … ===", for a terminal)
        but the position's `heading` ("Deal 2: Cissi deals"), for a page to set as one."""
        first = self.states[0]
        narrator: Narrator = (OpenNarrator if open_ else Narrator)(
            first.profile, first.seats, seat, faces=True, names=names
        )
        out: list[dict[str, object]] = []
        for k, evs in enumerate(self.events):
            lines: list[str] = []
            heading: str | None = None
            told_of = [d for d in (event_to_json(e, None if open_ else seat) for e in evs) if d]
            narrator.foresee(told_of)
            for data in told_of:
                told = [x for x in narrator.lines(data) if x]
                if headings and data["type"] == "deal_started":
                    heading = narrator.deal_heading(data)
                else:
                    lines.extend(told)
            action = self.actions[k - 1] if k else None
            item: dict[str, object] = {
                "position": k,
                "deal": self.states[k].deal,
                "action": None if action is None else _action_json(action, open_, seat),
                "lines": lines,
            }
            if headings:
                item["heading"] = heading
            out.append(item)
        return out

    # Positions --------------------------------------------------------------------------

    def open_position(self, k: int) -> dict[str, object]:
        """The whole table at position k: only for a finished game (the caller checks)."""
        s = self.states[k]
        exchanges: list[list[dict[str, object]]] = [[] for _ in range(s.seats)]
        for e in s.log:
            if isinstance(e, CardsExchanged):
                exchanges[e.seat].append({
                    "exchange": e.exchange, "count": e.count,
                    "discarded": [c.text for c in e.discarded],
                    "drawn": [c.text for c in e.drawn],
                })
            elif isinstance(e, OfferKept | OfferDeclined) and exchanges[e.seat]:
                exchanges[e.seat][-1]["offer"] = {
                    "card": e.card.text, "kept": isinstance(e, OfferKept)
                }
        return {
            **self._public(k),
            "open": True,
            "hands": [[c.text for c in h] for h in s.hands],
            "stock": [c.text for c in s.stock],
            "discards": [c.text for c in s.discards + s.exchanging],
            "exchanges": exchanges,
        }

    def seat_position(self, k: int, seat: int = PLAYER) -> dict[str, object]:
        """The seat's knowledge at position k (R9.1): its view and nothing else."""
        v = view(self.states[k], seat)
        data = view_to_json(v)
        exchanges: list[list[dict[str, object]]] = [[] for _ in range(v.seats)]
        for e in v.log:
            if isinstance(e, CardsExchanged):
                item: dict[str, object] = {"exchange": e.exchange, "count": e.count}
                if e.seat == seat:
                    item["discarded"] = [c.text for c in e.discarded]
                    item["drawn"] = [c.text for c in e.drawn]
                exchanges[e.seat].append(item)
            elif isinstance(e, OfferKept | OfferDeclined) and exchanges[e.seat]:
                exchanges[e.seat][-1]["offer"] = {
                    "card": e.card.text, "kept": isinstance(e, OfferKept)
                }
        return {
            **self._public(k, seat),
            "open": False,
            "hands": [data["hand"] if s == seat else None for s in range(v.seats)],
            "stock": None,
            "discards": None,
            "exchanges": exchanges,
        }

    def _public(self, k: int, seat: int = PLAYER) -> dict[str, object]:
        """What every seat sees at position k (read from `seat`'s view)."""
        s = self.states[k]
        v = view(s, seat)
        data = view_to_json(v)
        return {
            "position": k,
            "deal": s.deal,
            "dealer": s.dealer,
            "phase": s.phase.value,
            "to_act": None if s.phase is Phase.FINISHED else s.to_act,
            "exchange": s.exchange,
            "scores": list(s.scores),
            "qualified": list(s.qualified),
            "eliminated": list(s.eliminated),
            "winner": s.winner,
            "hand_sizes": [len(h) for h in s.hands],
            "offer": data["offer"],
            "caller": s.caller,
            "trick": data["trick"],
            "tricks": data["tricks"],
        }
