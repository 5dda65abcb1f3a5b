"""The narration of a game for one seat: a sentence for every event that seat may see.

Every front-end (the plain game, the Textual game, later the web table) asks a `Narrator`
for its sentences, so the game is told in one voice. The narrator reads events as
`event_to_json(event, seat)` gives them — already redacted for that seat (R9.1) — and keeps
the running scores, qualifications and eliminations that the events it has read leave.

Every sentence is whole in the catalog, once for "you" and once for another seat, so a
language is free to order its words (no sentence is glued from a subject and a verb).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import Card
from chicago.core.cards import card as parse_card
from chicago.core.hands import hand_value
from chicago.core.rules import ChicagoTiming, RuleProfile
from chicago.core.views import PlayerView
from chicago.text.call_cost import call_cost
from chicago.text.cards import (
    card_name,
    category_with,
    face,
    faces,
    hand_name,
    in_hand_order,
)
from chicago.text.i18n import N_, _, ngettext
from chicago.text.parts import Part, mark, split
from chicago.text.seat_names import NAMED
from chicago.text.wording import (
    AWARD_WORDS,
    DEAL_END_WORDS,
    RESET_WORDS,
    SKIP_WORDS,
    WIN_WORDS,
)

Data = dict[str, object]


def numbered(items: Sequence[str]) -> str:
    """Choices numbered from 1, as the terminal games list them."""
    return "  ".join(f"{i} {text}" for i, text in enumerate(items, 1))


def hand_words(hand: Sequence[Card]) -> str:
    """" (two pair)" after a five-card hand; nothing for any other size."""
    if len(hand) != 5:
        return ""
    return f" ({hand_name(hand_value(hand))})"


def _cards(value: object) -> list[str]:
    return [str(c) for c in value] if isinstance(value, list) else []


@dataclass
class Narrator:
    """Tells the events one seat sees, in the second person for that seat."""

    profile: RuleProfile
    seats: int
    me: int = 0
    scores: list[int] = field(default_factory=list)
    """Scores, qualifications and eliminations as the events told so far left them."""
    qualified: list[bool] = field(default_factory=list)
    eliminated: list[bool] = field(default_factory=list)
    trick_cards: int = 0
    """Cards in the current trick so far (the next card played after none is a lead)."""
    faces: bool = False
    """Name cards by their faces ("10♥") rather than their codes ("Th"), as every player
    reads them (the replay, the terminal table, line mode); codes are for files."""

    def _list(self, value: object) -> str:
        """Cards for a player (faces, or marks for a page) in the order their hand is shown
        in; for a file (codes) as the event has them."""
        if self.marks:
            return " ".join(mark(str(c)) for c in in_hand_order(
                parse_card(str(c)) for c in _cards(value)))
        if not self.faces:
            return " ".join(_cards(value))
        if isinstance(value, (list, tuple)):
            value = in_hand_order(parse_card(str(c)) for c in value)
        return faces(value)

    def _card(self, value: object) -> str:
        if self.marks:
            return mark(str(value))
        return face(str(value)) if self.faces else str(value)

    names: Sequence[str] | None = None
    """Every seat's name as the table said it (`seat_names`), or None: "seat 2"."""
    royal: bool = False
    """The events being told hold a royal flush's effect (R4.4): a straight flush announced
    among them is that royal flush, and is called so (`foresee`)."""
    marks: bool = False
    """Tell for a page that draws the cards (`told`): each card a mark that
    `chicago.text.parts.split` makes a card part of, and a deal begun by its heading
    ("Deal 2: Cissi deals") rather than the terminal's line between === marks."""

    def __post_init__(self) -> None:
        if not self.scores:
            self.scores = [0] * self.seats
        if not self.qualified:
            self.qualified = [False] * self.seats
        if not self.eliminated:
            self.eliminated = [False] * self.seats

    def foresee(self, events: Sequence[Data]) -> None:
        """Before telling the events of one move: a best hand is announced by its category
        only (R4.1), and an ace-high straight flush is known as a royal flush (R3.1) by what
        it does after (R4.4). So the announcement names the hand as the reset or the win
        that follows it does: one name for one hand."""
        self.royal = any(e.get("reason") == "royal_flush" for e in events)

    def sync(self, scores: Sequence[int], qualified: Sequence[bool],
             eliminated: Sequence[bool]) -> None:
        """Start from a view's standing (after a resume or a reload)."""
        self.scores = list(scores)
        self.qualified = list(qualified)
        self.eliminated = list(eliminated)

    # --- people ---------------------------------------------------------------------------

    def who(self, seat: int, start: bool = False) -> str:
        """A seat named in a list ("you", "Astrid" or "seat 2"; capitalized at the start of a
        sentence)."""
        if seat == self.me:
            return _("You") if start else _("you")
        if self.names is not None:
            return self.names[seat]
        return _("Seat {seat}", seat=seat) if start else _("seat {seat}", seat=seat)

    def say(self, seat: int, you: str, other: str, /, **params: object) -> str:
        """One sentence about `seat`: the `you` form for this narrator's seat, else `other`
        (with `{seat}`), or its form with the seat's name when the narrator has names."""
        if seat == self.me:
            return _(you, **params)
        if self.names is not None and other in NAMED:
            return _(NAMED[other], name=self.names[seat], **params)
        return _(other, seat=seat, **params)

    def scores_line(self) -> str:
        parts = []
        for seat, score in enumerate(self.scores):
            notes = []
            if self.qualified[seat]:
                notes.append(_("qualified"))
            if self.eliminated[seat]:
                notes.append(_("eliminated"))
            extra = f" ({', '.join(notes)})" if notes else ""
            parts.append(f"{self.who(seat)} {score}{extra}")
        return _("Scores (target {target}): {scores}.", target=self.profile.target,
                 scores=", ".join(parts))

    # --- events ---------------------------------------------------------------------------

    def deal_heading(self, e: Data) -> str:
        """A new deal as a page's heading: "Deal 2: Cissi deals" (the narrated line's words
        without the terminal's === marks)."""
        return self.say(int(str(e["dealer"])), N_("Deal {deal}: you deal"),
                        N_("Deal {deal}: seat {seat} deals"), deal=e["deal"])

    def lines(self, e: Data) -> list[str]:
        """The sentences for one event (usually one; a new deal starts with a blank line)."""
        kind = e["type"]
        seat = e.get("seat")
        s = seat if isinstance(seat, int) else -1
        if kind == "deal_started":
            dealer = int(str(e["dealer"]))
            self.trick_cards = 0
            if self.marks:
                return [self.deal_heading(e)]
            return ["", self.say(dealer, N_("=== Deal {deal}: you deal ==="),
                                 N_("=== Deal {deal}: seat {seat} deals ==="), deal=e["deal"])]
        if kind == "cards_dealt":
            return [_("Your cards: {cards}.", cards=self._list(e["cards"]))]
        if kind == "exchange_started":
            return [_("Exchange {exchange}.", exchange=e["exchange"])]
        if kind == "exchange_skipped":
            reason = str(e["reason"])
            why = _(SKIP_WORDS[reason]) if reason in SKIP_WORDS else reason
            return [self.say(s, N_("You may not exchange this time ({why})."),
                             N_("Seat {seat} may not exchange this time ({why})."), why=why)]
        if kind == "cards_exchanged":
            return [self._exchanged(e, s)]
        if kind == "score_reset":
            reason = str(e["reason"])
            why = _(RESET_WORDS[reason]) if reason in RESET_WORDS else reason
            self.scores[s] = 0
            return [self.say(s, N_("Your score is reset from {previous} to 0 ({why})."),
                             N_("Seat {seat}'s score is reset from {previous} to 0 ({why})."),
                             previous=e["previous"], why=why)]
        if kind == "offer_shown":
            return [self.say(
                s,
                N_("You discard one card; the top stock card is offered to you face up: {card}."),
                N_("Seat {seat} discards one card and is offered the top stock card face up: "
                "{card}."),
                card=self._card(e["card"]),
            )]
        if kind == "offer_kept":
            return [self.say(s, N_("You keep the offered {card}."),
                             N_("Seat {seat} keeps the offered {card}."),
                             card=self._card(e["card"]))]
        if kind == "offer_declined":
            return [self.say(
                s, N_("You decline the offered {card} and draw the next card unseen."),
                N_("Seat {seat} declines the offered {card} and draws the next card unseen."),
                card=self._card(e["card"]),
            )]
        if kind == "hand_announced":
            return [self._announced(e, s)]
        if kind == "no_hand_scored":
            return [_("Nobody holds a pair after exchange {stage}: no points.",
                      stage=e["stage"])]
        if kind == "points_awarded":
            return [self._awarded(e, s)]
        return self._play_lines(e, kind, s)

    def _exchanged(self, e: Data, s: int) -> str:
        count = int(str(e["count"]))
        if count == 0:
            return self.say(s, N_("You keep all five cards."),
                            N_("Seat {seat} keeps all five cards."))
        if s == self.me:
            out = self._list(e.get("discarded", []))
            got = self._list(e.get("drawn", []))
            if got:
                return _("You discard {discarded} and draw {drawn}.", discarded=out, drawn=got)
            return _("You discard {discarded}.", discarded=out)
        if self.names is not None:
            return ngettext("{name} exchanges {n} card.", "{name} exchanges {n} cards.",
                            count, name=self.names[s])
        return ngettext("Seat {seat} exchanges {n} card.", "Seat {seat} exchanges {n} cards.",
                        count, seat=s)

    def _announced(self, e: Data, s: int) -> str:
        stage = int(str(e["stage"]))
        named = str(e["category"])
        category = category_with("royal flush" if named == "straight flush" and self.royal
                                 else named)
        if stage < self.profile.exchanges:
            return self.say(s, N_("Best hand after exchange {stage}: you, with {category}."),
                            N_("Best hand after exchange {stage}: seat {seat}, with {category}."),
                            stage=stage, category=category)
        return self.say(s, N_("Best hand in the final hands: you, with {category}."),
                        N_("Best hand in the final hands: seat {seat}, with {category}."),
                        category=category)

    def _awarded(self, e: Data, s: int) -> str:
        points = int(str(e["points"]))
        score = int(str(e["score"]))
        self.scores[s] = score
        reason = str(e["reason"])
        why = _(AWARD_WORDS[reason]) if reason in AWARD_WORDS else reason
        if points >= 0:
            return self.say(s, N_("You score {points} {why} (now {score})."),
                            N_("Seat {seat} scores {points} {why} (now {score})."),
                            points=points, why=why, score=score)
        return self.say(s, N_("You lose {points} {why} (now {score})."),
                        N_("Seat {seat} loses {points} {why} (now {score})."),
                        points=-points, why=why, score=score)

    def _play_lines(self, e: Data, kind: object, s: int) -> list[str]:
        """The calls, the tricks and the ends of deals and games."""
        if kind == "quads_chosen":
            if e["choice"] == "points":
                return [self.say(s, N_("You take the points for four of a kind."),
                                 N_("Seat {seat} takes the points for four of a kind."))]
            return [self.say(
                s, N_("You reset every other player to 0 with four of a kind; the deal ends."),
                N_("Seat {seat} resets every other player to 0 with four of a kind; "
                   "the deal ends."),
            )]
        if kind == "chicago_called":
            self.qualified[s] = True
            return [self.say(s, N_("You call Chicago and must win all five tricks."),
                             N_("Seat {seat} calls Chicago and must win all five tricks."))]
        if kind == "chicago_passed":
            return [self.say(s, N_("You do not call Chicago."),
                             N_("Seat {seat} does not call Chicago."))]
        if kind == "cards_returned":
            self.trick_cards = 0
            return [_("The cards already played go back to their hands.")]
        if kind == "card_played":
            first = self.trick_cards == 0
            self.trick_cards += 1
            if first:
                return [self.say(s, N_("Trick {trick}: you lead {card}."),
                                 N_("Trick {trick}: seat {seat} leads {card}."),
                                 trick=e["trick"], card=self._card(e["card"]))]
            return [self.say(s, N_("You play {card}."), N_("Seat {seat} plays {card}."),
                             card=self._card(e["card"]))]
        if kind == "trick_taken":
            self.trick_cards = 0
            return [self.say(s, N_("You take trick {trick} with {card}."),
                             N_("Seat {seat} takes trick {trick} with {card}."),
                             trick=e["trick"], card=self._card(e["card"]))]
        if kind == "chicago_won":
            return [self.say(s, N_("You win the Chicago: all five tricks."),
                             N_("Seat {seat} wins the Chicago: all five tricks."))]
        if kind == "chicago_broken":
            return [self._broken(int(str(e["caller"])), int(str(e["breaker"])))]
        if kind == "player_eliminated":
            self.eliminated[s] = True
            return [self.say(
                s, N_("You reach {score} without a Chicago call and are eliminated (R8.3)."),
                N_("Seat {seat} reaches {score} without a Chicago call and is eliminated (R8.3)."),
                score=e["score"],
            )]
        if kind == "game_won":
            reason = str(e["reason"])
            why = _(WIN_WORDS[reason]) if reason in WIN_WORDS else reason
            return [self.say(s, N_("You win the game by {why}."),
                             N_("Seat {seat} wins the game by {why}."), why=why)]
        if kind == "deal_ended":
            reason = str(e["reason"])
            if reason in DEAL_END_WORDS:
                ended = _(DEAL_END_WORDS[reason], deal=e["deal"])
            else:
                ended = _("Deal {deal} ends ({reason}).", deal=e["deal"], reason=reason)
            return [f"{ended} {self.scores_line()}"]
        # an event this narrator does not know yet: show it as it is
        return [f"({json.dumps(e, ensure_ascii=False)})"]

    def _broken(self, caller: int, breaker: int) -> str:
        if self.names is not None:
            if breaker == self.me:
                return _("You broke {caller}'s Chicago.", caller=self.names[caller])
            if caller == self.me:
                return _("{breaker} broke your Chicago.", breaker=self.names[breaker])
            return _("{breaker} broke {caller}'s Chicago.", breaker=self.names[breaker],
                     caller=self.names[caller])
        if breaker == self.me:
            return _("You broke seat {caller}'s Chicago.", caller=caller)
        if caller == self.me:
            return _("Seat {breaker} broke your Chicago.", breaker=breaker)
        return _("Seat {breaker} broke seat {caller}'s Chicago.", breaker=breaker,
                 caller=caller)

    # --- questions ------------------------------------------------------------------------

    def _hand(self, v: PlayerView, with_hand: bool) -> str:
        if not with_hand:
            return ""
        return _("Your hand: {cards}.", cards=self._list(list(v.hand))) + " "

    def offer_question(self, v: PlayerView, with_hand: bool = True) -> str:
        assert v.offer is not None
        return self._hand(v, with_hand) + _(
            "The offered card is {card} ({name}). Keep it, or decline it and draw the next "
            "card unseen (R2.2)?", card=self._card(v.offer), name=card_name(v.offer))

    def quads_question(self, v: PlayerView) -> str:
        return _("Your four of a kind is the best hand. Take {points} points (the same four of "
                 "a kind then scores points for the rest of the deal), or reset every other "
                 "active player to 0 and end the deal at once (R4.3)?",
                 points=v.profile.quads_points)

    def chicago_question(self, v: PlayerView, with_hand: bool = True) -> str:
        p = v.profile
        win = f"+{p.chicago_points}"
        if p.chicago_two_points is not None:
            win += " " + _("(+{points} if the last trick is won with a two)",
                           points=p.chicago_two_points)
        lose = _("-{points} if not", points=p.chicago_penalty)
        if p.broken_chicago_bonus:
            lose += " " + _("(and whoever takes a trick from you gains {points})",
                            points=p.broken_chicago_bonus)
        lines = [
            self._hand(v, with_hand) + _(
                "Call Chicago? You must then win all five tricks: {win} if you do, {lose} (R7).",
                win=win, lose=lose),
        ]
        cost = call_cost(p, v.hand)
        if cost:
            lines.append(cost)
        if p.chicago_caller_leads:
            lines.append(_("The caller leads the first trick."))
        if p.chicago_timing is ChicagoTiming.FIRST_TRICK and v.trick:
            lines.append(_("The cards already played to this trick go back."))
        if p.qualification_required:
            state = (_("You are already qualified.") if v.qualified[self.me]
                     else _("You are not qualified yet."))
            lines.append(_("A call qualifies you to win the game, whatever its result (R7.4). "
                           "{state}", state=state))
        return " ".join(lines)

    def reset_question(self, score: int) -> str:
        """R2.4: the confirmation before a discard that resets a high score."""
        return _("Discarding resets your score from {score} to 0 (R2.4). Go ahead?", score=score)

    def action_words(self, a: Action, v: PlayerView, legal: Sequence[Action]) -> str:
        """A decision of this seat in words, with what to type for it in the plain game."""
        if isinstance(a, Exchange):
            if not a.discard:
                return _("keep all five cards (type {keep})", keep=_("keep"))
            shown = in_hand_order(v.hand)
            positions = " ".join(str(shown.index(c) + 1) for c in a.discard)
            names = self._list(list(a.discard))
            return _("discard {cards} (type {positions})", cards=names, positions=positions)
        if isinstance(a, Offer):
            return (_("keep the offered card (type 1)") if a.keep
                    else _("decline it (type 2)"))
        if isinstance(a, QuadsChoice):
            return (_("take the points (type 1)") if a.choice == "points"
                    else _("reset (type 2)"))
        if isinstance(a, ChicagoCall):
            return (_("call Chicago (type 2)") if a.call
                    else _("do not call Chicago (type 1)"))
        assert isinstance(a, Play)
        cards = in_hand_order(x.card for x in legal if isinstance(x, Play))
        return _("play {card} (type {number})", card=self._card(a.card),
                 number=cards.index(a.card) + 1)


