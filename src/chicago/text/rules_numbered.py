"""The numbered rules: every rule the code and tests cite (`# R6.1`), worded for a profile.

The numbers and what each one is about are fixed (R1.1 to R9.2, in nine parts); the words
come from the profile's knobs, so a preset or a custom profile reads as its engine plays.
Where a profile has no such step (no open offer, no elimination), the rule says so rather
than disappearing: a citation must always find its number. Sentences shared with the rules
page (`rules_text`) are the same msgids, so the two never word one rule two ways.

`reference_markdown()` is docs/rules.md: the house rules numbered, then what each other
preset words differently (`scripts/docs` writes it; a test fails when it is stale).
"""

from __future__ import annotations

from dataclasses import dataclass
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
from chicago.text.i18n import _, ngettext, use_language
from chicago.text.rules_text import (
    _ORDINALS,
    _and,
    _broken,
    _chosen,
    _high_score,
    _join,
    _points,
    _quads_row,
    _royal_row,
    _straight_flush_row,
    _success,
    _suit_order,
    profile_line,
    profile_title,
)


@dataclass(frozen=True)
class Rule:
    number: str
    text: str


@dataclass(frozen=True)
class Part:
    numeral: str
    title: str
    rules: tuple[Rule, ...]


NUMBERS: Final = (
    ("I", ("R1.1", "R1.2", "R1.3", "R1.4")),
    ("II", ("R2.1", "R2.2", "R2.3", "R2.4", "R2.5")),
    ("III", ("R3.1", "R3.2", "R3.3", "R3.4")),
    ("IV", ("R4.1", "R4.2", "R4.3", "R4.4", "R4.5")),
    ("V", ("R5.1", "R5.2")),
    ("VI", ("R6.1", "R6.2", "R6.3", "R6.4")),
    ("VII", ("R7.1", "R7.2", "R7.3", "R7.4")),
    ("VIII", ("R8.1", "R8.2", "R8.3", "R8.4", "R8.5", "R8.6")),
    ("IX", ("R9.1", "R9.2")),
)
"""Every rule number, part by part: the numbers code and tests cite."""


def _deal_order(p: RuleProfile) -> str:
    steps = []
    for n in range(1, p.exchanges + 1):
        steps.append(_("exchange {n}", n=n))
        if n in p.scored_exchanges:
            steps.append(_("scoring {n}", n=n))
        if n == p.exchanges and p.chicago_timing is ChicagoTiming.AFTER_EXCHANGES:
            steps.append(_("the Chicago question"))
    if p.chicago_timing is ChicagoTiming.FIRST_TRICK:
        steps.append(_("five tricks, Chicago called in the first"))
    else:
        steps.append(_("five tricks"))
    steps.append(_("the last trick's points"))
    if p.final_hand_scores:
        steps.append(_("the final hand's points"))
    return _join(
        _("A deal runs in this order: {steps}.", steps=" → ".join(steps)),
        _("Some events end the deal early, or the game (part VIII). When a deal ends and the "
          "game goes on, the next deal is dealt at once; nothing needs doing to start it."),
    )


def _part_one(p: RuleProfile) -> tuple[str, ...]:
    dealt = _("Every deal starts from a freshly shuffled deck of 52 cards, shuffled from the "
              "game's seed: the same seed and the same decisions give the same game, card for "
              "card. Each player still in the game gets five cards, one at a time from the "
              "dealer's left; the rest is the stock, face down.")
    if p.high_score is HighScoreRule.SIX_CARDS:
        dealt = _join(dealt, _(
            "A player who has reached {threshold} at any time in the game is dealt six cards "
            "in every later deal, discards exactly one of them in the first exchange without "
            "drawing, and exchanges no more in that deal.",
            threshold=_points(p.high_score_threshold),
        ))
    return (
        _("Two to six players. Scores start at 0 and carry from deal to deal. Every deal is "
          "draw poker followed by five tricks."),
        _("The first dealer is drawn from the game's seed. After each deal the deal passes to "
          "the next player on the left who is still in the game."),
        dealt,
        _deal_order(p),
    )


