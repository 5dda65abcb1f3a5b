"""The hard level: it imagines the hidden cards many times and plays each deal out (≤ 0.5 s).

Every decision deals the cards it has not seen consistently with its view a fixed number of
times — a budget of samples, not of time, so that it decides the same way every time. The
others' hands are drawn by the opponent model (inference.py): consistent with the view as
knowledge.py allows, in proportion to how likely each is given what its holder did (exchange
counts, stages, offers, calls, R2.5/R4.1/R5.1) and what players keep (high cards, R2.1). Then:

- tricks (R6): deals the hidden cards as knowledge.py allows (unseen cards, voids, kept
  offers, hand sizes) and solves each deal (`solver.LastTrick`: every seat plays for its own
  standing; the last trick's points and the final-hand award after it, R6.3, weighed in the
  whole game by `stakes`), exactly once the hands are small — before that the first tricks
  are played by a simple rule down to a small endgame, solved exactly. As the caller it
  counts the deals in which each card keeps every trick (`solver.chicago_holds`, R7);
  against a caller it plays to break the call when that is good for it (counting.py);
- Chicago calls (R5): deals the others hands that fit their exchanges (simulate.py), counts
  the deals in which it takes all five tricks whatever they do, and calls when that is worth
  more in the whole game (success, failure, qualification R7.3/R7.4) than the deal played
  out without a call;
- exchanges (R2): for every legal discard, draws in each imagined world against opponents
  who replayed their exchanges (simulate.py) and counts the stage award it wins there; the
  later stages, the last trick and the hope of a Chicago come from the normal level's
  `Judge`; at 45+ a discard costs the reset (R2.4). At the last exchange, a discard whose
  kept cards may all hold is also worth the Chicago call it leads to, counted in the same
  worlds as the call itself (`CallOdds`); a seat that must call (R7.4) plays that
  exchange for the call alone, since the call cancels the hand's award (R4.5, R7.1);
- offers (R2.2): the face-up card against a blind draw, in the exchange's worlds;
- four of a kind: from the scores (`Stakes.quads_choice`, R4.3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Final

from chicago.core.actions import Action, Exchange, QuadsChoice
from chicago.core.cards import Card
from chicago.core.hands import Category, hand_value
from chicago.core.rules import TieRule
from chicago.core.shuffle import Stream
from chicago.core.state import Phase
from chicago.core.views import PlayerView

from .base import Advice, Reason, Suggestion, why
from .close import close_call, close_play
from .common import answer, first_leader, plays, resets, returned
from .counting import choose_play
from .inference import KINDS, Dealer, Reader
from .knowledge import Knowledge, knowledge, sample_hands
from .last_exchange import MIN_RISKY_CALL, TRICK_OPTIONS, CallOdds, Rated, TrickOdds, split_two
from .levels import HARD
from .normal import Judge, NormalBot, aiming, exchange_reason
from .odds import (
    CATEGORIES,
    CATEGORY_FLOOR,
    TOP_FLUSH,
    at_least,
    projected,
    straight_flush_odds,
)
from .policy import HISTORIES, PolicyDealer
from .qualify import call_from, questions_left
from .simulate import World, history_hands, weighted_world, world
from .solver import LastTrick, chicago_holds, mask_of, rolled_ending
from .stakes import Stakes, Step, call_worth, gain
from .winning import WinOdds, win_odds

WORLDS: Final = 512
"""Imagined worlds per exchange decision."""
PLAY_SAMPLES: Final = 40
"""Imagined deals per card played."""
CALL_SAMPLES: Final = 96
"""Imagined deals per Chicago question (a call or not is worth ±25 points or so: the
estimate's spread, about ±5% at even chances, is worth its 30 ms)."""
SF_FLOOR: Final = CATEGORY_FLOOR[Category.STRAIGHT_FLUSH]
EXACT: Final = {2: 5, 3: 4, 4: 3, 5: 3, 6: 2}
"""By players in the deal: the hand size from which a card is chosen by solving the rest of
the deal exactly."""
ROLL: Final = {2: 4, 3: 3, 4: 2, 5: 2, 6: 2}
"""By players in the deal: from a bigger hand, the first tricks are played by a simple rule
down to this size, and the rest is solved exactly."""
class HardBot(NormalBot):
    level: ClassVar[str] = HARD
    worlds: ClassVar[int] = WORLDS
    play_samples: ClassVar[int] = PLAY_SAMPLES
    call_samples: ClassVar[int] = CALL_SAMPLES
    exact_sizes: ClassVar[Mapping[int, int]] = EXACT
    roll_sizes: ClassVar[Mapping[int, int]] = ROLL
    trick_worlds: ClassVar[int] = 0
    """At the last exchange, the imagined worlds in which the last trick is played out
    (`TrickOdds`); 0: the rough count of high cards (`Judge.trick_part`)."""
    trick_options: ClassVar[int] = TRICK_OPTIONS
    clue_kinds: ClassVar[frozenset[str] | None] = KINDS
    """The clues its opponent model reads (inference.py); None: the older replayed
    histories of simulate.py instead."""
    policy_kinds: ClassVar[frozenset[str] | None] = None
    """At the exchanges and offers, what the others' replayed histories are weighed by, card
    by card (policy.py); None: the shape model of inference.py there too. Off in the level
    until an arena shows it pays (bench/RESULTS.md); the bench variant `hard-policy` reads
    them (`POLICY_KINDS`)."""
    policy_histories: ClassVar[int] = HISTORIES
    """Histories per other seat and decision (policy.py), at least."""
    policy_fresh: ClassVar[bool] = False
    """Whether each imagined deal draws a history's last blind draws afresh (policy.py)."""
    call_least: ClassVar[tuple[float, float]] = MIN_RISKY_CALL
    """The least share of imagined deals a call that does not always hold needs, besides
    being worth more than the deal without it (`MIN_RISKY_CALL`): at the question and at
    the last exchange alike."""
    close_samples: ClassVar[int] = 0
    """Imagined deals added at a Chicago question whose first `call_samples` leave it close
    (`close.close_call`); 0: none."""
    close_plays: ClassVar[int] = 0
    """Imagined deals added for a card to play when its first `play_samples` leave the two
    best cards close (`close.close_play`); 0: none."""
    fitted_odds: ClassVar[bool] = False
    """Whether its standing is the fitted chance of winning the game (winning.py) where there
    is one, instead of the hand-made position (stakes.py)."""
    policy_normal: ClassVar[float | None] = None
    """With a temperature (keeps.py), the histories are replayed by the normal level's own
    valuation of exchanges instead of the typical plan (policy.py); None: the plan."""

    _reader: Reader | None = None
    _reader_view: PlayerView | None = None
    _dealer: Dealer | None = None

    # --- what it imagines: the hidden cards, dealt consistently with its view (R9.2) ------

    def _read(self, view: PlayerView, with_played: bool = True) -> Reader | None:
        """The opponent model's reading of this view (once per decision); None: none."""
        if self.clue_kinds is None:
            return None
        if self._reader_view is not view or self._reader is None:
            self._reader, self._reader_view = Reader.of(view, self.clue_kinds), view
        return self._reader if with_played else self._reader.without_played(view)

    def _exchange_worlds(
        self, view: PlayerView, kn: Knowledge, rng: Stream, after: Sequence[int]
    ) -> list[World]:
        """Imagined deals at an exchange: its draws and the others' hands, drawn by the
        shape model (inference.py; or replayed, simulate.py; or with `policy_kinds`, by
        their replayed histories where that model applies, policy.py); opponents still to
        exchange in this round exchange by the typical plan (`odds.keep_plan`)."""
        p = view.profile
        e = max(1, view.exchange)
        if self.policy_kinds is not None and self.clue_kinds is not None:
            policy = PolicyDealer.of(view, kn, rng, self.policy_kinds, self.policy_histories,
                                     self._read(view, with_played=False), self.policy_fresh,
                                     self.policy_normal)
            if policy is not None:
                return [weighted_world(policy, rng, p.max_discard, after)
                        for _ in range(self.worlds)]
        reader = self._read(view, with_played=False)
        if reader is None:
            return [world(kn, rng, e, p.max_discard, p.exchanges, after)
                    for _ in range(self.worlds)]
        dealer = Dealer(kn, reader, rng)
        return [weighted_world(dealer, rng, p.max_discard, after) for _ in range(self.worlds)]

    def _deal(self, kn: Knowledge, reader: Reader, rng: Stream) -> list[tuple[Card, ...]]:
        """One deal by the model; its candidates are dealt once per decision (`Dealer`)."""
        if self._dealer is None or self._dealer.kn is not kn:
            self._dealer = Dealer(kn, reader, rng)
        return list(self._dealer.deal(rng)[0])

    def _draw_pool(self, kn: Knowledge, count: int) -> tuple[Card, ...]:
        """The cards a draw may bring, as far as the seat can tell (R2.3)."""
        return kn.unseen

    def _hands_after_exchanges(
        self, view: PlayerView, kn: Knowledge, rng: Stream
    ) -> list[tuple[Card, ...]]:
        """Everyone's hand once the exchanges are over (for a Chicago question)."""
        reader = self._read(view, with_played=False)
        if reader is None:
            return history_hands(view, kn, rng)
        return self._deal(kn, reader, rng)

    def _hands_now(self, view: PlayerView, kn: Knowledge, rng: Stream) -> list[tuple[Card, ...]]:
        """Everyone's hand now, during the tricks."""
        reader = self._read(view)
        if reader is None:
            return list(sample_hands(kn, rng)[0])
        return self._deal(kn, reader, rng)

    def _stakes(self, view: PlayerView) -> Stakes:
        """What outcomes are worth to this seat: by the fitted odds when it reads them."""
        odds = win_odds(view.profile, view.seats) if self.fitted_odds else None
        return Stakes.of(view, odds)

    def _decide(self, view: PlayerView, legal: Sequence[Action], rng: Stream) -> Suggestion:
        phase = view.phase
        if phase is Phase.EXCHANGE:
            kn = knowledge(view)
            return self._exchange_mc(view, kn, self._stakes(view), legal, rng)
        if phase is Phase.OFFER and len(view.hand) == 4:
            return self._offer_mc(view, knowledge(view), self._stakes(view), legal, rng)
        if phase is Phase.CHICAGO:
            return self._call(view, knowledge(view), self._stakes(view), legal, rng)
        if phase is Phase.PLAY:
            return self._play_out(view, knowledge(view), self._stakes(view), legal, rng)
        if phase is Phase.QUADS:
            choice, why = self._stakes(view).quads_choice(view.exchange)
            for a in legal:
                if isinstance(a, QuadsChoice) and a.choice == choice:
                    return Suggestion(a, why)
        return super()._decide(view, legal, rng)

    # --- exchanges ---------------------------------------------------------------------

    def _exchange_mc(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, legal: Sequence[Action], rng: Stream
    ) -> Suggestion:
        options = [a for a in legal if isinstance(a, Exchange)]
        if len(view.hand) != 5 or len(options) == 1:
            return super()._decide(view, legal, rng)  # §X six cards: the normal level's pick
        p = view.profile
        judge = Judge(view, kn, stakes, now=False)
        e = judge.exchange
        rated, urgent, worlds = self.rate_exchanges(view, kn, stakes, judge, options, rng)
        chosen = rated[0]
        for r in rated[1:]:
            if r.total(urgent) > chosen.total(urgent) + 1e-9:
                chosen = r
        worth, action = chosen.total(urgent), chosen.action
        improve, best = chosen.improve, chosen.best
        hope = aiming(view, judge, action, worth)
        kept = chosen.kept
        later = max(0, p.exchanges - e)
        finals = [projected(kept, w.draws + w.rest, later, p.max_discard) for w in worlds]
        advice = Advice("exchange", len(worlds), kept=kept, at_least=at_least(finals),
                        by_exchange=max(e, p.exchanges), best=best,
                        resets=bool(action.discard) and action.confirm_reset,
                        chicago_hope=hope)
        reason = exchange_reason(view, action, improve, best, legal, hope)
        return Suggestion(action, reason, advice)

    def rate_exchanges(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, judge: Judge,
        options: Sequence[Exchange], rng: Stream,
    ) -> tuple[list[Rated], bool, list[World]]:
        """Every discard of a five-card hand valued in the exchange's imagined worlds (R2,
        R4) — with the last trick played out (`trick_worlds`), the best `trick_options` of
        them only — whether the seat must call (R7.4: then a discard is judged by its call,
        `Rated.total`), and the worlds."""
        p = view.profile
        hand = view.hand
        e = judge.exchange
        final = e >= p.exchanges
        scored_now = not final or p.final_hand_scores
        me = kn.seat
        order = kn.players
        after = order[order.index(me) + 1:] if me in order else ()
        worlds = self._exchange_worlds(view, kn, rng, after)
        rivals = [_best_rival(w.hands, order, p.ties) for w in worlds]
        position = order.index(me) if me in order else 0
        reset_cost = stakes.settle([("zero", me, 0)]) if resets(options) else 0.0
        awards: dict[tuple[Category, bool], float] = {}

        def award(cat: Category, reset: bool) -> float:
            key = (cat, reset)
            if key not in awards:
                base: list[Step] = [("zero", me, 0)] if reset else []
                awards[key] = stakes.award_value(cat, final, base) if scored_now else 0.0
            return awards[key]

        all_score = p.ties is TieRule.ALL_SCORE  # R3.3 and §X
        current = CATEGORIES[hand_value(hand)]
        calls = CallOdds(view, kn, judge, stakes, worlds, final, self.call_least)
        tricks = (TrickOdds(view, kn, stakes, worlds, self.trick_worlds, self._roll(order))
                  if final and self.trick_worlds else None)
        rated: list[Rated] = []
        for a in options:
            kept = tuple(c for c in hand if c not in a.discard)
            k = 5 - len(kept)
            reset = bool(a.discard) and a.confirm_reset
            values = []
            wins = improved = 0
            sampled_sf = 0
            rough = 0.0
            for w, (rival, rival_pos) in zip(worlds, rivals, strict=True):
                v = hand_value(kept + w.draws[:k])
                if k and v >= SF_FLOOR:  # counted exactly below (odds.straight_flush_odds)
                    v = TOP_FLUSH
                    sampled_sf += 1
                top = v > rival or (v == rival and (position < rival_pos or all_score))
                cat = CATEGORIES[v]
                score = award(cat, reset) if top else 0.0
                values.append(score + judge.worth(v, reset))
                if tricks is not None:
                    rough += judge.trick_part(v, reset)
                wins += top
                improved += cat > current
            n = len(values)
            mean = sum(values) / n
            if k == 1 and p.open_offer:  # R2.2: a bad offer can be declined
                mean = sum(x if x > mean else mean for x in values) / n
            if k and (sampled_sf or len(kept) >= 2):
                sf = straight_flush_odds(kept, k, self._draw_pool(kn, k))
                if sf:
                    gain_sf = (award(Category.STRAIGHT_FLUSH, reset) + judge.worth(SF_FLOOR, reset)
                               - award(Category.FLUSH, reset) - judge.worth(TOP_FLUSH, reset))
                    mean += sf * gain_sf
            call = None
            if not reset:
                call = calls.value(kept, k)
                if call is None:
                    mean += judge.chicago(kept, k)[0]
            if reset:
                mean += reset_cost
            rated.append(Rated(a, kept, k, reset, mean, call, rough / n, improved / n, wins / n))
        if tricks is not None and not calls.urgent:
            # Only the discards played out are compared: the rough count is not on their
            # scale (it credits high cards a share of the trick the play may not give).
            rated = sorted(rated, key=lambda r: -r.total(calls.urgent))[:self.trick_options]
            rated.sort(key=lambda r: options.index(r.action))  # ties: the first option
            for r in rated:
                r.mean += tricks.value(r.kept, r.draws, r.reset) - r.rough
        return rated, calls.urgent, worlds

    def _offer_mc(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, legal: Sequence[Action], rng: Stream
    ) -> Suggestion:
        """R2.2: keep the face-up card when the hand with it is worth more, in the same
        imagined worlds as the exchange (opponents that replayed their exchanges), than the
        hand with a blind draw from the cards it has not seen."""
        p = view.profile
        offer = view.offer
        assert offer is not None
        hand = view.hand
        judge = Judge(view, kn, stakes, now=False)
        final = judge.exchange >= p.exchanges
        scored_now = not final or p.final_hand_scores
        me = kn.seat
        order = kn.players
        after = order[order.index(me) + 1:] if me in order else ()
        position = order.index(me) if me in order else 0
        all_score = p.ties is TieRule.ALL_SCORE  # R3.3 and §X
        worlds = self._exchange_worlds(view, kn, rng, after)
        awards: dict[Category, float] = {}

        def value(v: int, rival: tuple[int, int]) -> float:
            top = v > rival[0] or (v == rival[0] and (position < rival[1] or all_score))
            cat = CATEGORIES[v]
            if top and scored_now and cat not in awards:
                awards[cat] = stakes.award_value(cat, final)
            return (awards[cat] if top and scored_now else 0.0) + judge.worth(v)

        def capped(v: int) -> int:
            return TOP_FLUSH if v >= SF_FLOOR else v  # counted exactly (straight_flush_odds)

        mine = hand_value((*hand, offer))
        keep = blind = 0.0
        for w in worlds:
            rival = _best_rival(w.hands, order, p.ties)
            keep += value(capped(mine), rival)
            blind += value(capped(hand_value((*hand, w.draws[0]))), rival)
        n = max(1, len(worlds))
        keep, blind = keep / n, blind / n
        sf_gain = (stakes.award_value(Category.STRAIGHT_FLUSH, final) + judge.worth(SF_FLOOR)
                   - stakes.award_value(Category.FLUSH, final) - judge.worth(TOP_FLUSH))
        if mine >= SF_FLOOR:
            keep += sf_gain
        blind += straight_flush_odds(hand, 1, self._draw_pool(kn, 1)) * sf_gain
        kept = keep >= blind
        if kept:
            reason = why("offer.keep", [offer], category=int(CATEGORIES[mine]))
        else:
            reason = why("offer.decline", [offer])
        return Suggestion(answer(legal, kept), reason)

    # --- Chicago calls -----------------------------------------------------------------

    def _call(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, legal: Sequence[Action], rng: Stream
    ) -> Suggestion:
        p = view.profile
        kn = returned(kn, view)
        me = kn.seat
        order = kn.players
        leader = first_leader(view, kn, me)
        natural = kn.players[0]
        holds = 0
        passing = 0.0
        finals = 0.0
        prefs_cache: dict[tuple[Step, ...], list[list[float]]] = {}
        samples = 0
        values = stakes.call_values()
        least = self.call_least[stakes.needs_call]
        urgent = stakes.urgent_call
        timely = call_from(stakes)  # R7.4: the chances to qualify run out (qualify.py)
        lines = (least, timely)
        for more in (self.call_samples, self.close_samples):
            if samples and (urgent or not more
                            or not close_call(holds, samples, finals, passing, values, lines)):
                break
            for _ in range(more):
                hands = self._hands_after_exchanges(view, kn, rng)
                masks = [mask_of(h) for h in hands]
                if chicago_holds(masks, order, me, leader):
                    holds += 1
                    if p.final_hand_after_chicago:
                        finals += stakes.settle(_final_steps(view, kn, hands, stakes))
                prefs, _ = _prefs(view, kn, hands, prefs_cache, stakes.odds)
                ending = rolled_ending(masks, order, prefs, me, natural, [], self._roll(order),
                                       split_two(view))
                passing += prefs[me][ending]
            samples += more
        share = holds / samples
        call = call_worth(share, values) + finals / samples
        stay = passing / samples
        sure = holds == samples
        in_time = timely is not None and share >= timely and call <= stay
        advice = Advice("chicago", samples, all_five=share, call_worth=call - stay,
                        needs_call=stakes.needs_call, urgent=urgent,
                        chances_left=questions_left(stakes) if in_time else 0)
        if urgent or in_time or (call > stay and (sure or share >= least)):
            if sure:
                reason = why("call.sure", samples=samples)
            elif urgent:
                reason = why("call.urgent_odds", score=stakes.score, chance=share)
            elif in_time:
                reason = why("call.in_time", score=stakes.score, chance=share)
            elif share < MIN_RISKY_CALL[False]:
                reason = why("call.risky", chance=share)
            else:
                reason = why("call.worth", chance=share)
            return Suggestion(answer(legal, True), reason, advice)
        return Suggestion(answer(legal, False), why("pass.odds", chance=share), advice)

    # --- tricks ------------------------------------------------------------------------

    def _roll(self, order: Sequence[int]) -> int:
        """The hand size the simple rule plays a deal down to before the exact search."""
        return self.roll_sizes.get(len(order), 2)

    def _play_out(
        self, view: PlayerView, kn: Knowledge, stakes: Stakes, legal: Sequence[Action], rng: Stream
    ) -> Suggestion:
        p = view.profile
        pick = plays(legal)
        cards = sorted(pick, key=lambda c: c.index)
        me = kn.seat
        values = (stakes.settle([gain(me, p.last_trick_points)]),
                  stakes.settle([gain(me, p.last_trick_two_points)]))
        guide = choose_play(view, kn, cards, stakes)
        if len(cards) == 1 or (view.caller is not None and view.caller != me):
            return Suggestion(pick[guide.card], guide.reason, Advice("play", why="rule"))
        players = kn.players
        trick = [(s, 1 << c.index) for s, c in view.trick]
        leader = view.leader if view.leader is not None else me
        totals = dict.fromkeys(cards, 0.0)
        good = dict.fromkeys(cards, 0)
        prefs_cache: dict[tuple[Step, ...], list[list[float]]] = {}
        caller = view.caller == me
        exact = len(view.hand) <= self.exact_sizes.get(len(players), 2)
        split = split_two(view)
        samples = 0
        per: dict[Card, list[float]] | None = (
            {c: [] for c in cards} if self.close_plays else None)
        for more in (self.play_samples, self.close_plays):
            if samples and (per is None or not more or not close_play(per, guide.card)):
                break
            samples += more
            for _ in range(more):
                hands = self._hands_now(view, kn, rng)
                masks = [mask_of(h) for h in hands]
                if caller:
                    for c in cards:
                        after = list(masks)
                        after[me] ^= 1 << c.index
                        ok = chicago_holds(after, players, me, leader,
                                           [*trick, (me, 1 << c.index)])
                        totals[c] += ok
                        good[c] += ok
                        if per is not None:
                            per[c].append(ok)
                    continue
                prefs, _final = _prefs(view, kn, hands, prefs_cache, stakes.odds)
                solver = LastTrick(masks, players, prefs, me, split) if exact else None
                for c in cards:
                    bit = 1 << c.index
                    if solver is not None:
                        ending = solver.after(trick, me, bit)
                    else:
                        after = list(masks)
                        after[me] ^= bit
                        ending = rolled_ending(after, players, prefs, me, leader,
                                               [*trick, (me, bit)], self._roll(players), split)
                    totals[c] += prefs[me][ending]
                    good[c] += ending // 2 == me
                    if per is not None:
                        per[c].append(prefs[me][ending])
        best = max(cards, key=lambda c: (totals[c] + (1e-6 if c is guide.card else 0.0)))
        rate = good[best] / samples
        why = "caller" if caller else "avoid" if max(values) <= 0 else "last_trick"
        advice = Advice("play", samples, all_five=rate if caller else 0.0,
                        last_trick=0.0 if caller else rate, why=why)
        reason = _play_reason(view, best, good[best], samples, caller, values)
        return Suggestion(pick[best], reason, advice)


def _best_rival(
    hands: dict[int, tuple[Card, ...]], order: Sequence[int], ties: TieRule
) -> tuple[int, int]:
    """The best opponent hand value of a world, and its holder's place in the order."""
    best, place = -1, len(order)
    for i, seat in enumerate(order):
        h = hands.get(seat)
        if h is None or len(h) != 5:
            continue
        v = hand_value(h)
        if v > best:
            best, place = v, i
    return best, place


def _final_hands(
    view: PlayerView, kn: Knowledge, hands: Sequence[Sequence[Card]]
) -> dict[int, tuple[Card, ...]]:
    """Each player's hand after the last exchange: what it holds plus what it has played."""
    played: dict[int, list[Card]] = {}
    for t in view.tricks:
        for s, c in t.plays:
            played.setdefault(s, []).append(c)
    if view.phase is Phase.PLAY:  # (asked to call in the first trick, they go back, §X)
        for s, c in view.trick:
            played.setdefault(s, []).append(c)
    return {s: tuple(hands[s]) + tuple(played.get(s, ())) for s in kn.players}


def _final_steps(
    view: PlayerView, kn: Knowledge, hands: Sequence[Sequence[Card]], stakes: Stakes
) -> list[Step]:
    """The deferred final-hand award of an imagined deal (R4.5, R6.3), as award steps."""
    p = view.profile
    if not p.final_hand_scores:
        return []
    finals = _final_hands(view, kn, hands)
    best, winners = -1, []
    for s in kn.players:
        h = finals[s]
        if len(h) != 5:
            continue
        v = hand_value(h)
        if v > best:
            best, winners = v, [s]
        elif v == best and p.ties is TieRule.ALL_SCORE:
            winners.append(s)
    if best < 0:
        return []
    cat = CATEGORIES[best]
    steps: list[Step] = []
    for s in winners:
        steps.extend(stakes.award_steps(s, cat, True))
    return steps


def _prefs(
    view: PlayerView,
    kn: Knowledge,
    hands: Sequence[Sequence[Card]],
    cache: dict[tuple[Step, ...], list[list[float]]],
    odds: WinOdds | None = None,
) -> tuple[list[list[float]], tuple[Step, ...]]:
    """How every seat ranks the endings 2 × winner (+1 with a two) of an imagined deal: its
    own standing, and for the others, among equal ones, the worse for this seat."""
    p = view.profile
    me = kn.seat
    base = Stakes.of(view)
    final = tuple(_final_steps(view, kn, hands, base))
    found = cache.get(final)
    if found is not None:
        return found, final
    n = view.seats
    seats = [Stakes(p, s, view.scores, view.qualified, view.eliminated, odds) for s in range(n)]
    endings: list[list[Step]] = []
    for e in range(2 * n):
        w, two = divmod(e, 2)
        points = p.last_trick_two_points if two else p.last_trick_points
        endings.append([gain(w, points), *final])
    mine = [seats[me].settle(steps) for steps in endings]
    prefs = []
    for s in range(n):
        if s == me:
            prefs.append(mine)
        else:
            prefs.append([1000.0 * seats[s].settle(steps) - m
                          for steps, m in zip(endings, mine, strict=True)])
    cache[final] = prefs
    return prefs, final


def _play_reason(
    view: PlayerView, card: Card, good: int, samples: int, caller: bool,
    values: tuple[float, float],
) -> Reason:
    """Why this card, as data: the share of imagined deals in which it keeps every trick of
    the seat's Chicago, or takes the last trick (wanted or, R8.3, not)."""
    kind = "play.caller" if caller else "play.avoid" if max(values) <= 0 else "play.last_trick"
    return why(kind, [card], lead=int(not view.trick), chance=good / samples, samples=samples)
