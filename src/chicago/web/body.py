"""Reading a request's JSON body ourselves, so that every refusal is one clear sentence.

FastAPI's own body parsing answers a body that is not UTF-8, or nested thousands deep, with
"There was an error parsing the body", and reads a JSON text sent as `text/plain` as no JSON
at all. `json_body` is a dependency that refuses each of these with its own message: the
media type (415), the encoding, the syntax, NaN and Infinity (not JSON) and the nesting
depth (400). The body size is bounded before this by the OwnerCookies middleware.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final

from fastapi import Depends, Request

from chicago.text.i18n import _

MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects accepted (a game file needs about five)."""


class BodyError(Exception):
    """A request body that cannot be read: the HTTP status and one sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _is_json_type(content_type: str) -> bool:
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    )


def _no_constants(name: str) -> object:
    raise ValueError(name)


def too_deep(value: object, limit: int = MAX_DEPTH) -> bool:
    """True when arrays and objects nest more than `limit` levels (walked without recursion)."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Any
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def parse_json_body(raw: bytes, content_type: str | None) -> Any:
    """The JSON value of a body, or BodyError naming what is wrong with it."""
    if not raw.strip():
        raise BodyError(400, _("The request needs a JSON body"))
    if not content_type or not _is_json_type(content_type):
        raise BodyError(
            415, _("Send the request body as JSON, with the header Content-Type: application/json")
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BodyError(400, _("The request body is not UTF-8 text")) from None
    try:
        value = json.loads(text, parse_constant=_no_constants)
    except RecursionError:
        raise BodyError(
            400, _("The request body is nested too deeply (at most {limit} levels)",
                   limit=MAX_DEPTH)
        ) from None
    except ValueError:
        raise BodyError(400, _("The request body is not valid JSON")) from None
    if too_deep(value):
        raise BodyError(
            400, _("The request body is nested too deeply (at most {limit} levels)",
                   limit=MAX_DEPTH)
        )
    return value


async def json_body(request: Request) -> Any:
    """A FastAPI dependency: the request's JSON body (see `parse_json_body`)."""
    raw = await request.body()
    return parse_json_body(raw, request.headers.get("content-type"))


JsonBody = Annotated[Any, Depends(json_body)]
"""The type of an endpoint parameter that takes the request's JSON body."""
