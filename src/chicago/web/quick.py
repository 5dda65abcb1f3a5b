"""Playing with anyone over HTTP: quick play and the open tables (docs/api.md, "Quick play",
"Open tables").

A press is POSTed (CSRF as for every unsafe request), its state is read with GET — the
lobby asks about once a second while it waits; a wait that is over starts the table in
that very request — and DELETE takes it back. Endpoints are plain functions, run in
FastAPI's thread pool.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import JSONResponse, Response

from chicago.table.tables.quick import QUICK_SEATS
from chicago.table.tables.service import TableService
from chicago.text.i18n import _
from chicago.web.auth import request_owner
from chicago.web.tables import default_name, object_body
from chicago.web.wire import open_table_json, quick_json

router = APIRouter(prefix="/api")
JsonBody = Annotated[Any, Body()]


def _tables(request: Request) -> TableService:
    tables: TableService = request.app.state.tables
    return tables


@router.post("/quick")
def quick_join(request: Request, body: JsonBody = None) -> Response:
    data = object_body(body if body is not None else {}, {"name", "seats", "profile"},
                       _("Send name, seats and profile"))
    q = _tables(request).quick_join(
        request_owner(request),
        name=default_name(request, data.get("name")),
        seats=data.get("seats", QUICK_SEATS),
        profile=data.get("profile"),
    )
    return JSONResponse(quick_json(q))


@router.get("/quick/{entry_id}")
def quick_state(request: Request, entry_id: str) -> Response:
    return JSONResponse(quick_json(_tables(request).quick_state(request_owner(request),
                                                                entry_id)))


@router.delete("/quick/{entry_id}", status_code=204)
def quick_leave(request: Request, entry_id: str) -> Response:
    _tables(request).quick_leave(request_owner(request), entry_id)
    return Response(status_code=204)


# Open tables --------------------------------------------------------------------------------


@router.get("/open-tables")
def open_tables(request: Request) -> Response:
    owner = request_owner(request)
    listed = _tables(request).open_tables()
    return JSONResponse({"tables": [open_table_json(t, owner) for t in listed]})


@router.put("/tables/{game_id}/listed", status_code=204)
def set_listed(request: Request, game_id: str, body: JsonBody) -> Response:
    data = object_body(body, {"listed"}, _("Send listed"))
    _tables(request).set_listed(request_owner(request), game_id, data.get("listed"))
    return Response(status_code=204)


@router.post("/tables/{game_id}/sit")
def sit(request: Request, game_id: str, body: JsonBody = None) -> Response:
    data = object_body(body if body is not None else {}, {"name", "seat"},
                       _("Send name and seat"))
    table_id, seat = _tables(request).sit(
        request_owner(request), game_id, default_name(request, data.get("name")),
        data.get("seat"),
    )
    return JSONResponse({"id": table_id, "seat": seat})
