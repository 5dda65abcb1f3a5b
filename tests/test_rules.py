"""Rule profiles (docs/rules.md §X): presets, custom profiles, their game-file form and the rules
page generated from them (`chicago rules`)."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest

from chicago.cli import main
from chicago.core import record
from chicago.core.rules import (
    BASIC,
    CHOICES,
    CLASSIC,
    COMMON,
    DEFAULT_PROFILE,
    HOUSE,
    PRESETS,
    HighScoreRule,
    ProfileError,
    RuleProfile,
    StraightFlushRule,
    WinRule,
    check,
    customize,
    get_profile,
    profile_from_json,
    profile_to_json,
)
from chicago.text.rules_text import rules_markdown, rules_page


def plain(value: object) -> object:
    """A knob value as JSON writes it."""
    if isinstance(value, tuple):
        return list(value)
    return getattr(value, "value", value)


# --- presets ---------------------------------------------------------------------------------


def test_presets_are_the_four_of_rules_md() -> None:
    assert list(PRESETS) == ["chicago-gamewide-0.2", "classic", "basic", "common"]
    assert DEFAULT_PROFILE is HOUSE
    assert [PRESETS[k] for k in PRESETS] == [HOUSE, CLASSIC, BASIC, COMMON]


@pytest.mark.parametrize("preset", list(PRESETS.values()), ids=list(PRESETS))
def test_every_preset_passes_check_and_offers_only_offered_values(preset: RuleProfile) -> None:
    check(preset)
    assert preset.base == ""
    assert get_profile(preset.id) is preset
    assert set(preset.knobs()) == set(CHOICES)
    for knob, value in preset.knobs().items():
        assert value in CHOICES[knob], f"{preset.id}: {knob}={value!r} is not offered"


def test_presets_follow_the_table_of_rules_md_x() -> None:
    """docs/rules.md §X, the profiles table, cell by cell where the presets differ."""
    assert [p.max_discard for p in (HOUSE, CLASSIC, BASIC, COMMON)] == [4, 5, 5, 5]
    assert [p.exchanges for p in (HOUSE, CLASSIC, BASIC, COMMON)] == [3, 3, 2, 3]
    assert [p.open_offer for p in (HOUSE, CLASSIC, BASIC, COMMON)] == [True, False, True, False]
    assert [p.quads_points for p in (CLASSIC, BASIC, COMMON)] == [7, 7, 7]
    assert [p.straight_flush_points for p in (CLASSIC, BASIC, COMMON)] == [8, 8, 9]
    assert HOUSE.straight_flush is StraightFlushRule.WIN
    assert (HOUSE.high_score, HOUSE.high_score_threshold) == (
        HighScoreRule.RESET_ON_EXCHANGE, 45)
    assert (CLASSIC.high_score, CLASSIC.high_score_threshold) == (HighScoreRule.KOPSTOPP, 46)
    assert (BASIC.high_score, BASIC.high_score_threshold) == (HighScoreRule.SIX_CARDS, 42)
    assert COMMON.high_score is HighScoreRule.NONE
    assert [p.score_floor for p in (HOUSE, CLASSIC, BASIC, COMMON)] == [0, 0, None, None]
    assert [p.chicago_minimum for p in (HOUSE, CLASSIC, BASIC, COMMON)] == [15, 15, 0, 0]
    assert [p.chicago_caller_leads for p in (HOUSE, CLASSIC, BASIC, COMMON)] == [
        True, True, False, True]
    assert [p.broken_chicago_bonus for p in (HOUSE, CLASSIC, BASIC, COMMON)] == [10, 0, 0, 0]
    assert [p.final_hand_after_chicago for p in (HOUSE, CLASSIC, BASIC, COMMON)] == [
        False, False, True, False]
    assert [p.last_trick_two_points for p in (HOUSE, CLASSIC, BASIC, COMMON)] == [10, 5, 5, 5]
    assert COMMON.win is WinRule.DEAL_END_HIGHEST
    assert [p.qualification_required for p in (HOUSE, CLASSIC, BASIC, COMMON)] == [
        True, False, False, False]


def test_unknown_preset_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"unknown rule profile 'nope' .*classic"):
        get_profile("nope")


# --- customize ---------------------------------------------------------------------------


def test_customize_names_the_profile_by_its_changes() -> None:
    p = customize("classic", target=51)
    assert p.id == "classic+target=51"
    assert p.base == "classic"
    assert p.target == 51
    assert "target=51" in p.title
    # Several changes, sorted by knob; enum values in their JSON words.
    q = customize(CLASSIC, target=51, quads="points_and_reset", chicago_points=25)
    assert q.id == "classic+chicago_points=25,quads=points_and_reset,target=51"
    assert q.knobs() == {**CLASSIC.knobs(), "target": 51, "chicago_points": 25,
                         "quads": customize("classic", quads="points_and_reset").quads}
    assert customize("common", score_floor=0).id == "common+score_floor=0"
    assert customize("basic", chicago_two_points=30).id == "basic+chicago_two_points=30"


def test_customize_without_a_real_change_is_the_preset() -> None:
    assert customize("classic") is CLASSIC
    assert customize("classic", target=52, max_discard=5) is CLASSIC


def test_customize_a_custom_profile_keeps_its_earlier_changes() -> None:
    p = customize("classic", target=51)
    q = customize(p, chicago_points=25)
    assert q.id == "classic+chicago_points=25,target=51"
    assert (q.target, q.chicago_points, q.base) == (51, 25, "classic")
    assert customize(q, target=52, chicago_points=15) is CLASSIC


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"trumps": True}, "unknown rule knob 'trumps' (known: target, max_discard"),
        ({"target": 7}, "target cannot be 7 (offered: 50, 51, 52, 100)"),
        ({"target": "52"}, "target cannot be '52'"),
        ({"open_offer": 1}, "open_offer cannot be 1 (offered: True, False)"),
        ({"max_discard": True}, "max_discard cannot be True"),
        ({"quads": "bonus"}, "quads cannot be 'bonus' (offered: 'choice', 'points', "
                             "'points_and_reset')"),
        ({"score_floor": -5}, "score_floor cannot be -5 (offered: 0, None)"),
        ({"hand_awards": [1, 2, 3, 4, 5, 7]}, "hand_awards cannot be [1, 2, 3, 4, 5, 7]"),
    ],
)
def test_customize_refuses_unknown_knobs_and_values_not_offered(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ProfileError) as info:
        customize("classic", **changes)
    assert str(info.value).startswith(message), str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("base", "changes", "message"),
    [
        ("chicago-gamewide-0.2", {"win": "deal_end_highest"},
         "qualification_required needs win=at_target (elimination at target)"),
        ("common", {"qualification_required": True},
         "qualification_required needs win=at_target (elimination at target)"),
        ("basic", {"final_hand_scores": False},
         "final_hand_after_chicago needs final_hand_scores"),
    ],
)
def test_customize_refuses_contradictions(
    base: str, changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ProfileError, match=f"^{re.escape(message)}$"):
        customize(base, **changes)
    # The same changes with the contradiction lifted are accepted.
    if "win" in changes:
        customize(base, qualification_required=False, **changes)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"high_score_threshold": 52}, "the high-score threshold must be below the target"),
        ({"high_score": HighScoreRule.SIX_CARDS, "exchanges": 1},
         "six_cards needs at least two exchanges"),
        ({"chicago_points": 25, "chicago_two_points": 20},
         "chicago_two_points cannot be below chicago_points"),
        ({"last_trick_two_points": 4}, "last_trick_two_points cannot be below last_trick_points"),
        ({"chicago_minimum": 60, "qualification_required": True},
         "qualification_required needs a Chicago minimum below the target"),
    ],
)
def test_check_refuses_contradictions_out_of_reach_of_choices(
    changes: dict[str, Any], message: str
) -> None:
    """`check` guards contradictions the offered values cannot reach today, for profiles
    built by hand."""
    with pytest.raises(ProfileError, match=f"^{re.escape(message)}$"):
        check(dataclasses.replace(CLASSIC, **changes))


def test_every_offered_value_is_accepted_unless_it_contradicts() -> None:
    """Each knob value of CHOICES, changed alone on each preset, either gives a profile
    that passes `check` or is refused as a contradiction (never as not offered)."""
    for preset in PRESETS.values():
        for knob, values in CHOICES.items():
            for value in values:
                try:
                    p = customize(preset, **{knob: plain(value)})
                except ProfileError as e:
                    assert "cannot be" not in str(e) and "unknown" not in str(e), str(e)
                    continue
                check(p)
                assert getattr(p, knob) == value


# --- the game-file form --------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS.values()), ids=list(PRESETS))
def test_a_preset_is_stored_by_its_id(preset: RuleProfile) -> None:
    assert profile_to_json(preset) == preset.id
    assert profile_from_json(preset.id) is preset


CUSTOMS = [
    customize("classic", target=51),
    customize("chicago-gamewide-0.2", chicago_two_points=30, royal_flush="win"),
    customize("basic", score_floor=0, high_score="block", high_score_threshold=45),
    customize("common", ties="first_from_dealers_left", win="one_more_award",
              chicago_timing="after_exchanges"),
]


@pytest.mark.parametrize("profile", CUSTOMS, ids=[p.id for p in CUSTOMS])
def test_a_custom_profile_round_trips_whole(profile: RuleProfile) -> None:
    stored = profile_to_json(profile)
    assert isinstance(stored, dict)
    assert stored["id"] == profile.id
    assert stored["base"] == profile.base
    assert set(stored["knobs"]) == set(CHOICES)
    for knob, value in profile.knobs().items():
        assert stored["knobs"][knob] == plain(value)
    again = profile_from_json(json.loads(json.dumps(stored)))
    assert again == profile
    # `id` is optional on reading.
    without_id = {k: v for k, v in stored.items() if k != "id"}
    assert profile_from_json(without_id) == profile


def _stored(**knob_changes: object) -> dict[str, Any]:
    stored = profile_to_json(customize("classic", target=51))
    assert isinstance(stored, dict)
    stored["knobs"].update(knob_changes)
    return stored


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["knobs"].pop("score_floor"),
         "profile: knob 'score_floor' is missing (stored whole)"),
        (lambda d: d.update(id="classic+target=50"),
         "profile: id 'classic+target=50' does not match its knobs (classic+target=51)"),
        (lambda d: d.update(id="classic"),
         "profile: id 'classic' does not match its knobs (classic+target=51)"),
        (lambda d: d.update(colour="red"), "profile: unknown field 'colour'"),
        (lambda d: d["knobs"].update(trumps=True), "unknown rule knob 'trumps'"),
        (lambda d: d["knobs"].update(target=53), "target cannot be 53"),
        (lambda d: d.update(base="poker"), "unknown rule profile 'poker'"),
        (lambda d: d.pop("knobs"),
         "a custom profile needs base (a preset id) and knobs (an object)"),
        (lambda d: d["knobs"].update(win="deal_end_highest", qualification_required=True),
         "qualification_required needs win=at_target"),
    ],
)
def test_a_stored_custom_profile_is_checked(mutate: Any, message: str) -> None:
    stored = _stored()
    mutate(stored)
    with pytest.raises(ValueError) as info:
        profile_from_json(stored)
    assert str(info.value).startswith(message), str(info.value)


def test_a_stored_profile_must_be_an_id_or_an_object() -> None:
    with pytest.raises(ProfileError, match="profile must be a preset id or an object"):
        profile_from_json(["classic"])


def test_a_stored_custom_profile_equal_to_its_base_is_the_preset() -> None:
    stored = {"base": "classic", "knobs": {k: plain(v) for k, v in CLASSIC.knobs().items()}}
    assert profile_from_json(stored) is CLASSIC
    assert profile_from_json({**stored, "id": "classic"}) is CLASSIC


def test_a_game_file_refuses_a_bad_custom_profile_in_one_line() -> None:
    stored = _stored()
    del stored["knobs"]["target"]
    with pytest.raises(record.GameFileError, match=r"^profile: knob 'target' is missing"):
        record.parse({"format": "chicago-game/1", "profile": stored, "seats": 3})


def test_a_game_on_a_custom_profile_dumps_the_profile_whole() -> None:
    from chicago.core.game import Game

    profile = customize("common", target=100, chicago_penalty=25)
    game = Game.new(profile, seats=3, seed=5)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    data = json.loads(json.dumps(record.dump(game)))
    assert data["profile"] == profile_to_json(profile)
    again = record.replay(record.parse(data))
    assert again == game
    assert again.state.profile == profile


# --- the rules page ----------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """`chicago rules` speaks the locale's language: these tests read it in English."""
    monkeypatch.setenv("LANGUAGE", "en")


