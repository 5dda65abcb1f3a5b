"""The web application: `create_app(database_url=...)` builds the FastAPI app.

It opens the database (applying the migrations shipped in the package), then wires the
table service, accounts, the owner/CSRF middleware, the JSON API (api.py) and the pages.

Pages (the front end's part): if the module `chicago.web.pages` exists it must define
`router`, a `fastapi.APIRouter` of the HTML page routes; it is included after the API, so
`/api/...` always wins. Page handlers reach the server's parts through `request.app.state`
(`service`, `accounts`, `store`) and the owner of a request with
`chicago.web.auth.request_owner(request)` / `request_account(request)`. The guest and CSRF
cookies are set by the middleware on every response, pages included. `web/static` is
served at `/static` unless the pages router serves `/static/...` itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import inspect
import logging
import os
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from http import HTTPStatus
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from chicago import __version__
from chicago.store import Store
from chicago.store.daily import DailyStore
from chicago.table.coach import review
from chicago.table.coach.jobs import Reviews
from chicago.table.daily.deals import DailyDeals
from chicago.table.history.games import HistoryService
from chicago.table.ratings.people import PeopleRatings
from chicago.table.scorekeeper import KeepService
from chicago.table.statistics.store import Statistics
from chicago.table.tables.broadcast import Broadcaster, InProcessBroadcaster, PostgresBroadcaster
from chicago.table.tables.driver import Driver
from chicago.table.tables.service import (
    BotFactory,
    ServiceError,
    TableService,
)
from chicago.table.tables.watch import Watching
from chicago.text.i18n import _, use_language
from chicago.web import (
    api,
    daily,
    health,
    history,
    keep_api,
    keep_pages,
    live,
    pages,
    quick,
    ratings_pages,
    shell,
    stats_pages,
    watch,
)
from chicago.web import tables as tables_router
from chicago.web.auth import Accounts, AuthError, OwnerCookies
from chicago.web.body import BodyError
from chicago.web.language import LanguageMiddleware, request_language
from chicago.web.metrics import Metrics
from chicago.web.transfer import Transfer
from chicago.web.wire import chat_json, error_body, live_json, refusal_json, refusal_status

log = logging.getLogger("chicago.web")

STATIC_DIR = Path(__file__).resolve().parent / "static"

def _service_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ServiceError)
    return JSONResponse(refusal_json(exc), status_code=refusal_status(exc))


def _auth_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, AuthError)
    return JSONResponse(error_body(exc.message), status_code=exc.status)


def _body_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BodyError)
    return JSONResponse(error_body(exc.message), status_code=exc.status)


def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    first = errors[0] if errors else {}
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
    message = str(first.get("msg", _("Malformed request")))
    if first.get("type") == "json_invalid":
        message = _("The request body is not valid JSON")
    elif first.get("type") == "missing" and first.get("loc", ())[:1] == ("body",):
        message = _("The request needs a JSON body")
    elif where:
        message = f"{where}: {message}"
    return JSONResponse(error_body(message), status_code=400)


def _reason(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return ""


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if request.url.path.startswith("/api/") or request.url.path == "/api":
        message = exc.detail if isinstance(exc.detail, str) else ""
        if exc.status_code == 404 and message in ("", "Not Found"):
            message = _("No such API endpoint")
        elif exc.status_code == 405:
            message = _("{path} does not take {method} requests",
                        path=request.url.path, method=request.method)
        elif not message or message == _reason(exc.status_code):
            # Starlette's bare reason phrase ("Bad Request") is no sentence.
            message = _("The request was refused ({status} {reason})",
                        status=exc.status_code, reason=_reason(exc.status_code))
        return JSONResponse(error_body(message), status_code=exc.status_code)
    if request.method in ("GET", "HEAD") and exc.status_code >= 400:
        detail = exc.detail if isinstance(exc.detail, str) else ""
        said = detail and detail != _reason(exc.status_code)
        return await _error_page(request, exc.status_code, detail if said else None)
    return await http_exception_handler(request, exc)


async def _error_page(request: Request, status: int, message: str | None) -> Response:
    """A page request's error as a page in the reader's language (the account's too)."""
    await pages.page_language(request)
    with use_language(request_language(request)):
        return pages.error_page(request, status, message)


def _unexpected(request: Request, exc: Exception) -> Response:
    # The traceback goes to the log; the message of an engine error could name hidden
    # cards, so it is not repeated here nor sent.
    log.error("unexpected %s on %s %s", type(exc).__name__, request.method, request.url.path)
    if request.method == "GET" and not request.url.path.startswith("/api"):
        with use_language(request_language(request)):
            return pages.error_page(request, 500)
    return JSONResponse(error_body(_("The server failed: please try again")), status_code=500)


def _include_pages(app: FastAPI) -> bool:
    """Include `chicago.web.pages.router` if that module exists; True if it serves /static."""
    if importlib.util.find_spec("chicago.web.pages") is None:
        return False
    pages = importlib.import_module("chicago.web.pages")
    app.include_router(pages.router)
    return any(
        isinstance(r, APIRoute) and r.path.startswith("/static") for r in pages.router.routes
    )


_prepared: list[bool] = []


def _prepare_pages() -> None:
    """Let the pages make their static bundles and compress their files once per process, in
    a thread: the server answers at once (a file asked for sooner is compressed then)."""
    if _prepared or importlib.util.find_spec("chicago.web.pages") is None:
        return
    prepare = getattr(importlib.import_module("chicago.web.pages"), "prepare", None)
    if callable(prepare):
        _prepared.append(True)
        threading.Thread(target=prepare, name="prepare-static", daemon=True).start()


PURGE_EVERY = 60.0
"""Seconds between purges of expired sign-in failures, sign-up attempts and sessions."""


async def _purge_forever(accounts: Accounts, every: float) -> None:
    """Delete what the privacy page says is kept only for a while, however quiet the site."""
    while True:
        try:
            await run_in_threadpool(accounts.purge)
        except Exception:  # a database hiccup: try again at the next round
            log.exception("purging expired sign-in records failed")
        await asyncio.sleep(every)


def create_app(
    database_url: str | None = None,
    *,
    bots: BotFactory | None = None,
    store: Store | None = None,
    purge_every: float = PURGE_EVERY,
    pace_ms: int | None = None,
    driver_interval: float = 0.2,
    review_samples: tuple[int, ...] | None = None,
) -> FastAPI:
    """The whole web application on one database (default: `CHICAGO_DATABASE_URL`, else
    SQLite in the user's data directory). Migrations are applied before it returns.

    Tables with people: bots there wait `pace_ms` before each move (default 900, or
    `CHICAGO_BOT_PACE_MS`); the driver looks for due decisions every `driver_interval`
    seconds while the app runs (its lifespan), and PostgreSQL's LISTEN/NOTIFY carries the
    news between processes.

    The coach's review imagines `review_samples` deals per decision, in stages (default
    `chicago.table.coach.estimate.STAGES`): fewer make a quicker, less sure review.
    """
    store = store or Store(database_url)
    if pace_ms is None:
        pace_ms = int(os.environ.get("CHICAGO_BOT_PACE_MS", "900"))
    service = TableService(store, bots, pace_ms=pace_ms)
    tables = service  # one service for every table (the name the tables' routes read)
    accounts = Accounts(store)
    broadcaster: Broadcaster = (
        PostgresBroadcaster(store.url, tables.live)
        if store.engine.dialect.name == "postgresql"
        else InProcessBroadcaster()
    )
    tables.announce = broadcaster.publish
    hub = live.Hub(tables, live_json, chat_json)
    broadcaster.subscribe(tables.heard)  # first: a push after news reads the table again
    # one process hears every change at once: its last commit at a table may stand for a read
    tables.news_heard_here = not isinstance(broadcaster, PostgresBroadcaster)
    broadcaster.subscribe(hub.news)
    metrics = Metrics()
    driver = Driver(tables, driver_interval, decided=metrics.decisions.inc)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.reviews.wake()  # resume reviews a stopped server left queued
        _prepare_pages()
        stats_pages.prepare()  # before the first request, not in it
        purging = asyncio.create_task(_purge_forever(accounts, purge_every))
        broadcaster.start()
        driver.start()
        heartbeat = asyncio.create_task(hub.heartbeat())
        try:
            yield
        finally:
            heartbeat.cancel()
            with contextlib.suppress(Exception):  # a stopped database: its rows expire
                hub.retire()
            driver.stop()
            broadcaster.stop()
            purging.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await purging
            store.close()

    options: dict[str, Any] = {}
    if "telemetry" in inspect.signature(FastAPI).parameters:
        # No request telemetry: spans and logs of requests could carry game data.
        options["telemetry"] = {
            "tracing": False,
            "metrics": False,
            "logs": False,
            "operation_spans": False,
            "auto_configure": False,
        }
    app = FastAPI(
        title="Chicago",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
        lifespan=lifespan,
        **options,
    )
    app.state.store = store
    app.state.service = service
    app.state.accounts = accounts
    app.state.keep = KeepService(store)
    app.state.history = HistoryService(store)
    # the coach weighs a game's decisions on both cores (review_pool)
    app.state.reviews = Reviews(
        app.state.history, samples=review_samples or review.SAMPLES,
        workers=min(2, os.cpu_count() or 1),
    )
    app.state.statistics = Statistics(app.state.history)
    app.state.people_ratings = PeopleRatings(store, app.state.statistics)
    app.state.daily = DailyDeals(service, DailyStore(store))
    app.state.tables = tables
    app.state.hub = hub
    app.state.watching = Watching(tables)
    app.state.broadcaster = broadcaster
    app.state.driver = driver
    app.state.metrics = metrics
    app.add_middleware(OwnerCookies)
    app.add_middleware(LanguageMiddleware)
    app.add_middleware(Transfer)  # outermost: compresses and tags what the rest answered
    app.add_exception_handler(ServiceError, _service_error)
    app.add_exception_handler(AuthError, _auth_error)
    app.add_exception_handler(BodyError, _body_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected)
    # Routes are matched in order, one by one: the tables' (an action is the busiest request
    # there is) come first. No path of theirs (/api/tables/..., /api/games/..., the socket,
    # /api/invites/...) is one of another router's, so the order changes no answer.
    app.include_router(tables_router.router)
    app.include_router(live.router)
    app.include_router(quick.router)
    app.include_router(watch.router)
    app.include_router(api.router)
    app.include_router(keep_api.router)
    app.include_router(keep_pages.router)
    app.include_router(history.router)
    app.include_router(stats_pages.router)
    app.include_router(ratings_pages.router)
    app.include_router(daily.router)
    app.include_router(health.router)
    app.include_router(shell.router)
    serves_static = _include_pages(app)
    if not serves_static and STATIC_DIR.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app
