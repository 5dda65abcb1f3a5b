"""The rules in words, generated from a profile, so that rules text and engine cannot disagree.

`rules_page(profile)` returns structured sections (a title, paragraphs, an optional table)
that the web and terminal rules screens lay out; `rules_markdown(profile)` renders them as
Markdown for `chicago rules`. Nothing else in the project writes rules text by hand.

Every sentence goes through `chicago.text.i18n` (English msgids, Swedish in `rules.po`), in
the language in force when the page is made. Each sentence says what the engine does
(chicago/core), not what a table might do; where a preset's own rules are silent and the
engine chose, the text says that it is this table's choice (docs/rules.md §X).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from chicago.core.rules import (
    HOUSE,
    PRESETS,
    ChicagoTiming,
    HighScoreRule,
    QuadsRule,
    RoyalFlushRule,
    RuleProfile,
    StraightFlushRule,
    TieRule,
    WinRule,
)
from chicago.text.i18n import N_, _, ngettext

_ORDINALS: Final = (N_("first"), N_("second"), N_("third"), N_("fourth"))
_HAND_NAMES: Final = (
    N_("One pair"),
    N_("Two pair"),
    N_("Three of a kind"),
    N_("Straight"),
    N_("Flush"),
    N_("Full house"),
)
_PRESET_TITLES: Final = (
    N_("Chicago with game-wide qualification (house rules)"),
    N_("Classic Chicago with köpstopp"),
    N_("Basic Chicago: two exchanges, six cards at 42"),
    N_("Common Chicago: call in the first trick, ties all score"),
)
_CHOSEN: Final = frozenset({
    ("classic", "ties"),
    ("basic", "ties"),
    ("basic", "final_hand_after_chicago"),
})
"""Knobs where the preset's own rules are silent and this table chose (docs/rules.md §X)."""


@dataclass(frozen=True)
class Section:
    title: str
    paragraphs: tuple[str, ...]
    table: tuple[tuple[str, str], ...] = field(default=())


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n)


def _and(words: list[str]) -> str:
    if len(words) == 1:
        return words[0]
    return _("{items} and {last}", items=", ".join(words[:-1]), last=words[-1])


def _preset(p: RuleProfile) -> RuleProfile:
    """The preset a profile is, or changes."""
    return PRESETS[p.base or p.id]


def _chosen(p: RuleProfile, knob: str) -> bool:
    """Whether this knob holds a §X *chosen* value of the preset the profile comes from."""
    preset = _preset(p)
    return (preset.id, knob) in _CHOSEN and getattr(p, knob) == getattr(preset, knob)


def _join(*sentences: str) -> str:
    return " ".join(s for s in sentences if s)


def _game(p: RuleProfile) -> Section:
    paras = [
        _("Two to six players. Scores start at 0 and carry from deal to deal. Every deal is "
          "draw poker followed by five tricks."),
    ]
    target = _points(p.target)
    if p.win is WinRule.AT_TARGET and p.qualification_required:
        paras.append(_join(
            _("To win you need {target} and a Chicago call made at any time in this game. "
              "The call need not succeed: it counts from the moment it is made to the end of "
              "the game, through later deals and score resets.", target=target),
            _("After every award that adds points the game is checked at once, before "
              "anything else happens: a player with a call who has {target} or more wins. A "
              "player without a call who reaches {target} is eliminated: they keep their "
              "score, their cards leave the deal, they are not dealt in again and resets no "
              "longer touch them.", target=target),
            _("When only one player is left in the game, that player wins."),
        ))
    elif p.win is WinRule.AT_TARGET:
        paras.append(_(
            "The first player to reach {target} wins at once. The game is checked after "
            "every award that adds points, in the order the awards are made in the deal.",
            target=target,
        ))
    elif p.win is WinRule.DEAL_END_HIGHEST:
        paras.append(_(
            "The game is checked only when a deal ends: if anyone then has {target} or more, "
            "the highest score wins. If the highest scores are tied, play goes on with the "
            "next deal.",
            target=target,
        ))
    else:
        paras.append(_(
            "Reaching {target} is not enough on its own: a player who starts a deal with "
            "{target} or more wins with their first award in that deal that adds points, even "
            "if their score has fallen in the meantime.",
            target=target,
        ))
    if p.score_floor is None:
        paras.append(_("Scores can go below zero."))
    else:
        paras.append(_("Scores never fall below {floor}.", floor=p.score_floor))
    return Section(_("The game"), tuple(paras))


