"""Views: what one seat may know (R9.1), the only way game information leaves the core.

A view holds the seat's own cards, every card played to tricks, face-up offers, scores,
qualifications, eliminations, exchange counts, announcements and whose turn it is; nothing
else — not other hands, the stock, the discards or the seed. Bots, the server and the
terminal all work from views.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from operator import is_
from typing import Final

from chicago.core.cards import Card
from chicago.core.events import Event, event_to_json, visible_to
from chicago.core.rules import RuleProfile
from chicago.core.state import GameState, Phase, Trick


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge of the game at one moment."""

    seat: int
    profile: RuleProfile
    seats: int
    scores: tuple[int, ...]
    qualified: tuple[bool, ...]
    eliminated: tuple[bool, ...]
    winner: int | None
    deal: int
    dealer: int
    phase: Phase
    to_act: int | None
    exchange: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    offer: Card | None
    """A face-up offer waiting for an answer (R2.2), seen by the whole table."""
    caller: int | None
    leader: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    log: tuple[Event, ...]
    """This deal's events as this seat saw them (others' private fields emptied)."""

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat and self.phase is not Phase.FINISHED


def _redact(event: Event, seat: int) -> Event:
    if event.PRIVATE and getattr(event, "seat", None) != seat:
        return _hidden(event)
    return event


HIDDEN_KEPT: Final = 8192
"""Redacted events kept: a deal's log is redacted again for every seat at every version."""


@lru_cache(maxsize=HIDDEN_KEPT)
def _hidden(event: Event) -> Event:
    """The event with its private fields emptied: the same for every seat but its own (an
    event is immutable, so one copy serves every view that shows it)."""
    return replace(event, **{name: () for name in event.PRIVATE})


SEEN_KEPT: Final = 8192
"""Seats' redacted logs kept (`_seen`): four seats at two thousand tables."""

_seen: dict[tuple[int, int], tuple[tuple[Event, ...], tuple[Event, ...]]] = {}
"""The last log each seat was shown, by (seat, the id of the log's first event), with what
that seat saw of it. A deal's log only grows, so a seat's next view redacts only what is new;
the kept log holds its first event, whose id is therefore not another's meanwhile."""


def _seen_log(log: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """What `seat` sees of `log` (R9.1): the events it learns of, others' private fields
    emptied. Each event is redacted once per seat, however many views show it."""
    if not log:
        return ()
    key = (seat, id(log[0]))
    kept = _seen.get(key)
    start: int = 0
    seen: tuple[Event, ...] = ()
    if kept is not None:
        old, was = kept
        if len(old) <= len(log) and all(map(is_, old, log)):  # the same events, and more
            if len(old) == len(log):
                return was
            start, seen = len(old), was
    seen = seen + tuple(_redact(e, seat) for e in log[start:] if visible_to(e, seat))
    if len(_seen) >= SEEN_KEPT:
        _seen.clear()  # a new start costs one redaction a seat; atomic under threads
    _seen[key] = (log, seen)
    return seen


WATCHER: Final = -1
"""The `seat` of a spectator's view (`watch_view`): no seat at the table."""


def view(state: GameState, seat: int) -> PlayerView:
    """What `seat` may know now (R9.1)."""
    if not 0 <= seat < state.seats:
        raise ValueError(f"there is no seat {seat} at this {state.seats}-seat table")
    return _view(state, seat)


def watch_view(state: GameState) -> PlayerView:
    """What someone watching the table without a seat may know now: what every seat may
    know and no hand — what an eliminated player sees (R9.1)."""
    return _view(state, WATCHER)


def _view(state: GameState, seat: int) -> PlayerView:
    playing = state.phase is Phase.PLAY or bool(state.tricks)
    return PlayerView(
        seat=seat,
        profile=state.profile,
        seats=state.seats,
        scores=state.scores,
        qualified=state.qualified,
        eliminated=state.eliminated,
        winner=state.winner,
        deal=state.deal,
        dealer=state.dealer,
        phase=state.phase,
        to_act=state.to_act,
        exchange=state.exchange,
        hand=() if seat == WATCHER else state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        offer=state.offer,
        caller=state.caller,
        leader=state.leader if playing else None,
        trick=state.trick,
        tricks=state.tricks,
        log=_seen_log(state.log, seat),
    )


def view_to_json(v: PlayerView) -> dict[str, object]:
    """The view as JSON for a client: cards as "Ah", enums as their names."""
    return {
        "seat": v.seat,
        "profile": v.profile.id,
        "seats": v.seats,
        "scores": list(v.scores),
        "qualified": list(v.qualified),
        "eliminated": list(v.eliminated),
        "winner": v.winner,
        "status": "finished" if v.phase is Phase.FINISHED else "in_progress",
        "deal": v.deal,
        "dealer": v.dealer,
        "to_act": None
        if v.to_act is None or v.phase is Phase.FINISHED
        else {"seat": v.to_act, "decision": v.phase.value},
        "exchange": v.exchange,
        "hand": [c.text for c in v.hand],
        "hand_sizes": list(v.hand_sizes),
        "offer": v.offer.text if v.offer else None,
        "caller": v.caller,
        "leader": v.leader,
        "trick": [{"seat": s, "card": c.text} for s, c in v.trick],
        "tricks": [
            {
                "leader": t.leader,
                "plays": [{"seat": s, "card": c.text} for s, c in t.plays],
                "winner": t.winner,
            }
            for t in v.tricks
        ],
        "log": [event_to_json(e, v.seat) for e in v.log],
    }
