"""The table page of a table with people and of a watch link carries its first state, as the
single player's does (docs/web-table.md, "Loading"): exactly what the API answers the same
requester, their own seat's view only (R9.1), so the first frame needs no round trip; a
requester without a seat, or a link that opens nothing, gets the empty shell.

Runs on SQLite, or on PostgreSQL with CHICAGO_TEST_DATABASE_URL (scripts/postgres-test).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from live_support import act_for, friends_table, tables_of
from test_api_support import Player, hidden_from
from test_pages import card_tokens, embedded_table

pytestmark = [pytest.mark.unsynced, pytest.mark.quick_bots]


def page_of(player: Player, path: str) -> tuple[str, Any]:
    """A table page's source and the first state it carries (None: a 404 page that says
    the address opens nothing for this reader)."""
    r = player.get(path)
    assert r.status_code in (200, 404), r.text
    if r.status_code == 404:
        assert "Page not found" in r.text and embedded_table(r.text) is None
        return r.text, None
    # Revalidated on every visit, kept by this browser alone (R9.1).
    assert r.headers["cache-control"] == "private, no-cache"
    return r.text, embedded_table(r.text)


def test_a_seats_page_carries_that_seats_view_and_nothing_else(app: Any) -> None:
    """R9.1: at the start and after moves, each person's page holds what the API answers
    them, and none of the cards the others hold or the stock; a stranger's holds nothing."""
    ann, bo, cy = Player(app), Player(app), Player(app)
    people = [ann, bo, cy]
    game_id, _ = friends_table(ann, [bo, cy], seats=4, bots=1)
    path = f"/tables/{game_id}"
    # Before the start: the seats, nothing dealt (the API's answer, as it is).
    _, first = page_of(bo, path)
    assert first == bo.get(f"/api/tables/{game_id}").json()
    assert first["view"]["hand"] == [] and first["live"]["status"] == "open"
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    tables, rng = tables_of(app), random.Random(5)
    for _ in range(8):  # at the start and after some moves
        state = tables.state_of(game_id)
        for seat, person in enumerate(people):
            source, first = page_of(person, path)
            assert first == person.get(f"/api/tables/{game_id}").json()
            assert first["live"]["you"] == seat and first["view"]["seat"] == seat
            assert not card_tokens(source) & hidden_from(state, seat), seat
            for other in range(state.seats):  # no other seat's hand, however it was read
                if other != seat:
                    assert not card_tokens(source) & {c.text for c in state.hands[other]}
        table = ann.get(f"/api/tables/{game_id}").json()
        seat = table["view"]["to_act"]["seat"]
        if seat < len(people):
            mine = people[seat].get(f"/api/tables/{game_id}").json()
            assert act_for(people[seat], game_id, mine, rng.choice(mine["legal"])).status_code \
                == 200
        else:
            assert tables.step(game_id)
    stranger = Player(app)
    source, first = page_of(stranger, path)
    assert first is None and not card_tokens(source)
    assert stranger.get(f"/api/tables/{game_id}").status_code == 404
    assert embedded_table(page_of(ann, "/tables/no-such-table")[0]) is None


def test_a_watch_page_carries_the_spectators_view(app: Any) -> None:
    """R9.1: the watch page holds what `GET /api/watch/{token}` answers, no one's hand; a
    renewed link's page is the empty shell (its script says the link is dead)."""
    ann, bo = Player(app), Player(app)
    game_id, _ = friends_table(ann, [bo], seats=3, bots=1)
    assert ann.post(f"/api/tables/{game_id}/start").status_code == 200
    token = ann.post(f"/api/tables/{game_id}/watch").json()["token"]
    spectator = Player(app)
    for _try in range(50):  # the table's bot may move meanwhile: read the page between two
        answered = spectator.get(f"/api/watch/{token}").json()  # equal answers of the API
        source, first = page_of(spectator, f"/watch/{token}")
        if spectator.get(f"/api/watch/{token}").json() == answered:
            break
    assert first == answered
    assert first["view"]["hand"] == [] and first["live"]["watching"] is True
    state = tables_of(app).state_of(game_id)
    hands = {c.text for hand in state.hands for c in hand} | {c.text for c in state.stock}
    assert hands and not card_tokens(source) & hands
    ann.post(f"/api/tables/{game_id}/watch")  # a new link: the old one opens nothing
    source, first = page_of(spectator, f"/watch/{token}")
    assert first is None and not card_tokens(source)
