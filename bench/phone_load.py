"""How fast the pages are on a mid-range phone on a mobile network, measured as Lighthouse
measures one: Chromium's DevTools protocol throttles the network ("Slow 4G": 150 ms round
trip, 1.6 Mbit/s down, 750 kbit/s up) and the processor (4x), at 390x844 on a touch screen.

For each page, each language and each server: a fresh browser context opens the page
(cold: empty cache), then a new tab of the same context opens it again (warm: a second
visit, the page itself often a 304), then a new page of the same kind (next: another game's
table, the lobby again; the browser's cache warm, the page's HTML new), three times by
default; the medians are printed. English and Swedish are measured side by side: the
Swedish phone is a context whose browser sends `Accept-Language: sv-SE` (no cookie), as a
phone set to Swedish does, so its pages come in Swedish with their words for the scripts.
Measured inside the page from the navigation's start:

- playable: the page can be used. The tables: a card and a decision button enabled and in
  view. The lobby: its saved games and tables listed, "Against the computer" enabled and
  in view. The scorekeeper: the new pad's form filled (names, rules), its first
  name in view. History and statistics (of three finished games, imported): the page
  loaded. The replay (of one of them): its first position drawn, "forward" in view.
- LCP: the largest contentful paint.
- bytes and requests that went to the network (304s included, cache hits not), and of
  those the static files' bytes.

    .venv/bin/python bench/phone_load.py                        # this checkout's server
    .venv/bin/python bench/phone_load.py --runs 5 --pages table,lobby --langs en,sv
    .venv/bin/python bench/phone_load.py \\
        --server before=/tmp/main/.venv/bin/python --server after=.venv/bin/python

`--server NAME=PYTHON` starts `chicago serve` with that interpreter (another checkout's venv,
to compare two versions in the same run: the servers take turns, run by run); `--url
NAME=URL` measures a server already running. Each server gets its own SQLite file. The
targets: the single-player table playable in <= 1.2 s cold and <= 0.5 s warm,
the other pages in <= 1.5 s cold, the table <= 60 KB cold and <= 5 KB of static files warm;
a Swedish table as light as an English one: <= 5 KB warm in all, and playable within 10% of
the English table's time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chicago.core import record
from chicago.core.game import Game
from chicago.core.rules import get_profile
from serve import start_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NETWORK = {  # Lighthouse's "Slow 4G" as the DevTools protocol takes it (bytes per second)
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6e6 / 8,
    "uploadThroughput": 750e3 / 8,
}
CPU_SLOWDOWN = 4
SLOWDOWN = [CPU_SLOWDOWN]  # --cpu: 1 shows what the network alone costs
VIEWPORT = {"width": 390, "height": 844}
SEED = 7000
"""The first table's deal: run i opens the deals SEED + 2i (cold, warm) and SEED + 2i + 1
(next) in every language and on every server."""
LOCALES = {"en": "en-GB", "sv": "sv-SE"}
"""The phone's language setting per measured language (its `Accept-Language`)."""

# When each page counts as usable, tested on every animation frame inside the page.
_IN_VIEW = """const inView = (n) => { if (!n || n.disabled) return false;
  const r = n.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; };"""
