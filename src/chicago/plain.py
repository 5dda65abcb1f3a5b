"""The plain terminal game (`chicago play --plain`): line by line, for screen readers and scripts.

You are seat 0; every other seat is a bot. Each decision is asked in words with the legal
choices numbered, so `1` always picks the first listed choice (a script of "1" lines plays a
whole game). What is shown comes only from seat 0's side of the game (R9.1): the events as
`event_to_json(event, 0)` gives them (None for those seat 0 may not see, other seats' private
fields left out) and seat 0's own view. Commands at any prompt: hint, rules, scores, help,
quit. Quitting (or the end of the input) and the end of the game save the game file
(GAME-FILE.md), which `chicago replay FILE` reproduces.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, TextIO

from chicago.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.arena import Player, play_game
from chicago.bots import LEVELS, bot_stream, make_bot
from chicago.cards import Card, card
from chicago.events import Event, event_to_json
from chicago.game import Game
from chicago.hands import describe, hand_value
from chicago.record import dump
from chicago.rules import DEFAULT_PROFILE, ChicagoTiming, RuleProfile
from chicago.rules_text import rules_markdown
from chicago.shuffle import Stream
from chicago.state import Phase
from chicago.views import PlayerView
from chicago.wording import (
    AWARD_WORDS,
    DEAL_END_WORDS,
    RESET_WORDS,
    SKIP_WORDS,
    WIN_WORDS,
    WITH_A,
)

ME: Final = 0
"""The human's seat."""
DEFAULT_SAVE: Final = "chicago-game.json"
HINT_LEVEL: Final = "hard"
COMMANDS: Final = ("hint", "rules", "scores", "help", "quit")

_YES: Final = ("yes", "y")
_NO: Final = ("no", "n")


class Quit(Exception):
    """The player quit (or the input ended)."""


@dataclass
class PlainOptions:
    seats: int = 4
    levels: tuple[str, ...] = ()
    """The bots' levels, seats 1..n-1."""
    profile: RuleProfile = DEFAULT_PROFILE
    seed: int | None = None
    save: str = DEFAULT_SAVE


def opponent_levels(
    seats: int, level: str | None, levels: str | None
) -> tuple[str, ...]:
    """`--level` (every opponent) or `--levels` (one per opponent, seats 1..n-1)."""
    if level is not None and levels is not None:
        raise ValueError("give --level or --levels, not both")
    if levels is not None:
        names = tuple(x.strip() for x in levels.split(",") if x.strip())
        if len(names) == 1:
            names = names * (seats - 1)
        if len(names) != seats - 1:
            raise ValueError(
                f"--levels needs one level per opponent: {seats - 1} for {seats} seats "
                f"(seats 1 to {seats - 1}), not {len(names)}"
            )
    else:
        names = (level or "normal",) * (seats - 1)
    for name in names:
        if name not in LEVELS:
            raise ValueError(f"unknown bot level {name!r} (known: {', '.join(LEVELS)})")
    return names


def parse_card(text: str) -> Card | None:
    """A card typed by a person: "Ah", "ah", "AH", "10h" (ten of hearts); None if not a card."""
    t = text.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) != 2:
        return None
    try:
        return card(t[0].upper() + t[1].lower())
    except ValueError:
        return None


def _numbered(items: Sequence[str]) -> str:
    return "  ".join(f"{i} {text}" for i, text in enumerate(items, 1))


def _hand_words(hand: Sequence[Card]) -> str:
    if len(hand) != 5:
        return ""
    return f" ({describe(hand_value(hand))})"


