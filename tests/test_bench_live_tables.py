"""The live bench's processor count (bench/live_tables.py): a server whose work is done in
processes it started (a supervisor and its workers) is counted whole, and PostgreSQL's
processes each on their own (their parent's count must not hold its children's again)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import live_tables

BURN = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.6: pass\n"
"""A child that spends 0.6 s of processor, then waits to be killed."""


def test_a_server_is_counted_with_the_processes_it_started() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c",
         "import subprocess, sys, time\n"
         f"subprocess.Popen([sys.executable, '-c', {BURN + 'time.sleep(60)'!r}])\n"
         "time.sleep(60)\n"],
    )
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            whole = live_tables.cpu_seconds(parent.pid)
            if whole - live_tables.own_cpu(parent.pid) >= 0.5:
                break
            time.sleep(0.1)
        # the parent itself spent a start-up's worth; its child spent the 0.6 s burn
        assert live_tables.own_cpu(parent.pid) < 0.5
        assert whole - live_tables.own_cpu(parent.pid) >= 0.5
    finally:
        subprocess.run(["pkill", "-P", str(parent.pid)], check=False)
        parent.kill()
        parent.wait()
