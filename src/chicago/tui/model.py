"""What the terminal table shows, kept apart from Textual: a board, narration, questions.

Everything here is built from seat 0's side of the game only (R9.1): its `PlayerView` and
the events as `event_to_json(event, 0)` gives them (None for events seat 0 may not see,
other seats' private fields left out). The `Board` is the table at one moment of the
animation: it starts from a view and steps through the redacted events of a service call,
so that the bots' moves can be shown one by one; the next view then replaces it.

The words come from `chicago.text.narration`: the narration of each event and the
questions (open offer, four of a kind, Chicago) are its sentences, not a second copy.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import Card, Suit, card
from chicago.core.events import Event, event_to_json
from chicago.core.rules import RuleProfile
from chicago.core.state import Phase
from chicago.core.views import PlayerView
from chicago.table.tables.service import DealScores
from chicago.text.cards import in_hand_order, suit_word
from chicago.text.i18n import N_, _, ngettext
from chicago.text.level_words import LEVEL_WORDS
from chicago.text.narration import Narrator
from chicago.text.seat_names import seat_names

PAUSES: Final = {
    "deal_started": 0.9, "exchange_started": 0.45, "exchange_skipped": 0.6,
    "cards_exchanged": 0.5, "offer_shown": 1.2, "offer_kept": 0.7, "offer_declined": 0.7,
    "score_reset": 1.1, "hand_announced": 1.5, "no_hand_scored": 0.9, "points_awarded": 0.9,
    "quads_chosen": 1.2, "chicago_called": 1.4, "chicago_passed": 0.45, "cards_returned": 0.9,
    "card_played": 0.65, "trick_taken": 1.0, "chicago_won": 1.5, "chicago_broken": 1.5,
    "player_eliminated": 1.4, "game_won": 1.4, "deal_ended": 0.5,
}
"""Seconds each event stays in view at normal speed (the web table's pauses)."""

ME: Final = 0
TRICKS: Final = 5

Data = dict[str, object]
"""An event as `event_to_json(event, 0)` gives it."""

SCORING: Final = frozenset(
    {
        "hand_announced",
        "no_hand_scored",
        "points_awarded",
        "score_reset",
        "quads_chosen",
        "chicago_called",
        "chicago_won",
        "chicago_broken",
        "player_eliminated",
        "game_won",
        "exchange_skipped",
    }
)
"""The events an end-of-deal recap lists."""

_CARD_TOKEN: Final = re.compile(r"\b[2-9TJQKA][cdhs]\b|(?<!\w)(?:10|[2-9JQKA])[♣♦♥♠]")
"""A card in a line of text: its face as the narration writes it ("K♦", "10♥"), or its code."""
_SUIT_LETTERS: Final = {s.symbol: s.value for s in Suit}


def redacted(events: Sequence[Event]) -> list[Data]:
    """The events as seat 0 may see them (R9.1), in order."""
    out: list[Data] = []
    for e in events:
        data = event_to_json(e, ME)
        if data is not None:
            out.append(data)
    return out


def rank_text(c: Card) -> str:
    return "10" if c.text[0] == "T" else c.text[0]


def card_label(c: Card) -> str:
    """A card as a person reads it: "10♥", "A♠"."""
    return rank_text(c) + c.suit.symbol


def card_tokens(text: str) -> list[tuple[str, Card | None]]:
    """Split text at cards ("A♥", "10♦", or codes: "Ah"): pieces of text and the cards
    among them (the log draws them coloured)."""
    out: list[tuple[str, Card | None]] = []
    at = 0
    for m in _CARD_TOKEN.finditer(text):
        if m.start() > at:
            out.append((text[at : m.start()], None))
        token = m.group(0)
        if token[-1] in _SUIT_LETTERS:
            token = ("T" if token[:2] == "10" else token[0]) + _SUIT_LETTERS[token[-1]]
        out.append((m.group(0), card(token)))
        at = m.end()
    if at < len(text):
        out.append((text[at:], None))
    return out


def sort_hand(hand: Sequence[Card]) -> list[Card]:
    """The hand as shown, in one order from the exchanges through the tricks (in_hand_order),
    so a card keeps its number."""
    return in_hand_order(hand)


def seat_name(seat: int) -> str:
    """ "You", or the bot's name at the table (Astrid, Bengt, …), as every tool names it."""
    return seat_names(seat + 1, ME)[seat]


def seat_label(seat: int, levels: Sequence[str | None]) -> str:
    """ "You", or "Bengt (easy)"."""
    if seat == ME:
        return _("You")
    level = levels[seat] if seat < len(levels) else None
    if not level:
        return seat_name(seat)
    return _("{name} ({level})", name=seat_name(seat),
             level=_(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level)


# Narration ------------------------------------------------------------------------------


def narrator(profile: RuleProfile, seats: int) -> Narrator:
    """The narration of `chicago.text` for seat 0 (the Textual game's seat)."""
    return Narrator(profile, seats, ME, faces=True, names=seat_names(seats, ME))


def told(narrator: Narrator, data: Data) -> list[str]:
    """The sentences for one event, without the narrator's blank lines between deals."""
    return [line for line in narrator.lines(data) if line.strip()]


# The board --------------------------------------------------------------------------------


@dataclass
class LastTrick:
    number: int
    winner: int
    card: Card
    plays: tuple[tuple[int, Card], ...]


@dataclass
class Recap:
    """The end of a deal in a few lines: what scored, who took the tricks, the scores."""

    deal: int
    title: str
    lines: list[str]
    tricks: list[tuple[int, int, Card]]
    """(trick, winner, winning card)."""
    before: tuple[int, ...]
    after: tuple[int, ...]
    eliminated: tuple[bool, ...]
    qualified: tuple[bool, ...]


@dataclass
class Board:
    """The table as seat 0 sees it at one moment (R9.1)."""

    seats: int
    profile: RuleProfile
    levels: tuple[str | None, ...]
    scores: list[int]
    qualified: list[bool]
    eliminated: list[bool]
    hand: list[Card]
    hand_sizes: list[int]
    deal: int
    dealer: int
    exchange: int
    phase: Phase
    to_act: int | None
    winner: int | None = None
    caller: int | None = None
    offer: tuple[int, Card] | None = None
    trick: list[tuple[int, Card]] = field(default_factory=list)
    last: LastTrick | None = None
    tricks_won: list[int] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)
    """Each seat's last move of this stage, in a word or two: "kept all", "changed 3", "sat out",
    "took it", "declined", "no call", "Chicago!"."""
    notes_in_play: bool = False
    """Whether the notes are of the tricks (a first-trick Chicago call), not the exchanges."""
    active: int | None = None
    """The seat whose move is being shown."""
    banner: str = ""
    """The latest announcement."""
    deal_lines: list[str] = field(default_factory=list)
    deal_tricks: list[tuple[int, int, Card]] = field(default_factory=list)
    deal_start: tuple[int, ...] = ()

    @classmethod
    def from_view(
        cls,
        v: PlayerView,
        levels: Sequence[str | None],
        history: Sequence[DealScores] = (),
    ) -> Board:
        """The table a view shows; `history` (the scores after each finished deal) gives the
        scores this deal started from, for its recap."""
        board = cls(
            seats=v.seats,
            profile=v.profile,
            levels=tuple(levels),
            scores=list(v.scores),
            qualified=list(v.qualified),
            eliminated=list(v.eliminated),
            hand=list(v.hand),
            hand_sizes=list(v.hand_sizes),
            deal=v.deal,
            dealer=v.dealer,
            exchange=v.exchange,
            phase=v.phase,
            to_act=None if v.phase is Phase.FINISHED else v.to_act,
            winner=v.winner,
            caller=v.caller,
            offer=(v.to_act if v.to_act is not None else ME, v.offer) if v.offer else None,
            trick=list(v.trick),
            tricks_won=[0] * v.seats,
            deal_start=deal_start_scores(v.deal, v.seats, history),
        )
        for data in redacted(v.log):  # who has already moved this stage (bots before you)
            board._note(str(data["type"]), data)
        for t in v.tricks:
            if t.winner is not None:
                board.tricks_won[t.winner] += 1
        if v.tricks and not v.trick:
            t = v.tricks[-1]
            if t.winner is not None:  # the last trick stays in view until the next card
                won = next((c for s, c in t.plays if s == t.winner), t.plays[0][1])
                board.last = LastTrick(len(v.tricks), t.winner, won, tuple(t.plays))
                board.trick = list(t.plays)
        board.deal_tricks = [
            (i, t.winner, next(c for s, c in t.plays if s == t.winner))
            for i, t in enumerate(v.tricks, 1)
            if t.winner is not None
        ]
        return board

    @classmethod
    def blank(cls, v: PlayerView, levels: Sequence[str | None]) -> Board:
        """The table before a new game's first deal, for showing its deal step by step."""
        board = cls.from_view(v, levels)
        n = v.seats
        board.scores = [0] * n
        board.qualified = [False] * n
        board.eliminated = [False] * n
        board.hand = []
        board.hand_sizes = [0] * n
        board.trick = []
        board.last = None
        board.offer = None
        board.caller = None
        board.to_act = None
        board.deal_tricks = []
        board.deal_start = tuple(board.scores)
        return board

    @property
    def trick_number(self) -> int:
        done = len(self.deal_tricks)
        return min(TRICKS, done + 1)

    @property
    def playing(self) -> bool:
        return self.phase is Phase.PLAY

    def shown_hand(self) -> list[Card]:
        return sort_hand(self.hand)

    def status(self) -> str:
        """One line: the deal, the stage, the dealer, whose turn."""
        p = self.profile
        parts = [_("Deal {deal}", deal=self.deal)]
        if self.phase is Phase.FINISHED:
            return ngettext("Game over after {n} deal", "Game over after {n} deals", self.deal)
        if self.phase in (Phase.EXCHANGE, Phase.OFFER):
            parts.append(_("Exchange {exchange} of {exchanges}", exchange=self.exchange,
                           exchanges=p.exchanges))
        elif self.phase is Phase.QUADS:
            parts.append(_("Four of a kind"))
        elif self.phase is Phase.CHICAGO:
            parts.append(_("Chicago?"))
        else:
            parts.append(_("Trick {trick} of {tricks}", trick=self.trick_number, tricks=TRICKS))
        parts.append(_("You dealt") if self.dealer == ME
                     else _("{name} dealt", name=seat_name(self.dealer)))
        if self.to_act == ME:
            parts.append(_("your turn"))
        elif self.active is not None:  # the seat whose move is being shown
            parts.append(_("now: {name}", name=seat_name(self.active)))
        return " · ".join(parts)

    # Stepping through events -------------------------------------------------------------

    def step(self, e: Data, lines: Sequence[str]) -> Recap | None:
        """Apply one redacted event; a Recap when it ends the deal or the game."""
        kind = str(e["type"])
        seat = e.get("seat")
        s = seat if isinstance(seat, int) else None
        if s is not None:
            self.active = s
        self.to_act = None  # mid-animation nobody is asked yet: the next view tells
        self._note(kind, e)
        if kind == "deal_started":
            self._new_deal(e)
        elif kind == "cards_dealt":
            self.hand = _cards(e["cards"])
            self.hand_sizes[ME] = len(self.hand)
        elif kind == "exchange_started":
            self.phase = Phase.EXCHANGE
            self.exchange = _int(e["exchange"])
        elif kind == "score_reset" and s is not None:
            self.scores[s] = 0
        elif kind == "offer_shown" and s is not None:
            offered = card(str(e["card"]))
            self.offer = (s, offered)
            self.hand_sizes[s] = max(0, self.hand_sizes[s] - 1)
            self.phase = Phase.OFFER
        elif kind in ("offer_kept", "offer_declined") and s is not None:
            self.offer = None
            self.hand_sizes[s] += 1
            self.phase = Phase.EXCHANGE
        elif kind == "cards_exchanged" and s is not None:
            if s == ME and "discarded" in e:
                for c in _cards(e["discarded"]):
                    if c in self.hand:
                        self.hand.remove(c)
                for c in _cards(e.get("drawn", [])):
                    if c not in self.hand:
                        self.hand.append(c)
        elif kind == "points_awarded" and s is not None:
            self.scores[s] = _int(e["score"])
        elif kind == "quads_chosen":
            self.phase = Phase.QUADS
        elif kind == "chicago_called" and s is not None:
            self.caller = s
            self.qualified[s] = True
            self.phase = Phase.CHICAGO
        elif kind == "chicago_passed":
            self.phase = Phase.CHICAGO
        elif kind == "cards_returned":
            for x, c in _plays(e["plays"]):
                self.hand_sizes[x] += 1
                if x == ME:
                    self.hand.append(c)
            self.trick = []
        elif kind == "card_played" and s is not None:
            self._card_played(s, card(str(e["card"])))
        elif kind == "trick_taken" and s is not None:
            won = card(str(e["card"]))
            number = _int(e["trick"])
            self.last = LastTrick(number, s, won, tuple(self.trick))
            self.tricks_won[s] += 1
            self.deal_tricks.append((number, s, won))
        elif kind == "player_eliminated" and s is not None:
            self.eliminated[s] = True
            self.hand_sizes[s] = 0
        elif kind == "game_won" and s is not None:
            self.winner = s
            self.phase = Phase.FINISHED
        if kind in SCORING or kind in ("deal_started", "trick_taken", "deal_ended",
                                        "offer_shown"):
            self.banner = " ".join(lines)
        if kind in SCORING or kind == "deal_ended":
            self.deal_lines.extend(lines)
        if kind == "deal_ended":
            self.active = None
            return self.recap(_int(e["deal"]), " ".join(lines))
        if kind == "game_won":
            self.active = None
            return self.recap(self.deal, " ".join(lines))
        return None

    def _note(self, kind: str, e: Data) -> None:
        """Keep a seat's last move of this stage for the seats panel's "Now" column."""
        seat = e.get("seat")
        if kind in ("deal_started", "exchange_started", "trick_taken"):
            self.notes = {}
            self.notes_in_play = kind == "trick_taken"
            return
        if kind == "card_played":
            if not self.notes_in_play:  # the first card: from now on the table shows cards
                self.notes = {}
                self.notes_in_play = True
            return
        if not isinstance(seat, int):
            return
        if kind == "cards_exchanged":
            count = _int(e["count"])
            self.notes[seat] = _("kept all") if count == 0 else _("changed {n}", n=count)
        elif kind == "quads_chosen":
            # Short: the column has about a dozen characters at 80×24.
            self.notes[seat] = _("took points") if e.get("choice") == "points" else _(
                "reset others")
        elif kind in _NOTES:
            self.notes[seat] = _(_NOTES[kind])

    def _new_deal(self, e: Data) -> None:
        dealt = _ints(e["seats"])
        self.deal = _int(e["deal"])
        self.dealer = _int(e["dealer"])
        self.hand_sizes = [5 if x in dealt else 0 for x in range(self.seats)]
        self.hand = []
        self.trick = []
        self.last = None
        self.caller = None
        self.offer = None
        self.notes = {}
        self.tricks_won = [0] * self.seats
        self.exchange = 1
        self.phase = Phase.EXCHANGE
        self.deal_lines = []
        self.deal_tricks = []
        self.deal_start = tuple(self.scores)

    def _card_played(self, seat: int, c: Card) -> None:
        if self.phase is not Phase.PLAY:
            self.phase = Phase.PLAY
        if self.last is not None and self.trick == list(self.last.plays):
            self.trick = []  # the first card of the next trick clears the table
        self.hand_sizes[seat] = max(0, self.hand_sizes[seat] - 1)
        if seat == ME and c in self.hand:
            self.hand.remove(c)
        self.trick.append((seat, c))

    def recap(self, deal: int, title: str) -> Recap:
        return Recap(
            deal=deal,
            title=title,
            lines=list(self.deal_lines),
            tricks=list(self.deal_tricks),
            before=self.deal_start,
            after=tuple(self.scores),
            eliminated=tuple(self.eliminated),
            qualified=tuple(self.qualified),
        )


_NOTES: Final = {
    "exchange_skipped": N_("sat out"),
    "offer_kept": N_("took it"),
    "offer_declined": N_("declined"),
    "chicago_passed": N_("no call"),
    "chicago_called": N_("Chicago!"),
}
"""The "Now" words of the moves other than exchanges (and cards, shown as cards)."""


def deal_start_scores(deal: int, seats: int, history: Sequence[DealScores]) -> tuple[int, ...]:
    """The scores deal `deal` started from: those after the deal before it, else zeros."""
    earlier = [h for h in history if h.deal < deal]
    return tuple(earlier[-1].scores) if earlier else (0,) * seats


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a number, not {value!r}")
    return value


def _ints(value: object) -> list[int]:
    return [_int(v) for v in value] if isinstance(value, list) else []


def _cards(value: object) -> list[Card]:
    return [card(str(c)) for c in value] if isinstance(value, list) else []


def _plays(value: object) -> list[tuple[int, Card]]:
    out: list[tuple[int, Card]] = []
    if isinstance(value, list):
        for item in value:
            if isinstance(item, list) and len(item) == 2:
                out.append((_int(item[0]), card(str(item[1]))))
    return out


# Decisions in words ----------------------------------------------------------------------


def exchange_bounds(legal: Sequence[Action]) -> tuple[int, int, bool, bool]:
    """(fewest, most cards to discard, keeping allowed, the R2.4 reset applies)."""
    sizes = sorted({len(a.discard) for a in legal if isinstance(a, Exchange)})
    keep = 0 in sizes
    positive = [n for n in sizes if n > 0] or [0]
    resets = any(isinstance(a, Exchange) and a.confirm_reset for a in legal)
    return positive[0], positive[-1], keep, resets


def exchange_for(legal: Sequence[Action], discard: Sequence[Card]) -> Exchange | None:
    """The legal exchange that discards exactly these cards, or None."""
    wanted = frozenset(discard)
    for a in legal:
        if isinstance(a, Exchange) and frozenset(a.discard) == wanted:
            return a
    return None


def exchange_prompt(v: PlayerView, legal: Sequence[Action], selected: int) -> str:
    least, most, keep, resets = exchange_bounds(legal)
    n = len(v.hand)
    if not keep and least == most:
        if least == 1:
            text = _("You hold {n} cards: choose the card to discard (1–{n} or click), then e. "
                     "You draw nothing.", n=n)
        else:
            text = _("You hold {n} cards: choose the {least} cards to discard (1–{n} or "
                     "click), then e. You draw nothing.", n=n, least=least)
    else:
        text = _("Exchange {exchange} of {exchanges}: choose up to {most} cards to discard "
                 "(1–{n} or click), then e to exchange; k keeps all {n}.",
                 exchange=v.exchange, exchanges=v.profile.exchanges, most=most, n=n)
        if v.profile.open_offer and least == 1:
            text += " " + _("Discard exactly one and the top stock card is offered to you "
                            "face up.")
    if resets:
        text += " " + _("You have {score} points: discarding any card resets your score to 0 "
                        "(R2.4); keeping all does not.", score=v.scores[ME])
    if selected:
        text += " " + _("Selected: {n}.", n=selected)
    return text


def reset_question(v: PlayerView) -> str:
    """The R2.4 confirmation (the narration's words)."""
    return narrator(v.profile, len(v.scores)).reset_question(v.scores[ME])


def play_prompt(v: PlayerView, legal: Sequence[Action]) -> str:
    number = len(v.tricks) + 1
    n = len(v.hand)
    if not v.trick:
        text = _("Trick {trick} of {tricks}: your lead — play any card.", trick=number,
                 tricks=TRICKS)
    else:
        led = v.trick[0][1].suit
        if any(c.suit is led for c in v.hand):
            text = _("Trick {trick} of {tricks}: {suit} led — follow suit.", trick=number,
                     tricks=TRICKS, suit=suit_word(led))
        else:
            text = _("Trick {trick} of {tricks}: {suit} led and you have none — play any card.",
                     trick=number, tricks=TRICKS, suit=suit_word(led))
    if n == 1:
        text += " " + _("Press 1 or click your last card.")
    else:
        text += " " + _("Press a highlighted card's number (1–{n}) or click it.", n=n)
    if v.caller == ME:
        text += " " + _("You called Chicago: take every trick!")
    elif v.caller is not None:
        text += " " + _("{name} called Chicago: take a trick to break it.",
                         name=seat_name(v.caller))
    return text


def follow_suit_message(v: PlayerView, legal: Sequence[Action]) -> str:
    cards = [a.card for a in legal if isinstance(a, Play)]
    led = suit_word(v.trick[0][1].suit) if v.trick else _("the led suit")
    return _("You must follow suit: {suit} were led (R6.1). You may play {cards}.", suit=led,
             cards=" ".join(card_label(c) for c in cards))


def hint_words(action: Action, shown: Sequence[Card]) -> str:
    """A suggested action of seat 0 in words, with the keys that make it."""
    if isinstance(action, Exchange):
        if not action.discard:
            return _("keep all your cards (k)")
        keys = " ".join(str(shown.index(c) + 1) for c in action.discard if c in shown)
        names = " ".join(card_label(c) for c in action.discard)
        return _("discard {cards} (press {keys}, then e)", cards=names, keys=keys)
    if isinstance(action, Offer):
        return _("keep the offered card (k)") if action.keep else _("decline it (d)")
    if isinstance(action, QuadsChoice):
        return (_("take the points (p)") if action.choice == "points"
                else _("reset the others (r)"))
    if isinstance(action, ChicagoCall):
        return _("call Chicago (c)") if action.call else _("do not call Chicago (n)")
    key = shown.index(action.card) + 1 if action.card in shown else "?"
    return _("play {card} (press {key})", card=card_label(action.card), key=key)
