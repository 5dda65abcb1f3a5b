"""Every way a game file can be bad (docs/game-file.md), through `chicago replay` and
`record.loads`.

A bad file makes `chicago replay` exit 2 with exactly one line on stderr and nothing on
stdout. A line about an action starts with `action N:`; a line about an illegal move ends
with the rule (`— R6.1`).
"""

from __future__ import annotations

import copy
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from chicago.cli import main
from chicago.core import record

SCENARIOS = Path(__file__).parent / "scenarios"

HANDS = {
    "0": ["9c", "9d", "9h", "9s", "4c"],
    "1": ["Ah", "Kh", "Qh", "Jh", "2s"],
    "2": ["3c", "5c", "6d", "7d", "8d"],
}


def base(**changes: Any) -> dict[str, Any]:
    """A good 3-seat file (dealer 2, so seat 0 exchanges first), with fields changed."""
    data: dict[str, Any] = {
        "format": "chicago-game/1",
        "profile": "chicago-gamewide-0.2",
        "seats": 3,
        "seed": 1,
        "dealer": 2,
        "deals": [{"hands": copy.deepcopy(HANDS), "stock": ["Ts", "Js"]}],
        "actions": [],
    }
    data.update(changes)
    return data


def without(key: str) -> dict[str, Any]:
    data = base()
    del data[key]
    return data


def with_actions(*actions: dict[str, Any]) -> dict[str, Any]:
    return base(actions=list(actions))


def keep(seat: int) -> dict[str, Any]:
    return {"seat": seat, "type": "exchange", "discard": []}


