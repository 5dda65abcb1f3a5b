"""The README's pictures of the table, taken in the real browser.

A game against three easy bots on a fixed seed is played to the player's first card of the
tricks (every exchange kept, every question declined), and the table is photographed there at
a phone's size (390x844, touch) and a laptop's (1280x720). Each picture is reduced to 128
colours, which keeps it a few dozen KB in the repository. The pictures go to docs/images/
unless another folder is named.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
SEED = 2026
SIZES = {"table-phone": (390, 844, True), "table-laptop": (1280, 720, False)}
STATE = """() => ({
  ready: document.querySelector('#table-app').dataset.state === 'ready',
  recap: Boolean(document.querySelector('#recap[open]')),
  controls: ['keep-all', 'offer-decline', 'chicago-pass', 'quads-points']
    .filter((id) => document.getElementById(id)),
  playable: document.querySelectorAll('#hand .card-btn.playable').length,
})"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_for(base: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/api/auth/me", timeout=2):
                return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                sys.exit("the server did not start")
            time.sleep(0.2)


def to_first_card(page: Any) -> None:
    """Keep every exchange and decline every question until the player has a card to play."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = page.evaluate(STATE)
        if state["recap"]:
            page.keyboard.press("Enter")
        elif state["ready"] and state["playable"]:
            page.wait_for_timeout(400)  # let the last card land on the table
            return
        elif state["ready"] and state["controls"]:
            page.click("#" + state["controls"][0])
        page.wait_for_timeout(50)
    sys.exit("the game never reached the tricks")


def photograph(browser: Any, base: str, out: Path) -> None:
    for name, (width, height, touch) in SIZES.items():
        context = browser.new_context(viewport={"width": width, "height": height},
                                      has_touch=touch, is_mobile=touch, locale="en-GB")
        context.add_init_script("try { localStorage.setItem('chicago.speed', 'fast'); } "
                                "catch (_) {}")
        page = context.new_page()
        page.goto(base + "/")
        page.select_option("#seats", "4")
        page.select_option("#level", "easy")
        page.fill("#seed", str(SEED))
        page.click("#start")
        page.wait_for_url("**/games/*")
        to_first_card(page)
        path = out / f"{name}.png"
        page.screenshot(path=str(path))
        small = Image.open(path).convert("RGB").quantize(
            colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        small.save(path, optimize=True)
        print(f"{path} ({path.stat().st_size // 1024} KB)")
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/images"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/chicago.db"
        proc = subprocess.Popen(
            [sys.executable, "-m", "chicago.cli", "serve", "--port", str(port),
             "--database-url", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            wait_for(base, proc)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM,
                                            args=["--headless", "--no-sandbox", "--disable-gpu"])
                photograph(browser, base, args.out)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