def _rules(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["rules", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("preset", list(PRESETS.values()), ids=list(PRESETS))
def test_chicago_rules_prints_each_preset(
    preset: RuleProfile, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _rules(capsys, "--profile", preset.id)
    assert code == 0
    assert err == ""
    assert out == rules_markdown(preset)
    assert out.startswith(f"# {preset.title}\n")
    assert f"`{preset.id}`" in out
    for heading in ("The game", "Dealing", "Exchanges", "Hands and points", "Chicago",
                    "Tricks"):
        assert f"\n## {heading}\n" in out


def test_the_default_rules_are_the_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert _rules(capsys)[1] == rules_markdown(HOUSE)


def test_the_rules_text_reflects_the_knobs(capsys: pytest.CaptureFixture[str]) -> None:
    house = _rules(capsys, "--profile", "chicago-gamewide-0.2")[1]
    assert "At 45 points or more, discarding even one card resets your score to 0" in house
    assert "a Chicago call made at any time in this game" in house  # the qualification
    assert "A player without a call who reaches 52 points is eliminated" in house
    assert "discards 1 to 4" in house
    assert "Open offer:" in house
    assert (
        "| Straight flush | wins the game at once, with or without a Chicago call; the score "
        "becomes 52 |"
    ) in house
    assert "or 10 points when the winning card is a two" in house
    assert "The player who won that trick gains 10 points." in house

    classic = _rules(capsys, "--profile", "classic")[1]
    assert "Köpstopp" in classic and "46 points" in classic
    assert "discards 1 to 5" in classic
    assert "Open offer:" not in classic and "There is no open offer" in classic
    assert "| Four of a kind | 7 points |" in classic
    assert "| Straight flush | 8 points |" in classic
    assert "The first player to reach 52 points wins at once" in classic
    assert "eliminates" not in classic
    assert "No one else scores." in classic

    basic = _rules(capsys, "--profile", "basic")[1]
    assert "There are 2 exchanges" in basic
    assert "After the first exchange the best hand scores" in basic
    assert "reached 42 points at any time in the game is dealt six cards" in basic
    assert "Scores can go below zero." in basic
    assert "A player whose score is 0 or more may call Chicago" in basic  # minimum 0
    assert "The caller does not lead: the usual leader leads the first trick." in basic
    assert "the best final hand still scores" in basic

    common = _rules(capsys, "--profile", "common")[1]
    assert "every tied player scores in full" in common
    assert "The call is made during the first trick" in common
    assert "already played to that trick go back" in common
    assert "the highest score wins. If the highest scores are tied, play goes on" in common
    assert "| Straight flush | 9 points |" in common
    assert "Köpstopp" not in common and "resets your score" not in common


@pytest.mark.parametrize(
    ("args", "wanted"),
    [
        (["--profile", "classic", "--set", "target=51"], "The first player to reach 51 points"),
        (["--profile", "classic", "--set", "quads=points_and_reset"],
         "| Four of a kind | 7 points, and every other player is reset to 0 |"),
        (["--profile", "classic", "--set", "straight_flush=auto_chicago"],
         "the value of a successful Chicago"),
        (["--profile", "classic", "--set", "royal_flush=win"],
         "| Royal flush | wins the game at once; the score becomes 52 |"),
        (["--set", "high_score=block"], "At 45 points or more you may not exchange:"),
        (["--profile", "common", "--set", "score_floor=0"], "Scores never fall below 0."),
        (["--profile", "common", "--set", "chicago_two_points=30", "--set",
          "chicago_penalty=25"],
         "the caller gains 15 points, or 30 points when the fifth trick is won with a two"),
        (["--profile", "common", "--set", "win=one_more_award"],
         "a player who starts a deal with 52 points or more wins with their first award"),
    ],
)
def test_chicago_rules_with_changed_knobs(
    args: list[str], wanted: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _rules(capsys, *args)
    assert code == 0, err
    assert wanted in out
    assert "preset with changes" in out


def test_every_knob_change_shows_on_the_rules_page() -> None:
    """The page is generated from the profile: each offered change of a knob that matters
    under that preset changes the page (the title line aside)."""
    unused = {
        # The straight flush wins outright: its points are never used.
        ("chicago-gamewide-0.2", "straight_flush_points"),
        # No high-score rule: its threshold is never used.
        ("common", "high_score_threshold"),
    }
    for preset in PRESETS.values():
        page = rules_page(preset)
        for knob, values in CHOICES.items():
            for value in values:
                if value == getattr(preset, knob) or (preset.id, knob) in unused:
                    continue
                try:
                    changed = customize(preset, **{knob: plain(value)})
                except ProfileError:
                    continue
                assert rules_page(changed) != page, f"{preset.id}: {knob}={plain(value)}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--set", "target=7"], "target cannot be 7 (offered: 50, 51, 52, 100)"),
        (["--set", "trumps=1"], "unknown rule knob 'trumps'"),
        (["--set", "target"], "write each rule change as knob=value, not 'target'"),
        (["--profile", "poker"], "unknown rule profile 'poker'"),
        (["--set", "win=deal_end_highest"], "qualification_required needs win=at_target"),
    ],
)
def test_chicago_rules_refuses_bad_profiles_in_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _rules(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"chicago rules: {message}"), err


def test_the_chicago_command_exits_2_with_one_line_for_a_bad_knob() -> None:
    """The same through a real process: exit status 2, one line on stderr, no stdout."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "chicago.cli", "rules", "--set", "target=7"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "chicago rules: target cannot be 7 (offered: 50, 51, 52, 100)"]
    done = subprocess.run(
        [sys.executable, "-m", "chicago.cli", "rules", "--profile", "common"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == rules_markdown(COMMON)
