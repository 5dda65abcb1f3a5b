"""The scorekeeper applies each profile's special rules (docs/rules.md R2–R8 and §X), and undo and
correction recompute everything."""

from __future__ import annotations

import pytest

from chicago.core.events import ExchangeSkipped, GameWon, PlayerEliminated, ScoreReset
from chicago.core.keep import Entry, EntryError, Pad, PadSetup, add, correct, start, undo
from chicago.core.keepfile import FORMAT, pad_from_file, pad_to_file
from chicago.core.rules import BASIC, CLASSIC, COMMON, HOUSE, RuleProfile, customize

NAMES = ("Anna", "Bo", "Cia", "Dan")


def new(profile: RuleProfile = HOUSE, n: int = 3, dealer: int = 0) -> Pad:
    return start(PadSetup(NAMES[:n], dealer, profile))


def stage(p: Pad, seats: tuple[int, ...], category: str, rank: int | None = None) -> Pad:
    assert p.ask.kind == "stage", p.ask
    return add(p, Entry("stage", p.ask.deal, p.ask.number, seats, category, rank))


def answer(p: Pad, kind: str, **fields: object) -> Pad:
    assert p.ask.kind == kind, p.ask
    return add(p, Entry(kind, p.ask.deal, p.ask.number, **fields))  # type: ignore[arg-type]


def finish_deal(p: Pad, last: int, two: bool = False, caller: int | None = None) -> Pad:
    """Answer the rest of a deal: no pair, nobody exchanges, the call, the last trick."""
    deal = p.ask.deal
    while p.ask.deal == deal and p.ask.kind != "over":
        kind = p.ask.kind
        if kind == "stage":
            p = stage(p, (), "none")
        elif kind == "exchange":
            p = answer(p, "exchange", seats=())
        elif kind == "chicago":
            p = answer(p, "chicago", seat=caller)
        elif kind == "tricks":
            p = answer(p, "tricks", seat=last, two=two)
        else:
            raise AssertionError(kind)
    return p


def story(p: Pad) -> list[object]:
    return [e for line in p.lines for e in line.events]


def test_exact_tie_goes_first_from_dealers_left() -> None:
    """R3.3: an exact tie goes to the first tied player clockwise from the dealer's left."""
    p = stage(new(dealer=0), (2, 1), "two_pair")
    assert p.state.scores == (0, 2, 0)
    p = stage(new(dealer=1), (0, 1), "two_pair")
    assert p.state.scores == (2, 0, 0)


def test_every_tied_player_scores_in_common() -> None:
    """§X common: every tied player scores in full."""
    p = stage(new(COMMON), (0, 2), "flush")
    assert p.state.scores == (5, 0, 5)


def test_straight_flushes_never_tie() -> None:
    """R3.4: suits decide between straight flushes, so only one winner is named."""
    with pytest.raises(EntryError):
        stage(new(), (0, 1), "straight_flush")


def test_quads_choice_locks_that_four_of_a_kind() -> None:
    """R4.3: points lock the same four of a kind; a different one brings a new choice."""
    p = stage(new(), (1,), "four_of_a_kind", 9)
    assert p.ask.kind == "quads" and p.ask.seats == (1,)
    p = answer(p, "quads", choice="points")
    assert p.state.scores == (0, 8, 0)
    locked = stage(p, (1,), "four_of_a_kind", 9)
    assert locked.state.scores == (0, 16, 0) and locked.ask.kind != "quads"
    other = stage(p, (1,), "four_of_a_kind", 12)
    assert other.ask.kind == "quads"


def test_quads_reset_ends_the_deal() -> None:
    """R4.3: reset every other active player to 0 and end the deal at once."""
    p = stage(new(), (0,), "full_house")
    p = stage(p, (1,), "four_of_a_kind", 5)
    p = answer(p, "quads", choice="reset")
    assert p.state.scores == (0, 0, 0)
    assert p.ask.deal == 2 and p.state.dealer == 1  # R1.2: the deal passes on


def test_quads_rank_is_asked_only_where_it_matters() -> None:
    with pytest.raises(EntryError):
        stage(new(), (1,), "four_of_a_kind")  # R4.3 choice: the rank decides the lock
    p = stage(new(CLASSIC), (1,), "four_of_a_kind")  # §X classic: 7 points
    assert p.state.scores == (0, 7, 0)


