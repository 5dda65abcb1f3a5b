"""The narration of a game for one seat: a sentence for every event that seat may see.

Every front-end (the plain game, the Textual game, later the web table) asks a `Narrator`
for its sentences, so the game is told in one voice. The narrator reads events as
`event_to_json(event, seat)` gives them — already redacted for that seat (R9.1) — and keeps
the running scores, qualifications and eliminations that the events it has read leave.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import Card
from chicago.core.hands import describe, hand_value
from chicago.core.rules import ChicagoTiming, RuleProfile
from chicago.core.views import PlayerView
from chicago.text.wording import (
    AWARD_WORDS,
    DEAL_END_WORDS,
    RESET_WORDS,
    SKIP_WORDS,
    WIN_WORDS,
    WITH_A,
)

Data = dict[str, object]


def numbered(items: Sequence[str]) -> str:
    """Choices numbered from 1, as the terminal games list them."""
    return "  ".join(f"{i} {text}" for i, text in enumerate(items, 1))


def hand_words(hand: Sequence[Card]) -> str:
    """" (two pair)" after a five-card hand; nothing for any other size."""
    if len(hand) != 5:
        return ""
    return f" ({describe(hand_value(hand))})"


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
    _trick_cards: int = 0

    def __post_init__(self) -> None:
        if not self.scores:
            self.scores = [0] * self.seats
        if not self.qualified:
            self.qualified = [False] * self.seats
        if not self.eliminated:
            self.eliminated = [False] * self.seats

    def sync(self, scores: Sequence[int], qualified: Sequence[bool],
             eliminated: Sequence[bool]) -> None:
        """Start from a view's standing (after a resume or a reload)."""
        self.scores = list(scores)
        self.qualified = list(qualified)
        self.eliminated = list(eliminated)

    # --- people ---------------------------------------------------------------------------

    def who(self, seat: int, start: bool = False) -> str:
        if seat == self.me:
            return "You" if start else "you"
        return f"{'S' if start else 's'}eat {seat}"

    def whose(self, seat: int) -> str:
        return "your" if seat == self.me else f"seat {seat}'s"

    def verb(self, seat: int, third: str, second: str) -> str:
        return second if seat == self.me else third

    def scores_line(self) -> str:
        parts = []
        for seat, score in enumerate(self.scores):
            notes = []
            if self.qualified[seat]:
                notes.append("qualified")
            if self.eliminated[seat]:
                notes.append("eliminated")
            extra = f" ({', '.join(notes)})" if notes else ""
            parts.append(f"{self.who(seat)} {score}{extra}")
        return f"Scores (target {self.profile.target}): " + ", ".join(parts) + "."

    # --- events ---------------------------------------------------------------------------

    def lines(self, e: Data) -> list[str]:
        """The sentences for one event (usually one; a new deal starts with a blank line)."""
        kind = e["type"]
        seat = e.get("seat")
        s = seat if isinstance(seat, int) else -1
        W = self.who(s, start=True) if s >= 0 else ""
        if kind == "deal_started":
            dealer = int(str(e["dealer"]))
            self._trick_cards = 0
            deals = "" if dealer == self.me else "s"
            return ["", f"=== Deal {e['deal']}: {self.who(dealer)} deal{deals} ==="]
        if kind == "cards_dealt":
            return [f"Your cards: {' '.join(_cards(e['cards']))}."]
        if kind == "exchange_started":
            return [f"Exchange {e['exchange']}."]
        if kind == "exchange_skipped":
            why = SKIP_WORDS.get(str(e["reason"]), str(e["reason"]))
            return [f"{W} may not exchange this time ({why})."]
        if kind == "cards_exchanged":
            return [self._exchanged(e, s, W)]
        if kind == "score_reset":
            why = RESET_WORDS.get(str(e["reason"]), str(e["reason"]))
            self.scores[s] = 0
            return [f"{self.whose(s).capitalize()} score is reset from {e['previous']} to 0 "
                    f"({why})."]
        if kind == "offer_shown":
            if s == self.me:
                return ["You discard one card; the top stock card is offered to you face up: "
                        f"{e['card']}."]
            return [f"{W} discards one card and is offered the top stock card face up: "
                    f"{e['card']}."]
        if kind == "offer_kept":
            return [f"{W} {self.verb(s, 'keeps', 'keep')} the offered {e['card']}."]
        if kind == "offer_declined":
            return [f"{W} {self.verb(s, 'declines', 'decline')} the offered {e['card']} and "
                    f"{self.verb(s, 'draws', 'draw')} the next card unseen."]
        if kind == "hand_announced":
            stage = int(str(e["stage"]))
            when = (f"after exchange {stage}" if stage < self.profile.exchanges
                    else "in the final hands")
            category = str(e["category"])
            article = "a " if category in WITH_A else ""
            return [f"Best hand {when}: {self.who(s)}, with {article}{category}."]
        if kind == "no_hand_scored":
            return [f"Nobody holds a pair after exchange {e['stage']}: no points."]
        if kind == "points_awarded":
            return [self._awarded(e, s, W)]
        return self._play_lines(e, kind, s, W)

    def _exchanged(self, e: Data, s: int, W: str) -> str:
        count = int(str(e["count"]))
        if count == 0:
            return f"{W} {self.verb(s, 'keeps', 'keep')} all five cards."
        if s == self.me:
            out = " ".join(_cards(e.get("discarded", [])))
            got = " ".join(_cards(e.get("drawn", [])))
            drawn = f" and draw {got}" if got else ""
            return f"You discard {out}{drawn}."
        return f"{W} exchanges {count} card{'s' if count != 1 else ''}."

    def _awarded(self, e: Data, s: int, W: str) -> str:
        points = int(str(e["points"]))
        score = int(str(e["score"]))
        self.scores[s] = score
        why = AWARD_WORDS.get(str(e["reason"]), str(e["reason"]))
        if points >= 0:
            change = f"{self.verb(s, 'scores', 'score')} {points}"
        else:
            change = f"{self.verb(s, 'loses', 'lose')} {-points}"
        return f"{W} {change} {why} (now {score})."

    def _play_lines(self, e: Data, kind: object, s: int, W: str) -> list[str]:
        """The calls, the tricks and the ends of deals and games."""
        if kind == "quads_chosen":
            if e["choice"] == "points":
                return [f"{W} {self.verb(s, 'takes', 'take')} the points for four of a kind."]
            return [f"{W} {self.verb(s, 'resets', 'reset')} every other player to 0 with "
                    "four of a kind; the deal ends."]
        if kind == "chicago_called":
            self.qualified[s] = True
            return [f"{W} {self.verb(s, 'calls', 'call')} Chicago and must win all five "
                    "tricks."]
        if kind == "chicago_passed":
            return [f"{W} {self.verb(s, 'does', 'do')} not call Chicago."]
        if kind == "cards_returned":
            self._trick_cards = 0
            return ["The cards already played go back to their hands."]
        if kind == "card_played":
            first = self._trick_cards == 0
            self._trick_cards += 1
            if first:
                return [f"Trick {e['trick']}: {self.who(s)} {self.verb(s, 'leads', 'lead')} "
                        f"{e['card']}."]
            return [f"{W} {self.verb(s, 'plays', 'play')} {e['card']}."]
        if kind == "trick_taken":
            self._trick_cards = 0
            return [f"{W} {self.verb(s, 'takes', 'take')} trick {e['trick']} with {e['card']}."]
        if kind == "chicago_won":
            return [f"{W} {self.verb(s, 'wins', 'win')} the Chicago: all five tricks."]
        if kind == "chicago_broken":
            caller = int(str(e["caller"]))
            breaker = int(str(e["breaker"]))
            return [f"{self.who(breaker, start=True)} broke {self.whose(caller)} Chicago."]
        if kind == "player_eliminated":
            self.eliminated[s] = True
            return [f"{W} {self.verb(s, 'reaches', 'reach')} {e['score']} without a Chicago "
                    f"call and {self.verb(s, 'is', 'are')} eliminated (R8.3)."]
        if kind == "game_won":
            why = WIN_WORDS.get(str(e["reason"]), str(e["reason"]))
            return [f"{W} {self.verb(s, 'wins', 'win')} the game by {why}."]
        if kind == "deal_ended":
            why = DEAL_END_WORDS.get(str(e["reason"]), f" ({e['reason']})")
            return [f"Deal {e['deal']} ends{why}. {self.scores_line()}"]
        # an event this narrator does not know yet: show it as it is
        return [f"({json.dumps(e, ensure_ascii=False)})"]

    # --- questions ------------------------------------------------------------------------

    def offer_question(self, v: PlayerView, with_hand: bool = True) -> str:
        assert v.offer is not None
        hand = f"Your hand: {' '.join(c.text for c in v.hand)}. " if with_hand else ""
        return (f"{hand}The offered card is {v.offer.text} ({v.offer.name}). Keep it, or "
                "decline it and draw the next card unseen (R2.2)?")

    def quads_question(self, v: PlayerView) -> str:
        p = v.profile
        return (f"Your four of a kind is the best hand. Take {p.quads_points} points (the "
                "same four of a kind then scores points for the rest of the deal), or reset "
                "every other active player to 0 and end the deal at once (R4.3)?")

    def chicago_question(self, v: PlayerView, with_hand: bool = True) -> str:
        p = v.profile
        win = f"+{p.chicago_points}"
        if p.chicago_two_points is not None:
            win += f" (+{p.chicago_two_points} if the last trick is won with a two)"
        lose = f"-{p.chicago_penalty} if not"
        if p.broken_chicago_bonus:
            lose += f" (and whoever takes a trick from you gains {p.broken_chicago_bonus})"
        hand = f"Your hand: {' '.join(c.text for c in v.hand)}. " if with_hand else ""
        lines = [
            f"{hand}Call Chicago? You must then win all five tricks: {win} if you do, "
            f"{lose} (R7).",
        ]
        if p.chicago_caller_leads:
            lines.append("The caller leads the first trick.")
        if p.chicago_timing is ChicagoTiming.FIRST_TRICK and v.trick:
            lines.append("The cards already played to this trick go back.")
        if p.qualification_required:
            state = ("You are already qualified." if v.qualified[self.me]
                     else "You are not qualified yet.")
            lines.append(
                f"A call qualifies you to win the game, whatever its result (R7.4). {state}"
            )
        return " ".join(lines)

    def reset_question(self, score: int) -> str:
        """R2.4: the confirmation before a discard that resets a high score."""
        return f"Discarding resets your score from {score} to 0 (R2.4). Go ahead?"

    def action_words(self, a: Action, v: PlayerView, legal: Sequence[Action]) -> str:
        """A decision of this seat in words, with what to type for it in the plain game."""
        if isinstance(a, Exchange):
            if not a.discard:
                return "keep all five cards (type keep)"
            positions = " ".join(str(v.hand.index(c) + 1) for c in a.discard)
            names = " ".join(c.text for c in a.discard)
            return f"discard {names} (type {positions})"
        if isinstance(a, Offer):
            return "keep the offered card (type 1)" if a.keep else "decline it (type 2)"
        if isinstance(a, QuadsChoice):
            return "take the points (type 1)" if a.choice == "points" else "reset (type 2)"
        if isinstance(a, ChicagoCall):
            return "call Chicago (type 2)" if a.call else "do not call Chicago (type 1)"
        assert isinstance(a, Play)
        cards = [x.card for x in legal if isinstance(x, Play)]
        return f"play {a.card.text} (type {cards.index(a.card) + 1})"
