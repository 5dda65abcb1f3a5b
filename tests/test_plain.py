"""The plain terminal game (`chicago play --plain`): scripted stdin plays whole games, quit
and end of input save a replayable file, hints, bad input, and no leak of others' cards (R9.1)."""

from __future__ import annotations

import dataclasses
import io
import json
import re
import sys
from pathlib import Path

import pytest

from chicago.bots import bot_stream
from chicago.bots.hard import CALL_SAMPLES, WORLDS
from chicago.cli import main
from chicago.core.actions import ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import Card, card, cards
from chicago.core.events import CardsDealt, CardsExchanged, CardsReturned, DealStarted, OfferShown
from chicago.core.game import Game
from chicago.core.record import loads, replay
from chicago.core.rules import HOUSE, RuleProfile, get_profile
from chicago.core.shuffle import Stream
from chicago.core.state import Phase, StackedDeal
from chicago.plain import PlainGame, PlainOptions, opponent_levels, parse_card, play_plain
from chicago.text.cards import card_code, face, in_hand_order, typed_card
from chicago.text.i18n import use_language
from chicago.text.seat_names import BOT_NAMES

ONES = "1\n" * 5000


def run_plain(
    tmp_path: Path, script: str, seed: int = 7, seats: int = 4, profile: RuleProfile = HOUSE
) -> tuple[int, str, Path]:
    """Play a plain game with easy bots on a script; the exit code, the output, the file."""
    save = tmp_path / "game.json"
    options = PlainOptions(seats, ("easy",) * (seats - 1), profile, seed, str(save))
    out = io.StringIO()
    code = play_plain(options, io.StringIO(script), out)
    return code, out.getvalue(), save


def replayed(path: Path) -> Game:
    return replay(loads(path.read_text(encoding="utf-8")))


# --- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "seats"), [(7, 4), (3, 2), (12, 6)])
def test_a_script_of_ones_plays_a_whole_game(tmp_path: Path, seed: int, seats: int) -> None:
    code, out, save = run_plain(tmp_path, ONES, seed=seed, seats=seats)
    assert code == 0
    game = replayed(save)
    assert game.finished
    winner = game.state.winner
    assert winner is not None
    name = "You" if winner == 0 else BOT_NAMES[winner - 1]  # as the web table names them
    assert re.search(rf"^{name} wins? the game by ", out, re.M)
    end = "Game over: you win." if winner == 0 else f"Game over: {name} wins."
    assert end in out
    assert f"Game saved to {save}. Replay it with: chicago replay {save}" in out
    final = [ln for ln in out.splitlines() if ln.startswith("Game over:")][-1]
    for seat, score in enumerate(game.state.scores):
        who = "you" if seat == 0 else BOT_NAMES[seat - 1]
        assert re.search(rf"\b{who} {score}\b", final)
    assert_no_leak(out, game)


def test_other_profiles_play_to_the_end(tmp_path: Path) -> None:
    for name in ("classic", "basic", "common"):
        code, out, save = run_plain(tmp_path, ONES * 4, seed=2, seats=3,
                                    profile=get_profile(name))
        assert code == 0, name
        game = replayed(save)
        assert game.finished, name
        assert "Game over:" in out
        assert_no_leak(out, game)


