"""The small screens: confirmation, file path, deal recap, game over, chart, rules, log."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar, Final, Generic, TypeVar

from rich.table import Table as RichTable
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Label, Markdown, RichLog, Static

from chicago.table.tables.service import DealScores, ServiceError
from chicago.text.i18n import N_, _, ngettext
from chicago.tui.cards import card_text, rich_line
from chicago.tui.local import GameFileProblem
from chicago.tui.model import ME, Recap, seat_label, seat_name
from chicago.tui.words import TranslatedBindings

T = TypeVar("T")


def _button(label: str, id: str, variant: str = "default") -> Button:
    b = Button(label, id=id, variant=variant, compact=True)  # type: ignore[arg-type]
    return b


def answer_key(translated: str, english: str) -> str:
    """The key of an answer in the run's language: its translated letter ("j" for yes in
    Swedish), or the English one when the translation is not a single plain letter."""
    return translated if len(translated) == 1 and translated.isascii() and (
        translated.isalpha()) else english


class ConfirmScreen(TranslatedBindings, ModalScreen[bool]):
    """A yes/no question with the keys of the run's language (y/n; j/n in Swedish), n or
    Escape for no. The safe answer comes first and has the focus, so Enter by habit changes
    nothing."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical {
        width: 64; max-width: 100%; height: auto; padding: 1 2;
        border: thick $warning; background: $surface;
    }
    ConfirmScreen #question { width: 100%; margin-bottom: 1; }
    ConfirmScreen Horizontal { height: 1; width: 100%; }
    ConfirmScreen Button { margin-right: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer(False)", N_("No"), show=False),
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None) -> None:
        super().__init__()
        self.question = question
        self.yes = yes or _("Yes")
        self.no = no or _("No")
        # The keys shown on the buttons are the keys that answer (only they: in English a j
        # is no answer, in Swedish a y is none).
        self.no_key = answer_key(_("n"), "n")
        self.yes_key = answer_key(_("y"), "y")
        if self.yes_key == self.no_key:
            self.yes_key, self.no_key = "y", "n"
        keys = self._bindings.key_to_bindings
        keys[self.no_key] = [Binding(self.no_key, "answer(False)", _("No"))]
        keys[self.yes_key] = [Binding(self.yes_key, "answer(True)", _("Yes"))]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="question")
            with Horizontal():
                yield _button(f"{self.no_key} {self.no}", "no")
                yield _button(f"{self.yes_key} {self.yes}", "yes", "warning")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def _no(self) -> None:
        self.dismiss(False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PathScreen(TranslatedBindings, ModalScreen[T | None], Generic[T]):
    """Ask for a file path, then run `act` on it (in a thread); its errors stay on screen.

    Dismisses with what `act` returns, or None when cancelled (Escape).
    """

    DEFAULT_CSS = """
    PathScreen { align: center middle; }
    PathScreen > Vertical {
        width: 76; max-width: 100%; height: auto; padding: 1 2;
        border: thick $primary; background: $surface;
    }
    PathScreen Input { width: 100%; margin: 1 0; }
    PathScreen #error { color: $error; width: 100%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, title: str, default: str, act: Callable[[Path], T]) -> None:
        super().__init__()
        self.title_text = title
        self.default = default
        self.act = act
        self.working = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text)
            yield Input(self.default, id="path", compact=True)
            yield Static(_("Enter to go ahead, Escape to cancel."), id="error")

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    @on(Input.Submitted, "#path")
    def _submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            self.query_one("#error", Static).update(_("Please type a file name."))
            return
        self.query_one("#error", Static).update(_("Working…"))
        self.working = True
        self.run_worker(self._run(Path(text)), exclusive=True)

    async def _run(self, path: Path) -> None:
        try:
            result = await asyncio.to_thread(self.act, path)
        except GameFileProblem as e:
            self.query_one("#error", Static).update(str(e))
            return
        except ServiceError as e:
            self.query_one("#error", Static).update(e.message)
            return
        finally:
            self.working = False
        self.dismiss(result)

    def action_cancel(self) -> None:
        self.dismiss(None)


def scores_table(
    before: Sequence[int] | None,
    after: Sequence[int],
    levels: Sequence[str | None],
    qualified: Sequence[bool],
    eliminated: Sequence[bool],
    winner: int | None = None,
) -> RichTable:
    t = RichTable(box=None, padding=(0, 2, 0, 0), show_edge=False, header_style="bold")
    t.add_column(_("Player"), no_wrap=True)
    if before is not None:
        t.add_column(_("Before"), justify="right")
        t.add_column(_("Change"), justify="right")
    t.add_column(_("Score"), justify="right")
    t.add_column("", no_wrap=True)
    for seat, score in enumerate(after):
        marks = []
        if qualified[seat]:
            marks.append(_("★ called"))
        if eliminated[seat]:
            marks.append(_("✗ out"))
        if winner == seat:
            marks.append(_("winner"))
        row: list[str | Text] = [Text(seat_label(seat, levels), style="bold" if seat == ME else "")]
        if before is not None:
            change = score - before[seat]
            style = "green" if change > 0 else ("red" if change < 0 else "dim")
            row += [str(before[seat]), Text(f"{change:+d}" if change else "0", style=style)]
        row += [Text(str(score), style="bold"), " ".join(marks)]
        t.add_row(*row)
    return t


class RecapScreen(TranslatedBindings, ModalScreen[None]):
    """The end of a deal: what scored, who took the tricks, the scores before and after."""

    DEFAULT_CSS = """
    RecapScreen { align: center middle; }
    RecapScreen > VerticalScroll {
        width: 76; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
        border: thick $accent; background: $surface;
    }
    RecapScreen Static { width: 100%; }
    RecapScreen #title { text-style: bold; }
    RecapScreen #continue { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", N_("Continue")),
        Binding("space", "close", N_("Continue"), show=False),
        Binding("escape", "close", N_("Continue"), show=False),
    ]

    def __init__(self, recap: Recap, levels: Sequence[str | None], four_colour: bool) -> None:
        super().__init__()
        self.recap = recap
        self.levels = levels
        self.four_colour = four_colour

    def compose(self) -> ComposeResult:
        r = self.recap
        with VerticalScroll():
            yield Static(_("Deal {deal} — recap", deal=r.deal), id="title")
            yield Static(rich_line(r.title, self.four_colour), id="headline")
            body = Text()
            for line in r.lines:
                if line != r.title:
                    body.append_text(rich_line("• " + line, self.four_colour))
                    body.append("\n")
            if r.tricks:
                body.append(_("Tricks:") + " ")
                for i, (n, s, c) in enumerate(r.tricks):
                    if i:
                        body.append(" · ")
                    body.append(f"{n} {seat_label(s, self.levels)} ")
                    body.append_text(card_text(c, self.four_colour, on_face=False))
            elif not r.lines:
                body.append(_("No points this deal."))
            yield Static(body, id="lines")
            yield Static(
                scores_table(r.before, r.after, self.levels, r.qualified, r.eliminated),
                id="scores",
            )
            yield Static(_("Enter: continue"), id="continue")

    def action_close(self) -> None:
        self.dismiss(None)