READY = {
    "table": "document.querySelector('#table-app[data-state=ready]')"
             " && inView(document.querySelector('#hand button:not([disabled])'))"
             " && inView(document.querySelector('#controls button:not([disabled])'))",
    # The one table page or, in older checkouts, the separate friends page.
    "friends": "(document.querySelector('#table-app[data-state=ready]')"
               " && inView(document.querySelector('#hand button:not([disabled])'))"
               " && inView(document.querySelector('#controls button:not([disabled])')))"
               " || (document.querySelector('#live-app[data-state=ready]')"
               " && inView(document.querySelector('#hand button:not([disabled])'))"
               " && inView(document.querySelector("
               "'#controls button[data-legal]:not([disabled])')))",
    "lobby": "window.__bench.gamesShell !== null && document.getElementById('games')"
             " && document.getElementById('games').innerHTML !== window.__bench.gamesShell"
             " && document.querySelector('#my-tables[data-ready]')"
             " && document.getElementById('start') && !document.getElementById('start').disabled"
             " && inView(document.getElementById('start'))",
    "keep": "document.querySelector('#k-home:not([hidden])')"
            " && document.querySelector('#k-profile option')"
            " && inView(document.querySelector('#k-names input'))",
    "history": "document.readyState === 'complete'",
    # The replay: its first position drawn (two API reads after the page), "forward" in view.
    "replay": "document.getElementById('replay-table')"
              " && document.getElementById('replay-table').children.length > 0"
              " && document.getElementById('step-label').textContent !== ''"
              " && inView(document.getElementById('forward'))",
    # Statistics: drawn by the server (its charts are SVG in the page).
    "stats": "document.readyState === 'complete'",
}
PROBE = """
window.__bench = { playable: null, lcp: 0, gamesShell: null };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__bench.lcp = e.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });
document.addEventListener('DOMContentLoaded', () => {
  const games = document.getElementById('games');
  window.__bench.gamesShell = games ? games.innerHTML : '';
}, { capture: true });
%s
const ready = () => { try { return Boolean(%s); } catch (_) { return false; } };
const check = () => {
  if (ready()) window.__bench.playable = performance.now();
  else requestAnimationFrame(check);
};
requestAnimationFrame(check);
"""


TRACE = bool(os.environ.get("PHONE_LOAD_TRACE"))
_TIMELINE = """() => [performance.getEntriesByType('navigation')[0],
  ...performance.getEntriesByType('resource')].map((e) =>
  `${e.name.replace(location.origin, '')} ${Math.round(e.startTime)}`
  + `-${Math.round(e.responseEnd)} ${e.transferSize}B`).concat(
  performance.getEntriesByType('paint').map((e) => `${e.name} ${Math.round(e.startTime)}`))"""


@dataclass
class Load:
    """One page load: times in ms from the navigation's start, what went over the network."""

    playable: float
    lcp: float
    bytes: int
    requests: int
    static_bytes: int


@dataclass
class Network:
    """The page's requests as the DevTools protocol reports them."""

    urls: dict[str, str] = field(default_factory=dict)
    cached: set[str] = field(default_factory=set)
    sizes: dict[str, int] = field(default_factory=dict)

    def listen(self, cdp: Any) -> None:
        cdp.on("Network.requestWillBeSent",
               lambda e: self.urls.__setitem__(e["requestId"], e["request"]["url"]))
        cdp.on("Network.requestServedFromCache", lambda e: self.cached.add(e["requestId"]))
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished",
               lambda e: self.sizes.__setitem__(e["requestId"], int(e["encodedDataLength"])))

    def _response(self, e: dict[str, Any]) -> None:
        r = e["response"]
        if r.get("fromDiskCache") or r.get("fromPrefetchCache") or r.get("fromServiceWorker"):
            self.cached.add(e["requestId"])

    def totals(self) -> tuple[int, int, int]:
        sent = {k: v for k, v in self.sizes.items() if k not in self.cached}
        static = sum(v for k, v in sent.items() if "/static/" in self.urls.get(k, ""))
        return sum(sent.values()), len(sent), static


def wait_playable(cdp: Any, timeout: float = 60) -> None:
    """Until the probe has seen the page usable. Asked through the DevTools protocol, one
    tiny expression a poll: Playwright's own waiting would first put its injected script
    (some 150 ms of parsing at 4x) on the page's main thread while it loads."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            found = cdp.send("Runtime.evaluate", {
                "expression": "Boolean(window.__bench && window.__bench.playable !== null)",
                "returnByValue": True,
            })
            if found.get("result", {}).get("value"):
                return
        except Exception:  # a context not made yet, or being replaced
            pass
        time.sleep(0.1)
    raise TimeoutError("the page did not become usable in time")


def measure(context: Any, url: str, kind: str) -> Load:
    """Open `url` in a new tab of `context`, throttled, until it is usable, plus a second
    for what it loads after (LCP settles, late requests counted)."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    net = Network()
    net.listen(cdp)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN[0]})
    page.add_init_script(PROBE % (_IN_VIEW, READY[kind]))
    page.goto(url, wait_until="commit", timeout=60_000)
    wait_playable(cdp)
    page.wait_for_timeout(1000)
    found = page.evaluate("() => window.__bench")
    if TRACE:
        print(url, json.dumps(page.evaluate(_TIMELINE), indent=0), file=sys.stderr)
    total, requests, static = net.totals()
    page.close()
    return Load(found["playable"], found["lcp"], total, requests, static)


