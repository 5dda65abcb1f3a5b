"""`chicago keep`: the scorekeeper in the terminal (Textual), on the same service and database
as the web page, under the local owner.

A start screen (players, first dealer, rules; or a saved pad), then the pad: the scores with
each player's standing and restrictions, the question now asked with a button per answer,
this deal's story, and keys for undo (u), the entries to correct (e), the score sheet (s),
export (x) and quit (q). Every entry is saved before the screen changes.
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

from chicago.core.keep import CATEGORIES, Ask, Line
from chicago.core.keepfile import entry_to_json
from chicago.core.rules import PRESETS, QuadsRule
from chicago.store import Owner
from chicago.table.keep import Dropping, KeepService, Kept
from chicago.table.service import ServiceError
from chicago.text import keep as words
from chicago.text.i18n import N_, _
from chicago.text.rules_text import profile_title
from chicago.tui.words import TranslatedBindings

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class StartScreen(Screen[None]):
    """New pad: names in seating order, the first dealer, the rules; or open a saved pad."""

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

    def on_button_pressed(self, event: Button.Pressed) -> None:
        app = self.app
        assert isinstance(app, KeepApp)
        bid = event.button.id or ""
        if bid.startswith("open-"):
            app.open_pad(self.service.get(self.owner, bid[5:]))
            return
        if bid != "start-pad":
            return
        names = [n.strip() for n in self.query_one("#names", Input).value.split(",")]
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

    BINDINGS: ClassVar = [Binding("escape", "dismiss(None)", N_("Close"))]

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
    BINDINGS: ClassVar = [Binding("escape", "dismiss", N_("Close"))]

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
        Binding("q", "app.quit", N_("Close")),
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
        with Vertical(id="pad"):
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
        self.query_one("#scores", DataTable).add_columns("", "", "")
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
            _("{category}: who had it? Tap two or more for an exact tie.",
              category=words.category(category)) if category and ask.kind == "stage" else "")
        self.generation += 1
        grid = self.query_one("#choices", Grid)
        grid.remove_children()
        grid.mount_all(self.buttons(ask))

    def _button(self, label: str, name: str, variant: str = "default",
                pressed: bool = False) -> Button:
        return Button(label, id=f"{name}-{self.generation}", name=name,
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
        if ask.kind == "exchange":
            seats = f.setdefault("seats", [])
            return [*(self._button(names[x], f"seat_{x}", pressed=x in seats)
                      for x in ask.seats), self._button(_("Save"), "save", "success")]
        if ask.kind == "quads":
            return [self._button(_("Take the points"), "points"),
                    self._button(_("Reset the others"), "reset")]
        if ask.kind == "chicago":
            return [*(self._button(names[x], f"call_{x}") for x in ask.seats),
                    self._button(_("Nobody"), "nobody")]
        if ask.kind == "tricks":
            two = self._button(_("With a two"), "two", pressed=f.get("two", False))
            if ask.caller is not None:
                return [self._button(_("{name} took all five", name=names[ask.caller]),
                                     f"win_{ask.caller}", "success"), two,
                        *(self._button(names[x], f"win_{x}") for x in active
                          if x != ask.caller)]
            return [*(self._button(names[x], f"win_{x}") for x in active), two]
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
        except Dropping as asked:
            notice.update(asked.message)
            self.form = {"pending": entry}
            grid = self.query_one("#choices", Grid)
            self.generation += 1
            grid.remove_children()
            grid.mount(self._button(_("Drop them"), "drop", "error"))
            return
        except ServiceError as e:
            notice.update(e.message)
            return
        self.form = {}
        self.render_pad()

    # Keys -----------------------------------------------------------------------------------

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


class KeepApp(App[None]):
    CSS_PATH = "keep.tcss"
    TITLE = "Chicago"

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
