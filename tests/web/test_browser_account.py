"""The account page and imports in a real browser (Debian's Chromium through Playwright):
a signed-in player imports a backup (marked as imported in the lobby), a backup whose seed
is beyond 2^53−1 is refused naming its seed digit for digit (the lobby sends the file's own
text), and the account is deleted with the password and a tick. Screenshots of the account
page at 390×844 and 1280×720 go to $CHICAGO_SCREENSHOTS, else the test's directory."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from browser_support import needs_chromium

from chicago.core.game import Game
from chicago.core.record import dump

pytestmark = needs_chromium


def _backup(tmp_path: Path, name: str, seed: int) -> Path:
    data = dump(Game.new(seats=2, seed=5))
    path = tmp_path / name
    # The seed written as digits into the file's text, as a tampered or foreign file has it.
    path.write_text(json.dumps(data).replace('"seed": 5,', f'"seed": {seed},'), "utf-8")
    return path


def test_import_mark_and_account_deletion(
    server: str, browser: Any, tmp_path: Path
) -> None:
    shots = Path(os.environ.get("CHICAGO_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(server + "/")  # a guest: told where their tables are kept, and how to keep them
    assert page.inner_text("#tables-note") == (
        "As a guest you find them only in this browser. Sign up, and they come along into "
        "the account, to be found on every device.")
    page.set_input_files("#import-file", str(_backup(tmp_path, "ok.json", 2**53 - 1)))
    page.click("#import button[type=submit]")
    page.wait_for_url(server + "/games/**")  # a guest's game
    page.goto(server + "/signup")
    assert "argon2" not in page.inner_text("main")  # said plainly
    page.fill("#username", "deleter")
    page.fill("#password", "a long secret")
    page.click("form[data-auth] button[type=submit]")
    page.wait_for_url(server + "/?claimed=1")  # the guest's game came along, and it is said
    assert page.inner_text("#claimed") == (
        "1 game you played in this browser as a guest came along into your account.")
    assert page.inner_text("#tables-note") == "Signed in, you find them here on every device."

    too_big = 2**60 + 1  # a JavaScript number would round it to 2^60
    page.set_input_files("#import-file", str(_backup(tmp_path, "big.json", too_big)))
    page.click("#import button[type=submit]")
    error = page.locator("#import-error")
    error.wait_for(state="visible")
    assert error.inner_text() == (
        f"The game file's seed {too_big} is outside 0 to 9007199254740991, the seeds a new "
        "game can have"
    )

    row = page.locator(".game-row").first
    row.wait_for()
    assert "Imported from a file" in row.inner_text()

    page.goto(server + "/account")
    assert "The account holds 1 game." in page.inner_text("main")
    for size in ((390, 844), (1280, 720)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.screenshot(path=str(shots / f"account-{size[0]}x{size[1]}.png"), full_page=True)
        button = page.locator("#delete-account button[type=submit]").bounding_box()
        assert button is not None and button["x"] + button["width"] <= size[0]
    page.fill("#delete-password", "not the secret")
    page.click("#delete-account button[type=submit]")
    assert page.locator("#delete-unconfirmed").is_visible()  # the box is not ticked
    page.check("#delete-confirm")
    page.click("#delete-account button[type=submit]")
    page.locator("#delete-error").wait_for(state="visible")
    assert page.inner_text("#delete-error") == "Wrong password: your account was not deleted."
    page.fill("#delete-password", "a long secret")
    page.click("#delete-account button[type=submit]")
    page.locator("#account-deleted").wait_for(state="visible")
    # nothing of the account stays on the page: its name, its games, "Signed in as"
    main, header = page.inner_text("main"), page.inner_text("#auth")
    assert "deleter" not in main and "holds" not in main and "Delete the account" not in main
    assert "Signed in" not in header and "Sign out" not in header and "Guest" in header
    assert page.locator("#auth a[href='/signin']").is_visible()
    me = page.evaluate("fetch('/api/auth/me').then((r) => r.json())")
    assert me == {"username": None}
    page.goto(server + "/signin")
    page.fill("#username", "deleter")
    page.fill("#password", "a long secret")
    page.click("form[data-auth] button[type=submit]")
    page.locator(".form-error").wait_for(state="visible")
    assert page.inner_text(".form-error") == "Wrong account name or password."
    page.close()
