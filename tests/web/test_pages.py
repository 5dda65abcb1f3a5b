"""The HTML pages (chicago.web.pages): every page renders, the rules page is the text of
`rules_page` for each profile, the privacy page says what is stored, and the table page's
source never holds another seat's cards (R9.1): the first state it carries is the API's
answer to the same owner."""

from __future__ import annotations

import html
import json
import re
import warnings
from typing import Any

import pytest
from test_api_support import new_game, post

from chicago.bots import DEFAULT_LEVEL, LEVELS
from chicago.cli.commands import profile_with_changes
from chicago.core.cards import DECK
from chicago.core.rules import PRESETS, ProfileError, customize
from chicago.text.core_errors import error_words
from chicago.text.level_words import LEVEL_WORDS
from chicago.text.rules_text import rules_page
from chicago.web.pages import profile_from_query

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient

SEED = 20_240_611


def page_text(source: str) -> str:
    """The visible text of a page: tags out, entities decoded, white space collapsed."""
    source = re.sub(r"<(script|style)\b.*?</\1>", " ", source, flags=re.S)
    source = re.sub(r"<[^>]+>", " ", source)
    return " ".join(html.unescape(source).split())


def card_tokens(source: str) -> set[str]:
    """Every two-letter card name ("Ah", "Td") standing alone in the page source."""
    names = {c.text for c in DECK}
    return {m for m in re.findall(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])", source)
            if m in names}


# Every page --------------------------------------------------------------------------------


def test_every_page_renders(client: TestClient) -> None:
    game = new_game(client, seed=SEED)
    paths = ["/", "/rules", "/privacy", "/signin", "/signup", f"/games/{game['id']}"]
    paths += [f"/rules?profile={pid}" for pid in PRESETS]
    for path in paths:
        r = client.get(path)
        assert r.status_code == 200, path
        assert r.headers["content-type"].startswith("text/html"), path
        assert "<main" in r.text and "</html>" in r.text, path
        assert "script-src 'self'" in r.headers["content-security-policy"], path


def test_static_files_are_served_and_nothing_else(client: TestClient) -> None:
    for name, kind in [
        ("table.js", "text/javascript"),
        ("lobby.js", "text/javascript"),
        ("site.js", "text/javascript"),
        ("api.js", "text/javascript"),
        ("i18n.js", "text/javascript"),
        ("table/board.js", "text/javascript"),
        ("table/pacing.js", "text/javascript"),
        ("style.css", "text/css"),
        ("table.css", "text/css"),
        ("favicon.svg", "image/svg+xml"),
    ]:
        r = client.get(f"/static/{name}")
        assert r.status_code == 200, name
        assert r.headers["content-type"].startswith(kind), name
    bad_names = ["nope.js", "..%2Fpages.py", "%2E%2E%2Fpages.py", "pages.py", ".hidden.js"]
    bad_names += ["table/..%2F..%2Fpages.py", "table/nope.js", "templates/table.html", "table/"]
    bad_names += ["other/board.js", "table/table/board.js", "TABLE/board.js"]
    for bad in bad_names:
        assert client.get(f"/static/{bad}").status_code == 404, bad


def test_lobby_offers_the_new_game_choices(client: TestClient) -> None:
    source = client.get("/").text
    for n in range(2, 7):
        assert f'<option value="{n}"' in source
    options = re.findall(r'<option value="(\w+)"( selected)?>([^<]*)</option>',
                         source.split('id="level"')[1].split("</select>")[0])
    assert [(v, bool(sel), words) for v, sel, words in options] == [
        ("easy", False, "Easy"), ("normal", True, "Normal"), ("hard", False, "Hard")]
    embedded = re.search(r'<script type="application/json" id="bot-levels">(.*?)</script>',
                         source)
    assert embedded  # the browser's levels are the server's (static/levels.js reads them)
    assert json.loads(html.unescape(embedded.group(1))) == {
        "levels": list(LEVELS), "default": DEFAULT_LEVEL, "words": LEVEL_WORDS}
    for pid, preset in PRESETS.items():
        assert f'<option value="{pid}">{html.escape(preset.title)}</option>' in source
    assert 'value="custom"' in source
    assert 'id="seed"' in source and 'id="import-file"' in source
    # the lobby's scripts: one joined file (a module it cannot join would load them one by one)
    assert re.search(r'<script type="module" src="/static/bundles/lobby\+lobby-tables\.js',
                     source)


