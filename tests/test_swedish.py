"""The game in Swedish: card and hand words, the narration, illegal actions with
their rule, and the plain game played to its end with `--lang sv`."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from chicago.cli import main
from chicago.core import record
from chicago.core.cards import Suit, card, cards
from chicago.core.errors import IllegalAction
from chicago.core.hands import hand_value
from chicago.core.rules import PRESETS, customize
from chicago.text.cards import card_name, hand_name
from chicago.text.core_errors import error_words
from chicago.text.i18n import use_language
from chicago.text.narration import Narrator
from chicago.text.refusals import refusal_with_rule
from chicago.text.rules_text import profile_title

SCENARIOS = Path(__file__).with_name("scenarios")

ENGLISH_MARKERS = re.compile(
    r"\b(exchange|trick|your turn|points|seat|score|deal|discard|keep|decline|wins?|"
    r"cards?|choices|follow suit|saved|game|continue|you|the|and|with|of|to|rules|back|start)\b",
    re.IGNORECASE,
)
"""English words that must not appear in the Swedish game (whole words; "hand" and "Chicago" are
Swedish words too, and card faces like "Kd" are symbols)."""


def english_in(text: str) -> list[str]:
    # commands, game files and rule ids stay as they are: chicago replay, chicago-game.json
    text = re.sub(r"chicago (?:replay|rules)\b|\S+\.json|chicago-gamewide-\S+", " ", text)
    return sorted({m.group(0).lower() for m in ENGLISH_MARKERS.finditer(text)})


# --- words --------------------------------------------------------------------------------


def test_cards_and_hands_in_swedish() -> None:
    with use_language("sv"):
        assert card_name(card("Ah")) == "hjärter ess"
        assert card_name(card("Ts")) == "spader tia"
        assert card_name(card("Qd")) == "ruter dam"
        assert card_name(card("2c")) == "klöver tvåa"
        # R3.1 categories with the table's words
        assert hand_name(hand_value(cards("Ks Kd 5h 5c 9s"))) == "två par, kungar och femmor"
        assert hand_name(hand_value(cards("Qs Qd Qh 4c 9s"))) == "triss i damer"
        assert hand_name(hand_value(cards("Qs Qd Qh 4c 4s"))) == "kåk, damer över fyror"
        assert hand_name(hand_value(cards("7s 7d 7h 7c 9s"))) == "fyrtal i sjuor"
        assert hand_name(hand_value(cards("9h Th Jh Qh Kh"))) == "färgstege, kung högst"
        assert hand_name(hand_value(cards("Ah Th Jh Qh Kh"))) == "royal straight flush"
        assert hand_name(hand_value(cards("2h 3c 4h 5d 6s"))) == "stege, sexa högst"
    assert card_name(card("Ah")) == "ace of hearts"
    assert hand_name(hand_value(cards("Ks Kd 5h 5c 9s"))) == "two pair, kings and fives"


def test_an_illegal_action_is_told_in_swedish_with_its_rule() -> None:
    """R6.1: the example of docs/game-file.md, in Swedish, said from the refusal's data."""
    hearts = IllegalAction("follow_suit", "R6.1", seat=0, suit=Suit.HEARTS)
    spades = IllegalAction("follow_suit", "R6.1", seat=2, suit=Suit.SPADES)
    turn = IllegalAction("not_your_turn", "R6.1", turn=1, decision="play", seat=0)
    with use_language("sv"):
        assert (refusal_with_rule(hearts, me=0)
                == "Du måste bekänna färg: hjärter spelades ut (R6.1)")
        assert (refusal_with_rule(spades, me=0)
                == "Plats 2 måste bekänna färg: spader spelades ut (R6.1)")
        assert (refusal_with_rule(turn, me=0)
                == "Det är plats 1:s tur att lägga ett kort, inte din (R6.1)")
    assert refusal_with_rule(hearts, me=0) == "You must follow suit: hearts were led (R6.1)"


def test_an_illegal_action_in_a_game_file() -> None:
    """An imported backup's illegal action (R6.1) in the player's words; its English line
    (`chicago replay`'s) stays as docs/game-file.md has it."""
    error = record.GameFileError(
        "action {n}: {reason}", n=12,
        reason=IllegalAction("follow_suit", "R6.1", seat=1, suit=Suit.HEARTS))
    assert str(error) == "action 12: seat 1 must follow suit (hearts led) — R6.1"
    with use_language("sv"):
        assert error_words(error) == (
            "drag 12: Plats 1 måste bekänna färg: hjärter spelades ut (R6.1)")
    assert error_words(error) == "action 12: Seat 1 must follow suit: hearts were led (R6.1)"


