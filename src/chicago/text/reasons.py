"""A bot's reason (`bots.Reason`: a kind, its cards and its figures) in the reader's language,
spoken to the player it advises ("Spela ruter fyra: du måste ta varje stick.").

The bots decide; they return why as data and never a sentence. Every kind they return has
its words here, so hints in the browser, Textual and line mode, and the coach, read the same
sentence in the same language, with cards named as players say them ("ruter fyra", "paret
i femmor och esset").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final

from chicago.bots import Reason
from chicago.bots.odds import flush_draw, straight_draw
from chicago.core.cards import Card
from chicago.core.hands import Category, hand_value
from chicago.text.cards import category_word, hand_name, rank_plural, rank_word, suit_word
from chicago.text.i18n import N_, _, ngettext

RANK_THE: Final = (
    N_("the two"), N_("the three"), N_("the four"), N_("the five"), N_("the six"),
    N_("the seven"), N_("the eight"), N_("the nine"), N_("the ten"), N_("the jack"),
    N_("the queen"), N_("the king"), N_("the ace"),
)
"""A rank on its own after a group ("the pair of fives and the ace" / "… och esset")."""


def pct(p: float) -> str:
    """A chance as a whole percentage; "under 1%" rather than a misleading 0% (every chance
    here is an estimate, so none is really nothing)."""
    if p < 0.005:
        return _("under 1%")
    return _("{n}%", n=round(100 * p))


def about(p: float) -> str:
    """An estimated chance in a sentence: "about 55%" / "ungefär 55 %", or "under 1%"."""
    if p < 0.005:
        return _("under 1%")
    return _("about {n}%", n=round(100 * p))


def the_card(c: Card) -> str:
    """A card in a sentence: "the four of diamonds" / "ruter fyra"."""
    return _("the {rank} of {suit}", rank=rank_word(c.rank), suit=suit_word(c.suit))


def and_list(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c" in the reader's language."""
    if not words:
        return _("nothing")
    if len(words) == 1:
        return words[0]
    return _("{first} and {last}", first=", ".join(words[:-1]), last=words[-1])


def card_list(cards: Iterable[Card]) -> str:
    """Cards named in a sentence, highest first: "the ace of spades and the two of clubs"."""
    ordered = sorted(cards, key=lambda c: (-c.rank, c.suit.value))
    return and_list([the_card(c) for c in ordered])


def kept_words(kept: Sequence[Card]) -> str:
    """The cards kept in an exchange, named as a player would: "the pair of fives and the
    ace" / "paret i femmor och esset", "four hearts" / "fyra hjärter"."""
    if not kept:
        return _("nothing")
    if len(kept) == 5:
        return hand_name(hand_value(kept))
    groups: dict[int, int] = {}
    for c in kept:
        groups[c.rank] = groups.get(c.rank, 0) + 1
    flush = flush_draw(kept)
    if len(flush) == 4 and len(kept) == 4:
        return _("four {suit}", suit=suit_word(flush[0].suit))
    if len(kept) == 4 and len(straight_draw(kept)) == 4 and len(groups) == 4:
        return _("four to a straight")
    parts = []
    for rank, count in sorted(groups.items(), key=lambda g: (-g[1], -g[0])):
        if count == 4:
            parts.append(_("the four {ranks}", ranks=rank_plural(rank)))
        elif count == 3:
            parts.append(_("the three {ranks}", ranks=rank_plural(rank)))
        elif count == 2:
            parts.append(_("the pair of {ranks}", ranks=rank_plural(rank)))
    singles = sorted((c for c in kept if groups[c.rank] == 1), key=lambda c: -c.rank)
    if singles:
        if parts:
            parts.extend(_(RANK_THE[c.rank - 2]) for c in singles)
        else:
            return card_list(singles)
    return and_list(parts)


def _lead(r: Reason, lead: str, play: str) -> str:
    return _(lead) if r.figure("lead") else _(play)


Words = Callable[[Reason], str]