class Setup:
    """What a fresh guest needs before a page is opened: a game, a table with friends
    (started, the guest's turn first), unthrottled through the context's own cookies."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.friends_seed: int | None = None
        self.finished_files = [finished_file(seed) for seed in (101, 102, 103)]

    def _post(self, context: Any, path: str, body: Any = None) -> Any:
        csrf = next(c["value"] for c in context.cookies() if c["name"] == "chicago_csrf")
        r = context.request.post(self.base + path, data=json.dumps(body or {}),
                                 headers={"X-CSRF-Token": csrf,
                                          "Content-Type": "application/json"})
        assert r.ok, f"{path}: {r.status} {r.text()}"
        return r.json()

    def url(self, context: Any, kind: str, seed: int | None = None) -> str:
        """A page of `kind` for this context's guest (a table: its game dealt from `seed`,
        so that each language and server meets the same deal, its bots acting first or not
        alike)."""
        context.request.get(self.base + "/api/auth/me")  # the guest and CSRF cookies
        if kind == "table":
            body: dict[str, Any] = {"seats": 4, "level": "normal"}
            if seed is not None:
                body["seed"] = seed
            game = self._post(context, "/api/games", body)
            return f"{self.base}/games/{game['id']}"
        if kind == "friends":
            return f"{self.base}/tables/{self._friends(context)}"
        if kind in ("history", "replay", "stats"):
            ids = [self._post(context, "/api/games/import", game)["id"]
                   for game in self.finished_files]
            if kind == "replay":
                return f"{self.base}/history/{ids[0]}"
        return self.base + {"lobby": "/", "keep": "/keep", "history": "/history",
                            "stats": "/stats"}[kind]

    def _friends(self, context: Any) -> str:
        seeds = [self.friends_seed] if self.friends_seed is not None else range(1, 60)
        for seed in seeds:
            assert seed is not None
            made = self._post(context, "/api/tables", {"name": "Bench", "seats": 2,
                                                       "players": ["friend"], "seed": seed})
            self._post(context, f"/api/tables/{made['id']}/start")
            table = context.request.get(f"{self.base}/api/tables/{made['id']}").json()
            to_act = table["view"]["to_act"]
            if to_act and to_act["seat"] == table["live"]["you"]:
                self.friends_seed = seed
                return str(made["id"])
        raise SystemExit("no seed found where the table's creator acts first")


def finished_file(seed: int) -> dict[str, Any]:
    """A whole two-seat game of random legal play, as a game file to import."""
    rng = random.Random(seed)
    game = Game.new(get_profile("chicago-gamewide-0.2"), 2, seed)
    while not game.finished:
        game.apply(rng.choice(list(game.legal_actions())))
    data: dict[str, Any] = record.dump(game, {"levels": [None, "easy"]})
    return data


def run(
    servers: dict[str, str], pages: list[str], runs: int, langs: list[str]
) -> dict[str, dict[str, Any]]:
    """The medians per server, per page (a Swedish page as "table sv") and per visit."""
    from playwright.sync_api import sync_playwright

    kinds = [(kind, lang) for kind in pages for lang in langs]
    label = {(kind, lang): kind if lang == "en" else f"{kind} {lang}" for kind, lang in kinds}
    results: dict[str, dict[str, dict[str, list[Load]]]] = {
        name: {label[k]: {"cold": [], "warm": [], "next": []} for k in kinds}
        for name in servers
    }
    setups = {name: Setup(base) for name, base in servers.items()}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for i in range(runs):
            for name in servers:  # the servers take turns: the same load on both
                for kind, lang in kinds:  # and the languages, page by page
                    context = browser.new_context(viewport=VIEWPORT, is_mobile=True,
                                                  has_touch=True, device_scale_factor=1.75,
                                                  locale=LOCALES[lang])
                    url = setups[name].url(context, kind, seed=SEED + 2 * i)
                    cold = measure(context, url, kind)
                    warm = measure(context, url, kind)
                    following = measure(
                        context, setups[name].url(context, kind, seed=SEED + 2 * i + 1), kind)
                    context.close()
                    loads = {"cold": cold, "warm": warm, "next": following}
                    for visit, load in loads.items():
                        results[name][label[kind, lang]][visit].append(load)
                    print(f"run {i + 1} {name:>8} {label[kind, lang]:>11}: " + ", ".join(
                        f"{visit} {x.playable:6.0f} ms {x.bytes / 1024:5.1f} KB"
                        for visit, x in loads.items()), file=sys.stderr, flush=True)
        browser.close()
    return {name: {kind: {visit: median(loads) for visit, loads in by.items()}
                   for kind, by in per.items()} for name, per in results.items()}


def median(loads: list[Load]) -> dict[str, float]:
    return {key: statistics.median(getattr(x, key) for x in loads)
            for key in ("playable", "lcp", "bytes", "requests", "static_bytes")}


def report(medians: dict[str, dict[str, Any]]) -> None:
    print(f"{'server':>8} {'page':>11} {'visit':>5} {'playable':>9} {'LCP':>7} {'KB':>6} "
          f"{'requests':>8} {'static KB':>9}")
    for name, per in medians.items():
        for kind, by in per.items():
            for visit, m in by.items():
                print(f"{name:>8} {kind:>11} {visit:>5} {m['playable']:7.0f}ms "
                      f"{m['lcp']:5.0f}ms {m['bytes'] / 1024:6.1f} {m['requests']:8.0f} "
                      f"{m['static_bytes'] / 1024:9.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", action="append", default=[], metavar="NAME=PYTHON",
                        help="start `chicago serve` with this interpreter (repeatable)")
    parser.add_argument("--url", action="append", default=[], metavar="NAME=URL",
                        help="measure a server already running (repeatable)")
    parser.add_argument("--pages", default="lobby,table,friends,keep,history,replay,stats",
                        help=f"comma-separated, of {','.join(READY)}")
    parser.add_argument("--langs", default="en,sv",
                        help=f"comma-separated, of {','.join(LOCALES)}: each page in each")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpu", type=float, default=CPU_SLOWDOWN,
                        help="the processor's slowdown (Lighthouse's phone: 4)")
    parser.add_argument("--nice", type=int, default=0, help="the servers' niceness")
    parser.add_argument("--json", action="store_true", help="the medians as one JSON object")
    args = parser.parse_args()
    SLOWDOWN[0] = args.cpu
    pages = [p for p in args.pages.split(",") if p]
    langs = [x for x in args.langs.split(",") if x]
    if any(x not in LOCALES for x in langs):
        parser.error(f"unknown language in {args.langs!r} (known: {', '.join(LOCALES)})")
    unknown = [p for p in pages if p not in READY]
    if unknown:
        parser.error(f"unknown page {unknown[0]!r} (known: {', '.join(READY)})")
    servers: dict[str, str] = {}
    procs: list[subprocess.Popen[str]] = []
    wanted = args.server or ([] if args.url else [f"this={sys.executable}"])
    with tempfile.TemporaryDirectory() as tmp:
        try:
            for spec in wanted:
                name, _, python = spec.partition("=")
                env = {**os.environ, "CHICAGO_BOT_PACE_MS": "900"}
                proc, base = start_server(f"sqlite:///{Path(tmp) / (name + '.db')}", env,
                                          ["nice", "-n", str(args.nice)] if args.nice else None,
                                          python=python or sys.executable)
                procs.append(proc)
                servers[name] = base
            for spec in args.url:
                name, _, url = spec.partition("=")
                servers[name] = url.rstrip("/")
            medians = run(servers, pages, args.runs, langs)
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(timeout=10)
    if args.json:
        print(json.dumps(medians, indent=1))
    else:
        report(medians)


if __name__ == "__main__":
    main()
