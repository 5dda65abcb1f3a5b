"""The day's deal on the web: its page (the board, the reader's attempts with their share
text, the par) and its API: start an attempt, read the day, read one attempt."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from chicago.table.daily.deals import DailyDeals
from chicago.text.i18n import use_language
from chicago.web import pages
from chicago.web.auth import request_owner
from chicago.web.language import request_language
from chicago.web.pages import page_language
from chicago.web.wire import table_json
from chicago.web.wire.daily import attempt_json, day_json

router = APIRouter(dependencies=[Depends(page_language)])


def _daily(request: Request) -> DailyDeals:
    daily = request.app.state.daily
    assert isinstance(daily, DailyDeals)
    return daily


def _link(request: Request) -> str:
    """The address a shared result points to: the day's page on this server."""
    return str(request.base_url).rstrip("/") + "/daily"


@router.get("/daily", response_class=HTMLResponse)
def daily_page(request: Request) -> Response:
    lang = request_language(request)
    with use_language(lang):
        data = day_json(_daily(request).day(request_owner(request)), _link(request))
    return pages._page(request, "daily.html", {"page": "daily", "data": data,
                                         "signed_in": request_owner(request).kind == "account"})


@router.get("/api/daily")
def day_api(request: Request) -> Response:
    with use_language(request_language(request)):
        return JSONResponse(day_json(_daily(request).day(request_owner(request)),
                                     _link(request)))


@router.post("/api/daily", status_code=201)
def play_api(request: Request) -> Response:
    """A new attempt at today's deal: the game (seat 0's view only) and whether it is
    practice."""
    with use_language(request_language(request)):
        table, practice = _daily(request).play(request_owner(request))
        return JSONResponse({"game": table_json(table), "practice": practice,
                             "url": f"/games/{table.id}"}, status_code=201)


@router.get("/api/daily/{game_id}")
def attempt_api(request: Request, game_id: str) -> Response:
    with use_language(request_language(request)):
        a = _daily(request).attempt(request_owner(request), game_id)
        return JSONResponse(attempt_json(a, _link(request)))
