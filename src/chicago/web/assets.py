"""The static files as the browser should get them: read once at startup, named by content.

A phone on a mobile network pays a round trip per request and per level of module imports,
so every file gets a versioned URL (`/static/table.js?v=<hash of its bytes>`) served as
immutable for a year, a page's `<script type="importmap">` maps every module's plain URL to
its versioned one (the modules import `./table/board.js` and still get the cached copy), and
`module_script('table.js')` names the whole import graph up front as `<link rel=modulepreload>`
so the browser fetches it in one round instead of one per level. Bodies are compressed once
(brotli and gzip, when first asked) and a request that carries the file's validator gets 304.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from email.utils import formatdate, parsedate_to_datetime
from pathlib import Path
from typing import Final

from markupsafe import Markup, escape
from starlette.datastructures import Headers
from starlette.responses import Response

from chicago.web.bundle import Unsupported, join, scan

try:  # brotli is a dependency; a build without it still serves gzip
    import brotli  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - the dependency is installed
    brotli = None


def br_compress(body: bytes, quality: int) -> bytes | None:
    """`body` in brotli at `quality` (11 once for a static file, 5 per answer); None
    without the brotli package."""
    return None if brotli is None else bytes(brotli.compress(body, quality=quality))

MEDIA_TYPES: Final = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
log = logging.getLogger("chicago.web")
IMMUTABLE: Final = "public, max-age=31536000, immutable"
REVALIDATE: Final = "no-cache"
_SEGMENT: Final = re.compile(r"[a-z0-9][a-z0-9-]*")
# import ... from './x.js', export ... from '../x.js', import './x.js' (static imports only:
# a dynamic import() is mapped by the import map but not preloaded)
_IMPORT: Final = re.compile(
    r"""(?:^|[;\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?['"](\.{1,2}/[^'"]+)['"]""",
    re.M,
)
_DYNAMIC: Final = re.compile(r"""import\(\s*['"](\.{1,2}/[^'"]+)['"]\s*\)""")
_MODULE_SCRIPT: Final = re.compile(r"module_script\(([^)]*)\)")
_QUOTED: Final = re.compile(r"""['"]([^'"]+)['"]""")
TEMPLATE_USES: Final = re.compile(r"""\{%-?\s*(?:extends|include)\s+['"]([^'"]+)['"]""")
_COMMENT: Final = re.compile(r"^\s*/\*.*?\*/|^\s*//[^\n]*", re.S | re.M)


def encodings(accept_encoding: str) -> list[str]:
    """The codings a request accepts (`br`, `gzip`), best first, leaving out any with q=0."""
    offered: dict[str, float] = {}
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name:
            offered[name.strip()] = q
    star = offered.get("*", 0.0)
    usable = ["br"] if brotli is not None else []
    usable.append("gzip")
    weight = {c: offered.get(c, star) for c in usable}
    return sorted((c for c in usable if weight[c] > 0), key=lambda c: -weight[c])


def etag_matches(if_none_match: str, tag: str) -> bool:
    """Whether `If-None-Match` names `tag` (weakly: `W/` and a coding suffix are ignored)."""
    bare = tag.strip('"')
    for candidate in if_none_match.split(","):
        value = candidate.strip()
        if value == "*":
            return True
        value = value.removeprefix("W/").strip('"')
        value = value.removesuffix("-br").removesuffix("-gzip")
        if value == bare:
            return True
    return False


@dataclass
class Asset:
    """One static file: its bytes, its version and, once asked for, its compressed forms."""

    name: str
    body: bytes
    media_type: str
    mtime: float
    version: str = ""
    imports: tuple[str, ...] = ()
    dynamic: tuple[str, ...] = ()
    _coded: dict[str, bytes] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.version = hashlib.sha256(self.body).hexdigest()[:12]

    @property
    def etag(self) -> str:
        return f'"{self.version}"'

    def coded(self, coding: str) -> bytes | None:
        """The body in `coding`, compressed the first time only; None when it would not be
        smaller (an icon of a few hundred bytes)."""
        if coding not in self._coded:
            if coding == "br" and (br := br_compress(self.body, 11)) is not None:
                out = br
            elif coding == "gzip":
                out = gzip.compress(self.body, compresslevel=9, mtime=0)
            else:
                out = self.body
            self._coded[coding] = out
        out = self._coded[coding]
        return out if len(out) < len(self.body) else None


def page_scripts(templates: Path, name: str) -> list[tuple[str, ...]]:
    """The entries of each `module_script(...)` call of a page template and of the templates
    it extends or includes (base.html's `site.js` on every page)."""
    calls: list[tuple[str, ...]] = []
    todo, seen = [name], set()
    while todo:
        current = todo.pop()
        path = templates / current
        if current in seen or not path.is_file():
            continue
        seen.add(current)
        text = path.read_text(encoding="utf-8")
        for call in _MODULE_SCRIPT.findall(text):
            entries = tuple(_QUOTED.findall(call))
            if entries:
                calls.append(entries)
        todo.extend(TEMPLATE_USES.findall(text))
    return calls


def resolve(importer: str, target: str) -> str:
    """The name under /static of the module that `importer` imports as `target` ('../x.js')."""
    base = importer.rsplit("/", 1)[0] + "/" if "/" in importer else ""
    out: list[str] = []
    for part in (base + target).split("/"):
        if part == "..":
            if out:
                out.pop()
        elif part not in (".", ""):
            out.append(part)
    return "/".join(out)


def _imports_of(name: str, source: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The files a module imports (statically, then dynamically), as names under /static."""
    text = _COMMENT.sub(" ", source)
    static = tuple(dict.fromkeys(resolve(name, t) for t in _IMPORT.findall(text)))
    dynamic = tuple(dict.fromkeys(resolve(name, t) for t in _DYNAMIC.findall(text)))
    return static, dynamic


class Assets:
    """Every servable file under a folder, read when made (at startup): plain lower-case
    names of a known type only, so no request can reach outside the folder."""

    def __init__(
        self, root: Path, prefix: str = "/static/", shared: str = "", join: bool = True
    ) -> None:
        self.root = root
        self.prefix = prefix
        self.shared = shared
        """The entry on every page (base.html's): the others import its modules from it."""
        self.join = join
        self.files: dict[str, Asset] = {}
        self._bundles: dict[tuple[str, ...], str | None] = {}
        self._made: set[str] = set()
        for path in sorted(root.rglob("*")) if root.is_dir() else []:
            rel = path.relative_to(root).as_posix()
            media_type = MEDIA_TYPES.get(path.suffix)
            stem_parts = rel[: -len(path.suffix)].split("/") if media_type else []
            if not media_type or not path.is_file():
                continue
            if not all(_SEGMENT.fullmatch(p) for p in stem_parts):
                continue
            asset = Asset(rel, path.read_bytes(), media_type, path.stat().st_mtime)
            if path.suffix == ".js":
                asset.imports, asset.dynamic = _imports_of(rel, asset.body.decode("utf-8"))
            self.files[rel] = asset
        digest = hashlib.sha256()
        for name, asset in self.files.items():
            digest.update(f"{name}\0{asset.version}\0".encode())
        self.version = digest.hexdigest()[:10]
        """One version for the whole folder: any URL that carries it is current too."""
        self.import_map = json.dumps(
            {"imports": {
                self.prefix + name: self.url(name)
                for name in self.files if name.endswith(".js")
            }},
            separators=(",", ":"),
        )
        digest_64 = base64.b64encode(hashlib.sha256(self.import_map.encode()).digest())
        self.import_map_hash = f"'sha256-{digest_64.decode()}'"
        """The import map's hash for the Content-Security-Policy (an inline script)."""

    def url(self, name: str) -> str:
        """The versioned URL of a file (a missing file: its plain URL, so a page still names
        it and the 404 shows)."""
        asset = self.files.get(name)
        return f"{self.prefix}{name}?v={asset.version}" if asset else f"{self.prefix}{name}"

    def graph(self, entry: str) -> list[str]:
        """Every module `entry` imports statically, directly or not, in a stable order."""
        seen: dict[str, None] = {}
        stack = [entry]
        while stack:
            name = stack.pop()
            asset = self.files.get(name)
            if asset is None:
                continue
            for dep in asset.imports:
                if dep not in seen and dep != entry:
                    seen[dep] = None
                    stack.append(dep)
        return list(seen)

    def prepare(self, templates: Path) -> None:
        """Make, at startup, what the first visitors would otherwise wait for: the bundle of
        every `module_script(...)` the templates name, and every file compressed."""
        for source in sorted(templates.glob("*.html")):
            for call in _MODULE_SCRIPT.findall(source.read_text(encoding="utf-8")):
                entries = tuple(_QUOTED.findall(call))
                if entries:
                    self.module_script(*entries)
        for asset in list(self.files.values()):
            for coding in ("br", "gzip"):
                asset.coded(coding)

    def closure(self, entry: str) -> list[str]:
        """`entry` and every module it imports, dependencies first (the order ES modules are
        evaluated in), leaving out those in `skip`."""
        return self._order((entry,), set())

    def _order(self, entries: tuple[str, ...], skip: set[str]) -> list[str]:
        done: dict[str, None] = {}
        seen: set[str] = set()

        def visit(name: str) -> None:
            if name in seen or name in skip or name not in self.files:
                return
            seen.add(name)
            for dep in self.files[name].imports:
                visit(dep)
            done[name] = None

        for entry in entries:
            visit(entry)
        return list(done)

    def _apart(self, entries: tuple[str, ...]) -> bool:
        """Whether the entries share no module but the shared entry's (so each can have a
        bundle of its own without running a module twice)."""
        skip = set(self.closure(self.shared)) if self.shared else set()
        seen: set[str] = set()
        for entry in entries:
            members = set(self._order((entry,), skip))
            if members & seen:
                return False
            seen |= members
        return True

    def bundle(self, *entries: str) -> str | None:
        """The name of one file that holds `entries` and the modules they import (those of
        the shared entry, on every page, imported from its own bundle), made the first time
        a page asks; None where the modules cannot be joined (chicago.web.bundle)."""
        if entries in self._bundles:
            return self._bundles[entries]
        name: str | None = None
        try:
            name = self._make_bundle(entries)
        except Unsupported as why:
            log.info("the modules of %s load one by one: %s", ", ".join(entries), why)
        self._bundles[entries] = name
        return name

    def _make_bundle(self, entries: tuple[str, ...]) -> str | None:
        shared: list[str] = []
        shared_url: str | None = None
        if self.shared and self.shared not in entries:
            shared = self.closure(self.shared)
            shared_bundle = self.bundle(self.shared)
            shared_url = self.url(shared_bundle) if shared_bundle else None
        order = self._order(entries, set(shared))
        if not order or not all(n.endswith(".js") for n in order):
            return None
        modules = {n: scan(self.files[n].body.decode("utf-8")) for n in order}
        for n in order:
            if self.files[n].dynamic:
                raise Unsupported(f"{n} imports a module dynamically")
        members = set(order)

        def outside(target: str) -> str | None:
            if target in members:
                return None
            if target in shared and shared_url:
                return shared_url
            return self.prefix + target

        text = join(order, modules, resolve, outside)
        name = "bundles/" + "+".join(e.removesuffix(".js").replace("/", "-") for e in entries)
        name += ".js"
        if name in self.files and name not in self._made:
            raise Unsupported(f"{name} is a file of its own")
        mtime = max(self.files[n].mtime for n in order)
        self.files[name] = Asset(name, text.encode("utf-8"), MEDIA_TYPES[".js"], mtime)
        self._made.add(name)
        return name

    def _joined(self, entries: tuple[str, ...]) -> list[str] | None:
        """The joined files that run `entries`: one, or one per entry when they share no
        module; None where they load module by module."""
        if not self.join:
            return None
        joined = [self.bundle(*entries)]
        if joined[0] is None and len(entries) > 1 and self._apart(entries):
            joined = [self.bundle(entry) for entry in entries]
        return [j for j in joined if j] if all(joined) else None

    def needs_import_map(self, calls: Sequence[tuple[str, ...]]) -> bool:
        """Whether a page whose `module_script` calls are `calls` may import a module by its
        plain URL, which only the import map turns into the versioned one. A joined file
        imports nothing but the shared entry's joined file, by its versioned URL, so a page
        whose every call is joined needs no map (some 750 bytes of every page, compressed)."""
        return any(self._joined(entries) is None for entries in calls)

    def module_script(self, *entries: str, render: bool = False) -> Markup:
        """The page's scripts: one joined file for `entries` and what they import, or, where
        the modules cannot be joined, the `<script type="module">` of each entry and a
        modulepreload for each module they import, so the browser asks for the whole graph
        in one round either way. `render=True`: nothing is painted before the scripts ran
        (`blocking="render"`), for a page whose script draws it (the table), so the browser
        does not lay out and paint the half-parsed shell first."""
        blocking = ' blocking="render"' if render else ""
        joined = self._joined(entries)
        if joined is not None:
            return Markup("\n".join(
                f'<script type="module" src="{escape(self.url(j))}"{blocking}></script>'
                for j in joined
            ))
        preload: dict[str, None] = {}
        for entry in entries:
            for dep in self.graph(entry):
                if dep not in entries:
                    preload[dep] = None
        tags = [f'<link rel="modulepreload" href="{escape(self.url(d))}">' for d in preload]
        tags += [f'<script type="module" src="{escape(self.url(e))}"{blocking}></script>'
                 for e in entries]
        return Markup("\n".join(tags))

    def import_map_tag(self) -> Markup:
        return Markup(f'<script type="importmap">{self.import_map}</script>')

    def response(self, name: str, version: str, headers: Headers) -> Response | None:
        """The answer to GET /static/<name>?v=<version>; None if there is no such file.

        Current URLs are immutable for a year; any other (no version, an old one) is
        revalidated. A matching If-None-Match (or, without one, If-Modified-Since) gets 304."""
        asset = self.files.get(name)
        if asset is None:
            return None
        current = version in (asset.version, self.version)
        common = {
            "Cache-Control": IMMUTABLE if current else REVALIDATE,
            "Vary": "Accept-Encoding",
            "X-Content-Type-Options": "nosniff",
            "Last-Modified": formatdate(asset.mtime, usegmt=True),
        }
        coding = ""
        body = asset.body
        for candidate in encodings(headers.get("accept-encoding", "")):
            coded = asset.coded(candidate)
            if coded is not None:
                coding, body = candidate, coded
                break
        tag = f'"{asset.version}-{coding}"' if coding else asset.etag
        common["ETag"] = tag
        if _not_modified(headers, asset):
            return Response(status_code=304, headers=common)
        if coding:
            common["Content-Encoding"] = coding
        return Response(body, media_type=asset.media_type, headers=common)


def _not_modified(headers: Headers, asset: Asset) -> bool:
    if_none_match = headers.get("if-none-match")
    if if_none_match is not None:
        return etag_matches(if_none_match, asset.etag)
    since = headers.get("if-modified-since")
    if since:
        try:
            return int(asset.mtime) <= parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError):
            return False
    return False
