"""The HTML pages: server-rendered shells that the static JavaScript fills from the JSON API.

`router` serves the lobby (`/`), the table (`/games/{id}`), the rules (`/rules`, generated from
a profile by `rules_page`, never written by hand), the privacy notice (`/privacy`), the sign-in
and sign-up forms, the account page (`/account`, where an account is deleted) and the static
files (`/static/...`). No page carries game data: the table
page is an empty shell and its script asks `/api/games/{id}` for seat 0's view, so the page
source can never hold another seat's cards (R9.1).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Final

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from chicago.core.rules import (
    DEFAULT_PROFILE,
    PRESETS,
    ProfileError,
    RuleProfile,
    customize,
    get_profile,
    knob_from_text,
)
from chicago.text import i18n
from chicago.text.core_errors import error_words
from chicago.text.i18n import (
    LANGUAGES,
    _,
    catalog_for_browser,
    ngettext,
    set_language,
    use_language,
)
from chicago.text.rules_text import profile_title, rules_page
from chicago.web.auth import SESSION_COOKIE, request_account, request_owner
from chicago.web.language import (
    LANG_COOKIE,
    LANGUAGE_NAMES,
    chosen,
    request_language,
    safe_next,
    set_language_cookie,
)

WEB_DIR: Final = Path(__file__).resolve().parent
TEMPLATES_DIR: Final = WEB_DIR / "templates"
STATIC_DIR: Final = WEB_DIR / "static"

_MEDIA_TYPES: Final = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
}

_SECURITY_HEADERS: Final = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}

templates: Final = Jinja2Templates(directory=str(TEMPLATES_DIR))
templates.env.add_extension("jinja2.ext.i18n")
templates.env.install_gettext_callables(  # type: ignore[attr-defined]
    gettext=i18n._, ngettext=i18n.ngettext, newstyle=False
)
templates.env.globals["profile_title"] = profile_title
"""Templates say `{{ _("Seat {seat}", seat=2) }}`: the same `_()` and `{name}` placeholders
as the Python code, in the request's language."""