def test_sign_in_and_sign_up_forms(client: TestClient) -> None:
    for mode in ("signin", "signup"):
        source = client.get(f"/{mode}").text
        assert f'data-auth="{mode}"' in source
        assert 'id="username"' in source and 'type="password"' in source


# Rules --------------------------------------------------------------------------------------


def assert_rules_page(source: str, sections: Any, title: str) -> None:
    text = page_text(source)
    assert title in text
    for section in sections:
        assert section.title in text
        for paragraph in section.paragraphs:
            assert " ".join(paragraph.split()) in text, paragraph
        for name, value in section.table:
            assert f"{name} {value}" in text, (name, value)


@pytest.mark.parametrize("profile_id", list(PRESETS))
def test_rules_page_is_rules_page_of_each_preset(client: TestClient, profile_id: str) -> None:
    profile = PRESETS[profile_id]
    r = client.get("/rules", params={"profile": profile_id})
    assert r.status_code == 200
    assert_rules_page(r.text, rules_page(profile), profile.title)
    # Nothing of the other presets' distinctive wording leaks in.
    others = {p for pid, p in PRESETS.items() if pid != profile_id}
    own = set().union(*(s.paragraphs for s in rules_page(profile)))
    foreign = {para for p in others for s in rules_page(p) for para in s.paragraphs} - own
    text = page_text(r.text)
    assert not [para for para in foreign if " ".join(para.split()) in text]


def test_rules_page_defaults_to_the_house_profile(client: TestClient) -> None:
    house = PRESETS["chicago-gamewide-0.2"]
    assert_rules_page(client.get("/rules").text, rules_page(house), house.title)


def test_rules_page_of_a_custom_profile(client: TestClient) -> None:
    custom = customize("classic", target=51, open_offer=True)
    by_id = client.get("/rules", params={"profile": custom.id})
    by_knobs = client.get("/rules", params={"profile": "classic", "target": "51",
                                            "open_offer": "true"})
    for r in (by_id, by_knobs):
        assert r.status_code == 200
        assert_rules_page(r.text, rules_page(custom), custom.title)
        assert "51 points" in page_text(r.text)
    assert profile_from_query(custom.id, []) == custom
    assert profile_from_query(custom.id.replace("+", " "), []) == custom  # "+" read as a space


def test_rules_address_reads_changes_as_the_command_line_does(client: TestClient) -> None:
    """The page reads rule changes with the reader of `chicago rules --set`: a comma-separated
    list is accepted, and a knob given twice is refused with the command line's own words."""
    custom = customize("classic", target=51, open_offer=True)
    for params in ({"profile": "classic", "set": "target=51,open_offer=true"},
                   {"profile": "classic", "target": "51,open_offer=true"},
                   {"profile": "classic+target=51", "open_offer": "true"}):
        r = client.get("/rules", params=params)
        assert r.status_code == 200, params
        assert_rules_page(r.text, rules_page(custom), custom.title)
    with pytest.raises(ProfileError) as by_cli:
        profile_with_changes("classic", ["target=51", "target=40"])
    cli_words = error_words(by_cli.value)
    assert "target" in cli_words
    twice = [("target", "51"), ("target", "40")]
    with pytest.raises(ProfileError) as by_web:
        profile_from_query("classic", twice)
    assert error_words(by_web.value) == cli_words
    for query in ("profile=classic&target=51&target=40", "profile=classic&set=target=51,target=40",
                  "profile=classic%2Btarget%3D51&target=40"):
        r = client.get(f"/rules?{query}")
        assert r.status_code == 404, query
        text = page_text(r.text)
        assert "target is changed twice" in text and "give each rule once" in text, query