def test_straight_flush_wins_and_royal_resets() -> None:
    """R4.4: a straight flush wins at once, qualified or not; a royal also resets others."""
    p = stage(new(), (0,), "full_house")
    p = stage(p, (2,), "straight_flush")
    assert p.finished and p.state.winner == 2 and p.state.scores == (6, 0, 52)
    p = stage(new(), (0,), "full_house")
    p = stage(p, (2,), "royal_flush")
    assert p.state.scores == (0, 0, 52)
    assert p.ask.kind == "over"
    with pytest.raises(EntryError):
        add(p, Entry("stage", 1, 2, (1,), "one_pair"))


def test_points_for_straight_flush_elsewhere() -> None:
    """§X: 8 in classic, 9 in common."""
    assert stage(new(CLASSIC), (1,), "royal_flush").state.scores == (0, 8, 0)
    assert stage(new(COMMON), (1,), "straight_flush").state.scores == (0, 9, 0)


def _to(p: Pad, seat: int, points: int) -> Pad:
    """Give `seat` points by full houses (6) and last tricks, deal by deal."""
    while p.state.scores[seat] < points:
        if p.ask.kind == "stage" and p.state.scores[seat] + 6 <= points:
            p = stage(p, (seat,), "full_house")
        else:
            p = finish_deal(p, last=seat)
    return p


def test_reset_on_exchange_at_45() -> None:
    """R2.4: 45+ and exchanging resets to 0; keeping all five does not; R7.4 survives."""
    p = new()
    p = stage(p, (0,), "full_house")
    p = stage(p, (0,), "full_house")
    p = answer(p, "chicago", seat=None) if p.ask.kind == "chicago" else p
    p = finish_deal(p, last=0)
    p = _to(p, 0, 45)
    assert p.state.scores[0] >= 45
    while p.ask.kind != "exchange":
        p = finish_deal(p, last=1) if p.ask.kind != "stage" else stage(p, (), "none")
    assert p.ask.seats == (0,)
    kept = answer(p, "exchange", seats=())
    assert kept.state.scores[0] == p.state.scores[0]
    reset = answer(p, "exchange", seats=(0,))
    assert reset.state.scores[0] == 0
    assert ScoreReset(0, p.state.scores[0], "high_score") in reset.lines[-1].events
    with pytest.raises(EntryError):
        answer(p, "exchange", seats=(1,))  # only players at 45+ are asked


def test_kopstopp_shows_who_may_not_exchange() -> None:
    """§X classic: once a player has reached 46, they may not exchange in later deals."""
    p = _to(new(CLASSIC), 1, 46)
    p = finish_deal(p, last=2)
    assert ExchangeSkipped(1, 1, "kopstopp") in p.deal_events()


def test_six_cards_at_42() -> None:
    """§X basic: once at 42, dealt six, discard one before the first scoring, no more."""
    p = _to(new(BASIC), 1, 42)
    p = finish_deal(p, last=2)
    assert 1 in p.state.restricted
    p = stage(p, (), "none")
    assert ExchangeSkipped(1, 2, "six_cards") in p.deal_events()


def test_chicago_minimum_and_success() -> None:
    """R5.1: under 15 no one is asked; R7.1: +15, no last-trick or final-hand award."""
    p = new()
    p = stage(p, (0,), "full_house")
    p = stage(p, (0,), "full_house")
    assert p.ask.kind == "tricks"  # 12 points: nobody may call, so nobody is asked (R5.1)
    p = finish_deal(p, last=0)
    p = stage(p, (0,), "three_of_a_kind")
    assert p.state.scores[0] == 20
    p = stage(p, (), "none")
    assert p.ask.kind == "chicago" and p.ask.seats == (0,)
    with pytest.raises(EntryError):
        answer(p, "chicago", seat=1)  # 0 points: may not call (R5.1)
    p = answer(p, "chicago", seat=0)
    assert p.state.qualified == (True, False, False)
    assert p.ask.kind == "tricks" and p.ask.caller == 0
    p = answer(p, "tricks", seat=0, two=False)
    assert p.state.scores[0] == 35 and p.ask.kind == "stage" and p.ask.deal == 3


