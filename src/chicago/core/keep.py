"""The scorekeeper: a game played with real cards, kept as a record of entries.

The table tells the pad what happened (each scoring stage's best hand, a four-of-a-kind
choice, who called Chicago, who took the deciding trick, who exchanged at 45+); the pad
applies the profile. It does so by running the engine itself on a state without real cards:
the deal's course (`course.take`), the exchanges (`deal.exchange`, which applies the R2.4
reset), the stages (`scoring.score_stage` on hands of the announced category), the calls
and tricks (`tricks`), and every score change through `awards`. So the pad has no scoring
table of its own: one source of truth per rule.

Scores are never stored: `replay(setup, entries)` recomputes everything from the entries, so
undoing or correcting an entry recomputes every later score. An entry the pad already holds
(`recorded`: stored, or earlier on the same pad) is replayed as it was scored: checks of what
a deck can hold, added after such an entry may have been stored (R3.3), judge only new ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from chicago.core import course, deal, engine, scoring, tricks
from chicago.core.actions import ChicagoCall, Exchange, Offer, Play, QuadsChoice, QuadsOption
from chicago.core.cards import Card, Suit, card
from chicago.core.errors import Worded
from chicago.core.events import (
    ChicagoBroken,
    ChicagoCalled,
    ChicagoWon,
    DealEnded,
    DealStarted,
    Event,
    ExchangeSkipped,
    GameWon,
    HandAnnounced,
    NoHandScored,
    PlayerEliminated,
    PointsAwarded,
    QuadsChosen,
    ScoreReset,
)
from chicago.core.rules import ChicagoTiming, QuadsRule, RuleProfile
from chicago.core.state import GameState, Phase
from chicago.core.steps import Next, Step


def N_(message: str) -> str:
    """Marks an error sentence for translation (chicago.text renders it with `_()`)."""
    return message


CATEGORIES: Final = (
    "none", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush", "full_house",
    "four_of_a_kind", "straight_flush", "royal_flush",
)
"""What a stage entry may name; "none" is no pair at all (R4.2)."""
_UNTIED: Final = ("four_of_a_kind", "straight_flush", "royal_flush")
_MOST_OF_A_RANK: Final[dict[str, int]] = {
    "one_pair": 2, "two_pair": 2, "three_of_a_kind": 3, "full_house": 3,
    "straight": 1, "flush": 1,
}
"""How many cards of one rank a hand of the category holds at most (a pair, a triple, or
one of each rank): k hands tied exactly hold k times as many of that rank (R3.3)."""
_CANNOT_TIE: Final[dict[str, str]] = {
    "one_pair": N_("{count} players cannot hold exactly the same one pair: that takes "
                   "{cards} cards of one rank, and a deck has four (R3.3)."),
    "two_pair": N_("{count} players cannot hold exactly the same two pair: that takes "
                   "{cards} cards of one rank, and a deck has four (R3.3)."),
    "three_of_a_kind": N_("{count} players cannot hold exactly the same three of a kind: "
                          "that takes {cards} cards of one rank, and a deck has four (R3.3)."),
    "full_house": N_("{count} players cannot hold exactly the same full house: that takes "
                     "{cards} cards of one rank, and a deck has four (R3.3)."),
    "straight": N_("{count} players cannot hold exactly the same straight: that takes "
                   "{cards} cards of each of its ranks, and a deck has four (R3.3)."),
    "flush": N_("{count} players cannot hold flushes of exactly the same ranks: that takes "
                "{cards} suits, and a deck has four (R3.3)."),
}
KINDS: Final = ("exchange", "stage", "quads", "chicago", "tricks")
MAX_NAME: Final = 24
NOTED: Final = (
    DealStarted, DealEnded, ExchangeSkipped, HandAnnounced, NoHandScored, PointsAwarded,
    ScoreReset, QuadsChosen, ChicagoCalled, ChicagoWon, ChicagoBroken, PlayerEliminated,
    GameWon,
)
"""The events a pad shows; the rest (cards dealt, drawn and played) are its own machinery."""


class EntryError(Worded):
    """A refused entry or setup: `template` is an English sentence with {placeholders}."""


@dataclass(frozen=True, slots=True)
class PadSetup:
    """Players in seating order, the first dealer and the rules."""

    players: tuple[str, ...]
    dealer: int
    profile: RuleProfile

    def check(self) -> None:
        n = len(self.players)
        if not 2 <= n <= 6:
            raise EntryError(N_("A game has 2 to 6 players, not {n} (R1.1)."), n=n)
        names = [p.strip() for p in self.players]
        if any(not p or len(p) > MAX_NAME for p in names):
            raise EntryError(N_("Each player needs a name of 1 to {most} characters."),
                             most=MAX_NAME)
        if len({p.casefold() for p in names}) != n:
            raise EntryError(N_("Two players have the same name."))
        if not 0 <= self.dealer < n:
            raise EntryError(N_("The dealer must be one of the players."))


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing the table tells the pad. Fields by kind:

    exchange: `number`, `seats` (those at the threshold who discarded, R2.4);
    stage: `number`, `category`, `seats` (the best hand; several when they tie exactly),
    `rank` (of a four of a kind, 2..14); quads: `choice` (points or reset, R4.3);
    chicago: `seat` (the caller, or None); tricks: `seat` (who won the last trick, or with a
    call: the caller for a success, else who broke it) and `two` (the fifth trick with a two).
    """

    kind: str
    deal: int
    number: int = 0
    seats: tuple[int, ...] = ()
    category: str = ""
    rank: int | None = None
    choice: str = ""
    seat: int | None = None
    two: bool = False


