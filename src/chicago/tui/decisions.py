"""Your decisions at the table by key or click: discards, exchange or keep, the offer, the
Chicago question, the four-of-a-kind choice and the card to play (legal choices only).

`DecisionKeys` is mixed into `TableScreen` (table.py), which holds the table, the selection
and the message line, renders, and sends actions to the service.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import Card
from chicago.core.state import Phase
from chicago.text.i18n import _, ngettext
from chicago.tui.model import exchange_bounds, exchange_for, follow_suit_message

if TYPE_CHECKING:
    from chicago.table.tables.service import Table


DECISION_PHASES: Final = {
    "exchange": (Phase.EXCHANGE,),
    "keep": (Phase.EXCHANGE, Phase.OFFER),
    "decline": (Phase.OFFER,),
    "call": (Phase.CHICAGO,),
    "no_call": (Phase.CHICAGO,),
    "points": (Phase.QUADS,),
    "reset": (Phase.QUADS,),
    "digit": (Phase.EXCHANGE, Phase.PLAY),
}
"""The phases in which each decision key does anything (the others are disabled)."""


class DecisionKeys:
    """The decision keys (`action_*`) and what a card pick means in each decision."""

    if TYPE_CHECKING:
        table: Table
        selected: set[Card]
        message: str

        @property
        def decision(self) -> Phase | None: ...
        def shown_hand(self) -> list[Card]: ...
        def render_all(self) -> None: ...
        def _send(self, action: Action) -> None: ...
        def _confirm_reset(self, action: Exchange) -> None: ...

    def action_digit(self, n: int) -> None:
        self._pick(n - 1)

    def _pick(self, index: int) -> None:
        phase = self.decision
        shown = self.shown_hand()
        if phase is None or not 0 <= index < len(shown):
            return
        c = shown[index]
        if phase is Phase.EXCHANGE:
            if c in self.selected:
                self.selected.discard(c)
            else:
                most = exchange_bounds(self.table.legal)[1]
                if len(self.selected) >= most:
                    self.message = _("You may discard at most {most} cards (R2.1).", most=most)
                    self.render_all()
                    return
                self.selected.add(c)
            self.message = ""
            self.render_all()
        elif phase is Phase.PLAY:
            for a in self.table.legal:
                if isinstance(a, Play) and a.card is c:
                    self._send(a)
                    return
            self.message = follow_suit_message(self.table.view, self.table.legal)
            self.render_all()

    def action_exchange(self) -> None:
        if self.decision is not Phase.EXCHANGE:
            return
        if not self.selected:
            self.message = _("Choose the cards to discard first (1–5 or click), or k to keep "
                             "all.")
            self.render_all()
            return
        self._exchange(list(self.selected))

    def _exchange(self, discard: list[Card]) -> None:
        action = exchange_for(self.table.legal, discard)
        if action is None:
            least, most, _keep, _resets = exchange_bounds(self.table.legal)
            if least == most:
                self.message = ngettext("You may discard {n} card here.",
                                        "You may discard {n} cards here.", least)
            else:
                self.message = _("You may discard {least} to {most} cards here.", least=least,
                                 most=most)
            self.render_all()
            return
        if action.confirm_reset:
            self._confirm_reset(action)
            return
        self._send(action)

    def _confirmed(self, action: Exchange, yes: bool) -> None:
        if yes:
            self._send(action)
        else:
            self.message = _("Then choose again.")
            self.render_all()

    def action_keep(self) -> None:
        if self.decision is Phase.OFFER:
            self._answer(lambda a: isinstance(a, Offer) and a.keep)
        elif self.decision is Phase.EXCHANGE:
            if not exchange_bounds(self.table.legal)[2]:
                self.message = _("You must discard here: keeping all is not allowed.")
                self.render_all()
                return
            self.selected.clear()
            self._exchange([])

    def action_decline(self) -> None:
        self._answer(lambda a: isinstance(a, Offer) and not a.keep)

    def action_call(self) -> None:
        self._answer(lambda a: isinstance(a, ChicagoCall) and a.call)

    def action_no_call(self) -> None:
        self._answer(lambda a: isinstance(a, ChicagoCall) and not a.call)

    def action_points(self) -> None:
        self._answer(lambda a: isinstance(a, QuadsChoice) and a.choice == "points")

    def action_reset(self) -> None:
        self._answer(lambda a: isinstance(a, QuadsChoice) and a.choice == "reset")

    def _answer(self, wanted: Callable[[Action], bool]) -> None:
        for a in self.table.legal:
            if wanted(a):
                self._send(a)
                return
