"""The day's deal in words: its board's rule, a result, and the text a player shares.

The share text is what a player posts to friends: the day, how the game went and a line with
one symbol per deal (`MARK_SYMBOLS`), and the link. It is made from the marks of
`chicago.table.daily.marks` and the result's figures only, so it can hold no card.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Final

from chicago.text.i18n import N_, _, ngettext
from chicago.text.numbers import day

MARK_SYMBOLS: Final = {
    "won": "\u2605",  # black star
    "out": "\u2716",  # heavy multiplication x
    "chicago": "\u272a",  # circled white star
    "broken": "\u2717",  # ballot x
    "reset": "\u21ba",  # anticlockwise open circle arrow
    "points": "\u25a0",  # black square
    "none": "\u25a1",  # white square
}
"""One symbol per deal mark, the same in every language: plain text symbols that the common
fonts draw, so a shared result reads the same in any message."""

MARK_WORDS: Final = {
    "won": N_("the game won"),
    "out": N_("eliminated"),
    "chicago": N_("a Chicago made"),
    "broken": N_("your Chicago broken"),
    "reset": N_("your score reset to 0"),
    "points": N_("points scored"),
    "none": N_("no points"),
}
"""The legend of the symbols, for the page beside the share text."""


def rank_rule() -> str:
    """The board's order as the page states it (chicago.table.daily.board.rank_key)."""
    return _("A won game ranks before a lost one. Among the won, fewer deals first, then the "
             "larger lead; among the lost, the smaller gap to the winner first. On a tie, who "
             "finished first.")


def mark_word(mark: str) -> str:
    return _(MARK_WORDS[mark])


def outcome(won: bool, deals: int, margin: int) -> str:
    """"Won in 9 deals, 12 points ahead" / "Lost after 14 deals, 7 points behind"."""
    if won:
        lead = ngettext("{n} point ahead", "{n} points ahead", margin)
        return ngettext("Won in {n} deal, {lead}", "Won in {n} deals, {lead}", deals, lead=lead)
    gap = -margin
    behind = ngettext("{n} point behind", "{n} points behind", gap)
    return ngettext("Lost after {n} deal, {behind}", "Lost after {n} deals, {behind}", deals,
                    behind=behind)


def symbols(marks: Sequence[str]) -> str:
    return "".join(MARK_SYMBOLS[m] for m in marks)


def share_text(when: date, won: bool, deals: int, margin: int, marks: Sequence[str],
               link: str, *, practice: bool = False) -> str:
    """The text a player shares: no card code, no card word, only the figures and symbols."""
    title = _("Chicago: the day's deal, {day}", day=day(when))
    if practice:
        title = _("{title} (practice)", title=title)
    return "\n".join((title, outcome(won, deals, margin), symbols(marks), link))
