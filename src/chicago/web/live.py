"""A table's socket (docs/api.md, "The socket"): each seat's connection, and a spectator's,
receives its own view of the table as it changes; the WebSocket pushes, answers pings and
syncs, and takes a seat's actions (`socket_actions`, the HTTP action without the HTTP
request). Who is connected is known here too (`connected_seats`). The HTTP endpoints of
every table are `chicago.web.tables`'.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool

from chicago.store import Owner
from chicago.table.tables.service import NotFound, TableService
from chicago.text.i18n import _, current_language
from chicago.web import socket_actions
from chicago.web.auth import GUEST_COOKIE, SESSION_COOKIE, Accounts, hash_token
from chicago.web.hub import STALE, Conn, Hub
from chicago.web.wire import socket_error

__all__ = [
    "Hub", "connected_seats", "refuse_foreign", "router", "same_origin", "serve_socket",
]

router = APIRouter(prefix="/api")


def _tables(request: Request) -> TableService:
    tables: TableService = request.app.state.tables
    return tables


def connected_seats(request: Request, game_id: str) -> set[int]:
    """Who is connected: as this process's hub last read it, else from the database."""
    hub: Hub = request.app.state.hub
    known = hub.present.get(game_id)
    if known is not None:
        return set(known)
    tables = _tables(request)
    return tables.live.connected(game_id, tables.clock() - STALE)


# The WebSocket ---------------------------------------------------------------------------


def _socket_owner(ws: WebSocket) -> Owner | None:
    """The account of the session cookie, else the guest of the guest cookie."""
    accounts: Accounts = ws.app.state.accounts
    account = accounts.account_for(ws.cookies.get(SESSION_COOKIE))
    if account is not None:
        return Owner("account", str(account.id))
    guest = ws.cookies.get(GUEST_COOKIE, "")
    return Owner("guest", hash_token(guest)) if len(guest) >= 32 else None


def _pushed_seat(tables: TableService, owner: Owner, game_id: str) -> int:
    """The requester's seat at a table with people (a single player's game, played inline,
    has nothing to push: NotFound, as for anyone not seated)."""
    if tables.pace_of(game_id) == "inline":
        raise NotFound()
    return tables.seat_of(owner, game_id)


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
        seat = await run_in_threadpool(_pushed_seat, tables, owner, game_id)
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
    syncs until it closes, then leave. A seat's socket and a spectator's alike. (The
    server's own WebSocket pings are uvicorn's, every `SOCKET_PING` of `chicago serve`: the
    browser answers them.)"""
    game_id = conn.game_id
    writer = asyncio.create_task(conn.writer())
    try:
        await hub.join(conn)
        while True:
            message = await ws.receive_json()
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "ping":  # a page asking whether its line is alive
                conn.put(socket_actions.pong(message))
            elif kind == "act":
                await socket_actions.act(hub.tables, hub, ws.app.state.metrics, conn, message)
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