def test_rules_page_refuses_an_unknown_profile(client: TestClient) -> None:
    r = client.get("/rules", params={"profile": "poker"})
    assert r.status_code == 404
    text = page_text(r.text)
    assert "There is no rule profile called “poker”. Choose one of the rule profiles" in text
    assert "unknown rule profile" not in text and "(known:" not in text
    r = client.get("/rules", params={"profile": "classic", "target": "49"})
    assert r.status_code == 404
    assert "The rules this address asks for cannot be read: target cannot be 49" in page_text(
        r.text)


# Privacy ------------------------------------------------------------------------------------


def test_privacy_page_says_what_is_stored_where_and_how_long(client: TestClient) -> None:
    text = page_text(client.get("/privacy").text)
    for words in [
        "Games",
        "Actions",
        "account name",
        "argon2 hash",
        "session cookie",
        "guest cookie",
        "SQLite file in the server's data directory",
        "PostgreSQL",
        "Until you delete it",
        "seed and the whole action history",
        "Keep backups private",
    ]:
        assert words in text, words


# Hidden information -------------------------------------------------------------------------


def hidden_from_seat_0(client: TestClient, game_id: str) -> set[str]:
    app: Any = client.app
    state = app.state.service.state_of(game_id)
    hidden = {c.text for seat, hand in enumerate(state.hands) if seat != 0 for c in hand}
    return hidden | {c.text for c in state.stock}


def test_table_page_source_holds_no_cards_of_other_seats(client: TestClient) -> None:
    table = new_game(client, seed=SEED)
    game_id = table["id"]
    for _ in range(6):  # at the start, and after some of seat 0's moves
        hidden = hidden_from_seat_0(client, game_id)
        assert hidden  # other hands and the stock
        source = client.get(f"/games/{game_id}").text
        assert not card_tokens(source) & hidden
        # The first state it carries is the API's answer to the same owner: seat 0's view.
        first = embedded_table(source)
        assert first == client.get(f"/api/games/{game_id}").json()
        assert card_tokens(source) <= card_tokens(json.dumps(first))
        assert str(SEED) not in source
        if table["status"] == "finished":
            break
        r = post(client, f"/api/games/{game_id}/actions",
                 {"version": table["version"], "action": table["legal"][0]})
        assert r.status_code == 200, r.text
        table = r.json()
    # What the page's script receives is seat 0's own view: none of the hidden cards either.
    api = client.get(f"/api/games/{game_id}").json()
    assert not set(re.findall(r'"([2-9TJQKA][cdhs])"', str(api).replace("'", '"'))) & (
        hidden_from_seat_0(client, game_id)
    )


def embedded_table(source: str) -> Any:
    """The first state a table page carries (`<script id="first-table">`), or None."""
    found = re.search(r'<script type="application/json" id="first-table">(.*?)</script>',
                      source, re.S)
    return json.loads(found.group(1)) if found else None


def test_table_page_of_another_owner_holds_nothing_of_the_game(client: TestClient) -> None:
    """R9.1: someone else's game (another guest) gets the shell, with no state in it."""
    game_id = new_game(client, seed=SEED)["id"]
    app: Any = client.app
    stranger = TestClient(app)  # no cookies: another guest
    source = stranger.get(f"/games/{game_id}").text
    assert embedded_table(source) is None and not card_tokens(source)
    assert stranger.get(f"/api/games/{game_id}").status_code == 404


def test_table_page_of_an_unknown_game_is_a_404_page(client: TestClient) -> None:
    r = client.get("/games/no-such-game")
    assert r.status_code == 404  # a page that says so, not an empty table
    assert 'data-game-id="no-such-game"' not in r.text
    assert embedded_table(r.text) is None
    r = client.get('/games/"><script>alert(1)</script>')
    assert "<script>alert(1)</script>" not in r.text


