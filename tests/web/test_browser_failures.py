"""When things go wrong at the table, in a real browser: a move that cannot be saved waits
beside the buttons and is sent again when the server answers; a stale table (409) and a
reload are rebuilt from the server (log, scores, save status); the lobby's delete of a game
that another tab already deleted just removes the row.
"""

from __future__ import annotations

from typing import Any

from browser_support import (
    Player,
    assert_fits,
    more_choices,
    needs_chromium,
    new_page,
)

pytestmark = needs_chromium

SEED = 515

API_TABLE = "async () => (await fetch(location.pathname.replace('/games/', '/api/games/'))).json()"
# A move made elsewhere (another tab), through the API with the page's own cookies.
MOVE_ELSEWHERE = """async (version) => {
  const csrf = decodeURIComponent(document.cookie.match(/chicago_csrf=([^;]*)/)[1]);
  const r = await fetch(location.pathname.replace('/games/', '/api/games/') + '/actions', {
    method: 'POST', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
    body: JSON.stringify({version, action: {type: 'exchange', discard: [], confirm_reset: false}}),
  });
  return r.status;
}"""
LOG = "() => [...document.querySelectorAll('#log li')].map((li) => li.textContent)"


def start(page: Any, server: str) -> Player:
    page.goto(server + "/")
    more_choices(page)
    page.select_option("#level", "easy")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_url("**/games/*")
    player = Player(page, keyboard=True)
    player.settle()
    return player


def save_text(page: Any) -> str:
    text: str = page.locator("#save-status").inner_text().strip()
    return text


def test_an_unsaved_move_waits_beside_the_buttons_and_is_sent_again(
    server: str, browser: Any
) -> None:
    context, page, errors = new_page(browser, 390, 844)
    player = start(page, server)
    page.route("**/actions", lambda route: route.abort("internetdisconnected"))
    player.press("k")  # keep all five: the move cannot reach the server
    failure = page.locator("#controls #failure")
    failure.wait_for()
    assert "not saved yet" in failure.inner_text()
    assert "retrying" in save_text(page).lower() and "Saved" not in save_text(page)
    assert page.locator("#save-status").get_attribute("data-state") == "error"
    fit = page.evaluate("""() => {
      const f = document.getElementById('failure').getBoundingClientRect();
      const b = document.querySelector('#controls .buttons').getBoundingClientRect();
      return [f.top - b.bottom, f.bottom <= innerHeight, b.bottom <= innerHeight];
    }""")
    assert 0 <= fit[0] < 40 and fit[1] and fit[2], fit  # right under the buttons, in view
    page.unroute("**/actions")  # the network is back: the move goes through by itself
    player.settle()
    assert save_text(page).endswith("Saved")
    assert page.locator("#failure").count() == 0
    assert "You keep all five cards." in page.evaluate(LOG)
    table = page.evaluate(API_TABLE)
    assert table["version"] >= 1
    assert_fits(page, "after the retry", touch=True)
    errors = [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e]
    assert not errors, errors
    context.close()


def test_a_stale_table_and_a_reload_are_rebuilt_from_the_server(server: str, browser: Any) -> None:
    context, page, errors = new_page(browser, 1280, 720)
    player = start(page, server)
    before = page.evaluate(API_TABLE)
    assert page.evaluate(MOVE_ELSEWHERE, before["version"]) == 200
    player.press("k")  # the page still shows the old version: 409, then a reload
    player.settle()
    failure = page.locator("#failure")
    assert "reloaded from the server" in failure.inner_text()
    assert save_text(page).endswith("Saved")
    table = page.evaluate(API_TABLE)
    shown = page.evaluate(LOG)
    assert len(shown) == len(table["history"]) + len(table["view"]["log"]), shown
    assert shown.count("You keep all five cards.") == 1
    scores = page.evaluate(
        "() => [...document.querySelectorAll('.score-num')].map((n) => +n.textContent)"
    )
    assert scores == table["view"]["scores"]
    # Play on into the next deal, then reload the page: the same log and scores come back.
    player.play(limit=player.counts["actions"] + 12)
    table = page.evaluate(API_TABLE)
    page.reload()
    player.settle()
    shown = page.evaluate(LOG)
    assert len(shown) == len(table["history"]) + len(table["view"]["log"]), shown
    assert save_text(page).endswith("Saved")
    errors = [e for e in errors if "status of 409" not in e]  # the network log of the 409
    assert not errors, errors
    context.close()


def test_deleting_a_game_already_deleted_elsewhere_removes_the_row(
    server: str, browser: Any
) -> None:
    context, page, errors = new_page(browser, 1280, 720)
    start(page, server)
    game_id = page.url.rsplit("/", 1)[1]
    page.goto(server + "/")
    row = page.locator(f'.game-row[data-game="{game_id}"]')
    row.wait_for()
    status = page.evaluate(
        """async (id) => {
      const csrf = decodeURIComponent(document.cookie.match(/chicago_csrf=([^;]*)/)[1]);
      const headers = {'X-CSRF-Token': csrf};
      return (await fetch('/api/games/' + id, {method: 'DELETE', headers})).status;
    }""",
        game_id,
    )
    assert status == 204
    dialogs: list[str] = []

    def answer(dialog: Any) -> None:
        dialogs.append(dialog.type)
        dialog.accept()

    page.on("dialog", answer)
    row.locator("button.danger").click()
    row.wait_for(state="detached")
    assert dialogs == ["confirm"]  # no alert: the game was gone anyway
    errors = [e for e in errors if "404" not in e]
    assert not errors, errors
    context.close()