def _recycling(p: RuleProfile) -> str:
    if p.open_offer:
        return _(
            "When the stock runs out, the discards of earlier exchanges and of the players who "
            "have finished this exchange are shuffled into a new stock. The discards of the "
            "player now exchanging, and an open card they have just declined, cannot come back "
            "to them in that exchange."
        )
    return _("When the stock runs out, the discards of earlier exchanges and of the players "
             "who have finished this exchange are shuffled into a new stock. The discards of "
             "the player now exchanging cannot come back to them in that exchange.")


def _part_two(p: RuleProfile) -> tuple[str, ...]:
    exchange = ngettext(
        "There is {n} exchange. In it, every player in turn from the dealer's left "
        "keeps all five cards or discards 1 to {most} and draws as many from the stock.",
        "There are {n} exchanges. In each, every player in turn from the dealer's left "
        "keeps all five cards or discards 1 to {most} and draws as many from the stock.",
        p.exchanges,
        most=p.max_discard,
    )
    if p.open_offer:
        offer = _(
            "Open offer: a player who discards exactly one card is shown the top card of the "
            "stock face up, for everyone to see. They keep it, or decline it and take the next "
            "card unseen. A declined card goes to the discards and cannot come back to that "
            "player in the same exchange."
        )
        private = _("Your discards are private. The others learn how many cards you exchange, "
                    "whether you keep or decline an open card, and the open card itself: it "
                    "was shown to everyone.")
    else:
        offer = _("There is no open offer: a one-card exchange is drawn unseen like any other.")
        private = _("The others learn how many cards you exchange, not which.")
    if p.high_score is HighScoreRule.SIX_CARDS:
        high = _("Once a player has reached {threshold}, they get a six-card hand instead of "
                 "exchanges in every later deal (R1.3).",
                 threshold=_points(p.high_score_threshold))
    else:
        high = _high_score(p)
    return (exchange, offer, _recycling(p), high, private)


def _ties(p: RuleProfile) -> str:
    if p.ties is TieRule.ALL_SCORE:
        return _("An exact tie (the same category and the same ranks throughout): every tied "
                 "player scores in full.")
    if _chosen(p, "ties"):
        return _("An exact tie (the same category and the same ranks throughout): by this "
                 "table's own choice (the rules this profile comes from do not say), the first "
                 "to announce the hand keeps it, so the tied player first from the dealer's "
                 "left scores.")
    return _("An exact tie (the same category and the same ranks throughout): the tied player "
             "first from the dealer's left scores.")


def _part_three(p: RuleProfile) -> tuple[str, ...]:
    return (
        _("The categories, from low to high: high card, one pair, two pair, three of a kind, "
          "straight, flush, full house, four of a kind, straight flush; the ace-high straight "
          "flush is the royal flush. Aces are high, and also low in A-2-3-4-5, the lowest "
          "straight and the lowest straight flush; a straight does not go round the corner."),
        _("Within a category every card counts, in the usual poker order: the pairs or sets "
          "first, the higher first, then the other cards from the highest down. Suits never "
          "break a tie, except in R3.4."),
        _ties(p),
        _suit_order(p),
    )


def _stages(p: RuleProfile) -> str:
    scored = [_(_ORDINALS[k - 1]) for k in p.scored_exchanges]
    if not scored:
        return _("No hand scores between the exchanges.")
    return _join(
        ngettext(
            "After the {which} exchange the best hand scores at once.",
            "After the {which} exchanges the best hand scores at once.",
            len(scored),
            which=_and(scored),
        ),
        _("Only the best hand among the players still in the game scores."),
        _("No cards are shown: only who scores and the category of the hand are announced."),
    )


