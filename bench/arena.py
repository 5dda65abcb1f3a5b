"""The bots' strength on the four target matchups (issue 4), through the real arena.

    .venv/bin/python bench/arena.py [--games-nve N] [--games-hvn N] [--games-h3n N]
                                    [--games-self N] [--jobs J] [--seed S] [--json]

Matchups, 4 seats, house rules, duplicate deals with seat rotation (chicago.table.arena):
1. normal vs easy, 2v2 (normal,easy,normal,easy): fair share 50% each;
2. hard vs normal, 2v2 (hard,normal,hard,normal): fair share 50% each;
3. hard alone vs 3 x normal (hard,normal,normal,normal): fair share 25%;
4. self-play seat bias, normal x 4: each seat's win rate against a fair 25%.

Game counts are rounded up to whole deal sets (2 rotations for 2v2, 4 for 1 vs 3, 1 for
self-play). The defaults are sized to finish within 20 minutes on 2 idle cores: measured
processor time per game (4 seats, house rules) was about 0.9 s for normal vs easy, 2 s for
normal x 4, 10 s for hard vs normal 2v2 and 6 s for hard vs 3 x normal (hard decides in up to
0.5 s), 1,670 s for the whole bench at the defaults, i.e. about 14 minutes on 2 cores; the
wall time grows with whatever else the machine runs. Each matchup's full table goes to
standard output, then the summary lines "LEVEL wins X% of games (CI lo–hi), N games";
progress goes to standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from typing import Any

from chicago.table.arena import ArenaConfig, default_jobs, format_table, run_arena


@dataclass(frozen=True)
class Matchup:
    key: str
    title: str
    levels: tuple[str, ...]
    focus: str | None
    """The level whose wins are the headline (None: seat bias)."""
    default_games: int


MATCHUPS = (
    Matchup("nve", "normal vs easy, 2v2", ("normal", "easy", "normal", "easy"), "normal", 300),
    Matchup("hvn", "hard vs normal, 2v2", ("hard", "normal", "hard", "normal"), "hard", 80),
    Matchup("h3n", "hard alone vs 3 x normal", ("hard", "normal", "normal", "normal"), "hard",
            48),
    Matchup("self", "self-play seat bias, normal x 4", ("normal",) * 4, None, 160),
)


def _games(n: int) -> str:
    return f"{n} game{'s' if n != 1 else ''}"


def headline(m: Matchup, s: dict[str, Any]) -> list[str]:
    """The summary lines of one matchup."""
    if m.focus is not None:
        e = s["by_level"][m.focus]
        lo, hi = e["ci95"]
        return [
            f"{m.focus} wins {100 * e['win_rate']:.1f}% of games (CI {100 * lo:.1f}–"
            f"{100 * hi:.1f}%), {_games(e['games'])} (fair share {100 * e['fair_share']:.0f}%)"
        ]
    lines = []
    for e in s["by_seat"]:
        lo, hi = e["ci95"]
        lines.append(
            f"seat {e['seat']} wins {100 * e['win_rate']:.1f}% of games (CI {100 * lo:.1f}–"
            f"{100 * hi:.1f}%), {_games(s['games'])} (fair {100 * e['fair_share']:.0f}%)"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for m in MATCHUPS:
        parser.add_argument(
            f"--games-{m.key}", type=int, default=m.default_games, metavar="N",
            help=f"games for {m.title} (default {m.default_games}; 0 skips it)",
        )
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the summaries as JSON")
    args = parser.parse_args()
    results: list[tuple[Matchup, dict[str, Any]]] = []
    start = time.perf_counter()
    for m in MATCHUPS:
        games = getattr(args, f"games_{m.key}")
        if games <= 0:
            continue
        print(f"== {m.title}: {','.join(m.levels)}", file=sys.stderr, flush=True)
        config = ArenaConfig(m.levels, games=games, seed=args.seed, jobs=args.jobs)
        s = run_arena(config, progress=sys.stderr)
        results.append((m, s))
        if not args.json:
            print(f"## {m.title}")
            print(format_table(s))
            sys.stdout.flush()
    total = time.perf_counter() - start
    if args.json:
        print(json.dumps({m.key: s for m, s in results} | {"elapsed_s": total}))
        return
    print("## Results")
    rows = [("matchup", "games", "unfinished", "time", "cpu", "result")]
    for m, s in results:
        lines = headline(m, s)
        rows.append((m.title, str(s["games"]), str(s["unfinished"] + s["failed"]),
                     f"{s['elapsed_s']:.0f} s", f"{s['cpu_s']:.0f} s", lines[0]))
        rows.extend(("", "", "", "", "", line) for line in lines[1:])
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for r in rows:
        numbers = zip(r[1:5], widths[1:], strict=True)
        cells = [r[0].ljust(widths[0])] + [c.rjust(w) for c, w in numbers]
        print("  ".join([*cells, r[5]]))
    cpu = sum(s["cpu_s"] for _, s in results)
    print(f"total {total:.0f} s on {args.jobs} jobs; {cpu:.0f} s of processor time "
          f"(about {cpu / max(1, args.jobs) / 60:.0f} min on {args.jobs} idle cores)")


if __name__ == "__main__":
    main()
