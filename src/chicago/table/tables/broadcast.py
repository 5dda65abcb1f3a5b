"""Telling the server processes that a table changed: a table id and what changed (a
version number, or a word: "seats", "chat", "presence"), never a card.

`InProcessBroadcaster` serves one process (SQLite). `PostgresBroadcaster` listens on the
PostgreSQL channel on which the store announces every committed action in the committing
transaction (`chicago.store.repo.NOTIFY_CHANNEL`), so a commit through any process reaches
every process, and none is told of an action that was not committed. Each process then
pushes to its own connections, after reading the views from the database.

Subscribers are called on the broadcaster's thread (or the publisher's): they must only
hand the news over to their own loop (`loop.call_soon_threadsafe`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Protocol

from chicago.store.db import normalize_url
from chicago.store.live import LiveStore
from chicago.store.repo import NOTIFY_CHANNEL

log = logging.getLogger("chicago.table.tables.broadcast")

Listener = Callable[[str, str], None]
"""(table id, what changed); what is a version number, a word, or "*" (everything may have
changed: a reconnection to the database)."""


class Broadcaster(Protocol):
    def publish(self, game_id: str, what: str) -> None:
        """Announce a committed change (called after the commit)."""

    def subscribe(self, listener: Listener) -> None: ...

    def start(self) -> None: ...

    def stop(self) -> None: ...


class InProcessBroadcaster:
    """One process: a publish calls every subscriber at once."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def publish(self, game_id: str, what: str) -> None:
        for listener in list(self._listeners):
            try:
                listener(game_id, what)
            except Exception:  # one bad subscriber must not stop the others
                log.exception("a table listener failed")

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass


class PostgresBroadcaster(InProcessBroadcaster):
    """Several processes on one PostgreSQL: LISTEN on a connection of its own (a thread),
    NOTIFY through the store. A committed action was announced by its own transaction; this
    process's subscribers hear of it at once too (they ignore a version they have sent)."""

    def __init__(self, url: str, live: LiveStore) -> None:
        super().__init__()
        self.url = normalize_url(url).replace("postgresql+psycopg://", "postgresql://")
        self.live = live
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.ready = threading.Event()

    def publish(self, game_id: str, what: str) -> None:
        if what.isdigit():
            super().publish(game_id, what)  # NOTIFY went with the commit; tell ours now
        else:
            self.live.notify(game_id, what)  # comes back to every process, ours included
            if not self.ready.is_set():  # not listening (yet): tell ours directly
                super().publish(game_id, what)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._listen, name="chicago-listen", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _listen(self) -> None:
        import psycopg

        delay = 0.2
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self.ready.set()
                    if not first:
                        super().publish("*", "*")  # news may have been missed: refetch all
                    first = False
                    delay = 0.2
                    while not self._stop.is_set():
                        for n in conn.notifies(timeout=0.5, stop_after=64):
                            game_id, _, what = n.payload.partition(" ")
                            super().publish(game_id, what)
            except Exception as e:  # the database went away: listen again, with backoff
                log.warning("table notifications interrupted (%s): listening again", e)
                self._stop.wait(delay)
                delay = min(delay * 2, 5.0)
