"""What the table screen needs from the app that shows it, so the two do not import each other."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from chicago.store import Owner
from chicago.table.tables.service import TableService


@runtime_checkable
class TableHost(Protocol):
    """The Textual app as the table screen sees it: the service, the owner, the settings."""

    service: TableService
    owner: Owner
    pace: float
    four_colour: bool

    @property
    def pace_name(self) -> str: ...

    def cycle_pace(self) -> None: ...

    def new_game(self, replace: bool = False) -> None: ...
