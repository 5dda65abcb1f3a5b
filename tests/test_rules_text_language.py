"""The rules text in both languages: every sentence translated into Swedish with the same
placeholders, no English left in the Swedish text, the title translated, and `chicago rules
--lang` (else the locale) choosing the language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

import chicago.text.rules_text as rules_text_module
from chicago.cli import main
from chicago.core.rules import PRESETS, RuleProfile
from chicago.text.i18n import catalog, use_language
from chicago.text.rules_text import profile_title, rules_markdown
from rules_text_profiles import IDS, PROFILES

# --- Swedish: every sentence translated -------------------------------------------------------

SOURCE = Path(rules_text_module.__file__)
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _msgids() -> list[str | tuple[str, str]]:
    found: list[str | tuple[str, str]] = []
    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    for _line, message, _comments, _context in extract_from_file(
        "python", str(SOURCE), keywords=keywords
    ):
        found.append(message if isinstance(message, str) else (message[0], message[1]))
    return found


def test_every_rules_sentence_has_a_swedish_translation() -> None:
    """Every msgid of rules_text.py is in the Swedish catalog, not fuzzy, same placeholders."""
    sv = catalog("sv")
    msgids = _msgids()
    assert len(msgids) > 50
    for msgid in msgids:
        key = msgid if isinstance(msgid, str) else msgid[0]
        message = sv.get(key)
        assert message is not None, f"no Swedish for {key!r}"
        assert not message.fuzzy, key
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        ids = [msgid] if isinstance(msgid, str) else list(msgid)
        wanted = set().union(*(set(PLACEHOLDER.findall(i)) for i in ids))
        for text in strings:
            assert text, f"empty Swedish for {key!r}"
            assert set(PLACEHOLDER.findall(text)) == wanted, key


ENGLISH_WORDS = re.compile(
    r"\b(the|and|of|or|with|you|your|points?|tricks?|exchanges?|players?|deals?|scores?|"
    r"cards?|wins?|caller|after|before|every|only|when|reset|stock|discards?|offer)\b",
    re.IGNORECASE,
)


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.;:])\s+|\n+|\|", text)
    return [s.strip() for s in parts if len(re.findall(r"[^\W\d_]{2,}", s)) >= 3]


def _without_code(text: str) -> str:
    return re.sub(r"`[^`]*`", "", text)


@pytest.mark.parametrize("profile", PROFILES, ids=IDS)
def test_the_swedish_rules_hold_no_english_sentence(profile: RuleProfile) -> None:
    with use_language("en"):
        english = _without_code(rules_markdown(profile))
    with use_language("sv"):
        swedish = _without_code(rules_markdown(profile))
    assert swedish != english
    left = [s for s in _sentences(english) if s in swedish]
    assert not left, left
    words = ENGLISH_WORDS.findall(swedish)
    assert not words, words


def test_the_languages_do_not_leak_into_each_other() -> None:
    """The language is per context: rendering Swedish leaves the English text as it was."""
    house = PRESETS["chicago-gamewide-0.2"]
    with use_language("en"):
        before = rules_markdown(house)
        with use_language("sv"):
            assert rules_markdown(house) != before
        assert rules_markdown(house) == before


# --- `chicago rules --lang` -------------------------------------------------------------------

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.mark.parametrize(("env", "args", "lang"), [
    ({}, ["--lang", "sv"], "sv"),
    ({"LANG": "sv_SE.UTF-8"}, ["--lang", "en"], "en"),
    ({"LANG": "sv_SE.UTF-8"}, [], "sv"),
    ({"LC_ALL": "sv_FI.UTF-8", "LANG": "en_GB.UTF-8"}, [], "sv"),
    ({"LANG": "C.UTF-8"}, [], "en"),
    ({}, [], "en"),
])
def test_chicago_rules_speaks_the_chosen_language(
    env: dict[str, str], args: list[str], lang: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--lang en|sv`, else the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(["rules", "--profile", "basic", *args]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    with use_language(lang):
        assert out == rules_markdown(PRESETS["basic"])


def test_chicago_rules_refuses_an_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["rules", "--lang", "de"])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "invalid choice: 'de'" in err


@pytest.mark.parametrize("profile", PROFILES, ids=IDS)
def test_the_title_speaks_the_language(profile: RuleProfile) -> None:
    """In English the title is the profile's own; in Swedish the preset's title is translated
    and a custom profile's changes are still named."""
    with use_language("en"):
        assert profile_title(profile) == profile.title
        assert rules_markdown(profile).startswith(f"# {profile_title(profile, code=True)}\n")
    with use_language("sv"):
        swedish = profile_title(profile)
    preset = PRESETS[profile.base or profile.id]
    assert not swedish.startswith(preset.title)
    assert (", ändrad: " in swedish) is bool(profile.base)
    if profile.base:
        for change in profile.id.partition("+")[2].split(","):
            assert change in swedish
