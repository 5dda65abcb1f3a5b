"""`chicago play`: the full-screen terminal game (Textual), on the web app's table service.

You are seat 0 against bots. Saved games, a new game, the table with your cards drawn as
cards, every decision by key or mouse, hints, the rules, a score chart; each action is
stored in the same database as `chicago serve` uses, under a local owner (local.py).
"""

from __future__ import annotations

import sys
from typing import Final

from chicago.core.rules import DEFAULT_PROFILE, RuleProfile

__all__ = ["run"]

PACE_ENV: Final = "CHICAGO_TUI_PACE"


def run(
    *,
    seats: int = 4,
    levels: tuple[str, ...] = (),
    profile: RuleProfile = DEFAULT_PROFILE,
    seed: int | None = None,
    database_url: str | None = None,
    start_new: bool = False,
) -> int:
    """Open the game; 0 when the player quits, 2 when the database cannot be opened."""
    import os

    from chicago.store import default_database_url, describe_url
    from chicago.tui.app import ChicagoApp, NewGameDefaults
    from chicago.tui.local import local_owner, open_service

    url = database_url or default_database_url()
    try:
        service = open_service(url)
    except Exception as e:  # a bad URL, an unreachable server, a read-only directory
        print(f"chicago play: cannot open the database {describe_url(url)}: {e}"
              .replace("\n", " "), file=sys.stderr)
        return 2
    try:
        pace = float(os.environ.get(PACE_ENV, "1") or "1")
    except ValueError:
        pace = 1.0
    app = ChicagoApp(
        service,
        local_owner(),
        defaults=NewGameDefaults(seats, levels, profile, seed),
        pace=max(0.0, pace),
        start_new=start_new,
    )
    try:
        app.run()
    finally:
        service.store.close()
    return 0