def _quads(p: RuleProfile) -> str:
    if p.quads is QuadsRule.CHOICE:
        return _join(
            _("Four of a kind gives its holder a choice: {points}, or resetting every other "
              "player still in the game to 0 and ending the deal at once, with no further "
              "exchanges, tricks or awards.", points=_points(p.quads_points)),
            _("Eliminated players keep their scores.") if p.qualification_required else "",
            _("Taking the points locks that four of a kind (the same holder, the same rank) to "
              "points for the rest of the deal: if it is the best hand again, it scores "
              "{points} without a choice. A different four of a kind gives a new choice.",
              points=_points(p.quads_points)),
        )
    return _("Four of a kind: {award}.", award=_quads_row(p))


def _deferred(p: RuleProfile) -> str:
    if not p.final_hand_scores:
        return _("The hands held after the last exchange do not score.")
    later = _("The hands held after the last exchange score only after the tricks (R6.3).")
    if p.final_hand_after_chicago:
        if _chosen(p, "final_hand_after_chicago"):
            call = _("A Chicago call does not cancel it: by this table's own choice (the rules "
                     "this profile comes from do not say) the best final hand still scores "
                     "after the call has been settled.")
        else:
            call = _("A Chicago call does not cancel it: the best final hand still scores "
                     "after the call has been settled.")
        return _join(later, call)
    parts = [later, _("A Chicago call in the deal cancels this award, whatever the call's "
                      "result.")]
    if p.quads is QuadsRule.CHOICE:
        parts.append(_("It cancels a four-of-a-kind choice too."))
    if p.straight_flush is StraightFlushRule.WIN or p.royal_flush is RoyalFlushRule.WIN:
        parts.append(_("It cancels a straight flush's win too."))
    return _join(*parts)


def _part_four(p: RuleProfile) -> tuple[str, ...]:
    awards = p.hand_awards
    return (
        _stages(p),
        _("One pair scores {pair}, two pair {two_pair}, three of a kind {trips}, a straight "
          "{straight}, a flush {flush}, a full house {full_house}. High card scores nothing: "
          "when nobody holds a pair, nobody scores.",
          pair=awards[0], two_pair=awards[1], trips=awards[2], straight=awards[3],
          flush=awards[4], full_house=awards[5]),
        _quads(p),
        _join(_("Straight flush: {award}.", award=_straight_flush_row(p)),
              _("Royal flush: {award}.", award=_royal_row(p))),
        _deferred(p),
    )


def _part_five(p: RuleProfile) -> tuple[str, ...]:
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
        when = _join(
            _("After the last exchange, those who may call are asked in turn from the "
              "dealer's left; the first to say yes is the only caller, and no one after "
              "them is asked."),
            _("A call by a player who may not call is refused. When no one may call, play "
              "goes straight to the tricks."),
        )
    else:
        when = _("The call is made during the first trick, just before the player plays their "
                 "own first card; the first to call is the only caller. The cards already "
                 "played to that trick go back to their hands, and the trick starts again.")
    if p.chicago_caller_leads:
        lead = _("The caller leads the first trick.")
    else:
        lead = _("The caller does not lead: the usual leader leads the first trick.")
    return (_join(who, when), _join(_("The caller must win all five tricks."), lead))


def _last_trick(p: RuleProfile) -> str:
    if p.last_trick_two_points != p.last_trick_points:
        last = _("Without a call, the last trick pays {points} to its winner, or {two} when "
                 "the winning card is a two.", points=_points(p.last_trick_points),
                 two=_points(p.last_trick_two_points))
    else:
        last = _("Without a call, the last trick pays {points} to its winner.",
                 points=_points(p.last_trick_points))
    if p.final_hand_scores:
        last = _join(last, _("Then the best hand among those held after the last exchange "
                             "scores (part IV)."))
    if p.win is WinRule.DEAL_END_HIGHEST:
        return _join(last, _("The game is checked for a winner only when the deal ends."))
    if p.final_hand_scores:
        return _join(last, _("The game is checked for a winner after each of these awards."))
    return _join(last, _("The game is checked for a winner right after it."))


