"""The errors the core raises: one type for an illegal action, one for a bad stacked deck."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now. The message ends with the rule: `… — R6.1`."""

    def __init__(self, reason: str, rule: str) -> None:
        super().__init__(f"{reason} — {rule}")
        self.reason = reason
        self.rule = rule


class StackedDealError(ValueError):
    """A stacked deal (GAME-FILE.md `deals`) that cannot be dealt at that point of the game."""
