"""Error messages a player reads are sentences in their language: every message
raised to a player through the catalogs starts with a capital in English and in Swedish, and
a sample of bad requests to the API is answered in Swedish, from a capital letter, for a
Swedish reader (the single player's games, a table with people, its chat, the history).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from live_support import friends_table
from test_api_support import Apps, Player

from catalog_messages import SRC
from chicago.text.i18n import catalog

INTERNAL = ("core/", "bots/", "store/", "bundle.py", "assets.py", "arena", "cli/", "plain/",
            "tui/local.py", "tui/model.py")
"""Code whose errors no player reads as they are: the rules core's (worded by
text/refusals.py), the bots' and the store's (bugs, not refusals), the command line's (after
the program's name, as command-line tools write them)."""


def raised_messages() -> list[tuple[str, str]]:
    """Every `raise E(_("..."))` message outside INTERNAL, and the errors modules' own
    (`super().__init__(_("..."))`), with where it is raised."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        where = str(path.relative_to(SRC))
        if any(part in where for part in INTERNAL):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                call = node.exc
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "__init__" and "errors" in where):
                call = node  # an error class's own message: super().__init__(_("..."))
            else:
                continue
            for arg in call.args[:1]:
                if (isinstance(arg, ast.Call) and getattr(arg.func, "id", "") == "_"
                        and arg.args and isinstance(arg.args[0], ast.Constant)
                        and isinstance(arg.args[0].value, str)):
                    found.append((arg.args[0].value, f"{where}:{node.lineno}"))
    return found


def sentence(text: str) -> bool:
    """Starts with a capital, or with the name of what it is about as it was typed: a
    placeholder for a request's field ("{field} must be a card like "Ah"") or a command
    line's option ("--levels needs at least one level")."""
    return text[:1].isupper() or text[:1] == "{" or text.startswith("--")


def test_every_raised_message_starts_with_a_capital_in_both_languages() -> None:
    messages = raised_messages()
    assert len(messages) > 80  # the walk finds the API's, the tables' and the history's
    sv = catalog("sv")
    lower = [f"{where}: {msgid!r}" for msgid, where in messages if not sentence(msgid)]
    lower += [f"{where}: sv {sv[msgid].string!r}" for msgid, where in messages
              if sv.get(msgid) is not None and isinstance(sv[msgid].string, str)
              and not sentence(sv[msgid].string)]
    assert not lower, "messages that do not start with a capital:\n" + "\n".join(lower)


def test_a_planted_lower_case_message_is_found(tmp_path: Path, monkeypatch: Any) -> None:
    """The walk is not blind: a raise with a lower-case message is one of its findings."""
    planted = tmp_path / "planted.py"
    planted.write_text('def f():\n    raise ValueError(_("seats must be many"))\n')
    import test_error_words as me

    monkeypatch.setattr(me, "SRC", tmp_path)
    assert me.raised_messages() == [("seats must be many", "planted.py:2")]


def swedish(player: Player) -> Player:
    player.http.cookies.set("chicago_lang", "sv")
    return player


ENGLISH_WORDS = {"the", "must", "unknown", "send", "field", "not", "seat", "is", "game", "a",
                 "and", "or", "your"}
"""English words a Swedish sentence does not hold (field names are quoted JSON keys)."""


def assert_swedish_sentence(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    text = str(r.json()["error"])
    assert text[:1].isupper(), text
    words = {w.strip(".,:()!?\"'").lower() for w in text.split()}
    assert not words & ENGLISH_WORDS, (text, words & ENGLISH_WORDS)
    return text


def test_bad_requests_are_answered_in_swedish_from_a_capital(apps: Apps) -> None:
    app = apps.new()
    ann, bo = swedish(Player(app)), swedish(Player(app))
    sample = [
        (ann.post("/api/games", [1, 2]), 400),
        (ann.post("/api/games", {"seats": 9}), 400),
        (ann.post("/api/games", {"colour": "red"}), 400),
        (ann.post("/api/tables", "text"), 400),
        (ann.post("/api/tables", {"name": "Ann", "seats": 1}), 400),
        (ann.post("/api/tables", {"name": "Ann", "timer": 7}), 400),
        (ann.post("/api/tables", {"name": "Ann", "chairs": 3}), 400),
        (ann.get("/api/history?page=0"), 400),
        (ann.get("/api/history?result=draw"), 400),
    ]
    game_id, _token = friends_table(ann, [bo], seats=2, bots=0)
    sample += [
        (bo.post(f"/api/tables/{game_id}/chat", {"phrase": "hi"}), 400),
        (bo.post(f"/api/tables/{game_id}/chat", {"text": ""}), 400),
        (bo.post(f"/api/tables/{game_id}/chat", {"words": "hej"}), 400),
        (bo.post(f"/api/tables/{game_id}/away", {"away": "yes"}), 400),
        (bo.post(f"/api/tables/{game_id}/actions", {"version": 0}), 400),
        (bo.post(f"/api/tables/{game_id}/actions",
                 {"version": 0, "action": {"type": "play", "card": "Ah"}}), 409),
    ]
    for r, status in sample:
        assert_swedish_sentence(r, status)
