"""Awards and the end of the game (R4.3–R4.4 resets, R8, and the §X win rules).

Every change of score goes through here, so the floor (R8.5), the high-score mark (§X) and
the winner check after each positive award (R8.6) are applied in one place, whoever awards:
the scoring stages, the tricks, or the scorekeeper.
"""

from __future__ import annotations

from chicago.core.cards import Card
from chicago.core.events import Event, GameWon, PlayerEliminated, PointsAwarded, ScoreReset
from chicago.core.rules import WinRule
from chicago.core.state import GameState, Phase


def set_hand(s: GameState, seat: int, hand: tuple[Card, ...]) -> None:
    s.hands = s.hands[:seat] + (hand,) + s.hands[seat + 1 :]


def set_score(s: GameState, seat: int, score: int) -> None:
    """Record a score, and whether it reached the high-score threshold (köpstopp, six cards)."""
    s.scores = s.scores[:seat] + (score,) + s.scores[seat + 1 :]
    if score >= s.profile.high_score_threshold and not s.reached[seat]:
        s.reached = s.reached[:seat] + (True,) + s.reached[seat + 1 :]


def instant_win(s: GameState, seat: int, reason: str, events: list[Event]) -> None:
    """R4.4: the holder wins at once, qualified or not; the score becomes the target."""
    target = s.profile.target
    events.append(PointsAwarded(seat, target - s.scores[seat], target, reason))
    set_score(s, seat, target)
    win(s, seat, reason, events)


def reset_others(s: GameState, seat: int, reason: str, events: list[Event]) -> None:
    """R4.3/R4.4: every other active player to 0 (eliminated players are untouched, R8.3)."""
    for other in s.clockwise_from(seat):
        if other != seat:
            events.append(ScoreReset(other, s.scores[other], reason))
            set_score(s, other, 0)


# --- awards and the end of the game ----------------------------------------------------


def gain(s: GameState, seat: int, points: int, reason: str, events: list[Event]) -> None:
    """Change a score (R8.5 floor), then check the end of the game after a gain (R8.6)."""
    score = s.scores[seat] + points
    floor = s.profile.score_floor
    if floor is not None and score < floor:
        score = floor
    set_score(s, seat, score)
    events.append(PointsAwarded(seat, points, score, reason))
    if points > 0:
        _check_target(s, seat, events)


def _check_target(s: GameState, seat: int, events: list[Event]) -> None:
    """R8.1 win, R8.3 elimination, R8.4 last player standing; or the §X win rules."""
    p = s.profile
    if p.win is WinRule.DEAL_END_HIGHEST:
        return  # checked when the deal ends
    if p.win is WinRule.ONE_MORE_AWARD:
        if seat in s.primed:
            win(s, seat, "target", events)
        return
    if s.scores[seat] < p.target:
        return
    if s.qualified[seat] or not p.qualification_required:
        win(s, seat, "target", events)
        return
    s.eliminated = s.eliminated[:seat] + (True,) + s.eliminated[seat + 1 :]
    s.out = s.out + s.hands[seat]  # R8.3: their cards leave the deal
    set_hand(s, seat, ())
    events.append(PlayerEliminated(seat, s.scores[seat]))
    active = s.active()
    if len(active) == 1:
        win(s, active[0], "last_standing", events)


def deal_end_winner(s: GameState, events: list[Event]) -> bool:
    """§X: at the end of a deal the highest score at or above the target wins; a tie plays on."""
    scores = s.scores
    contenders = [x for x in s.active() if scores[x] >= s.profile.target]
    if not contenders:
        return False
    top = max(scores[x] for x in contenders)
    leaders = [x for x in contenders if scores[x] == top]
    if len(leaders) != 1:
        return False
    win(s, leaders[0], "target", events)
    return True


def win(s: GameState, seat: int, reason: str, events: list[Event]) -> None:
    s.winner = seat
    s.phase = Phase.FINISHED
    s.to_act = None
    s.queue = ()
    events.append(GameWon(seat, reason))