def test_privacy_page_says_what_failed_signins_keep_and_how_to_delete_an_account(
    client: TestClient,
) -> None:
    text = page_text(client.get("/privacy").text)
    for words in [
        "Failed sign-ins: the account name that was tried, the address the attempt came from",
        "kept for five minutes and are then deleted",
        "Sign-ups: the address each sign-up came from",
        "kept for one hour, then deleted",
        "Delete your account on the account page: the account, all its games",
    ]:
        assert words in text, words
    assert 'href="/account"' in client.get("/privacy").text


def test_account_page_offers_deletion_only_when_signed_in(client: TestClient) -> None:
    guest = page_text(client.get("/account").text)
    assert "You are not signed in." in guest and "Delete my account" not in guest
    assert post(client, "/api/auth/signup", {"username": "ivan", "password": "ivan's pw"})
    new_game(client, seed=SEED)
    source = client.get("/account").text
    text = page_text(source)
    assert "Signed in as ivan." in text and "The account holds 1 game." in text
    assert "I understand that my account and its 1 game are deleted for good." in text
    assert 'id="delete-account"' in source
    assert re.search(r'<script type="module" src="/static/(bundles/)?account\.js', source)


def test_lobby_carries_the_imported_mark(client: TestClient) -> None:
    source = client.get("/").text
    assert '<template id="imported-mark">' in source and "Imported from a file" in source


def test_rules_page_reads_none_as_the_knob_offers_it(client: TestClient) -> None:
    """docs/rules.md §X: `high_score=none` is the word (no high-score rule), `score_floor=none`
    is no floor; both arrive in custom ids and query strings."""
    for url in ("/rules?profile=classic+high_score=none", "/rules?profile=classic&high_score=none",
                "/rules?profile=common&score_floor=none", "/rules?profile=house"):
        assert client.get(url).status_code == 200, url
    assert client.get("/api/rules", params={"profile": "house"}).status_code == 200


def test_the_header_names_the_reader_without_asking_the_api(client: TestClient) -> None:
    """Every page draws its account corner itself (a phone saves a round trip to
    /api/auth/me), and a page that names its reader is kept by no shared cache."""
    guest = client.get("/history")
    assert guest.headers["cache-control"] == "private, no-cache"
    corner = guest.text.split('id="auth"', 1)[1].split("</div>", 1)[0]
    assert "Guest" in corner and 'href="/signin"' in corner and "signout" not in corner
    assert post(client, "/api/auth/signup", {"username": "hedda", "password": "hedda's pw"})
    for path in ("/", "/history", "/keep", "/rules"):
        corner = client.get(path).text.split('id="auth"', 1)[1].split("</div>", 1)[0]
        assert "<strong>hedda</strong>" in corner and 'id="signout"' in corner, path
    client.cookies.set("chicago_lang", "sv")
    sv = client.get("/history").text
    assert "Inloggad som" in sv.split('id="auth"', 1)[1].split("</div>", 1)[0]


def test_the_guest_box_has_one_name_on_the_form_and_the_privacy_page(
    client: TestClient,
) -> None:
    label = "Bring the games and tables I played in this browser as a guest into the account"
    for lang in ("en", "sv"):
        headers = {"Accept-Language": lang}
        form = page_text(client.get("/signup", headers=headers).text)
        privacy = page_text(client.get("/privacy", headers=headers).text)
        if lang == "sv":
            label = ("Ta med partierna och borden jag spelat som gäst i den här webbläsaren "
                     "till kontot")
        assert label in form, lang
        assert f"“{label}”" in privacy or f"”{label}”" in privacy, lang
    assert "argon2" not in page_text(client.get("/signup").text)  # said plainly
    # a table with people: deleting it leaves the others' history as it is
    assert "The others keep it, with its replay and backup" in page_text(
        client.get("/privacy").text)
