"""The normal level's exchange valuation as another seat's policy (bots/keeps.py; R2.1, R2.4,
R4.1): which count a seat holding a hand likely exchanged and which cards it kept, from the
public facts only, with every count left a chance."""

from __future__ import annotations

from chicago.bots.hard import HardBot
from chicago.bots.keeps import TEMPERATURE, NormalKeep, floors_at, normal_keep
from chicago.bots.policy import FLOOR, KINDS, Exchanged, replay
from chicago.core.cards import Card, cards
from chicago.core.engine import legal_actions
from chicago.core.hands import Category
from chicago.core.rules import DEFAULT_PROFILE
from chicago.core.shuffle import Stream
from chicago.core.views import view
from test_bots_policy import stood_pat_state, twin_of_stood_pat

SCORES = (10, 12, 8, 20)
NONE4 = (False,) * 4


def keeper(scores: tuple[int, ...] = SCORES, exchange: int = 2) -> NormalKeep:
    return normal_keep(DEFAULT_PROFILE, 0, scores, NONE4, NONE4, exchange, 3, ())


def likeliest(k: NormalKeep, hand: str) -> tuple[int, list[float]]:
    chances = k.chances(k.by_count(cards(hand)))
    return max(range(6), key=lambda c: chances[c]), chances


def test_the_counts_follow_the_hand() -> None:
    """R2.1: a made straight stands pat, two pair draws one, a lone pair keeps the pair
    (with at most one kicker); no count a rule allows is impossible, and a count the rules
    forbid (five, beyond the house's four, R2.1) gets none."""
    k = keeper()
    assert likeliest(k, "9h 8d 7c 6s 5h")[0] == 0
    assert likeliest(k, "Kh Kd 7c 7s 2h")[0] == 1
    count, chances = likeliest(k, "9h 9d Kc 6s 2h")
    assert count in (2, 3)
    assert all(p > 0 for p in chances[:5]) and chances[5] == 0.0
    options = k.by_count(cards("9h 9d Kc 6s 2h"))
    kept = options[3]
    assert kept is not None and sorted(kept[1]) == sorted(cards("9h 9d"))


def test_at_the_reset_line_a_discard_costs_the_points() -> None:
    """R2.4: at 45 or more a discard resets the seat's score, so a seat there stands pat on
    a pair far more likely than one at 10."""
    low = keeper()
    high = keeper(scores=(47, 12, 8, 20))
    pair = "9h 9d Kc 6s 2h"
    assert likeliest(high, pair)[1][0] > 5 * likeliest(low, pair)[1][0]


def test_floors_are_announced_hands_still_held() -> None:
    """R4.1: a hand another seat announced and kept (it exchanged no more than the cards
    outside it since) is a floor the seat faced; the seat's own announcement is not."""
    announced = ((1, 2, Category.THREE_OF_A_KIND), (1, 0, Category.FLUSH))
    kept_it = ((1, 1, 2, 3), (0, 1, 1, 0), (None,) * 4)
    broke_it = ((1, 1, 2, 3), (0, 1, 3, 0), (None,) * 4)
    assert len(floors_at(announced, kept_it, 0, 3)) == 1
    assert floors_at(announced, broke_it, 0, 3) == ()
    assert len(floors_at(announced, kept_it, 1, 3)) == 2


def test_a_history_replayed_by_the_valuation_keeps_its_cards() -> None:
    """R2.1, R2.5: a replayed exchange keeps the cards the valuation keeps for the count
    seen, and the history weighs the count's chance (at least the floor); a seat that stood
    pat weighs more with a made hand than with rags."""
    pool = cards("9h 9d Kc 6s 2h Ah Qd 3c")
    k = keeper(exchange=1)
    for seed in range(6):
        last, weight, _fits, blind = replay((Exchanged(1, 3),), pool, Stream(seed, "k"), 4,
                                            keeper=lambda e: k)
        order = Stream(seed, "k").belows(len(pool))
        first: list[Card] = []
        while len(first) < 5:
            c = pool[next(order)]
            if c not in first:
                first.append(c)
        chosen = k.by_count(first)[3]
        assert chosen is not None and set(chosen[1]) <= set(last)
        assert blind == 3
        assert weight == max(FLOOR, k.chances(k.by_count(first))[3])

    def pat(hand: str) -> float:
        return replay((Exchanged(1, 0),), cards(hand), Stream(1, "p"), 4,
                      keeper=lambda e: k)[1]

    assert pat("9h 8d 7c 6s 5h") > 3 * pat("Jh 8d 6c 4s 2h") >= 3 * FLOOR


class NormalKeepBot(HardBot):
    """Hard with the histories replayed by the normal level's valuation."""

    policy_kinds = KINDS
    policy_normal = TEMPERATURE


def test_hard_with_the_valuation_decides_from_its_view_only() -> None:
    """R9.2: two deals that differ only in cards seat 0 cannot see give hard, replaying the
    others' histories by the valuation, the same decision for the same stream."""
    state = stood_pat_state()
    other = twin_of_stood_pat()
    assert view(state, 0) == view(other, 0)
    first = NormalKeepBot().suggest(view(state, 0), legal_actions(state), Stream(9, "hard"))
    second = NormalKeepBot().suggest(view(other, 0), legal_actions(other), Stream(9, "hard"))
    assert first == second
