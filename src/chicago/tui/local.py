"""The terminal game's side of the table service: the local owner, the database, game files.

The terminal game plays through the same `TableService` and the same database as the web
app (`chicago serve`), so its saves sit beside the browser's, each action stored durably as
it is made. Its games belong to a *local* owner: the person at this computer, named by
their login name. Nothing here knows about Textual, so it is tested on its own.
"""

from __future__ import annotations

import getpass
import json
from pathlib import Path
from typing import Any, Final, cast, get_args

from chicago.core import record
from chicago.store import Owner, Store
from chicago.store.repo import OwnerKind
from chicago.table.tables.service import BadRequest, ServiceError, Table, TableService
from chicago.text.core_errors import error_words
from chicago.text.i18n import _
from chicago.text.os_errors import file_error_words

LOCAL_KIND: Final = "local"


def local_owner(user: str | None = None) -> Owner:
    """The owner of the terminal games of `user` (default: the login name).

    The owner kind is "local" when the store knows that kind. A store that knows only
    "guest" and "account" reads any other kind back as "guest", so there the local owner is
    a guest whose id starts with "local:", which no web guest can have (theirs are sha256
    hex digests of a cookie).
    """
    name = user if user is not None else _login_name()
    if LOCAL_KIND in get_args(OwnerKind):
        return Owner(cast(OwnerKind, LOCAL_KIND), name[:64])
    return Owner("guest", f"local:{name}"[:64])


def _login_name() -> str:
    try:
        return getpass.getuser() or "player"
    except (KeyError, OSError):  # no name for this uid (a container, say)
        return "player"


def open_service(database_url: str | None = None) -> TableService:
    """The table service on `database_url` (default: the web app's own default database)."""
    return TableService(Store(database_url))


class GameFileProblem(Exception):
    """A game file that cannot be read, written or imported: the message is one sentence."""


def export_game(service: TableService, owner: Owner, game_id: str, path: Path) -> Path:
    """Write the game file of a saved game (docs/game-file.md, with `meta`) to `path`."""
    data = service.export(owner, game_id, alone=True)
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    try:
        path.expanduser().write_text(text, encoding="utf-8")
    except OSError as e:
        raise GameFileProblem(_("cannot write {path}: {error}", path=path,
                                error=file_error_words(e))) from None
    return path.expanduser()


def import_game(service: TableService, owner: Owner, path: Path) -> Table:
    """Store the game of a game file as a new saved game; GameFileProblem on a bad file.

    The file is checked as `chicago replay` checks it (`record.loads`, then the service's own
    parse and replay), and nothing is stored unless it all replays.
    """
    try:
        text = path.expanduser().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise GameFileProblem(_("cannot read {path}: {error}", path=path,
                                error=file_error_words(e))) from None
    try:
        record.loads(text)  # the same first check and messages as `chicago replay`
        data: Any = json.loads(text)
        return service.import_file(owner, data).table
    except record.GameFileError as e:
        raise GameFileProblem(_("{name} is not a good game file: {error}", name=path.name,
                                error=error_words(e))) from None
    except BadRequest as e:
        raise GameFileProblem(_("{name} is not a good game file: {error}", name=path.name,
                                error=_one_line(e.message))) from None
    except ServiceError as e:
        raise GameFileProblem(_one_line(e.message)) from None


def default_export_path(game_id: str, directory: Path | None = None) -> Path:
    """Where an export goes unless the player says otherwise: the current directory."""
    return (directory or Path.cwd()) / f"chicago-{game_id}.json"


def _one_line(error: object) -> str:
    return str(error).replace("\n", " ").strip()
