"""Reading and writing the tables: plain values in, plain values out (no ORM objects leak).

Appending actions to a game bumps its version in the same transaction with
`UPDATE games SET version = new WHERE id = ? AND version = old`: of two requests made
against the same version, only one can change a row, and the other learns it from the row
count (the (game_id, idx) primary key of `actions` is a second guard).

On SQLite, one process's writes take turns on an in-process lock (so threads never sleep in
SQLite's busy handler), and appends are **group-committed**: the thread that gets the lock
commits every append queued so far in one transaction, so one fsync of the WAL makes a whole
batch durable. Each append keeps its own version guard, so a batch never lets a stale one
through. PostgreSQL commits each append on its own (it batches WAL flushes itself).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal, cast

from sqlalchemy import Table, bindparam, delete, func, insert, or_, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from chicago.store.accounts import GONE_KEY, AccountRecords
from chicago.store.db import default_database_url, make_engine, migrate
from chicago.store.models import (
    Account,
    Game,
    GameAction,
    GameStats,
    LiveTable,
    PlayerRating,
    QuickEntry,
    RatingChange,
    Review,
    ShareLink,
    SigninFailure,
    StatsTotals,
    TableSeat,
    UTCDateTime,
)
from chicago.store.models import Session as SessionRow
from chicago.store.turns import LiveTurn, write_turn

OwnerKind = Literal["guest", "account"]


@dataclass(frozen=True, slots=True)
class Owner:
    """Who a game belongs to: a guest (by the hash of its cookie) or an account (by id)."""

    kind: OwnerKind
    id: str


RELEASED: Final = Owner("guest", "")
"""The owner of a finished table with people whose creator deleted it from their history
while others who sat there keep it: no guest's cookie hashes to the empty string, so no
request is this owner and the game is in nobody's saved games."""


@dataclass(frozen=True, slots=True)
class Summary:
    """What the list of saves shows of a game, rewritten with every append."""

    status: str
    winner: int | None
    deal: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameRow:
    id: str
    owner: Owner
    setup: dict[str, Any]
    profile_id: str
    seats: int
    levels: tuple[str | None, ...]
    version: int
    summary: Summary
    created: datetime
    updated: datetime
    imported: bool = False
    """Made from a game file (whose deals may have been stacked), not dealt here."""
    sealed_until: datetime | None = None
    """Until then the seed and every card outside the player's view stay hidden (a day's
    deal: others may still be playing the same cards)."""

    def sealed(self, now: datetime) -> bool:
        return self.sealed_until is not None and now < self.sealed_until


NOTIFY_CHANNEL: Final = "chicago_tables"
"""The PostgreSQL channel on which commits of tables with people are announced: the payload
names the table and its version, never a card."""


@dataclass(slots=True)
class _Append:
    """One queued append, done when a group commit has decided it."""

    game_id: str
    version: int
    actions: Sequence[dict[str, Any]]
    summary: Summary
    now: datetime
    decided_by: str | None = None
    live: LiveTurn | None = None
    done: bool = False
    ok: bool = False
    error: BaseException | None = None


_GAMES: Final = cast(Table, Game.__table__)
_ACTIONS: Final = cast(Table, GameAction.__table__)
# The statements of every request, built once (their compiled forms are cached).
_GET_GAME: Final = select(_GAMES).where(_GAMES.c.id == bindparam("b_id"))
_BUMP_VERSION: Final = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("b_id"), _GAMES.c.version == bindparam("b_old"))
    .values(
        version=bindparam("b_new"),
        status=bindparam("b_status"),
        winner=bindparam("b_winner"),
        deal=bindparam("b_deal"),
        scores=bindparam("b_scores"),
        updated=bindparam("b_updated", type_=UTCDateTime()),
    )
)
_INSERT_ACTIONS: Final = insert(_ACTIONS)
_LIVE: Final = cast(Table, LiveTable.__table__)
_SEATS: Final = cast(Table, TableSeat.__table__)
_NOTIFY: Final = text("SELECT pg_notify(:b_channel, :b_payload)")