def _deal(p: RuleProfile) -> Section:
    paras = [
        _("The first dealer is drawn at random; after each deal the deal passes to the next "
          "player on the left who is still in the game. Every deal starts from a freshly "
          "shuffled deck of 52 cards: five cards to each player, one at a time, starting at "
          "the dealer's left. The rest is the stock, face down."),
    ]
    if p.high_score is HighScoreRule.SIX_CARDS:
        paras.append(_(
            "A player who has reached {threshold} at any time in the game is dealt six cards "
            "in every later deal, discards exactly one of them in the first exchange without "
            "drawing, and exchanges no more in that deal.",
            threshold=_points(p.high_score_threshold),
        ))
    return Section(_("Dealing"), tuple(paras))


def _exchanges(p: RuleProfile) -> Section:
    scored = [_(_ORDINALS[k - 1]) for k in p.scored_exchanges]
    paras = [
        _join(
            ngettext(
                "There is {n} exchange. In it, every player in turn from the dealer's left "
                "keeps all five cards or discards 1 to {most} and draws as many from the stock.",
                "There are {n} exchanges. In each, every player in turn from the dealer's left "
                "keeps all five cards or discards 1 to {most} and draws as many from the stock.",
                p.exchanges,
                most=p.max_discard,
            ),
            _("The others learn how many cards you exchange, not which."),
        ),
    ]
    stages = []
    if scored:
        stages.append(ngettext(
            "After the {which} exchange the best hand scores at once.",
            "After the {which} exchanges the best hand scores at once.",
            len(scored),
            which=_and(scored),
        ))
        stages.append(_("No cards are shown: only who scores and the category of the hand "
                        "are announced."))
    if p.final_hand_scores:
        stages.append(_("The hands held after the last exchange score only after the tricks "
                        "(see Tricks)."))
    else:
        stages.append(_("The hands held after the last exchange do not score."))
    paras.append(_join(*stages))
    if p.open_offer:
        paras.append(_(
            "Open offer: a player who discards exactly one card is shown the top card of the "
            "stock face up, for everyone to see. They keep it, or decline it and take the next "
            "card unseen. A declined card goes to the discards and cannot come back to that "
            "player in the same exchange."
        ))
        paras.append(_(
            "When the stock runs out, the discards of earlier exchanges and of the players who "
            "have finished this exchange are shuffled into a new stock. The discards of the "
            "player now exchanging, and an open card they have just declined, cannot come back "
            "to them in that exchange."
        ))
    else:
        paras.append(_join(
            _("There is no open offer: a one-card exchange is drawn unseen like any other."),
            _("When the stock runs out, the discards of earlier exchanges and of the players "
              "who have finished this exchange are shuffled into a new stock. The discards of "
              "the player now exchanging cannot come back to them in that exchange."),
        ))
    paras.append(_high_score(p))
    return Section(_("Exchanges"), tuple(paras))


def _high_score(p: RuleProfile) -> str:
    threshold = _points(p.high_score_threshold)
    if p.high_score is HighScoreRule.RESET_ON_EXCHANGE:
        text = _(
            "At {threshold} or more, discarding even one card resets your score to 0 at that "
            "moment (you are asked to confirm first). Keeping all five cards avoids the reset.",
            threshold=threshold,
        )
        if p.qualification_required:
            text = _join(text, _("A Chicago call already made still counts after a reset."))
        return text
    if p.high_score is HighScoreRule.BLOCK:
        return _("At {threshold} or more you may not exchange: you keep the cards you hold.",
                 threshold=threshold)
    if p.high_score is HighScoreRule.KOPSTOPP:
        return _(
            "Köpstopp: once you have reached {threshold}, you may not exchange in any later "
            "deal, even if your score falls again.",
            threshold=threshold,
        )
    if p.high_score is HighScoreRule.SIX_CARDS:
        return _("Once a player has reached {threshold}, they get a six-card hand instead of "
                 "exchanges in every later deal (see Dealing).", threshold=threshold)
    return _("There is no high-score rule: everyone may exchange at any score.")


