"""Full random legal deals per second through the real engine (4 seats, house rules).

Each step asks `legal_actions` and applies a uniformly random one with `apply`, exactly as a
bot's simulation would; games that end are replaced by new ones. Time is this process's CPU
time (one core's work, so other load on the machine does not count). Prints the best of 3.

    .venv/bin/python bench/playouts.py [--seconds 3] [--seats 4]
"""

from __future__ import annotations

import argparse
import random
import time

from chicago.core.engine import apply, legal_actions, new_game


def run(seconds: float, seats: int, seed: int) -> tuple[int, int, float]:
    """Play random legal actions for about `seconds`; return (deals, actions, elapsed)."""
    rng = random.Random(seed)
    game_seed = seed
    state = new_game(seats=seats, seed=game_seed)
    deals = actions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(200):
            legal = legal_actions(state)
            before = state.deal
            state, _events = apply(state, legal[rng.randrange(len(legal))])
            actions += 1
            if state.deal != before:
                deals += 1
            elif state.finished:
                deals += 1
                game_seed += 1
                state = new_game(seats=seats, seed=game_seed)
        if time.process_time() >= deadline:
            break
    return deals, actions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each run")
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()
    best = 0.0
    for i in range(3):
        deals, actions, elapsed = run(args.seconds, args.seats, seed=i)
        rate = deals / elapsed
        print(
            f"run {i + 1}: {deals} deals, {actions} actions in {elapsed:.2f} s: "
            f"{rate:,.0f} deals/s, {actions / elapsed:,.0f} actions/s"
        )
        best = max(best, rate)
    print(f"deals_per_second={best:.0f}")


if __name__ == "__main__":
    main()