def test_broken_chicago_and_the_floor() -> None:
    """R7.2: the caller loses 15 (R8.5: not below 0), the breaker gains 10; the deal ends."""
    p = _to(new(), 0, 16)
    while p.ask.kind != "chicago":
        p = stage(p, (), "none")
    p = answer(p, "chicago", seat=0)
    before, deal = p.state.scores, p.ask.deal
    with pytest.raises(EntryError):
        answer(p, "tricks", seat=2, two=True)
    p = answer(p, "tricks", seat=2, two=False)
    assert p.state.scores[0] == max(0, before[0] - 15)
    assert p.state.scores[2] == before[2] + 10
    assert p.ask.kind == "stage" and p.ask.deal == deal + 1


def test_basic_scores_the_final_hand_after_a_chicago() -> None:
    """§X basic (chosen): the best final hand still scores after a successful Chicago."""
    p = new(BASIC)
    p = stage(p, (), "none")
    p = answer(p, "chicago", seat=1)  # basic: no minimum (§X)
    p = answer(p, "tricks", seat=1, two=False)
    assert p.ask.kind == "stage" and p.ask.number == 2
    p = stage(p, (1,), "flush")
    assert p.state.scores == (0, 20, 0)


def test_elimination_and_last_player_standing() -> None:
    """R8.3: unqualified at 52 is out; R8.4: the last active player wins at once."""
    p = _to(new(n=3), 1, 52)
    assert p.state.eliminated == (False, True, False)
    assert any(isinstance(e, PlayerEliminated) for e in story(p))
    while p.ask.kind != "stage":
        p = finish_deal(p, last=0)
    with pytest.raises(EntryError):
        stage(p, (1,), "one_pair")  # out: no hand of theirs counts (R8.3)
    with pytest.raises(EntryError):
        stage(p, (0, 1), "one_pair")
    assert p.ask.seats == () and 1 not in p.state.active()
    p = _to(p, 2, 52)
    assert p.finished and p.state.winner == 0
    assert GameWon(0, "last_standing") in story(p)


def test_common_checks_the_target_at_deal_end_and_a_tie_plays_on() -> None:
    """§X common: the highest score at or above the target wins when the deal ends; equal
    leaders play on; every exact tie scores in full."""
    p = new(COMMON, n=2, dealer=1)
    for last in (0, 1):  # two deals of flushes tied all round (R3.3: one deck holds two
        p = stage(p, (0, 1), "flush")  # flushes of the same ranks): 15 each, a last trick
        p = stage(p, (0, 1), "flush")
        p = answer(p, "chicago", seat=None)
        p = answer(p, "tricks", seat=last, two=False)
        p = stage(p, (0, 1), "flush")
    assert p.state.scores == (35, 35)
    p = stage(p, (0, 1), "flush")
    p = stage(p, (0, 1), "flush")
    p = answer(p, "chicago", seat=None)
    p = answer(p, "tricks", seat=0, two=False)
    p = stage(p, (1,), "flush")
    assert p.state.scores == (50, 50)
    p = stage(p, (0, 1), "flush")
    assert p.state.scores == (55, 55) and not p.finished  # not checked until the deal ends
    p = stage(p, (), "none")
    p = answer(p, "chicago", seat=None)
    p = answer(p, "tricks", seat=0, two=False)
    p = stage(p, (1,), "flush")
    assert p.state.scores == (60, 60) and not p.finished  # equal leaders: play on
    p = stage(p, (), "none")
    p = stage(p, (), "none")
    p = answer(p, "chicago", seat=None)
    p = answer(p, "tricks", seat=1, two=True)  # §X common: 5, with a two or not
    p = stage(p, (), "none")
    assert p.finished and p.state.winner == 1 and p.state.scores == (60, 65)


def test_undo_and_correction_recompute_everything() -> None:
    p = new()
    p = stage(p, (0,), "one_pair")
    p = stage(p, (1,), "flush")
    p = finish_deal(p, last=2, two=True)
    p = stage(p, (2,), "straight")
    assert p.state.scores == (1, 5, 14)
    back = undo(p)
    assert back.state.scores == (1, 5, 10)
    assert (back.ask.kind, back.ask.deal, back.ask.number) == ("stage", 2, 1)
    assert undo(undo(p)).entries == p.entries[:-2]
    fixed = correct(p, 0, Entry("stage", 1, 1, (2,), "full_house"))
    assert fixed.error is None and fixed.pad.state.scores == (0, 5, 20)
    assert fixed.pad.entries[1:] == p.entries[1:]
    with pytest.raises(EntryError):
        correct(p, 0, Entry("stage", 1, 1, (2, 0), "royal_flush"))


