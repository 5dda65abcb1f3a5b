"""The site's language: Accept-Language by default, a switch on every page that a
cookie remembers (and a signed-in account, across browsers), `<html lang>`, pages, API
errors and the narrated events in that language, and the catalog for the browser's `t()`."""

from __future__ import annotations

import re
from typing import Any

from test_api_support import Player

from chicago.text.i18n import catalog_for_browser
from chicago.text.parts import plain

SV = {"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"}
PAGES = ("/", "/rules", "/privacy", "/signin", "/signup")


def html_lang(source: str) -> str:
    found = re.search(r'<html lang="([a-z]+)"', source)
    assert found, source[:200]
    return found.group(1)


def test_the_browser_language_is_the_default(app: Any) -> None:
    p = Player(app)
    for path in PAGES:
        english = p.get(path)
        assert html_lang(english.text) == "en", path
        assert "/static/catalogs/" not in english.text  # English needs no catalog
        swedish = p.get(path, headers=SV)
        assert swedish.status_code == 200
        assert html_lang(swedish.text) == "sv", path
        assert "Integritet och lagring" in swedish.text  # the footer
        assert 'id="lang-switch"' in swedish.text
    lobby = p.get("/", headers=SV).text
    for words in ("Mot datorn", "Spelare vid bordet", "Ge korten", "Dina sparade partier",
                  "Klassisk Chicago med köpstopp", "4 spelare (du och 3)"):
        assert words in lobby, words
    shown = re.sub(r"<script\b.*?</script>", " ", lobby, flags=re.S)  # the catalog's keys
    assert "Deal the cards" not in shown and "Against the computer" not in shown


