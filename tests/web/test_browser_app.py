"""Chicago as an installed app in the real browser: the manifest and its icons, the service
worker that takes the page on the second load and answers a table page with the offline page
when the network is gone (never with a stored table, never with an API answer), the dark
scheme readable on a phone (axe), and the table's sounds: off until switched on, remembered,
and played through the Web Audio API at the player's turn."""

from __future__ import annotations

import json
import struct
from typing import Any

from browser_support import api, axe_problems, needs_chromium, new_page

pytestmark = needs_chromium


def new_game(page: Any, seats: int = 4) -> str:
    made = api(page, "POST", "/api/games", {"seats": seats})
    assert made["status"] == 201, made
    game_id: str = json.loads(made["body"])["id"]
    return game_id


CACHED = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      const url = new URL(request.url);
      urls.push(url.pathname + url.search);
    }
  }
  return urls;
}"""


def test_installs_and_shows_the_offline_page_for_a_table(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + "/")
    href = page.get_attribute('link[rel="manifest"]', "href")
    manifest = context.request.get(server + href).json()
    assert (manifest["display"], manifest["start_url"], manifest["scope"]) == (
        "standalone", "/", "/")
    sizes = set()
    for icon in manifest["icons"]:
        body = context.request.get(server + icon["src"]).body()
        width, height = struct.unpack(">II", body[16:24])
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png", icon
        sizes.add((icon["purpose"], width))
    assert {("any", 192), ("any", 512), ("maskable", 512)} <= sizes

    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")  # the second load

    game = new_game(page)
    page.goto(f"{server}/games/{game}")
    page.wait_for_selector("#table-app[data-state]")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#offline-title")
    assert page.text_content("#offline-title") == "No connection"
    assert page.get_attribute("html", "lang") == "en"
    cached = page.evaluate(CACHED)
    assert not [u for u in cached if u.startswith("/api/") or "/games/" in u], cached
    assert "/offline?lang=sv" in cached and any(u.startswith("/static/") for u in cached)

    context.set_offline(False)  # the way back: "Try again" opens the same table
    assert page.text_content(".error-ways a.primary") == "Try again"
    page.click(".error-ways a.primary")
    page.wait_for_selector("#table-app[data-state]")
    assert page.url == f"{server}/games/{game}"

    # In Swedish, the offline page is Swedish: the worker follows the pages' language.
    context.add_cookies([{"name": "chicago_lang", "value": "sv", "url": server}])
    page.reload()
    page.wait_for_function("""async () => {
      const kept = await caches.match('/offline');
      return kept && (await kept.text()).includes('lang="sv"'); }""")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#offline-title")
    assert page.text_content("#offline-title") == "Ingen anslutning"
    context.close()


DARK = """() => {
  const rgb = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255;
}"""


def test_dark_scheme_is_dark_and_readable_on_a_phone(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark",
                                  service_workers="block")
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#start")
    assert page.evaluate(DARK) < 0.15
    problems = axe_problems(page, "lobby, dark")
    page.goto(f"{server}/games/{new_game(page)}")
    page.wait_for_selector("#table-app[data-state=ready]")
    assert page.evaluate(DARK) < 0.15
    problems += axe_problems(page, "table, dark")
    assert problems == []
    context.close()


AUDIO_STUB = """
window.__audio = [];
class FakeParam {
  setValueAtTime() {}
  linearRampToValueAtTime() {}
  exponentialRampToValueAtTime() {}
}
class FakeNode {
  constructor() { this.gain = new FakeParam(); this.frequency = new FakeParam(); }
  connect(node) { return node; }
  start(at) { window.__audio.push('start'); }
  stop() {}
}
window.AudioContext = class {
  constructor() {
    window.__audio.push('new');
    Object.assign(this, { state: 'suspended', currentTime: 0, destination: {} });
  }
  resume() { this.state = 'running'; window.__audio.push('resume'); return Promise.resolve(); }
  createOscillator() { window.__audio.push('oscillator'); return new FakeNode(); }
  createGain() { return new FakeNode(); }
};
"""


def test_sounds_are_off_until_switched_on_and_play_at_my_turn(
    server: str, browser: Any
) -> None:
    context, page, errors = new_page(browser, 1280, 720)
    context.add_init_script(AUDIO_STUB)
    page.goto(server + "/")
    page.goto(f"{server}/games/{new_game(page, seats=2)}")
    page.wait_for_selector("#keep-all:enabled")
    page.wait_for_selector("#banner.turn")
    assert not page.is_checked("#sounds")  # off by default
    assert page.evaluate("window.__audio") == []  # no audio made, none played

    page.check("#sounds")
    assert page.evaluate("window.__audio") == ["new", "resume"]
    page.reload()
    page.wait_for_selector("#keep-all:enabled")
    assert page.is_checked("#sounds")  # remembered
    assert page.evaluate("window.__audio") == []  # no sound before the player's first touch

    page.click("#keep-all")  # a touch: the audio may start; the next turn sounds
    page.wait_for_function("() => window.__audio.includes('start')")
    assert page.evaluate("window.__audio")[:2] == ["new", "resume"]
    assert not errors, errors
    context.close()
