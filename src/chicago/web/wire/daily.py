"""The JSON shapes of the day's deal: a day (its board, the reader's attempts, the par), an
attempt with its share text, a line of the board. Words come from `chicago.text.daily_words`;
no card and no seed is in any of them (R9.1: others may still be playing the same cards)."""

from __future__ import annotations

from typing import Any

from chicago.table.daily.deals import Attempt, BoardLine, Day
from chicago.table.daily.marks import MARKS
from chicago.text.daily_words import (
    MARK_SYMBOLS,
    mark_word,
    outcome,
    rank_rule,
    share_text,
    symbols,
)
from chicago.text.numbers import day as day_words


def attempt_json(a: Attempt, link: str) -> dict[str, Any]:
    """An attempt; once finished, its result in words and the text to share."""
    r = a.result
    return {
        "game": a.game_id,
        "practice": a.practice,
        "finished": a.finished,
        "won": r.won if r else None,
        "deals": r.deals if r else None,
        "margin": r.margin if r else None,
        "marks": list(a.marks),
        "symbols": symbols(a.marks),
        "outcome": outcome(r.won, r.deals, r.margin) if r else None,
        "share": (share_text(a.day, r.won, r.deals, r.margin, a.marks, link,
                             practice=a.practice) if r else None),
    }


def board_line_json(line: BoardLine) -> dict[str, Any]:
    r = line.result
    return {
        "place": line.place,
        "name": line.name,
        "won": r.won,
        "deals": r.deals,
        "margin": r.margin,
        "outcome": outcome(r.won, r.deals, r.margin),
        "mine": line.mine,
        "friend": line.friend,
    }


def day_json(d: Day, link: str, today: bool = True) -> dict[str, Any]:
    """The reader's day: the board (ranked, the rule stated), their attempts, the par."""
    return {
        "day": d.day.isoformat(),
        "day_words": day_words(d.day),
        "closes": d.closes.isoformat(),
        "rule": rank_rule(),
        "board": [board_line_json(line) for line in d.board],
        "attempts": [attempt_json(a, link) for a in d.attempts],
        "place": d.place,
        "par": None if d.par is None else {**attempt_json(d.par, link), "share": None},
        "replay": d.replay,
        "today": today,
        "legend": [{"mark": m, "symbol": MARK_SYMBOLS[m], "words": mark_word(m)} for m in MARKS],
    }
