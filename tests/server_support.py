"""A Chicago web server in a child process for browser and live tests, on its own port and
SQLite file, stopped when the test module is done."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping

import pytest

SERVER = """
import sys, uvicorn
from chicago.web.app import create_app
uvicorn.run(create_app(sys.argv[2]), host="127.0.0.1", port=int(sys.argv[1]),
            log_level="warning")
"""

QUICK_PACE = """
import sys, uvicorn
from chicago.web.app import create_app
app = create_app(sys.argv[2], pace_ms=30, driver_interval=0.03)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""
"""The server at a table with people's quick pace: bots act 30 ms after their turn comes,
the driver looks every 30 ms."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(database_url: str, *, script: str = SERVER, ready: str = "/api/auth/me",
            env: Mapping[str, str] | None = None) -> Iterator[str]:
    """Start `script` (argv: port, database URL), wait until `ready` answers, yield the base
    URL; the test fails with the server's output if it never starts.

    The server writes to a file, never a pipe nobody reads: a full pipe would stop it."""
    port = free_port()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", script, str(port), database_url],
            stdout=out, stderr=subprocess.STDOUT,
            env=dict(env) if env is not None else None,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    with urllib.request.urlopen(base + ready, timeout=2):
                        break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        out.seek(0)
                        pytest.fail(f"the server did not start:\n{out.read().decode()}")
                    time.sleep(0.2)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            out.seek(0)
            said = out.read().decode(errors="replace")
            if said.strip():  # shown by pytest with the test's output when it fails
                print(f"--- the server at {base} said:\n{said[-20000:]}", file=sys.stderr)
