"""`chicago replay FILE --step`: step through a game file in the terminal, line by line.

Each step prints what the action did, in the narration of play, and the table after it.
The whole table (every hand and the stock) is shown only for a finished game; for a game
still in play, only what seat 0 knew at that moment (as the web viewer does, R9.1).
Commands, one a line (from the keyboard or a script): Enter or `n` next, `b` back,
`s` start, `e` end, `d N` the start of deal N, `g N` step N, `q` quit; the end of the input
quits too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from chicago.table.history.replay import PLAYER, Replay
from chicago.text.cards import faces
from chicago.text.i18n import _

HELP_KEYS = "Enter/n, b, s, e, d N, g N, q"


def show(replay: Replay, timeline: list[dict[str, Any]], k: int, out: TextIO,
         names: Sequence[str] | None = None) -> None:
    """One step: its header, its story and the table (the seats by `names`, else numbers)."""
    item = timeline[k]
    out.write(_("Step {k} of {n} (deal {deal})", k=k, n=len(replay) - 1,
                deal=item["deal"]) + "\n")
    for line in item["lines"]:
        out.write(f"  {line}\n")
    pos: dict[str, Any] = (
        replay.open_position(k) if replay.finished else replay.seat_position(k)
    )
    for seat, hand in enumerate(pos["hands"]):
        name = (names[seat] if names is not None
                else _("You") if seat == PLAYER else _("Seat {seat}", seat=seat))
        hidden = _("{n} hidden cards", n=pos["hand_sizes"][seat])
        held = hidden if hand is None else faces(hand)
        out.write(f"  {name}: {pos['scores'][seat]} · {held}\n")
    if pos["stock"] is not None:
        out.write("  " + _("Stock (top first)") + f": {faces(pos['stock'])}\n")


def step_through(replay: Replay, inp: TextIO, out: TextIO,
                 names: Sequence[str] | None = None) -> int:
    """Show step 0, then obey commands until `q` or the end of the input; the seats are
    called by `names` (`chicago.text.seat_names.file_names`) when given."""
    last = len(replay) - 1
    starts = {d["deal"]: d["position"] for d in replay.deal_starts()}
    timeline = replay.timeline(replay.finished, PLAYER, names)
    k = 0
    show(replay, timeline, k, out, names)
    while True:
        out.write(_("Step {k}/{n} — {keys}: ", k=k, n=last, keys=HELP_KEYS))
        out.flush()
        line = inp.readline()
        if not line:
            out.write("\n")
            return 0
        words = line.split()
        cmd = words[0].lower() if words else "n"
        arg = words[1] if len(words) > 1 else ""
        target = {"n": k + 1, "b": k - 1, "s": 0, "e": last}.get(cmd)
        if cmd == "q":
            return 0
        if cmd in ("d", "g"):
            if not arg.isdigit():
                out.write(_("Give a number after {cmd}, like: {cmd} 2", cmd=cmd) + "\n")
                continue
            n = int(arg)
            if cmd == "d" and n not in starts:
                out.write(_("There is no deal {n} in this game (deals 1 to {last}).",
                            n=n, last=max(starts)) + "\n")
                continue
            target = starts[n] if cmd == "d" else n
        if target is None:
            out.write(_("Unknown command {cmd}: use {keys}.", cmd=cmd, keys=HELP_KEYS) + "\n")
            continue
        if not 0 <= target <= last:
            out.write(_("There is no step {n} (steps 0 to {last}).", n=target, last=last) + "\n")
            continue
        k = target
        show(replay, timeline, k, out, names)
