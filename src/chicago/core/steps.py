"""The steps of a deal's course, as values: what comes next after a decision or a stage.

The dealing, scoring and trick modules never call each other: each returns the next `Step`
(or None when the game waits for a decision), and `course.run` looks the step up in one
table. So the order of a deal (R1.4) reads in one place, and the modules form no circle.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class Next(Enum):
    DEAL = "deal"
    """R1.3: deal a new hand to every active seat (the dealer already moved on)."""
    EXCHANGE = "exchange"
    """R2.1: begin exchange `number`."""
    EXCHANGE_DONE = "exchange_done"
    """R1.4: exchange `number` is over: a scoring stage, or (after the last) the calls."""
    STAGE = "stage"
    """R4: score stage `number`; then go on after it with `reason`."""
    AFTER_STAGE = "after_stage"
    """The next exchange after stage `number`, or (after the final hand) the end of the deal."""
    CALLS = "calls"
    """R5.1: the Chicago calls and the tricks."""
    END_DEAL = "end_deal"
    """R1.2/R1.4: the deal ends for `reason`; the deal passes on."""

    __hash__ = object.__hash__  # identity hash: steps are looked up on every transition


class Step(NamedTuple):
    kind: Next
    number: int = 0
    reason: str = "complete"


DEAL = Step(Next.DEAL)
CALLS = Step(Next.CALLS)
