"""The pages' error surfaces: an address that names nothing the reader may open is a 404
page in the site's style and the reader's language, with the way back (never an empty
table shell); a history filter the history does not know is left out with a note; the
rules page says an unknown profile in a sentence; and every error a player reads starts
with a capital letter."""

from __future__ import annotations

import re
from typing import Any

from test_api_support import Player
from test_pages import page_text

from chicago.text.i18n import sentence

UNKNOWN = {
    "/games/nosuch": "There is no game of yours at this address",
    "/tables/nosuch": "There is no table of yours at this address",
    "/watch/nosuch": "This watch link does not work any more",
    "/history/nosuch": "There is no game in your history at this address",
    "/shared/nosuch": "This share link does not work",
    "/keep/nosuch": "There is no score pad at this address",
    "/keep/shared/nosuch": "There is no score pad at this address",
}


def test_an_unknown_address_is_a_404_page_with_the_way_back(app: Any) -> None:
    p = Player(app)
    for path, words in UNKNOWN.items():
        r = p.get(path)
        assert r.status_code == 404, path
        assert r.headers["content-type"].startswith("text/html"), path
        text = page_text(r.text)
        assert "Page not found" in text and words in text, path
        assert 'class="panel prose error-page"' in r.text, path  # the site's own page
        assert 'href="/"' in r.text and "Back to the lobby" in text, path
        assert 'id="app"' not in r.text and "first_table" not in r.text, path  # no shell
    assert 'href="/keep"' in p.get("/keep/nosuch").text  # a pad's way back: the pads
    # in the reader's language
    r = p.get("/games/nosuch", headers={"Accept-Language": "sv"})
    assert r.status_code == 404 and '<html lang="sv">' in r.text
    assert "Sidan finns inte" in page_text(r.text)
    assert "Tillbaka till lobbyn" in page_text(r.text)


def test_another_players_game_is_a_404_too(app: Any) -> None:
    ann, bo = Player(app), Player(app)
    game = ann.new_game(seats=3, seed=7)
    assert ann.get(f"/games/{game['id']}").status_code == 200
    r = bo.get(f"/games/{game['id']}")
    assert r.status_code == 404 and "There is no game of yours" in page_text(r.text)
    assert game["id"] not in page_text(r.text).replace(f"/games/{game['id']}", "")


def test_a_history_filter_it_does_not_know_is_left_out_with_a_note(app: Any) -> None:
    p = Player(app)
    r = p.get("/history", params={"result": "zzz", "page": "x"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    text = page_text(r.text)
    assert "The result “zzz” is not one the history knows (won or lost)" in text
    assert "The page “x” is not a page number" in text
    assert "Your finished games" in text and '"error"' not in r.text
    assert p.get("/history", params={"result": "won"}).status_code == 200
    # the API still refuses it, in a sentence
    api = p.get("/api/history", params={"result": "zzz"})
    assert api.status_code == 400 and api.json()["error"].startswith("The result must be")


def test_an_invitation_or_watch_link_that_opens_nothing_says_so_in_a_sentence(app: Any) -> None:
    p = Player(app)
    for path in ("/api/invites/nosuch", "/api/watch/nosuch"):
        error = p.get(path).json()["error"]
        assert error[0].isupper() and error.endswith("."), error


def test_an_error_sentence_starts_with_a_capital() -> None:
    assert sentence("meta must be an object") == "Meta must be an object"
    assert sentence("ärendet") == "Ärendet"
    # a name from code is spelt as the code spells it
    assert sentence("chicago_points cannot be 3") == "chicago_points cannot be 3"
    assert sentence("deals[2]: seat 0") == "deals[2]: seat 0"
    assert sentence("") == ""


def test_the_rules_page_says_an_unknown_profile_in_swedish_too(app: Any) -> None:
    p = Player(app)
    r = p.get("/rules", params={"profile": "x"}, headers={"Accept-Language": "sv"})
    assert r.status_code == 404
    text = page_text(r.text)
    assert re.search(r"Det finns ingen regelprofil som heter ”x”", text), text[:400]
    assert "okänd regelprofil" not in text
