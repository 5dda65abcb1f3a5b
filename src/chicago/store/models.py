"""The tables: accounts, sessions, sign-in failures, sign-up attempts, games and their actions.

A game row holds its setup (the game file without actions), its owner and a summary for the
list of saves; its actions are one row each, keyed by (game_id, index). The state of a game
is never stored: it is rebuilt by replaying setup + actions (docs/design.md principle 7).
Timestamps are stored as naive UTC and read back as aware UTC on every database.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    false,
    text,
    true,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime, stored without a zone (SQLite has none) and read back aware."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("UTCDateTime needs an aware datetime")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else value.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass


class Account(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(32))
    username_key: Mapped[str] = mapped_column(String(32), unique=True)
    """The username in lower case: names differing only in case are the same account."""
    password_hash: Mapped[str] = mapped_column(String(255))
    """argon2id, in the PHC string form argon2-cffi writes."""
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    language: Mapped[str | None] = mapped_column(String(8), nullable=True, default=None)
    """The language the player chose for the site ("sv", "en"); None: the browser's."""


class Session(Base):
    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    """sha256 of the cookie's random token, in hex: the token itself is never stored."""
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    expires: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class SigninFailure(Base):
    """A failed sign-in: the name tried and the client address, kept FAILURE_WINDOW."""

    __tablename__ = "signin_failures"
    __table_args__ = (Index("ix_signin_failures_name_client", "username_key", "client"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username_key: Mapped[str] = mapped_column(String(64), index=True)
    client: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class SignupAttempt(Base):
    """A sign-up attempt from a client address, kept SIGNUP_WINDOW (per-address throttle)."""

    __tablename__ = "signup_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    client: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class Game(Base):
    __tablename__ = "games"
    __table_args__ = (Index("ix_games_owner", "owner_kind", "owner_id", "created"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner_kind: Mapped[str] = mapped_column(String(8))
    """"guest" or "account"."""
    owner_id: Mapped[str] = mapped_column(String(64))
    """For a guest, sha256 of its cookie token (hex); for an account, its id."""
    setup: Mapped[str] = mapped_column(Text)
    """The game file (chicago-game/1) without actions, as JSON: profile, seats, seed, ..."""
    profile_id: Mapped[str] = mapped_column(Text)
    seats: Mapped[int] = mapped_column(Integer)
    levels: Mapped[str] = mapped_column(Text)
    """JSON list, one per seat: null for seat 0, then the opponents' bot levels."""
    version: Mapped[int] = mapped_column(Integer)
    """The number of actions stored: every accepted action bumps it by one."""
    status: Mapped[str] = mapped_column(String(16))
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    deal: Mapped[int] = mapped_column(Integer)
    scores: Mapped[str] = mapped_column(Text)
    """JSON list of the scores now (for the list of saves)."""
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    updated: Mapped[datetime] = mapped_column(UTCDateTime())
    imported: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    """Made from a game file: its deals may have been stacked (docs/game-file.md `deals`)."""
    sealed_until: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """Until then the seed and every card outside the player's view stay hidden (the day's
    deal: others may still be playing the same cards)."""


class GameAction(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    """The action in its game-file form (docs/game-file.md), as JSON."""
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    decided_by: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """At a table with people: "timer" (a bot decided when time ran out), "away" (the seat
    was handed to a bot), else null (the seat's own player or bot)."""


class ShareLink(Base):
    """A read-only link to a finished game's replay; the token itself is never stored."""

    __tablename__ = "share_links"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    """sha256 of the link's random token, in hex."""
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), index=True, unique=True
    )
    created: Mapped[datetime] = mapped_column(UTCDateTime())


class Review(Base):
    """The coach's review of a finished game for one seat's player: a background job,
    resumable, made once."""

    __tablename__ = "reviews"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The seat whose decisions are reviewed (0 unless the game is a table with people)."""
    version: Mapped[int] = mapped_column(Integer)
    """The game's version (number of actions) reviewed."""
    method: Mapped[int] = mapped_column(Integer)
    """The review method's version: a review by an older method is made again."""
    status: Mapped[str] = mapped_column(String(16))
    """queued, running, done or failed."""
    done: Mapped[int] = mapped_column(Integer)
    """Decisions reviewed so far (a resumed job starts after them)."""
    total: Mapped[int] = mapped_column(Integer)
    marks: Mapped[str] = mapped_column(Text)
    """JSON list of the marks found so far."""
    heartbeat: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    """Last sign of life of the worker: a running job without one for a while is resumed."""
    created: Mapped[datetime] = mapped_column(UTCDateTime())


class GameStats(Base):
    """One game's figures for one of its players (its owner at seat 0, or a person at a
    table with people at their seat), computed by replay, keyed by version."""

    __tablename__ = "game_stats"
    __table_args__ = (Index("ix_game_stats_owner", "owner_kind", "owner_id"),)

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    method: Mapped[int] = mapped_column(Integer)
    """The statistics method's version: figures from an older one are computed again."""
    owner_kind: Mapped[str] = mapped_column(String(8))
    owner_id: Mapped[str] = mapped_column(String(64))
    played: Mapped[datetime] = mapped_column(UTCDateTime())
    """When the game was created (for the win rate over time)."""
    figures: Mapped[str] = mapped_column(Text)
    """JSON object of the game's figures (chicago.table.statistics.figures.game_figures),
    without the scores deal by deal, which only a game's chart reads."""
    scores: Mapped[str] = mapped_column(Text)
    """JSON list of every seat's scores at the end of each deal."""


class StatsTotals(Base):
    """An owner's statistics added up over every figures row, with the fingerprint of the
    rows it covers: a restarted server reads it back instead of adding up every game."""

    __tablename__ = "stats_totals"

    owner_kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    owner_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    method: Mapped[int] = mapped_column(Integer)
    mark: Mapped[str] = mapped_column(Text)
    """JSON of the fingerprint of the rows summed (chicago.store.history.stats_fingerprint)."""
    totals: Mapped[str] = mapped_column(Text)
    """JSON of the sum (chicago.table.statistics.figures.Totals.to_json)."""


class LiveTable(Base):
    """A table with people: its invitation, pace, turn timer, and when a decision is due."""

    __tablename__ = "live_tables"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(8))
    """"open" (people sit down) or "playing"."""
    watch_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    timer: Mapped[int] = mapped_column(Integer)
    """Seconds a person has for a decision (0: no timer)."""
    pace_ms: Mapped[int] = mapped_column(Integer)
    """How long a bot waits before it acts, so people can follow."""
    to_act: Mapped[int | None] = mapped_column(Integer, nullable=True)
    due: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True, index=True)
    """When the server must decide for the seat to act (a bot's turn, an away seat, a
    time-out, a rematch's deadline); null when it waits for a person without a timer."""
    again_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The rematch of this finished table (made by the first "play again")."""
    again_deadline: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """On a rematch: when the seats of people who have not accepted become bots and the
    game starts."""
    rated: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    """A rated game (migration 0012): a quick-play table, whose people were matched by the
    server; its finished game goes into their ratings."""
    listed: Mapped[bool] = mapped_column(Boolean, server_default=false(), default=False)
    """Listed among the open tables (migration 0012): anyone may take a free seat before the
    start, without an invitation. Kept after the start: strangers may have sat down, so the
    chat stays the quick phrases."""


class TableInvite(Base):
    """Every invitation a table has had (migration 0009): looked up by the sha256 of its
    token or by its code; the token itself is kept only while the invitation works, so
    that the creator's page can show the link again."""

    __tablename__ = "table_invites"
    __table_args__ = (
        Index("ix_table_invites_game", "game_id"),
        Index("ix_table_invites_code", "code"),
        Index(
            "uq_table_invites_active_code", "code", unique=True,
            sqlite_where=text("state = 'active'"), postgresql_where=text("state = 'active'"),
        ),
    )

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    code: Mapped[str] = mapped_column(String(8))
    state: Mapped[str] = mapped_column(String(8))
    """"active", or why it no longer works: "renewed", "revoked", "started"."""
    created: Mapped[datetime] = mapped_column(UTCDateTime())


class TableSeat(Base):
    __tablename__ = "table_seats"
    __table_args__ = (Index("ix_table_seats_owner", "owner_kind", "owner_id"),)

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """"person" or "bot"."""
    owner_kind: Mapped[str | None] = mapped_column(String(8), nullable=True)
    owner_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Who sits there (as Game.owner_*); null for a free seat or a bot."""
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    away: Mapped[bool] = mapped_column(Boolean)
    """The person handed the seat to a bot for now."""
    accepted: Mapped[bool] = mapped_column(Boolean, server_default=true())
    """False: a rematch's seat kept for its person, who has not pressed "play again"."""
    has_left: Mapped[bool] = mapped_column(Boolean, server_default=false())
    """The person left the table: a bot plays the seat for good (the name stays)."""


class TableChat(Base):
    __tablename__ = "table_chat"
    __table_args__ = (Index("ix_table_chat_game", "game_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
    created: Mapped[datetime] = mapped_column(UTCDateTime())


class TablePresence(Base):
    """One open WebSocket of a table (any process); `seen` is refreshed while it lives."""

    __tablename__ = "table_presence"

    conn: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seen: Mapped[datetime] = mapped_column(UTCDateTime())
    process: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    """The server process holding the socket (`LiveProcess`); None: rows from before 0007."""


class LiveProcess(Base):
    """A server process serving table sockets: `seen` is its pulse (every second). When it
    stops, another process removes it and its sockets' presence rows."""

    __tablename__ = "live_processes"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seen: Mapped[datetime] = mapped_column(UTCDateTime())


class PlayerRating(Base):
    """A person's rating (migration 0010): only accounts are rated, never guests nor bots
    (the bots' ratings are fixed, in chicago.table.ratings.bots)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_rating", "rating"),)

    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    """The rating deviation: how uncertain the rating is."""
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    """Rated games played."""
    updated: Mapped[datetime] = mapped_column(UTCDateTime())


class RatingChange(Base):
    """What one rated game did to one person's rating (migration 0010)."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_account", "account_id", "at"),)

    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    """Not a foreign key: the history outlives a game deleted from someone's saves."""
    rating_before: Mapped[float] = mapped_column(Float)
    rd_before: Mapped[float] = mapped_column(Float)
    volatility_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    rd_after: Mapped[float] = mapped_column(Float)
    volatility_after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class RatedGame(Base):
    """A game whose ratings were updated (migration 0010): its primary key is what makes a
    game rated once, whoever asks and however often."""

    __tablename__ = "rated_games"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class DailyDeal(Base):
    """One Swedish day's deal: its seed, drawn once, and the hard computer's game on it."""

    __tablename__ = "daily_deals"

    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    """The Swedish calendar day, "2026-12-06"."""
    seed: Mapped[int] = mapped_column(BigInteger)
    par: Mapped[str | None] = mapped_column(Text, nullable=True)
    """JSON of the hard computer's result in seat 0 (the day's par), once played."""
    par_claimed: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    """When a process began playing the par (another waits unless this is stale)."""
    created: Mapped[datetime] = mapped_column(UTCDateTime())


class DailyAttempt(Base):
    """A game played on a day's deal; its owner is the player."""

    __tablename__ = "daily_attempts"
    __table_args__ = (Index("ix_daily_attempts_day", "day", "created"),)

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    day: Mapped[str] = mapped_column(String(10))
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    """JSON of the finished game's result and deal marks, worked out once when first read."""


class QuickEntry(Base):
    """One press of quick play (migration 0012): a person waiting for a table of `seats` at
    `profile_id`, then seated at `game_id` or gone. Kept after seating or leaving, so that the
    presses of the last minute can be counted (the rate limit) in any process."""

    __tablename__ = "quick_queue"
    __table_args__ = (
        Index("ix_quick_queue_match", "state", "seats", "profile_id", "created"),
        Index("ix_quick_queue_due", "state", "deadline"),
        Index("ix_quick_queue_owner", "owner_kind", "owner_id", "created"),
        Index(
            "uq_quick_queue_waiting", "owner_kind", "owner_id", unique=True,
            sqlite_where=text("state = 'waiting'"), postgresql_where=text("state = 'waiting'"),
        ),
    )

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner_kind: Mapped[str] = mapped_column(String(8))
    owner_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(40))
    seats: Mapped[int] = mapped_column(Integer)
    profile_id: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(String(8))
    """"waiting", "seated" or "left" (one waiting entry per person: the unique index)."""
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    deadline: Mapped[datetime] = mapped_column(UTCDateTime())
    """`created` + the longest wait: when the oldest waiting entry's group starts with bots."""
    game_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=True
    )
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)


class OpenSit(Base):
    """A seat a person took at a listed open table (migration 0013): counted for the limit
    on seats taken a minute, in whichever process the person is served."""

    __tablename__ = "open_sits"
    __table_args__ = (Index("ix_open_sits_owner", "owner_kind", "owner_id", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    owner_kind: Mapped[str] = mapped_column(String(8))
    owner_id: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(UTCDateTime())
