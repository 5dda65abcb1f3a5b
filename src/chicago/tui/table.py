"""The table: your cards, the other seats, the log, and every decision by key or mouse.

The screen holds the last `Table` the service answered and a `Board` (model.py) that shows
one moment of it. A decision goes to the service in a worker thread (it stores the action and
lets the bots play until it is your turn again); the events of the answer are then shown one
by one at a readable pace (space skips), with a recap at the end of each deal.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import ClassVar, Final

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, RichLog, Static

from chicago.core.actions import Action, Exchange, Play
from chicago.core.cards import Card
from chicago.core.state import Phase
from chicago.table.tables.service import (
    HINT_LEVEL,
    GameGone,
    Illegal,
    NotFound,
    NotYourTurn,
    ServiceError,
    Stale,
    Table,
)
from chicago.text.i18n import N_, _
from chicago.text.level_words import LEVEL_WORDS
from chicago.tui.cards import rich_line
from chicago.tui.decisions import DECISION_PHASES, DecisionKeys
from chicago.tui.dialogs import (
    ConfirmScreen,
    RecapScreen,
)
from chicago.tui.host import TableHost
from chicago.tui.model import (
    ME,
    PAUSES,
    SCORING,
    Board,
    Data,
    Recap,
    exchange_bounds,
    exchange_for,
    exchange_prompt,
    hint_words,
    narrator,
    play_prompt,
    redacted,
    reset_question,
    told,
)
from chicago.tui.table_keys import TableKeys
from chicago.tui.widgets import MAX_HAND, CardView, TableLog, seats_table, trick_cards, trick_line
from chicago.tui.words import TranslatedBindings

log = logging.getLogger("chicago.tui")

_LOG_LINES: Final = 400
"""Lines kept in the table's log panel (l shows the whole log)."""
_ROOMY: Final = (100, 32)
"""From this size on, the cards of the trick are drawn on the table too."""
SMALLEST: Final = (80, 24)
"""Below this size the table cannot show everything a decision needs: it says so."""
_OWN_MOVE: Final = 0.3
"""Your own moves are shown faster: you know what you did."""


