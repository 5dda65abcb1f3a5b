"""One router for every table (docs/api.md, "Tables"): a single player's game and a table
with people are served by the same endpoints of the one table service under
/api/tables/{id} — read, act, hint, back up, delete, leave — and the seating a table with
people needs (invitations, joining, the start, the creator's seats, play again, away, chat).

`/api/games/...` is the single player's older address, kept as an alias of the same
endpoints (saved pages, scripts and share links keep working): the same function answers
both, and on the alias it keeps that address's contract byte for byte — the `Table` form
without `live`, the bots' time in `Server-Timing`, only the owner's game, a table with
people refused. Creating a single player's game, importing a backup and the list of saved
games stay under /api/games.

Every payload for a seat is made by `chicago.web.wire` from that seat's `LiveView` (R9.1).
Endpoints are plain functions, run in FastAPI's thread pool.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from chicago.table.tables.service import BadRequest, LiveView, ServiceError, TableService
from chicago.text.i18n import _
from chicago.web.action_body import parse_action
from chicago.web.auth import request_account, request_owner
from chicago.web.body import JsonBody
from chicago.web.hub import Hub
from chicago.web.live import connected_seats
from chicago.web.metrics import Arrived, metrics_of
from chicago.web.wire import (
    chat_json,
    hint_json,
    invite_json,
    live_json,
    summary_json,
    table_entry_json,
    table_json,
)

__all__ = ["default_name", "first_table", "object_body", "router"]

router = APIRouter(prefix="/api")

GAMES = "/api/games/"
"""The alias's address (a single player's game under its older name)."""


def _tables(request: Request) -> TableService:
    tables: TableService = request.app.state.tables
    return tables


def _alone(request: Request) -> bool:
    """Whether the request came by the alias, /api/games/..., with its contract."""
    return request.url.path.startswith(GAMES)


def object_body(body: object, fields: set[str], what: str) -> dict[str, Any]:
    """The body as an object of `fields`; else a refusal in the reader's language that
    names what to send (`what`, already worded)."""
    if not isinstance(body, dict):
        raise BadRequest(_("The request body must be a JSON object ({what})", what=what))
    unknown = set(body) - fields
    if unknown:
        raise BadRequest(_("Unknown field {field} ({what})", field=repr(sorted(unknown)[0]),
                           what=what))
    return body


def _game_object(body: object, what: str) -> dict[str, Any]:
    """The alias's body check: an object (its fields are checked where it is read)."""
    if not isinstance(body, dict):
        raise BadRequest(_("The request body must be a JSON object ({what})", what=what))
    return body


def _answer(request: Request, v: LiveView, status_code: int = 200) -> Response:
    """The seat's table: on the alias the `Table` with the bots' time; else the `LiveTable`,
    the text the hub sends that seat's sockets (made once for both)."""
    if _alone(request):
        return _table_response(v, status_code)
    hub: Hub = request.app.state.hub
    connected = set() if v.inline else connected_seats(request, v.table.id)
    body = hub.renders.body(v, connected)
    headers = {"Server-Timing": f"bots;dur={v.table.bot_seconds * 1000:.2f}"} if v.inline else None
    return Response(body, status_code=status_code, media_type="application/json",
                    headers=headers)


def _table_response(v: LiveView, status_code: int = 200) -> JSONResponse:
    table = v.table
    return JSONResponse(
        table_json(table),
        status_code=status_code,
        headers={"Server-Timing": f"bots;dur={table.bot_seconds * 1000:.2f}"},
    )


# A single player's game: created, imported, listed -------------------------------------------

_GAME_FIELDS = {"seats", "levels", "level", "profile", "seed"}


@router.post("/games", status_code=201)
def create_game(request: Request, body: JsonBody) -> Response:
    data = _game_object(body, _("Send seats, levels or level, profile and seed"))
    unknown = set(data) - _GAME_FIELDS
    if unknown:
        raise BadRequest(_("Unknown field {field} for a new game",
                           field=repr(sorted(unknown)[0])))
    view = _tables(request).create(
        request_owner(request),
        seats=data.get("seats", 4),
        levels=data.get("levels"),
        level=data.get("level"),
        profile=data.get("profile"),
        seed=data.get("seed"),
    )
    return _table_response(view, 201)


