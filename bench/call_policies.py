"""Two Chicago-call policies for the hard level, measured and not kept (bench/RESULTS.md).

- `PatientBot` (`hard-patient`): a seat that still needs its qualifying call (R7.4) is forced
  to call only from target − 7 (45, the R2.4 line) instead of target − Chicago value (37),
  and the stopping rule of qualify.py counts its free questions up to there.
- `CalibratedBot` (`hard-calibrated`): a call's worth, at the question and at the last
  exchange, is counted with the share of calls made good at the share counted
  (`bench/calls.py`, `CALIBRATION`) instead of the share itself.

Both change only the module globals the hard level reads, and only while one of these bots
decides, so the other seats of a game (normal, hard) play as they always do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import pairwise
from typing import Any, ClassVar

from chicago.bots import hard, qualify
from chicago.bots.base import Suggestion
from chicago.bots.hard import HardBot
from chicago.bots.stakes import Stakes, call_worth
from chicago.core.actions import Action
from chicago.core.shuffle import Stream
from chicago.core.views import PlayerView

KNEE_BACK = 7
"""`hard-patient`: forced to call from this many points below the target."""
CALIBRATION = ((0.0, 0.0), (0.32, 0.18), (0.51, 0.35), (0.68, 0.56), (0.94, 0.95), (1.0, 1.0))
"""(share counted, share of calls made good): bench/calls.py, hard vs normal, 220 games,
seeds 777 and 778, 379 calls by bands of the share counted (their means)."""


@contextmanager
def _patched(names: dict[str, Any]) -> Iterator[None]:
    old = {k: getattr(hard, k) for k in names}
    for k, v in names.items():
        setattr(hard, k, v)
    try:
        yield
    finally:
        for k, v in old.items():
            setattr(hard, k, v)


class _PatientStakes(Stakes):
    @property
    def urgent_call(self) -> bool:
        return self.needs_call and self.score >= self.profile.target - KNEE_BACK


def _questions_left(stakes: Stakes) -> int:
    knee = stakes.profile.target - KNEE_BACK
    return 1 + max(0, int((knee - 1 - stakes.score) // qualify.PACE))


def _call_from(stakes: Stakes) -> float | None:
    live = sum(not out for out in stakes.eliminated)
    if not stakes.needs_call or stakes.urgent_call or live not in qualify.SEATS:
        return None
    k = _questions_left(stakes)
    return qualify.CALL_FROM[min(k, len(qualify.CALL_FROM)) - 1]


def calibrated(share: float) -> float:
    """The share of calls made good at this share counted, read off `CALIBRATION`."""
    for (x0, y0), (x1, y1) in pairwise(CALIBRATION):
        if share <= x1:
            return y0 + (y1 - y0) * (share - x0) / (x1 - x0)
    return 1.0


def _calibrated_worth(share: float, values: tuple[float, float]) -> float:
    return call_worth(calibrated(share), values)


class _Patched(HardBot):
    patch: ClassVar[dict[str, Callable[..., Any] | type[Stakes]]] = {}

    def _decide(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Suggestion:
        with _patched(self.patch):
            return super()._decide(view, legal, rng)


class PatientBot(_Patched):
    patch: ClassVar[dict[str, Callable[..., Any] | type[Stakes]]] = {
        "Stakes": _PatientStakes, "call_from": _call_from, "questions_left": _questions_left}


class CalibratedBot(_Patched):
    patch: ClassVar[dict[str, Callable[..., Any] | type[Stakes]]] = {
        "call_worth": _calibrated_worth}


VARIANTS: dict[str, type[HardBot]] = {"hard-patient": PatientBot,
                                       "hard-calibrated": CalibratedBot}