def trick_cards_before(events: Sequence[Data], v: PlayerView) -> int:
    """How many cards lay in the current trick before these events (a call of the table
    service starts wherever the player's last answer left the deal), so the narrator tells
    a lead as a lead."""
    first = next((e for e in events if e["type"] == "card_played"), None)
    if first is None or any(e["type"] in ("deal_started", "cards_returned")
                            for e in events[: events.index(first)]):
        return 0
    number = int(str(first["trick"]))
    played = 0
    for e in events[events.index(first):]:
        if e["type"] == "card_played" and int(str(e["trick"])) == number:
            played += 1
        elif e["type"] in ("trick_taken", "cards_returned", "deal_started"):
            break
    if len(v.tricks) >= number and not any(e["type"] == "deal_started" for e in events):
        total = len(v.tricks[number - 1].plays)
    elif len(v.tricks) + 1 == number and not any(e["type"] == "trick_taken" for e in events):
        total = len(v.trick)
    else:
        total = sum(1 for out in v.eliminated if not out)
    return max(0, total - played)


def tell(narrator: Narrator, events: Sequence[Data],
         deal_scores: Mapping[int, Sequence[int]] | None = None) -> list[str]:
    """One text per event (its sentences joined; "" for an event with none), for a client
    that shows the server's sentences. `deal_scores` gives the scores at the end of each
    finished deal, so a deal's closing line shows the scores of that moment."""
    out = []
    narrator.foresee(events)
    for e in events:
        if e["type"] == "deal_ended" and deal_scores:
            scores = deal_scores.get(int(str(e["deal"])))
            if scores is not None:
                narrator.scores = list(scores)
        out.append(" ".join(line for line in narrator.lines(e) if line))
    return out


def told(narrator: Narrator, events: Sequence[Data],
         deal_scores: Mapping[int, Sequence[int]] | None = None) -> list[list[Part]]:
    """`tell` for a page: each event's sentences as parts, its cards as card parts for the
    page to draw (`chicago.text.parts`). The narrator tells with marks from here on."""
    narrator.marks = True
    return [split(text) for text in tell(narrator, events, deal_scores)]