def _suit_order(p: RuleProfile) -> str:
    if _preset(p).id == HOUSE.id:  # R3.4 is the house rule; §X is silent for the others
        return _("Between equal straight flushes the suit decides: hearts beat spades, spades "
                 "beat diamonds, diamonds beat clubs. This order is for that tie only; there "
                 "are no trumps.")
    return _("Between equal straight flushes the suit decides, by this table's own choice (the "
             "rules this profile comes from do not say): hearts beat spades, spades beat "
             "diamonds, diamonds beat clubs. This order is for that tie only; there are no "
             "trumps.")


def _hands(p: RuleProfile) -> Section:
    rows = [(_(name), _points(n)) for name, n in zip(_HAND_NAMES, p.hand_awards, strict=True)]
    rows.append((_("Four of a kind"), _quads_row(p)))
    rows.append((_("Straight flush"), _straight_flush_row(p)))
    rows.append((_("Royal flush"), _royal_row(p)))
    paras = [
        _join(
            _("Only the best hand among the players still in the game scores; high card scores "
              "nothing. Aces are high, and also low in A-2-3-4-5, the lowest straight and the "
              "lowest straight flush; a straight does not go round the corner (Q-K-A-2-3 is no "
              "straight). All kickers count; suits never break a tie, except between equal "
              "straight flushes."),
            _suit_order(p),
        ),
    ]
    if p.ties is TieRule.ALL_SCORE:
        paras.append(_("An exact tie (the same category and the same ranks throughout): every "
                       "tied player scores in full."))
    else:
        if _chosen(p, "ties"):
            paras.append(_("An exact tie (the same category and the same ranks throughout): by "
                           "this table's own choice (the rules this profile comes from do not "
                           "say), the first to announce the hand keeps it, so the tied player "
                           "first from the dealer's left scores."))
        else:
            paras.append(_("An exact tie (the same category and the same ranks throughout): the "
                           "tied player first from the dealer's left scores."))
    if p.quads is QuadsRule.CHOICE:
        paras.append(_join(
            _("Four of a kind gives its holder a choice: {points}, or resetting every other "
              "player still in the game to 0 and ending the deal at once, with no further "
              "exchanges, tricks or awards.", points=_points(p.quads_points)),
            _("Eliminated players keep their scores.") if p.qualification_required else "",
            _("Taking the points locks that four of a kind (the same holder, the same rank) to "
              "points for the rest of the deal: if it is the best hand again, it scores "
              "{points} without a choice. A different four of a kind gives a new choice.",
              points=_points(p.quads_points)),
        ))
    return Section(_("Hands and points"), tuple(paras), tuple(rows))


def _quads_row(p: RuleProfile) -> str:
    points = _points(p.quads_points)
    if p.quads is QuadsRule.CHOICE:
        return _("{points}, or reset every other player still in the game to 0 and end the "
                 "deal", points=points)
    if p.quads is QuadsRule.POINTS_AND_RESET:
        if p.qualification_required:
            return _("{points}, and every other player still in the game is reset to 0 "
                     "(eliminated players keep their scores)", points=points)
        return _("{points}, and every other player is reset to 0", points=points)
    return points


def _instant_win(p: RuleProfile) -> str:
    if p.qualification_required:
        return _("wins the game at once, with or without a Chicago call; the score becomes "
                 "{target}", target=p.target)
    return _("wins the game at once; the score becomes {target}", target=p.target)


