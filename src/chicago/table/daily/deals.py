"""The day's deal as a service: today's game for a player, their result, the board, the par.

Every player gets the same game: four seats under the house rules, the player in seat 0, the
three hard computer players in the others, dealt from the day's seed (drawn once, by whichever
process asks first, and never sent: R9.1). The bots decide from their own view with the
stream seeded by (seed, seat, action index), so the same decisions by the player give the
same game card for card. A player's first attempt of the day counts; later ones are practice.
Each attempt's game is sealed until the day closes (its seed, backup, replay of others' cards
and share link stay hidden), since others may still be playing the same cards.

The day's par is the hard computer's own game in seat 0 on the same cards, played once per day
in the background by whichever process claims it.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, Final

from chicago.bots import HARD
from chicago.core import record
from chicago.core.events import Event
from chicago.core.game import Game
from chicago.core.rules import DEFAULT_PROFILE
from chicago.store import GameRow, Owner, Summary
from chicago.store.daily import DailyStore
from chicago.store.history import HistoryStore
from chicago.table.arena.games import play_game
from chicago.table.daily.board import Result, place_of, ranked, result_of
from chicago.table.daily.day import closes_at, day_of, is_open
from chicago.table.daily.marks import deal_marks
from chicago.table.errors import NotFound
from chicago.table.history.games import hash_share_token
from chicago.table.tables.core import MAX_SEED, Table
from chicago.table.tables.service import TableService

log = logging.getLogger("chicago.table.daily")

SEATS: Final = 4
LEVEL: Final = HARD
PAR_STALE: Final = timedelta(minutes=15)
"""A par claimed longer ago than this by a process that never finished it is played again."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Attempt:
    """One game on a day's deal, as its player sees it listed."""

    game_id: str
    day: date
    practice: bool
    finished: bool
    result: Result | None
    marks: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardLine:
    place: int
    name: str
    result: Result
    mine: bool
    friend: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Day:
    """Today's deal for one player: the board, their attempts and where they stand."""

    day: date
    closes: datetime
    board: tuple[BoardLine, ...]
    attempts: tuple[Attempt, ...]
    place: int | None
    """Where the player's counting attempt stands (a guest's: where it would stand)."""
    par: Attempt | None
    replay: str | None = None
    """The day's replay (the par's game, every card shown) once the day has closed."""