@dataclass(frozen=True, slots=True)
class Ask:
    """What the pad needs to know next. `seats`: exchange — those at the threshold who are
    asked (R2.4); chicago — who may call (R5.1); quads — the holder."""

    kind: str  # one of KINDS, or "over"
    deal: int
    number: int = 0
    seats: tuple[int, ...] = ()
    caller: int | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """An entry and what it caused, with the scores after it."""

    entry: Entry
    ask: Ask
    """The question it answered (for a correction: who was asked, who could call)."""
    events: tuple[Event, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pad:
    """The pad after its entries: the state, the next question and the story so far."""

    setup: PadSetup
    state: GameState
    ask: Ask
    lines: tuple[Line, ...]
    opening: tuple[Event, ...]
    """Events before the first entry (the first deal)."""
    paused: tuple[Step | None, bool, tuple[tuple[Card, ...], ...]] = (None, False, ())
    """Where the course paused (step, Chicago asked, real hands): to go on from here."""

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(line.entry for line in self.lines)

    @property
    def finished(self) -> bool:
        return self.state.finished

    def deal_events(self) -> tuple[Event, ...]:
        """This deal's events so far (for what the table shows now)."""
        story = list(self.opening) + [e for line in self.lines for e in line.events]
        start = max((i for i, e in enumerate(story) if isinstance(e, DealStarted)), default=0)
        return tuple(story[start:])


@dataclass(frozen=True, slots=True)
class Replayed:
    """`replay_valid`: the pad made of the entries that still apply, and the first refusal."""

    pad: Pad
    dropped: tuple[Entry, ...]
    error: EntryError | None


# --- hands of an announced category ----------------------------------------------------

_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SHAPES: Final[dict[str, tuple[int, ...]]] = {
    "none": (2, 4, 6, 8, 9),
    "one_pair": (13, 13, 7, 5, 3),
    "two_pair": (13, 13, 7, 7, 3),
    "three_of_a_kind": (13, 13, 13, 7, 3),
    "straight": (9, 10, 11, 12, 13),
    "flush": (2, 5, 7, 9, 11),
    "full_house": (13, 13, 13, 7, 7),
    "straight_flush": (9, 10, 11, 12, 13),
    "royal_flush": (10, 11, 12, 13, 14),
}
_RANK_CHARS: Final = "23456789TJQKA"


def _card(rank: int, suit: Suit) -> Card:
    return card(_RANK_CHARS[rank - 2] + suit.value)


def _shown_hand(category: str, tie: int, rank: int) -> tuple[Card, ...]:
    """A hand of `category` standing for what a player showed: the engine compares and
    scores it. Tied players get the same ranks in other suits (an exact tie, R3.3)."""
    if category == "four_of_a_kind":
        kicker = 3 if rank == 2 else 2
        return tuple(_card(rank, s) for s in _SUITS) + (_card(kicker, Suit.CLUBS),)
    ranks = _SHAPES[category]
    if category in ("flush", "straight_flush", "royal_flush"):
        return tuple(_card(r, _SUITS[tie % 4]) for r in ranks)
    return tuple(_card(r, _SUITS[(i + tie) % 4]) for i, r in enumerate(ranks))


_WINNER_TRICKS: Final = ("Ac", "Kc", "Qc", "Jc")
_OTHER_TRICKS: Final = tuple(card(t) for t in ("3c", "4c", "5c", "6c", "3s"))


def _trick_hands(s: GameState, winner: int, two: bool) -> tuple[tuple[Card, ...], ...]:
    """Hands with which `winner` takes every trick (the last with a two if `two`)."""
    last = card("2d" if two else "Td")
    won = tuple(card(t) for t in _WINNER_TRICKS) + (last,)
    return tuple(
        () if s.eliminated[x] else (won if x == winner else _OTHER_TRICKS)
        for x in range(s.seats)
    )


def _trick_card(s: GameState, seat: int, winner: int) -> Card:
    legal = tricks.playable(s, seat)
    if seat == winner:
        clubs = [c for c in legal if c.suit is Suit.CLUBS]
        return max(clubs or legal, key=lambda c: c.rank)
    clubs = [c for c in legal if c.suit is Suit.CLUBS]
    if not s.trick and clubs:
        return min(clubs, key=lambda c: c.rank)
    return min(legal, key=lambda c: c.rank)


def two_counts(profile: RuleProfile, caller: int | None) -> bool:
    """Whether winning the deciding trick with a two scores differently under `profile`
    (R6.3: 10 instead of 5; a custom value for a Chicago won with a two), so the table is
    asked about a two only where the answer changes the score."""
    if caller is None:
        return profile.last_trick_two_points != profile.last_trick_points
    two = profile.chicago_two_points
    return two is not None and two != profile.chicago_points


def most_tied(category: str) -> int:
    """How many players can hold exactly the same hand of `category` with one 52-card deck
    (R3.3, as `check_tie` counts): two with one or two pair, four with a straight or a
    flush, one with three of a kind, a full house or four of a kind (four cards of a rank),
    and one with a straight flush, whose exact tie the suits break (R3.4)."""
    if category in _UNTIED:
        return 1
    most = _MOST_OF_A_RANK.get(category)
    return 4 // most if most is not None else 1


def check_tie(category: str, count: int) -> None:
    """R3.3 with one 52-card deck (4 suits, 4 cards of each rank): `count` hands tied
    exactly have the same ranks, so a rank a hand holds m times is needed count × m times,
    and tied flushes need a suit each. So at most two players tie with one or two pair,
    none with three of a kind or a full house, four with a straight or a flush (a straight
    needs two suits in each hand, which four hands can have). EntryError says why not."""
    most = _MOST_OF_A_RANK.get(category)
    if most is not None and count * most > 4:
        raise EntryError(_CANNOT_TIE[category], count=count, cards=count * most)


# --- the keeper ------------------------------------------------------------------------


@dataclass(slots=True)
class _Keeper:
    """The engine state of a pad and where its course paused."""

    s: GameState
    step: Step | None = None
    called: bool = False
    """Whether this deal's Chicago question was answered."""
    real_hands: tuple[tuple[Card, ...], ...] = ()
    events: list[Event] = field(default_factory=list)
    recorded: bool = False
    """Whether the entry being entered is on the record already (see `add`)."""

    def take_events(self) -> tuple[Event, ...]:
        out = tuple(e for e in self.events if isinstance(e, NOTED))
        self.events = []
        return out

    # What is asked next -----------------------------------------------------------------

    def settle(self) -> Ask:
        """Go on along the course until the table must say something (or the game is over)."""
        s = self.s
        while True:
            if s.finished:
                return Ask("over", s.deal)
            step = self.step
            if step is not None:
                if step.kind is Next.STAGE:
                    return Ask("stage", s.deal, step.number)
                if step.kind is Next.DEAL:
                    self.called = False
                self.step = course.take(s, step, self.events)
                continue
            if s.phase is Phase.EXCHANGE:
                asked = tuple(x for x in s.queue if deal.reset_applies(s, x))
                if asked:
                    return Ask("exchange", s.deal, s.exchange, asked)
                self._exchange(frozenset())
                continue
            if s.phase is Phase.QUADS:
                assert s.to_act is not None
                return Ask("quads", s.deal, s.stage, (s.to_act,))
            # the calls and the tricks (Phase.CHICAGO or Phase.PLAY)
            may = tuple(x for x in s.clockwise_from(s.dealer) if tricks.may_call(s, x))
            if not self.called and may:
                return Ask("chicago", s.deal, 0, may)
            return Ask("tricks", s.deal, 0, (), s.caller)

    # Applying entries -------------------------------------------------------------------

    def enter(self, ask: Ask, e: Entry, recorded: bool = False) -> None:
        """Apply one entry to the question it answers; EntryError changes nothing.
        A `recorded` entry skips the checks of what one deck can hold (see `add`)."""
        if ask.kind == "over":
            raise EntryError(N_("The game is over: there is nothing more to enter."))
        if e.kind != ask.kind or e.deal != ask.deal or (e.number != ask.number
                                                         and e.kind in ("exchange", "stage")):
            raise EntryError(N_("This entry does not answer the question now asked."))
        handler = {
            "exchange": self._exchange_entry,
            "stage": self._stage,
            "quads": self._quads,
            "chicago": self._chicago,
            "tricks": self._tricks,
        }[e.kind]
        self.recorded = recorded
        handler(ask, e)

    def _seat(self, seat: object) -> int:
        s = self.s
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.seats:
            raise EntryError(N_("Name a player at this table."))
        if s.eliminated[seat]:
            raise EntryError(N_("That player is out of the game (R8.3)."))
        return seat

    def _exchange(self, exchanged: frozenset[int]) -> None:
        """R2.1/R2.4: everyone in turn keeps or exchanges; the engine applies the reset."""
        s = self.s
        step: Step | None = None
        for seat in s.queue:
            least, _ = deal.discard_range(s, seat)
            count = least or (1 if seat in exchanged else 0)
            hand = s.hands[seat]
            step = deal.exchange(s, Exchange(seat, hand[:count], True), self.events)
            if s.phase is Phase.OFFER:
                step = deal.answer_offer(s, Offer(seat, True), self.events)
        self.step = step

    def _exchange_entry(self, ask: Ask, e: Entry) -> None:
        # checked since a later version: a recorded entry is scored as stored (frozenset)
        if not self.recorded and len(set(e.seats)) != len(e.seats):
            raise EntryError(N_("A player is named twice."))
        if any(x not in ask.seats for x in e.seats):
            raise EntryError(N_("Only players at {points} points or more are asked (R2.4)."),
                             points=self.s.profile.high_score_threshold)
        self._exchange(frozenset(e.seats))

    def _stage(self, ask: Ask, e: Entry) -> None:
        s = self.s
        p = s.profile
        if e.category not in CATEGORIES:
            raise EntryError(N_("Choose the category of the best hand."))
        if e.category == "none":
            if e.seats:
                raise EntryError(N_("With no pair, nobody scores: name no player (R4.2)."))
        elif not e.seats:
            raise EntryError(N_("Name the player with the best hand."))
        for x in e.seats:
            self._seat(x)
        if len(set(e.seats)) != len(e.seats):
            raise EntryError(N_("A player is named twice."))
        if len(e.seats) > 1 and e.category in _UNTIED:
            raise EntryError(N_("That hand cannot tie: name the one winner (R3.4)."))
        if not self.recorded:  # checked since a later version: recorded ties score as stored
            check_tie(e.category, len(e.seats))
        rank = e.rank
        if e.category == "four_of_a_kind":
            if rank is None and p.quads is QuadsRule.CHOICE:
                raise EntryError(N_("Name the rank of the four of a kind (R4.3)."))
            rank = 14 if rank is None else rank
            if isinstance(rank, bool) or not isinstance(rank, int) or not 2 <= rank <= 14:
                raise EntryError(N_("Name the rank of the four of a kind (R4.3)."))
        elif rank is not None:
            raise EntryError(N_("Only a four of a kind has a rank to name."))
        low = _shown_hand("none", 0, 0)
        hands = [low if not s.eliminated[x] else () for x in range(s.seats)]
        for tie, x in enumerate(e.seats):
            hands[x] = _shown_hand(e.category, tie, rank or 0)
        if ask.number >= p.exchanges:
            s.final_hands = tuple(hands)
        else:
            self.real_hands = s.hands
            s.hands = tuple(hands)
        step = self.step
        assert step is not None
        self.step = course.take(s, step, self.events)
        if self.step is not None:
            self._restore_hands()

    def _restore_hands(self) -> None:
        """After an early stage, the real hands go on into the next exchange."""
        s = self.s
        if self.real_hands:
            s.hands = tuple(() if s.eliminated[x] else h for x, h in enumerate(self.real_hands))
            self.real_hands = ()

    def _quads(self, ask: Ask, e: Entry) -> None:
        if e.choice not in ("points", "reset"):
            raise EntryError(N_("Choose points or reset (R4.3)."))
        choice: QuadsOption = "points" if e.choice == "points" else "reset"
        self.step = scoring.choose_quads(self.s, QuadsChoice(ask.seats[0], choice), self.events)
        self._restore_hands()

    def _chicago(self, ask: Ask, e: Entry) -> None:
        """R5.1/R7.4: the caller (the first to say yes), or nobody."""
        s = self.s
        if e.seat is not None:
            self._seat(e.seat)
            if e.seat not in ask.seats:
                raise EntryError(N_("Only players with {points} points or more may call "
                                    "Chicago (R5.1)."), points=s.profile.chicago_minimum)
        self.called = True
        if s.profile.chicago_timing is ChicagoTiming.FIRST_TRICK:
            if e.seat is not None:
                tricks.answer_chicago(s, ChicagoCall(e.seat, True), self.events)
            return
        while s.phase is Phase.CHICAGO:
            seat = s.queue[0]
            tricks.answer_chicago(s, ChicagoCall(seat, seat == e.seat), self.events)
            if seat == e.seat:
                break

    def _tricks(self, ask: Ask, e: Entry) -> None:
        """R6/R7: the tricks played out so that the named player takes the deciding one."""
        s = self.s
        winner = self._seat(e.seat)
        if not isinstance(e.two, bool):
            raise EntryError(N_("Say whether the last trick was won with a two."))
        if e.two and s.caller is not None and winner != s.caller:
            raise EntryError(N_("A broken Chicago ends the deal: there is no last trick "
                                "to win with a two (R7.2)."))
        s.hands = _trick_hands(s, winner, e.two)
        step: Step | None = None
        while step is None and not s.finished:
            if s.phase is Phase.CHICAGO:  # asked during the first trick (§X): nobody calls
                tricks.answer_chicago(s, ChicagoCall(s.queue[0], False), self.events)
                continue
            seat = s.to_act
            assert seat is not None
            step = tricks.play(s, Play(seat, _trick_card(s, seat, winner)), self.events)
        self.step = step


def _keeper(pad: Pad) -> _Keeper:
    step, called, real = pad.paused
    return _Keeper(pad.state.copy(), step, called, real)


def _pad(pad: Pad, keeper: _Keeper, ask: Ask, lines: tuple[Line, ...]) -> Pad:
    paused = (keeper.step, keeper.called, keeper.real_hands)
    return Pad(pad.setup, keeper.s.copy(), ask, lines, pad.opening, paused)


def start(setup: PadSetup) -> Pad:
    """A new pad: the first deal dealt by `setup.dealer`."""
    setup.check()
    state = engine.new_game(setup.profile, len(setup.players), 0, setup.dealer)
    keeper = _Keeper(state.copy())
    keeper.events = list(state.log)
    ask = keeper.settle()
    blank = Pad(setup, state, ask, (), keeper.take_events())
    return _pad(blank, keeper, ask, ())


def add(pad: Pad, entry: Entry, *, recorded: bool = False) -> Pad:
    """The pad with one more entry; EntryError (nothing changes) when it does not apply.
    `recorded`: the entry is already on the pad's record (a stored operation replayed, or
    an earlier entry recomputed), so it is scored as it was when stored, without the checks
    that a version before them did not make: a tie one deck can hold (R3.3, `check_tie`)
    and a 45+ answer naming each player once. Both judge the entry alone, never the pad's
    state, so an entry that passed them once passes on every replay."""
    keeper = _keeper(pad)
    keeper.enter(pad.ask, entry, recorded)
    ask = keeper.settle()
    line = Line(entry, pad.ask, keeper.take_events(), keeper.s.scores)
    return _pad(pad, keeper, ask, (*pad.lines, line))


def replay(setup: PadSetup, entries: tuple[Entry, ...], *, recorded: bool = False) -> Pad:
    """The pad after `entries`; EntryError (with `index`) at the first that does not apply.
    `recorded` as in `add` (a file being read is not: every entry is checked)."""
    result = replay_valid(setup, entries, recorded=recorded)
    if result.error is not None:
        raise result.error
    return result.pad


def replay_valid(setup: PadSetup, entries: tuple[Entry, ...], *,
                 recorded: bool = False) -> Replayed:
    """The pad after the entries that apply, in order, stopping at the first that does not
    (that one and every later one are `dropped`, with the reason in `error`)."""
    pad = start(setup)
    for i, e in enumerate(entries):
        try:
            pad = add(pad, e, recorded=recorded)
        except EntryError as error:
            error.params.setdefault("index", i)
            return Replayed(pad, entries[i:], error)
    return Replayed(pad, (), None)


def undo(pad: Pad) -> Pad:
    """The pad without its last entry, recomputed from the start (its entries as recorded)."""
    if not pad.lines:
        raise EntryError(N_("There is nothing to undo."))
    return replay(pad.setup, pad.entries[:-1], recorded=True)


def correct(pad: Pad, index: int, entry: Entry, *, recorded: bool = False) -> Replayed:
    """Entry `index` replaced and every later score recomputed. The corrected entry itself
    must apply and is checked as a new entry unless the correction itself is `recorded`
    (else EntryError); the others are recorded ones (`add`); later entries that no longer
    apply are `dropped`."""
    if not 0 <= index < len(pad.lines):
        raise EntryError(N_("There is no entry {number} to correct."), number=index + 1)
    entries = pad.entries
    # raises when the correction does not apply
    add(replay(pad.setup, entries[:index], recorded=True), entry, recorded=recorded)
    return replay_valid(pad.setup, (*entries[:index], entry, *entries[index + 1 :]),
                        recorded=True)
