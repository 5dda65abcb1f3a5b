"""The WebSockets of one process: who is connected to which table, and what each is sent.

A connection belongs to one seat, or is a spectator's (a watch link: the seat `WATCHER`,
no hand, no chat, closed with 4410 when the link is renewed or revoked). When a table
changes (the broadcaster's news: a version, "seats", "chat", "presence", "watch" or "*"),
the hub reads the table once for all of this process's
connections at that table (`TableService.views_for`, from the database and the cache; after
a commit of this process, `fresh_views` from memory, on the loop) and
sends each connection its own seat's message: `live_json` of that seat's view, with the
events after the version that connection last had, redacted for that seat (R9.1), in the
connection's language — each text made once (`Renders`) on the hub's own threads. A
connection is never sent an older version than it has; a slow connection's queue is
bounded, and one that overflows is closed (its client reconnects and refetches).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Final, TypeVar

from fastapi.concurrency import run_in_threadpool
from starlette.websockets import WebSocket

from chicago.store import Owner
from chicago.table.tables.service import LiveView, TableService
from chicago.table.tables.watch import WATCH_NEWS, BadWatchLink
from chicago.text.i18n import DEFAULT_LANGUAGE, use_language
from chicago.web.live_render import Renders, dumps
from chicago.web.wire import socket_error

log = logging.getLogger("chicago.web.hub")

QUEUE_LIMIT: Final = 64
WATCH_GONE: Final = 4410
"""The close code of a spectator's socket whose watch link stopped working."""
PUSH_THREADS: Final = 4
"""Threads of the hub's own for reading and rendering what it pushes."""
ACT_THREADS: Final = 8
"""Threads of the hub's own for the actions sent over its sockets (a plain pool: the hand-off
costs about two thirds of anyio's, whose idle threads also end after ten seconds)."""
HEARTBEAT: Final = 15.0
"""Seconds between refreshes of this process's presence rows."""
STALE: Final = timedelta(seconds=45)
"""A presence row not refreshed for this long is a connection of a process that died (the
backstop for rows of a process that never pulsed)."""
PULSE: Final = 1.0
"""Seconds between this process's pulses (its `live_processes` row)."""
DEAD: Final = timedelta(seconds=5)
"""A process whose pulse stopped this long ago was killed: its sockets' presence ends, and
the tables it served are told ("presence")."""

T = TypeVar("T")
LiveJson = Callable[[LiveView, set[int]], dict[str, Any]]
ChatJson = Callable[[Any], dict[str, Any]]


@dataclass(eq=False)
class Conn:
    """One open WebSocket: its seat, the last version it was sent, its outbox."""

    ws: WebSocket
    game_id: str
    seat: int
    """The seat whose view it is sent; `WATCHER` for a spectator (a watch link)."""
    loop: asyncio.AbstractEventLoop
    watch: str | None = None
    """A spectator's: the hash of the watch token it came with (checked on "watch" news)."""
    id: str = field(default_factory=lambda: secrets.token_hex(8))
    version: int = -1
    chat_seen: int = 0
    close_code: int = 4408
    """Sent when the outbox's None closes the socket (4408: too slow, reconnect)."""
    lang: str = DEFAULT_LANGUAGE
    """The socket's language (its cookie or Accept-Language): its tables are told in it."""
    owner: Owner | None = None
    """A seat's socket: the person it was opened by (checked on "seats" news: a seat that
    is no longer theirs is never sent to them again)."""
    acting: bool = False
    """An action sent over this socket awaits its answer: the pushes of new versions wait
    for it (the answer carries the version, `Hub.answered`)."""
    missed: int = -1
    """The newest version held back while acting."""
    outbox: asyncio.Queue[dict[str, Any] | str | None] = field(
        default_factory=lambda: asyncio.Queue(QUEUE_LIMIT)
    )

    def put(self, message: dict[str, Any] | str | None) -> None:
        """Queue a message (a dict, or JSON text made once for many), or None: close."""
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:  # too slow: drop it, the client reconnects and refetches
            log.info("closing a slow connection to table %s", self.game_id)
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)

    async def writer(self) -> None:
        """Send the outbox in order until a None (close) arrives."""
        while True:
            message = await self.outbox.get()
            if message is None:
                await self.ws.close(code=self.close_code)
                return
            await self.ws.send_text(message if isinstance(message, str) else dumps(message))


