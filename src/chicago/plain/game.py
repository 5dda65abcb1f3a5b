"""The plain terminal game (`chicago play --plain`): line by line, for screen readers and scripts.

You are seat 0; every other seat is a bot. Each decision is asked in words with the legal
choices numbered, so `1` always picks the first listed choice (a script of "1" lines plays a
whole game). What is shown comes only from seat 0's side of the game (R9.1): the events as
`event_to_json(event, 0)` gives them (None for those seat 0 may not see, other seats' private
fields left out) and seat 0's own view. Commands at any prompt: hint, rules, scores, help,
quit. Quitting (or the end of the input) and the end of the game save the game file
(docs/game-file.md), which `chicago replay FILE` reproduces.
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

from chicago.bots import HINT_LEVEL, bot_stream, make_bot
from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import Card, card
from chicago.core.events import Event, event_to_json
from chicago.core.game import Game
from chicago.core.record import dump
from chicago.core.rules import DEFAULT_PROFILE, RuleProfile
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView
from chicago.table.arena.games import Player, play_game
from chicago.table.levels import read_levels
from chicago.text.cards import (
    card_code,
    face,
    faces,
    in_hand_order,
    suit_letters,
    suit_word,
    typed_card,
)
from chicago.text.hints import hint_text
from chicago.text.i18n import N_, _, ngettext
from chicago.text.level_words import LEVEL_WORDS
from chicago.text.narration import Narrator, hand_words, numbered
from chicago.text.rules_text import profile_title, rules_markdown
from chicago.text.seat_names import seat_names

ME: Final = 0
"""The human's seat."""
DEFAULT_SAVE: Final = "chicago-game.json"
COMMANDS: Final = ("hint", "rules", "scores", "help", "quit")
COMMAND_WORDS: Final = {
    "hint": N_("hint"),
    "rules": N_("rules"),
    "scores": N_("scores"),
    "help": N_("help"),
    "quit": N_("quit"),
}
"""The commands as typed in the player's language; the English words always work too."""
ANSWER_WORDS: Final = {
    "keep": N_("keep"),
    "decline": N_("decline"),
    "points": N_("points"),
    "reset": N_("reset"),
    "yes": N_("yes"),
    "no": N_("no"),
    "pass": N_("pass"),
    "call": N_("call"),
    "y": N_("y"),
    "n": N_("n"),
}
"""Answers to two-way questions; each is accepted in English and in the player's language."""


def word(english: str) -> str:
    """An answer or command word in the player's language."""
    if english in ANSWER_WORDS:
        return _(ANSWER_WORDS[english])
    if english in COMMAND_WORDS:
        return _(COMMAND_WORDS[english])
    return english


def means(text: str, *english: str) -> bool:
    """Whether typed text is one of these words, in English or the player's language."""
    lowered = text.lower()
    return any(lowered in (w, word(w).lower()) for w in english)


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
        raise ValueError(_("give --level or --levels, not both"))
    if level is not None and "," in level:
        raise ValueError(_("--level takes one level for every opponent; for one each, "
                           "use --levels {levels}", levels=level))
    return read_levels(levels if levels is not None else level, seats, first=1)