def _action_rows(
    game_id: str,
    start: int,
    actions: Sequence[dict[str, Any]],
    now: datetime,
    decided_by: str | None = None,
) -> list[dict[str, Any]]:
    return [
        {"game_id": game_id, "idx": start + i, "seat": a["seat"], "action": _dumps(a),
         "created": now, "decided_by": decided_by}
        for i, a in enumerate(actions)
    ]


def _game_row(g: Any) -> GameRow:
    """A GameRow from a `games` row (ORM object or Core row: the same attribute names)."""
    return GameRow(
        id=g.id,
        owner=Owner("account" if g.owner_kind == "account" else "guest", g.owner_id),
        setup=json.loads(g.setup),
        profile_id=g.profile_id,
        seats=g.seats,
        levels=tuple(json.loads(g.levels)),
        version=g.version,
        summary=Summary(g.status, g.winner, g.deal, tuple(json.loads(g.scores))),
        created=g.created,
        updated=g.updated,
        imported=bool(g.imported),
        sealed_until=g.sealed_until,
    )


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Store(AccountRecords):
    """The saves and accounts in one database; migrations are applied when it opens."""

    def __init__(self, url: str | None = None, *, apply_migrations: bool = True) -> None:
        self.url = url or default_database_url()
        self.engine: Engine = make_engine(self.url)
        if apply_migrations:
            migrate(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._sqlite = self.engine.dialect.name == "sqlite"
        self._write_lock: AbstractContextManager[Any] = (
            threading.Lock() if self._sqlite else nullcontext()
        )
        self._pending: list[_Append] = []
        self._pending_lock = threading.Lock()

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        """One trivial query: raises if the database cannot answer (the health check)."""
        with self.engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with self._sessions() as session:
            yield session

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with self._write_lock, self._sessions() as session, session.begin():
            yield session

    # Games ------------------------------------------------------------------------------

    def insert_game(
        self, row: GameRow, actions: Sequence[dict[str, Any]], now: datetime
    ) -> None:
        """Store a new game and its first actions in one transaction."""
        with self._write() as s:
            self._add_game(s, row, actions, now)

    @staticmethod
    def _add_game(
        s: Session, row: GameRow, actions: Sequence[dict[str, Any]], now: datetime
    ) -> None:
        s.add(
            Game(
                id=row.id,
                owner_kind=row.owner.kind,
                owner_id=row.owner.id,
                setup=_dumps(row.setup),
                profile_id=row.profile_id,
                seats=row.seats,
                levels=_dumps(list(row.levels)),
                version=row.version,
                status=row.summary.status,
                winner=row.summary.winner,
                deal=row.summary.deal,
                scores=_dumps(list(row.summary.scores)),
                created=row.created,
                updated=row.updated,
                imported=row.imported,
                sealed_until=row.sealed_until,
            )
        )
        s.flush()
        if actions:
            s.execute(insert(_ACTIONS), _action_rows(row.id, 0, actions, now))

    def get_game(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(_GET_GAME, {"b_id": game_id}).first()
        return None if row is None else _game_row(row)

    def list_games(self, owner: Owner, limit: int = 200) -> list[GameRow]:
        """The owner's games, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(_GAMES)
                .where(_GAMES.c.owner_kind == owner.kind, _GAMES.c.owner_id == owner.id)
                .order_by(_GAMES.c.created.desc(), _GAMES.c.id)
                .limit(limit)
            ).all()
        return [_game_row(g) for g in rows]

    def count_games(self, owner: Owner) -> int:
        with self.engine.connect() as conn:
            n = conn.scalar(
                select(func.count())
                .select_from(_GAMES)
                .where(_GAMES.c.owner_kind == owner.kind, _GAMES.c.owner_id == owner.id)
            )
        return int(n or 0)

    def actions(self, game_id: str, upto: int, start: int = 0) -> list[dict[str, Any]]:
        """Actions `start` to `upto` (excluded) of a game, in order, in their game-file form."""
        with self.engine.connect() as conn:
            texts = conn.scalars(
                select(_ACTIONS.c.action)
                .where(
                    _ACTIONS.c.game_id == game_id,
                    _ACTIONS.c.idx >= start,
                    _ACTIONS.c.idx < upto,
                )
                .order_by(_ACTIONS.c.idx)
            ).all()
        return [json.loads(t) for t in texts]

    def append_actions(
        self,
        game_id: str,
        version: int,
        actions: Sequence[dict[str, Any]],
        summary: Summary,
        now: datetime,
        *,
        decided_by: str | None = None,
        live: LiveTurn | None = None,
    ) -> bool:
        """Append actions to a game at `version` and bump its version, in one transaction,
        committed (durable) before this returns.

        With `live` (a table with people) the same transaction records who is to act and
        when a decision is due, and on PostgreSQL announces the commit on NOTIFY_CHANNEL
        (delivered only if it commits). False (and nothing written) when the game is no
        longer at `version` or is gone.
        """
        op = _Append(game_id, version, actions, summary, now, decided_by, live)
        if not self._sqlite:
            self._commit([op])
        else:
            with self._pending_lock:
                self._pending.append(op)
            with self._write_lock:
                if not op.done:  # else an earlier holder of the lock committed it with its own
                    with self._pending_lock:
                        batch, self._pending = self._pending, []
                    self._commit(batch)
        if op.error is not None:
            raise op.error
        return op.ok

    def _commit(self, batch: list[_Append]) -> None:
        """Commit a batch of appends in one transaction, each under its version guard; if
        that fails, each on its own, so that one bad append cannot sink the others."""
        try:
            with self.engine.begin() as conn:
                results = [self._apply(conn, op) for op in batch]
        except Exception as e:
            if len(batch) > 1:
                for op in batch:
                    self._commit([op])
                return
            # a duplicate (game_id, idx): another process appended first
            results = [False]
            if not isinstance(e, IntegrityError):
                batch[0].error = e
        for op, ok in zip(batch, results, strict=True):
            op.ok = ok
            op.done = True

    @staticmethod
    def _apply(conn: Connection, op: _Append) -> bool:
        result = conn.execute(
            _BUMP_VERSION,
            {
                "b_id": op.game_id,
                "b_old": op.version,
                "b_new": op.version + len(op.actions),
                "b_status": op.summary.status,
                "b_winner": op.summary.winner,
                "b_deal": op.summary.deal,
                "b_scores": _dumps(list(op.summary.scores)),
                "b_updated": op.now,
            },
        )
        if result.rowcount != 1:
            return False
        if op.actions:
            conn.execute(
                _INSERT_ACTIONS,
                _action_rows(op.game_id, op.version, op.actions, op.now, op.decided_by),
            )
        if op.live is not None:
            # the UPDATE above holds the game row's lock: a hand-over waits for this commit
            write_turn(conn, op.game_id, op.live.to_act, op.now, op.live.timing)
            if conn.dialect.name == "postgresql":
                payload = f"{op.game_id} {op.version + len(op.actions)}"
                conn.execute(_NOTIFY, {"b_channel": NOTIFY_CHANNEL, "b_payload": payload})
        return True

    def delete_game(
        self, game_id: str, owner: Owner
    ) -> Literal["deleted", "missing", "playing"]:
        """Delete a game from the owner's games: "missing" when they have none of that id;
        "playing" (and nothing deleted) for a table with people not yet over, whose other
        people would lose the game they are playing.

        A finished table with people leaves the deleter's history only: the others who sat
        there keep it, with its replay, its backup and their own figures. The deleter's seat
        keeps its name but no longer names them, and a creator who deletes it gives the
        game up (`RELEASED`), so it is no longer in their saved games either. The game
        itself goes with the last person who had it."""
        with self._write() as s:
            game = s.execute(
                select(Game.status, Game.owner_kind, Game.owner_id)
                .where(Game.id == game_id)
                .with_for_update()
            ).first()
            if game is None:
                return "missing"
            mine = (game.owner_kind, game.owner_id) == (owner.kind, owner.id)
            holders = s.execute(
                select(_SEATS.c.owner_kind, _SEATS.c.owner_id).where(
                    _SEATS.c.game_id == game_id, _SEATS.c.owner_id.is_not(None)
                )
            ).all()
            people = s.scalar(select(func.count()).select_from(_SEATS).where(
                _SEATS.c.game_id == game_id
            ))
            seated = any((h.owner_kind, h.owner_id) == (owner.kind, owner.id) for h in holders)
            if not mine and not seated:
                return "missing"
            if people and game.status != "finished":
                return "playing"
            others = {(h.owner_kind, h.owner_id) for h in holders} - {(owner.kind, owner.id)}
            if not mine and (game.owner_kind, game.owner_id) != (RELEASED.kind, RELEASED.id):
                others.add((game.owner_kind, game.owner_id))
            if not others:
                s.execute(delete(GameAction).where(GameAction.game_id == game_id))
                s.execute(delete(Game).where(Game.id == game_id))
                return "deleted"
            self._leave_history(s, game_id, owner, mine)
        return "deleted"

    def _leave_tables(self, s: Session, owner: Owner) -> None:
        """Before an account goes with its games: every table with people where someone
        else still has a seat stays theirs. A finished one leaves only the account's
        history (as `delete_game`); at one still played a bot takes the account's seat for
        good, as when a person leaves, and a table the account created is given up."""
        mine = (_SEATS.c.owner_kind == owner.kind, _SEATS.c.owner_id == owner.id)
        sat = select(_SEATS.c.game_id).where(*mine)
        created = select(Game.id).where(
            Game.owner_kind == owner.kind, Game.owner_id == owner.id,
            Game.id.in_(select(_SEATS.c.game_id)),
        )
        for game_id, status in s.execute(
            select(Game.id, Game.status).where(or_(Game.id.in_(sat), Game.id.in_(created)))
        ).all():
            shared = s.scalar(select(func.count()).select_from(_SEATS).where(
                _SEATS.c.game_id == game_id, _SEATS.c.owner_id.is_not(None),
                or_(_SEATS.c.owner_kind != owner.kind, _SEATS.c.owner_id != owner.id),
            ))
            if not shared:
                continue  # the account's alone: it goes with the account
            if status == "finished":
                creator = s.scalar(select(func.count()).select_from(Game).where(
                    Game.id == game_id, Game.owner_kind == owner.kind,
                    Game.owner_id == owner.id))
                self._leave_history(s, game_id, owner, bool(creator))
                continue
            s.execute(
                update(_SEATS).where(_SEATS.c.game_id == game_id, *mine)
                .values(away=True, has_left=True)
                .execution_options(synchronize_session=False)
            )
            s.execute(
                update(Game)
                .where(Game.id == game_id, Game.owner_kind == owner.kind,
                       Game.owner_id == owner.id)
                .values(owner_kind=RELEASED.kind, owner_id=RELEASED.id)
                .execution_options(synchronize_session=False)
            )

    @staticmethod
    def _leave_history(s: Session, game_id: str, owner: Owner, mine: bool) -> None:
        """The game leaves `owner`'s history and figures, and stays the others'."""
        theirs = (_SEATS.c.owner_kind == owner.kind, _SEATS.c.owner_id == owner.id)
        seats = s.scalars(
            select(_SEATS.c.seat).where(_SEATS.c.game_id == game_id, *theirs)
        ).all()
        s.execute(
            update(_SEATS)
            .where(_SEATS.c.game_id == game_id, *theirs)
            .values(owner_kind=None, owner_id=None)
            .execution_options(synchronize_session=False)
        )
        if seats:
            s.execute(delete(Review).where(Review.game_id == game_id, Review.seat.in_(seats)))
        if mine:  # the creator's share link was theirs to give: it stops working
            s.execute(
                update(Game)
                .where(Game.id == game_id)
                .values(owner_kind=RELEASED.kind, owner_id=RELEASED.id)
                .execution_options(synchronize_session=False)
            )
            s.execute(delete(ShareLink).where(ShareLink.game_id == game_id))
        s.execute(delete(GameStats).where(
            GameStats.game_id == game_id,
            GameStats.owner_kind == owner.kind, GameStats.owner_id == owner.id,
        ))
        s.execute(delete(StatsTotals).where(
            StatsTotals.owner_kind == owner.kind, StatsTotals.owner_id == owner.id
        ))

    def claim(self, guest: Owner, account: Owner) -> int:
        """A guest's games and table seats become the account's, in one transaction (the
        figures follow; both sums are made again): the number of games moved. A seat at a
        table where the account already sits stays the guest's (one person, one seat)."""
        with self._write() as s:
            moved = s.execute(
                update(Game)
                .where(Game.owner_kind == guest.kind, Game.owner_id == guest.id)
                .values(owner_kind=account.kind, owner_id=account.id)
                .execution_options(synchronize_session=False)
            ).rowcount  # type: ignore[attr-defined]
            sits = select(_SEATS.c.game_id).where(
                _SEATS.c.owner_kind == account.kind, _SEATS.c.owner_id == account.id
            )
            s.execute(
                update(_SEATS)
                .where(
                    _SEATS.c.owner_kind == guest.kind,
                    _SEATS.c.owner_id == guest.id,
                    _SEATS.c.game_id.not_in(sits.scalar_subquery()),
                )
                .values(owner_kind=account.kind, owner_id=account.id)
                .execution_options(synchronize_session=False)
            )
            self._claim_presses(s, guest, account)
            s.execute(
                update(GameStats)
                .where(GameStats.owner_kind == guest.kind, GameStats.owner_id == guest.id)
                .values(owner_kind=account.kind, owner_id=account.id)
                .execution_options(synchronize_session=False)
            )
            for who in (guest, account):
                s.execute(delete(StatsTotals).where(
                    StatsTotals.owner_kind == who.kind, StatsTotals.owner_id == who.id
                ))
        return int(moved)

    @staticmethod
    def _claim_presses(s: Session, guest: Owner, account: Owner) -> None:
        """The guest's presses of quick play become the account's (its seat there moved
        with the seats); a guest still waiting while the account waits too stops waiting
        (one waiting press a person)."""
        def of(who: Owner) -> Any:
            return (QuickEntry.owner_kind == who.kind) & (QuickEntry.owner_id == who.id)

        waiting = select(QuickEntry.id).where(of(account), QuickEntry.state == "waiting")
        if s.scalar(waiting) is not None:
            s.execute(
                update(QuickEntry).where(of(guest), QuickEntry.state == "waiting")
                .values(state="left").execution_options(synchronize_session=False)
            )
        s.execute(
            update(QuickEntry).where(of(guest))
            .values(owner_kind=account.kind, owner_id=account.id)
            .execution_options(synchronize_session=False)
        )

    # Deleting an account ------------------------------------------------------------------

    def delete_account(self, account_id: int) -> int:
        """Delete an account with all its games (and their actions), its sessions, its rating
        and rating history, and the failed sign-ins recorded for its name, in one
        transaction: the games deleted.

        The account's row stays behind emptied (no name, no password, a key no typed name
        can be: `GONE_KEY`), so that its id is never handed out again: SQLite gives a new
        row the highest id + 1, and a new account must not inherit the seats and history
        that other people's tables keep under the old id."""
        owner_id = str(account_id)
        with self._write() as s:
            account = s.get(Account, account_id)
            if account is None or account.username_key.startswith(GONE_KEY):
                return 0
            me = Owner("account", owner_id)
            owned = (Game.owner_kind == "account", Game.owner_id == owner_id)
            n = int(s.scalar(select(func.count()).select_from(Game).where(*owned)) or 0)
            self._leave_tables(s, me)
            s.execute(  # nobody is seated for an account that is gone
                update(QuickEntry)
                .where(QuickEntry.owner_kind == "account", QuickEntry.owner_id == owner_id,
                       QuickEntry.state == "waiting")
                .values(state="left").execution_options(synchronize_session=False)
            )
            games = select(Game.id).where(*owned)
            s.execute(delete(GameAction).where(GameAction.game_id.in_(games)))
            s.execute(delete(Game).where(*owned))
            s.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            s.execute(delete(PlayerRating).where(PlayerRating.account_id == account_id))
            s.execute(delete(RatingChange).where(RatingChange.account_id == account_id))
            s.execute(
                delete(SigninFailure).where(SigninFailure.username_key == account.username_key)
            )
            s.execute(
                update(Account)
                .where(Account.id == account_id)
                .values(username="", username_key=f"{GONE_KEY}{account_id}", password_hash="",
                        language=None)
                .execution_options(synchronize_session=False)
            )
        return n
