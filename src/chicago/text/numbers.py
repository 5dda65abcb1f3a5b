"""Numbers, percentages and dates as the reader's locale writes them (Babel): "2,0" and
"55 %" in Swedish, "2.0" and "55%" in English, dates as each language spells them.

Every figure a player reads passes through here rather than through `f"{x:.1f}"`, which
writes English whatever the language.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Final

from babel.dates import format_date, format_time
from babel.numbers import format_decimal, format_percent

from chicago.text.i18n import current_language

LOCALES: Final = {"en": "en_GB", "sv": "sv_SE"}
"""The Babel locale of each language (a test language reads as English)."""


def locale() -> str:
    return LOCALES.get(current_language(), "en_GB")


def number(x: float) -> str:
    """A number as short as it goes, in the reader's locale: "2", "2,5" / "2.5"."""
    return str(format_decimal(x, format="#,##0.###", locale=locale()))


def decimal(x: float, digits: int = 1) -> str:
    """A number with a fixed count of decimals: "2,57" / "2.57"."""
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return str(format_decimal(round(x, digits), format=pattern, locale=locale()))


def signed(x: float, digits: int = 1) -> str:
    """A change, always with its sign: "+1,5", "−0,3"."""
    pattern = "+#,##0." + "0" * digits + ";-#,##0." + "0" * digits
    return str(format_decimal(round(x, digits), format=pattern, locale=locale()))


def percent(share: float) -> str:
    """A share (0..1) as a whole percentage: "55 %" / "55%"."""
    return str(format_percent(share, locale=locale()))


def day(value: date | datetime) -> str:
    """A date as the reader's language writes it: "1 Dec 2026" / "1 dec. 2026"."""
    d = value.date() if isinstance(value, datetime) else value
    return str(format_date(d, format="medium", locale=locale()))


def moment(value: datetime) -> str:
    """A date and time of day: "1 Dec 2026 23:41" / "1 dec. 2026 23:41"."""
    return f"{day(value)} {format_time(value, format='short', locale=locale())}"
