"""Writes the stacked-deck scenarios for docs/rules.md R1–R4 (and a few of R8) into
tests/scenarios/.

Run: `.venv/bin/python tests/build_scenarios_r1_r4.py`. Decks and actions are hand-made; every
expected value below was worked out from docs/rules.md by hand (the comments show the reasoning),
never copied from the engine's output. Files are written one action (and one event) per line.

Card order note: discards are listed in card order (rank first, then c d h s), so an engine
that reports discards in the order given and one that sorts them report the same list.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scenario_actions import Act, call, deal, exchange, keep, n, offer, plays, quads

OUT = Path(__file__).parent / "scenarios"
PROFILE = "chicago-gamewide-0.2"

Ev = dict[str, Any]


def ev(kind: str, **fields: Any) -> Ev:
    return {"type": kind, **fields}


def award(seat: int, points: int, score: int, reason: str = "hand") -> Ev:
    return ev("points_awarded", seat=seat, points=points, score=score, reason=reason)


def announced(stage: int, seat: int, category: str) -> Ev:
    return ev("hand_announced", stage=stage, seat=seat, category=category)


def exchanged(seat: int, number: int, discarded: str = "", drawn: str = "") -> Ev:
    d, w = discarded.split(), drawn.split()
    return ev("cards_exchanged", seat=seat, exchange=number, count=len(d), discarded=d, drawn=w)


def turn(seat: int, decision: str) -> dict[str, Any]:
    return {"seat": seat, "decision": decision}


# --- scenario registry and writer ------------------------------------------------------

SCENARIOS: list[tuple[str, dict[str, Any]]] = []


def scenario(
    name: str,
    title: str,
    rules: list[str],
    deals: list[dict[str, Any]] | None,
    actions: list[Act],
    expect: dict[str, Any],
    *,
    seats: int = 3,
    dealer: int | None = 0,
    seed: int = 11,
    notes: list[str] | None = None,
) -> None:
    sc: dict[str, Any] = {"format": "chicago-game/1", "profile": PROFILE, "seats": seats,
                          "seed": seed}
    if dealer is not None:
        sc["dealer"] = dealer
    if deals:
        sc["deals"] = deals
    sc["actions"] = actions
    meta: dict[str, Any] = {"title": title, "rules": rules}
    if notes:
        meta["notes"] = notes
    meta["expect"] = expect
    sc["meta"] = meta
    SCENARIOS.append((name, sc))


def _j(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _lines(items: list[Any], indent: str) -> str:
    if not items:
        return "[]"
    body = ",\n".join(indent + "  " + _j(x) for x in items)
    return "[\n" + body + "\n" + indent + "]"


def render(sc: dict[str, Any]) -> str:
    """The game file with one hand, one action and one expected event per line."""
    out = ["{"]
    parts: list[str] = []
    for key in ("format", "profile", "seats", "seed", "dealer"):
        if key in sc:
            parts.append(f"  {_j(key)}: {_j(sc[key])}")
    if "deals" in sc:
        deals = []
        for d in sc["deals"]:
            hands = ",\n".join(f"       {_j(s)}: {_j(h)}" for s, h in d["hands"].items())
            deals.append('    {"hands": {\n' + hands + "},\n"
                         f'     "stock": {_j(d["stock"])}}}')
        parts.append('  "deals": [\n' + ",\n".join(deals) + "\n  ]")
    parts.append(f'  "actions": {_lines(sc["actions"], "  ")}')
    meta = sc["meta"]
    m = [f'    "title": {_j(meta["title"])}', f'    "rules": {_j(meta["rules"])}']
    if "notes" in meta:
        m.append(f'    "notes": {_lines(meta["notes"], "    ")}')
    e = []
    for key, value in meta["expect"].items():
        if key in ("events_include", "events_exclude"):
            e.append(f"      {_j(key)}: {_lines(value, '      ')}")
        else:
            e.append(f"      {_j(key)}: {_j(value)}")
    m.append('    "expect": {\n' + ",\n".join(e) + "\n    }")
    parts.append('  "meta": {\n' + ",\n".join(m) + "\n  }")
    out.append(",\n".join(parts))
    out.append("}")
    text = "\n".join(out) + "\n"
    assert json.loads(text) == sc
    return text


# =======================================================================================
# Shared deals
# =======================================================================================

# BOOST_K, 2 seats, seat 0 at the dealer's left (dealer 1): seat 0 holds four aces and the
# Kc, seat 1 holds no club. Everyone keeps everything. Seat 0 leads (no call) and takes
# every trick, the last with the Kc.
#   stage 1: quads, seat 0 chooses points → 8; stage 2: same quads, locked → 16;
#   seat 0 (16) is asked and passes; last trick +5 → 21; final hand: locked quads +8 → 29.
BOOST_K = deal({0: "As Ah Ad Ac Kc", 1: "Ks Qh Jd 9s 7h"})
BOOST_K_TO_CALLS = keep(0, 1) + [quads(0, "points")] + keep(0, 1) + keep(0, 1)
BOOST_K_TRICKS = plays("0:As 1:9s | 0:Ah 1:7h | 0:Ad 1:Jd | 0:Ac 1:Qh | 0:Kc 1:Ks")
BOOST_K_ALL = [*BOOST_K_TO_CALLS, call(0, False), *BOOST_K_TRICKS]  # → [29, 0]
# Same, but seat 0 calls and takes all five: 16 + 15 = 31, and seat 0 is qualified.
BOOST_K_CHICAGO = [*BOOST_K_TO_CALLS, call(0, True), *BOOST_K_TRICKS]  # → [31, 0]

# The same hands again as deal 2 (dealer 0: seat 1 exchanges first), with a named stock.
BOOST_K2 = deal({0: "As Ah Ad Ac Kc", 1: "Ks Qh Jd 9s 7h"}, stock="3d 4h 8c")
# A new deal: the quads give a new choice (the lock lasted for deal 1 only).
#   stage 1: +8; stage 2: locked +8.
BOOST_K2_TO_EX3 = keep(1, 0) + [quads(0, "points")] + keep(1, 0) + keep(1)


# =======================================================================================
# R1 — game and deal
# =======================================================================================

scenario(
    "r1_2-first-dealer-from-seed",
    "without a dealer field the first dealer comes from the seed; the first deal is dealt "
    "(tests/test_seeded_setup.py checks the dealer, the turn and the seeded hands)",
    ["R1.2", "R1.3"],
    None,
    [],
    {
        "status": "in_progress",
        "winner": None,
        "scores": [0, 0, 0, 0],
        "deal": 1,
        "events_include": [ev("deal_started", deal=1), ev("exchange_started", exchange=1)],
        "events_exclude": [ev("cards_exchanged")],
    },
    seats=4,
    dealer=None,
    seed=20240601,
)

# 4 seats, dealer 3. Deal 1 (order 0, 1, 2, 3): seat 2 holds four sevens, the rest nothing;
# quads reset ends the deal. Deal 2 (dealer 0, order 1, 2, 3, 0): seat 1 has four eights,
# resets again. Deal 3: dealer 1, dealt from the seed; seat 2 exchanges first.
_pass_d1 = deal({0: "Ah Kd 8c 5s 2h", 1: "Qs Jh 9d 6c 3s", 2: "7c 7d 7h 7s Kc",
                 3: "Tc 9h 6d 4s 3h"})
_pass_d2 = deal({0: "Ah Kd 7c 5s 3h", 1: "8c 8d 8h 8s 2c", 2: "Qs Jh 9d 6c 4s",
                 3: "Tc 9h 6d 4h 2s"})
scenario(
    "r1_2-dealer-passes-clockwise",
    "after each deal the deal passes to the next seat clockwise, wrapping from seat 3 to 0",
    ["R1.2", "R1.4", "R4.3"],
    [_pass_d1, _pass_d2],
    keep(0, 1, 2, 3) + [quads(2, "reset")] + keep(1, 2, 3, 0) + [quads(1, "reset")],
    {
        "status": "in_progress",
        "scores": [0, 0, 0, 0],
        "deal": 3,
        "dealer": 1,
        "to_act": turn(2, "exchange"),
        "events_include": [
            ev("deal_started", deal=1, dealer=3),
            ev("cards_exchanged", seat=0, exchange=1),
            ev("quads_chosen", seat=2, choice="reset"),
            ev("deal_ended", deal=1, reason="quads_reset"),
            ev("deal_started", deal=2, dealer=0),
            ev("cards_exchanged", seat=1, exchange=1),
            ev("quads_chosen", seat=1, choice="reset"),
            ev("deal_ended", deal=2, reason="quads_reset"),
            ev("deal_started", deal=3, dealer=1),
            ev("exchange_started", exchange=1),
        ],
    },
    seats=4,
    dealer=3,
)

# 4 seats, dealer 2: dealing and every exchange go 3, 0, 1, 2.
#   seat 0 discards 2c 5c and draws 4h 7c; seat 2 discards 2h 6s 8h and draws 3c 5d 9c;
#   stage 1: only seat 1 has a pair (queens) → +1; exchange 2 starts at seat 3 again.
_order = deal({3: "As Kh 9d 6c 3s", 0: "Jh Td 8s 5c 2d", 1: "Qc Qd 9h 7s 4d",
               2: "Kc Jd 8h 6s 2h"}, stock="4h 7c 3c 5d 9c")
_order_actions = [*keep(3), exchange(0, "2d 5c"), *keep(1), exchange(2, "2h 6s 8h")]
scenario(
    "r1_3-dealt-and-exchanged-from-dealers-left",
    "cards are dealt and exchanges run clockwise from the dealer's left (dealer 2: seats "
    "3, 0, 1, 2); draws come off the top of the stock in order",
    ["R1.3", "R2.1"],
    [_order],
    _order_actions,
    {
        "status": "in_progress",
        "scores": [0, 1, 0, 0],
        "deal": 1,
        "dealer": 2,
        "to_act": turn(3, "exchange"),
        "events_include": [
            ev("deal_started", deal=1, dealer=2),
            ev("cards_dealt", seat=3),
            ev("cards_dealt", seat=0),
            ev("cards_dealt", seat=1),
            ev("cards_dealt", seat=2),
            ev("exchange_started", exchange=1),
            exchanged(3, 1),
            exchanged(0, 1, "2d 5c", "4h 7c"),
            exchanged(1, 1),
            exchanged(2, 1, "2h 6s 8h", "3c 5d 9c"),
            announced(1, 1, "one pair"),
            award(1, 1, 1),
            ev("exchange_started", exchange=2),
        ],
        "events_exclude": [ev("offer_shown")],
    },
    seats=4,
    dealer=2,
)

# R1.4: a whole deal in order, then the next deal's first exchange is the next action.
scenario(
    "r1_4-deal-in-order-then-next-deal",
    "one deal runs exchange 1, scoring 1, exchange 2, scoring 2, exchange 3, calls, five "
    "tricks, last trick, final hand; deal 2 is dealt at once and its first exchange is the "
    "next action",
    ["R1.4", "R1.2", "R6.3"],
    [BOOST_K],
    [*BOOST_K_ALL, *keep(1)],
    {
        # 8 + 8 + 5 (last trick, Kc) + 8 (final quads, locked) = 29
        "status": "in_progress",
        "winner": None,
        "scores": [29, 0],
        "deal": 2,
        "dealer": 0,
        "to_act": turn(0, "exchange"),
        "events_include": [
            ev("deal_started", deal=1, dealer=1),
            ev("exchange_started", exchange=1),
            exchanged(0, 1),
            exchanged(1, 1),
            announced(1, 0, "four of a kind"),
            ev("quads_chosen", seat=0, choice="points"),
            award(0, 8, 8, "quads"),
            ev("exchange_started", exchange=2),
            exchanged(1, 2),
            announced(2, 0, "four of a kind"),
            award(0, 8, 16, "quads"),
            ev("exchange_started", exchange=3),
            exchanged(1, 3),
            ev("chicago_passed", seat=0),
            ev("card_played", seat=0, card="As", trick=1),
            ev("trick_taken", trick=1, seat=0, card="As"),
            ev("trick_taken", trick=5, seat=0, card="Kc"),
            award(0, 5, 21, "last_trick"),
            announced(3, 0, "four of a kind"),
            award(0, 8, 29, "quads"),
            ev("deal_ended", deal=1, reason="complete"),
            ev("deal_started", deal=2, dealer=0),
            ev("exchange_started", exchange=1),
            exchanged(1, 1),
        ],
        "events_exclude": [ev("no_hand_scored"), ev("quads_chosen", choice="reset")],
    },
    seats=2,
    dealer=1,
)

# =======================================================================================
# R2 — exchanges
# =======================================================================================

# 3 seats, dealer 1: order 2, 0, 1.
#   seat 2 keeps (pair of eights); seat 0 discards four and draws Ad Kc 6h 3d (pair of
#   aces); seat 1 discards three and draws 9h 7s 2c (nothing). Stage 1: aces beat eights.
_keep_or = deal({2: "8c 8d Ks 5h 3c", 0: "Ah 9s 7d 4c 2s", 1: "Qh Jc Td 6s 5d"},
                stock="Ad Kc 6h 3d 9h 7s 2c")
scenario(
    "r2_1-keep-five-or-discard-up-to-four",
    "seat 2 keeps five, seat 0 discards four and seat 1 three, each drawing as many off "
    "the top of the stock, clockwise from the dealer's left",
    ["R2.1", "R1.3", "R4.1"],
    [_keep_or],
    [*keep(2), exchange(0, "2s 4c 7d 9s"), exchange(1, "Td Jc Qh")],
    {
        "status": "in_progress",
        "scores": [1, 0, 0],
        "deal": 1,
        "dealer": 1,
        "to_act": turn(2, "exchange"),
        "events_include": [
            ev("exchange_started", exchange=1),
            exchanged(2, 1),
            exchanged(0, 1, "2s 4c 7d 9s", "Ad Kc 6h 3d"),
            exchanged(1, 1, "Td Jc Qh", "9h 7s 2c"),
            announced(1, 0, "one pair"),
            award(0, 1, 1),
            ev("exchange_started", exchange=2),
        ],
        "events_exclude": [ev("offer_shown"), ev("score_reset")],
    },
    dealer=1,
)

scenario(
    "r2_1-discard-five-refused",
    "discarding all five cards is refused: at most four",
    ["R2.1"],
    [_keep_or],
    [exchange(2, "3c 5h 8c 8d Ks")],
    {"error": "action 0: seat 2 may discard at most 4 cards, not 5 — R2.1"},
    dealer=1,
)

scenario(
    "r2_1-discard-card-not-held",
    "seat 0 may not discard the Ks, which seat 2 holds",
    ["R2.1"],
    [_keep_or],
    [*keep(2), exchange(0, "Ks")],
    {"error": "action 1: seat 0 does not hold Ks — R2.1"},
    dealer=1,
)

scenario(
    "r2_1-exchange-out-of-turn",
    "with dealer 1 seat 2 exchanges first: seat 0 may not go before it",
    ["R2.1", "R1.3"],
    [_keep_or],
    [*keep(0)],
    {"error": "action 0: it is seat 2's turn to exchange, not seat 0's — R2.1"},
    dealer=1,
)

scenario(
    "r2_1-second-exchange-out-of-turn",
    "exchange 2 starts again at the dealer's left (seat 2), not with the stage winner",
    ["R2.1"],
    [_keep_or],
    [*keep(2), exchange(0, "2s 4c 7d 9s"), exchange(1, "Td Jc Qh"), *keep(0)],
    {"error": "action 3: it is seat 2's turn to exchange, not seat 0's — R2.1"},
    dealer=1,
)

# R2.2 — 3 seats, dealer 0: order 1, 2, 0. Stock top: Ks Qh 4d Jh.
_offer = deal({1: "Kh Kd 9c 6s 3h", 2: "Qc Jd 8h 5s 2c", 0: "Ac Td 7s 4h 3c"},
              stock="Ks Qh 4d Jh")
scenario(
    "r2_2-offer-kept",
    "seat 1 discards one card, is shown the Ks and keeps it (three kings); seat 2's "
    "two-card exchange gets no offer and draws the next two cards",
    ["R2.2", "R2.1", "R4.2"],
    [_offer],
    [exchange(1, "3h"), offer(1, True), exchange(2, "2c 5s"), *keep(0)],
    {
        # seat 1: Kh Kd 9c 6s Ks = three kings (3); seat 2: Qc Jd 8h Qh 4d = pair of queens
        "status": "in_progress",
        "scores": [0, 3, 0],
        "to_act": turn(1, "exchange"),
        "events_include": [
            ev("offer_shown", seat=1, card="Ks"),
            ev("offer_kept", seat=1, card="Ks"),
            exchanged(1, 1, "3h", "Ks"),
            exchanged(2, 1, "2c 5s", "Qh 4d"),
            exchanged(0, 1),
            announced(1, 1, "three of a kind"),
            award(1, 3, 3),
        ],
        "events_exclude": [ev("offer_shown", seat=2), ev("offer_declined")],
    },
)

scenario(
    "r2_2-offer-declined",
    "seat 1 declines the face-up Ks and draws the next card (Qh) unseen; the Ks goes to the "
    "discards, so seat 2 draws the 4d and Jh",
    ["R2.2", "R2.1", "R4.2"],
    [_offer],
    [exchange(1, "3h"), offer(1, False), exchange(2, "2c 5s"), *keep(0)],
    {
        # seat 1: Kh Kd 9c 6s Qh = pair of kings (1); seat 2: Qc Jd 8h 4d Jh = pair of jacks
        "status": "in_progress",
        "scores": [0, 1, 0],
        "to_act": turn(1, "exchange"),
        "events_include": [
            ev("offer_shown", seat=1, card="Ks"),
            ev("offer_declined", seat=1, card="Ks"),
            exchanged(1, 1, "3h", "Qh"),
            exchanged(2, 1, "2c 5s", "4d Jh"),
            announced(1, 1, "one pair"),
            award(1, 1, 1),
        ],
        "events_exclude": [ev("offer_kept")],
    },
)

scenario(
    "r2_2-offer-awaits-answer",
    "after a one-card discard the seat must answer the offer: the next seat may not exchange",
    ["R2.2"],
    [_offer],
    [exchange(1, "3h"), *keep(2)],
    {"error": "action 1: it is seat 1's turn to answer the open offer, not seat 2's — R2.2"},
)

scenario(
    "r2_2-offer-answer-is-keep-or-decline",
    "the seat shown the offer must answer it, not exchange again",
    ["R2.2"],
    [_offer],
    [exchange(1, "3h"), exchange(1, "6s")],
    {"error": "action 1: seat 1 must answer the open offer, not exchange — R2.2"},
)

scenario(
    "r2_2-offer-pending",
    "after a one-card discard the game waits for that seat's answer to the offer",
    ["R2.2"],
    [_offer],
    [exchange(1, "3h")],
    {
        "status": "in_progress",
        "to_act": turn(1, "offer"),
        "events_include": [ev("offer_shown", seat=1, card="Ks")],
        "events_exclude": [ev("cards_exchanged")],
    },
)

# R2.3 — 6 seats, dealer 5 (order 0..5). The whole deck is named: 30 cards in hands and a
# 22-card stock. Exchange 1: seats 0–4 discard four each (20 cards drawn, 2 left); seat 5
# discards four: it draws Ts 8d, then the stock runs out and seat 0–4's 20 discards are
# recycled (seat 5's own four are not: 20 cards). Seat 0's full house scores stage 1 (seat 5
# can reach at most a straight: its fixed cards are 9c Ts 8d).
# Exchange 2: the new stock has 18: seats 0–4 discard 4, 4, 4, 3, 2 (1 left); seat 5
# discards its 9c, is shown the last card, declines it; the stock is empty, so the 21
# completed discards (seat 5's four from exchange 1 and 17 from this exchange) are recycled,
# without seat 5's 9c and the declined card. test_recycling.py checks every draw by seed.
RECYCLE = deal(
    {
        0: "Ah 2c 3d 4h 6s",
        1: "Kc 2d 3h 5s 7c",
        2: "Qc 2h 4s 5c 7d",
        3: "Jc 2s 3c 5d 8h",
        4: "Tc 3s 4c 6d 8s",
        5: "9c 4d 5h 6c 7h",
    },
    stock="Ad Ac Kh Kd Qd Qh Jd 9d Ks Js Th 8c Qs Td 9h 7s As 9s Jh 6h Ts 8d",
)
assert len(RECYCLE["stock"]) + 30 == 52
RECYCLE_ACTIONS = [
    exchange(0, "2c 3d 4h 6s"),
    exchange(1, "2d 3h 5s 7c"),
    exchange(2, "2h 4s 5c 7d"),
    exchange(3, "2s 3c 5d 8h"),
    exchange(4, "3s 4c 6d 8s"),
    exchange(5, "4d 5h 6c 7h"),
    # exchange 2: hands now 0: Ah Ad Ac Kh Kd, 1: Kc Qd Qh Jd 9d, 2: Qc Ks Js Th 8c,
    # 3: Jc Qs Td 9h 7s, 4: Tc As 9s Jh 6h, 5: 9c Ts 8d + two recycled cards
    exchange(0, "Kd Kh Ac Ad"),
    exchange(1, "9d Jd Qd Qh"),
    exchange(2, "8c Th Js Ks"),
    exchange(3, "7s 9h Td"),
    exchange(4, "6h 9s"),
    exchange(5, "9c"),
    offer(5, False),
]
scenario(
    "r2_3-recycling-six-seats",
    "the stock runs out twice at a 6-seat table: completed discards are recycled, never the "
    "exchanging seat's own discards or the offer it just declined",
    ["R2.3", "R2.2", "R2.1"],
    [RECYCLE],
    RECYCLE_ACTIONS,
    {
        "deal": 1,
        "events_include": [
            exchanged(0, 1, "2c 3d 4h 6s", "Ad Ac Kh Kd"),
            exchanged(1, 1, "2d 3h 5s 7c", "Qd Qh Jd 9d"),
            exchanged(2, 1, "2h 4s 5c 7d", "Ks Js Th 8c"),
            exchanged(3, 1, "2s 3c 5d 8h", "Qs Td 9h 7s"),
            exchanged(4, 1, "3s 4c 6d 8s", "As 9s Jh 6h"),
            ev("stock_recycled", cards=20),
            ev("cards_exchanged", seat=5, exchange=1, count=4,
               discarded=["4d", "5h", "6c", "7h"]),
            announced(1, 0, "full house"),
            award(0, 6, 6),
            ev("exchange_started", exchange=2),
            ev("cards_exchanged", seat=0, exchange=2, count=4),
            ev("cards_exchanged", seat=4, exchange=2, count=2),
            ev("offer_declined", seat=5),
            ev("stock_recycled", cards=21),
            ev("cards_exchanged", seat=5, exchange=2, count=1, discarded=["9c"]),
        ],
    },
    seats=6,
    dealer=5,
    seed=3,
)

# R2.4 — the 2-seat boosters. Unqualified: deal 1 → 29; deal 2: +8 → 37, +8 → 45.
_at45 = [*BOOST_K_ALL, *BOOST_K2_TO_EX3]
scenario(
    "r2_4-discard-at-45-needs-confirmation",
    "seat 0 has exactly 45: discarding without confirm_reset is refused",
    ["R2.4"],
    [BOOST_K, BOOST_K2],
    [*_at45, exchange(0, "Kc Ac")],
    {"error": f"action {n(_at45)}: seat 0 has 45 points: discarding resets the score to 0 "
              "and needs confirm_reset — R2.4"},
    seats=2,
    dealer=1,
    notes=["deal 1: 8 + 8 + 5 (last trick) + 8 (final quads) = 29; deal 2: 37, 45"],
)

scenario(
    "r2_4-discard-at-45-confirm-false",
    "confirm_reset: false is refused like no confirmation at all",
    ["R2.4"],
    [BOOST_K, BOOST_K2],
    [*_at45, exchange(0, "Kc Ac", confirm=False)],
    {"error": f"action {n(_at45)}: seat 0 has 45 points: discarding resets the score to 0 "
              "and needs confirm_reset — R2.4"},
    seats=2,
    dealer=1,
)

scenario(
    "r2_4-discard-at-45-confirmed-resets",
    "seat 0 at 45 discards two with confirmation: score 0 at once, draws 3d 4h; at 0 it is "
    "not asked about Chicago and seat 1 leads",
    ["R2.4", "R5.1"],
    [BOOST_K, BOOST_K2],
    [*_at45, exchange(0, "Kc Ac", confirm=True)],
    {
        "status": "in_progress",
        "scores": [0, 0],
        "qualified": [False, False],
        "deal": 2,
        "dealer": 0,
        "to_act": turn(1, "play"),
        "events_include": [
            ev("deal_started", deal=2),
            award(0, 8, 45, "quads"),
            ev("exchange_started", exchange=3),
            exchanged(1, 3),
            ev("score_reset", seat=0, previous=45, reason="high_score"),
            exchanged(0, 3, "Kc Ac", "3d 4h"),
        ],
    },
    seats=2,
    dealer=1,
)

scenario(
    "r2_4-keep-five-at-45-no-reset",
    "seat 0 at 45 keeps all five: no confirmation needed, no reset, and it is asked about "
    "Chicago",
    ["R2.4", "R5.1"],
    [BOOST_K, BOOST_K2],
    [*_at45, *keep(0)],
    {
        "status": "in_progress",
        "scores": [45, 0],
        "deal": 2,
        "to_act": turn(0, "chicago"),
        "events_include": [ev("deal_started", deal=2), exchanged(1, 3), exchanged(0, 3)],
        "events_exclude": [ev("score_reset")],
    },
    seats=2,
    dealer=1,
)

scenario(
    "r2_4-keep-five-at-45-confirm-ignored",
    "confirm_reset on a keep-all-five exchange at 45 is ignored: no reset",
    ["R2.4"],
    [BOOST_K, BOOST_K2],
    [*_at45, exchange(0, "", confirm=True)],
    {
        "scores": [45, 0],
        "to_act": turn(0, "chicago"),
        "events_exclude": [ev("score_reset")],
    },
    seats=2,
    dealer=1,
)

scenario(
    "r2_4-reset-at-discard-before-offer",
    "seat 0 at 45 discards one card with confirmation: the score is 0 at once, while the "
    "offered 3d still awaits an answer",
    ["R2.4", "R2.2"],
    [BOOST_K, BOOST_K2],
    [*_at45, exchange(0, "Kc", confirm=True)],
    {
        "scores": [0, 0],
        "to_act": turn(0, "offer"),
        "events_include": [ev("deal_started", deal=2),
                           ev("score_reset", seat=0, previous=45, reason="high_score"),
                           ev("offer_shown", seat=0, card="3d")],
    },
    seats=2,
    dealer=1,
)

scenario(
    "r2_4-confirm-ignored-below-45",
    "at 37 confirm_reset is ignored: the discard does not reset the score",
    ["R2.4"],
    [BOOST_K, BOOST_K2],
    [*BOOST_K_ALL, *keep(1, 0), quads(0, "points"), *keep(1),
     exchange(0, "Kc Ac", confirm=True)],
    {
        # as r2_4-below-45-no-confirmation: three aces +3 → 40
        "scores": [40, 0],
        "to_act": turn(1, "exchange"),
        "events_exclude": [ev("score_reset")],
    },
    seats=2,
    dealer=1,
)

scenario(
    "r2_4-below-45-no-confirmation",
    "at 37 (under 45) seat 0 discards without confirm_reset: allowed, no reset",
    ["R2.4"],
    [BOOST_K, BOOST_K2],
    # deal 2: stage 1 → 37; exchange 2: seat 1 keeps, seat 0 (37) discards the Kc and Ac.
    [*BOOST_K_ALL, *keep(1, 0), quads(0, "points"), *keep(1), exchange(0, "Kc Ac")],
    {
        # seat 0 now As Ah Ad 3d 4h: three aces (3) beats seat 1's king high → 40
        "status": "in_progress",
        "scores": [40, 0],
        "deal": 2,
        "to_act": turn(1, "exchange"),
        "events_include": [
            award(0, 8, 37, "quads"),
            exchanged(0, 2, "Kc Ac", "3d 4h"),
            announced(2, 0, "three of a kind"),
            award(0, 3, 40),
        ],
        "events_exclude": [ev("score_reset")],
    },
    seats=2,
    dealer=1,
)

scenario(
    "r2_4-qualification-survives-reset",
    "seat 0 qualified by a Chicago in deal 1 reaches 47, resets with confirmation and stays "
    "qualified",
    ["R2.4", "R7.4"],
    [BOOST_K, BOOST_K2],
    [*BOOST_K_CHICAGO, *BOOST_K2_TO_EX3, exchange(0, "Kc Ac", confirm=True)],
    {
        # deal 1: 8 + 8 + 15 (Chicago) = 31; deal 2: 39, 47; reset to 0
        "status": "in_progress",
        "scores": [0, 0],
        "qualified": [True, False],
        "deal": 2,
        "to_act": turn(1, "play"),
        "events_include": [
            ev("chicago_called", seat=0),
            ev("chicago_won", seat=0),
            award(0, 15, 31, "chicago"),
            ev("deal_started", deal=2),
            award(0, 8, 47, "quads"),
            ev("score_reset", seat=0, previous=47, reason="high_score"),
            exchanged(0, 3, "Kc Ac", "3d 4h"),
        ],
    },
    seats=2,
    dealer=1,
)

# =======================================================================================
# R3 — hands and comparison (3 seats, dealer 0: order 1, 2, 0 unless said otherwise)
# =======================================================================================

# Stage 1: seat 1's wheel (a straight, 4) beats seat 2's three queens. Exchange 2: seat 0
# discards Kd and keeps the offered 6h: 2-3-4-5-6. Stage 2: the six-high straight beats the
# wheel, so the ace of the wheel is low.
scenario(
    "r3_1-wheel-is-lowest-straight",
    "A-2-3-4-5 is a straight (beats three of a kind) but the lowest one: 2-3-4-5-6 beats it",
    ["R3.1", "R4.2"],
    [deal({1: "As 2d 3c 4h 5s", 2: "Qh Qd Qs 9c 7h", 0: "2h 3s 4d 5c Kd"}, stock="6h")],
    [*keep(1, 2, 0), *keep(1, 2), exchange(0, "Kd"), offer(0, True)],
    {
        "status": "in_progress",
        "scores": [4, 4, 0],
        "to_act": turn(1, "exchange"),
        "events_include": [
            announced(1, 1, "straight"),
            award(1, 4, 4),
            ev("offer_kept", seat=0, card="6h"),
            announced(2, 0, "straight"),
            award(0, 4, 4),
        ],
    },
)

scenario(
    "r3_1-ace-high-straight",
    "T-J-Q-K-A beats 9-T-J-Q-K (seat 1, first from the dealer's left)",
    ["R3.1"],
    [deal({1: "9c Td Jc Qh Ks", 2: "Ts Jh Qd Kc Ah", 0: "Qc Kd Ac 2h 3s"})],
    keep(1, 2, 0),
    {
        "scores": [0, 0, 4],
        "events_include": [announced(1, 2, "straight"), award(2, 4, 4)],
        "events_exclude": [ev("points_awarded", seat=1)],
    },
)

scenario(
    "r3_1-no-wraparound-straight",
    "Q-K-A-2-3 is not a straight: a pair of fours beats it",
    ["R3.1"],
    [deal({1: "Qc Kd Ac 2h 3s", 2: "4c 4d 9s 7h 6c", 0: "Js 8d 5h 3c 2d"})],
    keep(1, 2, 0),
    {
        "scores": [0, 0, 1],
        "events_include": [announced(1, 2, "one pair"), award(2, 1, 1)],
        "events_exclude": [ev("hand_announced", category="straight")],
    },
)

scenario(
    "r3_1-steel-wheel-lowest-straight-flush",
    "A-2-3-4-5 of hearts is the lowest straight flush (not a royal): 2-6 of clubs beats it",
    ["R3.1", "R4.4"],
    [deal({0: "Ah 2h 3h 4h 5h", 1: "2c 3c 4c 5c 6c"})],
    keep(0, 1),
    {
        "status": "finished",
        "winner": 1,
        "scores": [0, 52],
        "to_act": None,
        "events_include": [announced(1, 1, "straight flush"),
                           ev("game_won", seat=1, reason="straight_flush")],
        "events_exclude": [ev("score_reset"), ev("game_won", seat=0)],
    },
    seats=2,
    dealer=1,
)

scenario(
    "r3_1-category-order",
    "a straight (seat 2) beats three of a kind; then a flush (seat 0 keeps the offered 2h) "
    "beats the straight",
    ["R3.1", "R4.1"],
    [deal({1: "7c 7d 7h Ks 2d", 2: "5c 6d 7s 8h 9c", 0: "Kh Th 8d 6h 3h"}, stock="2h")],
    [*keep(1, 2, 0), *keep(1, 2), exchange(0, "8d"), offer(0, True)],
    {
        "scores": [5, 0, 4],
        "events_include": [announced(1, 2, "straight"), award(2, 4, 4),
                           announced(2, 0, "flush"), award(0, 5, 5)],
    },
)

scenario(
    "r3_2-pair-kickers",
    "pair of kings 9-7-5 beats pair of kings 9-7-4 (the last kicker decides); a pair of "
    "queens with an ace loses to either",
    ["R3.2"],
    [deal({1: "Kh Kd 9s 7c 4h", 2: "Ks Kc 9d 7h 5s", 0: "Qs Qd Ac Jc 8d"})],
    keep(1, 2, 0),
    {
        "scores": [0, 0, 1],
        "events_include": [announced(1, 2, "one pair"), award(2, 1, 1)],
        "events_exclude": [ev("points_awarded", seat=1), ev("points_awarded", seat=0)],
    },
)

scenario(
    "r3_2-two-pair-kicker",
    "jacks and fours with an ace beat jacks and fours with a king; tens and nines lose",
    ["R3.2"],
    [deal({1: "Jh Jd 4s 4c Kh", 2: "Js Jc 4h 4d As", 0: "Th Tc 9s 9c Ad"})],
    keep(1, 2, 0),
    {
        "scores": [0, 0, 2],
        "events_include": [announced(1, 2, "two pair"), award(2, 2, 2)],
    },
)

scenario(
    "r3_2-flush-fifth-card",
    "A-J-9-6-4 of spades beats A-J-9-6-3 of hearts: all five cards count",
    ["R3.2"],
    [deal({1: "Ah Jh 9h 6h 3h", 2: "As Js 9s 6s 4s", 0: "Kd Qd Td 8d 7d"})],
    keep(1, 2, 0),
    {
        "scores": [0, 0, 5],
        "events_include": [announced(1, 2, "flush"), award(2, 5, 5)],
    },
)

scenario(
    "r3_2-full-house-three-first",
    "fours full of twos beat threes full of aces: the three of a kind counts first",
    ["R3.2"],
    [deal({1: "3c 3d 3h As Ad", 2: "4c 4d 4h 2s 2d", 0: "Kh Qs Jd 9c 7h"})],
    keep(1, 2, 0),
    {
        "scores": [0, 0, 6],
        "events_include": [announced(1, 2, "full house"), award(2, 6, 6)],
    },
)

scenario(
    "r3_2-two-pair-higher-pair-first",
    "kings and twos beat queens and jacks with an ace: the higher pair counts first",
    ["R3.2"],
    [deal({1: "Qh Qd Js Jc Ah", 2: "Kh Kd 2s 2c 3h", 0: "Ts 9d 7c 5h 4s"})],
    keep(1, 2, 0),
    {
        "scores": [0, 0, 2],
        "events_include": [announced(1, 2, "two pair"), award(2, 2, 2)],
    },
)

# R3.3 — exact ordinary ties
scenario(
    "r3_3-exact-tie-first-from-dealers-left",
    "seats 1 and 3 tie exactly (queens, 9-7-4): with dealer 2 the order is 3, 0, 1, 2, so "
    "seat 3 scores",
    ["R3.3"],
    [deal({3: "Qs Qc 9d 7h 4s", 0: "Jh Jd 8s 6c 2d", 1: "Qh Qd 9s 7c 4h",
           2: "Ks Th 8h 5d 3c"})],
    keep(3, 0, 1, 2),
    {
        "scores": [0, 0, 0, 1],
        "events_include": [announced(1, 3, "one pair"), award(3, 1, 1)],
        "events_exclude": [ev("points_awarded", seat=1)],
    },
    seats=4,
    dealer=2,
)

scenario(
    "r3_3-tie-with-the-dealer",
    "the dealer (seat 1) ties seat 2 exactly: order 2, 0, 1, so seat 2 scores",
    ["R3.3"],
    [deal({2: "Ts Tc 8d 6h 3s", 0: "9h 9d Ks 7c 2h", 1: "Th Td 8s 6c 3h"})],
    keep(2, 0, 1),
    {
        "scores": [0, 0, 1],
        "events_include": [announced(1, 2, "one pair"), award(2, 1, 1)],
    },
    dealer=1,
)

scenario(
    "r3_3-flush-tie-suits-ignored",
    "K-9-7-5-3 of clubs ties K-9-7-5-3 of hearts (suits do not count): seat 1, first from "
    "the dealer's left, scores the flush",
    ["R3.2", "R3.3"],
    [deal({1: "Kc 9c 7c 5c 3c", 2: "Kh 9h 7h 5h 3h", 0: "Qs Js 8d 6s 2d"})],
    keep(1, 2, 0),
    {
        "scores": [0, 5, 0],
        "events_include": [announced(1, 1, "flush"), award(1, 5, 5)],
    },
)

# R3.4 — exact straight-flush ties by suit
scenario(
    "r3_4-sf-tie-hearts-best",
    "four 5-to-9 straight flushes: hearts (the last in order) wins",
    ["R3.4", "R4.4"],
    [deal({0: "5c 6c 7c 8c 9c", 1: "5d 6d 7d 8d 9d", 2: "5s 6s 7s 8s 9s",
           3: "5h 6h 7h 8h 9h"})],
    keep(0, 1, 2, 3),
    {
        "status": "finished",
        "winner": 3,
        "scores": [0, 0, 0, 52],
        "to_act": None,
        "events_include": [announced(1, 3, "straight flush"),
                           award(3, 52, 52, "straight_flush"),
                           ev("game_won", seat=3, reason="straight_flush")],
    },
    seats=4,
    dealer=3,
)

scenario(
    "r3_4-sf-tie-spades-over-diamonds",
    "clubs, spades and diamonds 5-to-9 straight flushes: spades (second in order) wins",
    ["R3.4", "R4.4"],
    [deal({0: "5c 6c 7c 8c 9c", 1: "5s 6s 7s 8s 9s", 2: "5d 6d 7d 8d 9d"})],
    keep(0, 1, 2),
    {
        "status": "finished",
        "winner": 1,
        "scores": [0, 52, 0],
        "events_include": [ev("game_won", seat=1, reason="straight_flush")],
    },
    dealer=2,
)

scenario(
    "r3_4-sf-tie-diamonds-over-clubs",
    "clubs (first in order) and diamonds 5-to-9 straight flushes: diamonds wins",
    ["R3.4", "R4.4"],
    [deal({0: "5c 6c 7c 8c 9c", 1: "5d 6d 7d 8d 9d"})],
    keep(0, 1),
    {
        "status": "finished",
        "winner": 1,
        "scores": [0, 52],
        "events_include": [ev("game_won", seat=1, reason="straight_flush")],
    },
    seats=2,
    dealer=1,
)

scenario(
    "r3_4-higher-straight-flush-beats-suit",
    "6-to-T of clubs beats 5-to-9 of hearts: suits only break an exact tie",
    ["R3.4", "R3.1"],
    [deal({0: "5h 6h 7h 8h 9h", 1: "6c 7c 8c 9c Tc"})],
    keep(0, 1),
    {
        "status": "finished",
        "winner": 1,
        "scores": [0, 52],
        "events_include": [ev("game_won", seat=1, reason="straight_flush")],
    },
    seats=2,
    dealer=1,
)

# =======================================================================================
# R4 — scoring stages
# =======================================================================================

scenario(
    "r4_2-awards-pair-then-two-pair",
    "one pair scores 1 (stage 1, seat 2), two pair scores 2 (stage 2, seat 0 keeps the "
    "offered Jd)",
    ["R4.2", "R4.1"],
    [deal({1: "Ah Kd 9c 6s 3h", 2: "8h 8d Qs 4c 2h", 0: "5h 5d Jc 7s 3c"}, stock="Jd")],
    [*keep(1, 2, 0), *keep(1, 2), exchange(0, "3c"), offer(0, True)],
    {
        # stage 1: eights beat fives; stage 2: jacks and fives
        "status": "in_progress",
        "scores": [2, 0, 1],
        "to_act": turn(1, "exchange"),
        "events_include": [announced(1, 2, "one pair"), award(2, 1, 1),
                           announced(2, 0, "two pair"), award(0, 2, 2),
                           ev("exchange_started", exchange=3)],
    },
)

scenario(
    "r4_2-awards-three-of-a-kind-then-straight",
    "three of a kind scores 3, then a straight (seat 2 keeps the offered 8h) scores 4",
    ["R4.2", "R4.1"],
    [deal({1: "7c 7d 7h Ks 2d", 2: "9s Th Jd Qc 3s", 0: "Ah Kd 6c 4s 2c"}, stock="8h")],
    [*keep(1, 2, 0), *keep(1), exchange(2, "3s"), offer(2, True), *keep(0)],
    {
        "scores": [0, 3, 4],
        "to_act": turn(1, "exchange"),
        "events_include": [announced(1, 1, "three of a kind"), award(1, 3, 3),
                           announced(2, 2, "straight"), award(2, 4, 4)],
    },
)

scenario(
    "r4_2-awards-flush-then-full-house",
    "a flush scores 5 (over two pair), then a full house (seat 2 keeps the offered Kc) 6",
    ["R4.2", "R4.1"],
    [deal({1: "Ah Jh 8h 5h 2h", 2: "Ks Kd 4c 4h 9s", 0: "Qs Js 9d 7c 3d"}, stock="Kc")],
    [*keep(1, 2, 0), *keep(1), exchange(2, "9s"), offer(2, True), *keep(0)],
    {
        "scores": [0, 5, 6],
        "to_act": turn(1, "exchange"),
        "events_include": [announced(1, 1, "flush"), award(1, 5, 5),
                           announced(2, 2, "full house"), award(2, 6, 6)],
    },
)

scenario(
    "r4_2-high-card-scores-nothing",
    "when nobody has a pair the stage awards nothing and announces no hand",
    ["R4.2"],
    [deal({1: "Ah Kd 9c 6s 3h", 2: "Qs Jh 8d 5c 2s", 0: "Tc 9d 7h 4s 2c"})],
    keep(1, 2, 0),
    {
        "status": "in_progress",
        "scores": [0, 0, 0],
        "to_act": turn(1, "exchange"),
        "events_include": [ev("exchange_started", exchange=1),
                           ev("no_hand_scored", stage=1),
                           ev("exchange_started", exchange=2)],
        "events_exclude": [ev("hand_announced"), ev("points_awarded")],
    },
)

scenario(
    "r4_1-only-the-best-hand-scores",
    "a pair, two pair, three of a kind and a full house: only the full house scores",
    ["R4.1", "R4.2"],
    [deal({1: "9h 9d Ks 6c 2h", 2: "Jh Jd 5s 5c Ah", 3: "Qh Qd Qs 3c 3d",
           0: "7h 7d 7s Kc 4h"})],
    keep(1, 2, 3, 0),
    {
        "scores": [0, 0, 0, 6],
        "events_include": [announced(1, 3, "full house"), award(3, 6, 6)],
        "events_exclude": [ev("points_awarded", seat=0), ev("points_awarded", seat=1),
                           ev("points_awarded", seat=2), ev("hand_announced", seat=0),
                           ev("hand_announced", seat=1), ev("hand_announced", seat=2)],
    },
    seats=4,
)

# R4.3 — four of a kind
_nines = deal({1: "Ah Kd 7c 5s 2h", 2: "9c 9d 9h 9s 4c", 0: "Qs Jh 8d 6c 3h"}, stock="Ks")
scenario(
    "r4_3-quads-choice-awaited",
    "four nines as the best hand: the holder is asked to choose, nothing scored yet",
    ["R4.3"],
    [_nines],
    keep(1, 2, 0),
    {
        "status": "in_progress",
        "scores": [0, 0, 0],
        "to_act": turn(2, "quads"),
        "events_include": [announced(1, 2, "four of a kind")],
        "events_exclude": [ev("points_awarded"), ev("exchange_started", exchange=2)],
    },
)

scenario(
    "r4_3-quads-points-then-locked",
    "choosing points gives 8; after changing the fifth card the same four nines are best "
    "again and score 8 with no second choice",
    ["R4.3"],
    [_nines],
    [*keep(1, 2, 0), quads(2, "points"), *keep(1), exchange(2, "4c"), offer(2, True),
     *keep(0)],
    {
        "status": "in_progress",
        "scores": [0, 0, 16],
        "to_act": turn(1, "exchange"),
        "events_include": [
            announced(1, 2, "four of a kind"),
            ev("quads_chosen", seat=2, choice="points"),
            award(2, 8, 8, "quads"),
            ev("exchange_started", exchange=2),
            ev("offer_kept", seat=2, card="Ks"),
            announced(2, 2, "four of a kind"),
            award(2, 8, 16, "quads"),
            ev("exchange_started", exchange=3),
        ],
    },
)

scenario(
    "r4_3-quads-reset",
    "seat 2 makes four jacks in exchange 2 and resets: seat 1's 3 points go, seat 2 gains "
    "nothing, the deal ends at once and deal 2 is dealt",
    ["R4.3", "R1.4"],
    [deal({1: "Ac Ad Ah Ks 2d", 2: "Jc Jd Jh 5s 3c", 0: "Qs Th 8d 6c 4h"}, stock="Js")],
    [*keep(1, 2, 0), *keep(1), exchange(2, "3c"), offer(2, True), *keep(0),
     quads(2, "reset")],
    {
        "status": "in_progress",
        "scores": [0, 0, 0],
        "deal": 2,
        "dealer": 1,
        "to_act": turn(2, "exchange"),
        "events_include": [
            announced(1, 1, "three of a kind"),
            award(1, 3, 3),
            announced(2, 2, "four of a kind"),
            ev("quads_chosen", seat=2, choice="reset"),
            ev("score_reset", seat=1, previous=3, reason="quads"),
            ev("deal_ended", deal=1, reason="quads_reset"),
            ev("deal_started", deal=2, dealer=1),
            ev("exchange_started", exchange=1),
        ],
        "events_exclude": [ev("exchange_started", exchange=3), ev("points_awarded", seat=2),
                           ev("score_reset", seat=2), ev("card_played")],
    },
)

scenario(
    "r4_3-different-quads-new-choice",
    "four fives take 8; seat 1 then swaps them for four nines: a new choice; it resets "
    "the others and keeps its own 8",
    ["R4.3"],
    [deal({1: "5c 5d 5h 5s Kc", 2: "Ah Qd 8c 6s 3h", 0: "Js Th 7d 4c 2s"},
          stock="9c 9d 9h 9s")],
    [*keep(1, 2, 0), quads(1, "points"), exchange(1, "5c 5d 5h 5s"), *keep(2, 0),
     quads(1, "reset")],
    {
        "status": "in_progress",
        "scores": [0, 8, 0],
        "deal": 2,
        "dealer": 1,
        "to_act": turn(2, "exchange"),
        "events_include": [
            ev("quads_chosen", seat=1, choice="points"),
            award(1, 8, 8, "quads"),
            exchanged(1, 2, "5c 5d 5h 5s", "9c 9d 9h 9s"),
            announced(2, 1, "four of a kind"),
            ev("quads_chosen", seat=1, choice="reset"),
            ev("deal_ended", deal=1, reason="quads_reset"),
        ],
        "events_exclude": [ev("score_reset", seat=1)],
    },
)

scenario(
    "r4_3-lock-lasts-one-deal",
    "the lock ends with the deal: the same four aces in deal 2 give a new choice",
    ["R4.3"],
    [BOOST_K, BOOST_K2],
    [*BOOST_K_ALL, *keep(1, 0)],
    {
        "status": "in_progress",
        "scores": [29, 0],
        "deal": 2,
        "to_act": turn(0, "quads"),
        "events_include": [ev("deal_started", deal=2), announced(1, 0, "four of a kind")],
    },
    seats=2,
    dealer=1,
)

# R4.4 — straight flush and royal flush
scenario(
    "r4_4-straight-flush-wins-unqualified",
    "seat 0 (never called Chicago) keeps the offered 9d for 5-to-9 of diamonds at stage 2: "
    "it wins at once with 52; seat 2 keeps its 3",
    ["R4.4", "R8.2"],
    [deal({1: "Ah Jd 9c 6s 3h", 2: "Qc Qh Qs 4c 2h", 0: "5d 6d 7d 8d Kc"}, stock="9d")],
    [*keep(1, 2, 0), *keep(1, 2), exchange(0, "Kc"), offer(0, True)],
    {
        "status": "finished",
        "winner": 0,
        "scores": [52, 0, 3],
        "qualified": [False, False, False],
        "eliminated": [False, False, False],
        "to_act": None,
        "events_include": [
            award(2, 3, 3),
            announced(2, 0, "straight flush"),
            award(0, 52, 52, "straight_flush"),
            ev("game_won", seat=0, reason="straight_flush"),
        ],
        "events_exclude": [ev("score_reset"), ev("player_eliminated"),
                           ev("exchange_started", exchange=3)],
    },
)

scenario(
    "r4_4-royal-flush-resets-others",
    "seat 0 keeps the offered Ah for a royal flush: it wins with 52 and seat 2's 3 points "
    "are reset",
    ["R4.4", "R8.2"],
    [deal({1: "As Jd 9c 6s 3d", 2: "Qc Qd Qs 4c 2h", 0: "Th Jh Qh Kh 2c"}, stock="Ah")],
    [*keep(1, 2, 0), *keep(1, 2), exchange(0, "2c"), offer(0, True)],
    {
        "status": "finished",
        "winner": 0,
        "scores": [52, 0, 0],
        "to_act": None,
        "events_include": [
            award(2, 3, 3),
            announced(2, 0, "straight flush"),
            ev("score_reset", seat=2, previous=3, reason="royal_flush"),
            ev("game_won", seat=0, reason="royal_flush"),
        ],
        "events_exclude": [ev("player_eliminated"), ev("score_reset", seat=0)],
    },
)

scenario(
    "r4_4-royal-flush-award",
    "the royal flush's award is recorded with reason royal_flush and score 52",
    ["R4.4"],
    [deal({1: "As Jd 9c 6s 3d", 2: "Qc Qd Qs 4c 2h", 0: "Th Jh Qh Kh 2c"}, stock="Ah")],
    [*keep(1, 2, 0), *keep(1, 2), exchange(0, "2c"), offer(0, True)],
    {
        "winner": 0,
        "events_include": [
            announced(2, 0, "straight flush"),
            ev("points_awarded", seat=0, score=52, reason="royal_flush"),
            ev("game_won", seat=0, reason="royal_flush"),
        ],
    },
)

# R4.5 — a Chicago call cancels the deferred final-hand award.
# 3 seats, dealer 0 (order 1, 2, 0). Seat 1: four aces and Kc → 8, 8 (16). In exchange 3
# seat 2 keeps the offered 9h: 5-to-9 of hearts. Seat 1 calls and takes all five tricks.
_cancel = deal({1: "As Ah Ad Ac Kc", 2: "5h 6h 7h 8h 2d", 0: "Qs Jd 9c 4s 3d"}, stock="9h")
_cancel_to_calls = (keep(1, 2, 0) + [quads(1, "points")] + keep(1, 2, 0)
                    + keep(1) + [exchange(2, "2d"), offer(2, True)] + keep(0))
scenario(
    "r4_5-chicago-cancels-final-straight-flush",
    "seat 2 ends with a straight flush, but seat 1 called Chicago and took all five: +15, "
    "no final-hand award and no straight-flush win",
    ["R4.5", "R7.1", "R4.4"],
    [_cancel],
    [*_cancel_to_calls, call(1, True),
     *plays("1:As 2:5h 0:4s | 1:Ah 2:6h 0:3d | 1:Ad 2:7h 0:Jd | 1:Ac 2:8h 0:9c | "
            "1:Kc 2:9h 0:Qs")],
    {
        "status": "in_progress",
        "winner": None,
        "scores": [0, 31, 0],
        "qualified": [False, True, False],
        "deal": 2,
        "dealer": 1,
        "to_act": turn(2, "exchange"),
        "events_include": [
            award(1, 8, 16, "quads"),
            ev("offer_kept", seat=2, card="9h"),
            ev("chicago_called", seat=1),
            ev("trick_taken", trick=5, seat=1, card="Kc"),
            ev("chicago_won", seat=1),
            award(1, 15, 31, "chicago"),
            ev("deal_ended", deal=1, reason="chicago_won"),
        ],
        "events_exclude": [ev("hand_announced", stage=3), ev("game_won"),
                           ev("points_awarded", reason="last_trick"),
                           ev("points_awarded", score=24)],
    },
)

# Seat 1 turns its four aces into a royal flush in exchange 3 (discards Ad Ah As, draws
# Qc Jc Tc), calls and takes all five with clubs: the royal never scores.
_royal_cancel = deal({1: "As Ah Ad Ac Kc", 2: "9s 8d 6h 4c 2s", 0: "Ks Qd Jh 7c 3h"},
                     stock="Qc Jc Tc")
scenario(
    "r4_5-chicago-cancels-callers-royal-flush",
    "the caller's own royal flush after exchange 3 is not scored: the Chicago (+15) is all",
    ["R4.5", "R7.1", "R4.4"],
    [_royal_cancel],
    [*keep(1, 2, 0), quads(1, "points"), *keep(1, 2, 0), exchange(1, "Ad Ah As"),
     *keep(2, 0), call(1, True),
     *plays("1:Ac 2:4c 0:7c | 1:Kc 2:2s 0:3h | 1:Qc 2:6h 0:Jh | 1:Jc 2:8d 0:Qd | "
            "1:Tc 2:9s 0:Ks")],
    {
        "status": "in_progress",
        "scores": [0, 31, 0],
        "qualified": [False, True, False],
        "deal": 2,
        "to_act": turn(2, "exchange"),
        "events_include": [
            exchanged(1, 3, "Ad Ah As", "Qc Jc Tc"),
            ev("chicago_called", seat=1),
            ev("chicago_won", seat=1),
            award(1, 15, 31, "chicago"),
            ev("deal_ended", deal=1, reason="chicago_won"),
        ],
        "events_exclude": [ev("hand_announced", stage=3), ev("game_won"), ev("score_reset")],
    },
)

# =======================================================================================
# R8 — elimination, last player standing, floor
# =======================================================================================

# 3 seats, first dealer 2: deals 1, 2, 3 have dealers 2, 0, 1. Seat 2 is the climber.
# D1 (order 0, 1, 2; seat 0 leads): seat 2 has four aces and the 2c; nobody else has a club.
#   8 (choice: points), 8 (locked), passes the call, takes every trick, the last with the
#   2c (+10 → 26), final hand locked quads +8 → 34.
ELIM_D1 = deal({2: "As Ah Ad Ac 2c", 0: "Ks Qh Jd 9s 7h", 1: "Kh Qd Js 8h 6d"})
ELIM_D1_ALL = (
    keep(0, 1, 2) + [quads(2, "points")] + keep(0, 1, 2) + keep(0, 1, 2) + [call(2, False)]
    + plays("0:Ks 1:Js 2:As | 2:Ah 0:7h 1:8h | 2:Ad 0:Jd 1:6d | 2:Ac 0:9s 1:Qd | "
            "2:2c 0:Qh 1:Kh")
)
# D2 (dealer 0, order 1, 2, 0; seat 1 leads): seat 0's full house scores 6, 6 (12, not
#   asked); seat 2 (34) is asked and passes; seat 2 takes every trick, the last with the
#   2c: +10 → 44; the final hand is seat 0's full house: +6 → 18.   [18, 0, 44]
ELIM_D2 = deal({2: "As Ah Ad 3c 2c", 0: "Ks Kh Kd Qs Qh", 1: "Js Td 9h 8s 6d"})
ELIM_D2_ALL = (
    keep(1, 2, 0) * 3 + [call(2, False)]
    + plays("1:Js 2:As 0:Qs | 2:Ah 0:Kh 1:9h | 2:Ad 0:Kd 1:6d | 2:3c 0:Qh 1:8s | "
            "2:2c 0:Ks 1:Td")
)
# D3 (dealer 1, order 2, 0, 1): seat 2 has four sevens, seat 1 four fives.
#   stage 1: sevens best; seat 2 takes points: 44 + 8 = 52, unqualified → eliminated.
#   exchange 2: seats 0, 1 only; stage 2: seat 1's fives are now best → a choice: reset.
ELIM_D3 = deal({2: "7s 7h 7d 7c 4s", 0: "As Kh Qd Jc 9s", 1: "5s 5h 5d 5c 3s"})
ELIM_D3_TO_OUT = keep(2, 0, 1) + [quads(2, "points")]
# D4 (dealer: the next active seat after 1 is 0, seat 2 being out; order 1, 0): only
# seats 0 and 1 are dealt in. Seat 1's queens score 1.
ELIM_D4 = deal({1: "Qs Qh 9d 6c 3s", 0: "Ah Kd 8c 5s 2h"})
_elim_all = [*ELIM_D1_ALL, *ELIM_D2_ALL, *ELIM_D3_TO_OUT]
scenario(
    "r8_3-eliminated-then-skipped-as-dealer",
    "seat 2 (44, unqualified) reaches 52 with four sevens at stage 1 and is eliminated; the "
    "deal goes on without it (its sevens no longer count), resets skip it, and the next "
    "deal skips it as dealer and deals it no cards",
    ["R8.3", "R1.2", "R4.3", "R6.3"],
    [ELIM_D1, ELIM_D2, ELIM_D3, ELIM_D4],
    [*_elim_all, *keep(0, 1), quads(1, "reset"), *keep(1, 0)],
    {
        "status": "in_progress",
        "winner": None,
        "scores": [0, 1, 52],
        "qualified": [False, False, False],
        "eliminated": [False, False, True],
        "deal": 4,
        "dealer": 0,
        "to_act": turn(1, "exchange"),
        "events_include": [
            award(2, 10, 26, "last_trick_two"),
            award(2, 8, 34, "quads"),
            ev("deal_started", deal=2, dealer=0),
            award(0, 6, 12),
            ev("chicago_passed", seat=2),
            award(2, 10, 44, "last_trick_two"),
            announced(3, 0, "full house"),
            award(0, 6, 18),
            ev("deal_started", deal=3, dealer=1),
            announced(1, 2, "four of a kind"),
            ev("quads_chosen", seat=2, choice="points"),
            award(2, 8, 52, "quads"),
            ev("player_eliminated", seat=2, score=52),
            ev("exchange_started", exchange=2),
            exchanged(0, 2),
            exchanged(1, 2),
            announced(2, 1, "four of a kind"),
            ev("quads_chosen", seat=1, choice="reset"),
            ev("score_reset", seat=0, previous=18, reason="quads"),
            ev("deal_ended", deal=3, reason="quads_reset"),
            ev("deal_started", deal=4, dealer=0),
            announced(1, 1, "one pair"),
            award(1, 1, 1),
        ],
        "events_exclude": [ev("score_reset", seat=2), ev("game_won")],
    },
    dealer=2,
    notes=[
        "deal 1 (dealer 2): seat 2 quads 8 + 8, last trick with the 2c +10, final quads +8 → 34",
        "deal 2 (dealer 0): seat 0 full house 6 + 6; seat 2 last trick 2c +10 → 44; "
        "final hand seat 0 +6 → 18",
        "deal 3 (dealer 1): seat 2 quads sevens 44 + 8 = 52 → eliminated; seat 1 quads "
        "fives then best → reset; seat 0 18 → 0, seat 2 untouched",
        "deal 4: dealer 0 (seat 2 skipped), seats 1 and 0 dealt in; seat 1 pair +1",
    ],
)

scenario(
    "r8_3-eliminated-seat-is-skipped-in-exchange",
    "after seat 2 is eliminated at stage 1, exchange 2 starts with seat 0: seat 2 may not act",
    ["R8.3", "R2.1"],
    [ELIM_D1, ELIM_D2, ELIM_D3],
    [*_elim_all, *keep(2)],
    {"error": f"action {n(_elim_all)}: seat 2 is eliminated and takes no further part — R8.3"},
    dealer=2,
)

# R8.4 — 2 seats, dealer 1: the same climb as above without a third seat.
LAST_D1 = deal({0: "As Ah Ad Ac 2c", 1: "Ks Qh Jd 9s 7h"})
LAST_D2 = deal({0: "As Ah Ad 3c 2c", 1: "Ks Kh Kd Qs Qh"})
LAST_D3 = deal({0: "7s 7h 7d 7c 4s", 1: "Qc Jh 9d 6c 3s"})
scenario(
    "r8_4-last-standing-after-stage-elimination",
    "at a 2-seat table seat 0 (44, unqualified) reaches 52 at stage 1 and is eliminated: "
    "seat 1 wins at once as the last player standing",
    ["R8.4", "R8.3"],
    [LAST_D1, LAST_D2, LAST_D3],
    [
        # deal 1 (dealer 1, order 0, 1): 8, 8, pass, every trick, last with 2c +10, final +8
        *keep(0, 1), quads(0, "points"), *keep(0, 1), *keep(0, 1), call(0, False),
        *plays("0:As 1:9s | 0:Ah 1:7h | 0:Ad 1:Jd | 0:Ac 1:Qh | 0:2c 1:Ks"),
        # deal 2 (dealer 0, order 1, 0): seat 1's full house 6, 6 (12); seat 0 (34) passes;
        # seat 1 leads; seat 0 wins every trick, the last with the 2c: 44; final: seat 1 +6
        *keep(1, 0) * 3, call(0, False),
        *plays("1:Qs 0:As | 0:Ah 1:Kh | 0:Ad 1:Kd | 0:3c 1:Qh | 0:2c 1:Ks"),
        # deal 3 (dealer 1, order 0, 1): four sevens: 44 + 8 = 52
        *keep(0, 1), quads(0, "points"),
    ],
    {
        "status": "finished",
        "winner": 1,
        "scores": [52, 18],
        "qualified": [False, False],
        "eliminated": [True, False],
        "deal": 3,
        "to_act": None,
        "events_include": [
            award(0, 10, 44, "last_trick_two"),
            award(1, 6, 18),
            ev("deal_started", deal=3, dealer=1),
            award(0, 8, 52, "quads"),
            ev("player_eliminated", seat=0, score=52),
            ev("game_won", seat=1, reason="last_standing"),
        ],
        "events_exclude": [ev("deal_ended", deal=3)],
    },
    seats=2,
    dealer=1,
)

# R8.5 — 2 seats, dealer 1 (order 0, 1). Deal 1: seat 0's full house scores 6; in
# exchange 2 it keeps the offered Ad (four aces) and resets: deal over, seat 0 keeps 6.
# Deal 2 (dealer 0, order 1, 0): three nines +3 → 9; seat 0 keeps the offered Kd (nines
# full of kings) +6 → 15; seat 0 (exactly 15) calls and leads the 9h; seat 1's Ah breaks
# it at trick 1: 15 − 15 = 0 (not below), seat 1 +10.
scenario(
    "r8_5-broken-chicago-from-15-to-0",
    "a caller with exactly 15 whose Chicago is broken drops to 0, and the breaker gains 10",
    ["R8.5", "R7.2", "R5.1", "R4.3"],
    [deal({0: "Ah Ac As Kd Ks", 1: "Qh Jd 9c 7s 3h"}, stock="Ad"),
     deal({0: "9c 9d 9h Kc 4s", 1: "Ah Qs Jd 7c 2s"}, stock="Kd")],
    [*keep(0, 1), exchange(0, "Kd"), offer(0, True), *keep(1), quads(0, "reset"),
     *keep(1, 0), *keep(1), exchange(0, "4s"), offer(0, True), *keep(1, 0), call(0, True),
     *plays("0:9h 1:Ah")],
    {
        "status": "in_progress",
        "scores": [0, 10],
        "qualified": [True, False],
        "deal": 3,
        "dealer": 1,
        "to_act": turn(0, "exchange"),
        "events_include": [
            award(0, 6, 6),
            ev("quads_chosen", seat=0, choice="reset"),
            ev("deal_ended", deal=1, reason="quads_reset"),
            award(0, 3, 9),
            award(0, 6, 15),
            ev("chicago_called", seat=0),
            ev("trick_taken", trick=1, seat=1, card="Ah"),
            ev("chicago_broken", caller=0, breaker=1),
            award(0, -15, 0, "chicago_broken"),
            award(1, 10, 10, "chicago_breaker"),
            ev("deal_ended", deal=2, reason="chicago_broken"),
        ],
    },
    seats=2,
    dealer=1,
)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for name, sc in SCENARIOS:
        path = OUT / f"{name}.json"
        path.write_text(render(sc), encoding="utf-8")
        print(path.relative_to(OUT.parent.parent))


if __name__ == "__main__":
    main()
