"""`chicago review FILE`: the coach's review of one seat of a game file, in the terminal.

The same review as the browser's (`chicago.table.coach.review`): every decision of the seat with
an alternative is weighed, a progress bar counts them on a terminal, and the summary
and the marks — the costliest first, or in game order — are printed in the reader's
language (`chicago.text.review_words`), or as one JSON object for scripts.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from typing import Any, TextIO

from chicago.core.state import Phase
from chicago.table.coach import pool as review_pool
from chicago.table.coach import review
from chicago.table.coach.estimate import STAGES
from chicago.table.history.replay import Replay
from chicago.table.progress import progress as progress_bar
from chicago.text.i18n import _
from chicago.text.review_words import mark_words, reason_words, summary_words


def run(replay: Replay, seat: int, progress: TextIO | None,
        stages: tuple[int, ...] = STAGES,
        workers: int = 1) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The seat's review: its summary and its marks (in game order), the decisions weighed
    by `workers` processes side by side (`review_pool`)."""
    todo = review.decisions(replay, seat)
    marks = []
    with progress_bar(len(todo), _("decisions"), progress) as update:
        found = review_pool.marks(replay, todo, stages, seat, workers)
        for done, mark in enumerate(found, 1):
            if mark is not None:
                marks.append(mark)
            update(done)
    return review.summary(marks, len(todo)), marks


def as_json(seat: int, summary: dict[str, Any], marks: Sequence[dict[str, Any]]) -> str:
    return json.dumps({
        "seat": seat,
        "summary": {**summary, "text": summary_words(summary)},
        "marks": [mark_words(m) for m in review.ranked(marks)],
    }, ensure_ascii=False)


def moment(replay: Replay, index: int) -> str:
    """Where in its deal decision `index` was taken, as a player follows a game: "trick 3",
    "exchange 2", "the Chicago question"."""
    state = replay.states[index]
    if state.phase is Phase.PLAY:
        return _("trick {n}", n=len(state.tricks) + 1)
    if state.phase is Phase.CHICAGO:
        return _("the Chicago question")
    if state.phase is Phase.QUADS:
        return _("the four-of-a-kind choice")
    if state.phase is Phase.OFFER:
        return _("exchange {n}, the open card", n=state.exchange)
    return _("exchange {n}", n=state.exchange)


def as_text(seat: int, summary: dict[str, Any], marks: Sequence[dict[str, Any]],
            in_game_order: bool, out: TextIO, name: str, replay: Replay,
            file: str = "FILE") -> None:
    """The review for a reader: the seat by `name` as every tool names it ("You" for the
    person of a game against bots), each mark placed in its deal and with the command that
    steps to it (`chicago replay FILE --step`, then `g N`)."""
    you = name == _("You")
    if you:
        out.write(_("The coach's review of your decisions (seat {seat})", seat=seat) + "\n")
    else:
        out.write(_("The coach's review of {name} (seat {seat})", name=name, seat=seat) + "\n")
    out.write(summary_words(summary) + "\n")
    if not marks:
        return
    out.write("\n" + (_("The marks in game order:") if in_game_order
                      else _("The marks, the costliest first:")) + "\n")
    order = list(marks) if in_game_order else review.ranked(marks)
    command = f"chicago replay {shlex.quote(file)} --step"
    for n, raw in enumerate(order, 1):
        m = mark_words(raw)
        at = {"n": n, "deal": m["deal"], "moment": moment(replay, int(m["position"])),
              "played": m["played"], "suggested": m["suggested"]}
        if you:
            out.write(_("{n}. Deal {deal}, {moment}: you chose to {played}; the coach would "
                        "{suggested}.", **at) + "\n")
        else:
            out.write(_("{n}. Deal {deal}, {moment}: {name} chose to {played}; the coach "
                        "would {suggested}.", name=name, **at) + "\n")
        out.write("   " + _("Cost: {cost}", cost=m["cost_text"]) + "\n")
        reason = m["reason_text"] if you else reason_words(raw["reason"], raw["odds"], name)
        out.write("   " + reason + "\n")
        out.write("   " + (_("Your choice: {odds}", odds=m["played_odds"]) if you
                           else _("The choice made: {odds}", odds=m["played_odds"])) + "\n")
        out.write("   " + _("The coach's: {odds}", odds=m["suggested_odds"]) + "\n")
        out.write("   " + _("To see it: {command}, then type g {step}", command=command,
                            step=m["position"]) + "\n")