def test_a_correction_that_wins_the_game_drops_later_entries_with_a_reason() -> None:
    p = new()
    p = stage(p, (0,), "one_pair")
    p = finish_deal(p, last=1)
    p = stage(p, (2,), "straight")
    result = correct(p, 0, Entry("stage", 1, 1, (1,), "straight_flush"))
    assert result.pad.finished and result.pad.state.winner == 1
    assert result.dropped == p.entries[1:] and result.error is not None


def test_scorepad_file_round_trip_and_errors() -> None:
    p = stage(new(customize("classic", target=51)), (0,), "one_pair")
    data = pad_to_file(p)
    assert data["format"] == FORMAT
    again = pad_from_file(data)
    assert again.entries == p.entries and again.state.scores == p.state.scores
    for bad in (
        [],
        {**data, "format": "chicago-game/1"},
        {**data, "players": ["Anna"]},
        {**data, "entries": [{"kind": "stage", "deal": 1}]},
        {**data, "entries": [{"kind": "quads", "deal": 1, "choice": "points"}]},
        {**data, "surprise": 1},
    ):
        with pytest.raises(EntryError) as caught:
            pad_from_file(bad)
        assert str(caught.value).endswith(".") and "\n" not in str(caught.value)


def test_no_floor_in_basic() -> None:
    """§X basic: no score floor (R8.5 does not apply), no Chicago minimum, no breaker bonus."""
    p = stage(new(BASIC), (), "none")
    p = answer(p, "chicago", seat=0)
    p = answer(p, "tricks", seat=2, two=False)
    assert p.state.scores == (-15, 0, 0) and p.state.qualified[0]


def test_custom_chicago_with_a_two_and_auto_chicago() -> None:
    """§X custom options: 30 for a Chicago whose last trick is won with a two; a final
    straight flush counted as a successful Chicago."""
    two = customize("chicago-gamewide-0.2", chicago_two_points=30, chicago_minimum=0)
    p = stage(stage(new(two), (), "none"), (), "none")
    p = answer(p, "chicago", seat=1)
    assert answer(p, "tricks", seat=1, two=True).state.scores == (0, 30, 0)
    assert answer(p, "tricks", seat=1, two=False).state.scores == (0, 15, 0)
    auto = customize("classic", straight_flush="auto_chicago")
    p = stage(new(auto), (2,), "straight_flush")
    assert p.state.scores == (0, 0, 8)  # earlier it scores its points
    p = stage(p, (), "none")
    p = answer(p, "chicago", seat=None) if p.ask.kind == "chicago" else p
    p = answer(p, "tricks", seat=0, two=False)
    p = stage(p, (2,), "straight_flush")
    assert p.state.scores == (5, 0, 23)  # the final one counts as a Chicago: +15


def test_qualification_survives_the_45_reset() -> None:
    """R2.4/R7.4: a recorded Chicago qualification survives the high-score reset."""
    p = _to(new(), 0, 16)
    while p.ask.kind != "chicago":
        p = stage(p, (), "none")
    p = answer(p, "chicago", seat=0)
    p = answer(p, "tricks", seat=0, two=False)
    p = _to(p, 0, 45)
    while p.ask.kind != "exchange":
        p = stage(p, (), "none") if p.ask.kind == "stage" else finish_deal(p, last=1)
    p = answer(p, "exchange", seats=(0,))
    assert p.state.scores[0] == 0 and p.state.qualified[0]


def test_one_more_award_after_reaching_the_target() -> None:
    """§X custom "must win once more": a player at the target when a deal begins wins with
    their next award."""
    profile = customize("classic", win="one_more_award")
    p = _to(new(profile), 1, 52)
    assert not p.finished
    p = finish_deal(p, last=2)
    p = stage(p, (1,), "one_pair")
    assert p.finished and p.state.winner == 1