class Hub:
    def __init__(self, tables: TableService, live_json: LiveJson, chat_json: ChatJson) -> None:
        self.tables = tables
        self.live_json = live_json
        self.renders = Renders(live_json)
        """The texts of recent views, shared with the answers to actions."""
        self._threads = ThreadPoolExecutor(PUSH_THREADS, thread_name_prefix="chicago-push")
        self._acting = ThreadPoolExecutor(ACT_THREADS, thread_name_prefix="chicago-act")
        self.chat_json = chat_json
        self.conns: dict[str, set[Conn]] = defaultdict(set)
        self._pending: dict[tuple[asyncio.AbstractEventLoop, str], set[str]] = {}
        self.present: dict[str, set[int]] = {}
        """The seats connected at each table with sockets here, as last read."""
        self.process = secrets.token_hex(8)
        """This process's id in `live_processes` and on its presence rows."""

    # Connections --------------------------------------------------------------------------

    async def join(self, conn: Conn) -> None:
        """Register, mark present, and send the table, the chat and who is here."""
        self.conns[conn.game_id].add(conn)
        if conn.watch is not None and not await self._drop_revoked(conn.game_id, [conn]):
            return  # the link was revoked while the socket opened
        now = self.tables.clock()
        seat = None if conn.watch is not None else conn.seat  # a spectator has no seat
        await run_in_threadpool(
            self.tables.live.present, conn.id, conn.game_id, seat, now, self.process
        )
        await self._flush(conn.loop, conn.game_id, {"seats", "chat"}, [conn])
        self.tables.announce(conn.game_id, "presence")

    async def leave(self, conn: Conn) -> None:
        self.conns[conn.game_id].discard(conn)
        if not self.conns[conn.game_id]:
            del self.conns[conn.game_id]
            self.present.pop(conn.game_id, None)
        try:
            await run_in_threadpool(self.tables.live.absent, conn.id)
            self.tables.announce(conn.game_id, "presence")
        except Exception:
            log.exception("could not record a departure from table %s", conn.game_id)

    async def resend(self, conn: Conn) -> None:
        """The whole table again for one connection only (a spectator's "sync": anyone
        with the link must not make every socket at the table be sent again)."""
        await self._flush(conn.loop, conn.game_id, {"seats"}, [conn])

    def acting(self, conn: Conn) -> None:
        """An action over `conn` is being decided: its version pushes are held back."""
        conn.acting = True
        conn.missed = -1

    def answered(self, conn: Conn, version: int | None, text: str) -> None:
        """On the loop: answer the action over `conn` (`text`: the table at `version`, or
        the refusal when `version` is None); then push it what was held back and is newer."""
        conn.acting = False
        if text:
            conn.put(text)
        if version is not None:
            conn.version = max(conn.version, version)
        if conn.missed > conn.version:
            self._queue(conn.loop, conn.game_id, str(conn.missed))
        conn.missed = -1

    def all_conns(self) -> list[Conn]:
        return [c for group in self.conns.values() for c in group]

    # News ---------------------------------------------------------------------------------

    def news(self, game_id: str, what: str) -> None:
        """From the broadcaster (any thread): hand the news to each connection's loop."""
        targets = self.all_conns() if game_id == "*" else list(self.conns.get(game_id, ()))
        by_loop: dict[asyncio.AbstractEventLoop, set[str]] = defaultdict(set)
        for c in targets:
            by_loop[c.loop].add(c.game_id)
        for loop, games in by_loop.items():
            for g in games:
                # RuntimeError: that loop has closed (a finished test client)
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(self._queue, loop, g, what)

    def _queue(self, loop: asyncio.AbstractEventLoop, game_id: str, what: str) -> None:
        """On `loop`: gather news of one table until the running flush has read it."""
        key = (loop, game_id)
        if key in self._pending:
            self._pending[key].add(what)
            return
        self._pending[key] = {what}
        loop.create_task(self._drain(loop, game_id))

    async def _drain(self, loop: asyncio.AbstractEventLoop, game_id: str) -> None:
        key = (loop, game_id)
        try:
            while self._pending.get(key):
                whats = self._pending[key]
                self._pending[key] = set()
                conns = [c for c in self.conns.get(game_id, ()) if c.loop is loop]
                if conns and (WATCH_NEWS in whats or "*" in whats):
                    conns = await self._drop_revoked(game_id, conns)
                    whats = whats | {"seats"}  # the seats' `live.watch` changed
                if conns and ("seats" in whats or "*" in whats):
                    conns = await self._drop_unseated(game_id, conns)
                if conns:
                    await self._flush(loop, game_id, whats, conns)
        except Exception:
            log.exception("pushing table %s failed", game_id)
        finally:
            self._pending.pop(key, None)

    async def _flush(
        self,
        loop: asyncio.AbstractEventLoop,
        game_id: str,
        whats: set[str],
        conns: list[Conn],
    ) -> None:
        """Send each connection what changed, read once for all of them."""
        everything = "*" in whats
        versions = {w for w in whats if w.isdigit()}
        need_table = everything or "seats" in whats or versions
        need_presence = everything or "presence" in whats or "seats" in whats
        connected = self.present.get(game_id)
        if need_presence or connected is None:  # else the last presence read still holds
            since = self.tables.clock() - STALE
            connected = await self._off_loop(self.tables.live.connected, game_id, since)
            self.present[game_id] = connected
        if need_table:
            newest = max((int(v) for v in versions), default=-1)
            todo = [c for c in conns if everything or "seats" in whats or c.version < newest]
            if not everything and "seats" not in whats:
                for c in [c for c in todo if c.acting]:  # the answer will carry it
                    c.missed = max(c.missed, newest)
                    todo.remove(c)
            if todo:
                seats: dict[int, int] = {}
                for c in todo:
                    seats[c.seat] = min(seats.get(c.seat, c.version), c.version)
                wanted = {(c.seat, c.lang) for c in todo}
                texts = None
                if versions and not everything and "seats" not in whats:
                    # a commit of this process: its table is in memory, made here at once
                    views = self.tables.fresh_views(game_id, dict(seats), newest)
                    if views is not None:
                        texts = self._texts(views, wanted, connected)
                if texts is None:
                    texts = await self._off_loop(self._render, game_id, seats, wanted, connected)
                for c in todo:
                    version, text = texts[(c.seat, c.lang)]
                    if version < c.version:
                        continue
                    if c.version != seats[c.seat]:  # it had a newer version than the batch
                        mine = await self._off_loop(
                            self._render, game_id, {c.seat: c.version}, {(c.seat, c.lang)},
                            connected,
                        )
                        version, text = mine[(c.seat, c.lang)]
                    c.version = version
                    c.put(text)
        elif need_presence:
            for c in conns:
                c.put({"type": "presence", "connected": sorted(connected)})
        if everything or "chat" in whats:
            messages = await self._off_loop(self.tables.live.chat, game_id)
            for c in conns:
                if c.watch is not None:  # the chat is the seated players' (docs/api.md)
                    continue
                fresh = [m for m in messages if m.id > c.chat_seen]
                if fresh:
                    c.chat_seen = fresh[-1].id
                    with use_language(c.lang):  # a quick phrase in each reader's words
                        c.put({"type": "chat",
                               "messages": [self.chat_json(m) for m in fresh]})

    async def _drop_revoked(self, game_id: str, conns: list[Conn]) -> list[Conn]:
        """Close the spectators whose watch link stopped working; the others go on."""
        watchers = [c for c in conns if c.watch is not None]
        if not watchers:
            return conns
        current = await run_in_threadpool(self.tables.live.watch_hash, game_id)
        gone = [c for c in watchers if c.watch != current]
        for c in gone:
            self.conns[game_id].discard(c)
            c.put(socket_error(BadWatchLink().message, WATCH_GONE))
            c.close_code = WATCH_GONE
            c.put(None)
        return [c for c in conns if c not in gone]

    async def _drop_unseated(self, game_id: str, conns: list[Conn]) -> list[Conn]:
        """Close the sockets of people whose seat is no longer theirs (they left before the
        start, the creator freed the seat or gave it to a bot, a rematch's seat went to a
        bot): the seat's next view — a bot's hand, or another person's — is not theirs to
        see (R9.1). Closed with 4404, as a socket to a table where one has no seat."""
        seated = [c for c in conns if c.watch is None and c.owner is not None]
        if not seated:
            return conns
        live = await self._off_loop(self.tables.live.get, game_id)
        gone = [
            c for c in seated
            if live is None or c.seat >= len(live.seats) or live.seats[c.seat].owner != c.owner
        ]
        for c in gone:
            self.conns[game_id].discard(c)
            c.put(socket_error("no such table", 4404))
            c.close_code = 4404
            c.put(None)
        return [c for c in conns if c not in gone]

    async def decided(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a socket's action off the loop, on the hub's threads for actions."""
        return await _on(self._acting, fn, *args)

    async def _off_loop(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a push's reads and rendering on the hub's own threads: under load they do
        not wait in the request handlers' queue (what was committed is told first)."""
        return await _on(self._threads, fn, *args)

    def _render(
        self,
        game_id: str,
        seats: dict[int, int],
        wanted: set[tuple[int, str]],
        connected: set[int],
    ) -> dict[tuple[int, str], tuple[int, str]]:
        """(version, message text) for each (seat, language) wanted, from one read of the
        table; each text is made once however many sockets it goes to (off the loop)."""
        since: dict[int, int | None] = dict(seats)
        return self._texts(self.tables.views_for(game_id, since), wanted, connected)

    def _texts(
        self,
        views: dict[int, LiveView],
        wanted: set[tuple[int, str]],
        connected: set[int],
    ) -> dict[tuple[int, str], tuple[int, str]]:
        """(version, message text) for each (seat, language) wanted, from the seats' views."""
        out: dict[tuple[int, str], tuple[int, str]] = {}
        for seat, lang in wanted:
            v = views[seat]
            with use_language(lang):
                out[(seat, lang)] = (v.table.version, self.renders.message(v, connected))
        return out

    # Presence heartbeat --------------------------------------------------------------------

    async def heartbeat(self) -> None:
        """Pulse every second and remove the processes whose pulse stopped (their sockets'
        presence ends within seconds of a kill); refresh this process's presence rows and
        forget stale ones every 15 s."""
        beats = 0
        while True:
            try:
                await self.pulse()
                if beats and beats % round(HEARTBEAT / PULSE) == 0:
                    now = self.tables.clock()
                    ids = [c.id for c in self.all_conns()]
                    await run_in_threadpool(self.tables.live.touch, ids, now)
                    await run_in_threadpool(self.tables.live.forget_stale, now - STALE)
            except Exception:
                log.exception("the presence heartbeat failed")
            beats += 1
            await asyncio.sleep(PULSE)

    async def pulse(self) -> None:
        """One pulse: this process is alive; the dead ones' presence goes."""
        live = self.tables.live
        now = self.tables.clock()
        if not await run_in_threadpool(live.pulse, self.process, now):
            await self._present_again(now)  # first pulse, or taken for dead after a stall
        for game_id in await run_in_threadpool(live.reap, now - DEAD):
            self.tables.announce(game_id, "presence")

    async def _present_again(self, now: datetime) -> None:
        """Write this process's sockets' presence rows anew (another process removed them
        when this one's pulse stalled)."""
        conns = self.all_conns()
        for c in conns:
            seat = None if c.watch is not None else c.seat
            await run_in_threadpool(self.tables.live.absent, c.id)
            await run_in_threadpool(
                self.tables.live.present, c.id, c.game_id, seat, now, self.process
            )
        for game_id in {c.game_id for c in conns}:
            self.tables.announce(game_id, "presence")

    def retire(self) -> None:
        """This process stops: its row and its sockets' presence go at once."""
        self.tables.live.retire(self.process)


async def _on(pool: ThreadPoolExecutor, fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` on one of `pool`'s threads, awaited on the running loop."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(pool, functools.partial(fn, *args))