def test_every_refusal_in_the_scenarios_is_worded() -> None:
    """Every illegal action the scenarios end with (R1–R8 and the §X knobs) reads in Swedish
    from its data, none in the core's English."""
    reasons = {}
    for path in SCENARIOS.glob("*.json"):
        try:
            record.replay(record.loads(path.read_text(encoding="utf-8")))
        except record.GameFileError as e:
            if isinstance(e.params.get("reason"), IllegalAction):
                reasons[str(e)] = e
    assert len(reasons) >= 10
    with use_language("sv"):
        english = sorted(line for line, e in reasons.items()
                         if str(e.params["reason"]).split(" — ")[0] in error_words(e))
    assert not english, english


def test_preset_titles_in_swedish() -> None:
    """The titles the plain game, the Textual game and the lobby show (the rules text's)."""
    custom = customize("classic", target=51)
    for preset in PRESETS.values():
        assert profile_title(preset) == preset.title
    assert profile_title(custom) == custom.title
    with use_language("sv"):
        assert profile_title(PRESETS["classic"]) == "Klassisk Chicago med köpstopp"
        assert profile_title(custom) == "Klassisk Chicago med köpstopp, ändrad: target=51"


def test_the_narrator_speaks_swedish() -> None:
    profile = PRESETS["chicago-gamewide-0.2"]
    n = Narrator(profile, 3)
    with use_language("sv"):
        assert n.lines({"type": "card_played", "seat": 2, "card": "Kd", "trick": 1}) == [
            "Stick 1: plats 2 spelar ut Kd."]
        assert n.lines({"type": "card_played", "seat": 0, "card": "Ad", "trick": 1}) == [
            "Du spelar Ad."]
        assert n.lines({"type": "trick_taken", "seat": 0, "card": "Ad", "trick": 1}) == [
            "Du tar stick 1 med Ad."]
        assert n.lines({"type": "hand_announced", "stage": 1, "seat": 1,
                        "category": "three of a kind"}) == [
            "Bästa handen efter byte 1: plats 1, med triss."]
        assert n.lines({"type": "chicago_called", "seat": 1}) == [
            "Plats 1 ropar Chicago och måste ta alla fem sticken."]
        assert n.lines({"type": "player_eliminated", "seat": 2, "score": 52}) == [
            "Plats 2 når 52 utan att ha ropat Chicago och är utslagen (R8.3)."]
        assert n.lines({"type": "exchange_skipped", "seat": 1, "exchange": 2,
                        "reason": "kopstopp"})[0].startswith("Plats 1 får inte byta")


# --- the plain game -------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "seats"), [(7, 4), (3, 2)])
def test_the_plain_game_plays_to_the_end_in_swedish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    seed: int, seats: int,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 5000))
    argv = ["play", "--plain", "--lang", "sv", "--seats", str(seats), "--level", "easy",
            "--seed", str(seed)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    for words in ("Byte 1.", "=== Giv 1:", "Din hand:", "Val: 1 ", "Partiet är slut:",
                  "Partiet sparat i chicago-game.json", "Poäng (mål 52):"):
        assert words in out, words
    assert re.search(r"^(Du|Plats \d) (tar|vinner) ", out, re.M)
    assert re.search(r"^Stick \d: (du|Astrid|Bengt|Cissi|Dag|Elsa) spelar ut ", out, re.M)
    assert english_in(out) == []


def test_the_plain_game_takes_swedish_answers_and_commands(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           ) -> None:
    monkeypatch.chdir(tmp_path)
    script = "hjälp\nställning\nbehåll\n" + "1\n" * 40 + "avsluta\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    assert main(["play", "--plain", "--lang", "sv", "--seats", "3", "--level", "easy",
                 "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "Svara med numret på ett val" in out  # hjälp
    assert re.search(r"^(Du|Plats \d) gav giv 1\.$", out, re.M)  # ställning
    assert "Du står kvar med alla fem korten." in out  # behåll
    assert "Partiet sparat i" in out and "Partiet är slut" not in out  # avsluta
    assert english_in(out) == []


def test_the_language_comes_from_the_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("avsluta\n"))
    assert main(["play", "--plain", "--seats", "2", "--level", "easy", "--seed", "1"]) == 0
    assert "Du sitter på plats 0" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "--plain", "--lang", "en", "--seats", "2", "--level", "easy",
                 "--seed", "1"]) == 0
    assert "You are seat 0" in capsys.readouterr().out
    assert main(["play", "--plain", "--lang", "sv", "--level", "mästare"]) == 2
    assert "okänd datornivå 'mästare'" in capsys.readouterr().err
