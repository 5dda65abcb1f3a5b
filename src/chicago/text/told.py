"""A deal's log told again at every version, from where it was told last.

Every table a seat is sent carries the whole deal's story (`log_narration`): one told
event (its parts, `narration.told`) per event of the deal so far, so a page that loads
mid-deal shows the log in the server's words. Within a deal the log only grows, so the
story of version n+1 is the story of version n and the sentences of the events since, told
by a narrator in the state the first ones left it. `Told` keeps, for each (table, seat,
language), the events it last told, their parts and its narrator; it tells only the new
events when the log starts with the ones kept and the narrator would have started as it did
then (the same profile, seats, seat, names and standing), else the whole log again. The
parts are those of `told` over the whole log: a narrator reads nothing but its start and
the events (`Narrator.lines`), and the scores it takes at a deal's end (`deal_scores`) are
history.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Final

from chicago.text.i18n import current_language
from chicago.text.narration import Data, Narrator, told
from chicago.text.parts import Part

KEPT: Final = 4096
"""Stories kept (one per table, seat and language; all forgotten when full).

Kept because the story is told at every version for every seat, and telling a deal's whole
log anew costs several times what turning its events into JSON does; telling on from the
kept story tells only the new events (bench/RESULTS.md, "One narrator")."""


def _copy(narrator: Narrator) -> Narrator:
    """A narrator in the same state that tells on without changing the kept one."""
    return replace(narrator, scores=list(narrator.scores), qualified=list(narrator.qualified),
                   eliminated=list(narrator.eliminated))


class Told:
    """The last story told for each (table, seat, language)."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._kept: dict[Hashable, tuple[Hashable, tuple[Data, ...],
                                         tuple[list[Part], ...], Narrator]] = {}
        self._lock = threading.Lock()
        self.reused = 0
        """Events not told again (for the tests and the bench's curiosity)."""

    def tell(
        self,
        where: Hashable,
        start: Hashable,
        narrator: Callable[[], Narrator],
        log: Sequence[Data],
        deal_scores: Mapping[int, Sequence[int]] | None = None,
    ) -> list[list[Part]]:
        """`told(narrator(), log, deal_scores)`, from the story last told at `where` when
        `log` begins with its events and `start` (what the narrator is made from) is the
        same."""
        key = (where, current_language())
        with self._lock:
            found = self._kept.get(key)
        story: list[list[Part]] = []
        done = 0
        teller: Narrator | None = None
        if found is not None:
            was, events, texts, kept = found
            n = len(events)
            if was == start and n <= len(log) and all(
                a is b or a == b for a, b in zip(events, log, strict=False)
            ):
                teller, story, done = _copy(kept), list(texts), n
        if teller is None:
            teller = narrator()
        story += told(teller, log[done:], deal_scores)
        self.reused += done
        with self._lock:
            if len(self._kept) >= self.size:
                self._kept.clear()
            self._kept[key] = (start, tuple(log), tuple(story), teller)
        return story
