"""`GET /healthz` for load balancers and service managers, `GET /metrics` for Prometheus.

The health check asks the database one trivial question: a process that cannot reach its
database cannot take a single action, so it should be taken out of the rotation (503) while
the others serve. Neither answer holds anything about players or games.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Final

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from chicago import __version__
from chicago.store import Store
from chicago.table.tables.service import TableService
from chicago.web.hub import Hub
from chicago.web.metrics import Metrics

log = logging.getLogger("chicago.web")

router = APIRouter()

HEALTH_TIMEOUT: Final = 5.0
"""Seconds the database has to answer the health check before the process says 503."""

_NO_STORE: Final = {"Cache-Control": "no-store"}


@router.get("/healthz")
async def healthz(request: Request) -> Response:
    """200 `{"status": "ok", "database": "ok"}` when `SELECT 1` succeeds in time, else
    503 with `"database": "unavailable"` (the cause goes to the log, not to the caller)."""
    store: Store = request.app.state.store
    try:
        await asyncio.wait_for(run_in_threadpool(store.ping), HEALTH_TIMEOUT)
    except Exception as e:  # unreachable, refused, timed out, misconfigured: all unhealthy
        log.warning("health check: the database did not answer (%s)", type(e).__name__)
        return JSONResponse(
            {"status": "unavailable", "database": "unavailable", "version": __version__},
            status_code=503, headers=_NO_STORE,
        )
    return JSONResponse(
        {"status": "ok", "database": "ok", "version": __version__}, headers=_NO_STORE
    )


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """This process's figures in Prometheus's text format. The socket counts are read on
    the event loop (where the hub changes them); the tables in play from the database,
    off the loop (-1 when it cannot answer: the scrape itself still succeeds)."""
    figures: Metrics = request.app.state.metrics
    hub: Hub = request.app.state.hub
    tables: TableService = request.app.state.tables
    figures.sockets.set(sum(len(group) for group in hub.conns.values()))
    figures.tables_here.set(len(hub.conns))
    try:
        in_play = await asyncio.wait_for(
            run_in_threadpool(tables.live.tables_in_play), HEALTH_TIMEOUT
        )
    except Exception as e:
        log.warning("metrics: the database did not answer (%s)", type(e).__name__)
        in_play = -1
    figures.tables_in_play.set(in_play)
    return Response(
        generate_latest(figures.registry),
        media_type=CONTENT_TYPE_LATEST,
        headers=_NO_STORE,
    )
