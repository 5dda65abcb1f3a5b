"""Statistics of a set of stacked-deck games equal the figures worked out by
hand (tests/stats_games.py gives each game's arithmetic): wins by reason (R4.4), Chicago
calls and their points (R7.1, R7.2), qualification (R7.4), last tricks and with a two
(R6.3), best hands, points per deal and by source; stored per (game, version)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from chicago.store import Owner, Store
from chicago.store.history import HistoryStore
from chicago.table.history.games import HistoryService
from chicago.table.statistics import figures as stats
from chicago.table.statistics.report import report_text
from chicago.table.statistics.store import Statistics
from chicago.table.tables.service import TableService
from chicago.text.i18n import use_language
from people_support import seat_people
from stats_games import games

OWNER = Owner("guest", "stats-test")


@pytest.fixture
def stored(tmp_path: Path) -> tuple[TableService, Statistics, list[str]]:
    clock = [datetime(2026, 1, 1, tzinfo=UTC)]

    def now() -> datetime:
        clock[0] += timedelta(hours=1)
        return clock[0]

    service = TableService(Store(f"sqlite:///{tmp_path / 'c.db'}"), clock=now)
    ids = [service.import_file(OWNER, g).table.id for g in games()]
    service.create(OWNER, seats=2, level="easy", seed=5)  # in play: not counted
    service.import_file(Owner("guest", "someone else"), games()[0])
    return service, Statistics(HistoryService(service.store)), ids


def test_totals_equal_the_hand_computed_figures(
    stored: tuple[TableService, Statistics, list[str]],
) -> None:
    _service, statistics, _ids = stored
    t = statistics.totals(OWNER)
    assert (t.games, t.wins) == (4, 3)
    assert dict(t.by_reason) == {"straight_flush": 3}
    assert t.by_profile == {"chicago-gamewide-0.2": [4, 3]}
    assert t.by_seats == {2: [4, 3]}
    assert t.by_level == {"easy": [2, 1], "normal": [1, 1], "hard": [1, 1]}
    assert (t.calls, t.calls_won, t.calls_broken) == (2, 1, 1)
    assert (t.chicago_won_points, t.chicago_lost_points) == (15, 15)
    assert (t.qualified, t.eliminated, t.resets_45) == (2, 0, 0)
    assert t.deals == 7
    assert t.points == 52 + 16 + 52 + 52
    assert t.points_per_deal == pytest.approx(172 / 7)
    assert dict(t.sources) == {"hand": 52 + 6 + 67 + 37, "last_trick": 10, "chicago": 0}
    assert (t.last_tricks, t.last_tricks_two) == (1, 1)
    assert dict(t.best_hands) == {
        "straight flush": 3, "four of a kind": 2, "two pair": 1, "high card": 1,
    }
    assert t.best == (8, "straight flush")
    assert t.win_rate_over_time() == [(1, 1.0), (2, 0.5), (3, 2 / 3), (4, 0.75)]
    text = report_text(t)
    assert "Win rate" in text and "75%" in text and "24.57" in text


def test_per_game_figures_and_score_history(
    stored: tuple[TableService, Statistics, list[str]],
) -> None:
    _service, statistics, ids = stored
    assert {r.game_id for r in statistics.rows(OWNER)} == set(ids)
    rows = {i: statistics.game(OWNER, i).figures for i in ids}  # type: ignore[union-attr]
    g2 = rows[ids[1]]
    assert g2["won"] is False and g2["winner"] == 1 and g2["reason"] == "straight_flush"
    assert g2["history"] == [[16, 0], [16, 52]]
    assert g2["sources"] == {"hand": 6, "last_trick": 10, "chicago": 0}
    assert rows[ids[0]]["history"] == [[52, 0]]


def test_figures_are_stored_per_game_and_version_and_computed_once(
    stored: tuple[TableService, Statistics, list[str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    service, statistics, ids = stored
    assert statistics.build(OWNER) == 4
    assert statistics.build(OWNER) == 0  # stored: nothing to compute again
    db = HistoryStore(service.store)
    assert db.stats_keys(OWNER, stats.METHOD) == {
        (i, service.store.get_game(i).version) for i in ids  # type: ignore[union-attr]
    }
    first = statistics.totals(OWNER)
    assert statistics.totals(OWNER) is first  # unchanged rows: the remembered sum
    more = service.import_file(OWNER, games()[1]).table.id  # one game added: added to the sum
    grown = statistics.totals(OWNER)
    assert (grown.games, grown.wins, grown.points) == (5, 3, first.points + 16)
    assert first.games == 4  # the remembered sum was copied, not changed
    assert grown == Statistics(HistoryService(service.store)).totals(OWNER)  # a full sum
    service.delete(OWNER, more)
    service.delete(OWNER, ids[1])
    assert statistics.totals(OWNER).games == 3  # the deleted games' rows went with them
    monkeypatch.setattr("chicago.table.statistics.store.METHOD", stats.METHOD + 1)
    assert statistics.build(OWNER) == 3  # a new method computes every game again


def test_csv_has_a_line_per_finished_game(
    stored: tuple[TableService, Statistics, list[str]],
) -> None:
    _service, statistics, ids = stored
    lines = statistics.csv(OWNER).splitlines()
    assert len(lines) == 5
    assert lines[0].startswith("date,game,rules,players")
    assert [line.split(",")[1] for line in lines[1:]] == ids
    assert lines[2].split(",")[5:8] == ["lost", "a straight flush", "16"]


def test_the_swedish_csv_splits_by_semicolons_and_says_so(
    stored: tuple[TableService, Statistics, list[str]],
) -> None:
    """Swedish spreadsheets split by `;` (the comma is their decimal mark): the Swedish file
    opens with `sep=;`, and its values are Swedish too (English stays as it was)."""
    _service, statistics, ids = stored
    with use_language("sv"):
        lines = statistics.csv(OWNER).splitlines()
    assert lines[0] == "sep=;" and len(lines) == 6
    assert lines[1].startswith("datum;") and "," not in lines[1]
    assert [line.split(";")[1] for line in lines[2:]] == ids
    assert lines[3].split(";")[5:8] == ["förlorat", "en färgstege", "16"]
    assert not any(word in line for line in lines for word in ("straight", "full house"))


# A table with people: each person's figures at their own seat -------------------------------

ANN = Owner("guest", "ann")
BO = Owner("guest", "bo")


@pytest.fixture
def people(tmp_path: Path) -> tuple[TableService, Statistics, list[str]]:
    """The same four stacked games, each played at a table of two people: Ann (the
    creator) at seat 0, Bo at seat 1."""
    clock = [datetime(2026, 1, 1, tzinfo=UTC)]

    def now() -> datetime:
        clock[0] += timedelta(hours=1)
        return clock[0]

    service = TableService(Store(f"sqlite:///{tmp_path / 'p.db'}"), clock=now)
    ids = [service.import_file(ANN, g).table.id for g in games()]
    for gid in ids:
        seat_people(service.store, gid, [(ANN, "Ann"), (BO, "Bo")])
    return service, Statistics(HistoryService(service.store)), ids


def test_a_table_with_people_counts_for_each_person_at_their_own_seat(
    people: tuple[TableService, Statistics, list[str]],
) -> None:
    """Bo's figures, from seat 1 of the games in tests/stats_games.py, by hand:
    game 1: 0 points, lost, one deal, high card (2c 4d 9s Jc Kd);
    game 2: deal 1 a pair of threes (seat 0's two pair scores, R4.2; seat 0 takes every
    trick), deal 2 Bo's straight flush +52: won by straight flush unqualified (R4.4);
    game 3: deal 1 high card, Bo's As takes trick 1 and breaks Ann's call: +10 (R7.2), the
    deal ends; deal 2 high card, Ann's straight flush wins: 10 points from Chicago, lost;
    game 4: deal 1 a straight 2–6 beaten by Ann's four queens at both stages (R4.2, R4.3),
    Ann's Chicago takes every trick (R7.1); deal 2 high card: 0 points, lost.
    Bo never calls, so is never qualified (R7.4); 7 deals, 62 points."""
    _service, statistics, ids = people
    bo = statistics.totals(BO)
    assert (bo.games, bo.wins) == (4, 1)
    assert dict(bo.by_reason) == {"straight_flush": 1}
    assert bo.by_profile == {"chicago-gamewide-0.2": [4, 1]}
    assert bo.by_seats == {2: [4, 1]}
    assert bo.by_level == {"people": [4, 1]}
    assert (bo.calls, bo.calls_won, bo.calls_broken) == (0, 0, 0)
    assert (bo.chicago_won_points, bo.chicago_lost_points) == (0, 0)
    assert (bo.qualified, bo.eliminated, bo.resets_45) == (0, 0, 0)
    assert (bo.deals, bo.points) == (7, 62)
    assert bo.points_per_deal == pytest.approx(62 / 7)
    assert dict(bo.sources) == {"hand": 52, "last_trick": 0, "chicago": 10}
    assert (bo.last_tricks, bo.last_tricks_two) == (0, 0)
    assert dict(bo.best_hands) == {
        "high card": 4, "one pair": 1, "straight flush": 1, "straight": 1,
    }
    assert bo.best == (8, "straight flush")
    assert bo.win_rate_over_time() == [(1, 0.0), (2, 0.5), (3, 1 / 3), (4, 0.25)]
    g2 = statistics.game(BO, ids[1])
    assert g2 is not None and g2.seat == 1 and g2.figures["won"] is True
    assert g2.figures["history"] == [[16, 0], [16, 52]]

    # Ann, the creator at seat 0: the figures of the first test, against people
    ann = statistics.totals(ANN)
    assert (ann.games, ann.wins, ann.points, ann.deals) == (4, 3, 172, 7)
    assert (ann.calls, ann.calls_won, ann.calls_broken) == (2, 1, 1)
    assert ann.by_level == {"people": [4, 3]}
    assert statistics.totals(Owner("guest", "nobody")).games == 0
    # each person's rows are their own: building one's does not touch the other's
    assert statistics.build(BO) == 0 and statistics.build(ANN) == 0
    assert len(statistics.rows(BO)) == len(statistics.rows(ANN)) == 4


def test_a_restarted_server_reads_the_kept_sum_back(
    stored: tuple[TableService, Statistics, list[str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The sum is kept in the database with its fingerprint: a new process reads it instead
    of adding up every game again, and sums again once the games change."""
    service, statistics, ids = stored
    first = statistics.totals(OWNER)
    restarted = Statistics(HistoryService(service.store))

    def no_full_sum(*_args: object) -> None:
        raise AssertionError("every row read again")

    with monkeypatch.context() as m:
        m.setattr(HistoryStore, "stats", no_full_sum)
        assert restarted.totals(OWNER) == first
    service.delete(OWNER, ids[0])
    again = Statistics(HistoryService(service.store)).totals(OWNER)
    assert (again.games, again.wins, again.points) == (3, 2, first.points - 52)


def test_each_persons_csv_gives_their_own_final_score(
    people: tuple[TableService, Statistics, list[str]],
) -> None:
    _service, statistics, _ids = people
    column = statistics.csv(BO).splitlines()[0].split(",").index("your final score")
    bo = [line.split(",")[column] for line in statistics.csv(BO).splitlines()[1:]]
    ann = [line.split(",")[column] for line in statistics.csv(ANN).splitlines()[1:]]
    assert bo == ["0", "52", "10", "0"]  # games 1–4 from seat 1, as worked out above
    assert ann == ["52", "16", "52", "52"]