@router.get("/games")
def list_games(request: Request) -> Response:
    tables = _tables(request)
    owner = request_owner(request)
    rows = tables.list(owner)
    people = set(tables.live.tables_of(owner, left=True))  # not games alone
    return JSONResponse({"games": [summary_json(r) for r in rows if r.id not in people]})


@router.post("/games/import", status_code=201)
def import_game(request: Request, body: JsonBody) -> Response:
    return _table_response(_tables(request).import_file(request_owner(request), body), 201)


# A table with people: created, listed, sat at -----------------------------------------------

_CREATE = {"name", "seats", "players", "profile", "seed", "timer", "listed"}


def default_name(request: Request, given: object) -> object:
    account = request_account(request)
    if (given is None or given == "") and account is not None:
        return account.username
    return given


@router.post("/tables", status_code=201)
def create_table(request: Request, body: JsonBody) -> Response:
    data = object_body(body, _CREATE,
                       _("Send name, seats, players, profile, seed, timer and listed"))
    tables = _tables(request)
    owner = request_owner(request)
    game_id, token = tables.open_table(
        owner,
        name=default_name(request, data.get("name")),
        seats=data.get("seats", 4),
        players=data.get("players"),
        profile=data.get("profile"),
        seed=data.get("seed"),
        timer=data.get("timer", 0),
        listed=data.get("listed", False),
    )
    body_out = live_json(tables.get(owner, game_id), set())
    body_out["invite"] = invite_json(token)
    return JSONResponse(body_out, status_code=201)


@router.get("/tables")
def list_tables(request: Request) -> Response:
    tables = _tables(request)
    owner = request_owner(request)
    out = []
    for game_id in tables.live.tables_of(owner):
        row = tables.store.get_game(game_id)
        live = tables.live.get(game_id)
        if row is None or live is None:
            continue
        out.append(table_entry_json(row, live, owner))
    out.sort(key=lambda entry: str(entry["updated"]), reverse=True)
    return JSONResponse({"tables": out})


@router.post("/tables/{game_id}/invite")
def renew_invite(request: Request, game_id: str) -> Response:
    invite = _tables(request).renew_invite(request_owner(request), game_id)
    return JSONResponse(invite_json(invite))


@router.delete("/tables/{game_id}/invite", status_code=204)
def revoke_invite(request: Request, game_id: str) -> Response:
    _tables(request).revoke_invite(request_owner(request), game_id)
    return Response(status_code=204)


@router.get("/invites/{token}")
def preview_invite(request: Request, token: str) -> Response:
    return JSONResponse(_tables(request).preview(request_owner(request), token))


@router.post("/invites/{token}")
def join(request: Request, token: str, body: JsonBody = None) -> Response:
    data = object_body(body if body is not None else {}, {"name", "seat"}, _("Send name and seat"))
    game_id, seat = _tables(request).join(
        request_owner(request), token, default_name(request, data.get("name")), data.get("seat")
    )
    return JSONResponse({"id": game_id, "seat": seat})


@router.post("/tables/{game_id}/start")
def start(request: Request, game_id: str) -> Response:
    tables = _tables(request)
    owner = request_owner(request)
    tables.start(owner, game_id)
    return _answer(request, tables.get(owner, game_id))


@router.put("/tables/{game_id}/seats/{seat}")
def set_seat(request: Request, game_id: str, seat: int, body: JsonBody) -> Response:
    tables = _tables(request)
    owner = request_owner(request)
    tables.set_seat(owner, game_id, seat, body)
    return _answer(request, tables.get(owner, game_id))


@router.post("/tables/{game_id}/again")
def again(request: Request, game_id: str) -> Response:
    return JSONResponse({"id": _tables(request).again(request_owner(request), game_id)})


