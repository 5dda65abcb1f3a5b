"""The SQLite backup of docs/operating.md, run as the guide writes it, on a server's live
database: the copy holds every answered action, even those still in the write-ahead log,
which a copy of the main file alone would lose. (PostgreSQL's pg_dump and pg_restore are
proven by scripts/deploy-check.)"""

from __future__ import annotations

import contextlib
import random
import shlex
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from test_api_support import Player

from chicago.store import Store
from chicago.web.app import create_app

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "operating.md"


def guide_backup_command(source: Path, target: Path) -> list[str]:
    """The guide's SQLite backup line, with this interpreter and these paths."""
    lines = [ln for ln in GUIDE.read_text().splitlines() if ".backup(sqlite3.connect(" in ln]
    assert len(lines) == 1, "docs/operating.md should show one SQLite backup command"
    words = shlex.split(lines[0])
    start = next(i for i, w in enumerate(words) if w.endswith("/python"))
    _python, flag, code, src, _dst = words[start:]
    assert flag == "-c" and src.endswith("chicago.db"), words
    return [sys.executable, flag, code, str(source), str(target)]


def test_the_guides_sqlite_backup_copies_a_live_database(tmp_path: Path) -> None:
    db = tmp_path / "chicago.db"
    app = create_app(f"sqlite:///{db}")
    try:
        p = Player(app)
        r = p.post("/api/games", {"seats": 3, "level": "easy", "seed": 5})
        assert r.status_code == 201, r.text
        t = r.json()
        rng = random.Random(5)
        for _ in range(12):
            t = p.act(t, rng.choice(t["legal"])).json()
        store: Store = app.state.store
        played: list[dict[str, Any]] = store.actions(t["id"], 10**9)
        assert len(played) == t["version"] > 12
        wal = db.with_name("chicago.db-wal")
        assert wal.exists() and wal.stat().st_size > 0  # the commits are still in the log

        shutil.copy(db, tmp_path / "main-file-only.db")
        backup = tmp_path / "backup.db"
        subprocess.run(guide_backup_command(db, backup), check=True, timeout=60)
    finally:
        app.state.store.close()

    copy = Store(f"sqlite:///{backup}", apply_migrations=False)
    try:
        row = copy.get_game(t["id"])
        assert row is not None and row.version == t["version"]
        assert copy.actions(t["id"], 10**9) == played
    finally:
        copy.close()
    # Why the guide says never to copy the main file alone: the game (here even the
    # tables) is not in it yet.
    with contextlib.closing(sqlite3.connect(tmp_path / "main-file-only.db")) as alone:
        try:
            found = alone.execute("SELECT version FROM games WHERE id = ?", (t["id"],)).fetchone()
        except sqlite3.OperationalError:  # no such table
            found = None
    assert found is None or found[0] < t["version"]
