"""The words of accounts, API errors, the command line and the terminal table have
Swedish translations in `sv/LC_MESSAGES/accounts.po`, with the same placeholders."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from chicago.table.tables.service import MAX_SEED
from chicago.text.i18n import LOCALE_DIR, _, ngettext, use_language
from chicago.web.body import BodyError, parse_json_body

ROOT = Path(__file__).resolve().parents[1]
CATALOG = LOCALE_DIR / "sv" / "LC_MESSAGES" / "accounts.po"


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)[^}]*\}", text))


def test_every_message_in_the_catalog_has_its_placeholders() -> None:
    with CATALOG.open("rb") as f:
        catalog = read_po(f, locale="sv")
    messages = [m for m in catalog if m.id]
    assert len(messages) >= 40
    for m in messages:
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(strings), m.id
        for text in strings:
            assert _placeholders(text) == _placeholders(ids[0]), m.id


def test_the_code_has_no_word_without_a_swedish_translation(tmp_path: Path) -> None:
    """Every message the extractor finds in the code has a Swedish translation in some .po
    file (ours here; the other engineers' files as they land)."""
    pot = tmp_path / "messages.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
         "-k", "_", "-k", "N_", "-k", "ngettext:1,2", "-k", "t", "-o", str(pot), "."],
        cwd=ROOT, check=True, capture_output=True,
    )
    with pot.open("rb") as f:
        wanted = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id}
    have: set[str] = set()
    for po in (LOCALE_DIR / "sv" / "LC_MESSAGES").glob("*.po"):
        with po.open("rb") as f:
            have |= {m.id if isinstance(m.id, str) else m.id[0]
                     for m in read_po(f, locale="sv") if m.id and m.string}
    assert not sorted(wanted - have)


def test_swedish_words_are_used() -> None:
    with use_language("sv"):
        assert _("Your account") == "Ditt konto"
        assert ngettext("The account holds {n} game.", "The account holds {n} games.", 3) == (
            "Kontot har 3 partier.")
        try:
            parse_json_body(b"\xff", "application/json")
        except BodyError as e:
            assert e.message == "Anropets kropp är inte UTF-8-text"
        assert str(MAX_SEED) in _(
            "the game file's seed {seed} is outside 0 to {top}, the seeds a new game can have",
            seed="1", top=str(MAX_SEED))
    assert _("Your account") == "Your account"
