"""How often the hard level's Chicago calls hold, by the share of imagined deals it counted.

    .venv/bin/python bench/calls.py [--levels hard,normal,hard,normal] [--games 60]
                                    [--seed S] [--jobs J]

Any hard variant of bench/clues.py may stand for hard in `--levels` (`hard-before,normal,...`):
its questions are noted the same way.

Plays the arena's duplicate games (chicago.table.arena.games) and notes every Chicago question of a
hard seat (R5.1): the share of its imagined deals in which it takes all five tricks (the
Advice), whether it still needs the qualification (R7.4) or must call (`Stakes.urgent_call`),
whether the call holds on the real hands whatever the others play (`solver.chicago_holds`,
the cards the seat cannot see), and, for a call made, whether it was made good (R7.1) or
broken (R7.2). By bands of the share it prints: questions, calls, the mean share counted,
the share of calls made good and of questions whose call holds on the real hands. A
well-read table has the three figures close; where the counted share is above the others,
the level calls more than its cards are worth.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from chicago.bots import make_bot
from chicago.bots.common import first_leader, returned
from chicago.bots.hard import HardBot
from chicago.bots.knowledge import knowledge
from chicago.bots.solver import chicago_holds, mask_of
from chicago.bots.stakes import Stakes
from chicago.core.actions import Action, ChicagoCall
from chicago.core.events import ChicagoBroken, ChicagoCalled, ChicagoWon, Event
from chicago.core.game import Game
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView
from chicago.table.arena.games import ArenaConfig, Player, Task, play_game, tasks
from clues import VARIANTS

BANDS = (0.0, 0.2, 0.4, 0.6, 0.8, 1.01)


@dataclass
class Question:
    seat: int
    share: float
    needs: bool
    forced: bool
    called: bool
    real: bool
    """The call holds on the real hands whatever the others play."""
    made: bool | None = None
    """For a call: made good (True) or broken (False)."""


class Recorder:
    """A hard seat that notes its Chicago questions, checked against the game's real hands
    (the bench's view only: the bot decides from its own view, R9.2)."""

    def __init__(self, game: Game, seat: int, notes: list[Question], level: str = "hard") -> None:
        self.bot: HardBot = VARIANTS[level]() if level in VARIANTS else make_bot("hard")  # type: ignore[assignment]
        self.game, self.seat, self.notes = game, seat, notes

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Action:
        s = self.bot.suggest(view, legal, rng)
        if view.phase is Phase.CHICAGO and s.advice is not None:
            kn = returned(knowledge(view), view)
            masks = [mask_of(h) for h in self.game.state.hands]
            real = chicago_holds(masks, kn.players, view.seat, first_leader(view, kn, view.seat))
            st = Stakes.of(view)
            called = isinstance(s.action, ChicagoCall) and s.action.call
            self.notes.append(Question(view.seat, s.advice.all_five, st.needs_call,
                                       st.urgent_call, called, real))
        return s.action


def recorded(level: str) -> bool:
    """The seats whose questions are noted: hard, or a hard variant (bench/clues.py)."""
    return level == "hard" or level in VARIANTS


def one(task: Task) -> list[Question]:
    """One arena game's questions of hard seats, with the calls' results."""
    game = Game.new(task.profile, len(task.levels), task.seed)
    notes: list[Question] = []
    players: list[Player] = [Recorder(game, s, notes, lv) if recorded(lv) else make_bot(lv)
                             for s, lv in enumerate(task.levels)]
    open_call: dict[int, Question] = {}

    def on_events(_game: Game, events: Sequence[Event]) -> None:
        for e in events:
            if isinstance(e, ChicagoCalled) and notes and notes[-1].seat == e.seat:
                open_call[e.seat] = notes[-1]
            elif isinstance(e, ChicagoWon | ChicagoBroken):
                seat = e.seat if isinstance(e, ChicagoWon) else e.caller
                q = open_call.pop(seat, None)
                if q is not None:
                    q.made = isinstance(e, ChicagoWon)

    play_game(players, game=game, on_events=on_events)
    return notes


def table(notes: Sequence[Question]) -> list[str]:
    rows = ["| counted share | questions | calls | mean share counted | calls made good "
            "| holds on the real hands |", "|---|---:|---:|---:|---:|---:|"]
    for lo, hi in itertools.pairwise(BANDS):
        band = [q for q in notes if lo <= q.share < hi]
        calls = [q for q in band if q.called and q.made is not None]
        if not band:
            continue
        mean = sum(q.share for q in band) / len(band)
        made = sum(bool(q.made) for q in calls) / len(calls) if calls else float("nan")
        real = sum(q.real for q in band) / len(band)
        rows.append(f"| {lo:.1f}–{min(hi, 1.0):.1f} | {len(band)} | {len(calls)} | {mean:.2f} "
                    f"| {made:.2f} | {real:.2f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="hard,normal,hard,normal")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    config = ArenaConfig(tuple(args.levels.split(",")), games=args.games, seed=args.seed)
    todo = tasks(config)
    if args.jobs <= 1:
        found = [one(t) for t in todo]
    else:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            found = list(pool.map(one, todo))
    notes = [q for game in found for q in game]
    print(f"{args.games} games, seed {args.seed}, levels {args.levels}: {len(notes)} questions "
          f"of hard seats", file=sys.stderr)
    for name, part in (("all", notes), ("needs the qualification, free", [
            q for q in notes if q.needs and not q.forced]), ("forced", [
            q for q in notes if q.forced]), ("qualified", [q for q in notes if not q.needs])):
        print(f"\n{name}:")
        print("\n".join(table(part)))


if __name__ == "__main__":
    main()
