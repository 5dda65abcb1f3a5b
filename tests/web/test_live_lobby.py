"""The lobby's tables with friends ("continue on another device"): GET
/api/tables lists every table where the requester has a seat, open, in play and finished;
an account's list is the same on every device; the saved solo games leave them out."""

from __future__ import annotations

from typing import Any

import pytest
from live_support import friends_table
from test_api_support import Player

pytestmark = [pytest.mark.unsynced, pytest.mark.quick_bots]


def listed(player: Player) -> list[dict[str, Any]]:
    r = player.get("/api/tables")
    assert r.status_code == 200, r.text
    tables: list[dict[str, Any]] = r.json()["tables"]
    return tables


def test_my_tables_open_playing_and_finished_on_every_device(app: Any) -> None:
    laptop, phone, bo, cy = Player(app), Player(app), Player(app), Player(app)
    assert laptop.signup("annika").status_code in (200, 201)
    assert phone.signin("annika").status_code == 200
    waiting, _ = friends_table(laptop, [], seats=3, bots=1)
    playing, _ = friends_table(laptop, [bo], seats=3, bots=1)
    assert laptop.post(f"/api/tables/{playing}/start").status_code == 200
    theirs, _ = friends_table(cy, [], seats=3, bots=1)  # not annika's: never listed
    solo = laptop.new_game(seats=3)
    on_phone = {t["id"]: t for t in listed(phone)}
    assert set(on_phone) == {waiting, playing}
    assert on_phone == {t["id"]: t for t in listed(laptop)}
    assert on_phone[waiting]["status"] == "open" and on_phone[waiting]["you"] == 0
    p = on_phone[playing]
    assert p["status"] == "playing" and p["deal"] == 1 and p["winner"] is None
    assert p["players"] == ["Ann", "Friend 1", None] and p["levels"] == [None, None, "easy"]
    # a friend's list has the table too, with their own seat
    assert [(t["id"], t["you"]) for t in listed(bo)] == [(playing, 1)]
    assert theirs not in {t["id"] for t in listed(bo)}
    # the saved solo games list leaves the tables with friends out (they open at /tables/)
    games = {g["id"] for g in laptop.get("/api/games").json()["games"]}
    assert games == {solo["id"]}
    # the way back in: the table page answers for a seated player on the other device
    assert phone.get(f"/tables/{playing}").status_code == 200
    assert phone.get(f"/api/tables/{playing}").json()["live"]["you"] == 0
