"""What a phone downloads (chicago.web.assets, chicago.web.transfer): static files named by
their content and cached for good, validators answered with 304, text compressed when the
request offers it and only then, and every module of a page named up front."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import warnings
from pathlib import Path
from typing import Any

import brotli
import pytest
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse, StreamingResponse
from starlette.routing import Route
from test_api_support import new_game
from test_pages import embedded_table

from chicago.web.assets import IMMUTABLE, Assets, encodings
from chicago.web.pages import ASSETS, STATIC_DIR, TEMPLATES_DIR
from chicago.web.transfer import Transfer

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient


def plain(c: TestClient, path: str, **headers: str) -> Any:
    """A GET whose body is left as it came (httpx would undo the compression)."""
    with c.stream("GET", path, headers=headers) as r:
        raw = b"".join(r.iter_raw())
    return r, raw


# Static files ------------------------------------------------------------------------------


def test_a_static_files_second_request_with_its_validator_gets_304(client: TestClient) -> None:
    url = ASSETS.url("table.css")
    r, body = plain(client, url, **{"Accept-Encoding": "identity"})
    assert r.status_code == 200 and body == (STATIC_DIR / "table.css").read_bytes()
    assert r.headers["cache-control"] == IMMUTABLE
    again, empty = plain(client, url, **{"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and empty == b""
    # The tag of a compressed copy validates the file as well, and so does its date.
    coded, _ = plain(client, url, **{"Accept-Encoding": "br"})
    assert plain(client, url, **{"If-None-Match": coded.headers["etag"]})[0].status_code == 304
    since = {"If-Modified-Since": r.headers["last-modified"]}
    assert plain(client, url, **since)[0].status_code == 304
    assert plain(client, url, **{"If-None-Match": '"stale"'})[0].status_code == 200
    assert plain(client, url, **{"If-Modified-Since": "Mon, 01 Jan 1990 00:00:00 GMT"})[
        0
    ].status_code == 200


def test_only_a_current_url_is_immutable(client: TestClient) -> None:
    assert plain(client, "/static/table.js")[0].headers["cache-control"] == "no-cache"
    old = plain(client, "/static/table.js?v=000000000000")[0]
    assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"
    whole = plain(client, f"/static/table.js?v={ASSETS.version}")[0]
    assert whole.headers["cache-control"] == IMMUTABLE  # the folder's version is current too


def test_a_versioned_url_changes_when_the_file_changes(tmp_path: Path) -> None:
    root = tmp_path / "static"
    shutil.copytree(STATIC_DIR, root)
    before = Assets(root)
    board = root / "table" / "board.js"
    board.write_text(board.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    after = Assets(root)
    assert after.url("table/board.js") != before.url("table/board.js")
    assert after.url("table/cards.js") == before.url("table/cards.js")  # the others stay
    assert after.version != before.version
    mapped = json.loads(after.import_map)["imports"]
    assert mapped["/static/table/board.js"] == after.url("table/board.js")


def test_static_files_are_compressed_when_asked_and_not_otherwise(client: TestClient) -> None:
    url = ASSETS.url("table/panel.js")
    source = (STATIC_DIR / "table" / "panel.js").read_bytes()
    r, body = plain(client, url, **{"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert r.headers["content-encoding"] == "br" and brotli.decompress(body) == source
    assert len(body) < len(source) / 2
    r, body = plain(client, url, **{"Accept-Encoding": "gzip"})
    assert r.headers["content-encoding"] == "gzip" and gzip.decompress(body) == source
    r, body = plain(client, url, **{"Accept-Encoding": "identity"})
    assert "content-encoding" not in r.headers and body == source
    r, body = plain(client, url, **{"Accept-Encoding": "br;q=0, gzip;q=0"})
    assert "content-encoding" not in r.headers and body == source
    assert "accept-encoding" in r.headers["vary"].lower()


def test_accept_encoding_is_read_with_its_weights() -> None:
    assert encodings("gzip, deflate, br, zstd") == ["br", "gzip"]
    assert encodings("gzip;q=0.5") == ["gzip"]
    assert encodings("br;q=0.5, gzip") == ["gzip", "br"]
    assert encodings("br;q=0") == []
    assert encodings("*") == ["br", "gzip"]
    assert encodings("") == []


# Pages and the API -------------------------------------------------------------------------


def test_pages_and_api_reads_revalidate_with_304(client: TestClient) -> None:
    game_id = new_game(client, seed=7)["id"]
    for path in ["/", "/rules", f"/api/games/{game_id}", "/api/profiles"]:
        r, _ = plain(client, path, **{"Accept-Encoding": "gzip"})
        assert r.status_code == 200, path
        assert "no-cache" in r.headers["cache-control"], path
        again, empty = plain(client, path, **{"If-None-Match": r.headers["etag"],
                                             "Accept-Encoding": "gzip"})
        assert again.status_code == 304 and empty == b"", path
        assert again.headers["etag"] == r.headers["etag"], path
    # A change is never kept: its answer is not tagged for a cache.
    r = client.post("/api/games", json={"seats": 2, "seed": 1},
                    headers={"X-CSRF-Token": client.cookies["chicago_csrf"]})
    assert r.headers["cache-control"] == "no-store" and "etag" not in r.headers


def test_a_table_page_is_revalidated_and_changes_with_its_state(client: TestClient) -> None:
    """A second visit to a table whose state has not changed gets 304 (the
    browser's copy carries the same state); after a move it gets 200 with the new state."""
    game = new_game(client, seed=7)
    path = f"/games/{game['id']}"
    r, _ = plain(client, path, **{"Accept-Encoding": "br"})
    assert r.status_code == 200
    # Kept by this browser only (it holds the requester's own view, R9.1), asked again.
    assert r.headers["cache-control"] == "private, no-cache"
    first = embedded_table(client.get(path).text)
    assert first["version"] == game["version"]
    again, empty = plain(client, path, **{"If-None-Match": r.headers["etag"],
                                         "Accept-Encoding": "br"})
    assert again.status_code == 304 and empty == b""
    hint = client.get(f"/api/games/{game['id']}/hint").json()
    moved = client.post(f"/api/games/{game['id']}/actions",
                        json={"version": game["version"], "action": hint["action"]},
                        headers={"X-CSRF-Token": client.cookies["chicago_csrf"]})
    assert moved.status_code == 200, moved.text
    after, body = plain(client, path, **{"If-None-Match": r.headers["etag"],
                                        "Accept-Encoding": "br"})
    assert after.status_code == 200 and after.headers["etag"] != r.headers["etag"]
    now = embedded_table(brotli.decompress(body).decode())
    assert now["version"] > first["version"] and now == client.get(
        f"/api/games/{game['id']}").json()


def test_answers_are_compressed_when_asked_and_not_otherwise(client: TestClient) -> None:
    game_id = new_game(client, seed=7)["id"]
    for path in ["/", f"/api/games/{game_id}"]:
        r, body = plain(client, path, **{"Accept-Encoding": "br"})
        assert r.headers["content-encoding"] == "br", path
        text = brotli.decompress(body)
        r, body = plain(client, path, **{"Accept-Encoding": "gzip"})
        assert r.headers["content-encoding"] == "gzip", path
        assert len(gzip.decompress(body)) == len(text), path
        r, body = plain(client, path, **{"Accept-Encoding": "identity"})
        assert "content-encoding" not in r.headers and len(body) == len(text), path
    # A small answer is not worth it.
    r, body = plain(client, "/api/auth/me", **{"Accept-Encoding": "br, gzip"})
    assert "content-encoding" not in r.headers and json.loads(body)


def test_a_stream_passes_untouched() -> None:
    """A streaming answer (several body messages) is neither buffered nor compressed."""

    async def chunks() -> Any:
        for _ in range(3):
            yield "x" * 2000

    def stream(request: Any) -> StreamingResponse:
        return StreamingResponse(chunks(), media_type="text/plain")

    def whole(request: Any) -> PlainTextResponse:
        return PlainTextResponse("y" * 3000)

    app = Transfer(Starlette(routes=[Route("/stream", stream), Route("/whole", whole)]))
    c = TestClient(app)
    r, body = plain(c, "/stream", **{"Accept-Encoding": "gzip"})
    assert "content-encoding" not in r.headers and body == b"x" * 6000
    r, body = plain(c, "/whole", **{"Accept-Encoding": "gzip"})
    assert r.headers["content-encoding"] == "gzip" and gzip.decompress(body) == b"y" * 3000


# Every module named up front ----------------------------------------------------------------


def test_every_page_names_its_whole_module_graph_up_front(client: TestClient) -> None:
    """A page's one joined script holds every module its entry imports, however deep, but
    those of the shared entry (site.js), which it imports from that one's joined script by
    its versioned URL: so a page whose scripts are all joined carries no import map (the
    map is for pages that load module by module, below)."""
    game_id = new_game(client, seed=7)["id"]
    csrf = {"X-CSRF-Token": client.cookies["chicago_csrf"]}
    made = client.post("/api/tables", json={"name": "Ann", "seats": 3,
                                            "players": ["friend", "easy"]}, headers=csrf)
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    watch = client.post(f"/api/tables/{table_id}/watch", headers=csrf).json()["path"]
    shared = ASSETS.closure("site.js")
    site = ASSETS.bundle("site.js")
    assert site is not None
    # The table page is one file for every table: a single player's, a seat's, a watch link's.
    # The lobby's two entries share a module (lobby-resume.js): one file for both.
    pages = [("/", ("lobby.js", "lobby-tables.js")), (f"/games/{game_id}", ("table.js",)),
             (f"/tables/{table_id}", ("table.js",)), (watch, ("table.js",)),
             ("/keep", ("keep.js",)), ("/tables/new", ("live/invite.js",))]
    for path, entries in pages:
        r = client.get(path)
        assert '<script type="importmap">' not in r.text, path
        joined = ASSETS.bundle(*entries)
        assert joined is not None, path
        scripts = re.findall(r'<script type="module" src="([^"]+)"', r.text)
        assert scripts[0] == ASSETS.url(site) and ASSETS.url(joined) in scripts, path
        body = plain(client, ASSETS.url(joined), **{"Accept-Encoding": "identity"})[1].decode()
        for module in {m for entry in entries for m in ASSETS.closure(entry)}:
            assert (f"// {module}\n" in body) == (module not in shared), (path, module)
        assert f"from '{ASSETS.url(site)}'" in body, path
        assert not re.search(r"from '/static/[^']*\.js'", body), path  # only versioned URLs
    # The table's graph reaches its third level (table.js → pacing.js → layout.js), and
    # holds the live parts (the socket, seating…) for a table with people.
    assert {"table/layout.js", "live/socket.js"} <= set(ASSETS.graph("table.js"))


def test_only_the_table_page_waits_for_its_script_to_paint(client: TestClient) -> None:
    """The table is drawn by its script from the embedded state: nothing is painted before
    (no half-parsed shell laid out first); the other pages paint as they are parsed."""
    table = client.get(f"/games/{new_game(client, seed=7)['id']}").text
    joined = ASSETS.bundle("table.js")
    assert joined is not None
    assert f'<script type="module" src="{ASSETS.url(joined)}" blocking="render">' in table
    site = ASSETS.bundle("site.js")
    assert site is not None
    assert f'<script type="module" src="{ASSETS.url(site)}"></script>' in table
    assert 'blocking="render"' not in client.get("/").text
    apart = Assets(STATIC_DIR, shared="site.js", join=False)
    assert 'table.js?v=' in apart.module_script("table.js", render=True)
    assert apart.module_script("table.js", render=True).count('blocking="render"') == 1


def test_unjoined_pages_preload_their_whole_graph() -> None:
    """Where the modules cannot be joined, the page names each of them up front."""
    apart = Assets(STATIC_DIR, shared="site.js", join=False)
    tags = apart.module_script("table.js")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)"', tags))
    assert preloaded == {apart.url(m) for m in apart.graph("table.js")}
    assert f'<script type="module" src="{apart.url("table.js")}"' in tags
    # Their imports ('./table/board.js') find the versioned URLs through the import map,
    # which the CSP allows by its hash; joined pages need none.
    assert apart.needs_import_map([("site.js",), ("table.js",)])
    assert not ASSETS.needs_import_map([("site.js",), ("table.js",)])
    assert ASSETS.needs_import_map([("site.js",), ("no-such-module.js",)])
    mapped = json.loads(apart.import_map)["imports"]
    assert set(mapped) == {f"/static/{p.relative_to(STATIC_DIR).as_posix()}"
                           for p in STATIC_DIR.rglob("*.js")}
    assert mapped["/static/table/board.js"] == apart.url("table/board.js")
    assert apart.import_map_hash == ASSETS.import_map_hash  # the same map, allowed by the CSP


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the modules")
def test_a_joined_file_runs_as_its_modules_do(tmp_path: Path) -> None:
    """The same output from the modules one by one and from their joined file, and a name
    declared by two modules leaves them apart."""
    files = {
        "package.json": '{"type": "module"}',
        "main.js": "import { twice, NAME } from './lib/a.js';\nimport { log } from './b.js';\n"
                   "log(`${NAME} ${twice(21)}`);\nexport const done = true;\n",
        "lib/a.js": "import { log } from '../b.js';\nexport const NAME = 'a';\n"
                    "export function twice(n) { return helper(n) * 2; }\n"
                    "function helper(n) { return n; }\nlog('a loaded');\n",
        "b.js": "const seen = [];\nexport function log(x) { seen.push(x); console.log(x); }\n"
                "log('b loaded');\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    apart = subprocess.run(["node", str(tmp_path / "main.js")], capture_output=True,
                           text=True, check=True).stdout
    assets = Assets(tmp_path)
    joined = assets.bundle("main.js")
    assert joined is not None
    together = subprocess.run(["node", "--input-type=module"], capture_output=True, text=True,
                              input=assets.files[joined].body.decode(), check=True).stdout
    assert together == apart == "b loaded\na loaded\na 42\n"
    (tmp_path / "lib" / "a.js").write_text(files["lib/a.js"] + "const seen = 1;\n")
    assert Assets(tmp_path).bundle("main.js") is None


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to check the syntax")
def test_every_pages_joined_file_parses() -> None:
    """Every bundle the templates name is a module node can parse (no name declared twice)."""
    fresh = Assets(STATIC_DIR, shared="site.js")
    fresh.prepare(TEMPLATES_DIR)
    made = [name for name in fresh.files if name.startswith("bundles/")]
    assert "bundles/table.js" in made and "bundles/site.js" in made
    for name in made:
        done = subprocess.run(["node", "--input-type=module", "--check"], capture_output=True,
                              text=True, input=fresh.files[name].body.decode(), check=False)
        assert done.returncode == 0, (name, done.stderr)


def test_the_module_graph_reads_every_form_of_static_import(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "main.js").write_text(
        "// import { no } from './commented.js';\n"
        "import { a } from './a.js';\n"
        "import {\n  b,\n  c,\n} from './sub/b.js';\n"
        "import './side.js';\n"
        "export { d } from './d.js';\n"
        "const later = () => import('./lazy.js');\n",
        encoding="utf-8",
    )
    (tmp_path / "sub" / "b.js").write_text("import * as up from '../a.js';\n", encoding="utf-8")
    for name in ("a", "side", "d", "lazy", "commented"):
        (tmp_path / f"{name}.js").write_text("export const x = 1;\n", encoding="utf-8")
    (tmp_path / "Bad Name.js").write_text("", encoding="utf-8")
    found = Assets(tmp_path)
    assert set(found.graph("main.js")) == {"a.js", "sub/b.js", "side.js", "d.js"}
    assert found.files["main.js"].dynamic == ("lazy.js",)
    assert "Bad Name.js" not in found.files
    assert found.response("../main.js", "", Headers()) is None
