"""Rule profiles: a frozen, named, versioned set of knobs that the engine reads (RULES.md §X).

There is no subclass per variant: where tables differ, the profile holds a plain value or an
enum, and the engine reads it in one place. `chicago-gamewide-0.2` is the house profile and
the default.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from chicago.hands import Category


class HighScoreRule(Enum):
    """What happens to players near the target (RULES.md §X, "high-score rule")."""

    NONE = "none"
    RESET_ON_EXCHANGE = "reset_on_exchange"
    """R2.4: at the threshold or above, discarding any card resets the score to 0."""


class TieRule(Enum):
    """Who scores an exact tie for best hand (R3.3)."""

    FIRST_FROM_DEALERS_LEFT = "first_from_dealers_left"


class QuadsRule(Enum):
    """Four of a kind as the best hand (R4.3)."""

    POINTS = "points"
    """Always scores `quads_points`."""
    CHOICE = "choice"
    """The holder chooses `quads_points` (locking that four-of-a-kind) or resetting the others."""


class StraightFlushRule(Enum):
    """Straight flush as the best hand (R4.4)."""

    POINTS = "points"
    WIN = "win"
    """Instant win, whether or not qualified; the score becomes the target."""


class RoyalFlushRule(Enum):
    """Royal flush as the best hand (R4.4)."""

    AS_STRAIGHT_FLUSH = "as_straight_flush"
    RESET_OPPONENTS = "reset_opponents"
    """As a straight flush, and every other active player is reset to 0."""


class WinRule(Enum):
    """When the game ends (R8)."""

    QUALIFIED_AT_TARGET = "qualified_at_target"
    """R8.1/R8.3: checked after each award; reaching the target unqualified eliminates."""


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """One table's rules. Every number the engine uses comes from here."""

    id: str
    version: str
    title: str
    target: int = 52
    max_discard: int = 4
    exchanges: int = 3
    scored_exchanges: tuple[int, ...] = (1, 2)
    """After which exchanges the best hand scores at once (R4.1)."""
    open_offer: bool = True
    """R2.2: a one-card exchange is offered the top stock card face up."""
    final_hand_scores: bool = True
    """R4.5/R6.3: the best hand after the last exchange scores after the tricks."""
    hand_awards: tuple[int, int, int, int, int, int] = (1, 2, 3, 4, 5, 6)
    """R4.2: points for one pair, two pair, three of a kind, straight, flush, full house."""
    quads: QuadsRule = QuadsRule.CHOICE
    quads_points: int = 8
    straight_flush: StraightFlushRule = StraightFlushRule.WIN
    straight_flush_points: int = 0
    royal_flush: RoyalFlushRule = RoyalFlushRule.RESET_OPPONENTS
    high_score: HighScoreRule = HighScoreRule.RESET_ON_EXCHANGE
    high_score_threshold: int = 45
    ties: TieRule = TieRule.FIRST_FROM_DEALERS_LEFT
    score_floor: int | None = 0
    """R8.5: scores never fall below this; None allows negative scores."""
    chicago_minimum: int = 15
    """R5.1: players below this score are not asked."""
    chicago_caller_leads: bool = True
    """R5.2: the caller leads the first trick."""
    chicago_points: int = 15
    """R7.1: gained for a successful Chicago."""
    chicago_penalty: int = 15
    """R7.2: lost for a broken Chicago."""
    broken_chicago_bonus: int = 10
    """R7.2: gained by the player who breaks a Chicago."""
    last_trick_points: int = 5
    last_trick_two_points: int = 10
    """R6.3: the last trick won with a two."""
    win: WinRule = WinRule.QUALIFIED_AT_TARGET
    qualification_required: bool = True
    """R7.4/R8.1: a Chicago call this game is needed to win at the target."""

    @property
    def name(self) -> str:
        """The id a game file names (`profile`)."""
        return self.id

    def award_for(self, category: Category) -> int:
        """R4.2: points for an ordinary best hand (high card scores nothing)."""
        if Category.ONE_PAIR <= category <= Category.FULL_HOUSE:
            return self.hand_awards[category - Category.ONE_PAIR]
        return 0


HOUSE: Final = RuleProfile(
    id="chicago-gamewide-0.2",
    version="0.2",
    title="Chicago, game-wide qualification (house rules)",
)
"""The default profile, fully specified by RULES.md I–IX."""

PROFILES: Final[dict[str, RuleProfile]] = {HOUSE.id: HOUSE}
DEFAULT_PROFILE: Final = HOUSE


def get_profile(name: str) -> RuleProfile:
    """Look a preset up by id; raises ValueError listing the known ids."""
    try:
        return PROFILES[name]
    except KeyError:
        known = ", ".join(sorted(PROFILES))
        raise ValueError(f"unknown rule profile {name!r} (known: {known})") from None
