"""The catalogs: every message the code shows has a Swedish translation, with the
same named placeholders, and no catalog holds a fuzzy (unchecked) entry."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from catalog_messages import SRC, extracted
from chicago.text.i18n import LANGUAGES, catalog, po_files

PLACEHOLDER = re.compile(r"(?<!\{)\{(\w*)[^{}]*\}(?!\})")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def key(msgid: str | tuple[str, str]) -> str:
    return msgid[0] if isinstance(msgid, tuple) else msgid


def test_the_code_has_messages() -> None:
    found = {key(m) for m, _where in extracted()}
    # one from each kind of source: Python, a Jinja template, the narration, the plain game
    assert "You must follow suit: {suit} were led" in found
    assert "Seat {seat} takes trick {trick} with {card}." in found
    assert "Choices: 1 {first}  2 {second}" in found


def test_every_message_has_a_swedish_translation() -> None:
    sv = catalog("sv")
    missing = []
    for msgid, where in extracted():
        message = sv.get(key(msgid))
        if message is None or not message.string or message.fuzzy:
            missing.append(f"{where}: {key(msgid)!r}")
            continue
        if isinstance(msgid, tuple):
            forms = message.string if isinstance(message.string, tuple | list) else ()
            if len(forms) < 2 or not all(forms):
                missing.append(f"{where}: {key(msgid)!r} (plural forms)")
    assert not missing, "no Swedish translation:\n" + "\n".join(sorted(set(missing)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_the_placeholders(lang: str) -> None:
    wrong = []
    for message in catalog(lang):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        allowed = set().union(*(placeholders(i) for i in ids)) | ({"n"} if len(ids) > 1 else set())
        for text in strings:
            if not text:
                continue
            used = placeholders(text)
            needed = placeholders(ids[-1] if len(ids) > 1 else ids[0]) - {"n"}
            if used - allowed or needed - used:
                wrong.append(f"{ids[0]!r} -> {text!r}")
    assert not wrong, f"{lang}: placeholders differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("path", [p for lang in LANGUAGES for p in po_files(lang)],
                         ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_no_fuzzy_entries(path: Path) -> None:
    with path.open("rb") as f:
        entries = read_po(f)
    fuzzy = [str(m.id) for m in entries if m.id and m.fuzzy]
    assert not fuzzy, f"{path.name} has fuzzy entries: {fuzzy}"


def test_a_translation_and_a_placeholder_mismatch_are_told_apart() -> None:
    assert placeholders("Seat {seat} wins {n} points ({why}).") == {"seat", "n", "why"}
    assert placeholders("{{literal}} and {x!r:>3}") == {"x"}


def _literal_messages(path: Path) -> set[str]:
    """The first string argument of every `_()`, `N_()` and `ngettext()` call in a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("_", "N_", "ngettext")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            out.add(node.args[0].value)
    return out


def test_the_extraction_misses_no_python_message() -> None:
    """pybabel's tokenizer can lose its place (a name like a keyword); the syntax tree cannot."""
    found = {key(m) for m, _where in extracted()}
    missed = {
        f"{path.relative_to(SRC)}: {message!r}"
        for path in SRC.rglob("*.py")
        for message in _literal_messages(path) - found
    }
    assert not missed, "\n".join(sorted(missed))


SCRIPT_CALL = re.compile(r"""\b(?:t|ngettext|N_)\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")""")


def test_the_extraction_misses_no_script_message() -> None:
    """Every literal t('…'), ngettext('…') and N_('…') of the browser's scripts, also inside a
    template string's `${…}`, is found by the extraction."""
    found = {key(m) for m, _where in extracted()}
    missed = set()
    for path in (SRC / "web" / "static").rglob("*.js"):
        for m in SCRIPT_CALL.finditer(path.read_text(encoding="utf-8")):
            text = (m.group(1) if m.group(1) is not None else m.group(2) or "")
            text = text.replace("\\'", "'").replace('\\"', '"')
            if text not in found:
                missed.add(f"{path.relative_to(SRC)}: {text!r}")
    assert not missed, "\n".join(sorted(missed))
