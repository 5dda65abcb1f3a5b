"""Chicago as an installed app, without a browser: the manifest in the reader's language, the
service worker named by the static files' version, the offline page, and every page linking
the manifest (web/shell)."""

from __future__ import annotations

import json
import struct
import warnings

from chicago.web.pages import STATIC_VERSION

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from fastapi.testclient import TestClient


def png_size(body: bytes) -> tuple[int, int]:
    """A PNG's width and height, read from its header."""
    assert body[:8] == b"\x89PNG\r\n\x1a\n" and body[12:16] == b"IHDR"
    width, height = struct.unpack(">II", body[16:24])
    return width, height


def test_manifest_names_real_icons_in_the_readers_language(client: TestClient) -> None:
    english = client.get("/manifest.webmanifest?lang=en")
    assert english.headers["content-type"].startswith("application/manifest+json")
    swedish = client.get("/manifest.webmanifest?lang=sv").json()
    shown = english.json()
    for manifest in (shown, swedish):
        assert manifest["name"] == "Chicago" and manifest["short_name"]
        assert manifest["start_url"] == "/" and manifest["scope"] == "/"
        assert manifest["display"] == "standalone"
        assert manifest["theme_color"] and manifest["background_color"]
    assert swedish["description"] != shown["description"] and "stick" in swedish["description"]
    assert swedish["lang"] == "sv"
    purposes = set()
    for icon in shown["icons"]:
        body = client.get(icon["src"]).content
        width, height = png_size(body)
        assert icon["sizes"] == f"{width}x{height}", icon
        purposes.add((icon["purpose"], width))
    assert {("any", 192), ("any", 512), ("maskable", 512)} <= purposes


def test_worker_is_named_by_the_static_version(client: TestClient) -> None:
    worker = client.get("/sw.js")
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache"
    shell = json.loads(worker.text.split("const SHELL = ", 1)[1].split(";", 1)[0])
    assert shell["version"] == STATIC_VERSION
    assert shell["offline"] == {"en": "/offline?lang=en", "sv": "/offline?lang=sv"}


def test_offline_page_in_each_language_and_pages_link_the_manifest(client: TestClient) -> None:
    swedish = client.get("/offline?lang=sv")
    assert swedish.status_code == 200 and swedish.headers["content-language"] == "sv"
    assert "Ingen anslutning" in swedish.text and 'href=""' in swedish.text
    assert "/signin" not in swedish.text  # the page names no account, nor asks for one
    lobby = client.get("/", headers={"Accept-Language": "sv"})
    assert lobby.headers["content-language"] == "sv"
    assert 'rel="manifest" href="/manifest.webmanifest?lang=sv"' in lobby.text
    assert 'name="theme-color"' in lobby.text and "prefers-color-scheme: dark" in lobby.text
