"""A refusal as the API sends it (docs/api.md, "Errors"): `{"error": sentence, "rule": id |
null}`, with what a refusal of its kind adds (the current `version` of a stale action, the
`reason` an invitation opens nothing); on a socket, an `error` message before the close."""

from __future__ import annotations

from typing import Any

from chicago.table.history.games import NotCreator, NotOver
from chicago.table.tables.live import BadInvitation, Conflict, Forbidden, RateLimited, TableClosed
from chicago.table.tables.service import (
    BadRequest,
    GameGone,
    Illegal,
    NotFound,
    NotYourTurn,
    Sealed,
    ServiceError,
    Stale,
)
from chicago.table.tables.watch import BadWatchLink
from chicago.text.i18n import sentence

_STATUS: dict[type[ServiceError], int] = {
    BadRequest: 400,
    NotFound: 404,
    BadInvitation: 404,
    BadWatchLink: 404,
    Forbidden: 403,
    Conflict: 409,
    TableClosed: 409,
    RateLimited: 429,
    Stale: 409,
    NotYourTurn: 409,
    NotOver: 409,
    NotCreator: 403,
    Illegal: 422,
    GameGone: 500,
    Sealed: 403,
}


def refusal_status(exc: ServiceError) -> int:
    """The HTTP status of a refusal of this kind (a socket's refusal carries it too)."""
    return next((code for kind, code in _STATUS.items() if isinstance(exc, kind)), 400)


def error_body(message: str, rule: str | None = None) -> dict[str, object]:
    """An error as the API answers it: one sentence, which starts with a capital letter
    however the layer that refused words it (a page shows it as it comes)."""
    return {"error": sentence(message), "rule": rule}


def refusal_json(exc: ServiceError) -> dict[str, object]:
    """The body of the table's refusal `exc`: its sentence and rule, the version a stale
    action missed, why an invitation opens nothing."""
    body = error_body(exc.message, exc.rule)
    if isinstance(exc, Stale):
        body["version"] = exc.current
    reason = getattr(exc, "reason", None)
    if reason is not None:  # an invitation that opens nothing says why
        body["reason"] = reason
    return body


def socket_error(message: str, code: int | None = None) -> dict[str, Any]:
    """A socket's last message: why it closes, and the close code it closes with."""
    out: dict[str, Any] = {"type": "error", "error": message}
    if code is not None:
        out["code"] = code
    return out
