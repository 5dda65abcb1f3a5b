"""Invitations to a table with people: a link's token and a short table code, and why one
that opens nothing does not.

The token is random (24 bytes) and looked up by its sha256; it is also kept while the
invitation works, so the creator's page can show the link already sent (a token opens a
free seat at one open table, nothing else, and its creator must be able to send it again).
The code is 6 characters from an alphabet without look-alikes (no 0/O, 1/I/L), drawn with
`secrets`, unique among working invitations, read in any case and with spaces or dashes:
it is what people say aloud or type from another screen. Renewing the link renews the
code, revoking ends both; the start ends them too ("started").
"""

from __future__ import annotations

import secrets
from typing import Final

from chicago.store.invites import Invite
from chicago.table.errors import ServiceError
from chicago.table.tables.people import hash_token
from chicago.text.i18n import _

CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""No 0, O, 1, I or L: nothing to mistake when read aloud or from a phone."""
CODE_LENGTH: Final = 6
REASONS: Final = ("revoked", "renewed", "unknown", "started", "full")


def new_invite() -> tuple[str, Invite]:
    """A fresh invitation: (the token's hash, the token and a code)."""
    token = secrets.token_urlsafe(24)
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return hash_token(token), Invite(token, code)


DASHES: Final = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212"
"""The hyphen and the dashes a phone's keyboard may turn it into (en dash, em dash, minus)."""


def as_code(raw: str) -> str | None:
    """The table code `raw` is, read leniently (case, spaces and dashes ignored), or None
    when it is not one."""
    code = "".join(c for c in raw if not c.isspace() and c not in DASHES).upper()
    if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code):
        return code
    return None


def link_json(invite: Invite | None) -> dict[str, str | None] | None:
    """The creator's `live.link`: the path to send (None for an invitation made before
    tokens were kept) and the code."""
    if invite is None:
        return None
    return {"path": f"/join/{invite.token}" if invite.token else None, "code": invite.code}


class BadInvitation(ServiceError):
    """An invitation that opens nothing, and why (`reason`, one of REASONS)."""

    def __init__(self, reason: str = "unknown") -> None:
        messages = {
            "revoked": _("The table's creator has withdrawn this invitation."),
            "renewed": _(
                "This invitation has been replaced by a new link: ask the table's creator"
                " for it."
            ),
            "unknown": _("No table has this invitation: check the link or the code."),
            "started": _("The game at this table has started: every seat is taken."),
            "full": _("Every seat at this table is taken."),
        }
        super().__init__(messages[reason])
        self.reason = reason


class TableClosed(ServiceError):
    """A working invitation to a table that takes nobody more (`reason` "started" or
    "full"): answered 409 to someone sitting down (404 to a preview, which opens nothing)."""

    def __init__(self, reason: str) -> None:
        bad = BadInvitation(reason)
        super().__init__(bad.message)
        self.reason = reason
