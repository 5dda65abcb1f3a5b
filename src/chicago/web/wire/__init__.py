"""Every JSON shape the web API sends about a table, defined once (docs/api.md is their
reference, and tests/web/test_api_doc.py holds the two together).

The routers only ask for these: a game's `Table` (`table_json`) and its line in the list
(`summary_json`), a table with people's `LiveTable` (`live_json`) and its line
(`table_entry_json`), an event and a view (`events_json`, `view_json`), an action
(`action_json`), a hint (`hint_json`), a chat message (`chat_json`), an invitation and a
watch link, the rules, and a refusal (`error_body`, `refusal_json`, `socket_error`).
"""

from __future__ import annotations

from chicago.web.wire.coach import advice_json, hint_json
from chicago.web.wire.events import event_json, events_json, view_json
from chicago.web.wire.live import (
    chat_json,
    invite_json,
    live_json,
    table_entry_json,
    watch_link_json,
)
from chicago.web.wire.lobby import open_table_json, quick_json
from chicago.web.wire.narration import narration_json
from chicago.web.wire.refusal import error_body, refusal_json, refusal_status, socket_error
from chicago.web.wire.rules import profiles_json, rules_json
from chicago.web.wire.table import (
    action_json,
    knobs_json,
    profile_json,
    summary_json,
    table_json,
)

__all__ = [
    "action_json", "advice_json", "chat_json", "error_body", "event_json", "events_json",
    "hint_json", "invite_json", "knobs_json", "live_json", "narration_json", "open_table_json",
    "profile_json", "profiles_json", "quick_json", "refusal_json", "refusal_status", "rules_json",
    "socket_error",
    "summary_json", "table_entry_json", "table_json", "view_json", "watch_link_json",
]
