"""The site's language per request: the player's choice, else the browser's.

A choice is kept in the `chicago_lang` cookie (for a guest and a signed-in player alike) and,
when signed in, on the account too, so that signing in on another browser brings it along
(the sign-in answer sets the cookie from the account). Without a cookie, `Accept-Language`
decides. The middleware sets the language of each request before any handler runs
(`chicago.text.i18n.set_language`): the API's sentences, the pages and their `<html lang>`
all follow it.

The switch on every page is a plain link (`GET /language?lang=sv&next=/rules`) that sets the
cookie and comes back; the page's script turns it into `POST /api/language` (CSRF-checked),
which also saves the choice on a signed-in account.
"""

from __future__ import annotations

from typing import Final
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection, Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from chicago.text.i18n import N_, known, negotiate, normalize, use_language
from chicago.web.auth import cookie_header

LANG_COOKIE: Final = "chicago_lang"
LANG_LIFETIME: Final = 400 * 24 * 3600
LANGUAGE_NAMES: Final = {"en": "English", "sv": "Svenska"}
"""Each language in its own words: the switch names a language as its speakers do."""
SWITCH_LABEL: Final = N_("Language")


def chosen(cookie: str | None) -> str | None:
    """The language a cookie holds, if it is one the site speaks."""
    if cookie and known(cookie.strip().lower()):
        return cookie.strip().lower()
    return None


def request_language(request: Request) -> str:
    """The language of a request, as the middleware chose it."""
    lang = getattr(request.state, "lang", None)
    return lang if isinstance(lang, str) else normalize(None)


def language_cookie(lang: str, secure: bool) -> str:
    return cookie_header(LANG_COOKIE, lang, max_age=LANG_LIFETIME, httponly=False,
                         secure=secure)


def set_language_cookie(response: Response, request: Request, lang: str) -> None:
    response.headers.append(
        "set-cookie", language_cookie(lang, request.url.scheme == "https")
    )


def safe_next(target: str | None) -> str:
    """A local path to go back to after switching (never another site)."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    return target


class LanguageMiddleware:
    """ASGI middleware: the request's language from the cookie, else `Accept-Language`, in
    force for everything the request runs (handlers, thread pools, templates)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request = HTTPConnection(scope)  # a request or a WebSocket alike
        lang = chosen(request.cookies.get(LANG_COOKIE)) or negotiate(
            request.headers.get("accept-language")
        )
        scope.setdefault("state", {})["lang"] = lang
        with use_language(lang):
            await self.app(scope, receive, send)
