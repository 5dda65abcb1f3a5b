"""Tables with people over HTTP and WebSocket (docs/api.md, "Tables with people").

Every payload for a seat is `chicago.web.wire.live_json` of that seat's `LiveView`: the
`Table` JSON (that seat's view, legal actions and events redacted for it, R9.1) plus a
`live` object (seats, names, who is connected, the timer). Actions are POSTed (CSRF as for
every unsafe request); the WebSocket only pushes, and answers pings. Endpoints are plain
functions, run in FastAPI's thread pool.
"""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response

from chicago.store import Owner
from chicago.table.tables.service import (
    BadRequest,
    LiveView,
    NotFound,
    ServiceError,
    TableService,
)
from chicago.text.i18n import _, current_language
from chicago.web.action_body import parse_action
from chicago.web.auth import (
    GUEST_COOKIE,
    SESSION_COOKIE,
    Accounts,
    hash_token,
    request_account,
    request_owner,
)
from chicago.web.hub import STALE, Conn, Hub
from chicago.web.metrics import Arrived, metrics_of
from chicago.web.wire import (
    chat_json,
    hint_json,
    invite_json,
    live_json,
    socket_error,
    table_entry_json,
)

__all__ = [
    "Hub", "connected_seats", "default_name", "first_table", "object_body", "refuse_foreign",
    "router", "same_origin", "serve_socket",
]

router = APIRouter(prefix="/api")
JsonBody = Annotated[Any, Body()]


def _tables(request: Request) -> TableService:
    tables: TableService = request.app.state.tables
    return tables


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


def connected_seats(request: Request, game_id: str) -> set[int]:
    """Who is connected: as this process's hub last read it, else from the database."""
    hub: Hub = request.app.state.hub
    known = hub.present.get(game_id)
    if known is not None:
        return set(known)
    tables = _tables(request)
    return tables.live.connected(game_id, tables.clock() - STALE)


def _view_response(request: Request, v: LiveView, status_code: int = 200) -> Response:
    """The seat's `LiveTable`: after an action, the text the hub sends that seat's sockets
    (made once for both)."""
    hub: Hub = request.app.state.hub
    body = hub.renders.body(v, connected_seats(request, v.table.id))
    return Response(body, status_code=status_code, media_type="application/json")


# Creating, inviting, sitting down -----------------------------------------------------------

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


def first_table(request: Request, game_id: str) -> dict[str, Any] | None:
    """What `GET /api/tables/{id}` answers this requester, parsed (the table page carries
    it so its first frame needs no round trip): their own seat's view only (R9.1); None
    for a requester without a seat, who gets nothing of the table."""
    try:
        v = _tables(request).get(request_owner(request), game_id)
    except ServiceError:
        return None
    found: dict[str, Any] = json.loads(
        request.app.state.hub.renders.body(v, connected_seats(request, v.table.id))
    )
    return found


@router.get("/tables/{game_id}")
def get_table(request: Request, game_id: str) -> Response:
    return _view_response(request, _tables(request).get(request_owner(request), game_id))


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
    return _view_response(request, tables.get(owner, game_id))


@router.post("/tables/{game_id}/leave", status_code=204)
def leave(request: Request, game_id: str) -> Response:
    _tables(request).leave(request_owner(request), game_id)
    return Response(status_code=204)


@router.put("/tables/{game_id}/seats/{seat}")
def set_seat(request: Request, game_id: str, seat: int, body: JsonBody) -> Response:
    tables = _tables(request)
    owner = request_owner(request)
    tables.set_seat(owner, game_id, seat, body)
    return _view_response(request, tables.get(owner, game_id))


@router.post("/tables/{game_id}/again")
def again(request: Request, game_id: str) -> Response:
    return JSONResponse({"id": _tables(request).again(request_owner(request), game_id)})


# Playing -------------------------------------------------------------------------------


