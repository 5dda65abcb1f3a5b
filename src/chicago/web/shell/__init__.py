"""Chicago as an app on a phone's home screen: the web app manifest, the service worker and
the page it shows when the network is gone.

- `/manifest.webmanifest?lang=sv`: the name, the icons (static/icons, drawn by
  scripts/icons.py), the colours, and a description in the page's language (base.html links
  it with its own `lang`, as a browser fetches a manifest without cookies).
- `/sw.js` (sw.js here): from the root so it may answer every page. It keeps the versioned
  static files and the offline page, named by the static folder's version so a deploy
  replaces them, and never a page or an API answer: a table page holds a hand.
- `/offline?lang=sv`: the page a navigation gets without a network, with the ways back.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from chicago.text.i18n import DEFAULT_LANGUAGE, LANGUAGES, _, known, use_language
from chicago.web import pages
from chicago.web.language import request_language

THEME: Final = "#114430"
"""The header's felt: the phone's status bar in the light scheme (base.html's meta)."""
THEME_DARK: Final = "#0b231a"
"""The header's felt in the dark scheme (style.css `--felt-dark`, dark)."""
BACKGROUND: Final = "#f4f0e6"
"""The page's paper (style.css `--paper`): the splash screen while the app starts."""
ICONS: Final = (("icons/icon-192.png", 192, "any"), ("icons/icon-512.png", 512, "any"),
                ("icons/maskable-512.png", 512, "maskable"))
WORKER: Final = (Path(__file__).parent / "sw.js").read_text(encoding="utf-8")
_NO_CACHE: Final = {"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}

router = APIRouter(include_in_schema=False)


def _language(request: Request, asked: str) -> str:
    return asked if known(asked) else request_language(request)


def manifest(lang: str) -> dict[str, object]:
    """The web app manifest in `lang`."""
    with use_language(lang):
        return {
            "id": "/",
            "name": "Chicago",
            "short_name": "Chicago",
            "description": _("The Swedish card game: draw poker over three exchanges, then "
                             "five tricks, first to 52 points."),
            "lang": lang,
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "orientation": "any",
            "theme_color": THEME,
            "background_color": BACKGROUND,
            "categories": ["games"],
            "icons": [
                {"src": pages.ASSETS.url(name), "sizes": f"{size}x{size}", "type": "image/png",
                 "purpose": purpose}
                for name, size, purpose in ICONS
            ],
        }


@router.get("/manifest.webmanifest")
def web_manifest(request: Request, lang: str = "") -> Response:
    """The manifest in the language asked for (else the request's)."""
    return JSONResponse(manifest(_language(request, lang)),
                        media_type="application/manifest+json", headers=_NO_CACHE)


def worker_source() -> str:
    """sw.js with what it keeps: the offline page per language (and the files it names),
    named by the static files' version. Not the icons: the offline page needs none, and a
    phone's first visit should not pay for them."""
    shell = {
        "version": pages.STATIC_VERSION,
        "language": DEFAULT_LANGUAGE,
        "offline": {code: f"/offline?lang={code}" for code in LANGUAGES},
    }
    marker = "const SHELL = {};"
    assert marker in WORKER
    return WORKER.replace(marker, f"const SHELL = {json.dumps(shell, separators=(',', ':'))};")


SOURCE: Final = worker_source()


@router.get("/sw.js")
def service_worker() -> Response:
    """The service worker, revalidated on every check: a deploy changes its bytes (the
    version), which is how a phone learns of the new files."""
    return Response(SOURCE, media_type="text/javascript; charset=utf-8",
                    headers={**_NO_CACHE, "Service-Worker-Allowed": "/"})


@router.get("/offline", response_class=HTMLResponse)
def offline(request: Request, lang: str = "") -> HTMLResponse:
    """The page shown without a network: what happened and the ways back."""
    return pages._page(request, "offline.html", {"page": "offline",
                                                "lang": _language(request, lang)})