_PLAIN: Final[dict[str, str]] = {
    # exchanges (R2)
    "exchange.six": N_("Discard {card}."),
    "exchange.stand": N_("Keep all five: {hand}."),
    "exchange.stand_reset": N_("Keep all five: discarding would reset your {score} points."),
    "exchange.chicago": N_("Keep {cards} for a Chicago: {chance} to hold five sure tricks "
                           "by the calls."),
    "exchange.stand_chicago": N_("Keep all five for a Chicago: {chance} to take every "
                                 "trick."),
    "exchange.put_away": N_("Put away {card}: the other five make {other_hand}, best at this "
                            "table {best} of the time."),
    "exchange.stand_reset_best": N_("Keep all five: discarding would reset your {score} points "
                                    "to 0, and this hand is best at this table {best} of the "
                                    "time."),
    "exchange.stand_best": N_("Keep all five ({hand}): best at this table {best} of the time."),
    # the open card (R2.2)
    "offer.keep": N_("Take {card}: {category}, worth more than a blind draw."),
    "offer.decline": N_("Decline {card}: a blind draw is worth more."),
    "offer.pairs": N_("Take {card}: it pairs a card you kept."),
    "offer.completes": N_("Take {card}: it completes your hand."),
    "offer.high": N_("Take {card}: it is a high card."),
    "offer.blind": N_("Decline {card}: a blind draw may do better."),
    # four of a kind (R4.3)
    "quads.reset_out": N_("Reset the others to 0: the points would put you out."),
    "quads.reset_close": N_("Reset the others to 0: an opponent has {score} points."),
    "quads.reset_leader": N_("Reset the others to 0: the leading opponent has {score} points."),
    "quads.reset_unqualified": N_("Reset the others to 0: {points} points would put you at "
                                  "{score} without a Chicago call."),
    "quads.take_safe": N_("Take the {points} points: nobody is close to winning."),
    "quads.take_win": N_("Take the {points} points: they win the game."),
    "quads.take_far": N_("Take the {points} points: the others are far enough behind (best "
                         "{score})."),
    # Chicago (R5, R7)
    "call.strong": N_("Call Chicago: a strong hand, and you need a call to be able to win."),
    "call.urgent": N_("Call Chicago: at {score} points you need the call before the points put "
                      "you out."),
    "call.urgent_odds": N_("Call Chicago: at {score} points you need the qualification before "
                           "more points put you out, and a broken call gives it too (all five "
                           "tricks {chance})."),
    "call.in_time": N_("Call Chicago: you take all five tricks {chance} of the time, and "
                       "at {score} points few better chances to qualify are left."),
    "call.risky": N_("Call Chicago: you take all five tricks only {chance} of the time, "
                     "but you need the qualification, and a broken call gives it too."),
    "call.worth": N_("Call Chicago: you take all five tricks {chance} of the time, and "
                     "the call is worth the risk now."),
    "pass.weak": N_("No Chicago: your hand is not strong enough."),
    "pass.odds": N_("No Chicago: you would take all five tricks only {chance} of the "
                    "time."),
    # tricks (R6, R7, R8.3)
    "play.last_card": N_("Play {card}: your last card."),
    "play.follow": N_("Play {card}: you must follow suit."),
    "play.keep_for_last": N_("Play {card} and keep {other} for the last trick: it takes it "
                             "{chance} of the time."),
    "play.out": N_("Play {card}: the last trick's points would put you out."),
    "shed.out": N_("Shed {card}: the last trick's points would put you out."),
    "shed.keep": N_("Shed {card} and keep {other} for the last trick."),
    "shed.keep_best": N_("Shed {card} and keep your best cards."),
    "shed.keep_high": N_("Shed {card} and keep your high cards for the last trick."),
    "play.lost": N_("Play {card}: this trick is lost."),
    "play.break_out": N_("Play {card}: breaking the Chicago would put you out."),
    "play.cannot": N_("Play {card}: you cannot take this trick."),
    "play.any": N_("Play {card}."),
    "play.take": N_("Play {card} to take the trick."),
}
"""Kinds worded by one sentence; placeholders: {card} / {cards} the reason's cards, {other}
its second group, {hand} / {other_hand} a five-card group's hand, and its figures."""


