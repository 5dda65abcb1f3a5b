"""The statistics in words: the same sections for the web page and `chicago stats`.

Each section is a title and rows of (label, value); values are already formatted for the
current language's reader (rates as percentages, averages to one decimal).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from chicago.table.history.games import profile_title
from chicago.table.statistics.figures import REASONS, Totals
from chicago.text.i18n import N_, _
from chicago.text.level_words import LEVEL_WORDS as BOT_LEVEL_WORDS
from chicago.text.numbers import decimal
from chicago.text.numbers import percent as share

REASON_WORDS: Final = {
    "target": N_("reaching the target"),
    "straight_flush": N_("a straight flush"),
    "royal_flush": N_("a royal flush"),
    "last_standing": N_("being the last player left"),
}
LEVEL_WORDS: Final = {
    **BOT_LEVEL_WORDS, "mixed": N_("mixed levels"), "people": N_("people (a table with people)"),
}
CATEGORY_ORDER: Final = (
    "royal flush", "straight flush", "four of a kind", "full house", "flush", "straight",
    "three of a kind", "two pair", "one pair", "high card",
)
CATEGORY_WORDS: Final = {
    "royal flush": N_("royal flush"), "straight flush": N_("straight flush"),
    "four of a kind": N_("four of a kind"), "full house": N_("full house"), "flush": N_("flush"),
    "straight": N_("straight"), "three of a kind": N_("three of a kind"),
    "two pair": N_("two pair"), "one pair": N_("one pair"), "high card": N_("high card"),
}


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    rows: tuple[tuple[str, str], ...]


def percent(part: int, whole: int) -> str:
    return share(part / whole) if whole else "–"


def _record(games: int, wins: int) -> str:
    return _("{rate} of {games}", rate=percent(wins, games), games=games)


def level_words(level: str) -> str:
    """The opponents' level in words ("mixed levels" where they differ)."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def category_words(category: str) -> str:
    return _(CATEGORY_WORDS[category]) if category in CATEGORY_WORDS else category


def report(t: Totals) -> list[Section]:
    """Every figure of the statistics, in sections."""
    g = t.games
    out = [
        Section(_("Games"), (
            (_("Finished games"), str(g)),
            (_("Won"), str(t.wins)),
            (_("Win rate"), percent(t.wins, g)),
            (_("Deals played"), str(t.deals)),
            (_("Average points per deal"), decimal(t.points_per_deal, 2)),
        )),
        Section(_("Wins by how they came"), tuple(
            (_(REASON_WORDS[r]), str(t.by_reason.get(r, 0))) for r in REASONS
        )),
        Section(_("Win rate by rules"), tuple(
            (profile_title(p), _record(n, w)) for p, (n, w) in sorted(t.by_profile.items())
        )),
        Section(_("Win rate by table size"), tuple(
            (_("{n} players", n=s), _record(n, w)) for s, (n, w) in sorted(t.by_seats.items())
        )),
        Section(_("Win rate by opponents' level"), tuple(
            (level_words(lv), _record(n, w))
            for lv, (n, w) in sorted(t.by_level.items())
        )),
        Section(_("Chicago"), (
            (_("Calls made"), str(t.calls)),
            (_("Calls won"), str(t.calls_won)),
            (_("Calls broken"), str(t.calls_broken)),
            (_("Points won by calls"), str(t.chicago_won_points)),
            (_("Points lost by broken calls"), str(t.chicago_lost_points)),
        )),
        Section(_("Qualification and elimination"), (
            (_("Games ended qualified"), percent(t.qualified, g)),
            (_("Games ended eliminated"), percent(t.eliminated, g)),
            (_("45+ resets"), str(t.resets_45)),
        )),
        Section(_("Best hands made"), (
            (_("Best ever"), category_words(t.best[1]) if t.best else "–"),
            *(
                (category_words(c), str(t.best_hands[c]))
                for c in CATEGORY_ORDER if t.best_hands.get(c)
            ),
        )),
        Section(_("Last tricks"), (
            (_("Last tricks won"), str(t.last_tricks)),
            (_("… with a two"), str(t.last_tricks_two)),
        )),
        Section(_("Points by source"), (
            (_("Hand awards"), str(t.sources.get("hand", 0))),
            (_("Last tricks"), str(t.sources.get("last_trick", 0))),
            (_("Chicago"), str(t.sources.get("chicago", 0))),
        )),
    ]
    return out


def report_text(t: Totals) -> str:
    """The report as plain text (the terminal's `chicago stats`)."""
    lines: list[str] = []
    width = max((len(label) for s in report(t) for label, _v in s.rows), default=10)
    for s in report(t):
        lines.append(s.title)
        lines.extend(f"  {label.ljust(width)}  {value}" for label, value in s.rows)
        lines.append("")
    return "\n".join(lines)