def test_the_switch_is_remembered_by_a_cookie(app: Any) -> None:
    p = Player(app)
    r = p.get("/language?lang=sv&next=/rules%3Fprofile%3Dclassic", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/rules?profile=classic"
    assert p.http.cookies["chicago_lang"] == "sv"
    page = p.get("/rules?profile=classic", headers={"Accept-Language": "en"}).text
    assert html_lang(page) == "sv" and "Andra regelprofiler" in page
    # the switch names each language in its own words and marks the current one
    assert re.search(r'<a href="/language\?lang=en&amp;next=[^"]*"[^>]*aria-label="English"', page)
    assert re.search(r'aria-label="Svenska" aria-current="true"><span class="lang-long">Svenska<',
                     page)
    # never back to another site; an unknown language changes nothing
    r = p.get("/language?lang=en&next=https://example.org/", follow_redirects=False)
    assert r.headers["location"] == "/" and p.http.cookies["chicago_lang"] == "en"
    r = p.get("/language?lang=fi&next=//example.org", follow_redirects=False)
    assert r.headers["location"] == "/" and p.http.cookies["chicago_lang"] == "en"


def test_the_choice_is_kept_on_the_account(app: Any) -> None:
    home = Player(app)
    assert home.signup("lisa").status_code == 201
    r = home.post("/api/language", {"lang": "sv"})
    assert r.status_code == 200 and r.json() == {"lang": "sv", "saved_on_account": True}
    # another browser, English by default, signs in: the account's language comes along
    away = Player(app, client=("elsewhere", 1))
    assert html_lang(away.get("/").text) == "en"
    assert away.signin("lisa").status_code == 200
    assert away.http.cookies["chicago_lang"] == "sv"
    assert html_lang(away.get("/").text) == "sv"
    # the cookie lost (cleared by the browser): the account's choice still holds, pages
    # included, and the page gives the cookie back
    away.http.cookies.delete("chicago_lang")
    page = away.get("/rules")
    assert html_lang(page.text) == "sv" and "Andra regelprofiler" in page.text
    assert "Partiet" in page.text  # the rules text itself, not only the frame
    assert away.http.cookies["chicago_lang"] == "sv"


def test_a_guest_choice_goes_with_a_new_account(app: Any) -> None:
    p = Player(app)
    assert p.post("/api/language", {"lang": "sv"}).json()["saved_on_account"] is False
    assert p.signup("nils").status_code == 201
    other = Player(app, client=("elsewhere", 2))
    assert other.signin("nils").status_code == 200
    assert other.http.cookies["chicago_lang"] == "sv"


def test_a_bad_language_is_refused(app: Any) -> None:
    p = Player(app)
    for body in ({"lang": "fi"}, {"lang": 3}, {}, {"lang": "sv", "more": 1}, ["sv"]):
        r = p.post("/api/language", body)
        assert r.status_code == 400, body
        assert set(r.json()) == {"error", "rule"}
    assert "chicago_lang" not in p.http.cookies
    r = p.http.post("/api/language", json={"lang": "fi"},
                    headers={"X-CSRF-Token": p.csrf, **SV})
    assert r.json()["error"].startswith("Skicka ")


def test_api_errors_and_narration_in_swedish(app: Any) -> None:
    p = Player(app)
    p.post("/api/language", {"lang": "sv"})
    t = p.new_game(seats=3, seed=11)
    assert t["lang"] == "sv"
    assert len(t["narration"]) == len(t["events"])
    assert len(t["log_narration"]) == len(t["view"]["log"])
    told = " ".join(plain(x) for x in t["log_narration"] + t["narration"])
    assert "Giv 1:" in told and "Dina kort:" in told
    # the dealt cards are parts the page draws (no card code inside the words)
    dealt = t["log_narration"][[e["type"] for e in t["view"]["log"]].index("cards_dealt")]
    cards = [x["card"] for x in dealt if isinstance(x, dict)]
    assert sorted(cards) == sorted(t["view"]["hand"])
    assert not any(re.search(r"[2-9TJQKA][cdhs]", x) for x in dealt if isinstance(x, str))
    # R2.1 / R6.1: an illegal action is told to the player, with its rule
    r = p.act(t, {"type": "play", "card": t["view"]["hand"][0]})
    assert r.status_code == 422
    body = r.json()
    assert body["rule"] and body["error"].startswith(("Du måste", "Det är plats")), body
    assert p.get("/api/games/nope").json()["error"] == "Det finns inget sådant parti."
    r = p.post("/api/games", {"seats": 9})
    assert r.status_code == 400 and "antalet platser" in r.json()["error"].lower()
    # a whole call: the bots' moves are told as sentences, one per event
    action = t["legal"][0]
    after = p.act(t, action).json()
    assert len(after["narration"]) == len(after["events"]) > 0
    words = [x for told in after["narration"] for x in told if isinstance(x, str)]
    assert all(isinstance(x, dict) and set(x) == {"card"}
               for told in after["narration"] for x in told if not isinstance(x, str))
    assert not any(re.search(r"\b(Seat|seat|You|exchanges?)\b", x) for x in words)
    # the bots are named as the page names them (R9.1 leaves their moves to be told)
    assert any(re.search(r"\b(Astrid|Bengt)\b", x) for x in words), words


def test_english_stays_english(app: Any) -> None:
    p = Player(app)
    t = p.new_game(seats=3, seed=11)
    assert t["lang"] == "en"
    told = " ".join(plain(x) for x in t["log_narration"])
    assert told.startswith("Deal 1: ") and "Your cards:" in told and "===" not in told
    r = p.act(t, {"type": "play", "card": t["view"]["hand"][0]})
    assert r.json()["error"].startswith(("You must", "It is seat")), r.json()


def test_the_catalog_for_the_browser(app: Any) -> None:
    p = Player(app)
    r = p.get("/api/catalog/sv")
    assert r.status_code == 200
    catalog = r.json()
    assert catalog == catalog_for_browser("sv")
    assert catalog["Seat {seat}"] == "Plats {seat}"
    assert catalog["Seat {seat} exchanges {n} card."] == [
        "Plats {seat} byter {n} kort.", "Plats {seat} byter {n} kort."]
    assert p.get("/api/catalog/fi").status_code == 404
    # a page names a file of the words its scripts use (tests/web/test_page_catalogs.py)
    page = p.get("/", headers=SV).text
    found = re.search(r'<script src="(/static/catalogs/sv/lobby\.js\?v=\w+)" defer>', page)
    assert found, page[:600]
    assert '"{n} players with friends":"{n} spelare med vänner"' in p.get(found.group(1)).text


LOOK_BACK = ("/history", "/history/no-such-game", "/shared/no-such-token", "/stats",
             "/leaderboard", "/players/no-such-player", "/keep",
             "/keep/no-such-pad", "/account", "/signin", "/signup")


def test_every_page_follows_the_one_choice_and_has_the_switch(app: Any) -> None:
    """History, the replay viewer, statistics, the scorekeeper and the account pages follow
    the cookie over Accept-Language, and the account's choice on a browser without one."""
    p = Player(app)
    p.get("/language?lang=sv&next=/")
    for path in LOOK_BACK:
        r = p.get(path, headers={"Accept-Language": "en"})
        assert r.status_code == (404 if "no-such" in path else 200), path  # a page either way
        assert html_lang(r.text) == "sv", path
        assert 'id="lang-switch"' in r.text and "Integritet och lagring" in r.text, path
        assert "/static/catalogs/sv/" in r.text, path  # its scripts speak Swedish too
    lisa = Player(app)
    assert lisa.signup("lisa").status_code == 201
    assert lisa.post("/api/language", {"lang": "sv"}).status_code == 200
    away = Player(app, client=("elsewhere", 1))
    assert away.signin("lisa").status_code == 200
    away.http.cookies.delete("chicago_lang")
    for path in ("/history", "/stats", "/keep"):
        assert html_lang(away.get(path).text) == "sv", path


def test_a_missing_page_is_a_page_in_the_readers_language(app: Any) -> None:
    """A 404 for a page is HTML with the header and the switch, in the chosen language; an
    API route keeps its JSON error."""
    p = Player(app)
    r = p.get("/no/such/page", headers=SV)
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert html_lang(r.text) == "sv" and "Sidan finns inte" in r.text
    assert 'id="lang-switch"' in r.text and "Not Found" not in r.text
    english = p.get("/no/such/page")
    assert "Page not found" in english.text and '"detail"' not in english.text
    api = p.get("/api/no/such/thing", headers=SV)
    assert api.status_code == 404 and api.headers["content-type"].startswith("application/json")
