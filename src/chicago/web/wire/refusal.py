"""A refusal as the API sends it (docs/api.md, "Errors"): `{"error": sentence, "rule": id |
null}`, with what a refusal of its kind adds (the current `version` of a stale action, the
`reason` an invitation opens nothing); on a socket, an `error` message before the close."""

from __future__ import annotations

from typing import Any

from chicago.table.tables.service import ServiceError, Stale
from chicago.text.i18n import sentence


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
