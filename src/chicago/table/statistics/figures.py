"""A player's figures: one finished game's by replay (`game_figures`), many games' totals.

The player is seat 0 of their own game, or their own seat at a table with people (below:
"seat 0"). Everything is read from the game's events and states as the engine made them,
so the figures are the rules' own (R4 awards, R6.3 last trick, R7 Chicago, R8 the end of
the game, R2.4 the 45+ reset):

- points by source: hand awards (hand, four of a kind, straight and royal flush, a straight
  flush counted as a Chicago), the last trick, and Chicago (won, broken — negative — and
  breaking another's call);
- the best hand seat 0 held in each deal: the highest five-card value of its hand at any
  moment before the first trick.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final

from chicago.core.events import (
    ChicagoBroken,
    ChicagoCalled,
    ChicagoWon,
    DealEnded,
    DealStarted,
    GameWon,
    PointsAwarded,
    ScoreReset,
)
from chicago.core.hands import category_of, hand_value
from chicago.core.state import Phase
from chicago.table.history.replay import PLAYER, Replay

METHOD: Final = 1
"""The figures' version: stored figures of another version are computed again."""
PEOPLE: Final = "people"
"""The opponents' "level" where people sat (a table with people)."""

SOURCES: Final = {
    "hand": "hand", "quads": "hand", "straight_flush": "hand", "royal_flush": "hand",
    "auto_chicago": "hand", "last_trick": "last_trick", "last_trick_two": "last_trick",
    "chicago": "chicago", "chicago_broken": "chicago", "chicago_breaker": "chicago",
}
REASONS: Final = ("target", "straight_flush", "royal_flush", "last_standing")
_BEFORE_TRICKS: Final = (Phase.EXCHANGE, Phase.OFFER, Phase.QUADS, Phase.CHICAGO)


def opponents_level(levels: Sequence[str | None], seat: int = PLAYER) -> str:
    """The opponents' level: theirs if they all share it, else "mixed" (`levels` of a table
    with people name its people's seats PEOPLE)."""
    found = {x or "?" for k, x in enumerate(levels) if k != seat}
    return found.pop() if len(found) == 1 else "mixed"


def game_figures(
    replay: Replay, levels: Sequence[str | None], profile: str, seat: int = PLAYER
) -> dict[str, Any]:
    """The seat's figures in one game (a plain JSON object, stored per game, seat and
    version)."""
    final = replay.final
    sources = {"hand": 0, "last_trick": 0, "chicago": 0}
    out: dict[str, Any] = {
        "seat": seat, "profile": profile, "target": final.profile.target, "seats": final.seats,
        "opponents": opponents_level(levels, seat),
        "won": final.winner == seat, "winner": final.winner, "reason": None,
        "scores": list(final.scores), "deals": 0, "points": 0,
        "calls": 0, "calls_won": 0, "calls_broken": 0,
        "chicago_won_points": 0, "chicago_lost_points": 0,
        "qualified": bool(final.qualified[seat]), "eliminated": bool(final.eliminated[seat]),
        "resets_45": 0, "last_tricks": 0, "last_tricks_two": 0,
        "best_hands": {}, "history": [],
    }
    best_by_deal: dict[int, int] = {}
    now = [0] * final.seats
    for k, events in enumerate(replay.events):
        for e in events:
            if isinstance(e, DealStarted) and seat in e.seats:
                out["deals"] += 1
            elif isinstance(e, PointsAwarded):
                now[e.seat] = e.score
                if e.seat == seat:
                    _award(out, sources, e)
            elif isinstance(e, ScoreReset):
                now[e.seat] = 0
                if e.seat == seat and e.reason == "high_score":
                    out["resets_45"] += 1
            elif isinstance(e, ChicagoCalled) and e.seat == seat:
                out["calls"] += 1
            elif isinstance(e, ChicagoWon) and e.seat == seat:
                out["calls_won"] += 1
            elif isinstance(e, ChicagoBroken) and e.caller == seat:
                out["calls_broken"] += 1
            elif isinstance(e, DealEnded):
                out["history"].append(list(now))
            elif isinstance(e, GameWon):
                out["reason"] = e.reason
                out["history"].append(list(now))  # the deal the game ended in
        state = replay.states[k]
        hand = state.hands[seat]
        if len(hand) == 5 and (state.phase in _BEFORE_TRICKS or (
                state.phase is Phase.PLAY and not state.tricks and not state.trick)):
            value = hand_value(hand)
            if value > best_by_deal.get(state.deal, -1):
                best_by_deal[state.deal] = value
    out["sources"] = sources
    best = Counter(category_of(v).words for v in best_by_deal.values())
    out["best_hands"] = dict(best)
    out["best"] = category_of(max(best_by_deal.values())).words if best_by_deal else None
    out["best_rank"] = int(category_of(max(best_by_deal.values()))) if best_by_deal else -1
    return out


