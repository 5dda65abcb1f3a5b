"""The rules in words, generated from a profile, so that rules text and engine cannot disagree.

`rules_page(profile)` returns structured sections (a title, paragraphs, an optional table)
that the web and terminal rules screens lay out; `rules_markdown(profile)` renders them as
Markdown for `chicago rules`. Nothing else in the project writes rules text by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chicago.core.rules import (
    ChicagoTiming,
    HighScoreRule,
    QuadsRule,
    RoyalFlushRule,
    RuleProfile,
    StraightFlushRule,
    TieRule,
    WinRule,
)

_ORDINALS = ("first", "second", "third", "fourth")
_HAND_NAMES = ("One pair", "Two pair", "Three of a kind", "Straight", "Flush", "Full house")


@dataclass(frozen=True)
class Section:
    title: str
    paragraphs: tuple[str, ...]
    table: tuple[tuple[str, str], ...] = field(default=())


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _game(p: RuleProfile) -> Section:
    paras = [
        "Two to six players. Scores start at 0 and carry from deal to deal. Every deal is "
        "draw poker followed by five tricks, in which only the last trick pays.",
    ]
    if p.win is WinRule.AT_TARGET and p.qualification_required:
        paras.append(
            f"To win you need {_points(p.target)} and a Chicago call made at any time in this "
            "game (the call need not succeed; it stays recorded through later deals and "
            f"resets). Reaching {p.target} without a call eliminates you: you keep your score "
            "but take no further part. The last player left wins."
        )
    elif p.win is WinRule.AT_TARGET:
        paras.append(
            f"The first player to reach {_points(p.target)} wins at once; awards are made in "
            "the order of the deal, and the game is checked after each one."
        )
    elif p.win is WinRule.DEAL_END_HIGHEST:
        paras.append(
            f"At the end of each deal, if anyone has {_points(p.target)} or more, the highest "
            "score wins. If the highest scores are tied, play goes on."
        )
    else:
        paras.append(
            f"Reaching {_points(p.target)} is not enough on its own: a player who reached it "
            "in an earlier deal wins with their next award."
        )
    if p.score_floor is None:
        paras.append("Scores can go below zero.")
    else:
        paras.append(f"Scores never fall below {p.score_floor}.")
    return Section("The game", tuple(paras))


def _deal(p: RuleProfile) -> Section:
    paras = [
        "The first dealer is drawn at random; after each deal the deal passes to the left. "
        "Every deal starts from a freshly shuffled deck: five cards each, one at a time, "
        "starting at the dealer's left. The rest is the stock.",
    ]
    if p.high_score is HighScoreRule.SIX_CARDS:
        paras.append(
            f"A player who has ever reached {p.high_score_threshold} points is dealt six cards "
            "in every later deal, discards one in the first exchange without drawing, and "
            "exchanges no more."
        )
    return Section("Dealing", tuple(paras))


def _exchanges(p: RuleProfile) -> Section:
    scored = [_ORDINALS[k - 1] for k in p.scored_exchanges]
    paras = [
        f"There are {p.exchanges} exchanges. In each, every player in turn from the dealer's "
        f"left keeps all five cards or discards 1 to {p.max_discard} and draws as many.",
        f"After the {_list(scored)} exchange{'s' if len(scored) > 1 else ''} the best hand "
        "scores at once. The winner and the hand's category are announced; no cards are shown.",
    ]
    if p.open_offer:
        paras.append(
            "Open offer: a player who discards exactly one card is shown the top stock card "
            "face up, and keeps it or declines it and takes the next card unseen."
        )
    paras.append(
        "When the stock runs out, the earlier discards are shuffled into a new stock; your own "
        "discards of this exchange cannot come back to you."
    )
    if p.high_score is HighScoreRule.RESET_ON_EXCHANGE:
        paras.append(
            f"At {p.high_score_threshold} points or more, discarding any card resets your score "
            "to 0 (you are asked to confirm). Keeping all five avoids it."
        )
    elif p.high_score is HighScoreRule.BLOCK:
        paras.append(f"At {p.high_score_threshold} points or more you may not exchange.")
    elif p.high_score is HighScoreRule.KOPSTOPP:
        paras.append(
            f"Köpstopp: once you have reached {p.high_score_threshold} points, you may not "
            "exchange in any later deal, even if your score falls again."
        )
    return Section("Exchanges", tuple(paras))


def _hands(p: RuleProfile) -> Section:
    rows = [(name, _points(n)) for name, n in zip(_HAND_NAMES, p.hand_awards, strict=True)]
    if p.quads is QuadsRule.CHOICE:
        quads = f"{_points(p.quads_points)}, or reset every other player to 0 and end the deal"
    elif p.quads is QuadsRule.POINTS_AND_RESET:
        quads = f"{_points(p.quads_points)} and every other player reset to 0"
    else:
        quads = _points(p.quads_points)
    rows.append(("Four of a kind", quads))
    if p.straight_flush is StraightFlushRule.WIN:
        rows.append(("Straight flush", f"wins the game at once; the score becomes {p.target}"))
    elif p.straight_flush is StraightFlushRule.AUTO_CHICAGO:
        rows.append(
            ("Straight flush", f"{_points(p.straight_flush_points)}; as the final hand it "
             "counts as a successful Chicago")
        )
    else:
        rows.append(("Straight flush", _points(p.straight_flush_points)))
    if p.royal_flush is RoyalFlushRule.RESET_OPPONENTS:
        rows.append(("Royal flush", "as a straight flush, and every other player reset to 0"))
    elif p.royal_flush is RoyalFlushRule.WIN:
        rows.append(("Royal flush", f"wins the game at once; the score becomes {p.target}"))
    paras = [
        "Only the single best hand scores; high card scores nothing. Aces are high, and low "
        "in A-2-3-4-5, the lowest straight. All kickers count; suits never break a tie, except "
        "that between equal straight flushes hearts beat spades, diamonds and clubs.",
    ]
    if p.ties is TieRule.ALL_SCORE:
        paras.append("An exact tie: every tied player scores in full.")
    else:
        paras.append("An exact tie: the tied player first from the dealer's left scores.")
    if p.quads is QuadsRule.CHOICE:
        paras.append(
            "Taking the points for four of a kind locks that four of a kind to points for the "
            "rest of the deal; a different four of a kind gives a new choice."
        )
    return Section("Hands and points", tuple(paras), tuple(rows))


def _chicago(p: RuleProfile) -> Section:
    who = (
        "every player"
        if p.chicago_minimum <= 0
        else f"every player with at least {_points(p.chicago_minimum)}"
    )
    if p.chicago_timing is ChicagoTiming.AFTER_EXCHANGES:
        when = (
            f"After the last exchange, {who} is asked in turn from the dealer's left whether "
            "to call Chicago: a promise to win all five tricks. The first to call is the only "
            "caller."
        )
    else:
        when = (
            f"During the first trick, {who} may call Chicago (a promise to win all five "
            "tricks) before playing their own first card. Cards already played go back to "
            "their hands."
        )
    lead = "The caller leads the first trick." if p.chicago_caller_leads else (
        "The usual leader still leads the first trick."
    )
    success = f"Success: +{p.chicago_points}"
    if p.chicago_two_points is not None:
        success += f" (+{p.chicago_two_points} when the last trick is won with a two)"
    if p.final_hand_after_chicago:
        success += "; no last-trick points, but the best final hand still scores."
    else:
        success += "; no last-trick or final-hand points in that deal."
    broken = (
        f"Broken: as soon as another player wins a trick, the deal ends; the caller loses "
        f"{p.chicago_penalty}"
    )
    if p.broken_chicago_bonus:
        broken += f" and the player who broke it gains {p.broken_chicago_bonus}."
    else:
        broken += " and no one else scores."
    return Section("Chicago", (when, lead, success, broken))


def _tricks(p: RuleProfile) -> Section:
    paras = [
        "Without a call, the player at the dealer's left leads. Follow suit if you can; "
        "otherwise play any card. The highest card of the suit led wins; there are no trumps. "
        "The winner leads the next trick. Tricks one to four pay nothing.",
    ]
    last = f"The last trick pays {_points(p.last_trick_points)}"
    if p.last_trick_two_points != p.last_trick_points:
        last += f", or {p.last_trick_two_points} when won with a two"
    paras.append(last + ".")
    if p.final_hand_scores:
        final = "Then the best hand of the cards held after the last exchange scores, as above"
        if p.quads is QuadsRule.CHOICE:
            final += " (a four-of-a-kind choice is made after the last-trick points)"
        paras.append(final + ".")
    return Section("Tricks", tuple(paras))


def rules_page(profile: RuleProfile) -> tuple[Section, ...]:
    """The whole rules page for a profile, section by section."""
    return (
        _game(profile),
        _deal(profile),
        _exchanges(profile),
        _hands(profile),
        _chicago(profile),
        _tricks(profile),
    )


def rules_markdown(profile: RuleProfile) -> str:
    """The rules page as Markdown (what `chicago rules` prints)."""
    lines = [f"# {profile.title}", "", f"Rule profile `{profile.id}`, version {profile.version}."]
    if profile.base:
        lines[-1] = f"Rule profile `{profile.id}`: the `{profile.base}` preset with changes."
    for section in rules_page(profile):
        lines += ["", f"## {section.title}", ""]
        for para in section.paragraphs:
            lines += [para, ""]
        if section.table:
            lines += ["| hand | award |", "|---|---|"]
            lines += [f"| {name} | {value} |" for name, value in section.table]
            lines.append("")
        while lines and lines[-1] == "":
            lines.pop()
    return "\n".join(lines) + "\n"
