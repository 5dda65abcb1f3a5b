"""The core's errors in the reader's language: game-file and rule-profile errors carry their
message id (an English template with named {placeholders}) and parameters beside an English
str() that stays byte for byte as `chicago replay` prints it (docs/game-file.md); chicago.text
words them in Swedish, in the Textual import dialog, the new-game form and the CLI."""

from __future__ import annotations

import ast
import asyncio
import json
import re
import string
from pathlib import Path

import pytest

from chicago import cli
from chicago.core import record
from chicago.core.errors import Phrase, Worded
from chicago.core.rules import ProfileError, customize, get_profile
from chicago.table.tables.service import TableService
from chicago.text.core_errors import error_words
from chicago.text.i18n import catalog, use_language
from chicago.tui.dialogs import PathScreen
from test_tui import ME, SIZE, flat, make_app, screen_text, settle

CORE = Path(__file__).resolve().parent.parent / "src" / "chicago" / "core"


def _worded_classes(trees: list[ast.Module]) -> set[str]:
    """Every class of the core that is a Worded error (directly or through another)."""
    names = {"Worded", "Phrase"}
    grew = True
    while grew:
        grew = False
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names and any(
                        isinstance(b, ast.Name) and b.id in names for b in node.bases):
                    names.add(node.name)
                    grew = True
    return names


def _placeholders(text: str) -> set[str]:
    return {field for _lit, field, _spec, _conv in string.Formatter().parse(text)
            if field is not None}


def test_every_template_of_the_core_has_a_swedish_translation() -> None:
    """Each Worded error or Phrase made in the core names its template through N_("…") (or
    a table of such), never an f-string or a bare sentence, and every N_ template of the
    core has a Swedish msgstr with the same placeholders: a new one cannot slip through."""
    trees = [ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in sorted(CORE.glob("*.py"))]
    worded = _worded_classes(trees)
    sv = catalog("sv")
    bad: list[str] = []
    templates: set[str] = set()
    for path, tree in zip(sorted(CORE.glob("*.py")), trees, strict=True):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else None
            if name == "N_" and node.args and isinstance(node.args[0], ast.Constant):
                templates.add(str(node.args[0].value))
            if name not in worded or not node.args:
                continue
            first = node.args[0]
            where = f"{path.name}:{node.lineno}"
            if isinstance(first, ast.JoinedStr):
                bad.append(f"{where}: an f-string template")
            elif isinstance(first, ast.Constant):  # only a place's punctuation is left as is
                words = re.sub(r"\{[^}]*\}", "", str(first.value))
                if any(c.isalpha() for c in words):
                    bad.append(f"{where}: {first.value!r} is not marked with N_")
    assert not bad, bad
    assert len(templates) > 60
    for template in sorted(templates):
        message = sv.get(template)
        assert message is not None and message.string and not message.fuzzy, template
        assert _placeholders(str(message.string)) == _placeholders(template), template


SAMPLES: list[tuple[object, str]] = [
    ([], "a game file must be a JSON object, not an array"),
    ({"format": "chicago-game/1", "seats": 9},
     "seats must be a whole number from 2 to 6, not 9 (R1.1)"),
    ({"format": "chicago-game/1", "seats": 2, "deals": None},
     "deals must be a list of stacked deals, not null"),
    ({"format": "chicago-game/1", "seats": 2, "meta": "x"}, "meta must be an object, not a string"),
    ({"format": "chicago-game/1", "seats": 2, "dealer": 2},
     "dealer must be a seat number 0–1, not 2"),
    ({"format": "chicago-game/1", "seats": 2,
      "actions": [{"seat": 0, "type": "exchange", "discard": ["Ah", "Zz"]}]},
     'action 0: discard[1]: unknown card "Zz" (rank 23456789TJQKA + suit cdhs, like "Ah")'),
    ({"format": "chicago-game/1", "seats": 2, "actions": [{"seat": 0, "type": []}]},
     "action 0: unknown action type [] (exchange, offer, quads, chicago, play)"),
    ({"format": "chicago-game/1", "seats": 2, "actions": [{"seat": 0, "type": "play"}]},
     'action 0: play needs "card"'),
    ({"format": "chicago-game/1", "seats": 2,
      "deals": [{"hands": {"0": ["Ah", "Kh", "Qh", "Jh", "Th"], "1": ["Ah"]}}]},
     "deals[0].hands.1: a hand has 5 cards, not 1"),
    ({"format": "chicago-game/1", "seats": 2,
      "deals": [{"hands": {"0": ["Ah", "Kh", "Qh", "Jh", "Th"]}, "stock": ["Kh"]}]},
     "deals[0].stock: card Kh is dealt twice"),
    ({"format": "chicago-game/1", "seats": 2, "profile": {"base": "classic", "knobs": {}}},
     "profile: knob 'broken_chicago_bonus' is missing (stored whole)"),
    ({"format": "chicago-game/1", "seats": 2, "profile": "nope"},
     "unknown rule profile 'nope' (known: chicago-gamewide-0.2 (house), classic, basic, "
     "common)"),
    ({"format": "chicago-game/1", "seats": 2,
      "deals": [{"hands": {"0": ["Ah", "Kh", "Qh", "Jh", "Th"]}}]},
     "deals[0] must give hands to exactly the active seats [0, 1], not [0]"),
    ({"format": "chicago-game/1", "seats": 2, "dealer": 0,
      "actions": [{"seat": 0, "type": "exchange", "discard": []}]},
     "action 0: it is seat 1's turn to exchange, not seat 0's — R2.1"),
]