class TableScreen(TranslatedBindings, DecisionKeys, TableKeys, Screen[None]):
    CSS_PATH = "table.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(i), f"digit({i})", f"{i}", show=False) for i in range(1, 7)),
        Binding("e", "exchange", N_("Exchange")),
        Binding("enter", "exchange", N_("Exchange"), show=False),
        Binding("k", "keep", N_("Keep")),
        Binding("d", "decline", N_("Decline")),
        Binding("c", "call", N_("Call Chicago")),
        Binding("n", "no_call", N_("No call")),
        Binding("p", "points", N_("Points")),
        Binding("r", "reset", N_("Reset others")),
        Binding("h", "hint", N_("Hint")),
        Binding("escape", "menu", N_("Saved games")),
        Binding("left", "cursor(-1)", N_("Card"), show=False),
        Binding("right", "cursor(1)", N_("Card"), show=False),
        Binding("space", "space", N_("Skip"), show=False),
        Binding("s", "speed", N_("Speed"), show=False),
        # Not in the footer (it cut the Swedish keys off at 80 columns): in the F1 list.
        Binding("g", "chart", N_("Chart"), show=False),
        Binding("l", "log", N_("Log"), show=False),
        Binding("question_mark", "rules", N_("Rules")),
        Binding("f1", "keys", N_("Keys")),
        Binding("f", "colours", N_("4 colours"), show=False),
        Binding("x", "export", N_("Export"), show=False),
        Binding("o", "game_over", N_("Result")),
    ]

    def __init__(self, table: Table, *, fresh: bool = False) -> None:
        super().__init__()
        self.table = table
        self.fresh = fresh
        """A game just dealt: its events are shown from the deal on."""
        self.narrator = narrator(table.profile, table.seats)
        self.board = Board.from_view(table.view, table.levels, table.history)
        self.selected: set[Card] = set()
        self.hinted: set[Card] = set()
        self.message = ""
        self.busy = False
        self.animating = False
        self.log_lines: list[str] = []
        self.last_recap: Recap | None = None
        self.headline = ""
        """How the game was won (its game_won sentence)."""
        self.pace_note = ""
        """The speed just chosen (s), said in the status line until the next move."""
        self.cursor: int | None = None
        """The card under the ←/→ cursor (Space picks it), once moved in this decision."""
        self._skip = asyncio.Event()
        self._keys: tuple[object, ...] = ()

    @property
    def chicago(self) -> TableHost:
        app = self.app
        assert isinstance(app, TableHost)
        return app

    # Layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="small")
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="seats")
                yield Static(id="trick")
            yield TableLog(id="log", wrap=True, min_width=16, max_lines=_LOG_LINES)
        with Horizontal(id="hand-row"):
            for i in range(MAX_HAND):
                yield CardView(i, id=f"card-{i}")
            yield Static("", id="offer-gap")
            yield CardView(-1, id="offer")
            # Beside the cards, not under the seats: the seats panel loses its last lines
            # when a hint is long or six seats sit, and these must stay in view.
            yield Static(id="info")
        yield Static(id="prompt")
        with Horizontal(id="buttons"):
            for ident, label, variant in (
                ("do-exchange", _("e Exchange"), "primary"),
                # One label for the one key k, as in the footer: keep (all five, or the
                # offered card).
                ("keep-all", f"k {_('Keep')}", "default"),
                ("offer-keep", f"k {_('Keep')}", "primary"),
                ("offer-decline", _("d Decline"), "default"),
                ("chicago-call", _("c Call Chicago"), "warning"),
                ("chicago-pass", _("n No call"), "default"),
                ("quads-points", _("p Points"), "primary"),
                ("quads-reset", _("r Reset others"), "warning"),
                ("hint", _("h Hint"), "default"),
                ("skip", _("space Skip"), "default"),
                ("result", _("o Result"), "success"),
            ):
                b = Button(label, id=ident, variant=variant, compact=True)  # type: ignore[arg-type]
                b.can_focus = False
                yield b
        yield Footer(compact=True)

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        log.can_focus = False
        if self.fresh and self.table.events:
            self.board = Board.blank(self.table.view, self.table.levels)
            self.render_all()
            self.run_worker(self._show(self.table), exclusive=True, group="table")
        else:
            self._resume_log()
            self.render_all()
            if self.table.finished:
                self.call_after_refresh(self.action_game_over)

    def _resume_log(self) -> None:
        """A resumed (or imported) game: this deal's story so far, in the log."""
        v = self.table.view
        self.narrator.sync(v.scores, v.qualified, v.eliminated)
        logged = list(redacted(v.log))
        self.narrator.foresee(logged)
        for data in logged:
            lines = told(self.narrator, data)
            self._log(lines, data)
            if data["type"] in SCORING:
                self.board.deal_lines.extend(lines)
        if self.table.events and not self.fresh:
            events = list(redacted(self.table.events))
            self.narrator.foresee(events)
            for data in events:
                self._log(told(self.narrator, data), data)
        self.board.banner = self.log_lines[-1] if self.log_lines else ""

    def on_resize(self) -> None:
        roomy = self.size.width >= _ROOMY[0] and self.size.height >= _ROOMY[1]
        if self.has_class("-roomy") != roomy:
            self.set_class(roomy, "-roomy")
        small = self.size.width < SMALLEST[0] or self.size.height < SMALLEST[1]
        self.query_one("#small", Static).update(
            _("The window is too small ({width}×{height}): the table needs {need}, so some "
              "of it is cut off.", width=self.size.width, height=self.size.height,
              need=f"{SMALLEST[0]}×{SMALLEST[1]}") if small else "")
        if self.has_class("-small") != small:
            self.set_class(small, "-small")
        self.call_after_refresh(self.render_all)
        self.call_after_refresh(self._rewrap_log)

    def _rewrap_log(self) -> None:
        """Lines are wrapped when written: write them again at the new width."""
        log = self.query_one("#log", RichLog)
        log.clear()
        for line in self.log_lines[-_LOG_LINES:]:
            log.write(rich_line(line, self.chicago.four_colour))

    def _log(self, lines: list[str], data: Data | None = None) -> None:
        if data is not None and data["type"] == "game_won":
            self.headline = " ".join(lines)
        log = self.query_one("#log", RichLog)
        for line in lines:
            self.log_lines.append(line)
            log.write(rich_line(line, self.chicago.four_colour))

    # State -------------------------------------------------------------------------------

    @property
    def ready(self) -> bool:
        """Waiting for your decision: no request out, no animation running."""
        return not self.busy and not self.animating and bool(self.table.legal)

    @property
    def decision(self) -> Phase | None:
        return self.table.view.phase if self.ready else None

    def shown_hand(self) -> list[Card]:
        return self.board.shown_hand()

    # Rendering ---------------------------------------------------------------------------

    def render_all(self) -> None:
        four = self.chicago.four_colour
        board = self.board
        status = board.status()
        if self.animating:
            status += "   " + _("(space: skip)")
        if self.pace_note:
            status += " · " + self.pace_note
        profile = self.table.profile
        line = Text(f"Chicago · {status}", style="bold")
        if len(line) + 3 + len(profile.id) <= self.size.width - 2:  # the rules' name if room
            line.append(f"   {profile.id}", style="italic")
        self.query_one("#status", Static).update(line)
        self.query_one("#seats", Static).update(seats_table(board, four))
        self.query_one("#info", Static).update(trick_line(board))
        if self.has_class("-roomy"):
            self.query_one("#trick", Static).update(trick_cards(board, four))
        self._render_hand(four)
        self._render_prompt(four)
        self._render_buttons()
        keys = (self.decision, self.ready, self.animating, self.table.finished)
        if keys != self._keys:  # the footer is rebuilt on each call: only when it changes
            self._keys = keys
            self.refresh_bindings()

    def _render_hand(self, four: bool) -> None:
        shown = self.shown_hand()
        phase = self.decision
        legal_cards = {a.card for a in self.table.legal if isinstance(a, Play)}
        for i in range(MAX_HAND):
            view = self.query_one(f"#card-{i}", CardView)
            if i >= len(shown):
                view.show(None)
                continue
            c = shown[i]
            selected = phase is Phase.EXCHANGE and c in self.selected
            dim = phase is Phase.PLAY and c not in legal_cards
            marked = c in self.hinted and phase is not None
            label, style = str(i + 1), "bold"
            if self.cursor == i and phase in (Phase.EXCHANGE, Phase.PLAY):
                label = f"▸{i + 1}◂"
            if selected:
                label, style = _("{n} out", n=label), "bold black on yellow"
            elif marked:
                label, style = _("{n} hint", n=label), "bold black on cyan"
            elif dim:
                style = "dim"
            view.show(c, label=label, label_style=style, selected=selected, dim=dim,
                      marked=marked, four_colour=four)
        offer = self.query_one("#offer", CardView)
        gap = self.query_one("#offer-gap", Static)
        if self.board.offer is not None:
            seat, c = self.board.offer
            who = _("offer") if seat == ME else f"S{seat}"
            offer.show(c, label=who, label_style="bold black on green", four_colour=four)
            gap.update("→" if seat == ME else "")
            if not gap.display:
                gap.display = True
        else:
            offer.show(None)
            if gap.display:
                gap.display = False

    def _render_prompt(self, four: bool) -> None:
        prompt = self.query_one("#prompt", Static)
        v = self.table.view
        legal = self.table.legal
        phase = self.decision
        warn = False
        if phase is Phase.EXCHANGE:
            text = exchange_prompt(v, legal, len(self.selected))
            warn = exchange_bounds(legal)[3]
        elif phase is Phase.OFFER:
            text = self.narrator.offer_question(v, with_hand=False)
        elif phase is Phase.QUADS:
            text = self.narrator.quads_question(v)
        elif phase is Phase.CHICAGO:
            text = self.narrator.chicago_question(v, with_hand=False)
        elif phase is Phase.PLAY:
            text = play_prompt(v, legal)
        elif self.busy and not self.animating:
            text = "…"
        elif self.table.finished and not self.animating:
            text = self.board.banner + "  " + _("The game is over: o shows the result.")
        else:
            text = self.board.banner
        if self.message:  # the decision's own words first: a long hint never hides them
            text = f"{text}\n{self.message}" if phase is not None else self.message
        if prompt.has_class("warn") != warn:
            prompt.set_class(warn, "warn")
        prompt.update(rich_line(text, four))

    def _render_buttons(self) -> None:
        phase = self.decision
        shown = {
            "do-exchange": phase is Phase.EXCHANGE,
            "keep-all": phase is Phase.EXCHANGE and exchange_bounds(self.table.legal)[2],
            "offer-keep": phase is Phase.OFFER,
            "offer-decline": phase is Phase.OFFER,
            "chicago-call": phase is Phase.CHICAGO,
            "chicago-pass": phase is Phase.CHICAGO,
            "quads-points": phase is Phase.QUADS,
            "quads-reset": phase is Phase.QUADS,
            "hint": phase is not None,
            "skip": self.animating,
            "result": self.table.finished and not self.animating,
        }
        for ident, visible in shown.items():
            button = self.query_one(f"#{ident}", Button)
            if button.display != visible:
                button.display = visible
        if phase is Phase.EXCHANGE:
            n = len(self.selected)
            ok = n > 0 and exchange_for(self.table.legal, list(self.selected)) is not None
            b = self.query_one("#do-exchange", Button)
            label = _("e Exchange {n}", n=n) if n else _("e Exchange (choose cards)")
            if str(b.label) != label:
                b.label = label
            if b.disabled == ok:
                b.disabled = not ok

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phases = DECISION_PHASES.get(action)
        if phases is not None:
            return self.decision in phases
        if action == "hint":
            return self.ready
        if action == "skip":
            return self.animating
        if action == "cursor":
            return self.decision in (Phase.EXCHANGE, Phase.PLAY)
        if action == "space":
            return self.animating or (self.cursor is not None and self.decision is not None)
        if action == "game_over":
            return self.table.finished and not self.animating
        return True

    # Showing a service answer -------------------------------------------------------------

    async def _show(self, table: Table) -> None:
        """Step through the answer's events at the app's pace, then show its view."""
        self.animating = True
        self._skip.clear()
        self.narrator.sync(self.board.scores, self.board.qualified, self.board.eliminated)
        try:
            events = list(redacted(table.events))
            self.narrator.foresee(events)
            for data in events:
                lines = told(self.narrator, data)
                recap = self.board.step(data, lines)
                self._log(lines, data)
                if self._pausing(data):
                    self.render_all()
                    await self._pause(data)
                if recap is not None:
                    self.last_recap = recap
                    if data["type"] == "deal_ended":
                        self.render_all()
                        await self.app.push_screen_wait(
                            RecapScreen(recap, table.levels, self.chicago.four_colour)
                        )
        finally:
            self.animating = False
        self._settle(table)

    def _settle(self, table: Table) -> None:
        """Show the table as the service left it (the view is the truth)."""
        old = self.board
        self.table = table
        self.board = Board.from_view(table.view, table.levels, table.history)
        if old.deal == self.board.deal:
            self.board.deal_lines = old.deal_lines
        self.board.banner = old.banner
        self.selected.clear()
        self.hinted.clear()
        self.cursor = None
        self.render_all()
        if table.finished:
            self.action_game_over()

    def _seconds(self, data: Data) -> float:
        seconds = PAUSES.get(str(data["type"]), 0.0) * self.chicago.pace
        if data.get("seat") == ME:
            seconds *= _OWN_MOVE
        return seconds

    def _pausing(self, data: Data) -> bool:
        """Whether this event stays in view for a while (else the table is drawn later)."""
        return self._seconds(data) > 0 and not self._skip.is_set()

    async def _pause(self, data: Data) -> None:
        seconds = self._seconds(data)
        if seconds <= 0 or self._skip.is_set():
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._skip.wait(), seconds)

    def _send(self, action: Action) -> None:
        if not self.ready:
            return
        self.busy = True
        self.message = ""
        self.pace_note = ""
        self.hinted.clear()
        self.render_all()
        self.run_worker(self._act(action), exclusive=True, group="table")

    async def _act(self, action: Action) -> None:
        app = self.chicago
        t = self.table
        try:
            try:
                answer = (await asyncio.to_thread(app.service.act, app.owner, t.id,
                                                  t.version, action, alone=True)).table
            except Stale:
                answer = (await asyncio.to_thread(app.service.get, app.owner, t.id)).table
                self.message = _("The game had moved on (another window?): here it is now.")
                self.busy = False
                self._settle(answer)
                return
            except Illegal as e:
                rule = f" ({e.rule})" if e.rule else ""
                self.message = _("Not allowed: {reason}", reason=e.message) + rule
                self.busy = False
                self.render_all()
                return
            except (NotFound, GameGone) as e:
                self.busy = False
                self.app.notify(e.message, severity="error")
                self.app.pop_screen()
                return
        except ServiceError as e:
            self.busy = False
            self.message = e.message
            self.render_all()
            return
        except Exception as e:  # a database or bot failure: the move was not stored
            log.exception("the move could not be made")
            self.busy = False
            self.message = _("The move could not be made ({error}); try again.",
                             error=type(e).__name__)
            self.render_all()
            return
        self.busy = False
        # Your own move leaves your hand at once; the rest is shown step by step.
        await self._show(answer)

    # Decisions ---------------------------------------------------------------------------

    @on(CardView.Clicked)
    def _clicked(self, event: CardView.Clicked) -> None:
        if event.index >= 0:
            self._pick(event.index)

    def _confirm_reset(self, action: Exchange) -> None:
        """R2.4: say that the score goes to 0, and send the exchange only on yes."""
        self.app.push_screen(
            ConfirmScreen(reset_question(self.table.view), _("Yes, reset my score to 0"),
                          _("No, choose again")),
            lambda yes: self._confirmed(action, bool(yes)),
        )

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        actions = {
            "do-exchange": self.action_exchange,
            "keep-all": self.action_keep,
            "offer-keep": self.action_keep,
            "offer-decline": self.action_decline,
            "chicago-call": self.action_call,
            "chicago-pass": self.action_no_call,
            "quads-points": self.action_points,
            "quads-reset": self.action_reset,
            "hint": self.action_hint,
            "skip": self.action_skip,
            "result": self.action_game_over,
        }
        handler = actions.get(event.button.id or "")
        if handler is not None:
            handler()

    # Other keys ----------------------------------------------------------------------------

    def action_hint(self) -> None:
        if not self.ready:
            return
        self.message = _("Thinking about a hint…")
        self.render_all()
        self.run_worker(self._hint(), group="hint")

    async def _hint(self) -> None:
        app = self.chicago
        version = self.table.version
        try:
            s = await asyncio.to_thread(app.service.hint, app.owner, self.table.id, alone=True)
        except (NotYourTurn, ServiceError) as e:
            self.message = e.message
            self.render_all()
            return
        if self.table.version != version or not self.ready:
            return
        if isinstance(s.action, Exchange):
            self.hinted = set(s.action.discard)
        elif isinstance(s.action, Play):
            self.hinted = {s.action.card}
        self.message = _("Hint ({level} bot): {words}. {reason}",  # as in line mode
                         level=_(LEVEL_WORDS[HINT_LEVEL]),
                         words=hint_words(s.action, self.shown_hand()), reason=s.text)
        self.render_all()

    def action_skip(self) -> None:
        self._skip.set()

    def action_cursor(self, step: int) -> None:
        """←/→: move the cursor over your cards (it starts on the first)."""
        n = len(self.shown_hand())
        if not n or self.decision not in (Phase.EXCHANGE, Phase.PLAY):
            return
        self.cursor = 0 if self.cursor is None else (self.cursor + step) % n
        self.render_all()

    def action_space(self) -> None:
        """Space skips the moves being shown; deciding, it picks the card under the cursor
        (only once the cursor was moved, so a habitual Space never plays a card)."""
        if self.animating:
            self.action_skip()
        elif self.cursor is not None:
            self._pick(self.cursor)
