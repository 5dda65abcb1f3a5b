"""The scorekeeper's cost: entering games and rebuilding pads, against the engine's replay.

    .venv/bin/python bench/keep.py [--games N]

For each preset, easy bots play N games (3–5 seats); each game is then entered into a pad
entry by entry (`keep.add`, what the service does per request), and rebuilt from its entries
(`keep.replay`, what the service does when a pad is not cached: undo and corrections). The
engine's own replay of the same game from its actions (`record`) is the yardstick. Prints
per preset: entries per game, microseconds per entry, milliseconds per rebuild and the
rebuild / engine-replay ratio. Processor time (`time.process_time`), so other load on the
machine matters less.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "keep"))

from keep_oracle import engine_game, keep_game

from chicago.core import record
from chicago.core.keep import replay
from chicago.core.rules import PRESETS


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    clock = time.process_time
    print(f"{'preset':22} {'entries':>8} {'µs/entry':>9} {'ms/rebuild':>11} {'engine ms':>10}"
          f" {'ratio':>6}")
    for name, profile in PRESETS.items():
        entries = enter = rebuild = engine = 0.0
        for seed in range(args.games):
            game = engine_game(profile, 3 + seed % 3, seed)
            dump = record.dump(game)
            t0 = clock()
            pad = keep_game(game)
            t1 = clock()
            replay(pad.setup, pad.entries)
            t2 = clock()
            record.replay(record.parse(dump))
            t3 = clock()
            entries += len(pad.lines)
            enter += t1 - t0
            rebuild += t2 - t1
            engine += t3 - t2
        n = args.games
        print(f"{name:22} {entries / n:8.1f} {enter / entries * 1e6:9.0f} "
              f"{rebuild / n * 1e3:11.2f} {engine / n * 1e3:10.2f} {rebuild / engine:6.2f}")


if __name__ == "__main__":
    main()