class DailyDeals:
    """The day's deal of one store, played through the one table service."""

    def __init__(self, service: TableService, store: DailyStore,
                 clock: Callable[[], datetime] | None = None) -> None:
        self.service = service
        self.store = store
        self.clock = clock or service.clock
        self._par_threads: dict[str, threading.Thread] = {}

    def today(self) -> date:
        return day_of(self.clock())

    def _seed(self, day: date) -> int:
        return self.store.seed_of(day.isoformat(), secrets.randbelow(MAX_SEED + 1), self.clock())

    def play(self, owner: Owner) -> tuple[Table, bool]:
        """A new attempt at today's deal for `owner`: the game, and whether it is practice
        (the owner already has an attempt today)."""
        day = self.today()
        earlier = self.store.attempts(owner, day.isoformat())
        table = self.service.create(
            owner, seats=SEATS, level=LEVEL, profile=DEFAULT_PROFILE.id, seed=self._seed(day),
            sealed_until=closes_at(day),
        ).table
        self.store.add_attempt(table.id, day.isoformat(), self.clock())
        self.start_par(day)
        return table, bool(earlier)

    def sealed(self, game_id: str) -> bool:
        """Whether a stored game's cards are still sealed (a day's deal before midnight)."""
        row = self.service.store.get_game(game_id)
        return row is not None and row.sealed(self.clock())

    # Reading ------------------------------------------------------------------------------

    def _attempt(self, row: GameRow, cached: dict[str, Any] | None, day: date,
                 practice: bool) -> Attempt:
        """The attempt with its result: worked out by replay once the game is finished, then
        kept with the attempt (a finished game never changes)."""
        finished = row.summary.status == "finished"
        if not finished:
            return Attempt(game_id=row.id, day=day, practice=practice, finished=False,
                           result=None, marks=())
        if cached is None:
            marks = deal_marks(_events_of(self.service, row), 0)
            winner = row.summary.winner if row.summary.winner is not None else -1
            res = result_of(row.id, row.summary.scores, winner, len(marks), row.updated)
            cached = _result_json(res, marks)
            self.store.set_result(row.id, cached)
        return _attempt_of(cached, row.id, day, practice)

    def attempt(self, owner: Owner, game_id: str) -> Attempt:
        """One of the owner's attempts; NotFound for any other game."""
        day_text = self.store.day_of_game(game_id) if len(game_id) <= 64 else None
        if day_text is None:
            raise NotFound()
        attempts = self.store.attempts(owner, day_text)
        for i, a in enumerate(attempts):
            if a.game.id == game_id:
                return self._attempt(a.game, a.result, date.fromisoformat(day_text), i > 0)
        raise NotFound()

    def day(self, owner: Owner, day: date | None = None) -> Day:
        """Today's board (or an earlier day's) as `owner` reads it."""
        day = day or self.today()
        key = day.isoformat()
        friends = self.store.companions(owner)
        rows = {r.game.id: r for r in self.store.board(key)}
        results = [a.result for r in rows.values()
                   if (a := self._attempt(r.game, r.result, day, False)).result is not None]
        lines = tuple(
            BoardLine(place=place, name=rows[res.game_id].name, result=res,
                      mine=rows[res.game_id].game.owner == owner,
                      friend=rows[res.game_id].account_id in friends)
            for place, res in ranked(results)
        )
        mine = tuple(self._attempt(a.game, a.result, day, i > 0)
                     for i, a in enumerate(self.store.attempts(owner, key)))
        place: int | None = None
        if mine and mine[0].result is not None:
            me = mine[0].result
            own = next((line.place for line in lines if line.result.game_id == me.game_id), None)
            place = own if own is not None else place_of(me, [line.result for line in lines])
        return Day(day=day, closes=closes_at(day), board=lines, attempts=mine, place=place,
                   par=self.par(day), replay=self.replay_link(day))

    # The par ------------------------------------------------------------------------------

    def par(self, day: date) -> Attempt | None:
        raw = self.store.par(day.isoformat())
        return None if raw is None else _attempt_of(raw, "par", day, False)

    def start_par(self, day: date) -> None:
        """Play the day's par in the background unless it is played or being played."""
        key = day.isoformat()
        running = self._par_threads.get(key)
        if running is not None and running.is_alive():
            return
        now = self.clock()
        if self.store.par(key) is not None or not self.store.claim_par(key, now, now - PAR_STALE):
            return
        thread = threading.Thread(target=self._play_par_quietly, args=(day,),
                                  name=f"par-{key}", daemon=True)
        self._par_threads[key] = thread
        thread.start()

    def _play_par_quietly(self, day: date) -> None:
        """The par in the background: a nicety, so a failure is logged (and the claim goes
        stale, for another process to try again), never raised into the server."""
        try:
            self.play_par(day)
        except Exception:
            log.exception("the day's par of %s could not be played", day)

    def play_par(self, day: date) -> dict[str, Any]:
        """The hard computer in seat 0 against the day's bots, on the day's cards."""
        seed = self._seed(day)
        game = Game.new(DEFAULT_PROFILE, SEATS, seed)
        bots = [self.service.bot(LEVEL) for _ in range(SEATS)]
        played = play_game(bots, game=game)
        state = played.game.state
        marks = deal_marks(played.game.events, 0)
        winner = state.winner if state.winner is not None else -1
        par = _result_json(result_of("par", state.scores, winner, len(marks), self.clock()),
                           marks)
        par["replay_token"] = self._keep_par_game(played.game, day)
        self.store.set_par(day.isoformat(), par)
        return par

    def _keep_par_game(self, game: Game, day: date) -> str:
        """Store the par's game, sealed like every attempt, and a share link to it: the day's
        replay, which the day's page names once the day has closed (and not before)."""
        now = self.clock()
        setup = record.dump(game)
        actions = setup.pop("actions")
        row = GameRow(
            id=secrets.token_urlsafe(12), owner=Owner("guest", f"daily-par:{day.isoformat()}"),
            setup=setup, profile_id=game.setup.profile.id, seats=game.setup.seats,
            levels=(None,) + (LEVEL,) * (SEATS - 1), version=len(game.actions),
            summary=Summary(status="finished", winner=game.state.winner, deal=game.state.deal,
                            scores=tuple(game.state.scores)),
            created=now, updated=now, sealed_until=closes_at(day),
        )
        self.service.store.insert_game(row, actions, now)
        token = secrets.token_urlsafe(24)
        HistoryStore(self.service.store).set_share(row.id, hash_share_token(token), now)
        return token

    def replay_link(self, day: date) -> str | None:
        """The day's replay (the par's game, every card open) once the day has closed."""
        raw = self.store.par(day.isoformat())
        if raw is None or "replay_token" not in raw or is_open(day, self.clock()):
            return None
        return f"/shared/{raw['replay_token']}"


def _events_of(service: TableService, row: GameRow) -> list[Event]:
    """Every event of a stored game, from its start (the deal marks need them all)."""
    actions = service.store.actions(row.id, row.version)
    return list(record.replay(record.parse({**row.setup, "actions": actions})).events)


def _result_json(res: Result, marks: list[str]) -> dict[str, Any]:
    return {"won": res.won, "deals": res.deals, "margin": res.margin, "marks": marks,
            "finished": res.finished.astimezone(UTC).isoformat()}


def _attempt_of(raw: dict[str, Any], game_id: str, day: date, practice: bool) -> Attempt:
    result = Result(game_id=game_id, won=bool(raw["won"]), deals=int(raw["deals"]),
                    margin=int(raw["margin"]),
                    finished=datetime.fromisoformat(str(raw["finished"])))
    return Attempt(game_id=game_id, day=day, practice=practice, finished=True, result=result,
                   marks=tuple(str(m) for m in raw["marks"]))
