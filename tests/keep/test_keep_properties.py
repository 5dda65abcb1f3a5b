"""Whatever a table enters, the pad either applies it or refuses it with EntryError (changing
nothing); the rules' invariants hold after every entry (R8.5 floor, R8.3 eliminated at the
target, R8 a winner exactly when the game is over); undo gives back the pad before."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chicago.core.keep import CATEGORIES, Entry, EntryError, Pad, PadSetup, add, start, undo
from chicago.core.rules import PRESETS, WinRule

seat = st.integers(-1, 6)


def entry_for(pad: Pad, draw: st.DrawFn) -> Entry:
    ask = pad.ask
    kind = draw(st.sampled_from([ask.kind] * 6 + ["stage", "tricks", "quads"]))
    deal = draw(st.sampled_from([ask.deal, ask.deal, ask.deal + 1]))
    number = draw(st.sampled_from([ask.number, ask.number, 1, 2, 3]))
    seats = tuple(draw(st.lists(seat, max_size=3)))
    return Entry(
        kind if kind != "over" else "stage", deal, number, seats,
        draw(st.sampled_from([*CATEGORIES, "five_of_a_kind"])),
        draw(st.one_of(st.none(), st.integers(1, 15))),
        draw(st.sampled_from(["points", "reset", "maybe"])),
        draw(st.one_of(st.none(), seat)),
        draw(st.booleans()),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(list(PRESETS)), st.integers(2, 6), st.integers(0, 5))
def test_any_entries(data: st.DataObject, name: str, seats: int, dealer: int) -> None:
    profile = PRESETS[name]
    pad = start(PadSetup(tuple(f"P{i}" for i in range(seats)), dealer % seats, profile))
    for _ in range(40):
        e = entry_for(pad, data.draw)
        before = pad.state.scores
        try:
            new = add(pad, e)
        except EntryError:
            assert pad.state.scores == before
            continue
        s = new.state
        if profile.score_floor is not None:
            assert min(s.scores) >= profile.score_floor
        assert all(s.scores[x] >= profile.target for x in range(seats) if s.eliminated[x])
        assert (s.winner is not None) == s.finished == (new.ask.kind == "over")
        if profile.win is WinRule.AT_TARGET and s.winner is not None:
            assert s.scores[s.winner] >= profile.target or len(s.active()) == 1
        assert undo(new).state.scores == pad.state.scores
        pad = new
        if pad.finished:
            break
