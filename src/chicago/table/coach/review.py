"""The coach's review of a finished game: one seat's decisions weighed by the hard level (the
owner's seat 0, or a person's own seat at a table with people; "seat 0" below).

For every decision of seat 0 that had more than one legal answer (exchange, offer, quads
choice, Chicago call, card play), the coach (`coach.advise`, the hard level's `suggest`)
decides from seat 0's view at that moment — never more (R9.2) — with the same random
source the hint would have had. Where its choice differs from the player's, the cost of the
player's choice is estimated fairly (`estimate.estimate`: both choices played on by the
same strong continuation over the same imagined deals), and the decision is marked only
when that cost is positive beyond the estimate's noise; otherwise it is fine. A game's
decisions are weighed breadth first (`review_game`): each gets a first stage of imagined
deals, and one whose cost is unsettled gets the next stage, and so on up to the last, while
the game's budget (`GAME_DEALS`) lasts.

A mark is data: the choices in their game-file form, the cost with its interval, the odds
of each choice (the hand, the last trick, the Chicago, the game) and its reason as a kind
and the rule it turns on. `chicago.text.review_words` words it in the reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from chicago.bots import bot_stream
from chicago.core.actions import Action, Exchange, action_to_json
from chicago.core.engine import legal_actions
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView, view
from chicago.table.coach import advice as coach
from chicago.table.coach.estimate import STAGES, Estimate, Tally, result, settled, weigh
from chicago.table.history.replay import PLAYER, Replay

METHOD: Final = 3
"""The review method's version: stored reviews by another method are made again (2: the fair
estimate, only sure marks; 3: more imagined deals while a cost is unsettled)."""
SAMPLES: Final = STAGES
"""The stages of imagined deals per decision the coach disagrees with (the last: its cap)."""
GAME_DEALS: Final = 6_000
"""The cap per game: imagined deals over all of a review's decisions, beyond which no
unsettled decision gets another stage (a 20-deal game's review within a minute)."""
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


@dataclass(slots=True)
class Weighing:
    """One decision under review: the coach's choice where it differs from the player's
    (None: it agrees) and the imagined deals drawn for its cost so far."""

    index: int
    advice: Action | None = None
    tally: Tally | None = None
    closed: bool = False
    """No more deals for it: its cost settled, the cap reached, or the game's budget spent."""


def first_look(replay: Replay, index: int, advise: Advise = coach.advise,
               samples: tuple[int, ...] = SAMPLES, seat: int = PLAYER) -> Weighing:
    """The coach's choice at the seat's action `index` and, where it differs from the
    player's, the first stage of imagined deals."""
    state = replay.states[index]
    played = replay.actions[index]
    legal = legal_actions(state)
    advice = advise(view(state, seat), legal, bot_stream(state.setup.seed, seat, index))
    if same(advice.action, played):
        return Weighing(index, closed=True)
    w = Weighing(index, advice.action)
    return look_again(replay, w, samples[0], samples, seat)


def look_again(replay: Replay, w: Weighing, cap: int, samples: tuple[int, ...] = SAMPLES,
               seat: int = PLAYER) -> Weighing:
    """More imagined deals for an unsettled decision, up to `cap` in all."""
    assert w.advice is not None
    state = replay.states[w.index]
    w.tally = weigh(state, replay.actions[w.index], w.advice, seat, w.index, samples, cap,
                    w.tally)
    w.closed = settled(w.tally.diffs) or w.tally.k >= samples[-1]
    return w


def mark_of(replay: Replay, w: Weighing) -> dict[str, object] | None:
    """The mark for a weighed decision, or None when it is fine (the coach agrees, or the
    cost cannot be told from zero)."""
    if w.advice is None or w.tally is None:
        return None
    est = result(w.tally)
    if not est.sure:
        return None
    state = replay.states[w.index]
    decision = state.phase.value
    return {
        "index": w.index,
        "position": w.index,
        "deal": state.deal,
        "decision": decision,
        "played": action_to_json(replay.actions[w.index]),
        "suggested": action_to_json(w.advice),
        "reason": reason(decision, est),
        "cost": est.json(),
        "odds": {"played": est.played, "suggested": est.better},
    }


def review_decision(replay: Replay, index: int, advise: Advise = coach.advise,
                    samples: tuple[int, ...] = SAMPLES,
                    seat: int = PLAYER) -> dict[str, object] | None:
    """The mark for the seat's action `index` weighed alone (up to the cap per decision,
    no game's budget), or None when it is fine."""
    w = first_look(replay, index, advise, samples, seat)
    if not w.closed:
        w = look_again(replay, w, samples[-1], samples, seat)
    return mark_of(replay, w)


class Weigher(Protocol):
    """Who weighs a game's decisions: here one by one, or worker processes side by side
    (`coach.pool`); either way in the order given."""

    def first(self, indices: Sequence[int]) -> Iterable[Weighing]: ...

    def again(self, todo: Sequence[tuple[Weighing, int]]) -> Iterable[Weighing]: ...


@dataclass(frozen=True, slots=True)
class Alone:
    """The decisions weighed in this process, one by one."""

    replay: Replay
    advise: Advise = coach.advise
    samples: tuple[int, ...] = SAMPLES
    seat: int = PLAYER

    def first(self, indices: Sequence[int]) -> Iterable[Weighing]:
        return (first_look(self.replay, i, self.advise, self.samples, self.seat)
                for i in indices)

    def again(self, todo: Sequence[tuple[Weighing, int]]) -> Iterable[Weighing]:
        return (look_again(self.replay, w, cap, self.samples, self.seat) for w, cap in todo)


def review_game(replay: Replay, todo: Sequence[int], weigher: Weigher,
                samples: tuple[int, ...] = SAMPLES, budget: int = GAME_DEALS,
                skip: int = 0) -> Generator[dict[str, object] | None, None, None]:
    """The mark (or None: fine) of each decision in `todo`, in order, from the `skip`th on.

    Breadth first: every decision the coach disagrees with gets the first stage of imagined
    deals; then, stage by stage, every one still unsettled gets the next stage — in game
    order while the game's `budget` of imagined deals lasts (the first stage is always
    drawn). The budget is shared by the whole game whatever `skip` is, so a review resumed
    half-way gives the marks it would have given in one go. A mark is yielded as soon as it
    and every one before it are final."""
    found: list[Weighing] = []
    given = skip

    def ready() -> Iterator[dict[str, object] | None]:
        nonlocal given
        while given < len(found) and found[given].closed:
            yield mark_of(replay, found[given])
            given += 1

    for w in weigher.first(todo):
        found.append(w)
        yield from ready()
    spent = sum(w.tally.k for w in found if w.tally is not None)
    for target in samples[1:]:
        going: list[tuple[Weighing, int]] = []
        for w in found:
            if w.closed or w.tally is None:
                continue
            need = target - w.tally.k
            if spent + need > budget:
                w.closed = True  # the game's budget is spent: it stays unsettled, fine
                continue
            spent += need
            going.append((w, target))
        if not going:
            break
        at = {w.index: n for n, w in enumerate(found)}
        for w in weigher.again(going):
            found[at[w.index]] = w
            yield from ready()
    for w in found:
        w.closed = True
    yield from ready()


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