def test_cli_play_plain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(ONES))
    assert main(["play", "--plain", "--seats", "3", "--levels", "easy,easy", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Game over:" in out
    assert (tmp_path / "chicago-game.json").exists()  # the default save file
    assert main(["replay", "chicago-game.json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "finished"


def test_cli_play_refuses_bad_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--plain", "--seats", "3", "--levels", "easy,easy,easy"]) == 2
    assert ("a game of 3 seats has 2 computer players (seats 1 to 2; you are seat 0): give 2 "
            "levels, or one for all, not 3") in capsys.readouterr().err
    assert main(["play", "--plain", "--level", "champion"]) == 2
    assert "unknown bot level 'champion'" in capsys.readouterr().err


def test_opponent_levels() -> None:
    assert opponent_levels(4, None, None) == ("normal",) * 3
    assert opponent_levels(3, "easy", None) == ("easy", "easy")
    assert opponent_levels(3, None, "easy,hard") == ("easy", "hard")
    assert opponent_levels(5, None, "hard") == ("hard",) * 4
    with pytest.raises(ValueError, match="not both"):
        opponent_levels(3, "easy", "easy,easy")


# --- quit, end of input, saving ------------------------------------------------------------


def last_scores(out: str) -> list[int]:
    line = [ln for ln in out.splitlines() if "Scores (target" in ln][-1]  # `scores` or a deal end
    line = line[line.index("Scores (target"):]
    return [int(x) for x in re.findall(r"(?:you|Astrid|Bengt|Cissi|Dag|Elsa) (-?\d+)", line)]


def test_quit_saves_a_file_that_replay_reproduces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, save = run_plain(tmp_path, "1\n" * 60 + "scores\nquit\n")
    assert code == 0
    assert f"Game saved to {save}. Replay it with: chicago replay {save}" in out
    assert "Game over" not in out
    assert main(["replay", str(save)]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["status"] == "in_progress"
    assert state["to_act"]["seat"] == 0  # quit at seat 0's prompt
    assert state["scores"] == last_scores(out)
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["seed"] == 7 and data["meta"]["levels"] == [None, "easy", "easy", "easy"]
    assert "players" not in data["meta"]  # no person is called "you" or "easy"
    assert_no_leak(out, replayed(save))


def test_end_of_input_acts_like_quit(tmp_path: Path) -> None:
    code, out, save = run_plain(tmp_path, "1\n1\n")
    assert code == 0 and "Game saved to" in out
    game = replayed(save)
    assert not game.finished and game.state.to_act == 0
    assert sum(a.seat == 0 for a in game.actions) >= 1


def test_an_unwritable_save_file_is_reported(tmp_path: Path) -> None:
    options = PlainOptions(seats=2, levels=("easy",), seed=1,
                           save=str(tmp_path / "missing" / "g.json"))
    out = io.StringIO()
    assert play_plain(options, io.StringIO("quit\n"), out) == 1
    assert "Could not save the game to" in out.getvalue()


# --- commands and bad input -----------------------------------------------------------------


def test_hint_gives_a_suggestion_and_its_reason(tmp_path: Path) -> None:
    _, out, _ = run_plain(tmp_path, "hint\nquit\n")
    line = next(ln for ln in out.splitlines() if "Hint (" in ln)
    assert re.search(r"Hint \(\w+ bot\): (keep all five cards|discard (10|[2-9JQKA])[♣♦♥♠])"
                     r".*\(type [^)]+\)\. \S", line), line


def test_rules_scores_and_help(tmp_path: Path) -> None:
    _, out, _ = run_plain(tmp_path, "rules\nscores\nhelp\nquit\n")
    assert "# " in out and "Chicago" in out  # the rules page, in Markdown
    assert "Scores (target 52): you 0, Astrid 0, Bengt 0, Cissi 0." in out
    assert "Commands: hint" in out


def test_bad_input_is_refused_with_a_message(tmp_path: Path) -> None:
    script = "\n".join([
        "9",          # no such position
        "Zz",         # not a card
        "1 1",        # twice
        "1 2 3 4 5",  # too many (house rules: at most 4)
        "", "1",      # empty line, then discard the first card: an open offer follows
        "maybe", "1",
        "quit",
    ]) + "\n"
    _, out, save = run_plain(tmp_path, script)
    assert "9 is not a card position: your hand has 5 cards (1-5)." in out
    assert "'Zz' is not a card position or a card name" in out
    assert "is named twice: discard each card once." in out
    assert "You may discard at most 4 cards, not 5 (R2.1)." in out
    assert "Please type an answer" in out
    assert "'maybe' is not one of the choices: type 1 or keep, 2 or decline." in out
    game = replayed(save)
    first, second = [a for a in game.actions if a.seat == 0][:2]
    assert isinstance(first, Exchange) and len(first.discard) == 1
    assert second == Offer(0, True)


def test_a_card_not_held_is_refused(tmp_path: Path) -> None:
    game = Game.new(seats=2, seed=1, dealer=1)
    other = game.state.hands[1][0]
    ui, out = ui_for(game, f"{other.text}\nkeep\n")
    action = ui.choose(game.view(0), game.legal_actions(), Stream(0))
    assert action == Exchange(0, ())
    assert f"You do not hold {face(other)}." in out.getvalue()  # as the hand shows it
    # Seat 0 was asked with its own hand shown, and only that.
    asked = out.getvalue().split("You do not hold")[0]
    assert all(face(c) in asked for c in game.state.hands[0])
    assert face(other) not in asked


def test_cards_are_shown_by_their_faces_and_typed_either_way() -> None:
    """Line mode shows a card as players read it (K♦), never a file's code (Kd), and takes
    either form as an answer; its help says both."""
    game = Game.new(seats=2, seed=1, dealer=1)
    first, second = game.state.hands[0][:2]
    ui, out = ui_for(game, f"help\n{face(first)} {second.text.lower()}\n")
    action = ui.choose(game.view(0), game.legal_actions(), Stream(0))
    assert isinstance(action, Exchange) and set(action.discard) == {first, second}
    text = out.getvalue()
    assert not re.search(r"\b[2-9TJQKA][cdhs]\b", text.split("(e.g.")[0]), text
    assert "10♥ K♦" in text and "10h Kd" in text  # the help: both forms


# --- single decisions, on prepared states ---------------------------------------------------


def ui_for(game: Game, script: str) -> tuple[PlainGame, io.StringIO]:
    out = io.StringIO()
    ui = PlainGame(game, ("easy",) * (game.setup.seats - 1), io.StringIO(script), out,
                   Path("unused.json"))
    return ui, out


def test_names_and_positions_choose_the_same_discard() -> None:
    game = Game.new(seats=2, seed=1, dealer=1)
    hand = in_hand_order(game.state.hands[0])  # positions count in the shown order
    ui, _ = ui_for(game, f"{hand[1].text.lower()},{hand[3].text}\n")
    by_name = ui.choose(game.view(0), game.legal_actions(), Stream(0))
    ui, _ = ui_for(game, "2 4\n")
    by_position = ui.choose(game.view(0), game.legal_actions(), Stream(0))
    assert isinstance(by_name, Exchange) and isinstance(by_position, Exchange)
    assert set(by_name.discard) == set(by_position.discard) == {hand[1], hand[3]}


def test_the_high_score_reset_asks_for_confirmation() -> None:
    """R2.4: the reset is confirmed; the safe answer is 1 (no), as at the Chicago question."""
    game = Game.new(seats=2, seed=1, dealer=1)
    game.state = dataclasses.replace(game.state, scores=(47, 3))
    ui, out = ui_for(game, "1\n1\n1\nmaybe\nyes\n")
    action = ui.choose(game.view(0), game.legal_actions(), Stream(0))
    text = out.getvalue()
    assert "discarding any card resets your score to 0 (R2.4)" in text
    assert "Discarding resets your score from 47 to 0 (R2.4). Go ahead?" in text
    assert "Then choose again." in text
    assert "Choices: 1 no  2 yes" in text and text.count("Then choose again.") == 1
    assert "'maybe' is not one of the choices: type 1 or no, 2 or yes." in text
    assert isinstance(action, Exchange) and action.confirm_reset and len(action.discard) == 1
    game.apply(action)  # accepted by the engine
    # Keeping all five needs no confirmation.
    game2 = Game.new(seats=2, seed=1, dealer=1)
    game2.state = dataclasses.replace(game2.state, scores=(47, 3))
    ui, out = ui_for(game2, "keep\n")
    assert ui.choose(game2.view(0), game2.legal_actions(), Stream(0)) == Exchange(0, ())
    assert "Go ahead?" not in out.getvalue()


def four_aces() -> Game:
    """Two seats, dealer 1: seat 0 holds four aces, and both keep all five."""
    deal = StackedDeal(hands=((0, cards("As Ah Ad Ac 2c")), (1, cards("Kh Qd 9s 7c 4h"))),
                       stock=())
    game = Game.new(seats=2, seed=1, dealer=1, deals=[deal])
    game.apply(Exchange(0, ()))
    game.apply(Exchange(1, ()))
    assert game.state.phase is Phase.QUADS and game.state.to_act == 0
    return game


def test_quads_choice() -> None:
    game = four_aces()
    ui, out = ui_for(game, "2\n")
    assert ui.choose(game.view(0), game.legal_actions(), Stream(0)) == QuadsChoice(0, "reset")
    assert "Take 8 points" in out.getvalue() and "(R4.3)" in out.getvalue()
    ui, out = ui_for(game, "points\n")
    assert ui.choose(game.view(0), game.legal_actions(), Stream(0)) == QuadsChoice(0, "points")


def advance_to(predicate: object, seed: int) -> Game:
    """Play random legal actions until `predicate(game)` holds at seat 0's turn."""
    assert callable(predicate)
    for s in range(seed, seed + 200):
        game = Game.new(seats=3, seed=s)
        rng = Stream(s, "test")
        for _ in range(3000):
            if game.finished:
                break
            if game.state.to_act == 0 and predicate(game):
                return game
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
    raise AssertionError("no such state found")


def test_chicago_question_shows_the_stakes() -> None:
    game = advance_to(lambda g: g.state.phase is Phase.CHICAGO, 1)
    ui, out = ui_for(game, "call\n")
    assert ui.choose(game.view(0), game.legal_actions(), Stream(0)) == ChicagoCall(0, True)
    text = out.getvalue()
    assert "+15 if you do, -15 if not" in text
    assert "gains 10" in text and "qualifies you to win the game" in text
    ui, out = ui_for(game, "1\n")
    assert ui.choose(game.view(0), game.legal_actions(), Stream(0)) == ChicagoCall(0, False)


def test_play_lists_legal_cards_and_explains_follow_suit() -> None:
    def must_follow(g: Game) -> bool:
        return (g.state.phase is Phase.PLAY and bool(g.state.trick)
                and len(g.legal_actions()) < len(g.state.hands[0]))

    game = advance_to(must_follow, 1)
    legal = [a.card for a in game.legal_actions() if isinstance(a, Play)]
    off = next(c for c in game.state.hands[0] if c not in legal)
    ui, out = ui_for(game, f"{off.text}\n{len(legal) + 1}\n{legal[-1].text}\n")
    assert ui.choose(game.view(0), game.legal_actions(), Stream(0)) == Play(0, legal[-1])
    text = out.getvalue()
    led = game.state.trick[0][1].suit.word
    assert f"You must follow suit: {led} were led (R6.1)." in text
    assert f"{len(legal) + 1} is not one of the choices (1-{len(legal)})." in text
    assert "Play: 1 " + face(legal[0]) in text


def test_hints_give_the_coachs_odds() -> None:
    """The hint names the decision with its chances, from the hard level's own numbers: an
    exchange's odds by the last exchange (R2, R4), the Chicago question's chance of all five
    tricks and what a call is worth (R5, R7.4), a card's chance of the last trick (R6.3)."""
    game = Game.new(seats=3, seed=1, dealer=2)
    ui, out = ui_for(game, "hint\nkeep\n")
    ui.choose(game.view(0), game.legal_actions(), bot_stream(1, 0, 0))
    line = next(ln for ln in out.getvalue().splitlines() if "Hint (" in ln)
    assert re.search(r"By the third exchange: .*\d+%.*Best hand at the next scoring: \d+%\. "
                     rf"Estimates from {WORLDS} deals imagined from what you can see\.", line), line
    game = advance_to(lambda g: g.state.phase is Phase.CHICAGO, 1)
    ui, out = ui_for(game, "hint\nno\n")
    ui.choose(game.view(0), game.legal_actions(), Stream(0))
    line = next(ln for ln in out.getvalue().splitlines() if "Hint (" in ln)
    assert re.search(rf"You take all five tricks in (about \d+%|under 1%) of {CALL_SAMPLES} "
                     r"deals .*"
                     r"\(an estimate\)\. "
                     r"(A call gives up your hand's final award: [^.]*\(R4\.5\)\. )?"
                     r"(In this game a call is worth|A call very likely decides)",
                     line), line
    assert "(R7.4)" in line
    game = advance_to(lambda g: g.state.phase is Phase.PLAY and len(g.legal_actions()) > 1
                      and g.state.caller is None, 1)
    ui, out = ui_for(game, "hint\n1\n")
    ui.choose(game.view(0), game.legal_actions(), Stream(0))
    line = next(ln for ln in out.getvalue().splitlines() if "Hint (" in ln)
    assert re.search(r"last trick.* \d+% of 40 (imagined )?deals", line), line


def test_hint_uses_the_seat_0_stream() -> None:
    game = Game.new(seats=2, seed=1, dealer=1)
    ui, out = ui_for(game, "hint\nkeep\n")
    ui.choose(game.view(0), game.legal_actions(), bot_stream(1, 0, 0))
    assert "Hint (" in out.getvalue()


def test_parse_card() -> None:
    assert parse_card("ah") is cards("Ah")[0]
    assert parse_card("10h") is cards("Th")[0]
    assert parse_card("KD") is cards("Kd")[0]
    assert parse_card("1h") is None and parse_card("xyz") is None


# --- information (R9.1) -------------------------------------------------------------------


def assert_no_leak(out: str, game: Game) -> None:
    """No card another seat holds appears in the output before its card_played line.

    The full record (every event of the replayed file) says which cards each seat held in
    each deal; cards seat 0 saw itself (its own, face-up offers) are excluded.
    """
    deals: list[list[object]] = []
    for e in game.events:
        if isinstance(e, DealStarted):
            deals.append([])
        if deals:
            deals[-1].append(e)
    segments = re.split(r"^=== Deal \d+", out, flags=re.M)[1:]
    assert len(segments) == len(deals)
    for number, (events, text) in enumerate(zip(deals, segments, strict=True), 1):
        theirs: set[Card] = set()
        seen: set[Card] = set()
        for e in events:
            if isinstance(e, CardsDealt):
                (seen if e.seat == 0 else theirs).update(e.cards)
            elif isinstance(e, CardsExchanged):
                (seen if e.seat == 0 else theirs).update(e.drawn)
            elif isinstance(e, OfferShown):
                seen.add(e.card)
            elif isinstance(e, CardsReturned):
                seen.update(c for _, c in e.plays)
        lines = text.splitlines()
        for c in theirs - seen:
            pattern = re.compile(rf"(?<![A-Za-z0-9]){c.text}(?![A-Za-z0-9])")
            first = next((ln for ln in lines if pattern.search(ln)), None)
            if first is None:
                continue
            assert re.fullmatch(
                rf"(> )?(Trick \d: s|S)eat \d (leads|plays) {c.text}\.", first
            ), f"deal {number}: {c.text} of another seat shown before it was played: {first!r}"


def test_the_leak_check_catches_a_leak(tmp_path: Path) -> None:
    _, out, save = run_plain(tmp_path, "quit\n")
    game = replayed(save)
    dealt = next(e for e in game.events if isinstance(e, CardsDealt) and e.seat == 1)
    leaky = out.replace("Exchange 1.\n", f"Exchange 1.\nSeat 1 holds {dealt.cards[0].text}.\n", 1)
    assert_no_leak(out, game)
    with pytest.raises(AssertionError, match="shown before it was played"):
        assert_no_leak(leaky, game)


# --- zero, keep with more words, the save folder -----------------------------------


def test_zero_at_an_exchange_is_no_card_position() -> None:
    """R2.1: 0 to 4 cards may be discarded, but `0` is not a way to say keep."""
    game = Game.new(seats=2, seed=1, dealer=1)
    ui, out = ui_for(game, "0\n0 2\nkeep\n")
    action = ui.choose(game.view(0), game.legal_actions(), Stream(0))
    assert action == Exchange(0, ())  # only the final "keep" kept the hand
    text = out.getvalue()
    message = ("0 is not a card position: positions run from 1 to 5. To keep all your cards, "
               "type keep.")
    assert text.count(message) == 2


def test_keep_with_other_words_gets_a_clear_message() -> None:
    game = Game.new(seats=2, seed=1, dealer=1)
    ui, out = ui_for(game, "keep please\nkeep 2\n2\n")
    action = ui.choose(game.view(0), game.legal_actions(), Stream(0))
    assert action == Exchange(0, (game.state.hands[0][1],))
    message = ("Type keep on its own to keep all your cards, or name the cards to discard "
               "(like 2 5), not both.")
    assert out.getvalue().count(message) == 2
    assert "'keep' is not a card position" not in out.getvalue()


def test_save_to_a_missing_folder_is_refused_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(ONES))
    missing = tmp_path / "nowhere" / "game.json"
    assert main(["play", "--plain", "--seed", "4", "--save", str(missing)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no game was started
    assert captured.err == (
        f"chicago play: --save {missing}: the folder {missing.parent} does not exist\n"
    )
    assert main(["play", "--plain", "--seed", "4", "--save", str(tmp_path)]) == 2
    assert "is a folder: give a file name" in capsys.readouterr().err
    assert not missing.parent.exists()


def test_swedish_level_names_and_j_for_yes() -> None:
    """docs/glossary.md: lätt / normal / svår name the levels wherever levels are given; `j`
    answers yes at the 45+ confirmation (R2.4), after the safe answer first."""
    assert opponent_levels(4, "svår", None) == ("hard",) * 3
    assert opponent_levels(4, None, "lätt,normal,Svår") == ("easy", "normal", "hard")
    with pytest.raises(ValueError, match="unknown bot level 'svårast'"):
        opponent_levels(3, "svårast", None)
    game = Game.new(seats=2, seed=1, dealer=1)
    game.state = dataclasses.replace(game.state, scores=(47, 3))
    with use_language("sv"):
        ui, out = ui_for(game, "1\nj\n")
        action = ui.choose(game.view(0), game.legal_actions(), Stream(0))
    assert isinstance(action, Exchange) and action.confirm_reset
    assert "Val: 1 nej  2 ja" in out.getvalue()


def test_the_hand_is_shown_in_one_order_from_the_deal_to_the_tricks() -> None:
    """The exchange, the tricks and the log list the hand in the same order (highest rank
    first, ♠ ♥ ♣ ♦ within a rank), so the card at a position is the same card throughout."""
    game = Game.new(seats=2, seed=1, dealer=1)
    order = in_hand_order(game.state.hands[0])
    assert order != list(game.state.hands[0])  # the engine's order is another one
    ui, out = ui_for(game, "keep\n")
    ui.show(game, game.events)
    ui.choose(game.view(0), game.legal_actions(), Stream(0))
    shown = " ".join(face(c) for c in order)
    text = out.getvalue()
    assert f"Your cards: {shown}." in text  # the log
    numbered_hand = "  ".join(f"{i} {face(c)}" for i, c in enumerate(order, 1))
    assert f"Your hand: {numbered_hand}" in text  # the exchange
    game = advance_to(lambda g: g.state.phase is Phase.PLAY and not g.state.trick, 1)
    ui, out = ui_for(game, "1\n")
    ui.choose(game.view(0), game.legal_actions(), Stream(0))
    order = in_hand_order(game.view(0).hand)
    assert f"Your hand: {' '.join(face(c) for c in order)}. Play: 1 {face(order[0])}  2 " in (
        out.getvalue())


def test_swedish_players_name_cards_in_swedish_letters() -> None:
    """In Swedish a card is typed as Swedish players write it (E K D Kn for ess, kung, dam,
    knekt; k r h s for klöver, ruter, hjärter, spader; the suit before or after); the
    English letters still work, and the help and examples use the Swedish ones."""
    game = Game.new(seats=2, seed=1, dealer=1)
    hand = in_hand_order(game.state.hands[0])
    with use_language("sv"):
        swedish = [card_code(c) for c in (hand[1], hand[3])]
        ui, _out = ui_for(game, f"{swedish[0].lower()} {swedish[1].upper()}\n")
        by_letters = ui.choose(game.view(0), game.legal_actions(), Stream(0))
        assert typed_card("knk") == card("Jc") and typed_card("hd") == card("Qh")
        assert typed_card("kk") == card("Kc") and typed_card("Eh") == card("Ah")
        assert typed_card("Qd") == card("Qd")  # English letters too
        assert card_code(card("Qd")) == "Dr" and card_code(card("Jc")) == "Knk"
        ui, help_out = ui_for(game, "?\nkeep\n")
        ui.choose(game.view(0), game.legal_actions(), Stream(0))
    assert isinstance(by_letters, Exchange)
    assert set(by_letters.discard) == {hand[1], hand[3]}
    assert "10h Kr" in help_out.getvalue() and "k (klöver), r (ruter)" in help_out.getvalue()
