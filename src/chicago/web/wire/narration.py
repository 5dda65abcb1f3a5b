"""The words of a `Table`: `narration` for its events and `log_narration` for its deal's log.

Kept apart from the rest of the table's JSON so that the way a table is told can change in
one place: `narration_json` is all of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from chicago.table.tables.service import Table
from chicago.text.narration import Narrator, tell, trick_cards_before
from chicago.text.told import Told

TOLD: Final = Told()
"""The stories of the deals as last told to each seat of each table."""


def narration_json(table: Table, events: list[dict[str, object]],
                   log: Sequence[Any]) -> dict[str, object]:
    """`narration` (one text per event of `events`) and `log_narration` (one per event of
    the view's `log`, as JSON), in the current language, for the seat whose view it is."""
    v = table.view
    profile = table.profile
    deal_scores = {h.deal: h.scores for h in table.history}
    narrator = Narrator(profile, table.seats, v.seat, list(v.scores), list(v.qualified),
                        list(v.eliminated), trick_cards_before(events, v))
    start = (profile, table.seats, v.seat, v.scores, v.qualified, v.eliminated)

    def teller() -> Narrator:
        return Narrator(profile, table.seats, v.seat, list(v.scores), list(v.qualified),
                        list(v.eliminated))
    return {
        "narration": tell(narrator, events, deal_scores),
        # the deal's story: told on from where this seat's was told last (text.told)
        "log_narration": TOLD.tell((table.id, v.seat), start, teller,
                                   [e for e in log if e is not None], deal_scores),
    }
