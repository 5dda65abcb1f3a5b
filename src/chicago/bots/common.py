"""Helpers shared by the bot levels: finding legal actions, reading a trick, judging cards by
what is still out. (Their reasons are data, `base.Reason`; the words are chicago.text's.)"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play
from chicago.core.cards import Card
from chicago.core.views import PlayerView

from .knowledge import Knowledge

# --- legal actions ---------------------------------------------------------------------


def exchange_for(legal: Sequence[Action], discard: Iterable[Card]) -> Exchange:
    """The legal exchange that discards exactly these cards."""
    wanted = frozenset(discard)
    for a in legal:
        if isinstance(a, Exchange) and frozenset(a.discard) == wanted:
            return a
    raise ValueError(f"no legal exchange discards {sorted(c.text for c in wanted)}")


def plays(legal: Sequence[Action]) -> dict[Card, Play]:
    return {a.card: a for a in legal if isinstance(a, Play)}


def answer(legal: Sequence[Action], yes: bool) -> Action:
    """The yes or no of an offer or a Chicago question."""
    for a in legal:
        if isinstance(a, Offer) and a.keep is yes:
            return a
        if isinstance(a, ChicagoCall) and a.call is yes:
            return a
    return legal[0]


def resets(legal: Sequence[Action]) -> bool:
    """Whether discarding now resets the seat's score (R2.4: the legal exchanges say so)."""
    return any(isinstance(a, Exchange) and a.confirm_reset for a in legal)


# --- tricks ----------------------------------------------------------------------------


def trick_leader(trick: Sequence[tuple[int, Card]]) -> tuple[int, Card] | None:
    """Who is winning the trick so far, and with which card (R6.1)."""
    if not trick:
        return None
    led = trick[0][1].suit
    return max(((s, c) for s, c in trick if c.suit is led), key=lambda p: p[1].rank)


def order_from(kn: Knowledge, leader: int) -> tuple[int, ...]:
    """The seats holding cards in this deal in play order from `leader` (R6.1)."""
    players = kn.players
    if leader not in players:
        return players
    i = players.index(leader)
    return players[i:] + players[:i]


def higher_out(card: Card, threats: Iterable[Card]) -> list[Card]:
    """Threat cards of the same suit that outrank `card`."""
    return [c for c in threats if c.suit is card.suit and c.rank > card.rank]


def is_boss(card: Card, threats: Iterable[Card]) -> bool:
    """No card that another seat may hold outranks it in its suit."""
    return not higher_out(card, threats)


def first_leader(view: PlayerView, kn: Knowledge, caller: int) -> int:
    """Who leads the first trick if `caller` calls (R5.2, R6.1, §X)."""
    if view.profile.chicago_caller_leads:
        return caller
    return kn.players[0]


def returned(kn: Knowledge, view: PlayerView) -> Knowledge:
    """The knowledge as it would be if the cards of the trick in progress went back to their
    players (a Chicago called during the first trick, §X)."""
    if not view.trick or view.tricks:
        return kn
    back = {c for _, c in view.trick}
    known = [list(k) for k in kn.known]
    for seat, c in view.trick:
        if seat != kn.seat:
            known[seat].append(c)
    sizes = list(kn.hand_sizes)
    for seat, _ in view.trick:
        sizes[seat] += 1
    return replace(
        kn,
        played=tuple(c for c in kn.played if c not in back),
        known=tuple(tuple(sorted(k)) for k in known),
        hand_sizes=tuple(sizes),
    )


def sure_chicago(kn: Knowledge, hand: Sequence[Card], leads: bool) -> bool:
    """Whether `hand` wins all five tricks whatever the others hold (R5.2, R6.1).

    Every card must be the top one left in its suit; and if someone else leads the first
    trick, the hand must also hold every suit that another seat may lead.
    """
    threats = kn.threats()
    if not all(is_boss(c, threats) for c in hand):
        return False
    if leads:
        return True
    mine = {c.suit for c in hand}
    return all(c.suit in mine for c in threats)
