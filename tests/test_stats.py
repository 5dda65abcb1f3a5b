"""Statistics (issue 14) of a set of stacked-deck games equal the figures worked out by
hand (tests/stats_games.py gives each game's arithmetic): wins by reason (R4.4), Chicago
calls and their points (R7.1, R7.2), qualification (R7.4), last tricks and with a two
(R6.3), best hands, points per deal and by source; stored per (game, version)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from chicago.store import Owner, Store
from chicago.store.history import HistoryStore
from chicago.table import stats
from chicago.table.history import HistoryService
from chicago.table.service import TableService
from chicago.table.statistics import Statistics
from chicago.table.stats_report import report_text
from stats_games import games

OWNER = Owner("guest", "stats-test")


@pytest.fixture
def stored(tmp_path: Path) -> tuple[TableService, Statistics, list[str]]:
    clock = [datetime(2026, 1, 1, tzinfo=UTC)]

    def now() -> datetime:
        clock[0] += timedelta(hours=1)
        return clock[0]

    service = TableService(Store(f"sqlite:///{tmp_path / 'c.db'}"), clock=now)
    ids = [service.import_file(OWNER, g).id for g in games()]
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
    more = service.import_file(OWNER, games()[1]).id  # one game added: added to the sum
    grown = statistics.totals(OWNER)
    assert (grown.games, grown.wins, grown.points) == (5, 3, first.points + 16)
    assert first.games == 4  # the remembered sum was copied, not changed
    assert grown == Statistics(HistoryService(service.store)).totals(OWNER)  # a full sum
    service.delete(OWNER, more)
    service.delete(OWNER, ids[1])
    assert statistics.totals(OWNER).games == 3  # the deleted games' rows went with them
    monkeypatch.setattr("chicago.table.statistics.METHOD", stats.METHOD + 1)
    assert statistics.build(OWNER) == 3  # a new method computes every game again


def test_csv_has_a_line_per_finished_game(
    stored: tuple[TableService, Statistics, list[str]],
) -> None:
    _service, statistics, ids = stored
    lines = statistics.csv(OWNER).splitlines()
    assert len(lines) == 5
    assert lines[0].startswith("date,game,rules,players")
    assert [line.split(",")[1] for line in lines[1:]] == ids
    assert lines[2].split(",")[5:8] == ["lost", "straight_flush", "16"]
