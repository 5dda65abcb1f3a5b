"""The numbered rules (R1.1 to R9.2) from the code: docs/rules.md is what the code writes,
every rule number cited anywhere in the source, tests or benches is in it, and the
reference follows a profile's knobs and the reader's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chicago.cli import main
from chicago.core.rules import CHOICES, HOUSE, PRESETS, RuleProfile, customize, get_profile
from chicago.text.i18n import use_language
from chicago.text.rules_numbered import NUMBERS, numbered_rules, reference_markdown

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"\bR\d+(?:\.\d+)+")
SUFFIXES = {".py", ".md", ".po", ".html", ".js", ".json", ".css", ".cfg", ".toml", ""}


def _texts(profile: RuleProfile) -> dict[str, str]:
    return {rule.number: rule.text for part in numbered_rules(profile) for rule in part.rules}


def _cited(root: Path = ROOT) -> dict[str, str]:
    """Every rule number cited in src/, tests/, bench/ and scripts/, with one place it is."""
    found: dict[str, str] = {}
    for folder in ("src", "tests", "bench", "scripts"):
        for path in sorted((root / folder).rglob("*")):
            if not path.is_file() or path.suffix not in SUFFIXES or "logs" in path.parts:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
            for number in CITED.findall(text):
                found.setdefault(number, str(path.relative_to(root)))
    return found


def test_docs_rules_md_is_what_the_code_writes() -> None:
    written = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert written == reference_markdown(), "docs/rules.md is stale: run scripts/docs"


def _missing(root: Path = ROOT) -> dict[str, str]:
    """The rule numbers cited under root that docs/rules.md does not define."""
    written = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    defined = set(re.findall(r"^- \*\*(R\d+(?:\.\d+)+)\*\* \S", written, re.MULTILINE))
    return {n: where for n, where in _cited(root).items() if n not in defined}


def test_every_cited_rule_number_has_its_text_in_docs() -> None:
    assert len(_cited()) >= 30  # the search finds the citations (R1.1 … R9.2)
    missing = _missing()
    assert not missing, f"cited but not in docs/rules.md: {missing}"


def test_a_citation_of_an_unknown_rule_is_caught(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    unknown = "R6" + ".9"  # written apart, so that this file cites no such rule itself
    (tmp_path / "src" / "plays.py").write_text(f"# {unknown}: a rule nobody wrote\n# R6.1\n")
    assert _missing(tmp_path) == {unknown: "src/plays.py"}


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_number_is_worded_for_every_preset(preset: str, lang: str) -> None:
    with use_language(lang):
        texts = _texts(PRESETS[preset])
    assert list(texts) == [n for _numeral, numbers in NUMBERS for n in numbers]
    assert all(text.strip() for text in texts.values())


def test_swedish_words_every_rule() -> None:
    """Each rule reads otherwise in Swedish (its sentences are translated, not fallen back)."""
    for preset in PRESETS.values():
        with use_language("en"):
            english = _texts(preset)
        with use_language("sv"):
            swedish = _texts(preset)
        same = [n for n in english if english[n] == swedish[n]]
        assert not same, (preset.id, same)


def test_every_knob_change_shows_in_the_reference() -> None:
    """Any offered change of any knob of any preset changes the wording of some rule: the
    reference is made from the profile, not written for the house rules alone."""
    unseen = []
    for preset in PRESETS.values():
        before = _texts(preset)
        for knob, values in CHOICES.items():
            for value in values:
                if value == getattr(preset, knob):
                    continue
                try:
                    changed = customize(preset, **{knob: value})
                except ValueError:  # a change that contradicts another knob is refused
                    continue
                if _texts(changed) == before:
                    unseen.append((preset.id, knob, value))
    assert not unseen


def test_the_knobs_reach_the_rules_that_cite_them() -> None:
    house = _texts(HOUSE)
    assert "52 points" in house["R8.1"] and "45 points" in house["R2.4"]  # R8.1, R2.4
    custom = _texts(customize(HOUSE, target=51, high_score_threshold=46))
    assert "51 points" in custom["R8.1"] and "51 points" in custom["R8.3"]
    assert "46 points" in custom["R2.4"]
    classic = _texts(get_profile("classic"))
    assert "Köpstopp" in classic["R2.4"]  # §X: classic's high-score rule
    assert classic["R8.3"].startswith("Not used by these rules")  # nobody is eliminated


def test_reference_lists_only_what_a_preset_changes() -> None:
    text = reference_markdown()
    house = _texts(HOUSE)
    common = text.split("### `common`", 1)[1]
    assert "- **R2.4** There is no high-score rule" in common
    assert f"- **R6.1** {house['R6.1']}" not in common  # the same in every preset


def test_chicago_rules_numbered(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["rules", "--numbered", "--profile", "classic", "--set", "target=51",
                 "--lang", "sv"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("# Numrerade regler: Klassisk Chicago med köpstopp")
    assert "- **R2.4** Köpstopp" in out and "51 poäng" in out
    assert all(f"**{n}**" in out for _numeral, numbers in NUMBERS for n in numbers)
    assert main(["rules", "--profile", "classic"]) == 0
    assert "**R2.4**" not in capsys.readouterr().out  # the plain rules are not numbered
