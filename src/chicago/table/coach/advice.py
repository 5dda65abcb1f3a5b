"""The coach's one door into the bots: advice for a decision, and imagined deals.

Everything the review takes from `chicago.bots` passes through here, so that a change of
the bots' interface (structured advice from `suggest`, say) is met in this module alone:

- `advise(view, legal, rng)`: the hard level's choice and its one-sentence reason, from the
  seat's view only (R9.2) — `Bot.suggest` as the hints use it;
- `imagine(state, seat, rng)`: a deal consistent with what `seat` could see — the other
  hands drawn by the bots' `knowledge` / `sample_hands` from `view(state, seat)` (unseen
  cards, voids, kept offers), the stock and the others' discards from the cards left over —
  as a full state the engine can play on. Every hidden card of `state` is replaced, and
  its log and seed are the seat's own, so nothing the seat could not know remains;
- `continuation(seat, me)`: who plays an imagined deal to its end. The reviewed seat `me`
  plays the normal level throughout — strong enough that its choice is not judged by the
  continuation's own mistakes (the easy level calls Chicago on weak hands); the others play
  the normal level's Chicago calls and cards, and the easy level's exchanges (a normal
  exchange costs some 3 ms, twenty times an easy one: the others' exchanges are the same in
  both branches of an imagined deal, so they add noise to the difference, not bias).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from chicago.bots import EASY, HINT_LEVEL, NORMAL, Bot, make_bot
from chicago.bots.knowledge import knowledge, sample_hands
from chicago.core.actions import Action
from chicago.core.cards import Card
from chicago.core.events import visible_to
from chicago.core.shuffle import Stream
from chicago.core.state import GameState, Phase
from chicago.core.views import PlayerView, _redact, view
from chicago.text.reasons import reason_words

COACH_LEVEL: Final = HINT_LEVEL
CONTINUATION_LEVEL: Final = NORMAL
OTHERS_EXCHANGE_LEVEL: Final = EASY


@dataclass(frozen=True, slots=True)
class Advice:
    action: Action
    reason: str


_coach: Bot | None = None


def advise(v: PlayerView, legal: Sequence[Action], rng: Stream) -> Advice:
    """The hard level's decision for the seat of `v`, with its reason."""
    global _coach
    if _coach is None:
        _coach = make_bot(COACH_LEVEL)
    s = _coach.suggest(v, legal, rng)
    return Advice(s.action, reason_words(s.reason))


_bots: dict[str, Bot] = {}


def _bot(level: str) -> Bot:
    if level not in _bots:
        _bots[level] = make_bot(level)  # one of each, reused: a bot keeps no state
    return _bots[level]


def continuation(seat: int, me: int, phase: Phase) -> Bot:
    """The bot that plays `seat`'s decision in `phase` in the rest of an imagined deal."""
    if seat != me and phase in (Phase.EXCHANGE, Phase.OFFER):
        return _bot(OTHERS_EXCHANGE_LEVEL)
    return _bot(CONTINUATION_LEVEL)


def imagine(state: GameState, seat: int, rng: Stream) -> GameState | None:
    """A state the seat could not tell from `state` (None if the counts do not add up)."""
    kn = knowledge(view(state, seat))
    hands, rest = sample_hands(kn, rng)
    left = list(rest)
    stock, left = left[: len(state.stock)], left[len(state.stock):]
    pile = list(kn.dead) + left
    sizes = (len(state.discards), len(state.exchanging), len(state.out))
    if len(stock) != len(state.stock) or len(pile) != sum(sizes):
        return None
    dead = set(kn.dead)
    # the seat's own exchange in progress keeps its own discards where it knows they are
    exchanging = tuple(c for c in state.exchanging if c in dead)
    pile = [c for c in pile if c not in exchanging]
    need = sizes[1] - len(exchanging)
    exchanging += tuple(pile[:need])
    pile = pile[need:]
    discards, out = tuple(pile[: sizes[0]]), tuple(pile[sizes[0]:])
    played: dict[int, list[Card]] = {}
    for t in state.tricks:
        for s, c in t.plays:
            played.setdefault(s, []).append(c)
    for s, c in state.trick:
        played.setdefault(s, []).append(c)
    finals = tuple(
        h if s == seat or not h else tuple(hands[s]) + tuple(played.get(s, ()))
        for s, h in enumerate(state.final_hands)
    )
    new = state.copy()
    new.setup = replace(state.setup, seed=rng.below(2**31), deals=())
    new.hands = tuple(tuple(h) for h in hands)
    new.stock = tuple(stock)
    new.discards = discards
    new.exchanging = exchanging
    new.out = out
    new.final_hands = finals
    new.log = tuple(_redact(e, seat) for e in state.log if visible_to(e, seat))
    return new
