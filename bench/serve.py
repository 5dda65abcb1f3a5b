"""`chicago serve` started for a benchmark: on a free loopback port, its output drained so it
never blocks on a full pipe, returned once it answers. Shared by the web and live benches."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time

import httpx


def start_server(
    url: str, env: dict[str, str], prefix: list[str] | None = None, python: str = ""
) -> tuple[subprocess.Popen[str], str]:
    """`chicago serve` on database `url` (with `prefix`, e.g. `nice -n 5`, before it; with
    another checkout's `python` to compare two versions): the process and its base URL."""
    proc = subprocess.Popen(
        [*(prefix or []), python or sys.executable, "-m", "chicago.cli", "serve",
         "--host", "127.0.0.1", "--port", "0", "--database-url", url,
         "--log-level", "warning", "--no-access-log"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        match = re.search(r"running at (http://127\.0\.0\.1:\d+)/", line)
        if match:
            threading.Thread(target=proc.stdout.read, daemon=True).start()  # never block
            base = match.group(1)
            for _ in range(200):  # until it answers
                try:
                    httpx.get(base + "/api/auth/me", timeout=1)
                    return proc, base
                except httpx.TransportError:
                    time.sleep(0.05)
            break
    proc.kill()
    raise SystemExit("the server did not start")