def _part_six(p: RuleProfile) -> tuple[str, ...]:
    if p.broken_chicago_bonus:
        free = _("Tricks one to four pay nothing, except when a Chicago is broken in them "
                 "(R7.2).")
    else:
        free = _("Tricks one to four pay nothing.")
    if p.quads is QuadsRule.CHOICE and p.final_hand_scores:
        choice = _("A four-of-a-kind choice is made after the last-trick points; choosing the "
                   "reset ends the deal.")
    else:
        choice = _("Not used by these rules: four of a kind after the tricks is not a choice.")
    return (
        _("Without a call, the first player on the dealer's left leads. Follow suit if you "
          "can; otherwise play any card. The highest card of the suit led wins; there are "
          "no trumps. The winner leads the next trick."),
        free,
        _last_trick(p),
        choice,
    )


def _part_seven(p: RuleProfile) -> tuple[str, ...]:
    if p.qualification_required and p.win is WinRule.AT_TARGET:
        qualifies = _("A call qualifies its caller to win the game (R8.1) from the moment it "
                      "is made to the end of the game, through later deals and score resets. "
                      "A new game starts with no one qualified.")
    else:
        qualifies = _("Not used by these rules: no call is needed to win the game.")
    return (
        _success(p),
        _broken(p),
        _("A call counts once it is accepted (part V), whatever comes of it."),
        qualifies,
    )


def _win(p: RuleProfile) -> str:
    target = _points(p.target)
    if p.win is WinRule.AT_TARGET and p.qualification_required:
        return _("A player who has called Chicago in this game and has {target} or more wins "
                 "at once.", target=target)
    if p.win is WinRule.AT_TARGET:
        return _("The first player to reach {target} wins at once. The game is checked after "
                 "every award that adds points, in the order the awards are made in the deal.",
                 target=target)
    if p.win is WinRule.DEAL_END_HIGHEST:
        return _("The game is checked only when a deal ends: if anyone then has {target} or "
                 "more, the highest score wins. If the highest scores are tied, play goes on "
                 "with the next deal.", target=target)
    return _("Reaching {target} is not enough on its own: a player who starts a deal with "
             "{target} or more wins with their first award in that deal that adds points, even "
             "if their score has fallen in the meantime.", target=target)


def _part_eight(p: RuleProfile) -> tuple[str, ...]:
    if p.straight_flush is StraightFlushRule.WIN or p.royal_flush is RoyalFlushRule.WIN:
        sf = _("A straight flush that wins the game ends it at once (R4.4).")
    else:
        sf = _("Not used by these rules: a straight flush scores points and does not end the "
               "game (R4.4).")
    if p.qualification_required and p.win is WinRule.AT_TARGET:
        out = _("A player without a call who reaches {target} is eliminated at once. They "
                "keep their score, their cards leave the deal, they are not dealt in again and "
                "resets no longer touch them; the others play on.",
                target=_points(p.target))
        last = _("When only one player is left in the game, that player wins.")
    else:
        out = _("Not used by these rules: no one is eliminated.")
        last = _("Not used by these rules: everyone stays in the game to the end.")
    if p.score_floor is None:
        floor = _("Scores can go below zero.")
    else:
        floor = _("Scores never fall below {floor}.", floor=p.score_floor)
    if p.win is WinRule.DEAL_END_HIGHEST:
        order = _("Awards are made in the order of R1.4 and R6.3; the game is checked for a "
                  "winner only when the deal ends.")
    else:
        order = _("Awards are made in the order of R1.4 and R6.3. After each award that adds "
                  "points the game is checked at once (R8.1, R8.3), before anything else "
                  "happens.")
    return (_win(p), sf, out, last, floor, order)