def replay_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: dict[str, Any] | str
) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    text = content if isinstance(content, str) else json.dumps(content)
    path.write_text(text, encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert err.endswith("\n")
    return lines[0]


# --- errors found while loading (record.loads) ---------------------------------------------

LOAD_ERRORS: list[tuple[str, dict[str, Any] | str, str]] = [
    ("not-json", "{format: chicago", "not valid JSON (line 1, column 2)"),
    ("empty-text", "", "not valid JSON (line 1, column 1)"),
    ("not-an-object", "[1, 2]", "a game file must be a JSON object, not an array"),
    ("a-string", '"chicago-game/1"', "a game file must be a JSON object, not a string"),
    ("format-missing", without("format"), 'format is missing (it must be "chicago-game/1")'),
    ("format-wrong", base(format="chicago-game/2"),
     'format must be "chicago-game/1", not "chicago-game/2"'),
    ("format-number", base(format=1), 'format must be "chicago-game/1", not 1'),
    ("unknown-top-field", base(players=["a", "b"]),
     'unknown top-level field "players" (free-form data goes in meta)'),
    ("meta-not-object", base(meta="hello"), "meta must be an object, not a string"),
    ("seats-missing", without("seats"), "seats is missing: a whole number from 2 to 6 (R1.1)"),
    ("seats-0", base(seats=0), "seats must be a whole number from 2 to 6, not 0 (R1.1)"),
    ("seats-1", base(seats=1), "seats must be a whole number from 2 to 6, not 1 (R1.1)"),
    ("seats-7", base(seats=7), "seats must be a whole number from 2 to 6, not 7 (R1.1)"),
    ("seats-string", base(seats="4"),
     'seats must be a whole number from 2 to 6, not "4" (R1.1)'),
    ("seats-true", base(seats=True), "seats must be a whole number from 2 to 6, not true (R1.1)"),
    ("seats-float", base(seats=3.0), "seats must be a whole number from 2 to 6, not 3.0 (R1.1)"),
    ("seats-null", base(seats=None), "seats must be a whole number from 2 to 6, not null (R1.1)"),
    ("seed-string", base(seed="1"), 'seed must be a whole number, not "1"'),
    ("seed-float", base(seed=1.5), "seed must be a whole number, not 1.5"),
    ("seed-bool", base(seed=False), "seed must be a whole number, not false"),
    ("dealer-too-big", base(dealer=3), "dealer must be a seat number 0–2, not 3"),
    ("dealer-negative", base(dealer=-1), "dealer must be a seat number 0–2, not -1"),
    ("dealer-string", base(dealer="0"), 'dealer must be a seat number 0–2, not "0"'),
    ("deals-not-list", base(deals={"hands": HANDS}),
     "deals must be a list of stacked deals, not an object"),
    ("deal-not-object", base(deals=[["Ah"]]), "deals[0]: expected an object with hands and stock"),
    ("deal-unknown-field", base(deals=[{"hands": HANDS, "discards": []}]),
     'deals[0]: unknown field "discards"'),
    ("deal-hands-not-object", base(deals=[{"hands": [["Ah"]]}]),
     "deals[0].hands: expected an object of seat → five cards"),
    ("hand-for-seat-not-at-table", base(deals=[{"hands": {**HANDS, "3": ["Tc"]}}]),
     'deals[0].hands: "3" is not a seat of a 3-seat table'),
    ("hand-seat-key-not-a-number", base(deals=[{"hands": {"zero": HANDS["0"]}}]),
     'deals[0].hands: "zero" is not a seat of a 3-seat table'),
    ("hand-seat-key-padded", base(deals=[{"hands": {"01": HANDS["1"]}}]),
     'deals[0].hands: "01" is not a seat of a 3-seat table'),
    ("hand-of-4", base(deals=[{"hands": {**HANDS, "1": ["Ah", "Kh", "Qh", "Jh"]}}]),
     "deals[0].hands.1: a hand has 5 cards, not 4"),
    ("hand-not-list", base(deals=[{"hands": {**HANDS, "1": "Ah Kh Qh Jh 2s"}}]),
     'deals[0].hands.1: expected a list of cards, not "Ah Kh Qh Jh 2s"'),
    ("unknown-card", base(deals=[{"hands": {**HANDS, "2": ["3c", "5c", "Zz", "7d", "8d"]}}]),
     'deals[0].hands.2[2]: unknown card "Zz" (rank 23456789TJQKA + suit cdhs, like "Ah")'),
    ("card-lowercase-rank", base(deals=[{"hands": HANDS, "stock": ["th"]}]),
     'deals[0].stock[0]: unknown card "th" (rank 23456789TJQKA + suit cdhs, like "Ah")'),
    ("card-not-string", base(deals=[{"hands": HANDS, "stock": [10]}]),
     'deals[0].stock[0]: a card must be a string like "Ah", not 10'),
    ("card-twice-in-two-hands",
     base(deals=[{"hands": {**HANDS, "2": ["3c", "5c", "6d", "7d", "Ah"]}}]),
     "deals[0].hands.2: card Ah is dealt twice"),
    ("card-twice-hand-and-stock", base(deals=[{"hands": HANDS, "stock": ["Ts", "9h"]}]),
     "deals[0].stock: card 9h is dealt twice"),
    ("card-twice-in-stock", base(deals=[{"hands": HANDS, "stock": ["Ts", "Ts"]}]),
     "deals[0].stock: card Ts is dealt twice"),
    ("stock-not-list", base(deals=[{"hands": HANDS, "stock": "Ts"}]),
     'deals[0].stock: expected a list of cards, not "Ts"'),
    ("actions-not-list", base(actions={"seat": 0}),
     "actions must be a list of actions, not an object"),
    ("action-not-object", with_actions(keep(0), ["exchange"]),  # type: ignore[arg-type]
     "action 1: expected an object with seat and type"),
    ("action-type-missing", with_actions({"seat": 0, "discard": []}),
     "action 0: type is missing (exchange, offer, quads, chicago, play)"),
    ("action-type-unknown", with_actions({"seat": 0, "type": "fold"}),
     'action 0: unknown action type "fold" (exchange, offer, quads, chicago, play)'),
    ("action-unknown-field", with_actions({**keep(0), "cards": []}),
     'action 0: unknown field "cards" for exchange'),
    ("action-field-of-other-type", with_actions({"seat": 0, "type": "offer", "keep": True,
                                                 "card": "Ah"}),
     'action 0: unknown field "card" for offer'),
    ("action-missing-discard", with_actions({"seat": 0, "type": "exchange"}),
     'action 0: exchange needs "discard"'),
    ("action-missing-seat", with_actions({"type": "play", "card": "Ah"}),
     'action 0: play needs "seat"'),
    ("action-missing-card", with_actions({"seat": 0, "type": "play"}),
     'action 0: play needs "card"'),
    ("action-seat-out-of-range", with_actions(keep(0), keep(3)),
     "action 1: seat must be a seat number 0–2, not 3"),
    ("action-seat-negative", with_actions(keep(-1)),
     "action 0: seat must be a seat number 0–2, not -1"),
    ("action-seat-string", with_actions({**keep(0), "seat": "0"}),
     'action 0: seat must be a seat number 0–2, not "0"'),
    ("action-seat-bool", with_actions({**keep(0), "seat": False}),
     "action 0: seat must be a seat number 0–2, not false"),
    ("discard-not-list", with_actions({"seat": 0, "type": "exchange", "discard": "4c"}),
     'action 0: discard: expected a list of cards, not "4c"'),
    ("discard-unknown-card", with_actions({"seat": 0, "type": "exchange", "discard": ["4x"]}),
     'action 0: discard[0]: unknown card "4x" (rank 23456789TJQKA + suit cdhs, like "Ah")'),
    ("confirm-reset-not-bool", with_actions({**keep(0), "confirm_reset": "yes"}),
     'action 0: confirm_reset must be true or false, not "yes"'),
    ("keep-not-bool", with_actions({"seat": 0, "type": "offer", "keep": "yes"}),
     'action 0: keep must be true or false, not "yes"'),
    ("keep-number", with_actions({"seat": 0, "type": "offer", "keep": 1}),
     "action 0: keep must be true or false, not 1"),
    ("quads-choice-bad", with_actions({"seat": 0, "type": "quads", "choice": "both"}),
     'action 0: choice must be "points" or "reset", not "both"'),
    ("quads-choice-case", with_actions({"seat": 0, "type": "quads", "choice": "Points"}),
     'action 0: choice must be "points" or "reset", not "Points"'),
    ("chicago-call-not-bool", with_actions({"seat": 0, "type": "chicago", "call": "yes"}),
     'action 0: call must be true or false, not "yes"'),
    ("play-card-unknown", with_actions(keep(0), {"seat": 1, "type": "play", "card": "1h"}),
     'action 1: card: unknown card "1h" (rank 23456789TJQKA + suit cdhs, like "Ah")'),
    ("play-card-not-string", with_actions({"seat": 1, "type": "play", "card": ["Ah"]}),
     'action 0: card: a card must be a string like "Ah", not ["Ah"]'),
]


def _text(content: dict[str, Any] | str) -> str:
    return content if isinstance(content, str) else json.dumps(content)


def _check(line: str, expected: str) -> None:
    if expected.endswith(": "):  # a message whose tail comes from the JSON decoder
        assert line.startswith(expected) and len(line) > len(expected), line
    else:
        assert line == expected


@pytest.mark.parametrize(
    ("content", "expected"),
    [(c, e) for _, c, e in LOAD_ERRORS],
    ids=[name for name, _, _ in LOAD_ERRORS],
)
def test_bad_file_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Any, expected: str
) -> None:
    line = assert_one_line_error(*replay_cli(tmp_path, capsys, content))
    _check(line, expected)


