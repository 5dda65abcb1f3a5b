"""Fewer bytes over a slow network: compression and revalidation of whole answers.

`Transfer` is the outermost ASGI middleware. An answer sent in one piece (a page, a JSON
answer) that is text of at least `MINIMUM` bytes is compressed with brotli or gzip when the
request offers it; a successful read of a page or of the API gets an `ETag` of its bytes,
and a request whose `If-None-Match` names it gets 304 with no body (the server still does
the work; the phone saves the download). Streaming answers (several body messages),
WebSockets and answers already encoded (the static files, compressed once in
chicago.web.assets) pass untouched.
"""

from __future__ import annotations

import gzip
import hashlib
from typing import Final

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from chicago.web.assets import br_compress, encodings, etag_matches

MINIMUM: Final = 1024
"""Answers smaller than this are sent as they are: a packet's worth gains nothing."""
_TEXT: Final = ("text/", "application/json", "application/javascript", "image/svg+xml")
_TAGGED: Final = ("text/html", "application/json")


def compress(body: bytes, coding: str) -> bytes:
    """A quick compression for an answer made per request (not the static files' best)."""
    if coding == "br" and (br := br_compress(body, 5)) is not None:
        return br
    return gzip.compress(body, compresslevel=6, mtime=0)


class Transfer:
    """ASGI middleware: compress and tag whole text answers, answer 304 to a matching tag."""

    def __init__(self, app: ASGIApp, minimum: int = MINIMUM) -> None:
        self.app = app
        self.minimum = minimum

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Headers(scope=scope)
        reading = scope["method"] in ("GET", "HEAD")
        start: Message | None = None
        passing = False

        async def send_whole(message: Message) -> None:
            nonlocal start, passing
            if passing:
                await send(message)
                return
            if message["type"] == "http.response.start":
                start = message
                return
            if message["type"] != "http.response.body" or start is None:
                await send(message)
                return
            if message.get("more_body", False):
                passing = True  # a stream: as it comes
                await send(start)
                await send(message)
                return
            await self._finish(request, reading, start, message.get("body", b""), send)

        await self.app(scope, receive, send_whole)

    async def _finish(
        self, request: Headers, reading: bool, start: Message, body: bytes, send: Send
    ) -> None:
        headers = MutableHeaders(scope=start)
        status = int(start["status"])
        kind = headers.get("content-type", "")
        if headers.get("content-encoding") or status in (204, 304):
            await send(start)
            await send({"type": "http.response.body", "body": body})
            return
        tag = headers.get("etag")
        if tag is None and reading and status == 200 and kind.startswith(_TAGGED):
            tag = f'"{hashlib.blake2b(body, digest_size=12).hexdigest()}"'
            headers["ETag"] = tag
            if "cache-control" not in headers:
                headers["Cache-Control"] = "no-cache"
        compressible = kind.startswith(_TEXT) and len(body) >= self.minimum
        coding = next(iter(encodings(request.get("accept-encoding", ""))), None)
        if compressible:
            headers.append("Vary", "Accept-Encoding")
        else:
            coding = None
        if tag is not None and coding is not None:
            headers["ETag"] = f'{tag[:-1]}-{coding}"'  # the same tag as the 200 would have
        if tag is not None and reading and status == 200:
            if_none_match = request.get("if-none-match")
            if if_none_match is not None and etag_matches(if_none_match, tag):
                for name in ("content-length", "content-type"):
                    if name in headers:
                        del headers[name]
                await send({**start, "status": 304})
                await send({"type": "http.response.body", "body": b""})
                return
        if coding is not None and body:
            body = compress(body, coding)
            headers["Content-Encoding"] = coding
            headers["Content-Length"] = str(len(body))
        await send(start)
        await send({"type": "http.response.body", "body": body})
