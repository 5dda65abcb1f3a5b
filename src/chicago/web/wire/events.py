"""An event and a view as the API sends them: the core's JSON (`event_to_json`,
`view_to_json`) for one seat, with the deal's log turned into JSON once per event and seat.

Every table a seat is sent holds the whole deal's log (`view.log`), so the same events are
turned into JSON at every version, for every seat. An event is a frozen value: its JSON
for a seat (`event_to_json`, redacted for that seat, R9.1) is the same wherever and
whenever it is asked for, so it is kept, keyed by the event itself (its fields) and the
seat. The texts are shared: nothing that reads them changes them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Final

from chicago.core.events import Event, event_to_json
from chicago.core.views import PlayerView, view_to_json

KEPT: Final = 1 << 16
"""Events kept (a few deals of a few hundred tables' seats; all forgotten when full)."""

_kept: dict[tuple[Event, int], dict[str, object] | None] = {}


def event_json(event: Event, seat: int) -> dict[str, object] | None:
    """`event_to_json(event, seat)`, made once."""
    key = (event, seat)
    try:
        return _kept[key]
    except KeyError:
        pass
    except TypeError:  # an event holding something unhashable: made each time
        return event_to_json(event, seat)
    found = event_to_json(event, seat)
    if len(_kept) >= KEPT:
        _kept.clear()
    _kept[key] = found
    return found


def view_json(v: PlayerView, log: bool = True) -> dict[str, object]:
    """`view_to_json(v)`, its log's events made once each (without `log`: no log at all,
    for a push whose receiver has the deal's log)."""
    out = view_to_json(replace(v, log=()))
    if log:
        out["log"] = [event_json(e, v.seat) for e in v.log]
    else:
        del out["log"]
    return out


def events_json(events: Iterable[Event], seat: int) -> list[dict[str, object]]:
    """The `events` of a `Table`: each redacted for `seat` (R9.1), those it may not see at
    all left out."""
    return [j for j in (event_to_json(e, seat) for e in events) if j is not None]
