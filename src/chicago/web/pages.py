"""The HTML pages: server-rendered shells that the static JavaScript fills from the JSON API.

`router` serves the lobby (`/`), the table (`/games/{id}`), the rules (`/rules`, generated from
a profile by `rules_page`, never written by hand), the privacy notice (`/privacy`), the sign-in
and sign-up forms, the account page (`/account`, where an account is deleted) and the static
files (`/static/...`, chicago.web.assets). The table page carries its first state, exactly
what the API answers the same requester (`/api/games/{id}`, `/api/tables/{id}`,
`/api/watch/{token}`): their own seat's view and nothing else, so the page source can never
hold another seat's cards (R9.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import Environment

from chicago.bots import DEFAULT_LEVEL, LEVELS
from chicago.core.rules import (
    ALIASES,
    DEFAULT_PROFILE,
    PRESETS,
    RuleProfile,
    customize,
    get_profile,
    read_changes,
)
from chicago.table.tables.quick import QUICK_SEATS
from chicago.table.tables.quick import WAIT as QUICK_WAIT
from chicago.table.tables.seating import TIMERS
from chicago.table.tables.service import ServiceError
from chicago.text import i18n
from chicago.text.core_errors import error_words
from chicago.text.i18n import (
    LANGUAGES,
    N_,
    _,
    known,
    ngettext,
    set_language,
    use_language,
)
from chicago.text.invite_words import timer_words
from chicago.text.level_words import LEVEL_WORDS, level_choices
from chicago.text.rules_text import profile_title, rules_page
from chicago.web.assets import Assets, page_scripts
from chicago.web.auth import SESSION_COOKIE, request_account, request_owner
from chicago.web.catalogs import Catalogs
from chicago.web.faces import FACES
from chicago.web.language import (
    LANG_COOKIE,
    LANGUAGE_NAMES,
    chosen,
    request_language,
    safe_next,
    set_language_cookie,
)
from chicago.web.table_page import TablePage, seat_at_table, single_player, spectator
from chicago.web.tables import first_table
from chicago.web.watch import first_watch
from chicago.web.wire import table_json

WEB_DIR: Final = Path(__file__).resolve().parent
TEMPLATES_DIR: Final = WEB_DIR / "templates"
STATIC_DIR: Final = WEB_DIR / "static"

ASSETS: Final = Assets(STATIC_DIR, shared="site.js")
"""The static files, read and versioned once at startup (chicago.web.assets)."""
CATALOGS: Final = Catalogs(ASSETS, TEMPLATES_DIR)
"""Each page's words for its scripts, a static file per language (chicago.web.catalogs)."""

