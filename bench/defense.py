"""Whether the others break the Chicago calls they could break (R5.2, R7.2), by caller level.

    .venv/bin/python bench/defense.py [--levels hard,normal,hard,normal] [--games 24]
                                      [--seed S] [--jobs J]

Plays the arena's duplicate games (chicago.table.arena.games) and, at the first trick of every
deal with a call, asks of the game's real hands whether the call holds whatever the others
play (`solver.chicago_holds`; the bench reads the hands, a bot never does). Then it counts,
by the caller's level, the calls that held on the real hands and the ones that did not,
against how each ended: made good (R7.1) or broken. A call that could be broken and was made
good is the defenders' mistake; one that could not be broken says nothing of them.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from chicago.bots import make_bot
from chicago.bots.solver import chicago_holds, mask_of
from chicago.core.events import ChicagoBroken, ChicagoCalled, ChicagoWon, Event
from chicago.core.game import Game
from chicago.core.state import Phase
from chicago.table.arena.games import ArenaConfig, Task, play_game, tasks

Key = tuple[str, bool, bool]
"""(the caller's level, the call held on the real hands, the call was made good)."""


def one(task: Task) -> Counter[Key]:
    """One arena game's calls, each as its caller's level, whether it could be broken on the
    real hands at the first trick, and how it ended."""
    game = Game.new(task.profile, len(task.levels), task.seed)
    counts: Counter[Key] = Counter()
    pending: dict[int, bool | None] = {}  # caller -> holds on the real hands (None: not yet)

    def on_events(g: Game, events: Sequence[Event]) -> None:
        for e in events:
            if isinstance(e, ChicagoCalled):
                pending[e.seat] = None
            elif isinstance(e, ChicagoWon | ChicagoBroken):
                seat = e.seat if isinstance(e, ChicagoWon) else e.caller
                holds = pending.pop(seat, None)
                if holds is not None:
                    counts[(task.levels[seat], holds, isinstance(e, ChicagoWon))] += 1
        st = g.state
        for caller, holds in pending.items():
            if holds is None and st.phase is Phase.PLAY and not st.trick and not st.tricks:
                order = [s for s, h in enumerate(st.hands) if h]
                masks = [mask_of(h) for h in st.hands]
                pending[caller] = chicago_holds(masks, order, caller, caller)  # R5.2

    play_game([make_bot(lv) for lv in task.levels], game=game, on_events=on_events)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="hard,normal,hard,normal")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    config = ArenaConfig(tuple(args.levels.split(",")), games=args.games, seed=args.seed)
    total: Counter[Key] = Counter()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for c in pool.map(one, tasks(config)):
            total.update(c)
    print("| caller | could be broken: broken | could be broken: made good "
          "| held on the real hands: made good | held: broken |")
    print("|---|---:|---:|---:|---:|")
    for level in sorted({k[0] for k in total}):
        print(f"| {level} | {total[(level, False, False)]} | {total[(level, False, True)]} "
              f"| {total[(level, True, True)]} | {total[(level, True, False)]} |")


if __name__ == "__main__":
    main()