def _keep_odds(r: Reason) -> str:
    f = _fields(r)
    if not r.cards:
        return _("Discard {discards}: {improve} to improve, best at this table {best} of the "
                 "time.", **f)
    if r.figure("resets"):
        return _("Keep {kept} (your score resets to 0): {improve} to improve, best at this "
                 "table {best} of the time.", **f)
    return _("Keep {kept}: {improve} to improve, best at this table {best} of the time.", **f)


def _keep(r: Reason) -> str:
    n = int(r.figure("n"))
    return ngettext("Keep {kept} and exchange {n} card.", "Keep {kept} and exchange {n} cards.",
                    n, kept=kept_words(r.cards))


def _tops(r: Reason) -> str:
    if r.figure("lead"):
        return _("Call Chicago: every card you hold is the top one left in its suit, and you "
                 "lead.")
    return _("Call Chicago: every card you hold is the top one left in its suit.")


def _sure(r: Reason) -> str:
    return ngettext("Call Chicago: you win all five tricks in the {n} deal imagined.",
                    "Call Chicago: you win all five tricks in every one of {n} deals imagined.",
                    int(r.figure("samples")))


def _must_win(r: Reason) -> str:
    return _lead(r, N_("Lead {card}: you must win every trick."),
                 N_("Play {card}: you must win every trick.")).format(**_fields(r))


def _break(r: Reason) -> str:
    return _lead(r, N_("Lead {card} to break the Chicago."),
                 N_("Play {card} to break the Chicago.")).format(**_fields(r))


def _caller(r: Reason) -> str:
    return _lead(r, N_("Lead {card}: you keep every trick in {chance} of the deals "
                       "imagined."),
                 N_("Play {card}: you keep every trick in {chance} of the deals "
                    "imagined.")).format(**_fields(r))


def _avoid(r: Reason) -> str:
    return _lead(r, N_("Lead {card}: the last trick would put you out, and with it you take it "
                       "in only {chance} of the deals imagined."),
                 N_("Play {card}: the last trick would put you out, and with it you take it in "
                    "only {chance} of the deals imagined.")).format(**_fields(r))


def _last_trick(r: Reason) -> str:
    return _lead(r, N_("Lead {card}: you take the last trick in {chance} of the deals "
                       "imagined."),
                 N_("Play {card}: you take the last trick in {chance} of the deals "
                    "imagined.")).format(**_fields(r))


_BUILT: Final[dict[str, Words]] = {
    "exchange.keep": _keep,
    "exchange.keep_odds": _keep_odds,
    "call.tops": _tops,
    "call.sure": _sure,
    "play.must_win": _must_win,
    "play.break": _break,
    "play.caller": _caller,
    "play.avoid": _avoid,
    "play.last_trick": _last_trick,
}

KINDS: Final = frozenset(_PLAIN) | frozenset(_BUILT)
"""Every reason kind the bots return (tests check that each has words)."""


def _fields(r: Reason) -> dict[str, str]:
    """The placeholders a reason's sentence may use, in the reader's language."""
    f = r.figures
    out = {
        "card": card_list(r.cards),
        "cards": card_list(r.cards),
        "kept": kept_words(r.cards),
        "discards": card_list(r.other),
        "other": card_list(r.other),
        "hand": hand_name(hand_value(r.cards)) if len(r.cards) == 5 else card_list(r.cards),
        "other_hand": (hand_name(hand_value(r.other)) if len(r.other) == 5
                       else card_list(r.other)),
        "chance": about(float(f.get("chance", 0))),
        "best": pct(float(f.get("best", 0))),
        "improve": pct(float(f.get("improve", 0))),
        "category": category_word(Category(int(f.get("category", 0))).words),
    }
    for name in ("score", "points", "seat", "n", "samples"):
        if name in f:
            out[name] = str(int(f[name]))
    return out


def reason_words(r: Reason) -> str:
    """The reason as one or two sentences for the player it advises."""
    built = _BUILT.get(r.kind)
    if built is not None:
        return built(r)
    template = _PLAIN.get(r.kind)
    if template is None:
        raise KeyError(f"no words for the reason kind {r.kind!r}")
    return _(template, **_fields(r))
