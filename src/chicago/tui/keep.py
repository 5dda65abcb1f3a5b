"""`chicago keep`: the scorekeeper in the terminal (Textual), on the same service and database
as the web page, under the local owner.

A start screen (players, first dealer, rules; or a saved pad), then the pad: the scores with
each player's standing and restrictions, the question now asked with a button per answer,
this deal's story, and keys for undo (u), the entries to correct (e), the score sheet (s),
export (x), Escape to cancel what is half entered or a correction, and q back to the pads
(ctrl+q quits, asking first). Every entry is saved before the screen changes; it fits a
terminal of 80×24.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Input, Label, Select, Static

from chicago.core.keep import CATEGORIES, Ask, Line, two_counts
from chicago.core.keepfile import entry_to_json
from chicago.core.rules import PRESETS, QuadsRule
from chicago.store import Owner
from chicago.table.scorekeeper import Dropping, KeepService, Kept
from chicago.table.tables.service import ServiceError
from chicago.text import keep as words
from chicago.text.i18n import N_, _
from chicago.text.rules_text import profile_title
from chicago.tui.dialogs import ConfirmScreen
from chicago.tui.words import TranslatedBindings

TALL = 30
"""From this many rows the answers are full buttons; below, one line each (80×24 fits)."""
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class StartScreen(TranslatedBindings, Screen[None]):
    """New pad: names in seating order, the first dealer, the rules; or open a saved pad."""

    BINDINGS: ClassVar = [
        Binding("escape", "app.ask_quit", N_("Quit"), show=False),  # ^q Quit is shown
    ]

    def __init__(self, service: KeepService, owner: Owner) -> None:
        super().__init__()
        self.service = service
        self.owner = owner

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="start"):
            yield Label(_("Scorekeeper"), classes="title")
            yield Label(_("Players in seating order"))
            yield Input(placeholder="Anna, Bo, Cia, Dan", id="names")
            yield Label(_("First dealer") + " (1, 2, …)")
            yield Input(value="1", id="dealer", type="integer")
            yield Label(_("Rules"))
            yield Select([(profile_title(p), p.id) for p in PRESETS.values()],
                         value="chicago-gamewide-0.2", allow_blank=False, id="profile")
            yield Button(_("Start keeping score"), id="start-pad", variant="primary")
            yield Static("", id="start-notice")
            yield Label(_("Your score pads"))
            for row in self.service.owned(self.owner)[:8]:
                names = ", ".join(row.setup.get("players", []))
                scores = " · ".join(str(x) for x in row.summary.scores)
                yield Button(f"{names} — {scores}", id=f"open-{row.id}", classes="saved")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#names", Input).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        app = self.app
        assert isinstance(app, KeepApp)
        bid = event.button.id or ""
        if bid.startswith("open-"):
            app.open_pad(self.service.get(self.owner, bid[5:]))
            return
        if bid != "start-pad":
            return
        typed = self.query_one("#names", Input).value
        if not typed.strip():  # nothing typed: say what to type (the service would count 1)
            self.query_one("#start-notice", Static).update(
                _("Type the players' names in seating order, separated by commas: 2 to 6 "
                  "players."))
            return
        names = [n.strip() for n in typed.split(",")]
        try:
            dealer = int(self.query_one("#dealer", Input).value or "1") - 1
        except ValueError:
            dealer = -1
        profile = self.query_one("#profile", Select).value
        try:
            kept = self.service.create(self.owner, {"players": names, "dealer": dealer,
                                                    "profile": profile})
        except ServiceError as e:
            self.query_one("#start-notice", Static).update(e.message)
            return
        app.open_pad(kept)


class EntriesScreen(TranslatedBindings, ModalScreen[int | None]):
    """The entries so far; choosing one starts its correction."""

    BINDINGS: ClassVar = [Binding("escape", "dismiss(None)", N_("Close")),
                          Binding("q", "dismiss(None)", N_("Close"), show=False)]

    def __init__(self, kept: Kept) -> None:
        super().__init__()
        self.kept = kept

    def compose(self) -> ComposeResult:
        pad = self.kept.pad
        with VerticalScroll(id="entries"):
            yield Label(_("Entries"), classes="title")
            for i, line in enumerate(pad.lines):
                text = words.entry_text(line.entry, pad.setup.players, pad.setup.profile)
                with Horizontal(classes="entry"):
                    yield Static(f"{i + 1}. {text}", classes="entry-text")
                    yield Button(_("Correct"), id=f"fix-{i}", classes="fix")
            yield Button(_("Close"), id="close-entries")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        bid = event.button.id or ""
        self.dismiss(int(bid[4:]) if bid.startswith("fix-") else None)


class SheetScreen(TranslatedBindings, ModalScreen[None]):
    BINDINGS: ClassVar = [Binding("escape", "dismiss", N_("Close")),
                          Binding("q", "dismiss", N_("Close"), show=False)]

    def __init__(self, kept: Kept) -> None:
        super().__init__()
        self.kept = kept

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet"):
            yield Label(_("Score sheet"), classes="title")
            yield DataTable(id="sheet-table", cursor_type="none")
            yield Button(_("Close"), id="close-sheet")

    def on_mount(self) -> None:
        pad = self.kept.pad
        table = self.query_one(DataTable)
        table.add_columns(_("Deal"), *pad.setup.players)
        for line in pad.lines:
            for e in line.events:
                if type(e).__name__ == "DealEnded":
                    table.add_row(str(getattr(e, "deal", "")), *(str(x) for x in line.scores))
        if pad.finished:
            table.add_row(str(pad.state.deal), *(str(x) for x in pad.state.scores))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()


class PadScreen(TranslatedBindings, Screen[None]):
    """The pad at the table."""

    BINDINGS: ClassVar = [
        Binding("u", "undo", N_("Undo")),
        Binding("e", "entries", N_("Entries")),
        Binding("s", "sheet", N_("Sheet")),
        Binding("x", "export", N_("Export")),
        Binding("escape", "cancel", N_("Cancel")),
        Binding("q", "back", N_("Score pads")),
        # The arrows move between the answers (Tab still works), across the grid's rows too.
        Binding("left", "move(-1)", N_("Previous answer"), show=False),
        Binding("right", "move(1)", N_("Next answer"), show=False),
        Binding("up", "move_row(-1)", N_("Previous answer"), show=False),
        Binding("down", "move_row(1)", N_("Next answer"), show=False),
    ]

    def __init__(self, service: KeepService, owner: Owner, kept: Kept) -> None:
        super().__init__()
        self.service = service
        self.owner = owner
        self.kept = kept
        self.correcting: Line | None = None
        self.correct_index = -1
        self.form: dict[str, Any] = {}
        self.generation = 0

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="pad"):
            yield Static("", id="deal")
            yield DataTable(id="scores", cursor_type="none")
            yield Static("", id="correcting")
            yield Static("", id="question")
            yield Static("", id="step")
            yield Grid(id="choices")
            yield Static("", id="notice")
            yield Static("", id="now")
        yield Footer()

    def on_mount(self) -> None:
        scores = self.query_one("#scores", DataTable)
        scores.show_header = False
        scores.add_columns("", "", "")
        self.render_pad()

    # Drawing --------------------------------------------------------------------------------

    def render_pad(self) -> None:
        pad = self.kept.pad
        s = pad.state
        names = pad.setup.players
        deal = self.query_one("#deal", Static)
        if s.finished:
            deal.update(_("Game over after deal {deal}", deal=s.deal))
        else:
            deal.update(_("Deal {deal} · {name} deals · to {target}", deal=s.deal,
                          name=names[s.dealer], target=s.profile.target))
        table = self.query_one("#scores", DataTable)
        table.clear()
        restricted = words.restrictions(pad)
        for x, name in enumerate(names):
            notes = ", ".join(n for n in (words.standing(pad, x), restricted.get(x)) if n)
            mark = " *" if s.dealer == x and not s.finished else ""
            table.add_row(name + mark, str(s.scores[x]), notes, key=str(x))
        self.query_one("#correcting", Static).update(
            _("Correcting entry {number}: {text}", number=self.correct_index + 1,
              text=words.entry_text(self.correcting.entry, names, s.profile))
            if self.correcting else "")
        ask = self.correcting.ask if self.correcting else pad.ask
        winner = _("{name} wins the game!", name=names[s.winner]) if s.winner is not None else ""
        text = winner if (winner and not self.correcting) else words.question(
            ask, names, s.profile)
        self.query_one("#question", Static).update(text)
        story = [t for t in (words.event_line(e, names, s.profile)
                             for e in pad.deal_events()) if t]
        self.query_one("#now", Static).update("\n".join(story[-6:]))
        self.draw_choices(ask)

    def draw_choices(self, ask: Ask) -> None:
        category = self.form.get("category")
        self.query_one("#step", Static).update(
            words.who_had_it(category) if category and ask.kind == "stage" else "")
        self.show_buttons(self.buttons(ask))

    def show_buttons(self, buttons: list[Button]) -> None:
        """The answers as a grid of buttons, as many columns as their longest label leaves
        room for (so that no label is cut at 80 columns), the first one focused."""
        focused = self.focused
        keep = focused.name if isinstance(focused, Button) else None
        self.generation += 1
        grid = self.query_one("#choices", Grid)
        longest = max((len(str(b.label)) for b in buttons), default=8)
        width = max(self.size.width or self.app.size.width, 20) - 2
        grid.styles.grid_size_columns = max(1, min(5, width // (longest + 5)))
        grid.set_class(self.app.size.height < TALL, "compact")
        grid.remove_children()
        grid.mount_all(buttons)
        if buttons:  # the same answer keeps the focus (a seat toggled), else the first
            again = [b for b in buttons if keep is not None and b.name == keep]
            (again or buttons)[0].focus()

    def _answers(self) -> list[Button]:
        return list(self.query("#choices Button").results(Button))

    def action_move(self, step: int) -> None:
        """The answer before or after the focused one (round the ends)."""
        answers = self._answers()
        if not answers:
            return
        focused = self.focused
        at = answers.index(focused) if isinstance(focused, Button) and focused in answers else (
            -1 if step > 0 else 0)
        answers[(at + step) % len(answers)].focus()

    def action_move_row(self, rows: int) -> None:
        """The answer above or below the focused one in the grid of answers."""
        columns = self.query_one("#choices", Grid).styles.grid_size_columns or 1
        answers = self._answers()
        focused = self.focused
        if not answers or not (isinstance(focused, Button) and focused in answers):
            self.action_move(rows)
            return
        at = answers.index(focused) + rows * columns
        if 0 <= at < len(answers):
            answers[at].focus()

    def _button(self, label: str, name: str, variant: str = "default",
                pressed: bool = False) -> Button:
        compact = self.app.size.height < TALL  # one line per answer where rows are few
        return Button(label, id=f"{name}-{self.generation}", name=name, compact=compact,
                      variant="primary" if pressed else variant)  # type: ignore[arg-type]

    def buttons(self, ask: Ask) -> list[Button]:
        pad = self.kept.pad
        names = pad.setup.players
        active = [x for x in range(pad.state.seats) if not pad.state.eliminated[x]]
        f = self.form
        if ask.kind == "stage":
            if "category" not in f:
                return [self._button(words.category(c), f"cat_{c}") for c in CATEGORIES]
            out = [self._button(names[x], f"seat_{x}", pressed=x in f["seats"]) for x in active]
            if f["category"] == "four_of_a_kind" and pad.setup.profile.quads is QuadsRule.CHOICE:
                out += [self._button(r, f"rank_{i + 2}", pressed=f.get("rank") == i + 2)
                        for i, r in enumerate(RANKS)]
            return [*out, self._button(_("Back"), "back"),
                    self._button(_("Save"), "save", "success")]
        if ask.kind == "exchange":  # R2.4: one player: yes or no; several: pick, or nobody
            if len(ask.seats) == 1:
                return [self._button(_("No"), "nobody"),
                        self._button(_("Yes, {name} exchanged", name=names[ask.seats[0]]),
                                     f"exchanged_{ask.seats[0]}")]
            seats = f.setdefault("seats", [])
            return [*(self._button(names[x], f"seat_{x}", pressed=x in seats)
                      for x in ask.seats), self._button(_("Nobody"), "nobody"),
                    self._button(_("Save"), "save", "success")]
        if ask.kind == "quads":
            return [self._button(_("Take the points"), "points"),
                    self._button(_("Reset the others"), "reset")]
        if ask.kind == "chicago":
            return [*(self._button(names[x], f"call_{x}") for x in ask.seats),
                    self._button(_("Nobody"), "nobody")]
        if ask.kind == "tricks":  # a two only where the profile scores it (R6.3)
            two = ([self._button(_("With a two"), "two", pressed=f.get("two", False))]
                   if two_counts(pad.setup.profile, ask.caller) else [])
            if ask.caller is not None:
                return [self._button(_("{name} took all five", name=names[ask.caller]),
                                     f"win_{ask.caller}", "success"), *two,
                        *(self._button(names[x], f"win_{x}") for x in active
                          if x != ask.caller)]
            return [*(self._button(names[x], f"win_{x}") for x in active), *two]
        return []

    # Answering ------------------------------------------------------------------------------

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = event.button.name or ""
        ask = self.correcting.ask if self.correcting else self.kept.pad.ask
        f = self.form
        deal = ask.deal
        if name.startswith("cat_"):
            category = name[4:]
            if category == "none":
                self.submit({"kind": "stage", "deal": deal, "number": ask.number,
                             "seats": [], "category": "none"})
                return
            self.form = {"category": category, "seats": []}
        elif name.startswith("seat_"):
            x = int(name[5:])
            seats = f.setdefault("seats", [])
            f["seats"] = [y for y in seats if y != x] if x in seats else [*seats, x]
        elif name.startswith("rank_"):
            f["rank"] = int(name[5:])
        elif name == "back":
            self.form = {}
        elif name == "two":
            f["two"] = not f.get("two", False)
        elif name.startswith("exchanged_") or (name == "nobody" and ask.kind == "exchange"):
            seats = [int(name[10:])] if name.startswith("exchanged_") else []
            self.submit({"kind": "exchange", "deal": deal, "number": ask.number,
                         "seats": seats})
            return
        elif name == "save":
            if ask.kind == "exchange":
                self.submit({"kind": "exchange", "deal": deal, "number": ask.number,
                             "seats": f.get("seats", [])})
            else:
                entry = {"kind": "stage", "deal": deal, "number": ask.number,
                         "seats": f.get("seats", []), "category": f.get("category", "")}
                if "rank" in f:
                    entry["rank"] = f["rank"]
                self.submit(entry)
            return
        elif name in ("points", "reset"):
            self.submit({"kind": "quads", "deal": deal, "choice": name})
            return
        elif name.startswith("call_") or name == "nobody":
            self.submit({"kind": "chicago", "deal": deal,
                         "seat": None if name == "nobody" else int(name[5:])})
            return
        elif name.startswith("win_"):
            x = int(name[4:])
            two = f.get("two", False) and (ask.caller is None or x == ask.caller)
            self.submit({"kind": "tricks", "deal": deal, "seat": x, "two": two})
            return
        elif name == "drop":
            self.submit(self.form["pending"], drop=True)
            return
        elif name == "cancel":
            self.action_cancel()
            return
        self.draw_choices(ask)

    def submit(self, entry: dict[str, Any], drop: bool = False) -> None:
        notice = self.query_one("#notice", Static)
        try:
            if self.correcting is not None:
                self.kept = self.service.correct(self.owner, self.kept.id, self.kept.version,
                                                 self.correct_index, entry, drop)
                self.correcting = None
                if self.kept.dropped:
                    notice.update(_("Later entries dropped ({n}): {reason}",
                                    n=len(self.kept.dropped), reason=self.kept.dropped_reason))
                else:
                    notice.update("")
            else:
                self.kept = self.service.add(self.owner, self.kept.id, self.kept.version, entry)
                notice.update("")
        except Dropping as asked:  # name what would go; Cancel (first) changes nothing
            names, profile = self.kept.pad.setup.players, self.kept.pad.setup.profile
            going = "\n".join(f"  – {words.entry_text(e, names, profile)}"
                               for e in asked.entries[:4])
            more = len(asked.entries) - 4
            if more > 0:
                going += "\n  " + _("… and {n} more", n=more)
            notice.update(f"{asked.message}\n{going}")
            self.form = {"pending": entry}
            self.show_buttons([self._button(_("Cancel the correction"), "cancel"),
                               self._button(_("Drop them"), "drop", "error")])
            return
        except ServiceError as e:
            notice.update(e.message)
            return
        self.form = {}
        self.render_pad()

    # Keys -----------------------------------------------------------------------------------

    def action_cancel(self) -> None:
        """Escape: leave a correction, or what is half entered, with nothing changed."""
        if self.correcting is None and not self.form:
            return
        self.correcting = None
        self.form = {}
        self.query_one("#notice", Static).update("")
        self.render_pad()

    def action_back(self) -> None:
        """q: back to the list of pads (everything is saved already)."""
        app = self.app
        assert isinstance(app, KeepApp)
        app.show_start()

    def action_undo(self) -> None:
        self.correcting = None
        self.form = {}
        try:
            self.kept = self.service.undo(self.owner, self.kept.id, self.kept.version)
            self.query_one("#notice", Static).update("")
        except ServiceError as e:
            self.query_one("#notice", Static).update(e.message)
        self.render_pad()

    def action_entries(self) -> None:
        def chosen(index: int | None) -> None:
            if index is not None:
                self.correcting = self.kept.pad.lines[index]
                self.correct_index = index
                self.form = {}
                self.render_pad()

        self.app.push_screen(EntriesScreen(self.kept), chosen)

    def action_sheet(self) -> None:
        self.app.push_screen(SheetScreen(self.kept))

    def action_export(self) -> None:
        path = Path(f"chicago-scorepad-{self.kept.id}.json")
        data = self.service.export(self.owner, self.kept.id)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        self.query_one("#notice", Static).update(str(path.resolve()))

    def entries_json(self) -> list[dict[str, object]]:
        return [entry_to_json(e) for e in self.kept.pad.entries]


class KeepApp(TranslatedBindings, App[None]):
    CSS_PATH = "keep.tcss"
    TITLE = "Chicago"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar = [
        Binding("ctrl+q", "ask_quit", N_("Quit"), priority=True),
        Binding("ctrl+c", "ask_quit", N_("Quit"), show=False, priority=True),
    ]

    def __init__(self, service: KeepService, owner: Owner, pad_id: str | None = None) -> None:
        super().__init__()
        self.service = service
        self.owner = owner
        self.pad_id = pad_id

    def on_mount(self) -> None:
        self.sub_title = _("Scorekeeper")
        if self.pad_id:
            self.open_pad(self.service.get(self.owner, self.pad_id))
        else:
            self.push_screen(StartScreen(self.service, self.owner))

    def open_pad(self, kept: Kept) -> None:
        self.push_screen(PadScreen(self.service, self.owner, kept))

    def show_start(self) -> None:
        """Back to the start screen and the saved pads (made anew: their scores changed)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(StartScreen(self.service, self.owner))

    def action_ask_quit(self) -> None:
        """Quit, after a question (every entry is saved; the question guards a slip)."""
        if isinstance(self.screen, ConfirmScreen):
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(_("Close the scorekeeper? Every entry is saved."),
                                       _("Close"), _("Stay")), answer)


def run(database_url: str | None = None, pad_id: str | None = None) -> int:
    """Open the scorekeeper; 0 when the player quits, 2 when the database cannot be opened."""
    import os
    import sys

    from chicago.store import Store, default_database_url, describe_url
    from chicago.text.i18n import from_environment, set_language
    from chicago.tui.local import local_owner

    set_language(from_environment(dict(os.environ)))
    url = database_url or default_database_url()
    try:
        store = Store(url)
    except Exception as e:  # a bad URL, an unreachable server, a read-only directory
        print(f"chicago keep: cannot open the database {describe_url(url)}: {e}"
              .replace("\n", " "), file=sys.stderr)
        return 2
    try:
        service = KeepService(store)
        if pad_id is not None:
            try:
                service.get(local_owner(), pad_id)
            except ServiceError as e:
                print(f"chicago keep: {pad_id}: {e.message}", file=sys.stderr)
                return 2
        KeepApp(service, local_owner(), pad_id).run()
    finally:
        store.close()
    return 0
