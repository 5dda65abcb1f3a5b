"""One seat's table as JSON text, made once and shared by everyone who needs that text.

After a commit the acting person's request answers with their seat's `LiveTable`, and every
process's hub sends each connected seat its own (R9.1): the same text for every connection
of one seat in one language (a push continuing the deal its socket has leaves the log out,
so after a POST the actor's sockets get that, not the answer's whole table). `Renders`
keeps the recent texts keyed by everything a text is made from — the table and its
version, the row's `updated` time, the seat, the events since the version the receiver had,
the language, the live part (seats, invitation, timer, deadline, notes, who is connected)
and whether the deal's log is left out (`base`: a push continuing the receiver's deal) — so
a hit is the very text a fresh rendering would give. A version is committed history (no
process can change what version n holds), so the key never names a state that another
process has moved past: a newer commit is a new version, read from the database, and a new
key.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import fields
from typing import Any, Final

import orjson

from chicago.table.tables.live import LiveView
from chicago.text.i18n import current_language

LiveJson = Callable[[LiveView, set[int]], dict[str, Any]]
_LIVE_FIELDS: Final = tuple(f.name for f in fields(LiveView) if f.name != "table")

SIZE: Final = 1024
"""Texts kept (a few per recent action: one per seat and language)."""


def dumps(value: Any) -> str:
    """JSON text, as `json.dumps` would give it (UTF-8, no spaces), several times faster."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class Renders:
    """Recent `LiveTable` texts by seat, version, events and language."""

    def __init__(self, live_json: LiveJson, size: int = SIZE) -> None:
        self.live_json = live_json
        self.size = size
        self._texts: OrderedDict[Hashable, str] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(v: LiveView, connected: set[int]) -> Hashable:
        """Everything the text of `v` depends on, in the current language: of the `Table`,
        what is not fixed by the table's id, version and the seat (its view, history,
        profile and seed are), and every field of the live part."""
        t = v.table
        live = tuple(getattr(v, name) for name in _LIVE_FIELDS)
        return (
            t.id, t.version, t.updated, t.levels, t.legal, t.events, t.base, current_language(),
            frozenset(connected), live,
        )

    def body(self, v: LiveView, connected: set[int]) -> str:
        """The `LiveTable` of `v` (an HTTP answer's body)."""
        key = self.key(v, connected)
        with self._lock:
            text = self._texts.get(key)
            if text is not None:
                self._texts.move_to_end(key)
                self.hits += 1
                return text
        text = dumps(self.live_json(v, connected))
        with self._lock:
            self.misses += 1
            self._texts[key] = text
            while len(self._texts) > self.size:
                self._texts.popitem(last=False)
        return text

    def message(self, v: LiveView, connected: set[int]) -> str:
        """The socket's message: `{"type": "table", ...LiveTable}`."""
        return '{"type":"table",' + self.body(v, connected)[1:]
