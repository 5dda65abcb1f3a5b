"""The words of a `Table`: `narration` for its events and `log_narration` for its deal's log.

Kept apart from the rest of the table's JSON so that the way a table is told can change in
one place: `narration_json` is all of it. Each told event is a list of parts — words, and
`{"card": "Kd"}` for each card — that the page draws as they come (chicago.text.parts): the
server is the one narrator, the page tells no event itself. The seats are named as the page
names them: the reader in the second person, a person by their name at the table, a bot by
its table name (`seat_names`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from chicago.table.tables.service import Table
from chicago.text.narration import Narrator, told, trick_cards_before
from chicago.text.seat_names import seat_names


def narration_json(table: Table, events: list[dict[str, object]], log: Sequence[Any],
                   names: Sequence[str] | None = None, *, with_log: bool = True
                   ) -> dict[str, object]:
    """`narration` (one told event per event of `events`) and `log_narration` (one per
    event of the view's `log`, as JSON; left out without `with_log`), in the current
    language, for the seat whose view it is, naming the seats by `names` (None: a game
    against bots, its bots' names)."""
    v = table.view
    if names is None:
        names = seat_names(table.seats, v.seat)
    profile = table.profile
    deal_scores = {h.deal: h.scores for h in table.history}
    narrator = Narrator(profile, table.seats, v.seat, list(v.scores), list(v.qualified),
                        list(v.eliminated), trick_cards_before(events, v), names=names)
    if not with_log:  # a push that continues its receiver's deal: the log is theirs
        return {"narration": told(narrator, events, deal_scores)}
    # the deal's story, told anew at every version: a story kept per seat and told on
    # saved too little to keep (bench/RESULTS.md, "One narrator")
    teller = Narrator(profile, table.seats, v.seat, list(v.scores), list(v.qualified),
                      list(v.eliminated), names=names)
    return {
        "narration": told(narrator, events, deal_scores),
        "log_narration": told(teller, [e for e in log if e is not None], deal_scores),
    }
