"""The table service's refusals: each one clear sentence, and nothing changed."""

from __future__ import annotations

from chicago.text.i18n import _


class ServiceError(Exception):
    """A refused request; the message is one clear sentence. Nothing was changed."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


class BadRequest(ServiceError):
    """Malformed input: a value of the wrong kind, an unknown profile or level, a bad file."""


class NotFound(ServiceError):
    """No such game, or not the requester's (the two are never told apart)."""

    def __init__(self) -> None:
        super().__init__(_("There is no such game."))


class Stale(ServiceError):
    """The action was made against an older (or unknown) version of the game."""

    def __init__(self, current: int, given: int) -> None:
        super().__init__(_("The game has moved on (version {current}, not {given}): reload",
                           current=current, given=given))
        self.current = current
        self.given = given


class Illegal(ServiceError):
    """The engine refused the action (IllegalAction): its reason and rule."""


class NotYourTurn(ServiceError):
    """A hint asked for while seat 0 has no decision to make."""


class GameGone(ServiceError):
    """A stored game that no longer replays (a damaged database or an incompatible engine)."""


class Sealed(ServiceError):
    """A game of the day's deal asked for what would show its cards (its backup, its replay,
    its seed) while others may still play the same cards."""

    def __init__(self, until: object = None) -> None:
        super().__init__(_("This is the day's deal: its cards stay hidden until the day's deal "
                           "closes at midnight, Swedish time."))
        self.until = until