@router.post("/tables/{game_id}/actions")
def act(request: Request, game_id: str, body: JsonBody, at: Arrived) -> Response:
    with metrics_of(request).measured("live", body, at):
        data = object_body(body, {"version", "action"}, _("Send version and action"))
        if "version" not in data or "action" not in data:
            raise BadRequest(_("Send the game's version and the action"))
        raw = data["action"]
        view = _tables(request).act(
            request_owner(request), game_id, data["version"], lambda seat: parse_action(raw, seat)
        )
        return _view_response(request, view)


@router.get("/tables/{game_id}/hint")
def hint(request: Request, game_id: str) -> Response:
    return JSONResponse(hint_json(_tables(request).hint(request_owner(request), game_id)))


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


@router.get("/tables/{game_id}/export")
def export(request: Request, game_id: str) -> Response:
    data = _tables(request).export(request_owner(request), game_id)
    return Response(
        json.dumps(data, ensure_ascii=False, indent=1) + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="chicago-{game_id}.json"'},
    )


# The WebSocket ---------------------------------------------------------------------------


def _socket_owner(ws: WebSocket) -> Owner | None:
    """The account of the session cookie, else the guest of the guest cookie."""
    accounts: Accounts = ws.app.state.accounts
    account = accounts.account_for(ws.cookies.get(SESSION_COOKIE))
    if account is not None:
        return Owner("account", str(account.id))
    guest = ws.cookies.get(GUEST_COOKIE, "")
    return Owner("guest", hash_token(guest)) if len(guest) >= 32 else None


def same_origin(ws: WebSocket) -> bool:
    """A browser always sends Origin on a WebSocket: it must be this site (no other site's
    page may open a socket with the player's cookies)."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True  # not a browser (a script with the player's own cookies)
    host = ws.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


async def refuse_foreign(ws: WebSocket) -> None:
    """A socket opened by another site's page: accepted, told why in one message, closed
    with 4403 (a close before the accept would reach the page as an HTTP 403 it cannot
    read, and it would reconnect for ever)."""
    await ws.accept()
    await ws.send_json(socket_error(_("This socket was opened by another site"), 4403))
    await ws.close(code=4403)


@router.websocket("/tables/{game_id}/live")
async def live_socket(ws: WebSocket, game_id: str) -> None:
    """Push the seat's table as it changes; 4403 other site, 4404 not seated here."""
    if not same_origin(ws):
        await refuse_foreign(ws)
        return
    tables: TableService = ws.app.state.tables
    hub: Hub = ws.app.state.hub
    owner = await run_in_threadpool(_socket_owner, ws)
    try:
        if owner is None:
            raise NotFound()
        seat = await run_in_threadpool(tables.seat_of, owner, game_id)
    except NotFound:
        await ws.accept()
        await ws.send_json(socket_error("no such table"))
        await ws.close(code=4404)
        return
    await ws.accept()
    conn = Conn(ws=ws, game_id=game_id, seat=seat, loop=asyncio.get_running_loop(),
                lang=current_language(), owner=owner)
    await serve_socket(ws, hub, conn)


async def serve_socket(ws: WebSocket, hub: Hub, conn: Conn) -> None:
    """An accepted socket's life: join the hub (which sends the table), answer pings and
    syncs until it closes, then leave. A seat's socket and a spectator's alike."""
    game_id = conn.game_id
    writer = asyncio.create_task(conn.writer())
    try:
        await hub.join(conn)
        while True:
            message = await ws.receive_json()
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "ping":
                conn.put({"type": "pong"})
            elif kind == "sync" and conn.watch is not None:
                conn.version = -1  # a spectator's doubt is answered to it alone
                await hub.resend(conn)
            elif kind == "sync":
                conn.version = -1  # the client doubts: send the whole view again
                hub.news(game_id, "seats")
    except (WebSocketDisconnect, RuntimeError, ValueError):
        pass
    finally:
        writer.cancel()
        await hub.leave(conn)