def parse_card(text: str) -> Card | None:
    """A card typed by a person: its face as the game shows it ("A♥", "10♥") or its letters,
    English ("Ah", "10h") or of the player's language (Swedish "Eh", "knk"); None if not a
    card (text.cards.typed_card)."""
    return typed_card(text)


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
        self.narrator = Narrator(s.profile, s.seats, ME, faces=True,
                                 names=seat_names(s.seats, ME))
        self.narrator.sync(s.scores, s.qualified, s.eliminated)

    # --- output ------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def scores_line(self) -> str:
        return self.narrator.scores_line()

    def show(self, game: Game, events: Sequence[Event]) -> None:
        """Print what seat 0 may see of these events (R9.1), in words."""
        seen = [d for d in (event_to_json(event, ME) for event in events) if d is not None]
        self.narrator.foresee(seen)
        for data in seen:
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
            if means(text, "quit"):
                raise Quit("quit")
            if means(text, "hint"):
                self.hint(v)
            elif means(text, "rules"):
                self.say(rules_markdown(v.profile).rstrip())
            elif means(text, "scores"):
                self.say(self.scores_line())
                self.say(self.narrator.say(v.dealer, N_("You dealt deal {deal}."),
                                           N_("Seat {seat} dealt deal {deal}."), deal=v.deal))
            elif means(text, "help") or text == "?":
                self.say(_("Answer with the number of a choice (1 is the first listed), or in "
                           "words. Name a card as it is shown ({face}) or by its letters "
                           "({code}: the rank 2-9, 10 or T, J, Q, K, A, then the suit: "
                           "{suits}). Commands: {hint} (the hard bot's suggestion and why), "
                           "{rules} (the rules of this game), {scores}, {quit} (save and "
                           "leave).", face="10♥ K♦",
                           code=f"{card_code(card('Th'))} {card_code(card('Kd'))}",
                           suits=suit_letters(),
                           hint=word("hint"), rules=word("rules"), scores=word("scores"),
                           quit=word("quit")))
            elif not text:
                self.say(_("Please type an answer (or {help}).", help=word("help")))
            else:
                return text

    def hint(self, v: PlayerView) -> None:
        rng = bot_stream(self.game.setup.seed, ME, len(self.game.actions))
        suggestion = make_bot(HINT_LEVEL).suggest(v, self._legal, rng)
        words = self.narrator.action_words(suggestion.action, v, self._legal)
        self.say(_("Hint ({level} bot): {words}. {reason}", level=_(LEVEL_WORDS[HINT_LEVEL]),
                   words=words, reason=hint_text(suggestion, v.scores[ME], v)))

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
                    aliases=(("pass", "n"), ("call", "y", "j")),
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
        one, two = word(words[0]), word(words[1])
        self.say(_("Choices: 1 {first}  2 {second}", first=one, second=two))
        while True:
            text = self.ask(v).lower()
            if text == "1" or means(text, words[0], *aliases[0]):
                return first
            if text == "2" or means(text, words[1], *aliases[1]):
                return second
            self.say(_("{text} is not one of the choices: type 1 or {first}, 2 or {second}.",
                       text=repr(text), first=one, second=two))

    def exchange(self, v: PlayerView, legal: Sequence[Action]) -> Action:
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        by_set = {frozenset(a.discard): a for a in exchanges}
        sizes = sorted({len(a.discard) for a in exchanges})
        least, most = sizes[0], sizes[-1]
        hand = in_hand_order(v.hand)  # in the order of the tricks and the log
        resets = any(a.confirm_reset for a in exchanges)
        choices = numbered([face(c) for c in hand])
        while True:
            self.say(_("Exchange {exchange} of {exchanges}. Your hand: {cards}{hand}.",
                       exchange=v.exchange, exchanges=v.profile.exchanges, cards=choices,
                       hand=hand_words(hand)))
            if least:
                self.say(_("You hold {n} cards: discard exactly {least}, by its position "
                           "(1-{n}) or name.", n=len(hand), least=least))
            else:
                self.say(_("Discard up to {most} cards by position (e.g. 2 5) or name (e.g. "
                           "{example}), or type {keep} to keep all five.", most=most,
                           example=" ".join((card_code(hand[1]), card_code(hand[-1]))),
                           keep=word("keep")))
            if resets:
                self.say(_("You have {score} points: discarding any card resets your score "
                           "to 0 (R2.4); keeping all five does not.", score=v.scores[ME]))
            while True:
                text = self.ask(v)
                chosen, error = self._discard(text, hand, least, most)
                if error:
                    self.say(error)
                    continue
                assert chosen is not None
                action = by_set.get(frozenset(chosen))
                if action is None:
                    self.say(_("That exchange is not allowed here."))
                    continue
                break
            if not action.confirm_reset:
                return action
            self.say(self.narrator.reset_question(v.scores[ME]))
            no, yes = word("no"), word("yes")  # the safe answer first, as everywhere
            self.say(_("Choices: 1 {first}  2 {second}", first=no, second=yes))
            while True:
                answer = self.ask(v).lower()
                if answer == "2" or means(answer, "yes", "y", "j"):
                    return action
                if answer == "1" or means(answer, "no", "n"):
                    self.say(_("Then choose again."))
                    break
                self.say(_("{text} is not one of the choices: type 1 or {first}, 2 or "
                           "{second}.", text=repr(answer), first=no, second=yes))

    def _discard(
        self, text: str, hand: Sequence[Card], least: int, most: int
    ) -> tuple[list[Card] | None, str]:
        """The cards named by an exchange answer, or an error message."""
        if text.lower() in _KEEP_WORDS or means(text, "keep"):
            if least:
                return None, _("You hold {n} cards and must discard {least}.", n=len(hand),
                               least=least)
            return [], ""
        tokens = re.split(r"[\s,]+", text.strip())
        if any(t.lower() in _KEEP_WORDS or means(t, "keep") for t in tokens):
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
                    return None, _("{token} is not a card position: your hand has {n} cards "
                                   "(1-{n}).", token=token, n=len(hand))
                c = hand[position - 1]
            else:
                parsed = parse_card(token)
                if parsed is None:
                    return None, _("{token} is not a card position or a card name (like "
                                   "{example}), nor {keep}.", token=repr(token),
                                   example=card_code(hand[0]), keep=word("keep"))
                if parsed not in hand:
                    return None, _("You do not hold {card}.", card=face(parsed))
                c = parsed
            if c in chosen:
                return None, _("{card} is named twice: discard each card once.", card=face(c))
            chosen.append(c)
        if len(chosen) > most:
            return None, _("You may discard at most {most} cards, not {n} (R2.1).", most=most,
                           n=len(chosen))
        if len(chosen) < least:
            return None, ngettext("You must discard {n} card.", "You must discard {n} cards.",
                                  least)
        return chosen, ""

    def play(self, v: PlayerView, legal: Sequence[Action]) -> Action:
        # The playable cards, numbered 1 to n in the order of the hand (a script of ones
        # always plays a legal card).
        order = in_hand_order(v.hand)
        plays = sorted((a for a in legal if isinstance(a, Play)),
                       key=lambda a: order.index(a.card) if a.card in order else len(order))
        cards = [a.card for a in plays]
        number = len(v.tricks) + 1
        if v.trick:
            table = ", ".join(f"{self.narrator.who(x)} {face(c)}" for x, c in v.trick)
            self.say(_("Trick {trick}, your turn. On the table: {table}.", trick=number,
                       table=table))
        else:
            self.say(_("Trick {trick}: your lead.", trick=number))
        hand = faces(order)
        self.say(_("Your hand: {hand}. Play: {choices}", hand=hand,
                   choices=numbered([face(c) for c in cards])))
        while True:
            text = self.ask(v)
            if text.isdigit():
                position = int(text)
                if 1 <= position <= len(plays):
                    return plays[position - 1]
                self.say(_("{text} is not one of the choices (1-{n}).", text=text, n=len(plays)))
                continue
            parsed = parse_card(text)
            if parsed is None:
                self.say(_("{text} is not a choice number or a card name (like {example}).",
                           text=repr(text), example=card_code(cards[0])))
            elif parsed in cards:
                return plays[cards.index(parsed)]
            elif parsed not in v.hand:
                self.say(_("You do not hold {card}.", card=face(parsed)))
            else:
                led = suit_word(v.trick[0][1].suit) if v.trick else "?"
                self.say(_("You must follow suit: {suit} were led (R6.1). You may play {cards}.",
                           suit=led, cards=faces(cards)))

    # --- saving ------------------------------------------------------------------------

    def save(self) -> str:
        """Write the game file; returns the path written."""
        # The bots' levels, as the full-screen game writes them; not `players`, which names
        # the people of a table (levels listed there would be read back as people's names,
        # and "you" gives "the coach's review of you").
        meta = {"app": "chicago play --plain", "levels": [None, *self.levels]}
        data = dump(self.game, meta)
        self.save_path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                  encoding="utf-8")
        return str(self.save_path)