class GameOverScreen(TranslatedBindings, ModalScreen[str]):
    """The end of the game: the winner and how, the final scores, the seed.

    Dismisses with "menu" (Enter), "new" (n) or "table" (Escape: look at the table).
    """

    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > VerticalScroll {
        width: 76; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
        border: thick $success; background: $surface;
    }
    GameOverScreen Static { width: 100%; }
    GameOverScreen #title { text-style: bold; color: $success; }
    GameOverScreen #keys { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose('menu')", N_("Menu")),
        Binding("n", "choose('new')", N_("New game")),
        Binding("g", "chart", N_("Chart")),
        Binding("x", "choose('export')", N_("Export")),
        Binding("escape", "choose('table')", N_("Look at the table")),
    ]

    def __init__(
        self,
        headline: str,
        lines: Sequence[str],
        scores: Sequence[int],
        levels: Sequence[str | None],
        qualified: Sequence[bool],
        eliminated: Sequence[bool],
        winner: int | None,
        seed: int | None,
        history: Sequence[DealScores],
        target: int,
        four_colour: bool,
    ) -> None:
        super().__init__()
        self.headline = headline
        self.lines = lines
        self.scores = scores
        self.levels = levels
        self.qualified = qualified
        self.eliminated = eliminated
        self.winner = winner
        self.seed = seed
        self.history = history
        self.target = target
        self.four_colour = four_colour

    def compose(self) -> ComposeResult:
        if self.winner == ME:
            title = _("You win the game!")
        elif self.winner is not None:
            title = _("{name} wins the game.", name=seat_name(self.winner))
        else:
            title = _("Game over.")
        with VerticalScroll():
            yield Static(title, id="title")
            yield Static(rich_line(self.headline, self.four_colour), id="headline")
            body = Text()
            for line in self.lines[-6:]:
                if line != self.headline:
                    body.append_text(rich_line("• " + line, self.four_colour))
                    body.append("\n")
            yield Static(body, id="lines")
            yield Static(
                scores_table(None, self.scores, self.levels, self.qualified, self.eliminated,
                             self.winner),
                id="scores",
            )
            deals = len(self.history)
            seed = _("Seed {seed}.", seed=self.seed) + " " if self.seed is not None else ""
            played = ngettext("{n} deal played.", "{n} deals played.", deals)
            yield Static(f"{seed}{played}", id="seed")
            yield Static(
                _("Enter: saved games   n: new game   g: score chart   x: export   "
                  "Esc: look at the table"),
                id="keys",
            )

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_chart(self) -> None:
        self.app.push_screen(ChartScreen(self.history, self.scores, self.levels, self.target))


