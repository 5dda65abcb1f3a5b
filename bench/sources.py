"""Where each level's points come from, and what its decisions cost: an arena by events.

    .venv/bin/python bench/sources.py [--levels hard,normal,hard,normal] [--games 40]
                                      [--seed S] [--jobs J] [--json]

Plays the arena's duplicate games (chicago.table.arena.games, the reference of bench/reference.py
allowed) and reads every game's events: per level, the points gained by source (hand awards
R4.2, four of a kind R4.3, last trick R6.3, Chicago R7.1, breaking a call R7.2) and lost
(broken calls R7.2, resets by the 45+ rule R2.4 and by others' quads/royal flush R4.3/R4.4),
the calls and how they ended, and the end of each seat-game (won, lost, eliminated R8.3).
Per deal set, every level sits in every seat on the same cards, so two levels' figures
compare decision for decision; this is where to look for what a level gives away.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from chicago.core.events import (
    ChicagoBroken,
    ChicagoCalled,
    ChicagoWon,
    GameWon,
    PlayerEliminated,
    PointsAwarded,
    QuadsChosen,
    ScoreReset,
)
from chicago.core.game import Game
from chicago.table.arena.games import ArenaConfig, Task, play_game, tasks
from reference import reference_players


def tally(task: Task) -> dict[str, dict[str, float]]:
    """One game's figures by level (see the module docstring)."""
    players = reference_players  # bot levels, or a reference (bench/reference.py)
    game = Game.new(task.profile, len(task.levels), task.seed)
    play_game(players(task, game), game=game, max_actions=task.max_actions)
    out: dict[str, Counter[str]] = defaultdict(Counter)
    level = task.levels
    qualified: set[int] = set()
    call_state = ""
    for e in game.events:
        if isinstance(e, PointsAwarded):
            out[level[e.seat]][f"pts:{e.reason}"] += e.points
        elif isinstance(e, ScoreReset):
            out[level[e.seat]][f"lost:reset_{e.reason}"] += e.previous
            out[level[e.seat]][f"n:reset_{e.reason}"] += 1
        elif isinstance(e, ChicagoCalled):
            out[level[e.seat]]["n:calls"] += 1
            state = "qualified" if e.seat in qualified else "unqualified"
            out[level[e.seat]][f"n:calls_{state}"] += 1
            qualified.add(e.seat)
            call_state = state
        elif isinstance(e, ChicagoWon):
            out[level[e.seat]]["n:chicago_won"] += 1
            out[level[e.seat]][f"n:chicago_won_{call_state}"] += 1
        elif isinstance(e, ChicagoBroken):
            out[level[e.caller]]["n:chicago_broken"] += 1
            out[level[e.breaker]]["n:broke_a_call"] += 1
        elif isinstance(e, QuadsChosen):
            out[level[e.seat]][f"n:quads_{e.choice}"] += 1
        elif isinstance(e, PlayerEliminated):
            out[level[e.seat]]["n:eliminated"] += 1
        elif isinstance(e, GameWon):
            out[level[e.seat]]["n:wins"] += 1
            out[level[e.seat]][f"n:win_{e.reason}"] += 1
    for lv in set(level):
        out[lv]["n:seat_games"] += level.count(lv)
    return {k: dict(v) for k, v in out.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="hard,normal,hard,normal")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    levels = tuple(x.strip() for x in args.levels.split(","))
    config = ArenaConfig(levels, games=args.games, seed=args.seed)
    todo = tasks(config)
    total: dict[str, Counter[str]] = defaultdict(Counter)
    if args.jobs <= 1:
        results = map(tally, todo)
    else:
        results = ProcessPoolExecutor(max_workers=args.jobs).map(tally, todo)
    for r in results:
        for lv, c in r.items():
            total[lv].update(c)
    data: dict[str, Any] = {lv: dict(sorted(c.items())) for lv, c in total.items()}
    if args.json:
        print(json.dumps(data))
        return
    keys = sorted({k for c in total.values() for k in c})
    names = sorted(total)
    print(f"{len(todo)} games, seed {args.seed}, levels {','.join(levels)}", file=sys.stderr)
    print("| figure | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for k in keys:
        cells = []
        for lv in names:
            c = total[lv]
            seat_games = max(1, c["n:seat_games"])
            v = c.get(k, 0)
            cells.append(f"{v:g} ({v / seat_games:.2f}/seat-game)")
        print(f"| {k} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
