"""A progress bar for the long commands (`chicago arena`, `chicago review`): how far, how
fast and how long still to go, drawn by rich on a terminal. Piped or redirected, nothing is
written: a log or a script reads only the result."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TextIO

from chicago.text.i18n import _
from chicago.text.numbers import decimal

if TYPE_CHECKING:
    from rich.progress import Task
    from rich.text import Text

Update = Callable[[int], None]
"""Told how many of the total are done."""


def on_a_terminal(out: TextIO | None) -> bool:
    return out is not None and bool(getattr(out, "isatty", lambda: False)())


@contextlib.contextmanager
def progress(total: int, what: str, out: TextIO | None) -> Iterator[Update]:
    """A bar counting `total` things (`what`: "games", "decisions", already in the reader's
    language) on `out` when it is a terminal; elsewhere an update that does nothing."""
    if not on_a_terminal(out):
        yield lambda done: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    class Rate(ProgressColumn):
        """Things a second, in the reader's numbers."""

        def render(self, task: Task) -> Text:
            from rich.text import Text

            speed = task.finished_speed or task.speed
            shown = "–" if speed is None else decimal(speed)
            return Text(_("{rate} a second", rate=shown), style="progress.data.speed")

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), Rate(),
               TextColumn(_("left:")), TimeRemainingColumn())
    with Progress(*columns, console=Console(file=out), transient=False) as bar:
        task = bar.add_task(what, total=total)
        yield lambda done: bar.update(task, completed=done)
