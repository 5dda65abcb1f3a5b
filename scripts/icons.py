"""The home-screen icons (static/icons/*.png), drawn from the site's club (static/favicon.svg).

A phone asks the web app manifest for PNG icons: 192 and 512 pixels with the favicon's
rounded corners (purpose "any"), and a "maskable" one that the phone cuts to its own shape
(a circle, a squircle), so its green fills the whole square and the club keeps inside the
middle 80% that every mask leaves. Chromium (Playwright, Debian's /usr/bin/chromium) draws
the SVG, so the PNGs are the favicon's own curves at each size:

    .venv/bin/python scripts/icons.py            # writes src/chicago/web/static/icons/
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "chicago" / "web" / "static"
CHROMIUM = "/usr/bin/chromium"


def club(svg: str) -> str:
    """The favicon's club (its `<g>`), without the rounded square behind it."""
    found = re.search(r"<g\b.*?</g>", svg, re.S)
    if found is None:
        raise SystemExit("static/favicon.svg has no <g> with the club")
    return found.group(0)


def icon_svg(favicon: str, maskable: bool) -> str:
    """The icon as SVG on a 64-unit square: the favicon itself, or, maskable, a full square
    of felt with the club scaled to the safe middle."""
    if not maskable:
        return favicon
    # The favicon's club spans 44 units of 64; at .75 of that it stays inside the circle
    # of radius 25.6 (80% of the side) that the strictest mask keeps.
    inner = club(favicon)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            '<rect width="64" height="64" fill="#1f6e47"/>'
            f'<g transform="translate(32 32) scale(.75) translate(-32 -32)">{inner}</g></svg>')


ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False),
         "maskable-512.png": (512, True)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=STATIC / "icons")
    args = parser.parse_args()
    favicon = (STATIC / "favicon.svg").read_text(encoding="utf-8")
    args.out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, (size, maskable) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = icon_svg(favicon, maskable).replace(
                "<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content("<!doctype html><style>html,body{margin:0;background:transparent}"
                             f"svg{{display:block}}</style>{svg}")
            page.screenshot(path=str(args.out / name), omit_background=True,
                            clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"{args.out / name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()
