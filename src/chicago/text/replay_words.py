"""The narration of a finished game for its owner: every seat's cards, told openly.

Once a game is over its owner may see everything (R9.1 protects a deal in play, not a
finished game's record), so the replay viewer narrates the omniscient events
(`event_to_json(e, None)`): the others' dealt cards, what they discarded and drew, and the
stock's recycling. Everything else is told as the per-seat `Narrator` tells it, in the same
voice; seat 0 stays "you".
"""

from __future__ import annotations

from chicago.text.cards import face, faces
from chicago.text.i18n import _
from chicago.text.narration import Data, Narrator
from chicago.text.numbers import decimal, percent, signed


class OpenNarrator(Narrator):
    """The per-seat narrator (seat `me` is "you") that also tells what the others hid."""

    def lines(self, e: Data) -> list[str]:
        kind = e["type"]
        seat = e.get("seat")
        if isinstance(seat, int) and seat != self.me:
            if kind == "cards_dealt":
                return [_("Seat {seat} is dealt {cards}.", seat=seat,
                          cards=faces(e["cards"]))]
            if kind == "cards_exchanged" and int(str(e["count"])) > 0 and "discarded" in e:
                return [_("Seat {seat} discards {discarded} and draws {drawn}.", seat=seat,
                          discarded=faces(e["discarded"]),
                          drawn=faces(e.get("drawn", [])) or "—")]
        if kind == "stock_recycled":
            return [_("The completed discards are shuffled into a new stock of {n} cards (R2.3).",
                      n=e["cards"])]
        return super().lines(e)


def action_words(action: Data) -> str:
    """A decision in its game-file form, in words, for the coach's marks: "discard K♦ 7♣"."""
    kind = action.get("type")
    if kind == "exchange":
        cards = faces(action.get("discard"))
        if not cards:
            return _("keep all five cards")
        if action.get("confirm_reset"):
            return _("discard {cards} (and accept the reset to 0)", cards=cards)
        return _("discard {cards}", cards=cards)
    if kind == "offer":
        return _("keep the offered card") if action.get("keep") else _("decline the offered card")
    if kind == "quads":
        if action.get("choice") == "points":
            return _("take the points for four of a kind")
        return _("reset the others with four of a kind")
    if kind == "chicago":
        return _("call Chicago") if action.get("call") else _("not call Chicago")
    return _("play {card}", card=face(str(action.get("card"))))


def cost_words(points: float, win: float | None, samples: int) -> str:
    """An estimated cost, always said to be an estimate."""
    if points >= 0.05:
        text = _("about {points} points fewer in this deal", points=decimal(points))
    elif points <= -0.05:
        text = _("no cost in points seen ({points} in this deal)", points=signed(points))
    else:
        text = _("no difference in points seen")
    if win is not None and abs(win) >= 0.005:
        text += _(", {share} less chance to win the game", share=percent(win))
    return text + _(" (an estimate from {n} imagined deals)", n=samples)