def _award(out: dict[str, Any], sources: dict[str, int], e: PointsAwarded) -> None:
    out["points"] += e.points
    sources[SOURCES.get(e.reason, "hand")] += e.points
    if e.reason == "chicago":
        out["chicago_won_points"] += e.points
    elif e.reason == "chicago_broken":
        out["chicago_lost_points"] -= e.points
    elif e.reason in ("last_trick", "last_trick_two"):
        out["last_tricks"] += 1
        out["last_tricks_two"] += e.reason == "last_trick_two"


# Totals ---------------------------------------------------------------------------------------

_COUNTS: Final = (
    "games", "wins", "calls", "calls_won", "calls_broken", "chicago_won_points",
    "chicago_lost_points", "qualified", "eliminated", "resets_45", "deals", "points",
    "last_tricks", "last_tricks_two",
)


@dataclass
class Totals:
    """Many games' figures added up (every rate is over games, every average over deals)."""

    games: int = 0
    wins: int = 0
    by_reason: Counter[str] = field(default_factory=Counter)
    by_profile: dict[str, list[int]] = field(default_factory=dict)
    by_seats: dict[int, list[int]] = field(default_factory=dict)
    by_level: dict[str, list[int]] = field(default_factory=dict)
    calls: int = 0
    calls_won: int = 0
    calls_broken: int = 0
    chicago_won_points: int = 0
    chicago_lost_points: int = 0
    qualified: int = 0
    eliminated: int = 0
    resets_45: int = 0
    best_hands: Counter[str] = field(default_factory=Counter)
    best: tuple[int, str] | None = None
    deals: int = 0
    points: int = 0
    last_tricks: int = 0
    last_tricks_two: int = 0
    sources: Counter[str] = field(default_factory=Counter)
    timeline: list[tuple[datetime, bool]] = field(default_factory=list)
    """(when played, won) of every game, oldest first."""

    def add(self, played: datetime, f: dict[str, Any]) -> None:
        won = bool(f["won"])
        self.games += 1
        self.wins += won
        if won and f["reason"]:
            self.by_reason[f["reason"]] += 1
        for table, key in ((self.by_profile, f["profile"]), (self.by_level, f["opponents"])):
            row = table.setdefault(key, [0, 0])
            row[0] += 1
            row[1] += won
        seats = self.by_seats.setdefault(int(f["seats"]), [0, 0])
        seats[0] += 1
        seats[1] += won
        for name in ("calls", "calls_won", "calls_broken", "chicago_won_points",
                     "chicago_lost_points", "resets_45", "deals", "points", "last_tricks",
                     "last_tricks_two"):
            setattr(self, name, getattr(self, name) + int(f[name]))
        self.qualified += bool(f["qualified"])
        self.eliminated += bool(f["eliminated"])
        self.best_hands.update(f["best_hands"])
        if f["best"] is not None and (self.best is None or f["best_rank"] > self.best[0]):
            self.best = (int(f["best_rank"]), str(f["best"]))
        self.sources.update(f["sources"])
        self.timeline.append((played, won))

    def to_json(self) -> dict[str, Any]:
        """A plain JSON object (kept in the database so a restarted server need not add up
        every game again); `from_json` reads it back equal."""
        return {
            **{name: getattr(self, name) for name in _COUNTS},
            "by_reason": dict(self.by_reason), "by_profile": self.by_profile,
            "by_seats": [[k, v] for k, v in self.by_seats.items()],
            "by_level": self.by_level, "best_hands": dict(self.best_hands),
            "best": None if self.best is None else list(self.best),
            "sources": dict(self.sources),
            "timeline": [[when.isoformat(), int(won)] for when, won in self.timeline],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Totals:
        best = data["best"]
        return cls(
            **{name: int(data[name]) for name in _COUNTS},
            by_reason=Counter(data["by_reason"]), by_profile=data["by_profile"],
            by_seats={int(k): v for k, v in data["by_seats"]}, by_level=data["by_level"],
            best_hands=Counter(data["best_hands"]),
            best=None if best is None else (int(best[0]), str(best[1])),
            sources=Counter(data["sources"]),
            timeline=[(datetime.fromisoformat(w), bool(x)) for w, x in data["timeline"]],
        )

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def points_per_deal(self) -> float:
        return self.points / self.deals if self.deals else 0.0

    def rate(self, n: int) -> float:
        return n / self.games if self.games else 0.0

    def win_rate_over_time(self, points: int = 100) -> list[tuple[int, float]]:
        """(games so far, win rate so far), at most `points` of them, the last included."""
        n = len(self.timeline)
        if n == 0:
            return []
        step = max(1, -(-n // points))
        out = []
        wins = 0
        for i, (_, won) in enumerate(self.timeline, 1):
            wins += won
            if i % step == 0 or i == n:
                out.append((i, wins / i))
        return out


def totals(rows: Iterable[tuple[datetime, dict[str, Any]]]) -> Totals:
    t = Totals()
    for played, figures in rows:
        t.add(played, figures)
    return t