def _part_nine(p: RuleProfile) -> tuple[str, ...]:
    return (
        _("A player sees their own cards, every card played to a trick, every open card, the "
          "scores, who has called and who is out, how many cards each player exchanged, each "
          "announcement (who scores, with which category) and whose turn it is. Nothing else: "
          "not the other hands, not the stock, not the discards, not the seed."),
        _("The computer players decide from their own seat's view only (R9.1), never from "
          "anything hidden."),
    )


def _titles() -> tuple[str, ...]:
    return (
        _("The game and the deal"),
        _("Exchanges"),
        _("Hands and how they compare"),
        _("Scoring the hands"),
        _("Calling Chicago"),
        _("Tricks"),
        _("How a Chicago ends"),
        _("The end of the game"),
        _("What each player may know"),
    )


def numbered_rules(profile: RuleProfile) -> tuple[Part, ...]:
    """Every numbered rule worded for the profile, part by part, in the current language."""
    texts = (
        _part_one(profile), _part_two(profile), _part_three(profile), _part_four(profile),
        _part_five(profile), _part_six(profile), _part_seven(profile), _part_eight(profile),
        _part_nine(profile),
    )
    parts = []
    for (numeral, numbers), title, words in zip(NUMBERS, _titles(), texts, strict=True):
        rules = tuple(Rule(n, t) for n, t in zip(numbers, words, strict=True))
        parts.append(Part(numeral, title, rules))
    return tuple(parts)


def _reading() -> str:
    return _("Cards are written rank then suit: Ah is the ace of hearts, Td the ten of "
             "diamonds (ranks 2–9, T, J, Q, K, A; suits c, d, h, s). Seats are numbered from 0 "
             "clockwise, and seat 0 is you. \"From the dealer's left\" means clockwise from "
             "the seat after the dealer, passing over players who are out of the game. The "
             "code and its tests cite these numbers (R6.1).")


def _rule_line(rule: Rule) -> str:
    return f"- **{rule.number}** {rule.text}"


def numbered_markdown(profile: RuleProfile) -> str:
    """The numbered rules as Markdown (what `chicago rules --numbered` prints)."""
    title = _("Numbered rules: {title}", title=profile_title(profile, code=True))
    lines = [f"# {title}", "", profile_line(profile), "", _reading()]
    for part in numbered_rules(profile):
        heading = _("Part {numeral}: {title}", numeral=part.numeral, title=part.title)
        lines += ["", f"## {heading}", ""]
        lines += [_rule_line(rule) for rule in part.rules]
    return "\n".join(lines) + "\n"


def preset_differences(preset: RuleProfile) -> tuple[Rule, ...]:
    """The rules a preset words otherwise than the house rules, in order."""
    house = {r.number: r.text for part in numbered_rules(HOUSE) for r in part.rules}
    return tuple(r for part in numbered_rules(preset) for r in part.rules
                 if r.text != house[r.number])


def reference_markdown() -> str:
    """docs/rules.md, in English: the house rules numbered, then each other preset's
    differences."""
    with use_language("en"):
        return _reference()


def _reference() -> str:
    lines = [
        "<!-- Written by scripts/docs from src/chicago/text/rules_numbered.py: edit the code "
        "and run it again. -->",
        "",
        numbered_markdown(HOUSE).rstrip("\n"),
        "",
        "## X. The other presets",
        "",
        "Each preset below is played as above except for the rules listed, which read as "
        "follows; the code cites this part as §X. `chicago rules --numbered --profile NAME` "
        "prints a preset whole, and `--set KNOB=VALUE` any change of it (`chicago rules "
        "--knobs` lists the knobs and their values).",
    ]
    for preset in PRESETS.values():
        if preset.id == HOUSE.id:
            continue
        lines += ["", f"### `{preset.id}`: {_(preset.title)}", ""]
        lines += [_rule_line(rule) for rule in preset_differences(preset)]
    return "\n".join(lines) + "\n"