def _static_version() -> str:
    """A short hash of the static files, appended to their URLs so browsers refetch them."""
    digest = hashlib.sha256()
    for path in sorted(STATIC_DIR.rglob("*")):
        if path.suffix in _MEDIA_TYPES and path.is_file():
            digest.update(path.relative_to(STATIC_DIR).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


STATIC_VERSION: Final = _static_version()
templates.env.globals["static_version"] = STATIC_VERSION
templates.env.globals.setdefault("_", _)
templates.env.globals.setdefault("ngettext", ngettext)

async def page_language(request: Request) -> None:
    """A page's language: the cookie's or the browser's (the middleware's choice), unless a
    signed-in account chose one and this browser has no choice of its own yet; then the
    page is in the account's language and the answer gives the browser its cookie. In force
    for the whole handler (the rules text is made before the template)."""
    if (LANG_COOKIE in request.cookies or SESSION_COOKIE not in request.cookies
            or request.url.path.startswith("/static/")):
        return
    account = await run_in_threadpool(request_account, request)
    if account is not None and account.language in LANGUAGES:
        request.state.lang = account.language
        request.state.lang_from_account = True
        set_language(account.language)


router = APIRouter(include_in_schema=False, dependencies=[Depends(page_language)])


def _page(
    request: Request, name: str, context: dict[str, object], status_code: int = 200
) -> HTMLResponse:
    lang = str(context.get("lang") or request_language(request))  # a page may ask for its own
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    with use_language(lang):
        response = templates.TemplateResponse(
            request,
            name,
            {
                **context,
                "lang": lang,
                "languages": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
                "here": here,
                "catalog": catalog_for_browser(lang) if lang != i18n.DEFAULT_LANGUAGE else {},
            },
            status_code=status_code,
            headers=_SECURITY_HEADERS,
        )
    assert isinstance(response, HTMLResponse)
    if getattr(request.state, "lang_from_account", False):
        set_language_cookie(response, request, lang)
    return response


@router.get("/language")
def language(request: Request, lang: str = "", next: str = "/") -> Response:
    """The language switch without script: remember the choice in a cookie and go back."""
    response = RedirectResponse(safe_next(next), status_code=303)
    code = chosen(lang)
    if code is not None:
        set_language_cookie(response, request, code)
    return response


@router.get("/", response_class=HTMLResponse)
def lobby(request: Request) -> HTMLResponse:
    """The lobby: the new-game form, the saved games and backup import."""
    return _page(request, "lobby.html", {"page": "lobby", "presets": list(PRESETS.values())})


@router.get("/games/{game_id}", response_class=HTMLResponse)
def table(request: Request, game_id: str) -> HTMLResponse:
    """The table: a shell only. The script loads seat 0's view from the API."""
    return _page(request, "table.html", {"page": "table", "game_id": game_id})


@router.get("/tables/new", response_class=HTMLResponse)
def new_live_table(request: Request) -> HTMLResponse:
    """The form for a table with friends: seats, a friend or a bot per seat, rules, timer."""
    return _page(
        request, "live_new.html", {"page": "friends", "presets": list(PRESETS.values())}
    )


@router.get("/join/{token}", response_class=HTMLResponse)
def join_live_table(request: Request, token: str) -> HTMLResponse:
    """An invitation: the script shows the table's seats and asks for a name. The token
    stays out of the Referer (Referrer-Policy: same-origin and no third-party content)."""
    return _page(request, "live_join.html", {"page": "join", "token": token})


@router.get("/watch/{token}", response_class=HTMLResponse)
def watch_live_table(request: Request, token: str) -> HTMLResponse:
    """A watch link: a shell; the script loads the spectator's view and listens. The token
    stays out of the Referer, as an invitation's does."""
    return _page(request, "live_watch.html", {"page": "watch", "token": token})


@router.get("/tables/{game_id}", response_class=HTMLResponse)
def live_table(request: Request, game_id: str) -> HTMLResponse:
    """A table with people: a shell; the script loads this seat's view and listens."""
    return _page(request, "live_table.html", {"page": "live", "game_id": game_id})


def profile_from_query(name: str | None, changes: dict[str, str]) -> RuleProfile:
    """The profile a rules URL names: a preset id, or a custom id `base+knob=value,…`
    (as `customize` names its profiles), with further `knob=value` changes on top."""
    name = (name or DEFAULT_PROFILE.id).replace(" ", "+")  # "+" arrives as a space
    base, _plus, label = name.partition("+")
    knobs: dict[str, object] = {}
    for part in filter(None, label.split(",")):
        knob, sep, value = part.partition("=")
        if not sep:
            raise ProfileError(_("cannot read {part} in the profile name {name}",
                                 part=repr(part), name=repr(name)))
        knobs[knob] = knob_from_text(knob, value)
    knobs.update({k: knob_from_text(k, v) for k, v in changes.items()})
    profile = get_profile(base)
    return customize(profile, **knobs) if knobs else profile


@router.get("/rules", response_class=HTMLResponse)
def rules(request: Request, profile: str | None = None) -> HTMLResponse:
    """The rules in words, generated from a profile (`?profile=` a preset or a custom id;
    further query parameters change knobs)."""
    changes = {k: v for k, v in request.query_params.items() if k != "profile"}
    try:
        chosen = profile_from_query(profile, changes)
    except ValueError as error:  # ProfileError is a ValueError, as is an unknown preset
        return _page(
            request,
            "rules.html",
            {"page": "rules", "error": error_words(error), "presets": list(PRESETS.values())},
            status_code=404,
        )
    return _page(
        request,
        "rules.html",
        {
            "page": "rules",
            "profile": chosen,
            "sections": rules_page(chosen),
            "presets": list(PRESETS.values()),
            "error": None,
        },
    )


@router.get("/privacy", response_class=HTMLResponse)
def privacy(request: Request) -> HTMLResponse:
    """What is stored, where, for how long, and what a backup holds."""
    return _page(request, "privacy.html", {"page": "privacy"})


@router.get("/account", response_class=HTMLResponse)
def account(request: Request) -> HTMLResponse:
    """The signed-in player's account: how many games it holds, and deleting it for good."""
    found = request_account(request)
    games = 0
    if found is not None:
        games = request.app.state.store.count_games(request_owner(request))
    return _page(
        request,
        "account.html",
        {"page": "account", "username": found.username if found else None, "games": games},
    )


@router.get("/signin", response_class=HTMLResponse)
def signin(request: Request) -> HTMLResponse:
    return _page(request, "auth.html", {"page": "signin", "mode": "signin"})


@router.get("/signup", response_class=HTMLResponse)
def signup(request: Request) -> HTMLResponse:
    return _page(request, "auth.html", {"page": "signup", "mode": "signup"})


_STATIC_NAME: Final = re.compile(r"(?:table/|live/)?[a-z0-9][a-z0-9-]*\.(?:js|css|svg)")


@router.get("/static/{name:path}")
def static(name: str) -> Response:
    """The pages' scripts (the table's modules in `table/`, the live table's in `live/`),
    style sheet and icon: plain names only, so no path can reach outside the folder."""
    path = STATIC_DIR / name
    media_type = _MEDIA_TYPES.get(path.suffix)
    if media_type is None or not _STATIC_NAME.fullmatch(name) or not path.is_file():
        raise HTTPException(status_code=404, detail="no such file")
    return FileResponse(
        path,
        media_type=media_type,
        headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"},
    )