@pytest.mark.parametrize(
    ("content", "expected"),
    [(c, e) for _, c, e in LOAD_ERRORS],
    ids=[name for name, _, _ in LOAD_ERRORS],
)
def test_bad_file_loads(content: Any, expected: str) -> None:
    with pytest.raises(record.GameFileError) as info:
        record.loads(_text(content))
    message = str(info.value)
    assert "\n" not in message
    _check(message, expected)


def test_action_errors_name_the_action() -> None:
    for _, content, expected in LOAD_ERRORS:
        if isinstance(content, dict) and isinstance(content.get("actions"), list) and (
            content["actions"]
        ):
            assert re.match(r"action \d+: ", expected), expected


def test_bad_profile_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = assert_one_line_error(*replay_cli(tmp_path, capsys, base(profile="gamewide")))
    assert line.startswith("unknown rule profile 'gamewide' (known: ")
    assert "chicago-gamewide-0.2" in line
    with pytest.raises(record.GameFileError, match="unknown rule profile 'gamewide'"):
        record.loads(json.dumps(base(profile="gamewide")))


def test_profile_not_an_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = assert_one_line_error(*replay_cli(tmp_path, capsys, base(profile=7)))
    assert line.startswith("profile ")


# --- errors found while replaying ------------------------------------------------------

