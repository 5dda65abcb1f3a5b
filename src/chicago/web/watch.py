"""Watch links over HTTP and WebSocket (docs/api.md, "Watching a table").

The creator makes, renews and revokes the link under /api/tables/{id}/watch. A spectator
needs no cookie: the token in the path is the only key, and it opens one table's
spectator view (`chicago.table.tables.watch`), on GET and on a socket that the hub feeds like a
seat's (a connection whose seat is `WATCHER`), never chat, actions or hints.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response

from chicago.table.tables.service import ServiceError
from chicago.table.tables.watch import WATCHER, BadWatchLink, Watching
from chicago.text.i18n import current_language
from chicago.web.auth import request_owner
from chicago.web.hub import WATCH_GONE, Conn, Hub
from chicago.web.live import connected_seats, refuse_foreign, same_origin, serve_socket
from chicago.web.wire import live_json, socket_error, watch_link_json

router = APIRouter(prefix="/api")


def watching(request: Request | WebSocket) -> Watching:
    found: Watching = request.app.state.watching
    return found


@router.post("/tables/{game_id}/watch")
def renew_watch(request: Request, game_id: str) -> Response:
    return JSONResponse(watch_link_json(watching(request).renew(request_owner(request), game_id)))


@router.delete("/tables/{game_id}/watch", status_code=204)
def revoke_watch(request: Request, game_id: str) -> Response:
    watching(request).revoke(request_owner(request), game_id)
    return Response(status_code=204)


def first_watch(request: Request, token: str) -> dict[str, Any] | None:
    """What `GET /api/watch/{token}` answers (the spectator's view, R9.1), for the watch
    page to carry; None for a link that does not work (the page's script then says why)."""
    try:
        v = watching(request).view(token)
    except ServiceError:
        return None
    return live_json(v, connected_seats(request, v.table.id))


@router.get("/watch/{token}")
def watch_table(request: Request, token: str) -> Response:
    v = watching(request).view(token)
    return JSONResponse(live_json(v, connected_seats(request, v.table.id)))


@router.websocket("/watch/{token}/live")
async def watch_socket(ws: WebSocket, token: str) -> None:
    """Push the spectator's view as the table changes; 4403 other site, 4410 a link that
    does not work (now, or later when it is renewed or revoked)."""
    if not same_origin(ws):
        await refuse_foreign(ws)
        return
    try:
        game_id, digest = await run_in_threadpool(watching(ws).table_of, token)
    except BadWatchLink as e:
        await ws.accept()
        await ws.send_json(socket_error(e.message, WATCH_GONE))
        await ws.close(code=WATCH_GONE)
        return
    await ws.accept()
    hub: Hub = ws.app.state.hub
    conn = Conn(ws=ws, game_id=game_id, seat=WATCHER, loop=asyncio.get_running_loop(),
                watch=digest, lang=current_language())
    await serve_socket(ws, hub, conn)