_BARS: Final = "▁▂▃▄▅▆▇█"


def chart_scale(history: Sequence[DealScores], target: int) -> tuple[int, int]:
    """One scale for every seat: from the lowest score (0, or below with no floor) to the
    target or the highest score reached."""
    scores = [s for h in history for s in h.scores]
    return min([0, *scores]), max([target, *scores])


def score_bars(history: Sequence[DealScores], seat: int, low: int, high: int) -> str:
    """A seat's score after each deal, one bar per deal, on the common scale."""
    span = max(1, high - low)
    return "".join(
        _BARS[round((h.scores[seat] - low) / span * (len(_BARS) - 1))] for h in history
    )


class ChartScreen(TranslatedBindings, ModalScreen[None]):
    """The scores after each deal: a bar per deal for every seat on one scale, and the
    numbers of every deal (both scroll when the game is long)."""

    DEFAULT_CSS = """
    ChartScreen { align: center middle; }
    ChartScreen > Vertical {
        width: 78; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
        border: thick $primary; background: $surface;
    }
    ChartScreen #chart { height: auto; width: 100%; }
    ChartScreen #names { width: 18; height: auto; }
    ChartScreen #bars-scroll { width: 1fr; height: auto; overflow-x: auto; overflow-y: hidden;
                               scrollbar-size-horizontal: 1; }
    ChartScreen #bars { width: auto; height: auto; }
    ChartScreen #totals { width: 11; height: auto; text-align: right; }
    ChartScreen #numbers-header { height: 1; margin-top: 1; }
    ChartScreen #numbers-scroll { height: auto; max-height: 10; scrollbar-size-vertical: 1; }
    ChartScreen #title { text-style: bold; }
    ChartScreen #scale, ChartScreen #keys { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("g", "close", N_("Close"), show=False),
        Binding("enter", "close", N_("Close"), show=False),
    ]

    def __init__(
        self,
        history: Sequence[DealScores],
        scores: Sequence[int],
        levels: Sequence[str | None],
        target: int,
    ) -> None:
        super().__init__()
        self.history = history
        self.scores = scores
        self.levels = levels
        self.target = target

    def compose(self) -> ComposeResult:
        n = len(self.scores)
        low, high = chart_scale(self.history, self.target)
        with Vertical():
            yield Static(_("Scores after each deal (target {target})", target=self.target),
                         id="title")
            if not self.history:
                yield Static(_("The chart starts after the first deal."))
            else:
                yield Static(_("One bar per deal, every player on the same scale: {low} to "
                               "{high} points.", low=low, high=high), id="scale")
            with Horizontal(id="chart"):
                yield Static("\n".join(seat_label(x, self.levels) for x in range(n)),
                             id="names")
                with ScrollableContainer(id="bars-scroll"):
                    yield Static("\n".join(score_bars(self.history, x, low, high)
                                           for x in range(n)), id="bars")
                totals = (ngettext("{n} point", "{n} points", self.scores[x])
                          for x in range(n))
                yield Static("\n".join(totals), id="totals")
            # The numbers' header stays put above them; only the deals scroll.
            yield Static(self._numbers(header=True), id="numbers-header")
            with VerticalScroll(id="numbers-scroll"):
                yield Static(self._numbers(), id="numbers")
            yield Static(_("Esc: close · arrows or the mouse scroll a long game"), id="keys")

    def on_mount(self) -> None:
        # The latest deals in view first; earlier ones are a scroll away.
        self.call_after_refresh(self._to_latest)

    def _to_latest(self) -> None:
        self.query_one("#bars-scroll", ScrollableContainer).scroll_end(animate=False)
        numbers = self.query_one("#numbers-scroll", VerticalScroll)
        numbers.scroll_end(animate=False)
        numbers.focus()

    def _numbers(self, header: bool = False) -> RichTable:
        """The score of every seat after each deal, or (`header`) only the columns' names;
        both with the same fixed widths, so that they line up."""
        t = RichTable(box=None, padding=(0, 1, 0, 0), show_edge=False, header_style="bold",
                      show_header=header)
        names = [_("Deal"), *(seat_name(seat) for seat in range(len(self.scores)))]
        for name in names:
            t.add_column(name, justify="right", min_width=max(4, len(name)), no_wrap=True)
        if not header:
            for h in self.history:
                t.add_row(str(h.deal), *(str(s) for s in h.scores))
        return t

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(TranslatedBindings, Screen[None]):
    """The rules of the game's profile, generated from its knobs (`rules_markdown`)."""

    DEFAULT_CSS = """
    RulesScreen VerticalScroll { height: 1fr; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back")),
        Binding("question_mark", "close", N_("Back"), show=False),
        Binding("q", "close", N_("Back"), show=False),
    ]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(self.markdown, id="rules")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(TranslatedBindings, Screen[None]):
    """The whole log of this sitting, scrollable."""

    DEFAULT_CSS = """
    LogScreen RichLog { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Back")),
        Binding("l", "close", N_("Back"), show=False),
    ]

    def __init__(self, lines: Sequence[str], four_colour: bool) -> None:
        super().__init__()
        self.lines = lines
        self.four_colour = four_colour

    def compose(self) -> ComposeResult:
        yield RichLog(wrap=True, id="full-log")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        log = self.query_one("#full-log", RichLog)
        for line in self.lines:
            log.write(rich_line(line, self.four_colour))
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)


