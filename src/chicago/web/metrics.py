"""The server's figures for Prometheus: one registry per app, read by `GET /metrics`.

Each `chicago serve` process keeps its own counters and histograms (an operator scrapes
every process on its own port and sums in the queries); the gauges read at scrape time say
what this process holds (its open sockets) or what the database holds (the tables in play,
the same from every process). The decisions sent by people through the API are counted
and timed (a bot's move inside an answer is part of that answer's time); the server's own
decisions at tables with people are counted apart.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Final

from fastapi import Depends, Request
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
)

KINDS: Final = frozenset({"exchange", "offer", "quads", "chicago", "play"})
"""The action types of the API (web/action_body.py `parse_action`): the only values of `kind`."""

BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: an answer holds the fsync of the action and, at a solo game, the bots' moves up
to the player's next turn, so the tail reaches past a second on a slow disk."""


def action_kind(body: object) -> str:
    """The `type` of the action in a request body, or "other" (labels must stay few: a
    client's arbitrary text never becomes one)."""
    if isinstance(body, dict):
        action = body.get("action")
        if isinstance(action, dict) and action.get("type") in KINDS:
            return str(action["type"])
    return "other"


class Metrics:
    """The counters, histogram and gauges of one app, in a registry of their own (several
    apps in one process, as in the tests, never share a count)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        ProcessCollector(registry=self.registry)
        PlatformCollector(registry=self.registry)
        self.actions = Counter(
            "chicago_actions",
            "Decisions accepted from people through the API, by action type and kind of "
            "table (solo: against bots; live: a table with people).",
            ["kind", "table"],
            registry=self.registry,
        )
        self.refused = Counter(
            "chicago_actions_refused",
            "Decisions refused (stale version, not your turn, illegal, malformed...), by "
            "kind of table and reason.",
            ["table", "reason"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "chicago_action_seconds",
            "Time to answer an accepted decision, from the request to the answer's body "
            "(the action stored and, at a solo game, the bots' replies played).",
            ["kind", "table"],
            buckets=BUCKETS,
            registry=self.registry,
        )
        self.decisions = Counter(
            "chicago_server_decisions",
            "Decisions the server made and stored at tables with people: bots' moves, "
            "seats handed to a bot, time-outs (by whichever process came first).",
            registry=self.registry,
        )
        self.sockets = Gauge(
            "chicago_open_sockets",
            "WebSockets open on this process (players and spectators).",
            registry=self.registry,
        )
        self.tables_here = Gauge(
            "chicago_tables_connected",
            "Tables with at least one WebSocket open on this process.",
            registry=self.registry,
        )
        self.tables_in_play = Gauge(
            "chicago_tables_in_play",
            "Tables with people started and not over, read from the database (every "
            "process reports the same number).",
            registry=self.registry,
        )

    @contextmanager
    def measured(self, table: str, body: object, start: float) -> Iterator[None]:
        """Answer a decision inside and count it: accepted with its time since `start`, or
        refused with the reason's name (the error itself still goes to the app's
        handlers)."""
        try:
            yield
        except Exception as e:
            self.refused.labels(table, type(e).__name__).inc()
            raise
        kind = action_kind(body)
        self.actions.labels(kind, table).inc()
        self.latency.labels(kind, table).observe(time.perf_counter() - start)


async def arrived() -> float:
    """A dependency: the time when a request's body has been read, before its endpoint
    waits for a thread of the pool (a decision's time counts that wait)."""
    return time.perf_counter()


Arrived = Annotated[float, Depends(arrived)]
"""The type of an endpoint parameter that takes `arrived`'s time (declared after the body)."""


def metrics_of(request: Request) -> Metrics:
    """The figures of the app serving `request`."""
    found: Metrics = request.app.state.metrics
    return found
