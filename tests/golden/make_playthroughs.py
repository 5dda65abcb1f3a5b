"""Writes one golden playthrough per preset into tests/golden/<preset>.txt.

Run: `.venv/bin/python tests/golden/make_playthroughs.py`. Each file is a seeded 4-seat
game on one preset (docs/rules.md §X), played with a fixed choice stream
(`Stream(SEED, "golden", preset)`): keep all five a third of the time, call Chicago one
time in eight, otherwise a uniform pick among the legal actions. It runs until a third
deal begins (two whole deals with their tricks), the game ends, or MAX_STEPS.

For every step the file holds the seat to act and its decision, the legal actions in
compact text, the chosen action, the events of the step as JSON lines and every seat's
view (`chicago.core.views.view_to_json`) as compact JSON, so that any change to what the engine
does or shows turns up in `tests/test_golden.py` as a readable diff.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.engine import apply, legal_actions, new_game, to_act
from chicago.core.events import Event, event_to_json
from chicago.core.rules import PRESETS
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase
from chicago.core.views import view, view_to_json

OUT = Path(__file__).parent
SEATS = 4
SEED = 2024
MAX_STEPS = 110
"""A hard cap on the steps of one file (two deals of four seats take about 80)."""
COMMAND = ".venv/bin/python tests/golden/make_playthroughs.py"


def action_text(action: Action) -> str:
    """An action in compact text: `exchange [Ah 7c]`, `offer keep`, `play Ah`, ..."""
    if isinstance(action, Exchange):
        text = f"exchange [{' '.join(c.text for c in action.discard)}]"
        return text + " confirm" if action.confirm_reset else text
    if isinstance(action, Offer):
        return "offer keep" if action.keep else "offer decline"
    if isinstance(action, QuadsChoice):
        return f"quads {action.choice}"
    if isinstance(action, ChicagoCall):
        return "chicago yes" if action.call else "chicago no"
    assert isinstance(action, Play)
    return f"play {action.card.text}"


def choose(state: GameState, legal: Sequence[Action], rng: Stream) -> Action:
    """Deterministic choice: keep all five a third of the time, Chicago one time in eight."""
    first = legal[0]
    if isinstance(first, Exchange) and not first.discard and rng.below(3) == 0:
        return first
    if state.phase is Phase.CHICAGO:
        call = rng.below(8) == 0
        return next(a for a in legal if isinstance(a, ChicagoCall) and a.call == call)
    return legal[rng.below(len(legal))]


def _compact(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _events(events: Sequence[Event]) -> list[str]:
    return [f"event {_compact(event_to_json(e))}" for e in events]


def _views(state: GameState) -> list[str]:
    return [f"view {seat} {_compact(view_to_json(view(state, seat)))}"
            for seat in range(state.seats)]


def playthrough(preset: str) -> str:
    """The golden text of one preset's game."""
    profile = PRESETS[preset]
    state = new_game(profile, SEATS, SEED)
    rng = Stream(SEED, "golden", preset)
    lines = [
        f"# golden playthrough: profile {profile.id}, {SEATS} seats, seed {SEED}, "
        f"first dealer {state.dealer}",
        f"# regenerate: {COMMAND}",
        "== start",
        *_events(state.log),
        *_views(state),
    ]
    step = 0
    while step < MAX_STEPS:
        turn = to_act(state)
        if turn is None:
            break
        legal = legal_actions(state)
        action = choose(state, legal, rng)
        step += 1
        seat, decision = turn
        lines.append(f"== step {step}: seat {seat} {decision} "
                     f"(deal {state.deal}, exchange {state.exchange})")
        lines.append(f"legal ({len(legal)}): " + " | ".join(action_text(a) for a in legal))
        lines.append(f"chose: {action_text(action)}")
        state, events = apply(state, action)
        lines += _events(events)
        lines += _views(state)
        if state.deal >= 3:
            break
    turn = to_act(state)
    lines.append(
        f"== end after {step} steps: deal {state.deal}, scores {list(state.scores)}, "
        + ("finished, winner " + str(state.winner) if turn is None
           else f"seat {turn[0]} to {turn[1]}")
    )
    return "\n".join(lines) + "\n"


def path_for(preset: str) -> Path:
    return OUT / f"{preset}.txt"


def main() -> None:
    for preset in PRESETS:
        text = playthrough(preset)
        path_for(preset).write_text(text, encoding="utf-8")
        print(f"{path_for(preset).relative_to(OUT.parent.parent)}: "
              f"{len(text.splitlines())} lines, {len(text.encode()) // 1024} KiB")


if __name__ == "__main__":
    sys.exit(main())
