"""The narrator's sentences for a page (`told`): the very sentences the terminal prints
(same words, same order), with each card a part the page draws instead of its face, and a
deal begun by its heading instead of the terminal's === line. No card code is left in the
words (a page shows no "4d")."""

from __future__ import annotations

import random
import re

import pytest

from chicago.core.events import event_to_json
from chicago.core.game import Game
from chicago.core.rules import PRESETS
from chicago.text.cards import face
from chicago.text.i18n import use_language
from chicago.text.narration import Narrator, tell, told
from chicago.text.parts import mark, split
from chicago.text.seat_names import seat_names

CODE = re.compile(r"\b[2-9TJQKA][cdhs]\b")


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_told_parts_are_the_terminals_sentences_with_cards_to_draw(lang: str) -> None:
    game = Game.new(PRESETS[sorted(PRESETS)[0]], 4, 2024)
    rng = random.Random(3)
    while not game.finished and len(game.events) < 600:
        game.apply(rng.choice(list(game.legal_actions())))
    events = [j for j in (event_to_json(e, 1) for e in game.events) if j is not None]
    names = seat_names(4, 1)
    with use_language(lang):
        terminal = tell(Narrator(game.state.profile, 4, 1, faces=True, names=names), events)
        page = told(Narrator(game.state.profile, 4, 1, names=names), events)
    assert len(page) == len(terminal) == len(events)
    cards = 0
    for e, words, parts in zip(events, terminal, page, strict=True):
        drawn = "".join(p if isinstance(p, str) else face(p["card"]) for p in parts)
        if e["type"] == "deal_started":
            assert words == f"=== {drawn} ===", (words, drawn)
        else:
            assert drawn == words
        for p in parts:
            if isinstance(p, str):
                assert p and not CODE.search(p), p
            else:
                cards += 1
    assert cards > 40  # dealt, exchanged, offered, played and taken cards


def test_a_mark_is_cut_out_and_a_stray_one_dropped() -> None:
    assert split(f"Bengt plays {mark('Td')}.") == ["Bengt plays ", {"card": "Td"}, "."]
    assert split(f"{mark('As')} {mark('2c')}") == [{"card": "As"}, " ", {"card": "2c"}]
    assert split("a \ue000b\ue001") == ["a b"]
