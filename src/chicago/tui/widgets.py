"""The table's widgets: a card, the hand, the seats panel."""

from __future__ import annotations

from typing import Final

from rich.console import RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from textual.events import Click, Resize
from textual.message import Message
from textual.widget import Widget
from textual.widgets import RichLog

from chicago.core.cards import Card
from chicago.core.hands import hand_value
from chicago.text.cards import hand_name
from chicago.text.i18n import _
from chicago.tui.cards import HEIGHT, WIDTH, card_face, card_text
from chicago.tui.model import ME, Board, seat_label, seat_name

MAX_HAND: Final = 6
"""Six cards: the basic profile's high-score rule deals six (docs/rules.md §X)."""


class CardView(Widget):
    """One card of the hand (or the open offer) with a label line under it; clickable."""

    DEFAULT_CSS = f"""
    CardView {{
        width: {WIDTH};
        height: {HEIGHT + 1};
        margin: 0 1 0 0;
    }}
    """

    class Clicked(Message):
        """A click on the card at `index` of the shown hand (-1: the offer)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.index = index
        self.card: Card | None = None
        self.label = ""
        self.label_style = ""
        self.selected = False
        self.dim = False
        self.marked = False
        self.four_colour = False
        self._state: tuple[object, ...] = ()

    def show(
        self,
        c: Card | None,
        *,
        label: str = "",
        label_style: str = "",
        selected: bool = False,
        dim: bool = False,
        marked: bool = False,
        four_colour: bool = False,
    ) -> None:
        state = (c, label, label_style, selected, dim, marked, four_colour)
        if state == self._state:
            return
        self._state = state
        self.card = c
        self.label = label
        self.label_style = label_style
        self.selected = selected
        self.dim = dim
        self.marked = marked
        self.four_colour = four_colour
        if self.display != (c is not None):
            self.display = c is not None
        self.refresh()

    def render(self) -> RenderableType:
        if self.card is None:
            return Text("")
        text = card_face(
            self.card, self.four_colour, selected=self.selected, dim=self.dim,
            marked=self.marked,
        )
        text.append("\n")
        text.append(self.label.center(WIDTH)[:WIDTH], style=self.label_style)
        return text

    def on_click(self, event: Click) -> None:
        event.stop()
        if self.card is not None:
            self.post_message(self.Clicked(self.index))


class TableLog(RichLog):
    """The table's log: it ends on its latest line whatever height the layout gives it (the
    prompt above the buttons grows and shrinks, and RichLog keeps its old scroll offset)."""

    def on_resize(self, event: Resize) -> None:  # RichLog's own handler runs first
        if self.auto_scroll:
            self.call_after_refresh(self.scroll_end, animate=False, x_axis=False)


def seats_table(board: Board, four_colour: bool) -> RenderableType:
    """Every seat: turn, name and level, score, cards held, marks, and this trick's card."""
    t = RichTable(box=None, padding=(0, 1, 0, 0), expand=False, show_edge=False,
                  header_style="bold")
    t.add_column("", width=1)
    t.add_column(_("Player"), no_wrap=True)
    t.add_column(_("Pts"), justify="right")
    t.add_column(_("Cards"), justify="right")
    t.add_column("", no_wrap=True)
    t.add_column(_("Now"), no_wrap=True)
    played = dict(board.trick)
    last = board.last
    for seat in range(board.seats):
        turn = Text("▶", style="bold green") if seat in (board.to_act, board.active) else Text(" ")
        name_style = "bold" if seat == ME else ""
        if board.eliminated[seat]:
            name_style = "strike dim"
        name = Text(seat_label(seat, board.levels), style=name_style)
        marks = Text()
        if seat == board.dealer:
            marks.append("D", style="bold magenta")
        if board.qualified[seat]:
            marks.append("★", style="bold yellow")
        if board.caller == seat:
            marks.append("C!", style="bold red")
        if board.eliminated[seat]:
            marks.append("✗", style="bold red")
        now = Text()
        if seat in played:
            now.append_text(card_text(played[seat], four_colour))
            if last is not None and board.trick == list(last.plays) and last.winner == seat:
                now.append(" ✓", style="bold green")
        elif seat in board.notes:
            now.append(board.notes[seat], style="italic")
        if board.winner == seat:
            now = Text(_("winner"), style="bold green")
        cards = "–" if board.eliminated[seat] else str(board.hand_sizes[seat])
        t.add_row(turn, name, str(board.scores[seat]), cards, marks, now)
    return t


def trick_line(board: Board) -> Text:
    """Your hand's name (five cards), the tricks each player has taken this deal, the target,
    and the marks (in the panel's muted colour, not dimmed further: 4.5:1)."""
    text = Text()
    if len(board.hand) == 5:
        text.append(_("Your hand: {name}", name=hand_name(hand_value(board.hand))) + "\n",
                    style="bold")
    if board.deal_tricks:
        taken: dict[int, int] = {}
        for _n, seat, _c in board.deal_tricks:
            taken[seat] = taken.get(seat, 0) + 1
        who = ", ".join(
            _("you {n}", n=n) if seat == ME else _("{name} {n}", name=seat_name(seat), n=n)
            for seat, n in sorted(taken.items()))
        text.append(_("Tricks: {taken}", taken=who) + "\n")
    text.append(_("Target {target}", target=board.profile.target))
    if board.profile.qualification_required:
        text.append(" · " + _("a call (★) is needed to win"))
    text.append("\n" + _("D dealer · ★ called · C! calling · ✗ out"))
    return text


def trick_cards(board: Board, four_colour: bool) -> RenderableType:
    """The cards on the table, drawn as cards with their players (for roomy terminals)."""
    grid = RichTable.grid(padding=(0, 1, 0, 0))
    last = board.last
    done = last is not None and board.trick == list(last.plays)
    cells: list[Text] = []
    for seat, c in board.trick:
        face = card_face(c, four_colour, marked=done and last is not None and last.winner == seat)
        name = seat_name(seat)
        if done and last is not None and last.winner == seat:
            name += " ✓"
        face.append("\n" + name.center(WIDTH)[: WIDTH + 1])
        grid.add_column(width=WIDTH + 1)
        cells.append(face)
    if not cells:
        return Text("")
    grid.add_row(*cells)
    return grid