_SECURITY_HEADERS: Final = {
    "Content-Security-Policy": (
        f"default-src 'self'; script-src 'self' {ASSETS.import_map_hash}; "
        "style-src 'self' 'unsafe-inline'; "
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
templates.env.globals["timer_words"] = timer_words
"""Templates say `{{ _("Seat {seat}", seat=2) }}`: the same `_()` and `{name}` placeholders
as the Python code, in the request's language."""


def install_assets(env: Environment) -> None:
    """Give a template environment the static files' helpers: `static_url('table.css')`,
    `module_script('table.js')` (the script and a modulepreload per module it imports) and
    `import_map` (base.html's, mapping each module's plain URL to its versioned one)."""
    env.globals["static_url"] = ASSETS.url
    env.globals["module_script"] = ASSETS.module_script
    env.globals["import_map"] = ASSETS.import_map_tag
    env.globals["static_version"] = STATIC_VERSION


def prepare() -> None:
    """At startup (app.py, in a thread): the pages' bundles and catalogs made, the static
    files compressed."""
    CATALOGS.prepare(tuple(x for x in LANGUAGES if x != i18n.DEFAULT_LANGUAGE))
    ASSETS.prepare(TEMPLATES_DIR)


STATIC_VERSION: Final = ASSETS.version
"""The whole folder's version: `?v={{ static_version }}` is a current URL for any file."""
install_assets(templates.env)
templates.env.globals["faces"] = FACES  # base.html embeds them for static/faces.js
templates.env.globals["bot_levels"] = {"levels": list(LEVELS), "default": DEFAULT_LEVEL,
                                       "words": LEVEL_WORDS}
"""The bots' levels for static/levels.js (base.html embeds them): the browser keeps no list
of its own. `words` are msgids, which the page's catalog translates (web/catalogs.py)."""
templates.env.globals["level_choices"] = level_choices
templates.env.globals["default_level"] = DEFAULT_LEVEL
templates.env.globals.setdefault("_", _)
templates.env.globals.setdefault("ngettext", ngettext)

async def page_language(request: Request) -> None:
    """A page's language: the cookie's or the browser's (the middleware's choice), unless a
    signed-in account chose one and this browser has no choice of its own yet; then the
    page is in the account's language and the answer gives the browser its cookie. In force
    for the whole handler (the rules text is made before the template)."""
    if SESSION_COOKIE not in request.cookies or request.url.path.startswith("/static/"):
        return
    # Looked up here, off the event loop, for the header's account corner too (`_page`).
    account = await run_in_threadpool(request_account, request)
    if LANG_COOKIE in request.cookies:
        return
    if account is not None and known(account.language):
        request.state.lang = account.language
        request.state.lang_from_account = True
        set_language(account.language)


router = APIRouter(include_in_schema=False, dependencies=[Depends(page_language)])


_IMPORT_MAPS: dict[str, bool] = {}


def _needs_import_map(template: str) -> bool:
    """Whether a page of `template` carries the import map (chicago.web.assets): only where
    some of its scripts load module by module. Known once per template."""
    if template not in _IMPORT_MAPS:
        _IMPORT_MAPS[template] = ASSETS.needs_import_map(page_scripts(TEMPLATES_DIR, template))
    return _IMPORT_MAPS[template]


def _page(
    request: Request, name: str, context: dict[str, object], status_code: int = 200
) -> HTMLResponse:
    lang = str(context.get("lang") or request_language(request))  # a page may ask for its own
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    # The header's account corner is drawn here, not asked for by every page's script: one
    # round trip less on a phone. A page names its reader, so no shared cache keeps it.
    account = request_account(request) if SESSION_COOKIE in request.cookies else None
    with use_language(lang):
        response = templates.TemplateResponse(
            request,
            name,
            {
                **context,
                "lang": lang,
                "languages": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
                "here": here,
                "viewer": account.username if account is not None else None,
                "catalog_url": CATALOGS.url(name, lang),
                "import_map_needed": _needs_import_map(name),
            },
            status_code=status_code,
            headers={**_SECURITY_HEADERS, "Cache-Control": "private, no-cache"},
        )
    assert isinstance(response, HTMLResponse)
    response.headers["Content-Language"] = lang  # the offline page follows it (web/shell)
    if getattr(request.state, "lang_from_account", False):
        set_language_cookie(response, request, lang)
    return response


QUICK_PLAY: Final = {"seats": QUICK_SEATS, "wait": int(QUICK_WAIT.total_seconds())}
"""What "Play now" says of quick play (docs/api.md): its seats and longest wait in seconds."""

ERROR_HEADINGS: Final = {404: N_("Page not found"), 405: N_("Not here"),
                          500: N_("Something went wrong")}
REFUSED: Final = N_("The request was refused")


def error_page(
    request: Request, status: int, message: str | None = None,
    back: tuple[tuple[str, str], ...] = (),
) -> HTMLResponse:
    """An error for a page request, as a page in the reader's language with the site's
    header and language switch (API routes answer errors in JSON instead). `back`: the
    ways on, (address, words) first, before the lobby and the history every error offers."""
    heading = _(ERROR_HEADINGS.get(status, REFUSED))
    if message is None:
        message = (_("There is no page at this address. It may have moved, or the link may "
                     "be mistyped.") if status == 404
                   else _("The server failed. Please try again.") if status >= 500
                   else _("This address does not take that request ({status}).",
                          status=status))
    return _page(request, "error.html", {"page": "error", "heading": heading,
                                         "message": message, "back": back},
                 status_code=status)


def not_found(
    request: Request, message: str, back: tuple[tuple[str, str], ...] = ()
) -> HTMLResponse:
    """An address that names nothing this reader may open (a game, a table, a link, a
    pad): 404 with the reason in a sentence and the way back, never an empty shell.
    `message` is already in the reader's language."""
    with use_language(request_language(request)):
        return error_page(request, 404, message, back)


NO_GAME: Final = N_("There is no game of yours at this address: it may have been deleted, "
                    "or the link may be mistyped.")


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
    """The lobby: the ways to play (now with anyone, against the computer, with friends,
    the day's deal), the new game's choices behind "More choices", the saved games and
    backup import. Just after signing up or in with the guest's games brought along
    (`?claimed=n`, from the form's script), it says how many came."""
    claimed = request.query_params.get("claimed", "")
    moved = int(claimed) if claimed.isascii() and claimed.isdigit() and len(claimed) < 7 else None
    return _page(request, "lobby.html", {"page": "lobby", "presets": list(PRESETS.values()),
                                         "claimed": moved, "quick_play": QUICK_PLAY})


@router.get("/games/{game_id}", response_class=HTMLResponse)
def table(request: Request, game_id: str) -> HTMLResponse:
    """The table, with its first state: exactly what `GET /api/games/{id}` answers this
    owner (seat 0's view, R9.1), so the first frame needs no second round trip. Another
    owner's game, or none, is a 404 page that says so (never whose it is).
    Revalidated on every visit (see `_table_page`)."""
    first: dict[str, object] | None = None
    service = request.app.state.service
    with use_language(request_language(request)):
        try:
            first = table_json(service.get(request_owner(request), game_id, alone=True).table)
        except ServiceError:
            first = None
    if first is None:
        return not_found(request, _(NO_GAME))
    daily = request.app.state.daily.store.day_of_game(game_id) is not None
    sealed = daily and request.app.state.daily.sealed(game_id)
    return _table_page(request, single_player(game_id, daily=daily, sealed=sealed), first)


@router.get("/tables/new", response_class=HTMLResponse)
def new_live_table(request: Request) -> HTMLResponse:
    """The form for a table with friends: seats, a friend or a bot per seat, the rules (a
    preset, or one with knobs changed: the lobby's own editor), the turn timer."""
    return _page(
        request,
        "live_new.html",
        {"page": "friends", "presets": list(PRESETS.values()), "timers": TIMERS},
    )


@router.get("/join/{token}", response_class=HTMLResponse)
def join_live_table(request: Request, token: str) -> HTMLResponse:
    """An invitation: the script shows the table's seats and asks for a name. The token
    stays out of the Referer (Referrer-Policy: same-origin and no third-party content)."""
    return _page(request, "live_join.html", {"page": "join", "token": token})


@router.get("/watch/{token}", response_class=HTMLResponse)
def watch_live_table(request: Request, token: str) -> HTMLResponse:
    """A watch link, with the spectator's first view (what `GET /api/watch/{token}`
    answers: no hand, R9.1); a link that does not work gets a 404 page that says so. The
    token stays out of the Referer, as an invitation's does. Revalidated on every
    visit, as the single player's table."""
    with use_language(request_language(request)):
        first = first_watch(request, token)
        if first is None:
            return not_found(request, _(
                "This watch link does not work any more: ask the table's creator for a new one."
            ))
    return _table_page(request, spectator(token), first)


@router.get("/tables/{game_id}", response_class=HTMLResponse)
def live_table(request: Request, game_id: str) -> HTMLResponse:
    """A table with people, with its first state: exactly what `GET /api/tables/{id}`
    answers this requester (their own seat's view only, R9.1); someone without a seat gets
    a 404 page (a table shows nothing to who does not sit there). The socket then takes over.
    Revalidated on every visit, as the single player's table."""
    with use_language(request_language(request)):
        first = first_table(request, game_id)
        if first is None:
            return not_found(request, _(
                "There is no table of yours at this address: you have no seat there, or the "
                "link is mistyped. A friend's table opens with the invitation they sent."
            ))
    return _table_page(request, seat_at_table(game_id, first["live"]["you"]), first)


def _table_page(
    request: Request, table_page: TablePage, first: dict[str, object] | None
) -> HTMLResponse:
    """A table page is kept by this browser alone (private: it holds this requester's own
    view) and asked for again on every visit (no-cache): its ETag (chicago.web.transfer) is
    of its bytes, so a 304 means the state it carries is the one the server has now, and a
    changed state is a new page. A copy the browser shows without asking (going back in its
    history) is not trusted: the script then asks the API (table/client.js). What the
    page is to its reader (API, socket, seat, features) comes from `table_page` alone."""
    response = _page(request, "table.html",
                     {"page": "table", "table_page": table_page, "first_table": first})
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def profile_from_query(name: str | None, changes: Sequence[tuple[str, str]]) -> RuleProfile:
    """The profile a rules URL names: a preset id, or a custom id `base+knob=value,…`
    (as `customize` names its profiles), with further changes on top, each a `knob=value`
    query parameter or a `set=knob=value,…` list as `chicago rules --set` takes it.

    All of them are read as one list by `core.rules.read_changes`, the reader of the
    command line and the terminal's form, so the three accept and refuse the same things
    (a knob given twice is refused, even to the same value)."""
    name = (name or DEFAULT_PROFILE.id).replace(" ", "+")  # "+" arrives as a space
    base, _plus, label = name.partition("+")
    typed = [label, *(value if knob == "set" else f"{knob}={value}" for knob, value in changes)]
    knobs = read_changes(typed)
    profile = get_profile(base)
    return customize(profile, **knobs) if knobs else profile


@router.get("/rules", response_class=HTMLResponse)
def rules(request: Request, profile: str | None = None) -> HTMLResponse:
    """The rules in words, generated from a profile (`?profile=` a preset or a custom id;
    further query parameters change knobs)."""
    changes = [(k, v) for k, v in request.query_params.multi_items() if k != "profile"]
    try:
        chosen = profile_from_query(profile, changes)
    except ValueError as error:  # ProfileError is a ValueError, as is an unknown preset
        base = (profile or "").replace(" ", "+").partition("+")[0]
        if base and base not in PRESETS and base not in ALIASES:
            said = _("There is no rule profile called “{name}”. Choose one of the rule "
                     "profiles below.", name=base)
        else:
            said = _("The rules this address asks for cannot be read: {reason}.",
                     reason=error_words(error).rstrip("."))
        return _page(
            request,
            "rules.html",
            {"page": "rules", "error": said, "presets": list(PRESETS.values())},
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


@router.get("/static/{name:path}")
def static(request: Request, name: str) -> Response:
    """The pages' scripts, style sheets and icon, from memory: only the files read at
    startup, so no path can reach outside the folder. Versioned URLs are immutable."""
    response = ASSETS.response(name, request.query_params.get("v", ""), request.headers)
    if response is None:
        raise HTTPException(status_code=404, detail="no such file")
    return response
