"""The scorekeeper's words: its questions, what each entry caused, who may not exchange, and
its refusals — in the player's language (`_()`), with the players' own names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

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
from chicago.core.keep import Ask, Entry, EntryError, Pad, most_tied
from chicago.core.rules import HighScoreRule, RuleProfile
from chicago.text.core_errors import error_words
from chicago.text.i18n import N_, _, ngettext

CATEGORY_WORDS: Final = {
    "none": N_("no pair"),
    "one_pair": N_("one pair"),
    "two_pair": N_("two pair"),
    "three_of_a_kind": N_("three of a kind"),
    "straight": N_("straight"),
    "flush": N_("flush"),
    "full_house": N_("full house"),
    "four_of_a_kind": N_("four of a kind"),
    "straight_flush": N_("straight flush"),
    "royal_flush": N_("royal flush"),
}
_ORDINALS: Final = {1: N_("first"), 2: N_("second"), 3: N_("third")}
_AWARDS: Final = {
    "hand": N_("{name} scores {points} for the best hand (now {score})."),
    "quads": N_("{name} scores {points} for four of a kind (now {score})."),
    "straight_flush": N_("{name} wins with a straight flush (now {score})."),
    "royal_flush": N_("{name} wins with a royal flush (now {score})."),
    "auto_chicago": N_("{name} scores {points}: a straight flush counts as a Chicago "
                       "(now {score})."),
    "last_trick": N_("{name} scores {points} for the last trick (now {score})."),
    "last_trick_two": N_("{name} scores {points} for the last trick, won with a two "
                         "(now {score})."),
    "chicago": N_("{name} scores {points} for the Chicago (now {score})."),
    "chicago_broken": N_("{name} loses {points} for the broken Chicago (now {score})."),
    "chicago_breaker": N_("{name} scores {points} for breaking the Chicago (now {score})."),
}
_RESETS: Final = {
    "high_score": N_("{name} exchanged at {previous} points: reset to 0 (R2.4)."),
    "quads": N_("{name} is reset from {previous} to 0 by the four of a kind (R4.3)."),
    "royal_flush": N_("{name} is reset from {previous} to 0 by the royal flush (R4.4)."),
}
_SKIPS: Final = {
    "kopstopp": N_("{name} may not exchange: köpstopp."),
    "block": N_("{name} may not exchange: at the high-score threshold."),
    "six_cards": N_("{name} holds six cards and exchanges no more."),
}
_WINS: Final = {
    "target": N_("{name} wins the game!"),
    "straight_flush": N_("{name} wins the game with a straight flush!"),
    "royal_flush": N_("{name} wins the game with a royal flush!"),
    "last_standing": N_("{name} wins the game as the last player left!"),
}


def upper_first(text: str) -> str:
    """A sentence that starts with a word made inside it (a category) starts upper case."""
    return text[:1].upper() + text[1:]


_upper = upper_first


def category(name: str) -> str:
    return _(CATEGORY_WORDS.get(name, name))


def who_had_it(name: str) -> str:
    """The question after a category is chosen: who had it, and a tie offered only where
    one deck lets players hold exactly the same hand (R3.3, R3.4: `most_tied`)."""
    ties = most_tied(name)
    if ties >= 3:
        said = _("{category}: who had it? Tap two or more for an exact tie.",
                 category=category(name))
    elif ties == 2:
        said = _("{category}: who had it? Tap two for an exact tie.", category=category(name))
    else:
        said = _("{category}: who had it?", category=category(name))
    return upper_first(said)


def stage_name(number: int, profile: RuleProfile) -> str:
    """When a scoring stage comes: after the first exchange, …, or after the tricks."""
    if number >= profile.exchanges:
        return _("in the final hands")
    return _("after the {nth} exchange", nth=_(_ORDINALS.get(number, str(number))))


def question(ask: Ask, names: Sequence[str], profile: RuleProfile) -> str:
    """What the pad asks the table now, as one sentence."""
    if ask.kind == "over":
        return _("The game is over.")
    if ask.kind == "exchange":
        nth = _(_ORDINALS.get(ask.number, ""))
        if len(ask.seats) == 1:
            return _upper(_("{nth} exchange: did {name} exchange? Exchanging at {points} or "
                            "more resets the score to 0 (R2.4).", nth=nth,
                            name=names[ask.seats[0]], points=profile.high_score_threshold))
        who = _(" or ").join(names[x] for x in ask.seats)
        return _upper(_("{nth} exchange: did {who} exchange? Pick each one who did and save, "
                        "or choose Nobody. Exchanging at {points} or more resets the score "
                        "to 0 (R2.4).", nth=nth, who=who,
                        points=profile.high_score_threshold))
    if ask.kind == "stage":
        if ask.number >= profile.exchanges:
            return _("Best final hand (after the tricks)?")
        return _("Best hand {when}?", when=stage_name(ask.number, profile))
    if ask.kind == "quads":
        return _("{name} has four of a kind: {points} points, or reset everyone else to 0 "
                 "and end the deal (R4.3)?", name=names[ask.seats[0]],
                 points=profile.quads_points)
    if ask.kind == "chicago":
        return _("Did anyone call Chicago?")
    if ask.caller is not None:
        return _("{name} called Chicago: did they take all five tricks, or who broke it?",
                 name=names[ask.caller])
    return _("Who won the last trick?")


def entry_text(e: Entry, names: Sequence[str], profile: RuleProfile) -> str:
    """An entry in words, for the list of entries."""
    if e.kind == "exchange":
        who = ", ".join(names[x] for x in e.seats) or _("nobody")
        return _upper(_("{nth} exchange: {who} exchanged.",
                 nth=_(_ORDINALS.get(e.number, "")), who=who))
    if e.kind == "stage":
        if e.category == "none":
            return _("Best hand {when}: no pair.", when=stage_name(e.number, profile))
        who = _(" and ").join(names[x] for x in e.seats)
        return _("Best hand {when}: {who}, {category}.", when=stage_name(e.number, profile),
                 who=who, category=category(e.category))
    if e.kind == "quads":
        return _("Four of a kind: points.") if e.choice == "points" else _(
            "Four of a kind: reset the others.")
    if e.kind == "chicago":
        if e.seat is None:
            return _("Nobody called Chicago.")
        return _("{name} called Chicago.", name=names[e.seat])
    name = names[e.seat] if e.seat is not None else "?"
    if e.two:
        return _("{name} took the last trick with a two.", name=name)
    return _("{name} took the deciding trick.", name=name)


def event_line(e: Event, names: Sequence[str], profile: RuleProfile) -> str | None:
    """What an event means for the score sheet, or None for events it does not show."""
    if isinstance(e, PointsAwarded):
        template = _AWARDS.get(e.reason, N_("{name}: {points} points (now {score})."))
        return _(template, name=names[e.seat], points=abs(e.points), score=e.score)
    if isinstance(e, ScoreReset):
        reset = _RESETS.get(e.reason, N_("{name} is reset to 0."))  # (not inside _(): the
        return _(reset, name=names[e.seat], previous=e.previous)  # extractor would miss it)
    if isinstance(e, HandAnnounced):
        return _("Best hand {when}: {name}, {category}.",
                 when=stage_name(e.stage, profile), name=names[e.seat],
                 category=category(e.category.name.lower()))
    if isinstance(e, NoHandScored):
        return _("Nobody has a pair {when}: no points.", when=stage_name(e.stage, profile))
    if isinstance(e, QuadsChosen):
        if e.choice == "points":
            return _("{name} takes the points for four of a kind.", name=names[e.seat])
        return _("{name} resets everyone else to 0 and ends the deal.", name=names[e.seat])
    if isinstance(e, ChicagoCalled):
        if not profile.qualification_required:  # §X: no qualification to speak of
            return _("{name} calls Chicago.", name=names[e.seat])
        return _("{name} calls Chicago and is qualified (R7.4).", name=names[e.seat])
    if isinstance(e, ChicagoWon):
        return _("{name} takes all five tricks: Chicago!", name=names[e.seat])
    if isinstance(e, ChicagoBroken):
        return _("{breaker} breaks {caller}'s Chicago.", breaker=names[e.breaker],
                 caller=names[e.caller])
    if isinstance(e, PlayerEliminated):
        return _("{name} reaches {score} without a Chicago call and is out (R8.3).",
                 name=names[e.seat], score=e.score)
    if isinstance(e, GameWon):
        return _(_WINS.get(e.reason, _WINS["target"]), name=names[e.seat])
    if isinstance(e, DealStarted):
        return _("Deal {deal}: {name} deals.", deal=e.deal, name=names[e.dealer])
    if isinstance(e, DealEnded):
        return _("Deal {deal} is over.", deal=e.deal)
    if isinstance(e, ExchangeSkipped):
        return _(_SKIPS.get(e.reason, _SKIPS["block"]), name=names[e.seat])
    return None


def restrictions(pad: Pad) -> dict[int, str]:
    """Per player, the high-score rule that holds them this deal (köpstopp, six cards, 45+)."""
    s = pad.state
    p = s.profile
    out: dict[int, str] = {}
    if s.finished:
        return out
    for x in s.active():
        if x in s.restricted and p.high_score is HighScoreRule.KOPSTOPP:
            out[x] = _("köpstopp: may not exchange")
        elif x in s.restricted and p.high_score is HighScoreRule.SIX_CARDS:
            out[x] = _("dealt six: discards one, then no exchanges")
        elif s.scores[x] >= p.high_score_threshold:
            if p.high_score is HighScoreRule.RESET_ON_EXCHANGE:
                out[x] = _("exchanging resets to 0")
            elif p.high_score is HighScoreRule.BLOCK:
                out[x] = _("may not exchange")
            elif p.high_score in (HighScoreRule.KOPSTOPP, HighScoreRule.SIX_CARDS):
                out[x] = _("restricted from the next deal")
    return out


CLOSE: Final = 10
"""Within this many points of the target a player is shown as close."""


def is_close(pad: Pad, seat: int) -> bool:
    """Within CLOSE points of the target, still in the game (a win — or, unqualified where a
    call is needed, elimination — is near)."""
    s = pad.state
    need = s.profile.target - s.scores[seat]
    return not s.finished and not s.eliminated[seat] and 0 < need <= CLOSE


def standing(pad: Pad, seat: int) -> str:
    """A player's standing in a few words: out, the winner, qualified, how far to go."""
    s = pad.state
    p = s.profile
    if s.winner == seat:
        return _("winner")
    if s.eliminated[seat]:
        return _("out")
    need = p.target - s.scores[seat]
    notes = []
    if s.qualified[seat] and p.qualification_required:  # §X: classic has no qualification
        notes.append(_("qualified"))
    if is_close(pad, seat):
        if p.qualification_required and not s.qualified[seat]:
            notes.append(ngettext("{n} to go: out at the target without a call",
                                  "{n} to go: out at the target without a call", need))
        else:
            notes.append(ngettext("{n} to go", "{n} to go", need))
    return ", ".join(notes)


def error_text(error: EntryError) -> str:
    """A refusal in the player's language (nested reasons translated too)."""
    return error_words(error)
