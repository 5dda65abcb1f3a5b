"""Illegal actions from many game states, and the refusals the engine gives for them.

The states are every state of the stacked scenarios (tests/scenarios, which reach the rarer
decisions: the four-of-a-kind choice, six cards, the high-score reset, an elimination) and of
seeded random games under each preset. At each state a fixed list of wrong actions is tried:
other seats, seats that do not exist, the wrong kind of decision, malformed answers, cards
not held, too many discards, a card that does not follow suit, a Chicago call under the
minimum. Deterministic, so that the refusals can be held against a recorded list.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from chicago.core import record
from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import DECK
from chicago.core.deal import discard_range
from chicago.core.engine import IllegalAction, apply, legal_actions, new_game
from chicago.core.rules import PRESETS
from chicago.core.state import GameState, Phase

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))
RANDOM_GAMES = {name: (2, 3, 4) for name in PRESETS}
"""Seeded random games per preset: one game per seat count, seed = the seat count."""
MAX_ACTIONS = 600


def scenario_states() -> Iterator[GameState]:
    """Every state of every scenario, up to its first illegal action."""
    for path in SCENARIOS:
        gf = record.loads(path.read_text(encoding="utf-8"))
        try:
            state = new_game(gf.profile, gf.seats, gf.seed, gf.dealer, gf.deals)
        except ValueError:
            continue
        yield state
        for action in gf.actions:
            try:
                state, _events = apply(state, action)
            except ValueError:
                break
            yield state


def random_states() -> Iterator[GameState]:
    """Every state of a few seeded random games under each preset."""
    for name, seat_counts in RANDOM_GAMES.items():
        for seats in seat_counts:
            rng = random.Random(f"{name}-{seats}")
            state = new_game(PRESETS[name], seats, seats)
            yield state
            for _n in range(MAX_ACTIONS):
                legal = legal_actions(state)
                if not legal:
                    break
                state, _events = apply(state, rng.choice(list(legal)))
                yield state


def _wrong_kinds(seat: int, phase: Phase) -> list[Action]:
    every: dict[Phase, Action] = {
        Phase.EXCHANGE: Exchange(seat, ()),
        Phase.OFFER: Offer(seat, True),
        Phase.QUADS: QuadsChoice(seat, "points"),
        Phase.CHICAGO: ChicagoCall(seat, False),
        Phase.PLAY: Play(seat, DECK[0]),
    }
    return [a for p, a in every.items() if p is not phase]


def candidates(state: GameState) -> list[Action]:
    """Wrong actions to try at `state` (some may turn out legal; those are left out)."""
    bad: Any = None  # values of the wrong type, as a client's JSON could bring them
    out: list[Action] = []
    odd_seats: list[Any] = [state.seats, -1, True, "1", None]
    out += [Play(s, DECK[0]) for s in odd_seats]
    out += [ChicagoCall(s, True) for s in range(state.seats)]
    out += [Exchange(s, ()) for s in range(state.seats) if state.eliminated[s]]
    me = state.to_act
    if me is None:
        out += [Exchange(0, ()), Play(1, DECK[5])]
        return out
    others = [s for s in range(state.seats) if s != me and not state.eliminated[s]]
    kind: dict[Phase, Action] = {
        Phase.EXCHANGE: Exchange(0, ()),
        Phase.OFFER: Offer(0, False),
        Phase.QUADS: QuadsChoice(0, "reset"),
        Phase.CHICAGO: ChicagoCall(0, False),
        Phase.PLAY: Play(0, DECK[0]),
    }
    right = kind[state.phase]
    for other in others:
        out.append(type(right)(other, *[getattr(right, f) for f in right.__slots__[1:]]))
    out += _wrong_kinds(me, state.phase)
    hand = state.hands[me]
    not_held = [c for c in DECK if c not in hand]
    if state.phase is Phase.EXCHANGE:
        bad = list(hand[:1])
        out += [Exchange(me, bad), Exchange(me, ("Ah",)), Exchange(me, (None,))]  # type: ignore[arg-type]
        out += [Exchange(me, (not_held[0],)), Exchange(me, (hand[0], not_held[1]))]
        out += [Exchange(me, (hand[0], hand[0])), Exchange(me, tuple(hand))]
        out += [Exchange(me, ()), Exchange(me, hand[:2]), Exchange(me, hand[:1])]
        out += [Exchange(me, hand[:4]), Exchange(me, hand[:3], confirm_reset=bad)]
        least, most = discard_range(state, me)
        out.append(Exchange(me, tuple(hand[: most + 1])))
        if least:
            out.append(Exchange(me, hand[: least + 1]))
    elif state.phase is Phase.OFFER:
        out += [Offer(me, "yes"), Offer(me, None), Offer(me, 1)]  # type: ignore[arg-type]
    elif state.phase is Phase.QUADS:
        out += [QuadsChoice(me, "maybe"), QuadsChoice(me, None), QuadsChoice(me, 3)]  # type: ignore[arg-type]
    elif state.phase is Phase.CHICAGO:
        out += [ChicagoCall(me, "yes"), ChicagoCall(me, None)]  # type: ignore[arg-type]
    elif state.phase is Phase.PLAY:
        legal = legal_actions(state)
        out += [Play(me, not_held[0]), Play(me, not_held[-1]), Play(me, "Zz")]  # type: ignore[arg-type]
        out += [Play(me, c) for c in hand if Play(me, c) not in legal]
    return out


def refusals(states: Iterator[GameState]) -> Iterator[tuple[GameState, Action, IllegalAction]]:
    """The refusal of each wrong action at each state; legal candidates are skipped."""
    for state in states:
        for action in candidates(state):
            try:
                apply(state, action)
            except IllegalAction as e:
                yield state, action, e


def distinct() -> dict[str, IllegalAction]:
    """One refusal for each distinct English line, scenarios first."""
    seen: dict[str, IllegalAction] = {}
    for states in (scenario_states(), random_states()):
        for _state, _action, e in refusals(states):
            seen.setdefault(str(e), e)
    return seen
