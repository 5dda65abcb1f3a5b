"""The coach's words: a hint's numbers (`bots.Advice`, from the same code as the hard level's
decisions) as sentences a player reads, with the odds, and said to be estimates.

- exchange: the cards to keep and the chances of improving by the last exchange ("Keep the
  pair of kings: two pair or better 31%, three of a kind or better 11% by the third
  exchange"), and of the best hand at the next scoring (R4.1);
- Chicago question: the chance to take all five tricks (R5.2) and what a call is worth in
  this game, qualification included (R7.4, R8);
- card play: why this card (the last trick R6.3, a Chicago R7, points that would put the
  player out R8.3).

Anything without numbers (an offer, four of a kind, a counting rule) keeps the bot's reason.
"""

from __future__ import annotations

from chicago.bots.base import Advice, Suggestion
from chicago.bots.common import card_list, kept_words
from chicago.core.actions import ChicagoCall, Play
from chicago.core.hands import Category

ORDINALS = ("first", "second", "third", "fourth", "fifth")
SHOWN = 0.1
"""The second improvement figure names the best category reached at least this often."""
DECISIVE = 50.0
"""A call worth this much standing either way mostly decides the game (bots.stakes.WIN)."""


def pct(p: float) -> str:
    """A chance as a whole percentage; "under 1%" rather than a misleading 0%."""
    if 0 < p < 0.005:
        return "under 1%"
    return f"{round(100 * p)}%"


CATEGORY_NAMES = (
    "high card", "a pair", "two pair", "three of a kind", "a straight", "a flush",
    "a full house", "four of a kind", "a straight flush",
)


def _or_better(cat: Category) -> str:
    name = CATEGORY_NAMES[cat]
    return name if cat is Category.STRAIGHT_FLUSH else f"{name} or better"


def _imagined(a: Advice) -> str:
    return f"estimates from {a.samples} deals imagined from what you can see"


def exchange_words(a: Advice) -> str:
    kept = a.kept
    if len(kept) == 5:
        lead = f"Keep all five ({kept_words(kept)})"
    elif kept:
        lead = f"Keep {kept_words(kept)} and draw {5 - len(kept)}"
    else:
        lead = "Draw five new cards"
    if a.resets:
        lead += " (your score resets to 0, R2.4)"
    odds = a.at_least
    parts: list[str] = []
    if odds:
        base = max((Category(c) for c in range(len(odds)) if odds[c] >= 0.999),
                   default=Category.HIGH_CARD)
        if base < Category.STRAIGHT_FLUSH:
            first = Category(base + 1)
            parts.append(f"{_or_better(first)} {pct(odds[first])}")
            higher = [Category(c) for c in range(first + 1, len(odds)) if odds[c] >= SHOWN]
            if higher:
                parts.append(f"{_or_better(higher[-1])} {pct(odds[higher[-1]])}")
    when = ORDINALS[a.by_exchange - 1] if 0 < a.by_exchange <= len(ORDINALS) else "last"
    text = lead + "."
    if parts:
        text += f" By the {when} exchange: {', '.join(parts)}."
    text += f" Best hand at the next scoring: {pct(a.best)}. ({_imagined(a).capitalize()}.)"
    return text


def chicago_words(call: bool, a: Advice, score: int) -> str:
    lead = "Call Chicago" if call else "Do not call Chicago"
    text = (f"{lead}: you take all five tricks in about {pct(a.all_five)} of "
            f"{a.samples} deals imagined from what you can see (an estimate).")
    worth = a.call_worth
    if abs(worth) >= DECISIVE:
        value = ("A call very likely decides this game" + (" for you." if worth > 0 else
                 " against you."))
    elif abs(worth) < 0.5:
        value = "In this game a call is worth about as much as passing."
    else:
        more = "more" if worth > 0 else "less"
        points = round(abs(worth))
        value = (f"In this game a call is worth about {points} point{'s' if points != 1 else ''}"
                 f" {more} than passing.")
    if a.urgent:
        value += (f" At {score} points and not qualified, more points only bring you closer to"
                  " being put out (R8.3): even a broken call qualifies you (R7.4).")
    elif a.needs_call:
        value += " That counts the qualification: even a broken call qualifies you (R7.4)."
    else:
        value += " You are qualified already (R7.4)."
    return f"{text} {value}"


def play_words(s: Suggestion, a: Advice) -> str:
    if not isinstance(s.action, Play) or a.why == "rule":
        return s.reason
    card = card_list([s.action.card])
    card = card[0].upper() + card[1:]
    if a.why == "caller":
        return (f"{card}: you keep every trick of your Chicago in about {pct(a.all_five)} of "
                f"the {a.samples} deals imagined from what you can see (an estimate, R7.1).")
    if a.why == "avoid":
        return (f"{card}: the last trick's points would put you out (R8.3); with it you take "
                f"the last trick in only about {pct(a.last_trick)} of {a.samples} imagined "
                "deals (an estimate).")
    return (f"{card}: with it you take the last trick, the only one that pays (R6.2, R6.3), "
            f"in about {pct(a.last_trick)} of {a.samples} deals imagined from what you can "
            "see (an estimate).")


def hint_text(s: Suggestion, score: int = 0) -> str:
    """The hint for a suggestion: the coach's words when it has numbers, else its reason.
    `score` is the player's score (for the Chicago question)."""
    a = s.advice
    if a is None or (a.kind != "play" and a.samples == 0):
        return s.reason
    if a.kind == "exchange":
        return exchange_words(a)
    if a.kind == "chicago":
        return chicago_words(isinstance(s.action, ChicagoCall) and s.action.call, a, score)
    if a.kind == "play":
        return play_words(s, a)
    return s.reason
