"""The arena's summary as a plain-text report (`chicago arena`, bench/arena.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def format_table(s: dict[str, Any]) -> str:
    """The summary as a plain-text report."""
    rots = len(s["rotations"])
    lines = [
        f"Arena: {s['seats']} seats, levels {','.join(s['levels'])}, profile {s['profile']}, "
        f"seed {s['seed']}",
        f"{s['games']} games = {s['deal_sets']} deal set{'s' if s['deal_sets'] != 1 else ''} "
        f"x {rots} rotation{'s' if rots != 1 else ''} (every level in every seat on the same "
        "cards); "
        f"{s['finished']} finished, {s['unfinished']} unfinished (cap {s['max_actions']} "
        f"actions), {s['failed']} failed",
        f"{s['deals_mean']:.1f} deals and {s['actions_mean']:.0f} actions per game on average "
        f"(longest {s['actions_max']} actions); {s['elapsed_s']:.1f} s on {s['jobs']} "
        f"job{'s' if s['jobs'] != 1 else ''} ({s['cpu_s']:.1f} s of processor time)",
        "",
    ]
    header = (
        "level", "seats", "games", "wins", "win rate", "95% CI", "fair", "avg score",
        "calls", "won", "elim", "decisions", "mean ms", "p95 ms",
    )
    rows: list[Sequence[str]] = [header]
    for name, e in s["by_level"].items():
        lo, hi = e["ci95"]
        rows.append((
            name, str(e["seats"]), str(e["games"]), str(e["wins"]), _pct(e["win_rate"]),
            f"{100 * lo:.1f}–{100 * hi:.1f}%", _pct(e["fair_share"]), f"{e['avg_score']:.1f}",
            str(e["chicago_calls"]), str(e["chicago_succeeded"]), str(e["eliminations"]),
            str(e["decisions"]), f"{e['decision_ms_mean']:.2f}", f"{e['decision_ms_p95']:.2f}",
        ))
    lines.extend(_columns(rows))
    lines.append("")
    seat_rows: list[Sequence[str]] = [("seat", "wins", "win rate", "95% CI", "fair")]
    for e in s["by_seat"]:
        lo, hi = e["ci95"]
        seat_rows.append((
            str(e["seat"]), str(e["wins"]), _pct(e["win_rate"]),
            f"{100 * lo:.1f}–{100 * hi:.1f}%", _pct(e["fair_share"]),
        ))
    lines.extend(_columns(seat_rows))
    if s.get("by_place"):
        places = ", ".join(f"{e['place']}: {e['wins']}" for e in s["by_place"])
        stat, df, p = s["place_chi2"]
        lines.append(f"wins by place clockwise from the first dealer's left: {places} "
                     f"(chi-square {stat:.2f}, {df} df, p = {p:.3f})")
    if s.get("wins_by_reason"):
        how = ", ".join(f"{k} {v}" for k, v in sorted(s["wins_by_reason"].items()))
        lines.append(f"games won by: {how}")
    for err in s["errors"]:
        lines.append(f"failed: {err}")
    return "\n".join(lines) + "\n"


def _columns(rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        out.append("  ".join(cells).rstrip())
    return out
