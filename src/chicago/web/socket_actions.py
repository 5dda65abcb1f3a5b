"""A seated person's action sent over their table's socket (docs/api.md, "The socket"):
`{"type": "act", "request": R, "version": N, "action": {...}}`.

It is the HTTP action without the HTTP request: the same service call (`TableService.act`:
checked, stored durably before anyone is told, pushed to the other seats by the hub), the
same refusals and the same figures. The sender is answered on its own socket with the very
text the HTTP answer carries, tagged with its request: `{"type": "table", "request": R,
...}`, or `{"type": "refused", "request": R, "status": S, ...}` with the refusal's body and the HTTP
status the POST would have had. The socket was opened by this site's page (its Origin is
checked at the connect) with the person's cookies, so no other site can make it act: the
reason an unsafe HTTP request needs the CSRF header does not arise.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Final

from chicago.table.tables.service import BadRequest, NotFound, ServiceError, TableService
from chicago.text.i18n import _, use_language
from chicago.web.action_body import parse_action
from chicago.web.hub import STALE, Conn, Hub
from chicago.web.live_render import dumps
from chicago.web.metrics import Metrics
from chicago.web.wire import error_body, refusal_json, refusal_status

log = logging.getLogger("chicago.web.socket_actions")

ID_LENGTH: Final = 64
"""The longest request tag a client may send (a string; a whole number is also one)."""

_FIELDS: Final = {"type", "request", "version", "action", "base"}


def request_id(message: dict[str, Any]) -> str | int | None:
    """The client's tag of the message, if it is one (a short string or a whole number)."""
    found = message.get("request")
    if isinstance(found, bool):
        return None
    if isinstance(found, int) or (isinstance(found, str) and len(found) <= ID_LENGTH):
        return found
    return None


_PONG: Final = '{"type":"pong"}'


def pong(message: dict[str, Any]) -> str:
    """The answer to a ping: tagged with its request when it has one (the page's question
    whether its line is alive is a request, answered like an action)."""
    tag = request_id(message)
    return _PONG if tag is None else f'{{"type":"pong","request":{dumps(tag)}}}'


def _checked(message: dict[str, Any]) -> tuple[object, object, int | None]:
    """The message's version and action, checked as the HTTP action's body is, and the
    version of the table the client holds (`base`), if it says."""
    what = _("Send version and action")
    unknown = set(message) - _FIELDS
    if unknown:
        raise BadRequest(_("Unknown field {field} ({what})", field=repr(sorted(unknown)[0]),
                           what=what))
    if "request" in message and request_id(message) is None:
        raise BadRequest(_("Request must be a whole number or a text of at most {n} "
                           "characters", n=ID_LENGTH))
    if "version" not in message or "action" not in message:
        raise BadRequest(_("Send the game's version and the action"))
    base = message.get("base")
    if base is not None and (not isinstance(base, int) or isinstance(base, bool) or base < 0):
        raise BadRequest(_("Base must be the version of the table you hold, a whole number"))
    return message["version"], message["action"], base


def decide(
    tables: TableService, hub: Hub, metrics: Metrics, conn: Conn, message: dict[str, Any],
    arrived: float,
) -> tuple[int | None, str]:
    """Off the loop: the action of `message` for the socket's person, and the text that
    answers it (the new version, or None when refused)."""
    tag = dumps(request_id(message))
    with use_language(conn.lang):
        try:
            if conn.owner is None:  # a spectator's socket has no seat to act for
                raise NotFound()
            body = {k: v for k, v in message.items() if k in ("version", "action")}
            with metrics.measured("live", body, arrived):
                version, raw, base = _checked(message)
                view = tables.act(conn.owner, conn.game_id, version,
                                  lambda seat: parse_action(raw, seat), base=base)
            connected = hub.present.get(conn.game_id)
            if connected is None:
                connected = tables.live.connected(conn.game_id, tables.clock() - STALE)
            text = hub.renders.body(view, set(connected))
            return view.table.version, f'{{"type":"table","request":{tag},{text[1:]}'
        except ServiceError as e:
            status, body = refusal_status(e), refusal_json(e)
        except Exception:
            # the traceback to the log; the text of an engine error could name hidden cards
            log.exception("an action over the socket at table %s failed", conn.game_id)
            status, body = 500, error_body(_("The server failed: please try again"))
        refused = {"type": "refused", "request": request_id(message), "status": status, **body}
        return None, dumps(refused)


async def act(
    tables: TableService, hub: Hub, metrics: Metrics, conn: Conn, message: dict[str, Any]
) -> None:
    """Act for the socket's person and answer on the socket; the hub holds back this
    socket's pushes of new versions meanwhile (the answer carries the version)."""
    arrived = time.perf_counter()
    hub.acting(conn)
    version: int | None = None
    text = ""
    try:
        version, text = await hub.decided(decide, tables, hub, metrics, conn, message, arrived)
    finally:
        hub.answered(conn, version, text)