def _straight_flush_row(p: RuleProfile) -> str:
    if p.straight_flush is StraightFlushRule.WIN:
        return _instant_win(p)
    points = _points(p.straight_flush_points)
    if p.straight_flush is StraightFlushRule.AUTO_CHICAGO:
        return _("{points}; as the final hand after the tricks it scores {chicago} instead, "
                 "the value of a successful Chicago (it is not a call)",
                 points=points, chicago=_points(p.chicago_points))
    return points


def _royal_row(p: RuleProfile) -> str:
    if p.royal_flush is RoyalFlushRule.WIN:
        return _instant_win(p)
    if p.royal_flush is RoyalFlushRule.RESET_OPPONENTS:
        if p.qualification_required:
            return _("as a straight flush, and every other player still in the game is reset "
                     "to 0 (eliminated players keep their scores)")
        return _("as a straight flush, and every other player is reset to 0")
    return _("as any other straight flush")


def _chicago(p: RuleProfile) -> Section:
    if p.score_floor is not None and p.chicago_minimum <= p.score_floor:
        who = _("Every player may call Chicago, whatever their score: a promise to win all "
                "five tricks.")
    elif p.chicago_minimum == 0:
        who = _("A player whose score is 0 or more may call Chicago: a promise to win all five "
                "tricks. Below zero you may not call.")
    else:
        who = _("A player with at least {points} may call Chicago: a promise to win all five "
                "tricks.", points=_points(p.chicago_minimum))
    if p.chicago_timing is ChicagoTiming.AFTER_EXCHANGES:
        when = _("After the last exchange, those who may call are asked in turn from the "
                 "dealer's left; the first to say yes is the only caller, and no one after "
                 "them is asked.")
    else:
        when = _("The call is made during the first trick, just before the player plays their "
                 "own first card; the first to call is the only caller. The cards already "
                 "played to that trick go back to their hands, and the trick starts again.")
    if p.chicago_caller_leads:
        lead = _("The caller leads the first trick.")
    else:
        lead = _("The caller does not lead: the usual leader leads the first trick.")
    return Section(_("Chicago"), (_join(who, when, lead), _success(p), _broken(p)))


def _success(p: RuleProfile) -> str:
    points = _points(p.chicago_points)
    if p.chicago_two_points is None:
        gain = _("Success (all five tricks): the caller gains {points}.", points=points)
    else:
        gain = _("Success (all five tricks): the caller gains {points}, or {two} when the "
                 "fifth trick is won with a two.", points=points, two=_points(p.chicago_two_points))
    if not p.final_hand_scores:
        return _join(gain, _("There are no last-trick points in that deal."))
    if p.final_hand_after_chicago:
        if _chosen(p, "final_hand_after_chicago"):
            after = _("There are no last-trick points, but by this table's own choice (the rules "
                      "this profile comes from do not say) the best final hand still scores "
                      "after the call has been settled.")
        else:
            after = _("There are no last-trick points, but the best final hand still scores "
                      "after the call has been settled.")
        return _join(gain, after)
    quads = p.quads is QuadsRule.CHOICE
    wins = p.straight_flush is StraightFlushRule.WIN or p.royal_flush is RoyalFlushRule.WIN
    if quads and wins:
        cancels = _("There are no last-trick points, and a call cancels the final-hand award "
                    "of that deal whatever its result, including a four-of-a-kind choice and a "
                    "straight flush's win.")
    elif quads:
        cancels = _("There are no last-trick points, and a call cancels the final-hand award "
                    "of that deal whatever its result, including a four-of-a-kind choice.")
    elif wins:
        cancels = _("There are no last-trick points, and a call cancels the final-hand award "
                    "of that deal whatever its result, including a straight flush's win.")
    else:
        cancels = _("There are no last-trick points, and a call cancels the final-hand award "
                    "of that deal whatever its result.")
    return _join(gain, cancels)


