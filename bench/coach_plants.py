"""The coach's review on planted mistakes: does it mark every costly mistake, and nothing
else?

Short two-seat games on stacked deals (tests/review_plants.py `VARIANTS`) where seat 0 plays
the coach's own choices but one: a made pair discarded, a four-flush broken, a good open card
declined, a hopeless Chicago called, or a winner thrown away when the last trick is at stake.
Each kind is drawn on `--per-kind` deals from `--seed` on. For each plant the review weighs
the planted decision (`review.review_decision`: the only one the coach disagrees with, since
seat 0 otherwise played the coach's choices) and, in the same game with the best play made
there instead, the best play against the mistake (as if the coach had suggested the
mistake). Four figures:

- `marked_share=`: planted mistakes marked (the coach should find at least 90%);
- `best_marked=`: best plays marked (none);
- `non_positive=`: marks whose cost is zero or less (none);
- `below_quarter_share=`: marks under a quarter of a point (at most one in ten).

    nice -n 19 .venv/bin/python bench/coach_plants.py --per-kind 12
    PYTHONPATH=OTHER/src nice -n 19 .venv/bin/python bench/coach_plants.py --per-kind 12

(the second: another checkout's coach on the same plants — from before the sequential
estimate too.)

and `seconds=` (processor time of the reviews, the games' playing left out).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from chicago.core.actions import Action
from chicago.table.coach import advice as coach
from chicago.table.coach import review
from chicago.table.history.replay import Replay
from review_plants import VARIANTS, Planted, Skipped


def replay_of(p: Planted) -> Replay:
    return Replay.of({k: v for k, v in p.data.items() if k != "actions"}, p.data["actions"])


def plants(kind: str, count: int, seed: int) -> list[tuple[int, Planted, Planted]]:
    """`count` plants of `kind` (the mistake's game and the best play's), from `seed` on."""
    found: list[tuple[int, Planted, Planted]] = []
    s = seed
    while len(found) < count and s < seed + 20 * count:
        with contextlib.suppress(Skipped):
            found.append((s, VARIANTS[kind](s, False), VARIANTS[kind](s, True)))
        s += 1
    return found


def weigh(p: Planted, best: Planted, samples: tuple[int, ...]) -> dict[str, Any]:
    """The planted decision's mark (as `review.review_decision` makes it, with its estimate
    kept for the report), and the best play's mark against the mistake."""
    replay = replay_of(p)
    if hasattr(review, "first_look"):
        from chicago.table.coach.estimate import result

        w = review.first_look(replay, p.index, samples=samples)
        if not w.closed:
            w = review.look_again(replay, w, samples[-1], samples)
        mark = review.mark_of(replay, w)
        est = None if w.tally is None else result(w.tally)
    else:  # a checkout before the sequential estimate (PYTHONPATH=OTHER/src)
        mark, est = review.review_decision(replay, p.index, samples=samples), None

    def suggests_the_mistake(v: Any, legal: Any, rng: Any) -> coach.Advice:
        mistake: Action = p.mistake
        return coach.Advice(mistake, "")

    against = review.review_decision(replay_of(best), best.index, suggests_the_mistake,
                                     samples)
    return {"mark": mark, "estimate": est, "best_mark": against}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-kind", type=int, default=9)
    parser.add_argument("--seed", type=int, default=7_000)
    parser.add_argument("--kinds", default=",".join(VARIANTS))
    args = parser.parse_args()
    marks: list[float] = []
    planted = best_marked = 0
    seconds = 0.0
    for kind in args.kinds.split(","):
        k = list(VARIANTS).index(kind)
        got = 0
        for seed, p, best in plants(kind, args.per_kind, args.seed + 1000 * k):
            t = time.process_time()
            r = weigh(p, best, review.SAMPLES)
            seconds += time.process_time() - t
            planted += 1
            mark, against = r["mark"], r["best_mark"]
            best_marked += against is not None
            line = f"  {kind} seed {seed}: "
            if mark is not None:
                got += 1
                cost = mark["cost"]
                marks.append(float(cost["points"]))
                line += (f"marked {cost['points']:.2f} [{cost['low']:.2f}, {cost['high']}] "
                         f"from {cost['samples']} deals")
            elif r["estimate"] is not None:
                e = r["estimate"]
                line += (f"not marked: {e.cost:.2f} [{e.low:.2f}, {e.high:.2f}] from "
                         f"{e.samples} deals")
            else:
                line += "not marked"
            if against is not None:
                line += f"; BEST PLAY MARKED {against['cost']['points']:.2f}"
            print(line, file=sys.stderr, flush=True)
        print(f"{kind}: {got} marked", file=sys.stderr, flush=True)
    print(f"planted={planted}")
    print(f"marked={len(marks)}")
    print(f"marked_share={len(marks) / max(1, planted):.3f}")
    print(f"best_marked={best_marked}")
    print(f"non_positive={sum(c <= 0 for c in marks)}")
    print(f"below_quarter_share={sum(c < 0.25 for c in marks) / max(1, len(marks)):.3f}")
    print(f"seconds={seconds:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
