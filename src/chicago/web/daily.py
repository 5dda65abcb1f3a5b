"""The day's deal on the web: its page (the board, the reader's attempts with their share
text, the par) and its API: start an attempt, read the day, read one attempt."""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from chicago.table.daily.deals import DailyDeals
from chicago.table.errors import BadRequest
from chicago.text.i18n import _, use_language
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


def _day(request: Request) -> date | None:
    """The day asked for (`?day=2026-12-05`: an earlier day's board and, once closed, its
    replay), None for today; BadRequest for anything else."""
    raw = request.query_params.get("day")
    if not raw:
        return None
    try:
        asked = date.fromisoformat(raw) if len(raw) == 10 else None
    except ValueError:
        asked = None
    if asked is None or asked > _daily(request).today():
        raise BadRequest(_("The day must be a date up to today, like 2026-12-05, not {value}",
                           value=repr(raw[:20])))
    return asked


def _link(request: Request) -> str:
    """The address a shared result points to: the day's page on this server."""
    return str(request.base_url).rstrip("/") + "/daily"


@router.get("/daily", response_class=HTMLResponse)
def daily_page(request: Request) -> Response:
    lang = request_language(request)
    with use_language(lang):
        note: str | None = None
        try:
            asked = _day(request)
        except BadRequest as e:  # a page shows today's deal and says what it left out
            asked, note = None, e.message
        data = day_json(_daily(request).day(request_owner(request), asked), _link(request),
                        today=asked is None or asked == _daily(request).today())
    return pages._page(request, "daily.html", {"page": "daily", "data": data, "note": note,
                                         "signed_in": request_owner(request).kind == "account"})


@router.get("/api/daily")
def day_api(request: Request) -> Response:
    with use_language(request_language(request)):
        asked = _day(request)
        return JSONResponse(day_json(_daily(request).day(request_owner(request), asked),
                                     _link(request),
                                     today=asked is None or asked == _daily(request).today()))


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
