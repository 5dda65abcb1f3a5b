"""What the lobby says of the people at an open table: a rating, or that there is none."""

from __future__ import annotations

from chicago.text.i18n import _


def rating_words(rating: tuple[float, float] | None) -> str:
    """A seated person's rating as a whole number (as players write it, without grouping),
    or "unrated" for a guest or someone who has not finished a rated game yet."""
    if rating is None:
        return _("unrated")
    return str(round(rating[0]))