@dataclass
class PlainGame:
    """One plain game: the human's side (a `Player` for seat 0) and the printer of events."""

    game: Game
    levels: tuple[str, ...]
    inp: TextIO
    out: TextIO
    save_path: Path
    scores: list[int] = field(default_factory=list)
    """Scores, qualifications and eliminations as the events shown so far left them."""
    qualified: list[bool] = field(default_factory=list)
    eliminated: list[bool] = field(default_factory=list)
    _trick_cards: int = 0
    _legal: Sequence[Action] = ()
    _scores_changed: bool = False

    def __post_init__(self) -> None:
        s = self.game.state
        self.scores = list(s.scores)
        self.qualified = list(s.qualified)
        self.eliminated = list(s.eliminated)

    # --- output ------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def who(self, seat: int, start: bool = False) -> str:
        if seat == ME:
            return "You" if start else "you"
        return f"{'S' if start else 's'}eat {seat}"

    def whose(self, seat: int) -> str:
        return "your" if seat == ME else f"seat {seat}'s"

    def verb(self, seat: int, third: str, second: str) -> str:
        return second if seat == ME else third

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
        target = self.game.setup.profile.target
        return f"Scores (target {target}): " + ", ".join(parts) + "."

    def show(self, game: Game, events: Sequence[Event]) -> None:
        """Print what seat 0 may see of these events (R9.1), in words."""
        for event in events:
            data = event_to_json(event, ME)
            if data is None:
                continue
            if data["type"] == "deal_ended":
                self._scores_changed = False  # its line gives the scores
            elif data["type"] not in ("points_awarded", "score_reset"):
                self.flush_scores()
            self.show_event(data)
        self.flush_scores()

    def flush_scores(self) -> None:
        """The scores after an award (or after the resets of one award), once."""
        if self._scores_changed:
            self._scores_changed = False
            self.say(self.scores_line())

    def show_event(self, e: dict[str, object]) -> None:
        kind = e["type"]
        seat = e.get("seat")
        s = seat if isinstance(seat, int) else -1
        W = self.who(s, start=True) if s >= 0 else ""
        if kind == "deal_started":
            dealer = int(str(e["dealer"]))
            self._trick_cards = 0
            self.say()
            self.say(f"=== Deal {e['deal']}: {self.who(dealer)} deal{'' if dealer == ME else 's'}"
                     " ===")
        elif kind == "cards_dealt":
            hand = self._cards(e["cards"])
            self.say(f"Your cards: {' '.join(hand)}.")
        elif kind == "exchange_started":
            self.say(f"Exchange {e['exchange']}.")
        elif kind == "exchange_skipped":
            why = SKIP_WORDS.get(str(e["reason"]), str(e["reason"]))
            self.say(f"{W} may not exchange this time ({why}).")
        elif kind == "cards_exchanged":
            count = int(str(e["count"]))
            if count == 0:
                self.say(f"{W} {self.verb(s, 'keeps', 'keep')} all five cards.")
            elif s == ME:
                out = " ".join(self._cards(e.get("discarded", [])))
                got = " ".join(self._cards(e.get("drawn", [])))
                drawn = f" and draw {got}" if got else ""
                self.say(f"You discard {out}{drawn}.")
            else:
                self.say(f"{W} exchanges {count} card{'s' if count != 1 else ''}.")
        elif kind == "score_reset":
            why = RESET_WORDS.get(str(e["reason"]), str(e["reason"]))
            self.scores[s] = 0
            self.say(f"{self.whose(s).capitalize()} score is reset from {e['previous']} to 0 "
                     f"({why}).")
            self._scores_changed = True
        elif kind == "offer_shown":
            if s == ME:
                self.say(f"You discard one card; the top stock card is offered to you face up: "
                         f"{e['card']}.")
            else:
                self.say(f"{W} discards one card and is offered the top stock card face up: "
                         f"{e['card']}.")
        elif kind == "offer_kept":
            self.say(f"{W} {self.verb(s, 'keeps', 'keep')} the offered {e['card']}.")
        elif kind == "offer_declined":
            self.say(f"{W} {self.verb(s, 'declines', 'decline')} the offered {e['card']} and "
                     f"{self.verb(s, 'draws', 'draw')} the next card unseen.")
        elif kind == "hand_announced":
            stage = int(str(e["stage"]))
            when = (
                f"after exchange {stage}"
                if stage < self.game.setup.profile.exchanges
                else "in the final hands"
            )
            category = str(e["category"])
            article = "a " if category in WITH_A else ""
            self.say(f"Best hand {when}: {self.who(s)}, with {article}{category}.")
        elif kind == "no_hand_scored":
            self.say(f"Nobody holds a pair after exchange {e['stage']}: no points.")
        elif kind == "points_awarded":
            points = int(str(e["points"]))
            score = int(str(e["score"]))
            self.scores[s] = score
            why = AWARD_WORDS.get(str(e["reason"]), str(e["reason"]))
            if points >= 0:
                change = f"{self.verb(s, 'scores', 'score')} {points}"
            else:
                change = f"{self.verb(s, 'loses', 'lose')} {-points}"
            self.say(f"{W} {change} {why} (now {score}).")
            self._scores_changed = True
        elif kind == "quads_chosen":
            if e["choice"] == "points":
                self.say(f"{W} {self.verb(s, 'takes', 'take')} the points for four of a kind.")
            else:
                self.say(f"{W} {self.verb(s, 'resets', 'reset')} every other player to 0 with "
                         "four of a kind; the deal ends.")
        elif kind == "chicago_called":
            self.qualified[s] = True
            self.say(f"{W} {self.verb(s, 'calls', 'call')} Chicago and must win all five "
                     "tricks.")
        elif kind == "chicago_passed":
            self.say(f"{W} {self.verb(s, 'does', 'do')} not call Chicago.")
        elif kind == "cards_returned":
            self._trick_cards = 0
            self.say("The cards already played go back to their hands.")
        elif kind == "card_played":
            if self._trick_cards == 0:
                self.say(f"Trick {e['trick']}: {self.who(s)} {self.verb(s, 'leads', 'lead')} "
                         f"{e['card']}.")
            else:
                self.say(f"{W} {self.verb(s, 'plays', 'play')} {e['card']}.")
            self._trick_cards += 1
        elif kind == "trick_taken":
            self._trick_cards = 0
            self.say(f"{W} {self.verb(s, 'takes', 'take')} trick {e['trick']} with {e['card']}.")
        elif kind == "chicago_won":
            self.say(f"{W} {self.verb(s, 'wins', 'win')} the Chicago: all five tricks.")
        elif kind == "chicago_broken":
            caller = int(str(e["caller"]))
            breaker = int(str(e["breaker"]))
            self.say(f"{self.who(breaker, start=True)} broke {self.whose(caller)} Chicago.")
        elif kind == "player_eliminated":
            self.eliminated[s] = True
            self.say(f"{W} {self.verb(s, 'reaches', 'reach')} {e['score']} without a Chicago "
                     f"call and {self.verb(s, 'is', 'are')} eliminated (R8.3).")
        elif kind == "game_won":
            why = WIN_WORDS.get(str(e["reason"]), str(e["reason"]))
            self.say(f"{W} {self.verb(s, 'wins', 'win')} the game by {why}.")
        elif kind == "deal_ended":
            why = DEAL_END_WORDS.get(str(e["reason"]), f" ({e['reason']})")
            self.say(f"Deal {e['deal']} ends{why}. {self.scores_line()}")
        else:  # an event this printer does not know yet: show it as it is
            self.say(f"({json.dumps(e, ensure_ascii=False)})")

    @staticmethod
    def _cards(value: object) -> list[str]:
        return [str(c) for c in value] if isinstance(value, list) else []

    # --- input -------------------------------------------------------------------------

    def ask(self, v: PlayerView) -> str:
        """One line of input, after handling the commands; raises Quit at quit or EOF."""
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise Quit("end of input")
            text = line.strip()
            word = text.lower()
            if word == "quit":
                raise Quit("quit")
            if word == "hint":
                self.hint(v)
            elif word == "rules":
                self.say(rules_markdown(v.profile).rstrip())
            elif word == "scores":
                self.say(self.scores_line())
                self.say(f"{self.who(v.dealer, start=True)} dealt deal {v.deal}.")
            elif word in ("help", "?"):
                self.say("Answer with the number of a choice (1 is the first listed), or in "
                         "words. Commands: hint (the hard bot's suggestion and why), rules "
                         "(the rules of this game), scores, quit (save and leave).")
            elif not text:
                self.say("Please type an answer (or help).")
            else:
                return text

    def hint(self, v: PlayerView) -> None:
        level = HINT_LEVEL if HINT_LEVEL in LEVELS else LEVELS[-1]
        rng = bot_stream(self.game.setup.seed, ME, len(self.game.actions))
        suggestion = make_bot(level).suggest(v, self._legal, rng)
        self.say(f"Hint ({level} bot): {self.action_words(suggestion.action, v)}. "
                 f"{suggestion.reason}")

    def action_words(self, a: Action, v: PlayerView) -> str:
        """An action of seat 0 in words, with what to type for it."""
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
        cards = [x.card for x in self._legal if isinstance(x, Play)]
        return f"play {a.card.text} (type {cards.index(a.card) + 1})"

    # --- decisions (the Player protocol) -------------------------------------------------

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Action:
        self._legal = legal
        try:
            if view.phase is Phase.EXCHANGE:
                return self.exchange(view, legal)
            if view.phase is Phase.OFFER:
                return self.two_way(
                    view, legal, self.offer_question(view), ("keep", "decline"),
                    lambda a: isinstance(a, Offer) and a.keep,
                )
            if view.phase is Phase.QUADS:
                return self.two_way(
                    view, legal, self.quads_question(view), ("points", "reset"),
                    lambda a: isinstance(a, QuadsChoice) and a.choice == "points",
                )
            if view.phase is Phase.CHICAGO:
                return self.two_way(
                    view, legal, self.chicago_question(view), ("no", "yes"),
                    lambda a: isinstance(a, ChicagoCall) and not a.call,
                    aliases=(("pass", "n"), ("call", "y")),
                )
            return self.play(view, legal)
        finally:
            self._legal = ()

    def two_way(
        self,
        v: PlayerView,
        legal: Sequence[Action],
        question: str,
        words: tuple[str, str],
        is_first: Callable[[Action], bool],
        aliases: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    ) -> Action:
        """A decision with two answers: 1 / the first word, or 2 / the second word."""
        first = next(a for a in legal if is_first(a))
        second = next(a for a in legal if not is_first(a))
        self.say(question)
        self.say(f"Choices: 1 {words[0]}  2 {words[1]}")
        while True:
            text = self.ask(v).lower()
            if text in ("1", words[0], *aliases[0]):
                return first
            if text in ("2", words[1], *aliases[1]):
                return second
            self.say(f"{text!r} is not one of the choices: type 1 or {words[0]}, "
                     f"2 or {words[1]}.")

    def offer_question(self, v: PlayerView) -> str:
        assert v.offer is not None
        return (f"Your hand: {' '.join(c.text for c in v.hand)}. The offered card is "
                f"{v.offer.text} ({v.offer.name}). Keep it, or decline it and draw the next "
                "card unseen (R2.2)?")

    def quads_question(self, v: PlayerView) -> str:
        p = v.profile
        return (f"Your four of a kind is the best hand. Take {p.quads_points} points (the "
                "same four of a kind then scores points for the rest of the deal), or reset "
                "every other active player to 0 and end the deal at once (R4.3)?")

    def chicago_question(self, v: PlayerView) -> str:
        p = v.profile
        win = f"+{p.chicago_points}"
        if p.chicago_two_points is not None:
            win += f" (+{p.chicago_two_points} if the last trick is won with a two)"
        lose = f"-{p.chicago_penalty} if not"
        if p.broken_chicago_bonus:
            lose += f" (and whoever takes a trick from you gains {p.broken_chicago_bonus})"
        lines = [
            f"Your hand: {' '.join(c.text for c in v.hand)}. Call Chicago? You must then win "
            f"all five tricks: {win} if you do, {lose} (R7).",
        ]
        if p.chicago_caller_leads:
            lines.append("The caller leads the first trick.")
        if p.chicago_timing is ChicagoTiming.FIRST_TRICK and v.trick:
            lines.append("The cards already played to this trick go back.")
        if p.qualification_required:
            state = "You are already qualified." if v.qualified[ME] else (
                "You are not qualified yet.")
            lines.append(
                f"A call qualifies you to win the game, whatever its result (R7.4). {state}"
            )
        return " ".join(lines)

    def exchange(self, v: PlayerView, legal: Sequence[Action]) -> Action:
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        by_set = {frozenset(a.discard): a for a in exchanges}
        sizes = sorted({len(a.discard) for a in exchanges})
        least, most = sizes[0], sizes[-1]
        hand = v.hand
        resets = any(a.confirm_reset for a in exchanges)
        numbered = _numbered([c.text for c in hand])
        while True:
            self.say(f"Exchange {v.exchange} of {v.profile.exchanges}. Your hand: "
                     f"{numbered}{_hand_words(hand)}.")
            if least:
                self.say(f"You hold {len(hand)} cards: discard exactly {least}, by its "
                         f"position (1-{len(hand)}) or name.")
            else:
                self.say(f"Discard up to {most} cards by position (e.g. 2 5) or name "
                         f"(e.g. {hand[1].text} {hand[-1].text}), or type keep to keep all "
                         "five.")
            if resets:
                self.say(f"You have {v.scores[ME]} points: discarding any card resets your "
                         "score to 0 (R2.4); keeping all five does not.")
            while True:
                text = self.ask(v)
                chosen, error = self._discard(text, hand, least, most)
                if error:
                    self.say(error)
                    continue
                assert chosen is not None
                action = by_set.get(frozenset(chosen))
                if action is None:
                    self.say("That exchange is not allowed here.")
                    continue
                break
            if not action.confirm_reset:
                return action
            self.say(f"Discarding resets your score from {v.scores[ME]} to 0 (R2.4). "
                     "Go ahead?")
            self.say("Choices: 1 yes  2 no")
            while True:
                answer = self.ask(v).lower()
                if answer in ("1", *_YES):
                    return action
                if answer in ("2", *_NO):
                    self.say("Then choose again.")
                    break
                self.say(f"{answer!r} is not one of the choices: type 1 or yes, 2 or no.")

    def _discard(
        self, text: str, hand: Sequence[Card], least: int, most: int
    ) -> tuple[list[Card] | None, str]:
        """The cards named by an exchange answer, or an error message."""
        if text.lower() in ("keep", "k", "none", "0", "-"):
            if least:
                return None, f"You hold {len(hand)} cards and must discard {least}."
            return [], ""
        chosen: list[Card] = []
        for token in re.split(r"[\s,]+", text.strip()):
            if token.isdigit():
                position = int(token)
                if not 1 <= position <= len(hand):
                    return None, (f"{token} is not a card position: your hand has "
                                  f"{len(hand)} cards (1-{len(hand)}).")
                c = hand[position - 1]
            else:
                parsed = parse_card(token)
                if parsed is None:
                    return None, (f"{token!r} is not a card position or a card name (like "
                                  f"{hand[0].text}), nor keep.")
                if parsed not in hand:
                    return None, f"You do not hold {parsed.text}."
                c = parsed
            if c in chosen:
                return None, f"{c.text} is named twice: discard each card once."
            chosen.append(c)
        if len(chosen) > most:
            return None, f"You may discard at most {most} cards, not {len(chosen)} (R2.1)."
        if len(chosen) < least:
            return None, f"You must discard {least} cards."
        return chosen, ""

    def play(self, v: PlayerView, legal: Sequence[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        cards = [a.card for a in plays]
        number = len(v.tricks) + 1
        if v.trick:
            table = ", ".join(f"{self.who(x)} {c.text}" for x, c in v.trick)
            self.say(f"Trick {number}, your turn. On the table: {table}.")
        else:
            self.say(f"Trick {number}: your lead.")
        hand = " ".join(c.text for c in v.hand)
        self.say(f"Your hand: {hand}. Play: {_numbered([c.text for c in cards])}")
        while True:
            text = self.ask(v)
            if text.isdigit():
                position = int(text)
                if 1 <= position <= len(plays):
                    return plays[position - 1]
                self.say(f"{text} is not one of the choices (1-{len(plays)}).")
                continue
            parsed = parse_card(text)
            if parsed is None:
                self.say(f"{text!r} is not a choice number or a card name (like "
                         f"{cards[0].text}).")
            elif parsed in cards:
                return plays[cards.index(parsed)]
            elif parsed not in v.hand:
                self.say(f"You do not hold {parsed.text}.")
            else:
                led = v.trick[0][1].suit.word if v.trick else "?"
                self.say(f"You must follow suit: {led} were led (R6.1). You may play "
                         f"{' '.join(c.text for c in cards)}.")

    # --- saving ------------------------------------------------------------------------

    def save(self) -> str:
        """Write the game file; returns the path written."""
        meta = {"app": "chicago play --plain", "players": ["you", *self.levels]}
        data = dump(self.game, meta)
        self.save_path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                  encoding="utf-8")
        return str(self.save_path)


def play_plain(options: PlainOptions, inp: TextIO, out: TextIO) -> int:
    """Play one game on these streams; 0 when it ends or is quit and saved, 1 if saving fails."""
    seed = options.seed if options.seed is not None else secrets.randbelow(2**31)
    game = Game.new(options.profile, options.seats, seed)
    ui = PlainGame(game, options.levels, inp, out, Path(options.save))
    ui.say(f"Chicago, plain game. Rules: {options.profile.id} ({options.profile.title}); "
           f"target {options.profile.target}. Seed {seed}.")
    opponents = ", ".join(f"seat {i} {lv}" for i, lv in enumerate(options.levels, 1))
    ui.say(f"You are seat 0; the others are bots: {opponents}.")
    ui.say("Answer each question with a listed number (1 is the first choice) or in words. "
           "Commands at any prompt: hint, rules, scores, help, quit.")
    players: list[Player] = [ui]
    players.extend(make_bot(level) for level in options.levels)
    try:
        play_game(players, game=game, max_actions=None, on_events=ui.show)
    except (Quit, KeyboardInterrupt):
        ui.say()
        return _saved(ui, "Game saved")
    winner = game.state.winner
    ui.say()
    ui.say(f"Game over: {'you win' if winner == ME else f'seat {winner} wins'}. "
           f"{ui.scores_line()}")
    return _saved(ui, "Game saved")


def _saved(ui: PlainGame, what: str) -> int:
    try:
        path = ui.save()
    except OSError as e:
        ui.say(f"Could not save the game to {ui.save_path}: {e.strerror or e}.")
        return 1
    ui.say(f"{what} to {path}. Replay it with: chicago replay {path}")
    return 0