REPLAY_ERRORS: list[tuple[str, dict[str, Any], str]] = [
    ("first-deal-missing-a-seat",
     base(deals=[{"hands": {"0": HANDS["0"], "1": HANDS["1"]}}]),
     "deals[0] must give hands to exactly the active seats [0, 1, 2], not [0, 1]"),
    ("first-deal-no-hands", base(deals=[{"hands": {}}]),
     "deals[0] must give hands to exactly the active seats [0, 1, 2], not []"),
    ("hand-of-6-in-house-profile",
     base(deals=[{"hands": {**HANDS, "2": ["3c", "5c", "6d", "7d", "8d", "Tc"]}}]),
     "deals[0]: seat 2 is dealt 5 cards, not 6"),
    ("out-of-turn", with_actions(keep(1)),
     "action 0: it is seat 0's turn to exchange, not seat 1's — R2.1"),
    ("wrong-decision", with_actions({"seat": 0, "type": "play", "card": "9c"}),
     "action 0: seat 0 must exchange, not play — R2.1"),
    ("discard-not-held", with_actions({"seat": 0, "type": "exchange", "discard": ["Ah"]}),
     "action 0: seat 0 does not hold Ah — R2.1"),
    ("quads-when-not-asked", with_actions({"seat": 0, "type": "quads", "choice": "points"}),
     "action 0: seat 0 must exchange, not quads — R2.1"),
    ("offer-when-not-shown", with_actions({"seat": 0, "type": "offer", "keep": True}),
     "action 0: seat 0 must exchange, not offer — R2.1"),
]


@pytest.mark.parametrize(
    ("content", "expected"),
    [(c, e) for _, c, e in REPLAY_ERRORS],
    ids=[name for name, _, _ in REPLAY_ERRORS],
)
def test_bad_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: dict[str, Any], expected: str
) -> None:
    line = assert_one_line_error(*replay_cli(tmp_path, capsys, content))
    assert line == expected
    game_file = record.loads(json.dumps(content))  # the file itself is well formed
    with pytest.raises(record.GameFileError) as info:
        record.replay(game_file)
    assert str(info.value) == expected


def test_illegal_moves_end_with_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for _, content, expected in REPLAY_ERRORS:
        if expected.startswith("action "):
            line = assert_one_line_error(*replay_cli(tmp_path, capsys, content))
            assert re.fullmatch(r"action \d+: .+ — R\d+(\.\d+)?", line), line


def test_error_stops_at_first_illegal_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # action 1 is illegal (seat 0 again); action 2 would be malformed only as a move.
    data = with_actions(keep(0), keep(0), {"seat": 1, "type": "play", "card": "Ah"})
    line = assert_one_line_error(*replay_cli(tmp_path, capsys, data))
    assert line == "action 1: it is seat 1's turn to exchange, not seat 0's — R2.1"


def _scenario(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text("utf-8"))
    return data


def test_later_stacked_deal_for_eliminated_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _scenario("r8_3-eliminated-on-last-trick")  # seat 1 is out after deal 3
    last = len(data["actions"]) - 1
    data["deals"].append(
        {"hands": {"0": ["Kc", "Kd", "Kh", "Ks", "Ad"], "1": ["3c", "5d", "7h", "9s", "Qc"],
                   "2": ["2c", "4d", "6h", "8s", "Th"]}}
    )
    line = assert_one_line_error(*replay_cli(tmp_path, capsys, data))
    assert line == (
        f"action {last}: deals[3] must give hands to exactly the active seats [0, 2], "
        "not [0, 1, 2]"
    )
    # Without seat 1 the same deal is fine.
    del data["deals"][3]["hands"]["1"]
    code, out, err = replay_cli(tmp_path, capsys, data)
    assert code == 0, err
    assert json.loads(out)["eliminated"] == [False, True, False]


