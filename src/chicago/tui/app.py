"""The Textual app: saved games, a new game, the table (table.py) and the small screens.

`chicago play` opens it on the database the web app uses (`chicago serve`), with the games of
the local owner (local.py). Every decision is stored by the table service as it is made, so
leaving (Escape, q, or closing the terminal) loses nothing: the game is in the list of saved
games to resume.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import ClassVar, Final

from rich.console import RenderableType
from textual import on
from textual.actions import ActionParseResult
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets import Button, Checkbox, DataTable, Footer, Input, Label, Select, Static

from chicago.bots import DEFAULT_LEVEL, LEVELS
from chicago.core.rules import (
    DEFAULT_PROFILE,
    PRESETS,
    RuleProfile,
    get_profile,
)
from chicago.store import GameRow, Owner, describe_url
from chicago.table.tables.service import ServiceError, Table, TableService
from chicago.text.core_errors import error_words
from chicago.text.i18n import N_, _
from chicago.text.level_words import LEVEL_WORDS
from chicago.text.rules_text import profile_title, rules_markdown
from chicago.tui.dialogs import ConfirmScreen, PathScreen, RulesScreen
from chicago.tui.local import default_export_path, export_game, import_game
from chicago.tui.model import seat_name
from chicago.tui.rule_changes import changes_text, profile_from_form, profile_json_knobs
from chicago.tui.table import TableScreen
from chicago.tui.words import TranslatedBindings

PACES: Final = ((N_("normal"), 1.0), (N_("fast"), 0.35), (N_("slow"), 1.8),
                (N_("instant"), 0.0))


@dataclass
class NewGameDefaults:
    """What the new-game form starts with (from the command line)."""

    seats: int = 4
    levels: tuple[str, ...] = ()
    """One level per opponent; empty: normal for all."""
    profile: RuleProfile = DEFAULT_PROFILE
    seed: int | None = None

    def level(self, seat: int) -> str:
        if 1 <= seat <= len(self.levels):
            return self.levels[seat - 1]
        return self.levels[-1] if self.levels else DEFAULT_LEVEL


class ChicagoApp(TranslatedBindings, App[None]):
    """Chicago in the terminal: you are seat 0; the others are bots."""

    TITLE = "Chicago"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { background: $background; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "quit", N_("Quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        service: TableService,
        owner: Owner,
        *,
        defaults: NewGameDefaults | None = None,
        pace: float = 1.0,
        four_colour: bool = False,
        start_new: bool = False,
    ) -> None:
        super().__init__()
        self.service = service
        self.owner = owner
        self.defaults = defaults or NewGameDefaults()
        self.pace = pace
        """Seconds scale of the pauses between shown events (0: no pauses)."""
        self.four_colour = four_colour
        self.start_new = start_new
        self.leaving = False
        """Quitting was chosen: keys typed after it (still queued) do nothing."""

    def exit(self, result: None = None, return_code: int = 0,
             message: RenderableType | None = None) -> None:
        self.leaving = True
        super().exit(result, return_code, message)

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """No action once the app is leaving: a key typed quickly after "quit" (n for a new
        game) would otherwise open a screen while the app tears its screens down."""
        if self.leaving:
            return True
        return await super().run_action(action, default_namespace, namespaces)

    @property
    def pace_name(self) -> str:
        for name, value in PACES:
            if value == self.pace:
                return name
        return f"×{self.pace:g}"

    def cycle_pace(self) -> None:
        values = [v for _, v in PACES]
        i = values.index(self.pace) if self.pace in values else -1
        self.pace = values[(i + 1) % len(values)]

    def on_mount(self) -> None:
        self.push_screen(MenuScreen())
        if self.start_new:
            self.new_game()

    def new_game(self, replace: bool = False) -> None:
        """Open the new-game form (replacing the table on top when `replace`)."""
        if replace:
            self.switch_screen(NewGameScreen())
        else:
            self.push_screen(NewGameScreen())

    def open_table(self, table: Table, *, fresh: bool = False, replace: bool = False) -> None:
        screen = TableScreen(table, fresh=fresh)
        if replace:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)


# Saved games -----------------------------------------------------------------------------


def _when(moment: datetime) -> str:
    return moment.astimezone().strftime("%m-%d %H:%M")


def _opponents(levels: tuple[str | None, ...]) -> str:
    rest = [x or "?" for x in levels[1:]]
    if rest and all(x == rest[0] for x in rest):
        return f"{rest[0]} ×{len(rest)}"
    return ",".join(x[0] for x in rest)


def _status(row: GameRow) -> str:
    s = row.summary
    if s.status == "finished":
        if s.winner == 0:
            return _("you won")
        if s.winner is not None:
            return _("{name} won", name=seat_name(s.winner))
        return _("Game over.")
    return _("in play")


class MenuScreen(TranslatedBindings, Screen[None]):
    """The saved games of the local owner: resume, delete, export, import, or start anew."""

    DEFAULT_CSS = """
    MenuScreen { layout: vertical; }
    MenuScreen #title { height: 1; text-style: bold; background: $primary-darken-2;
                        padding: 0 1; width: 100%; }
    MenuScreen #games { height: 1fr; }
    MenuScreen #empty { height: auto; padding: 1 2; }
    MenuScreen #where { height: 1; color: $text-muted; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", N_("New game")),
        Binding("enter", "resume", N_("Resume"), show=False),
        Binding("d", "delete", N_("Delete")),
        Binding("x", "export", N_("Export")),
        Binding("i", "import", N_("Import")),
        Binding("question_mark", "rules", N_("Rules")),
        Binding("q", "quit", N_("Quit")),
        Binding("escape", "ask_quit", N_("Quit"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[GameRow] = []

    @property
    def chicago(self) -> ChicagoApp:
        app = self.app
        assert isinstance(app, ChicagoApp)
        return app

    def compose(self) -> ComposeResult:
        yield Static(_("Chicago — saved games (you are seat 0; every move is saved)"),
                     id="title")
        table: DataTable[str] = DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static("", id="empty")
        yield Static("", id="where")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#games", DataTable)
        table.add_columns(_("Started"), _("Rules"), _("Opponents"), _("Deal"), _("Scores"),
                          _("Status"))
        store = self.chicago.service.store
        self.query_one("#where", Static).update(_("Saved in {where}",
                                                  where=describe_url(store.url)))
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self, select: str | None = None) -> None:
        table = self.query_one("#games", DataTable)
        self.rows = self.chicago.service.list(self.chicago.owner)
        table.clear()
        for row in self.rows:
            table.add_row(
                _when(row.created),
                row.profile_id.removeprefix("chicago-")[:16],
                _opponents(row.levels),
                str(row.summary.deal),
                " ".join(str(s) for s in row.summary.scores),
                _status(row),
                key=row.id,
            )
        empty = self.query_one("#empty", Static)
        if self.rows:
            empty.update(_("Enter or click: resume   n: new game   d: delete   x: export   "
                           "i: import a game file"))
            table.display = True
            table.focus()
            if select is not None:
                ids = [r.id for r in self.rows]
                if select in ids:
                    table.move_cursor(row=ids.index(select))
        else:
            empty.update(_("No saved games yet. Press n to start a game, or i to import a "
                           "game file."))
            table.display = False

    def _current(self) -> GameRow | None:
        table = self.query_one("#games", DataTable)
        if not self.rows or table.cursor_row < 0 or table.cursor_row >= len(self.rows):
            return None
        return self.rows[table.cursor_row]

    def action_new(self) -> None:
        self.chicago.new_game()

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        self.action_resume()

    def action_resume(self) -> None:
        row = self._current()
        if row is None:
            return
        try:
            table = self.chicago.service.get(self.chicago.owner, row.id).table
        except ServiceError as e:
            self.app.notify(e.message, severity="error")
            self.reload()
            return
        self.chicago.open_table(table)

    def action_delete(self) -> None:
        row = self._current()
        if row is None:
            return

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.chicago.service.delete(self.chicago.owner, row.id)
            except ServiceError as e:
                self.app.notify(e.message, severity="error")
            else:
                self.app.notify(_("Game deleted."), timeout=3)
            self.reload()

        self.app.push_screen(
            ConfirmScreen(
                _("Delete the game started {when} (deal {deal}, and all its moves)? This "
                  "cannot be undone.", when=_when(row.created), deal=row.summary.deal),
                _("Delete it"), _("Keep it"),
            ),
            answer,
        )

    def action_export(self) -> None:
        row = self._current()
        if row is None:
            return
        app = self.chicago

        def export(path: Path) -> str:
            return str(export_game(app.service, app.owner, row.id, path))

        def done(path: str | None) -> None:
            if path:
                self.app.notify(_("Game file written to {path}", path=path), timeout=4)

        self.app.push_screen(
            PathScreen(_("Export the game to the file:"), str(default_export_path(row.id)),
                       export),
            done,
        )

    def action_import(self) -> None:
        app = self.chicago

        def load(path: Path) -> Table:
            return import_game(app.service, app.owner, path)

        def done(table: Table | None) -> None:
            if table is not None:
                self.app.notify(_("Game imported."), timeout=3)
                app.open_table(table)

        self.app.push_screen(
            PathScreen(_("Import a game file (chicago-game/1 JSON):"), "chicago-game.json",
                       load),
            done,
        )

    def action_rules(self) -> None:
        row = self._current()
        profile = self.chicago.defaults.profile
        if row is not None:
            with contextlib.suppress(ServiceError):
                profile = self.chicago.service.get(self.chicago.owner, row.id).table.profile
        self.app.push_screen(RulesScreen(rules_markdown(profile)))

    def action_quit(self) -> None:
        self.app.exit()

    def action_ask_quit(self) -> None:
        """Escape here leaves the program: ask first (Escape elsewhere only goes back)."""

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(ConfirmScreen(_("Quit Chicago? Every move is saved."),
                                           _("Quit"), _("Stay")), answer)


# A new game --------------------------------------------------------------------------------


class NewGameScreen(TranslatedBindings, Screen[None]):
    """Seats, the opponents' levels, the rules preset, the seed; Enter starts."""

    working = False  # a game is being dealt in a worker

    DEFAULT_CSS = """
    NewGameScreen { layout: vertical; }
    NewGameScreen #title { height: 1; text-style: bold; background: $primary-darken-2;
                           padding: 0 1; width: 100%; }
    NewGameScreen #form { height: 1fr; padding: 0 2; }
    NewGameScreen .row { height: 1; margin-top: 1; }
    NewGameScreen .level { height: 1; }
    /* A label one column wider than its longest words ("Platser (du + datorer)"): its value
       never runs into it. */
    NewGameScreen .row Label, NewGameScreen .level Label { width: 24; padding-right: 1; }
    NewGameScreen Select { width: 1fr; max-width: 54; }
    /* The rules' titles are long (in Swedish up to 58 characters): the choice gets a line of
       its own, the form's whole width. */
    NewGameScreen #rules-row { height: 2; margin-top: 1; }
    NewGameScreen #rules-row Select { width: 100%; max-width: 100%; }
    NewGameScreen Input { width: 24; }
    NewGameScreen #levels { height: auto; }
    NewGameScreen #changes { width: 1fr; }
    NewGameScreen #changes-help { height: auto; color: $text-muted; padding-left: 24; }
    NewGameScreen #start-row { height: 1; margin-top: 1; }
    NewGameScreen #start-row Button { margin-right: 2; }
    NewGameScreen #error { color: $error; height: auto; }
    /* Compact fields have no frame to light up: the focused one takes the cursor colours
       (as a focused checkbox's label does; a focused button is already drawn reversed). */
    NewGameScreen Select:focus > SelectCurrent, NewGameScreen Input:focus {
        background: $block-cursor-background; color: $block-cursor-foreground;
        text-style: bold;
    }
    NewGameScreen Select:focus > SelectCurrent Static#label,
    NewGameScreen Select:focus > SelectCurrent .arrow {
        color: $block-cursor-foreground; text-style: bold;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", N_("Start")),
        Binding("ctrl+r", "rules", N_("Rules")),
        Binding("escape", "back", N_("Back")),
    ]

    @property
    def chicago(self) -> ChicagoApp:
        app = self.app
        assert isinstance(app, ChicagoApp)
        return app

    def compose(self) -> ComposeResult:
        d = self.chicago.defaults
        level_options = [(_(LEVEL_WORDS[x]) if x in LEVEL_WORDS else x, x) for x in LEVELS]
        yield Static(_("Chicago — a new game"), id="title")
        with VerticalScroll(id="form"):
            with Horizontal(classes="row"):
                yield Label(_("Seats (you + bots)"))
                yield Select([(str(n), n) for n in range(2, 7)], value=d.seats,
                             allow_blank=False, compact=True, id="seats")
            with Horizontal(classes="row"):
                yield Label(_("All opponents"))
                yield Select([(_("as below"), "mixed"), *level_options],
                             value=d.levels[0] if len(set(d.levels)) == 1 else (
                                 "mixed" if d.levels else DEFAULT_LEVEL),
                             allow_blank=False, compact=True, id="all-levels")
            with Vertical(id="levels"):
                for seat in range(1, 6):
                    with Horizontal(classes="level", id=f"level-row-{seat}"):
                        yield Label("  " + seat_name(seat))
                        yield Select(level_options, value=d.level(seat), allow_blank=False,
                                     compact=True, id=f"level-{seat}")
            with Vertical(id="rules-row"):
                yield Label(_("Rules"))
                # Titles only: with their ids the options wrapped and ran off an 80×24 screen.
                yield Select([(profile_title(p), p.id) for p in PRESETS.values()],
                             value=d.profile.base or d.profile.id, allow_blank=False,
                             compact=True, id="profile")
            with Horizontal(classes="row"):
                yield Label(_("Rule changes"))
                yield Input(changes_text(d.profile), placeholder=_("none, or like target=51"),
                            compact=True, id="changes")
            yield Static(_("knob=value, comma-separated, as for chicago rules --set; "
                           "ctrl+r shows the rules they make"), id="changes-help")
            with Horizontal(classes="row"):
                yield Label(_("Seed (blank: random)"))
                yield Input("" if d.seed is None else str(d.seed), placeholder=_("random"),
                            type="integer", compact=True, id="seed")
            with Horizontal(classes="row"):
                yield Label(_("Suits"))
                yield Checkbox(_("four colours"), self.chicago.four_colour, compact=True,
                               id="four-colour")
            with Horizontal(id="start-row"):
                yield Button(_("Start (Enter)"), id="start", variant="primary", compact=True)
                yield Button(_("Back (Esc)"), id="back", compact=True)
            yield Static("", id="error")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._show_levels()
        self.query_one("#start", Button).focus()

    def _seats(self) -> int:
        value = self.query_one("#seats", Select).value
        return value if isinstance(value, int) else 4

    def _show_levels(self) -> None:
        n = self._seats()
        mixed = self.query_one("#all-levels", Select).value == "mixed"
        for seat in range(1, 6):
            self.query_one(f"#level-row-{seat}").display = mixed and seat < n

    @on(Select.Changed, "#seats")
    def _seats_changed(self) -> None:
        self._show_levels()

    @on(Select.Changed, "#all-levels")
    def _all_changed(self, event: Select.Changed) -> None:
        if event.value in LEVELS:
            for seat in range(1, 6):
                self.query_one(f"#level-{seat}", Select).value = event.value
        self._show_levels()

    @on(Checkbox.Changed, "#four-colour")
    def _colours(self, event: Checkbox.Changed) -> None:
        self.chicago.four_colour = event.value

    def _profile(self) -> RuleProfile:
        """The chosen preset with the typed changes (ValueError naming what is wrong)."""
        base = str(self.query_one("#profile", Select).value)
        return profile_from_form(base, self.query_one("#changes", Input).value)

    def action_rules(self) -> None:
        try:
            profile = self._profile()
        except ValueError as e:  # a contradiction in the player's language (error_words)
            self.query_one("#error", Static).update(error_words(e))
            return
        self.app.push_screen(RulesScreen(rules_markdown(profile)))

    @on(Button.Pressed, "#start")
    @on(Input.Submitted, "#seed")
    @on(Input.Submitted, "#changes")
    def action_start(self) -> None:
        error = self.query_one("#error", Static)
        n = self._seats()
        levels = [str(self.query_one(f"#level-{seat}", Select).value) for seat in range(1, n)]
        try:
            profile = self._profile()
        except ValueError as e:
            error.update(error_words(e))
            return
        text = self.query_one("#seed", Input).value.strip()
        seed: int | None = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                error.update(_("The seed is a whole number (or blank for a random one)."))
                return
        error.update(_("Dealing…"))
        self.working = True  # until the table opens or the service refuses
        self.run_worker(self._create(n, levels, profile, seed), exclusive=True)

    async def _create(
        self, seats: int, levels: list[str], profile: RuleProfile, seed: int | None
    ) -> None:
        app = self.chicago
        chosen: object = profile.id
        if profile.base:  # a custom profile: its preset and the knobs that differ from it
            preset = get_profile(profile.base)
            chosen = {"base": profile.base, "changes": {
                k: v for k, v in profile_json_knobs(profile).items()
                if getattr(preset, k) != getattr(profile, k)}}
        try:
            table = (await asyncio.to_thread(
                app.service.create, app.owner, seats=seats, levels=levels, profile=chosen,
                seed=seed,
            )).table
        except (ServiceError, ValueError) as e:
            message = e.message if isinstance(e, ServiceError) else error_words(e)
            self.query_one("#error", Static).update(message)
            self.working = False
            return
        app.open_table(table, fresh=True, replace=True)

    @on(Button.Pressed, "#back")
    def action_back(self) -> None:
        self.app.pop_screen()
