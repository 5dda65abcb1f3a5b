"""The coach's review of a finished game: one seat's decisions weighed by the hard level (the
owner's seat 0, or a person's own seat at a table with people; "seat 0" below).

For every decision of seat 0 that had more than one legal answer (exchange, offer, quads
choice, Chicago call, card play), the coach (`coach.advise`, the hard level's `suggest`)
decides from seat 0's view at that moment — never more (R9.2) — with the same random
source the hint would have had. Where its choice differs from the player's, the decision
is marked with both choices, the coach's reason and an estimated cost: both choices played
on in the same imagined deals (`coach.imagine`: consistent with seat 0's view, nothing
hidden kept), every seat then played by the fast level to the end of the deal; the cost is
the mean difference in seat 0's points, and in its games won when the game ended there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from chicago.bots import bot_stream
from chicago.core.actions import Action, Exchange, action_to_json
from chicago.core.engine import apply, legal_actions
from chicago.core.errors import IllegalAction
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase
from chicago.core.views import PlayerView, view
from chicago.table import coach
from chicago.table.replay import PLAYER, Replay
from chicago.text.replay_words import action_words, cost_words

METHOD: Final = 1
"""The review method's version: stored reviews by another method are made again."""
SAMPLES: Final = 24
"""Imagined deals per marked decision (the same deals for both choices)."""
_MAX_STEPS: Final = 400

Advise = Callable[[PlayerView, Sequence[Action], Stream], coach.Advice]


def decisions(replay: Replay, seat: int = PLAYER) -> list[int]:
    """The indices of the seat's actions that had an alternative."""
    return [
        i for i, a in enumerate(replay.actions)
        if a.seat == seat and len(legal_actions(replay.states[i])) > 1
    ]


def same(a: Action, b: Action) -> bool:
    """The same decision (an exchange's discards in any order)."""
    if isinstance(a, Exchange) and isinstance(b, Exchange):
        return set(a.discard) == set(b.discard) and (
            a.confirm_reset == b.confirm_reset or not a.discard
        )
    return a == b


@dataclass(frozen=True, slots=True)
class Cost:
    points: float
    """Mean points of seat 0 in the rest of the deal: the coach's choice minus the player's."""
    win: float | None
    """The same for games won, when some imagined deal ended the game (else None)."""
    samples: int


def _play_on(
    world: GameState, first: Action, seed: int, me: int = PLAYER
) -> tuple[int, bool | None]:
    """The seat `me`'s points to the end of the deal after `first`, and whether it won the
    game (None: the game went on)."""
    state, _ = apply(world, first)
    deal = world.deal
    bot = coach.rollout_bot()
    for n in range(_MAX_STEPS):
        if state.phase is Phase.FINISHED:
            return state.scores[me] - world.scores[me], state.winner == me
        if state.deal != deal:
            break
        seat = state.to_act
        assert seat is not None
        legal = legal_actions(state)
        action = bot.choose(view(state, seat), legal, Stream(seed, "rollout", seat, n))
        state, _ = apply(state, action)
    return state.scores[me] - world.scores[me], None


def estimate(state: GameState, played: Action, better: Action, seed: int, index: int,
             samples: int = SAMPLES, me: int = PLAYER) -> Cost:
    """What the player's choice cost against the coach's, in imagined deals."""
    gains: list[float] = []
    wins: list[float] = []
    ended = False
    for k in range(samples):
        world = coach.imagine(state, me, Stream(seed, "review-world", index, k))
        if world is None:
            continue
        try:
            mine, my_win = _play_on(world, played, seed + k, me)
            theirs, their_win = _play_on(world, better, seed + k, me)
        except IllegalAction:  # an imagined deal the engine refuses: leave it out
            continue
        gains.append(theirs - mine)
        ended = ended or my_win is not None or their_win is not None
        wins.append(float(bool(their_win)) - float(bool(my_win)))
    n = len(gains)
    if n == 0:
        return Cost(0.0, None, 0)
    return Cost(sum(gains) / n, sum(wins) / n if ended else None, n)


def review_decision(replay: Replay, index: int, advise: Advise = coach.advise,
                    samples: int = SAMPLES, seat: int = PLAYER) -> dict[str, object] | None:
    """The mark for the seat's action `index`, or None when the coach agrees."""
    state = replay.states[index]
    played = replay.actions[index]
    legal = legal_actions(state)
    seed = state.setup.seed
    advice = advise(view(state, seat), legal, bot_stream(seed, seat, index))
    if same(advice.action, played):
        return None
    cost = estimate(state, played, advice.action, seed, index, samples, seat)
    return {
        "index": index,
        "position": index,
        "deal": state.deal,
        "decision": state.phase.value,
        "played": action_to_json(played),
        "suggested": action_to_json(advice.action),
        "reason": advice.reason,
        "cost": {"points": round(cost.points, 2), "win": None if cost.win is None
                 else round(cost.win, 3), "samples": cost.samples},
    }


def mark_words(mark: dict[str, Any]) -> dict[str, Any]:
    """A stored mark with its words in the current language (for the viewer)."""
    cost = mark["cost"]
    played = action_words(mark["played"])
    better = action_words(mark["suggested"])
    return {
        **mark,
        "played": played,
        "suggested": better,
        "played_action": mark["played"],
        "suggested_action": mark["suggested"],
        "cost_text": cost_words(cost["points"], cost["win"], cost["samples"]),
        "summary": f"{played} → {better}",
    }
