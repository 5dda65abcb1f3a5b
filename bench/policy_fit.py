"""How often a level exchanges the count the typical plan would (`odds.keep_plan`), and keeps
the open offers the plan would: the counts `policy.COUNTS` and `policy.OFFERS` hold.

    .venv/bin/python bench/policy_fit.py [--level normal] [--games 20] [--seed 7700]

Plays the level × 4 (house rules) and, at each of its exchanges of five cards, sets the count
it exchanged (R2.1) beside the plan's count for the same hand, and at each open offer (R2.2)
whether it kept the card beside whether the plan keeps it. Prints the table of counts by the
plan's count, the share that agree, and for the offers the same; then both as the Python
literals of `policy.COUNTS` ([exchange - 1][plan's count][count exchanged], the last row
for the exchanges from the third on) and `policy.OFFERS` ([plan keeps][kept]).

Beside the plan, the normal level's valuation as another seat reads it (`keeps.py`, from
the public facts of the seat's view): how often its likeliest count is the count
exchanged, how often its kept cards for that count are the cards kept, the mean
log-chance of the count exchanged at a few temperatures, and its time per hand.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence

from chicago.bots import Bot, make_bot
from chicago.bots.keeps import floors_at, normal_keep
from chicago.bots.knowledge import knowledge
from chicago.bots.odds import keep_plan
from chicago.core.actions import Action, Exchange, Offer
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView
from chicago.table.arena.games import deal_set_seed, play_game
from clues import VARIANTS

TEMPERATURES = (0.1, 0.15, 0.25, 0.4, 0.7)


class Valued:
    """The valuation's agreement with the level's exchanges (keeps.py)."""

    def __init__(self) -> None:
        self.n = self.count = self.cards = 0
        self.seconds = 0.0
        self.log = [0.0] * len(TEMPERATURES)

    def add(self, view: PlayerView, action: Exchange) -> None:
        kn = knowledge(view)
        e = max(1, view.exchange)
        start = time.process_time()
        k = normal_keep(view.profile, view.seat, view.scores, view.qualified, view.eliminated,
                        e, len(kn.players) - 1, floors_at(kn.announced, kn.exchanged, view.seat, e))
        options = k.by_count(view.hand)
        self.seconds += time.process_time() - start
        c = len(action.discard)
        self.n += 1
        self.count += c == max(range(6), key=lambda i: o[0] if (o := options[i]) else -1e9)
        chosen = options[c]
        kept = {x for x in view.hand if x not in action.discard}
        self.cards += chosen is not None and set(chosen[1]) == kept
        top = max(o[0] for o in options if o is not None)
        for i, t in enumerate(TEMPERATURES):
            raw = [math.exp((o[0] - top) / t) if o is not None else 0.0 for o in options]
            self.log[i] += math.log(max(1e-9, raw[c] / sum(raw)))

    def report(self) -> str:
        n = max(1, self.n)
        logs = ", ".join(f"{t}: {x / n:.3f}" for t, x in zip(TEMPERATURES, self.log, strict=True))
        return (f"valuation (keeps.py): likeliest count = count exchanged {self.count / n:.1%}, "
                f"kept cards = cards kept {self.cards / n:.1%} of {self.n}; mean log-chance of "
                f"the count by temperature {{{logs}}}; {1000 * self.seconds / n:.2f} ms a hand")


class Watched:
    """A bot whose exchanges and offers are set beside the typical plan's."""

    def __init__(self, bot: Bot, counts: list[list[list[int]]], offers: list[list[int]],
                 valued: Valued) -> None:
        self.bot = bot
        self.counts = counts
        self.offers = offers
        self.valued = valued

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Action:
        action = self.bot.choose(view, legal, rng)
        most = view.profile.max_discard
        if view.phase is Phase.EXCHANGE and len(view.hand) == 5 and isinstance(action, Exchange):
            plan = keep_plan(view.hand, most)
            e = min(3, max(1, view.exchange)) - 1
            self.counts[e][5 - len(plan)][len(action.discard)] += 1
            self.valued.add(view, action)
        elif view.phase is Phase.OFFER and isinstance(action, Offer) and view.offer is not None:
            kept = tuple(view.hand)
            wants = view.offer in keep_plan((*kept, view.offer), most)
            self.offers[int(wants)][int(action.keep)] += 1
        return action



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7700)
    args = parser.parse_args()
    by_exchange = [[[0] * 6 for _ in range(6)] for _ in range(3)]
    offers = [[0, 0], [0, 0]]
    valued = Valued()
    for k in range(args.games):
        players = []
        for _ in range(4):
            bot = VARIANTS[args.level]() if args.level in VARIANTS else make_bot(args.level)
            players.append(Watched(bot, by_exchange, offers, valued))
        play_game(players, seed=deal_set_seed(args.seed, k))
    print(f"{args.level} x 4, {args.games} games, seed {args.seed}")
    print("| plan's count | exchanged 0 | 1 | 2 | 3 | 4 | 5 | agree |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    agree = total = 0
    counts = [[sum(t[p][c] for t in by_exchange) for c in range(6)] for p in range(6)]
    for plan, row in enumerate(counts):
        n = sum(row)
        if not n:
            continue
        agree += row[plan]
        total += n
        cells = " | ".join(str(x) for x in row)
        print(f"| {plan} | {cells} | {row[plan] / n:.0%} |")
    print(f"exchange counts: {agree} of {total} agree ({agree / max(1, total):.1%}); "
          f"by exchange: {[sum(t[p][p] for p in range(6)) for t in by_exchange]} agree of "
          f"{[sum(map(sum, t)) for t in by_exchange]}")
    ok = offers[0][0] + offers[1][1]
    n = sum(map(sum, offers))
    print(f"offers: plan declines → declined {offers[0][0]}, kept {offers[0][1]}; plan keeps → "
          f"declined {offers[1][0]}, kept {offers[1][1]}; {ok} of {n} agree")
    print(valued.report())
    print("COUNTS =", tuple(tuple(tuple(r) for r in t) for t in by_exchange))
    print("OFFERS =", tuple(tuple(r) for r in offers))


if __name__ == "__main__":
    main()
