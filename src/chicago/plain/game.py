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
import os
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, TextIO

from chicago.bots import LEVELS, bot_stream, make_bot
from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import Card, card
from chicago.core.events import Event, event_to_json
from chicago.core.game import Game
from chicago.core.record import dump
from chicago.core.rules import DEFAULT_PROFILE, RuleProfile
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView
from chicago.table.arena import Player, play_game
from chicago.text.hints import hint_text
from chicago.text.i18n import _
from chicago.text.narration import Narrator, hand_words, numbered
from chicago.text.rules_text import rules_markdown

ME: Final = 0
"""The human's seat."""
DEFAULT_SAVE: Final = "chicago-game.json"
HINT_LEVEL: Final = "hard"
COMMANDS: Final = ("hint", "rules", "scores", "help", "quit")

_YES: Final = ("yes", "y")
_NO: Final = ("no", "n")


_KEEP_WORDS: Final = ("keep", "k", "none", "-")
"""Answers to an exchange that keep every card (`0` is not one: it is no card position)."""


def check_save_path(path: str) -> Path:
    """Refuse, before a game starts, a save file that could not be written at the end
    (a folder that does not exist, a folder in its place, no permission): ValueError."""
    target = Path(path).expanduser()
    folder = target.parent
    if target.is_dir():
        raise ValueError(_("--save {path} is a folder: give a file name, like {example}",
                           path=path, example=str(target / DEFAULT_SAVE)))
    if not folder.is_dir():
        raise ValueError(_("--save {path}: the folder {folder} does not exist",
                           path=path, folder=str(folder)))
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise ValueError(_("--save {path}: no permission to write there", path=path))
    return target


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
    # (Not named `t`: the message extractor, run with `t` as a keyword for the browser's
    # scripts, reads `t[:2] == "10"` as a message.)
    typed = text.strip()
    if typed[:2] == "10":
        typed = "T" + typed[2:]
    if len(typed) != 2:
        return None
    try:
        return card(typed[0].upper() + typed[1].lower())
    except ValueError:
        return None


@dataclass
class PlainGame:
    """One plain game: the human's side (a `Player` for seat 0) and the printer of events."""

    game: Game
    levels: tuple[str, ...]
    inp: TextIO
    out: TextIO
    save_path: Path
    narrator: Narrator = field(init=False)
    """The words for what seat 0 sees, and the standing the events shown so far left."""
    _legal: Sequence[Action] = ()
    _scores_changed: bool = False

    def __post_init__(self) -> None:
        s = self.game.state
        self.narrator = Narrator(s.profile, s.seats, ME)
        self.narrator.sync(s.scores, s.qualified, s.eliminated)

    # --- output ------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def scores_line(self) -> str:
        return self.narrator.scores_line()

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
            for line in self.narrator.lines(data):
                self.say(line)
            if data["type"] in ("points_awarded", "score_reset"):
                self._scores_changed = True
        self.flush_scores()

    def flush_scores(self) -> None:
        """The scores after an award (or after the resets of one award), once."""
        if self._scores_changed:
            self._scores_changed = False
            self.say(self.scores_line())

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
                self.say(f"{self.narrator.who(v.dealer, start=True)} dealt deal {v.deal}.")
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
        words = self.narrator.action_words(suggestion.action, v, self._legal)
        self.say(f"Hint ({level} bot): {words}. {hint_text(suggestion, v.scores[ME])}")

    # --- decisions (the Player protocol) -------------------------------------------------

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Action:
        self._legal = legal
        try:
            if view.phase is Phase.EXCHANGE:
                return self.exchange(view, legal)
            if view.phase is Phase.OFFER:
                return self.two_way(
                    view, legal, self.narrator.offer_question(view), ("keep", "decline"),
                    lambda a: isinstance(a, Offer) and a.keep,
                )
            if view.phase is Phase.QUADS:
                return self.two_way(
                    view, legal, self.narrator.quads_question(view), ("points", "reset"),
                    lambda a: isinstance(a, QuadsChoice) and a.choice == "points",
                )
            if view.phase is Phase.CHICAGO:
                return self.two_way(
                    view, legal, self.narrator.chicago_question(view), ("no", "yes"),
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

    def exchange(self, v: PlayerView, legal: Sequence[Action]) -> Action:
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        by_set = {frozenset(a.discard): a for a in exchanges}
        sizes = sorted({len(a.discard) for a in exchanges})
        least, most = sizes[0], sizes[-1]
        hand = v.hand
        resets = any(a.confirm_reset for a in exchanges)
        choices = numbered([c.text for c in hand])
        while True:
            self.say(f"Exchange {v.exchange} of {v.profile.exchanges}. Your hand: "
                     f"{choices}{hand_words(hand)}.")
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
            self.say(self.narrator.reset_question(v.scores[ME]))
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
        if text.lower() in _KEEP_WORDS:
            if least:
                return None, f"You hold {len(hand)} cards and must discard {least}."
            return [], ""
        tokens = re.split(r"[\s,]+", text.strip())
        if any(t.lower() in _KEEP_WORDS for t in tokens):
            return None, _("Type keep on its own to keep all your cards, or name the cards to "
                           "discard (like 2 5), not both.")
        chosen: list[Card] = []
        for token in tokens:
            if token == "0" or (token.isdigit() and int(token) == 0):
                return None, _("0 is not a card position: positions run from 1 to {n}. To keep "
                               "all your cards, type keep.", n=len(hand))
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
            table = ", ".join(f"{self.narrator.who(x)} {c.text}" for x, c in v.trick)
            self.say(f"Trick {number}, your turn. On the table: {table}.")
        else:
            self.say(f"Trick {number}: your lead.")
        hand = " ".join(c.text for c in v.hand)
        self.say(f"Your hand: {hand}. Play: {numbered([c.text for c in cards])}")
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