@router.post("/tables/{game_id}/away", status_code=204)
def away(request: Request, game_id: str, body: JsonBody) -> Response:
    data = object_body(body, {"away"}, _("Send away: true or false"))
    _tables(request).set_away(request_owner(request), game_id, data.get("away"))
    return Response(status_code=204)


@router.get("/tables/{game_id}/chat")
def chat_list(request: Request, game_id: str) -> Response:
    rows = _tables(request).chat_log(request_owner(request), game_id)
    return JSONResponse({"messages": [chat_json(m) for m in rows]})


@router.post("/tables/{game_id}/chat", status_code=201)
def chat(request: Request, game_id: str, body: JsonBody) -> Response:
    data = object_body(body, {"text", "phrase"}, _("Send text or a phrase"))
    row = _tables(request).chat(request_owner(request), game_id, data.get("text"),
                                data.get("phrase"))
    return JSONResponse(chat_json(row), status_code=201)


# Every table: read, act, hint, back up, leave, delete (each also under /api/games) ---------


def first_table(request: Request, game_id: str) -> dict[str, Any] | None:
    """What `GET /api/tables/{id}` answers this requester, parsed (the table page carries
    it so its first frame needs no round trip): their own seat's view only (R9.1); None
    for a requester without a seat, who gets nothing of the table, and for a single
    player's game, whose page is /games/{id}."""
    try:
        v = _tables(request).get(request_owner(request), game_id)
    except ServiceError:
        return None
    if v.inline:
        return None
    found: dict[str, Any] = json.loads(
        request.app.state.hub.renders.body(v, connected_seats(request, v.table.id))
    )
    return found


@router.get("/tables/{game_id}")
@router.get("/games/{game_id}")
def get_table(request: Request, game_id: str) -> Response:
    return _answer(request, _tables(request).get(request_owner(request), game_id,
                                                 alone=_alone(request)))


@router.post("/tables/{game_id}/actions")
@router.post("/games/{game_id}/actions")
def act(request: Request, game_id: str, body: JsonBody, at: Arrived) -> Response:
    """A seat's decision. On the alias the body is read as it always was there (its own
    refusals) and the decision counted as the single player's."""
    alone = _alone(request)
    with metrics_of(request).measured("solo" if alone else "live", body, at):
        if alone:
            data = _game_object(body, _("Send version and action"))
            unknown = set(data) - {"version", "action"}
            if unknown:
                raise BadRequest(_("Unknown field {field} (send version and action)",
                                   field=repr(sorted(unknown)[0])))
        else:
            data = object_body(body, {"version", "action"}, _("Send version and action"))
        if "version" not in data or "action" not in data:
            raise BadRequest(_("Send the game's version and the action"))
        raw = data["action"]
        # the alias reads the action first, for seat 0 (its refusals come in that order)
        action = parse_action(raw) if alone else lambda seat: parse_action(raw, seat)
        view = _tables(request).act(
            request_owner(request), game_id, data["version"], action, alone=alone
        )
        return _answer(request, view)


@router.get("/tables/{game_id}/hint")
@router.get("/games/{game_id}/hint")
def hint(request: Request, game_id: str) -> Response:
    found = _tables(request).hint(request_owner(request), game_id, alone=_alone(request))
    return JSONResponse(hint_json(found))


@router.get("/tables/{game_id}/export")
@router.get("/games/{game_id}/export")
def export(request: Request, game_id: str) -> Response:
    data = _tables(request).export(request_owner(request), game_id, alone=_alone(request))
    return Response(
        json.dumps(data, ensure_ascii=False, indent=1) + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="chicago-{game_id}.json"'},
    )


@router.post("/tables/{game_id}/leave", status_code=204)
def leave(request: Request, game_id: str) -> Response:
    _tables(request).leave(request_owner(request), game_id)
    return Response(status_code=204)


@router.delete("/tables/{game_id}", status_code=204)
@router.delete("/games/{game_id}", status_code=204)
def delete(request: Request, game_id: str) -> Response:
    """Delete one's game: a single player's at once, a table with people once it is over."""
    _tables(request).delete(request_owner(request), game_id)
    return Response(status_code=204)