def _broken(p: RuleProfile) -> str:
    broken = _("Broken: as soon as another player wins a trick, the deal ends after that "
               "trick.")
    penalty = _points(p.chicago_penalty)
    if p.score_floor is None:
        loss = _("The caller loses {points}.", points=penalty)
    else:
        loss = _("The caller loses {points} (never below {floor}).", points=penalty,
                 floor=p.score_floor)
    if p.broken_chicago_bonus:
        other = _("The player who won that trick gains {points}.",
                  points=_points(p.broken_chicago_bonus))
    else:
        other = _("No one else scores.")
    return _join(broken, loss, other)


def _tricks(p: RuleProfile) -> Section:
    play = _("Without a call, the first player on the dealer's left leads. Follow suit if you "
             "can; otherwise play any card. The highest card of the suit led wins; there are "
             "no trumps. The winner leads the next trick.")
    if p.broken_chicago_bonus:
        free = _("Tricks one to four pay nothing, except when a Chicago is broken in them "
                 "(see Chicago).")
    else:
        free = _("Tricks one to four pay nothing.")
    paras = [_join(play, free)]
    if p.last_trick_two_points != p.last_trick_points:
        last = _("Without a call, the last trick pays {points} to its winner, or {two} when "
                 "the winning card is a two.", points=_points(p.last_trick_points),
                 two=_points(p.last_trick_two_points))
    else:
        last = _("Without a call, the last trick pays {points} to its winner.",
                 points=_points(p.last_trick_points))
    if p.final_hand_scores:
        final = _("Then the best hand among those held after the last exchange scores, as in "
                  "the table above.")
        if p.quads is QuadsRule.CHOICE:
            final = _join(final, _("A four-of-a-kind choice is made after the last-trick "
                                   "points; choosing the reset ends the deal."))
        last = _join(last, final)
    if p.win is WinRule.DEAL_END_HIGHEST:
        last = _join(last, _("The game is checked for a winner only when the deal ends."))
    else:
        if p.final_hand_scores:
            check = _("The game is checked for a winner after each of these awards.")
        else:
            check = _("The game is checked for a winner right after it.")
        last = _join(last, check)
    paras.append(last)
    return Section(_("Tricks"), tuple(paras))


def rules_page(profile: RuleProfile) -> tuple[Section, ...]:
    """The whole rules page for a profile, section by section, in the current language."""
    return (
        _game(profile),
        _deal(profile),
        _exchanges(profile),
        _hands(profile),
        _chicago(profile),
        _tricks(profile),
    )


def profile_changes(profile: RuleProfile) -> tuple[str, ...]:
    """A custom profile's changes as `knob=value` labels (its id names them); none for a
    preset."""
    if not profile.base:
        return ()
    return tuple(profile.id.split("+", 1)[1].split(","))


def profile_title(profile: RuleProfile, *, code: bool = False) -> str:
    """The profile's title in the current language; a custom one names its changes (`code`:
    each change as Markdown code)."""
    title = _(_preset(profile).title)
    changes = [f"`{c}`" if code else c for c in profile_changes(profile)]
    if changes:
        return _("{title}, changed: {changes}", title=title, changes=", ".join(changes))
    return title


def profile_line(profile: RuleProfile) -> str:
    """One line naming the profile, in Markdown (its id in code)."""
    if profile.base:
        return _("Rule profile `{id}`: the `{base}` preset with changes.",
                 id=profile.id, base=profile.base)
    return _("Rule profile `{id}`, version {version}.", id=profile.id, version=profile.version)


def rules_markdown(profile: RuleProfile) -> str:
    """The rules page as Markdown (what `chicago rules` prints), in the current language."""
    title = profile_title(profile, code=True)
    lines = [f"# {title}", "", profile_line(profile)]
    for section in rules_page(profile):
        lines += ["", f"## {section.title}", ""]
        for para in section.paragraphs:
            lines += [para, ""]
        if section.table:
            hand, award = _("hand"), _("award")
            lines += [f"| {hand} | {award} |", "|---|---|"]
            lines += [f"| {name} | {value} |" for name, value in section.table]
            lines.append("")
        while lines and lines[-1] == "":
            lines.pop()
    return "\n".join(lines) + "\n"
