"""The table screen's keys beyond the decisions: speed, chart, log, rules, colours, export,
the result and the way back to the saved games."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

from chicago.table.tables.service import Table
from chicago.text.i18n import _
from chicago.text.rules_text import rules_markdown
from chicago.tui.dialogs import (
    ChartScreen,
    GameOverScreen,
    KeysScreen,
    LogScreen,
    PathScreen,
    RulesScreen,
)
from chicago.tui.host import TableHost
from chicago.tui.local import default_export_path, export_game
from chicago.tui.model import Board


class TableKeys:
    """The `action_*` handlers of the table screen that make no decision."""

    if TYPE_CHECKING:
        table: Table
        board: Board
        log_lines: list[str]
        headline: str
        animating: bool
        busy: bool
        pace_note: str

        app: App[Any]
        @property
        def chicago(self) -> TableHost: ...
        def render_all(self) -> None: ...
        def _rewrap_log(self) -> None: ...

    def action_speed(self) -> None:
        app = self.chicago
        app.cycle_pace()  # said in the status line: a toast would cover the prompt
        self.pace_note = _("Speed: {pace}", pace=_(app.pace_name))
        self.render_all()

    def action_chart(self) -> None:
        t = self.table
        self.app.push_screen(ChartScreen(t.history, self.board.scores, t.levels,
                                         t.profile.target))

    def action_log(self) -> None:
        self.app.push_screen(LogScreen(list(self.log_lines), self.chicago.four_colour))

    def action_keys(self) -> None:
        self.app.push_screen(KeysScreen())

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(rules_markdown(self.table.profile)))

    def action_colours(self) -> None:
        app = self.chicago
        app.four_colour = not app.four_colour
        self._rewrap_log()
        self.render_all()
        self.app.notify(_("Four-colour suits") if app.four_colour else _("Two-colour suits"),
                        timeout=2)

    def action_export(self) -> None:
        app = self.chicago
        game_id = self.table.id

        def export(path: Path) -> str:
            return str(export_game(app.service, app.owner, game_id, path))

        def done(path: str | None) -> None:
            if path:
                self.app.notify(_("Game file written to {path}", path=path), timeout=4)

        self.app.push_screen(
            PathScreen(_("Export this game to the file:"), str(default_export_path(game_id)),
                       export),
            done,
        )

    def action_game_over(self) -> None:
        if not self.table.finished or self.animating:
            return
        t = self.table
        v = t.view
        recap_lines = self.board.deal_lines
        headline = self.headline or self.board.banner
        self.app.push_screen(
            GameOverScreen(
                headline, recap_lines, v.scores, t.levels, v.qualified, v.eliminated,
                v.winner, t.seed, t.history, t.profile.target, self.chicago.four_colour,
            ),
            self._after_game,
        )

    def _after_game(self, choice: str | None) -> None:
        if choice == "menu":
            self.app.pop_screen()
        elif choice == "new":
            self.chicago.new_game(replace=True)
        elif choice == "export":
            self.action_export()

    def action_menu(self) -> None:
        if self.busy:
            return
        self.app.pop_screen()

