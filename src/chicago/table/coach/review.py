"""The coach's review of a finished game: one seat's decisions weighed by the hard level (the
owner's seat 0, or a person's own seat at a table with people; "seat 0" below).

For every decision of seat 0 that had more than one legal answer (exchange, offer, quads
choice, Chicago call, card play), the coach (`coach.advise`, the hard level's `suggest`)
decides from seat 0's view at that moment — never more (R9.2) — with the same random
source the hint would have had. Where its choice differs from the player's, the cost of the
player's choice is estimated fairly (`estimate.estimate`: both choices played on by the
same strong continuation over the same imagined deals), and the decision is marked only
when that cost is positive beyond the estimate's noise; otherwise it is fine.

A mark is data: the choices in their game-file form, the cost with its interval, the odds
of each choice (the hand, the last trick, the Chicago, the game) and its reason as a kind
and the rule it turns on. `chicago.text.review_words` words it in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from chicago.bots import bot_stream
from chicago.core.actions import Action, Exchange, action_to_json
from chicago.core.engine import legal_actions
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView, view
from chicago.table.coach import advice as coach
from chicago.table.coach.estimate import STAGES, Estimate, estimate
from chicago.table.history.replay import PLAYER, Replay

METHOD: Final = 2
"""The review method's version: stored reviews by another method are made again (2: the fair
estimate, only sure marks)."""
SAMPLES: Final = STAGES
"""The stages of imagined deals per decision the coach disagrees with."""
TOP: Final = 3
"""The costliest moments the summary names."""

Advise = Callable[[PlayerView, Sequence[Action], Stream], coach.Advice]

_RULES: Final = {
    "hand": "R4.2", "last_trick": "R6.3", "reset": "R2.4",
}
_DECISION_RULES: Final = {
    "exchange": "R2.1", "offer": "R2.2", "quads": "R4.3", "chicago": "R5.1", "play": "R6.1",
}


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


def reason(decision: str, est: Estimate) -> dict[str, object]:
    """Why the coach's choice is better, as data: the source of the points it keeps and the
    rule that source is scored by."""
    kind = est.source
    if kind == "chicago":
        rule = "R7.2" if est.played["broken"] > est.better["broken"] else "R7.1"
    else:
        rule = _RULES.get(kind, _DECISION_RULES.get(decision, "R1.4"))
    return {"kind": kind, "decision": decision, "rule": rule}


def review_decision(replay: Replay, index: int, advise: Advise = coach.advise,
                    samples: tuple[int, ...] = SAMPLES,
                    seat: int = PLAYER) -> dict[str, object] | None:
    """The mark for the seat's action `index`, or None when it is fine (the coach agrees,
    or the cost cannot be told from zero)."""
    state = replay.states[index]
    played = replay.actions[index]
    legal = legal_actions(state)
    advice = advise(view(state, seat), legal, bot_stream(state.setup.seed, seat, index))
    if same(advice.action, played):
        return None
    est = estimate(state, played, advice.action, seat, index, samples)
    if not est.sure:
        return None
    decision = state.phase.value
    return {
        "index": index,
        "position": index,
        "deal": state.deal,
        "decision": decision,
        "played": action_to_json(played),
        "suggested": action_to_json(advice.action),
        "reason": reason(decision, est),
        "cost": est.json(),
        "odds": {"played": est.played, "suggested": est.better},
    }


def ranked(marks: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The marks, costliest first (ties in game order)."""
    return sorted(marks, key=lambda m: (-float(m["cost"]["points"]), int(m["index"])))


def summary(marks: Sequence[dict[str, Any]], looked_at: int) -> dict[str, Any]:
    """The review at a glance: decisions looked at, how many were fine, the marks' total
    cost, and the costliest moments (their indices)."""
    order = ranked(marks)
    return {
        "decisions": looked_at,
        "fine": looked_at - len(marks),
        "marked": len(marks),
        "total": round(sum(float(m["cost"]["points"]) for m in marks), 2),
        "top": [int(m["index"]) for m in order[:TOP]],
    }