def _error(data: object) -> record.GameFileError:
    with pytest.raises(record.GameFileError) as caught:
        record.replay(record.parse(data))
    return caught.value


@pytest.mark.parametrize(("data", "english"), SAMPLES)
def test_the_english_line_is_unchanged(data: object, english: str) -> None:
    """docs/game-file.md: str() of a game-file error is the line `chicago replay` prints, and the
    words in English are that line (an illegal action said as the table says it aside)."""
    error = _error(data)
    assert str(error) == english
    assert isinstance(error, Worded) and error.template and error.template != english
    if " — R" not in english:
        assert error_words(error) == english


def test_replay_prints_the_english_line_in_a_swedish_locale(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`chicago replay` is an external interface: English on stderr whatever the locale."""
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    for data, english in SAMPLES[:7]:
        path = tmp_path / "game.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        assert cli.main(["replay", str(path)]) == 2
        assert capsys.readouterr().err == english + "\n"


def test_a_contradiction_keeps_its_english_and_reads_in_swedish() -> None:
    """§X: the README's example, in English as before and in Swedish by the text layer."""
    with pytest.raises(ProfileError) as caught:
        customize("house", straight_flush_points=11, straight_flush="win")
    english = ("straight_flush_points=11 contradicts straight_flush=win: a straight flush "
               "wins outright, so it scores no points (change one of them)")
    assert str(caught.value) == english
    with use_language("sv"):
        assert error_words(caught.value) == (
            "straight_flush_points=11 motsäger straight_flush=win: en färgstege vinner "
            "partiet direkt, så den ger inga poäng (ändra den ena av dem)")
    with pytest.raises(ProfileError) as unknown:
        get_profile("nope")
    assert isinstance(unknown.value, ValueError)  # as callers catch it


def test_swedish_import_errors_via_the_text_layer() -> None:
    """A backup's errors in Swedish, nested words too: the place ("drag 0"), the JSON kind,
    the illegal action as the table says it (R2.1)."""
    with use_language("sv"):
        assert error_words(_error([])) == "en partifil måste vara ett JSON-objekt, inte en lista"
        assert error_words(_error(SAMPLES[5][0])) == (
            'drag 0: discard[1]: okänt kort "Zz" (valör 23456789TJQKA + färg cdhs, som "Ah")')
        assert error_words(_error(SAMPLES[-1][0])) == (
            "drag 0: Det är plats 1:s tur att byta, inte plats 0:s (R2.1)")
        assert error_words(Phrase("{where}[{i}]", where="deals", i=2)) == "deals[2]"
        assert error_words(ValueError("as it is")) == "as it is"


def test_cli_rules_says_a_contradiction_in_swedish(capsys: pytest.CaptureFixture[str]) -> None:
    """`chicago rules --set … --lang sv`: the contradiction in Swedish, exit 2."""
    argv = ["rules", "--profile", "house", "--set", "straight_flush=win", "--set",
            "straight_flush_points=11", "--lang", "sv"]
    assert cli.main(argv) == 2
    assert capsys.readouterr().err.startswith(
        "chicago rules: straight_flush_points=11 motsäger straight_flush")
    assert cli.main([*argv[:-1], "en"]) == 2
    assert "contradicts straight_flush=win" in capsys.readouterr().err


def test_the_textual_import_dialog_and_form_speak_swedish(service: TableService,
                                                          tmp_path: Path) -> None:
    """The import dialog shows a bad backup's error in Swedish (the file's field names as
    they are), and nothing is stored; the new-game form says a contradiction in Swedish."""
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "chicago-game/1", "seats": 2, "meta": [1]}),
                   encoding="utf-8")
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(SAMPLES[-1][0]), encoding="utf-8")
    app = make_app(service)

    async def go() -> None:
        with use_language("sv"):
            async with app.run_test(size=SIZE) as pilot:
                await pilot.pause()
                for path, words in ((bad, "bad.json är ingen giltig partifil: meta måste vara "
                                          "ett objekt, inte en lista"),
                                    (illegal, "drag 0: Det är plats 1:s tur att byta")):
                    await pilot.press("i")
                    await pilot.pause()
                    assert isinstance(app.screen, PathScreen)
                    app.screen.query_one("#path").value = str(path)  # type: ignore[attr-defined]
                    await pilot.press("enter")
                    assert await settle(pilot, app) == "PathScreen"
                    text = flat(screen_text(app))
                    assert words in text, text
                    await pilot.press("escape")
                    await pilot.pause()
        assert service.list(ME) == []

    asyncio.run(go())
    from chicago.tui.rule_changes import profile_from_form

    with use_language("sv"), pytest.raises(ProfileError) as caught:
        profile_from_form("chicago-gamewide-0.2", "straight_flush=win, straight_flush_points=11")
    with use_language("sv"):
        assert error_words(caught.value).startswith("straight_flush_points=11 motsäger")
