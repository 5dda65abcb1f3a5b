"""The narration of a finished game for its owner: every seat's cards, told openly.

Once a game is over its owner may see everything (R9.1 protects a deal in play, not a
finished game's record), so the replay viewer narrates the omniscient events
(`event_to_json(e, None)`): the others' dealt cards, what they discarded and drew, and the
stock's recycling. Everything else is told as the per-seat `Narrator` tells it, in the same
voice; seat 0 stays "you", and the others are named as at the table when the narrator has
their names.
"""

from __future__ import annotations

from chicago.text.i18n import N_, _
from chicago.text.narration import Data, Narrator


class OpenNarrator(Narrator):
    """The per-seat narrator (seat `me` is "you") that also tells what the others hid."""

    def lines(self, e: Data) -> list[str]:
        kind = e["type"]
        seat = e.get("seat")
        if isinstance(seat, int) and seat != self.me:
            if kind == "cards_dealt":
                return [self.say(seat, "", N_("Seat {seat} is dealt {cards}."),
                                 cards=self._list(e["cards"]))]
            if kind == "cards_exchanged" and int(str(e["count"])) > 0 and "discarded" in e:
                return [self.say(seat, "",
                                 N_("Seat {seat} discards {discarded} and draws {drawn}."),
                                 discarded=self._list(e["discarded"]),
                                 drawn=self._list(e.get("drawn", [])) or "—")]
        if kind == "stock_recycled":
            return [_("The completed discards are shuffled into a new stock of {n} cards (R2.3).",
                      n=e["cards"])]
        return super().lines(e)

