"""The course of a deal as one table of steps (R1.4): which part of the rules acts next.

    DEAL → EXCHANGE 1 → EXCHANGE_DONE 1 → STAGE 1 → AFTER_STAGE 1 → EXCHANGE 2 → …
    … EXCHANGE_DONE (last) → CALLS → (tricks) → STAGE final / AFTER_STAGE → END_DEAL → DEAL

A decision's handler (deal.exchange, scoring.choose_quads, tricks.play, …) returns the step
that follows it; `run` goes on from step to step until the game waits for a decision (a step
returns None) or is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from chicago.core import deal, scoring, tricks
from chicago.core.events import Event
from chicago.core.state import GameState, Phase
from chicago.core.steps import CALLS, Next, Step


def run(s: GameState, step: Step | None, events: list[Event]) -> None:
    """Take steps until a decision is awaited or the game is won (R8)."""
    while step is not None and s.phase is not Phase.FINISHED:
        step = _STEPS[step.kind](s, step, events)


def take(s: GameState, step: Step, events: list[Event]) -> Step | None:
    """One step of the course: the scorekeeper takes them one at a time, since it asks the
    table for each stage's best hand before that stage is scored."""
    return _STEPS[step.kind](s, step, events)


def _exchange_done(s: GameState, step: Step, events: list[Event]) -> Step | None:
    """R1.4: a scoring stage after each exchange but the last, then the calls and tricks."""
    if step.number < s.profile.exchanges:
        return Step(Next.STAGE, step.number)
    return CALLS


def _stage(s: GameState, step: Step, events: list[Event]) -> Step | None:
    """R4: the best hand of this stage scores; a choice or a win stops the course here."""
    if scoring.score_stage(s, step.number, events):
        return Step(Next.AFTER_STAGE, step.number, step.reason)
    return None


def _after_stage(s: GameState, step: Step, events: list[Event]) -> Step | None:
    """Go on after a stage's award: the next exchange, or (final hand) the end of the deal."""
    if step.number < s.profile.exchanges:
        return Step(Next.EXCHANGE, step.number + 1)
    return Step(Next.END_DEAL, reason=step.reason)


def _calls(s: GameState, step: Step, events: list[Event]) -> Step | None:
    tricks.begin_calls(s, events)
    return None


_STEPS: Final[dict[Next, Callable[[GameState, Step, list[Event]], Step | None]]] = {
    Next.DEAL: lambda s, step, events: deal.start_deal(s, events),
    Next.EXCHANGE: lambda s, step, events: deal.begin_exchange(s, step.number, events),
    Next.EXCHANGE_DONE: _exchange_done,
    Next.STAGE: _stage,
    Next.AFTER_STAGE: _after_stage,
    Next.CALLS: _calls,
    Next.END_DEAL: lambda s, step, events: deal.end_deal(s, step.reason, events),
}
