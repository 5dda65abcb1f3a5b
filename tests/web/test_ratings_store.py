"""People's ratings in the store (migration 0010) and rating a finished game through it:
a game is rated exactly once, asked twice or by two processes at once; two games sharing a
person at once lose neither update; bots count at their fixed ratings and guests as unknown
opponents; a person's rating, history and the leaderboard; a deleted account's rating goes.

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
Two `Store`s on one database stand for two server processes: each has its own engine and
its own in-process write lock.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from test_api_support import fresh_database_url

from chicago.bots import make_bot
from chicago.core.game import Game
from chicago.core.rules import DEFAULT_PROFILE
from chicago.core.state import GameState
from chicago.store import Store
from chicago.store.ratings import Figures, RatingStep, RatingStore, Update
from chicago.table.arena.games import play_game
from chicago.table.ratings.bots import BOT_RATINGS
from chicago.table.ratings.game import places, rate_game
from chicago.table.ratings.glicko import Rating
from chicago.table.ratings.service import START, Bot, Guest, Person, rate_finished

NOW = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


@pytest.fixture
def stores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Store, Store]]:
    """Two stores (two processes) on one fresh database."""
    monkeypatch.setenv("CHICAGO_SQLITE_SYNCHRONOUS", "NORMAL")
    url = fresh_database_url(tmp_path)
    first = Store(url)
    second = Store(url, apply_migrations=False)
    yield first, second
    first.close()
    second.close()


def accounts(store: Store, *names: str) -> list[int]:
    made = [store.create_account(n, n.lower(), "hash", NOW) for n in names]
    return [a.id for a in made if a is not None]


def finished(seats: int, seed: int = 7) -> GameState:
    """A finished game of easy bots (its standing is what matters here)."""
    result = play_game([make_bot("easy") for _ in range(seats)], seed=seed)
    assert result.finished
    return result.game.state


def unfinished() -> GameState:
    return Game.new(DEFAULT_PROFILE, 3, 5).state


def simple_update(stored: Mapping[int, Figures]) -> dict[int, Figures]:
    """Each person gains ten points from where they were."""
    return {a: (f[0] + 10, 300.0, 0.06) for a, f in stored.items()}


def held(update: Update, entered: threading.Event, release: threading.Event) -> Update:
    """`update`, waiting inside the transaction until released."""

    def slow(stored: Mapping[int, Figures]) -> Mapping[int, Figures]:
        entered.set()
        assert release.wait(10)
        return update(stored)

    return slow


def race(first: Callable[[], object], second: Callable[[], object],
         entered: threading.Event, release: threading.Event) -> list[object]:
    """`first` (holding its transaction open in a held update) against `second` started
    meanwhile; both results."""
    results: list[object] = [None, None]

    def run(k: int, call: Callable[[], object]) -> None:
        results[k] = call()

    a = threading.Thread(target=run, args=(0, first))
    a.start()
    assert entered.wait(10)
    b = threading.Thread(target=run, args=(1, second))
    b.start()
    time.sleep(0.3)  # the second reaches the database and waits there
    release.set()
    a.join(20)
    b.join(20)
    assert not a.is_alive() and not b.is_alive()
    return results


def test_a_game_is_rated_once_however_often_it_is_asked(stores: tuple[Store, Store]) -> None:
    store, _ = stores
    ratings = RatingStore(store)
    ann, bo = accounts(store, "Ann", "Bo")
    state = finished(3)
    seats = [Person(ann), Bot("normal"), Person(bo)]
    steps = rate_finished(ratings, "g1", seats, state, NOW)
    assert steps is not None and [s.account_id for s in steps] == sorted([ann, bo])
    assert all(s.before == START for s in steps)  # a first game starts from 1500/350/0.06
    assert ratings.is_rated("g1")
    again = rate_finished(ratings, "g1", seats, state, NOW + timedelta(minutes=1))
    assert again is None
    for step in steps:
        now = ratings.rating_of(step.account_id)
        assert now is not None and now.games == 1 and now.figures == step.after
        assert ratings.history(step.account_id) == [step]


def test_two_processes_rating_one_game_at_once_rate_it_once(
    stores: tuple[Store, Store],
) -> None:
    one, two = (RatingStore(s) for s in stores)
    (ann,) = accounts(stores[0], "Ann")
    entered, release = threading.Event(), threading.Event()
    results = race(
        lambda: one.rate_game("g1", [ann], held(simple_update, entered, release), NOW, START),
        lambda: two.rate_game("g1", [ann], simple_update, NOW, START),
        entered, release,
    )
    assert results[1] is None and isinstance(results[0], list)
    stored = one.rating_of(ann)
    assert stored is not None and stored.games == 1 and stored.rating == 1510
    assert len(one.history(ann)) == 1


@pytest.mark.parametrize("rated_before", [False, True])
def test_two_games_sharing_a_person_at_once_lose_no_update(
    stores: tuple[Store, Store], rated_before: bool
) -> None:
    """The game committed second is rated from the first's result, whether the person had
    a rating row before (it is locked) or both games would make it (the later insert fails
    and that game is rated again: on PostgreSQL the held game may then come second)."""
    one, two = (RatingStore(s) for s in stores)
    (ann,) = accounts(stores[0], "Ann")
    if rated_before:
        assert one.rate_game("g0", [ann], simple_update, NOW, START) is not None
    start = 1510 if rated_before else 1500
    entered, release = threading.Event(), threading.Event()
    results = race(
        lambda: one.rate_game("g1", [ann], held(simple_update, entered, release), NOW, START),
        lambda: two.rate_game("g2", [ann], simple_update, NOW + timedelta(seconds=1), START),
        entered, release,
    )
    first, second = results
    assert isinstance(first, list) and isinstance(second, list)
    assert isinstance(first[0], RatingStep) and isinstance(second[0], RatingStep)
    step1, step2 = sorted([first[0], second[0]], key=lambda step: step.after[0])
    assert step1.before[0] == start and step1.after[0] == start + 10
    assert step2.before == step1.after and step2.after[0] == start + 20
    assert {step1.game_id, step2.game_id} == {"g1", "g2"}
    stored = one.rating_of(ann)
    assert stored is not None and stored.rating == start + 20
    assert stored.games == 2 + rated_before


def test_bots_count_at_their_fixed_ratings_and_guests_as_unknown(
    stores: tuple[Store, Store],
) -> None:
    store, _ = stores
    ratings = RatingStore(store)
    ann, bo = accounts(store, "Ann", "Bo")
    assert ratings.rate_game("g0", [bo], simple_update, NOW, START) is not None  # Bo: 1510/300
    state = finished(4, seed=11)
    seats = [Bot("hard"), Person(ann), Guest(), Person(bo)]
    steps = rate_finished(ratings, "g1", seats, state, NOW + timedelta(hours=1))
    assert steps is not None
    assert state.winner is not None
    expected = rate_game(
        [BOT_RATINGS["hard"], Rating(), Rating(), Rating(1510, 300, 0.06)],
        places(state.scores, state.eliminated, state.winner),
    )
    got = {s.account_id: s.after for s in steps}
    assert got[ann] == (expected[1].rating, expected[1].rd, expected[1].volatility)
    assert got[bo] == (expected[3].rating, expected[3].rd, expected[3].volatility)
    assert steps[[s.account_id for s in steps].index(bo)].before == (1510, 300, 0.06)
    # a game of guests and bots only has nobody to rate, and is not marked rated
    assert rate_finished(ratings, "g2", [Guest(), Bot("easy")], finished(2), NOW) == []
    assert not ratings.is_rated("g2")


def test_history_newest_first_and_the_leaderboard(stores: tuple[Store, Store]) -> None:
    store, _ = stores
    ratings = RatingStore(store)
    ann, bo, cy = accounts(store, "Ann", "Bo", "Cy")

    def to(rating: float, rd: float) -> Update:
        return lambda stored: dict.fromkeys(stored, (rating, rd, 0.06))

    ratings.rate_game("g1", [ann], to(1600, 200), NOW, START)
    ratings.rate_game("g2", [ann, bo], to(1650, 90), NOW + timedelta(minutes=1), START)
    ratings.rate_game("g3", [cy], to(1700, 300), NOW + timedelta(minutes=2), START)
    ratings.rate_game("g4", [bo], to(1550, 80), NOW + timedelta(minutes=3), START)
    history = ratings.history(ann)
    assert [h.game_id for h in history] == ["g2", "g1"]
    assert history[0].before == history[1].after == (1600, 200, 0.06)
    assert history[1].before == START  # the first game: from the start
    assert ratings.history(ann, limit=1) == history[:1]

    board = ratings.leaderboard()
    assert [(r.username, r.rating, r.games) for r in board] == [
        ("Cy", 1700, 1), ("Ann", 1650, 2), ("Bo", 1550, 2)]
    assert [r.username for r in ratings.leaderboard(2)] == ["Cy", "Ann"]
    assert [r.username for r in ratings.leaderboard(min_games=2)] == ["Ann", "Bo"]
    assert [r.username for r in ratings.leaderboard(max_rd=85)] == ["Bo"]

    store.delete_account(ann)
    assert ratings.rating_of(ann) is None and ratings.history(ann) == []
    assert [r.username for r in ratings.leaderboard()] == ["Cy", "Bo"]
    assert ratings.is_rated("g2")  # Bo's part of it stays


def test_bad_requests_are_refused_and_change_nothing(stores: tuple[Store, Store]) -> None:
    store, _ = stores
    ratings = RatingStore(store)
    ann, bo = accounts(store, "Ann", "Bo")
    state = finished(3)
    with pytest.raises(ValueError, match="has not ended"):
        rate_finished(ratings, "g1", [Person(ann), Guest(), Guest()], unfinished(), NOW)
    with pytest.raises(ValueError, match="2 seats given for a 3-seat game"):
        rate_finished(ratings, "g1", [Person(ann), Guest()], state, NOW)
    with pytest.raises(ValueError, match="no rating for the bot level"):
        rate_finished(ratings, "g1", [Person(ann), Bot("expert"), Guest()], state, NOW)
    with pytest.raises(ValueError, match="listed twice"):
        rate_finished(ratings, "g1", [Person(ann), Person(ann), Guest()], state, NOW)
    with pytest.raises(ValueError, match="not for its people"):
        ratings.rate_game(
            "g1", [ann, bo], lambda stored: {ann: (1500, 300, 0.06)}, NOW, START
        )
    with pytest.raises(ValueError, match="1 to 1000"):
        ratings.leaderboard(0)
    with pytest.raises(ValueError, match="1 to 1000"):
        ratings.history(ann, limit=5000)
    assert not ratings.is_rated("g1")
    assert ratings.rating_of(ann) is None and ratings.history(ann) == []

