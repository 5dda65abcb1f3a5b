"""The proof that every word a player reads passes through the catalogs: the game played in
a generated pseudo-language (`xx`, tests/pseudo_locale.py) shows no text that is not
pseudo-localized — in line mode (a whole game, a hint at every decision) and `chicago
rules` — and the check catches one planted untranslated string.

The pages are checked in tests/web/test_pseudo_pages.py (as served, and in the browser)
with the same helper.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from chicago.cli import main
from chicago.core.rules import HOUSE
from chicago.plain import PlainOptions, play_plain
from chicago.text.i18n import use_language
from pseudo_locale import check, leaks, lines_of, pseudo

CARD_CODE = re.compile(r"^[2-9TJQKA][cdhs]$")
"""Line mode shows card codes as what to type (`Kd 7c`): the only words it may leave,
beside a rule profile's id (`chicago-gamewide-0.2`, typed after `--profile`) and paths."""
PROFILE_ID = re.compile(r"[a-z]+(-[a-z0-9.]+)+|`[a-z]+`")


def test_the_transformation_keeps_placeholders_and_markup() -> None:
    assert pseudo("Seat {seat} wins.") == "[Šéåţ {seat} ŵîñš.]"
    assert pseudo("<strong>Games</strong>: %(n)s {x!r} &amp;") == (
        "[<strong>Ĝåɱéš</strong>: %(n)s {x!r} &amp;]")
    assert leaks(pseudo("Keep all five (two pair)")) == []
    assert leaks("Keep all five") == ["Keep", "all", "five"]
    assert leaks("10♥ K♦ R2.4 Chicago Lisa", allowed={"Lisa"}) == []


def _line_mode(seed: int, save: Path) -> str:
    """A whole line-mode game in the pseudo-language: a hint at every decision, the rules,
    the scores and the help once, then always the first choice."""
    script = "rules\nscores\nhelp\n" + "hint\n1\n" * 3000
    options = PlainOptions(4, ("easy", "normal", "easy"), HOUSE, seed, str(save))
    out = io.StringIO()
    with use_language("xx"):
        code = play_plain(options, io.StringIO(script), out)
    assert code == 0, out.getvalue()[-3000:]
    return out.getvalue()


def _typed(word: str) -> bool:
    """A card code or a file's path: what the player types or named, not a sentence's word."""
    bare = word.strip(".,:;()[]")
    return (bool(CARD_CODE.match(bare) or PROFILE_ID.fullmatch(bare.strip("`")))
            or bare.startswith(("`", "--")) or "/" in word)


def _terminal_words(text: str, where: str) -> list[tuple[str, str]]:
    return [(" ".join(w for w in line.split() if not _typed(w)), where)
            for line, where in lines_of(text, where)]


def test_line_mode_plays_a_whole_game_in_the_pseudo_locale(xx: Path, tmp_path: Path) -> None:
    """Every line of a whole game, hints included (their reasons, odds and card names)."""
    out = _line_mode(7, tmp_path / "game.json")
    hints = [line for line in out.splitlines() if line.startswith("> ")]
    assert len(hints) > 20, out[-2000:]
    assert check(_terminal_words(out, "line mode")) > 200


def test_the_check_catches_a_planted_untranslated_string(
    xx: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """One string that bypasses the catalog (a chance written in English) is caught, named
    with its text and where it was seen."""
    monkeypatch.setattr("chicago.text.reasons.about", lambda p: "about 5%")
    monkeypatch.setattr("chicago.text.hints.about", lambda p: "about 5%")
    out = _line_mode(7, tmp_path / "game.json")
    with pytest.raises(AssertionError) as caught:
        check(_terminal_words(out, "line mode"))
    message = str(caught.value)
    assert "line mode: " in message and "(not localized: about)" in message


def test_chicago_rules_in_the_pseudo_locale(xx: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["rules", "--lang", "xx"], ["rules", "--lang", "xx", "--profile", "classic"],
                 ["rules", "--numbered", "--lang", "xx", "--profile", "common"]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        numerals = {"II", "III", "IV", "VI", "VII", "VIII", "IX"}  # the parts' numbers
        assert check(_terminal_words(out, "chicago " + " ".join(argv)), numerals) > 20


@pytest.mark.parametrize("name", ["pair_discarded", "chicago_into_a_loss", "winner_thrown"])
def test_the_coach_s_review_in_the_pseudo_locale(
    xx: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """`chicago review --lang xx` on a game with a planted mistake (the review tests' plants: the
    hand R4, the Chicago R7, the last trick R6.3): the summary, the mark, its reason with the
    odds and its cost are all worded through the catalogs, numbers as the locale writes them."""
    from review_plants import PLANTS

    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(PLANTS[name](False).data))
    argv = ["review", str(path), "--lang", "xx", "--stages", "16,64", "--workers", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.count("\n") > 3, out
    # the command that steps to a mark is typed as it is (`chicago replay FILE --step`)
    assert check(_terminal_words(out, "chicago " + " ".join(argv[:1] + argv[2:])),
                 allowed={"chicago", "replay"}) > 5