def play_plain(options: PlainOptions, inp: TextIO, out: TextIO) -> int:
    """Play one game on these streams; 0 when it ends or is quit and saved, 1 if saving fails."""
    seed = options.seed if options.seed is not None else secrets.randbelow(2**31)
    game = Game.new(options.profile, options.seats, seed)
    ui = PlainGame(game, options.levels, inp, out, Path(options.save))
    ui.say(_("Chicago, plain game. Rules: {id} ({title}); target {target}. Seed {seed}.",
             id=options.profile.id, title=profile_title(options.profile),
             target=options.profile.target, seed=seed))
    names = seat_names(options.seats, ME)
    opponents = ", ".join(_("{name} (seat {seat}, {level})", name=names[i], seat=i,
                            level=_(LEVEL_WORDS[lv])) for i, lv in enumerate(options.levels, 1))
    ui.say(_("You are seat 0; the others are bots: {opponents}.", opponents=opponents))
    ui.say(_("Answer each question with a listed number (1 is the first choice) or in words. "
             "Commands at any prompt: {commands}.",
             commands=", ".join(word(c) for c in COMMANDS)))
    players: list[Player] = [ui]
    players.extend(make_bot(level) for level in options.levels)
    try:
        play_game(players, game=game, max_actions=None, on_events=ui.show)
    except (Quit, KeyboardInterrupt):
        ui.say()
        return _saved(ui)
    winner = game.state.winner
    ui.say()
    if winner == ME:
        ui.say(_("Game over: you win. {scores}", scores=ui.scores_line()))
    elif winner is not None:  # the game ran to its end: someone won (R8)
        ui.say(_("Game over: {name} wins. {scores}", name=names[winner],
                 scores=ui.scores_line()))
    return _saved(ui)


def _saved(ui: PlainGame) -> int:
    try:
        path = ui.save()
    except OSError as e:
        ui.say(_("Could not save the game to {path}: {error}.", path=ui.save_path,
                 error=e.strerror or e))
        return 1
    ui.say(_("Game saved to {path}. Replay it with: chicago replay {path}", path=path))
    return 0
