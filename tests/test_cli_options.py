"""The `chicago` command's options read one way everywhere: rule changes repeated or
comma-separated (the same reader as the terminal's new-game form), a knob given twice
refused by name, the knobs listed, the rules paged on a terminal."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chicago.cli import main, profile_with_changes
from chicago.core.rules import CHOICES, ProfileError, read_changes, split_changes
from chicago.table.progress import progress
from chicago.tui.rule_changes import profile_from_form
from cli_support import in_a_terminal, run_cli

CHICAGO = [sys.executable, "-m", "chicago.cli"]
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "first-scoring.json"


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
    code, out, err = run_cli(capsys, "rules", *argv)
    assert code == 2 and out == ""
    assert err == ("chicago rules: target is changed twice (51 and 52): give each rule once\n")
    with pytest.raises(ProfileError, match="target is changed twice"):
        read_changes(["target=51", "target=51"])  # even to the same value


def test_a_knob_given_twice_in_swedish(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(capsys, "rules", "--lang", "sv", "--set", "target=51,target=52")
    assert code == 2
    assert err == "chicago rules: target ändras två gånger (51 och 52): ändra varje regel en gång\n"


def test_the_knobs_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "rules", "--knobs", "--profile", "classic")
    assert code == 0 and err == ""
    rows = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert set(rows) == set(CHOICES)
    assert "1,2,3,4,5,6*" in rows["hand_awards"] and "none" in rows["score_floor"]
    code, out, _err = run_cli(capsys, "rules", "--knobs", "--set", "target=51")
    assert code == 0 and "51*" in out and "52*" not in out


def test_the_rules_go_through_the_pager_on_a_terminal_only() -> None:
    env = {**os.environ, "COLUMNS": "100", "TERM": "xterm", "LANG": "C.UTF-8",
           "PAGER": "sed 's/^/PAGED:/'"}
    shown = in_a_terminal(["rules", "--lang", "en"], env, keyboard=True)
    lines = [line for line in shown.splitlines() if line.strip()]
    assert len(lines) > 20 and all(line.startswith("PAGED:") for line in lines), lines[:3]
    piped = subprocess.run([*CHICAGO, "rules", "--lang", "en"], capture_output=True,
                           text=True, check=True, env=env).stdout
    assert piped.startswith("# ") and "PAGED:" not in piped


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_says_how_fast_and_how_long(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`arena` and `review` count on a terminal, with the rate and the time left; piped,
    they write nothing but the result."""
    shown = _Terminal()
    with progress(40, "games", shown) as update:
        for done in range(41):
            update(done)
    text = shown.getvalue()
    assert "games" in text and "40/40" in text and "a second" in text and "left:" in text
    piped = io.StringIO()
    with progress(40, "games", piped) as update:
        update(40)
    assert piped.getvalue() == ""
    assert main(["arena", "--levels", "easy,easy", "--games", "2", "--jobs", "1",
                 "--json"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("command", [["arena"], ["review", "game.json"]])
def test_one_rule_for_processes(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """`arena --jobs` and `review --jobs` (or its old name --workers) take 1 or more alike."""
    for argv in (["--jobs", "0"], ["--jobs", "-1"]):
        with pytest.raises(SystemExit) as info:
            main([*command, *argv])
        assert info.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith(f"chicago {command[0]}: argument --jobs")
        assert "expected 1 or more processes (1: one by one, in this process)" in err


COMMANDS = ("play", "replay", "review", "rules", "stats", "arena", "keep", "serve")


def test_a_bare_chicago_shows_its_commands_and_fails(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys)
    assert code == 2 and out == ""
    assert err.startswith("usage: chicago COMMAND")
    for command in COMMANDS:
        assert f"\n  {command} " in err, command
    assert len(err.splitlines()) < 20  # short: chicago --help has the rest


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_introduces_itself(capsys: pytest.CaptureFixture[str],
                                         command: str) -> None:
    """A one-line description and an example that calls the command itself."""
    with pytest.raises(SystemExit) as info:
        main([command, "--help"])
    assert info.value.code == 0
    text = capsys.readouterr().out
    description = text.split("\n\n")[1]
    assert "\n" not in description.strip(), description
    examples = text.split("Examples:\n")[1].splitlines()
    assert examples and all(e.startswith(f"  chicago {command}") for e in examples), examples
    assert "%%" not in text


def test_the_arena_help_says_95_percent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    assert "95% Wilson intervals" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize(("argv", "english", "swedish"), [
    (["replay", "game.json", "--bogus"],
     "chicago replay: unrecognized arguments: --bogus (see chicago replay --help)",
     "chicago replay: okända argument: --bogus (se chicago replay --help)"),
    (["review", "--order", "luck", "game.json"],
     "chicago review: argument --order: invalid choice: 'luck' (choose from 'cost', 'game') "
     "(see chicago review --help)",
     "chicago review: argument --order: ogiltigt val: 'luck' (välj bland 'cost', 'game') "
     "(se chicago review --help)"),
    (["replay"],
     "chicago replay: the following arguments are required: FILE (see chicago replay --help)",
     "chicago replay: de här argumenten krävs: FILE (se chicago replay --help)"),
    (["review", "game.json", "--stages", "64,16"],
     "chicago review: argument --stages: expected rising positive numbers like 16,64,256, "
     "not '64,16' (see chicago review --help)",
     "chicago review: argument --stages: stigande positiva tal behövs, som 16,64,256, "
     "inte '64,16' (se chicago review --help)"),
    (["arena", "--seats", "9"],
     "chicago arena: argument --seats: a game has 2 to 6 seats, not 9 (R1.1) "
     "(see chicago arena --help)",
     "chicago arena: argument --seats: ett parti har 2 till 6 platser, inte 9 (R1.1) "
     "(se chicago arena --help)"),
])
def test_one_error_style_in_the_readers_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str],
    english: str, swedish: str,
) -> None:
    """argparse's own refusals read like the commands' others: `chicago SUB: …`, one line,
    exit 2; in Swedish with --lang sv or a Swedish locale."""
    for env, expected, extra in (("C.UTF-8", english, []), ("sv_SE.UTF-8", swedish, []),
                                 ("C.UTF-8", swedish, ["--lang", "sv"])):
        monkeypatch.setenv("LANG", env)
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            monkeypatch.delenv(name, raising=False)
        if extra and argv[0] == "replay":
            continue  # replay has no --lang: its words follow the locale
        with pytest.raises(SystemExit) as info:
            main([*argv, *extra])
        assert info.value.code == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err == expected + "\n", (env, extra)


def test_help_in_swedish(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help", "--lang", "sv"])
    text = capsys.readouterr().out
    assert text.startswith("användning: chicago play") and "Exempel:" in text
    assert "alternativ:" in text and "the bots" not in text


def test_every_subcommand_refuses_in_one_style(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """What a subcommand finds wrong once its options are read says `chicago SUB: …` on one
    line, as argparse's refusals do (`chicago replay FILE` keeps docs/game-file.md's line)."""
    game = tmp_path / "game.json"
    game.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    for argv, expected in (
        (["review", str(game), "--seat", "7"], "chicago review: --seat 7: the game has seats"),
        (["review", str(tmp_path / "none.json")], "chicago review: cannot read "),
        (["play", "--plain", "--level", "champion"], "chicago play: --levels: unknown bot"),
        (["arena", "--levels", "easy,champion"], "chicago arena: --levels: unknown bot"),
        (["rules", "--set", "target=7"], "chicago rules: target cannot be 7"),
    ):
        code, out, err = run_cli(capsys, *argv)
        assert code == 2 and out == "" and err.startswith(expected), (argv, err)
        assert err.count("\n") == 1
    code, _out, err = run_cli(capsys, "review", str(game), "--seat", "7", "--lang", "sv")
    assert code == 2 and err.startswith("chicago review: --seat 7: partiet har platserna")
