"""Exact solvers of the remaining tricks of one deal with every hand known (R6, R7).

The hard level deals the hidden cards many times consistently with its view and plays each
deal out. Only the last trick pays (R6.2, R6.3), unless a Chicago is on (R7.1, R7.2).

- `LastTrick` solves the tricks without a call exactly, as a game where every seat plays
  for its own standing in the whole game (a max-n search: each seat picks the ending best
  for itself, and among equal ones the worst for the solving seat). The search is memoized
  at trick starts by (cards left, leader) — each card belongs to one seat in a given deal, so
  the cards left fix every hand — and a seat stops looking once it has found its best ending.
- `chicago_holds` decides exactly whether a caller takes every trick whatever the others
  do (an and-or search: the others need one trick between them, R5.2).
- `rollout` plays the first tricks of a big deal by a simple rule (follow low, shed low) so
  that the exact search only has to take the last few tricks.

Hands are bitmasks over `Card.index` (rank-major, so within a suit a higher bit is a higher
card). Cards of one seat that no other live card separates within their suit are
interchangeable, and only one of each such run is searched (a two stays apart when a last
trick taken with a two pays more, R6.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from chicago.core.cards import DECK, Card

SUIT_MASKS = tuple(sum(1 << i for i in range(52) if i % 4 == s) for s in range(4))
TWOS = sum(1 << i for i in range(4))

Trick = list[tuple[int, int]]
"""The trick in progress: (seat, card bit) in play order."""


def mask_of(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def suit_of(bit: int) -> int:
    return (bit.bit_length() - 1) % 4


def playable(hand: int, trick: Trick) -> int:
    """R6.1: the cards of the led suit if the hand holds any, else every card."""
    if trick:
        follow = hand & SUIT_MASKS[suit_of(trick[0][1])]
        if follow:
            return follow
    return hand


def choices(hands: Sequence[int], seat: int, trick: Trick, split_two: bool) -> list[int]:
    """The seat's playable cards, one of each run of interchangeable cards, low to high
    within each suit."""
    hand = hands[seat]
    legal = playable(hand, trick)
    if not legal & (legal - 1):
        return [legal]  # one card
    live = 0
    for h in hands:
        live |= h
    for _, bit in trick:
        live |= bit
    out = []
    for suit in SUIT_MASKS:
        mine = legal & suit
        if not mine:
            continue
        if not mine & (mine - 1):
            out.append(mine)
            continue
        m = live & suit
        prev = 0  # the previous live card of the suit, when it is this seat's
        while m:
            low = m & -m
            m ^= low
            if low & mine:
                if not prev or (split_two and prev & TWOS):
                    out.append(low)
                prev = low
            else:
                prev = 0
    return out


def trick_winner(trick: Trick) -> tuple[int, int]:
    """(seat, card bit) taking a complete trick: the highest card of the led suit (R6.1)."""
    led = SUIT_MASKS[suit_of(trick[0][1])]
    winner, top = trick[0]
    for s, bit in trick:
        if bit & led and bit > top:
            winner, top = s, bit
    return winner, top


def follow_order(order: Sequence[int]) -> dict[int, int]:
    return {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}


class LastTrick:
    """Who takes the last trick when everyone plays for themselves, with all hands known.

    `prefs[seat][ending]` ranks the endings for each seat, where ending = 2 × winner (+1 when
    the winning card is a two); `me` is the solving seat, whose ranking is its standing.
    """

    __slots__ = ("_hands", "_me", "_memo", "_n", "_next", "_prefs", "_split", "_top", "nodes")

    def __init__(
        self,
        hands: Sequence[int],
        order: Sequence[int],
        prefs: Sequence[Sequence[float]],
        me: int,
        split_two: bool,
    ) -> None:
        self._hands = list(hands)
        self._n = len(order)
        self._next = follow_order(order)
        self._prefs = prefs
        self._me = me
        self._split = split_two
        self._memo: dict[tuple[int, int], int] = {}
        self._top = {s: max(prefs[s]) for s in order}
        self.nodes = 0

    def after(self, trick: Trick, seat: int, bit: int) -> int:
        """The ending after `seat` plays `bit` to `trick` (its own hand still holds it)."""
        return self._play(list(trick), seat, bit)

    def from_start(self, leader: int) -> int:
        """The ending from the start of a trick led by `leader`."""
        return self._start(leader)

    def _start(self, leader: int) -> int:
        left = 0
        for h in self._hands:
            left |= h
        key = (left, leader)
        found = self._memo.get(key)
        if found is None:
            found = self._node([], leader)
            self._memo[key] = found
        return found

    def _node(self, trick: Trick, seat: int) -> int:
        self.nodes += 1
        pref = self._prefs[seat]
        top = self._top[seat]
        best = -1
        best_pref = 0.0
        options = choices(self._hands, seat, trick, self._split)
        options.reverse()  # high cards first: they take tricks, which settles things sooner
        for bit in options:
            ending = self._play(trick, seat, bit)
            p = pref[ending]
            if best < 0 or p > best_pref:
                best, best_pref = ending, p
                if p >= top:
                    break
        return best

    def _play(self, trick: Trick, seat: int, bit: int) -> int:
        hands = self._hands
        hands[seat] ^= bit
        trick.append((seat, bit))
        try:
            if len(trick) < self._n:
                return self._node(trick, self._next[seat])
            winner, top = trick_winner(trick)
            if not any(hands):
                return 2 * winner + (1 if top & TWOS else 0)
            saved = trick[:]
            trick.clear()
            try:
                return self._start(winner)
            finally:
                trick.extend(saved)
        finally:
            trick.pop()
            hands[seat] ^= bit


def chicago_holds(
    hands: Sequence[int],
    order: Sequence[int],
    caller: int,
    leader: int,
    trick: Sequence[tuple[int, int]] = (),
) -> bool:
    """Whether `caller` takes every remaining trick whatever the others play (R5.2, R7)."""
    return _Chicago(hands, order, caller).holds_from(leader, list(trick))


class _Chicago:
    __slots__ = ("_caller", "_hands", "_memo", "_n", "_next")

    def __init__(self, hands: Sequence[int], order: Sequence[int], caller: int) -> None:
        self._hands = list(hands)
        self._n = len(order)
        self._next = follow_order(order)
        self._caller = caller
        self._memo: dict[tuple[int, int], bool] = {}

    def holds_from(self, leader: int, trick: Trick) -> bool:
        if not trick:
            return self._start(leader)
        if len(trick) == 1 and trick[0][0] == self._caller:
            # just led: the same test, with the led card counted as the caller's
            caller, bit = trick[0]
            self._hands[caller] |= bit
            left = 0
            for h in self._hands:
                left |= h
            settled = self._settled(left)
            self._hands[caller] ^= bit
            if settled is not None:
                return settled
        if len(trick) == self._n:
            winner, _ = trick_winner(trick)
            return winner == self._caller and self._start(winner)
        return self._node(trick, self._next[trick[-1][0]])

    def _start(self, leader: int) -> bool:
        left = 0
        for h in self._hands:
            left |= h
        if not left:
            return True
        key = (left, leader)
        found = self._memo.get(key)
        if found is None:
            found = self._settled(left) if leader == self._caller else None
            if found is None:
                found = self._node([], leader)
            self._memo[key] = found
        return found

    def _settled(self, left: int) -> bool | None:
        """With the caller to lead: True when each of its cards is above all the others'
        cards of its suit; False when another seat holds a card above all the caller's
        cards of a suit the caller holds (it beats that suit when it is led); else None."""
        mine = self._hands[self._caller]
        others = left & ~mine
        sure = True
        for suit in SUIT_MASKS:
            own = mine & suit
            theirs = others & suit
            if not own or not theirs:
                continue
            top = theirs.bit_length()
            if top > own.bit_length():
                return False
            if top > (own & -own).bit_length():
                sure = False
        return True if sure else None

    def _node(self, trick: Trick, seat: int) -> bool:
        if seat == self._caller:
            options = choices(self._hands, seat, trick, False)
            options.reverse()
            return any(self._play(trick, seat, bit) for bit in options)
        return all(self._play(trick, seat, bit) for bit in self._defences(seat, trick))

    def _defences(self, seat: int, trick: Trick) -> list[int]:
        """The other seats' choices, high first. Following, a card that can never beat one of
        the caller's (no lower caller card of its suit, this trick's included) is as good as
        any other such card of its suit — the caller leads every later trick — so one of
        each suit stands for all."""
        if not trick:  # an opponent leading (a first trick the caller does not lead, §X)
            options = choices(self._hands, seat, trick, False)
            options.reverse()
            return options
        caller_cards = self._hands[self._caller]
        for s, bit in trick:
            if s == self._caller:
                caller_cards |= bit
        live = 0
        for suit in SUIT_MASKS:
            low = caller_cards & suit
            if low:
                low &= -low
                live |= suit & ~((low << 1) - 1)
        options = choices(self._hands, seat, trick, False)
        out = [b for b in options if b & live]
        out.reverse()
        suits = 0
        for b in options:
            if not b & live and not suits & (1 << suit_of(b)):
                suits |= 1 << suit_of(b)
                out.append(b)
        return out

    def _play(self, trick: Trick, seat: int, bit: int) -> bool:
        hands = self._hands
        hands[seat] ^= bit
        trick.append((seat, bit))
        try:
            if len(trick) < self._n:
                return self._node(trick, self._next[seat])
            winner, _ = trick_winner(trick)
            if winner != self._caller:
                return False
            saved = trick[:]
            trick.clear()
            try:
                return self._start(winner)
            finally:
                trick.extend(saved)
        finally:
            trick.pop()
            hands[seat] ^= bit


def rollout(
    hands: list[int], order: Sequence[int], leader: int, trick: Trick, size: int
) -> int:
    """Play by a simple rule until every hand has at most `size` cards at a trick start;
    returns the leader of that trick. `hands` and `trick` are changed in place (the trick
    ends empty). The rule: lead the lowest card; follow with the lowest card of the suit;
    without it, throw the lowest card."""
    nxt = follow_order(order)
    n = len(order)
    seat = nxt[trick[-1][0]] if trick else leader
    while True:
        if len(trick) == n:
            leader, _ = trick_winner(trick)
            trick.clear()
        if not trick:
            if max(bin(h).count("1") for h in hands) <= size:
                return leader
            seat = leader
        bit = _lowest(playable(hands[seat], trick))
        hands[seat] ^= bit
        trick.append((seat, bit))
        seat = nxt[seat]


def _lowest(mask: int) -> int:
    """The lowest-ranked card of a mask (ties between suits: the first suit)."""
    return mask & -mask


def rolled_ending(
    hands: Sequence[int], order: Sequence[int], prefs: Sequence[Sequence[float]], me: int,
    leader: int, trick: Trick, size: int, split_two: bool,
) -> int:
    """The ending of a deal played by the simple rule (`rollout`) until every hand has at
    most `size` cards, and solved exactly from there (`LastTrick`)."""
    left = list(hands)
    leader = rollout(left, order, leader, list(trick), size)
    return LastTrick(left, order, prefs, me, split_two).from_start(leader)
