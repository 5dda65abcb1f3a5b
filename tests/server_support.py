"""A Chicago web server in a child process for browser and live tests, on its own port and
SQLite file, stopped when the test module is done."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(database_url: str, *, script: str = SERVER, ready: str = "/api/auth/me",
            env: Mapping[str, str] | None = None) -> Iterator[str]:
    """Start `script` (argv: port, database URL), wait until `ready` answers, yield the base
    URL; the test fails with the server's output if it never starts."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-c", script, str(port), database_url],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
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
                    out = proc.stdout.read().decode() if proc.stdout else ""
                    pytest.fail(f"the server did not start:\n{out}")
                time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
