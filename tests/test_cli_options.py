"""The `chicago` command's options read one way everywhere: rule changes repeated or
comma-separated (the same reader as the terminal's new-game form), a knob given twice
refused by name, the knobs listed, the rules paged on a terminal."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

import pytest

from chicago.cli import main, profile_with_changes
from chicago.core.rules import CHOICES, ProfileError, read_changes, split_changes
from chicago.tui.app import profile_from_form

CHICAGO = [sys.executable, "-m", "chicago.cli"]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_changes_split_only_where_a_knob_follows() -> None:
    """docs/rules.md §X: a list value (hand_awards, R3.1) keeps its commas; a comma before
    `knob=` starts the next change."""
    assert split_changes("target=51,hand_awards=1,2,3,4,5,6,quads=points") == [
        "target=51", "hand_awards=1,2,3,4,5,6", "quads=points"]
    assert split_changes("hand_awards=[1, 2, 3, 4, 5, 6], target=51") == [
        "hand_awards=[1, 2, 3, 4, 5, 6]", "target=51"]
    assert split_changes(" ") == []


def test_set_takes_repeated_and_comma_separated_changes() -> None:
    repeated = profile_with_changes("basic", ["target=51", "hand_awards=1,2,3,4,5,6",
                                              "score_floor=none"])
    listed = profile_with_changes("basic", ["target=51,hand_awards=1,2,3,4,5,6,score_floor=none"])
    mixed = profile_with_changes("basic", ["target=51",
                                           "hand_awards=1,2,3,4,5,6, score_floor=none"])
    assert repeated == listed == mixed
    assert listed.target == 51 and listed.score_floor is None


def test_the_form_and_the_flag_read_alike() -> None:
    """The terminal's new-game form takes what `chicago rules --set` takes, and refuses the
    same things."""
    text = "target=51, hand_awards=[1,2,3,4,5,6], quads=points"
    assert profile_from_form("classic", text) == profile_with_changes("classic", [text])
    for bad in ("target", "target=51, target=52", "mål=51", "target=abc"):
        with pytest.raises(ValueError) as flag:
            profile_with_changes("classic", [bad])
        with pytest.raises(ValueError) as form:
            profile_from_form("classic", bad)
        assert str(form.value) == str(flag.value), bad


@pytest.mark.parametrize("argv", [
    ["--set", "target=51", "--set", "target=52"],
    ["--set", "target=51,target=52"],
    ["--set", "target=51", "--set", "quads=points,target=52"],
])
def test_a_knob_given_twice_is_refused_by_name(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = _run(capsys, "rules", *argv)
    assert code == 2 and out == ""
    assert err == ("chicago rules: target is changed twice (51 and 52): give each rule once\n")
    with pytest.raises(ProfileError, match="target is changed twice"):
        read_changes(["target=51", "target=51"])  # even to the same value


def test_a_knob_given_twice_in_swedish(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _run(capsys, "rules", "--lang", "sv", "--set", "target=51,target=52")
    assert code == 2
    assert err == "chicago rules: target ändras två gånger (51 och 52): ändra varje regel en gång\n"


def test_the_knobs_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "rules", "--knobs", "--profile", "classic")
    assert code == 0 and err == ""
    rows = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert set(rows) == set(CHOICES)
    assert "1,2,3,4,5,6*" in rows["hand_awards"] and "none" in rows["score_floor"]
    code, out, _err = _run(capsys, "rules", "--knobs", "--set", "target=51")
    assert code == 0 and "51*" in out and "52*" not in out


def _in_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """What `chicago ARGS` shows a person at a terminal (standard input and output a tty)."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([*CHICAGO, *args], stdout=follower, stdin=follower,
                            stderr=subprocess.PIPE, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert proc.wait(timeout=60) == 0
    return b"".join(chunks).decode("utf-8", "replace")


def test_the_rules_go_through_the_pager_on_a_terminal_only() -> None:
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm", "LANG": "C.UTF-8",
           "PAGER": "sed 's/^/PAGED:/'"}
    shown = _in_a_terminal(["rules", "--lang", "en"], env)
    lines = [line for line in shown.splitlines() if line.strip()]
    assert len(lines) > 20 and all(line.startswith("PAGED:") for line in lines), lines[:3]
    piped = subprocess.run([*CHICAGO, "rules", "--lang", "en"], capture_output=True,
                           text=True, check=True, env=env).stdout
    assert piped.startswith("# ") and "PAGED:" not in piped