def test_action_after_game_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # R4.4: a straight flush at the first scoring stage wins at once (2 seats).
    data = {
        "format": "chicago-game/1",
        "seats": 2,
        "dealer": 1,
        "deals": [{"hands": {"0": ["5h", "6h", "7h", "8h", "9h"],
                             "1": ["2c", "4d", "6s", "8c", "Tc"]}}],
        "actions": [keep(0), keep(1)],
    }
    code, out, err = replay_cli(tmp_path, capsys, data)
    assert code == 0, err
    assert json.loads(out)["status"] == "finished"
    data["actions"].append(keep(0))
    line = assert_one_line_error(*replay_cli(tmp_path, capsys, data))
    assert line == "action 2: the game is over (seat 0 won) — R8"


def test_eliminated_seat_may_not_act(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _scenario("r8_3-eliminated-on-last-trick")
    data["actions"].append(keep(1))
    line = assert_one_line_error(*replay_cli(tmp_path, capsys, data))
    assert line == (
        f"action {len(data['actions']) - 1}: seat 1 is eliminated and takes no further part — R8.3"
    )


# --- reading the file ------------------------------------------------------------------


def test_unreadable_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.json"
    code = main(["replay", str(missing)])
    out, err = capsys.readouterr()
    line = assert_one_line_error(code, out, err)
    assert line == f"cannot read {missing}: No such file or directory"


def test_directory_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(tmp_path)])
    out, err = capsys.readouterr()
    line = assert_one_line_error(code, out, err)
    assert line == f"cannot read {tmp_path}: Is a directory"


def test_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"format": "chicago-game/1", "meta": {"by": "J\xf6rgen"}}')
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    line = assert_one_line_error(code, out, err)
    assert line.startswith(f"cannot read {path}: ")


def test_stdin_dash(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(with_actions(keep(0)))))
    assert main(["replay", "-"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    state = json.loads(out)
    assert state["to_act"] == {"seat": 1, "decision": "exchange"}


def test_stdin_dash_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(base(seats=9))))
    code = main(["replay", "-"])
    out, err = capsys.readouterr()
    line = assert_one_line_error(code, out, err)
    assert line == "seats must be a whole number from 2 to 6, not 9 (R1.1)"


# --- success -------------------------------------------------------------------------------


def test_success_output_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = replay_cli(tmp_path, capsys, with_actions(keep(0), keep(1)))
    assert code == 0
    assert err == ""
    assert out.endswith("\n") and out.count("\n") == 1  # one JSON object, one line
    state = json.loads(out)
    assert isinstance(state, dict)
    assert set(state) == {
        "status", "winner", "scores", "qualified", "eliminated", "deal", "dealer", "to_act",
        "events",
    }
    assert state["status"] == "in_progress"
    assert state["winner"] is None
    assert state["scores"] == [0, 0, 0]
    assert state["qualified"] == [False, False, False]
    assert state["eliminated"] == [False, False, False]
    assert state["deal"] == 1
    assert state["dealer"] == 2
    assert state["to_act"] == {"seat": 2, "decision": "exchange"}
    assert isinstance(state["events"], list)
    assert all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in state["events"])


def test_meta_is_accepted_and_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain = with_actions(keep(0))
    code, out_plain, err = replay_cli(tmp_path, capsys, plain)
    assert code == 0, err
    with_meta = {**plain, "meta": {"names": ["you", "Ann", "Bo"], "app": {"version": "0.1"}}}
    code, out_meta, err = replay_cli(tmp_path, capsys, with_meta)
    assert code == 0, err
    assert out_meta == out_plain
    loaded = record.loads(json.dumps(with_meta))
    assert loaded.meta == with_meta["meta"]


def test_optional_fields_default(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # profile, seed, dealer, deals and actions may all be left out.
    code, out, err = replay_cli(tmp_path, capsys, {"format": "chicago-game/1", "seats": 4})
    assert code == 0, err
    state = json.loads(out)
    assert state["deal"] == 1
    assert 0 <= state["dealer"] < 4
    assert state["to_act"] == {"seat": (state["dealer"] + 1) % 4, "decision": "exchange"}