TABLE_KEYS: Final = (
    (N_("1–6 or click a card"), N_("exchange: choose the cards to discard (again: put back)")),
    (N_("← →  Space"), N_("move over your cards; Space chooses or plays the one marked ▸◂")),
    ("e  Enter", N_("exchange the chosen cards")),
    ("k", N_("keep: all your cards, or the offered card")),
    ("d", N_("decline the offered card (draw the next one unseen)")),
    ("c  n", N_("call Chicago / do not call")),
    ("p  r", N_("four of a kind: take the points / reset the others")),
    (N_("1–6 or click a card"), N_("tricks: play that card (the dim ones may not be played)")),
    ("h", N_("hint: the hard bot's suggestion and why")),
    (N_("space"), N_("skip the bots' moves being shown")),
    ("s", N_("speed of the shown moves: normal, fast, slow, instant")),
    ("g", N_("score chart")),
    ("l", N_("the whole log")),
    ("?", N_("the rules of this game")),
    ("f", N_("four-colour suits on or off")),
    ("x", N_("export this game to a file")),
    ("o", N_("the result, once the game is over")),
    ("Esc", N_("back to the saved games (every move is already saved)")),
)


class KeysScreen(TranslatedBindings, ModalScreen[None]):
    """Every key of the table, in one list."""

    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen > VerticalScroll {
        width: 78; max-width: 100%; height: auto; max-height: 100%; padding: 0 1;
        border: thick $primary; background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("f1", "close", N_("Close"), show=False),
        Binding("enter", "close", N_("Close"), show=False),
    ]

    def compose(self) -> ComposeResult:
        t = RichTable(box=None, padding=(0, 2, 0, 0), show_edge=False, show_header=False)
        t.add_column(style="bold", no_wrap=True)
        t.add_column()
        for keys, what in TABLE_KEYS:
            t.add_row(_(keys), _(what))
        with VerticalScroll():
            yield Static(_("Keys at the table (the mouse works too)"), classes="title")
            yield Static(t)
            yield Static(_("Esc: close"), classes="keys")

    def action_close(self) -> None:
        self.dismiss(None)
