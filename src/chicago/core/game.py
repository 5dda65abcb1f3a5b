"""A game as a record: its setup, every action in order, and the state they lead to.

The state is derived: replaying the setup and the actions gives it again, card for card
(docs/design.md principle 7). Saving a game is appending an action; loading it is replaying.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from chicago.core.actions import Action
from chicago.core.engine import apply, legal_actions, new_game
from chicago.core.events import Event
from chicago.core.rules import DEFAULT_PROFILE, RuleProfile
from chicago.core.state import GameState, Setup, StackedDeal
from chicago.core.views import PlayerView, view


@dataclass(eq=True)
class Game:
    """Setup + actions + the current state, and every event since the start."""

    setup: Setup
    state: GameState
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @classmethod
    def new(
        cls,
        profile: RuleProfile = DEFAULT_PROFILE,
        seats: int = 4,
        seed: int = 0,
        dealer: int | None = None,
        deals: Sequence[StackedDeal] = (),
    ) -> Game:
        state = new_game(profile, seats, seed, dealer, deals)
        return cls(setup=state.setup, state=state, events=list(state.log))

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Apply and record one action; raises IllegalAction and then changes nothing."""
        self.state, events = apply(self.state, action)
        self.actions.append(action)
        self.events.extend(events)
        return events

    def legal_actions(self) -> Sequence[Action]:
        return legal_actions(self.state)

    def view(self, seat: int) -> PlayerView:
        return view(self.state, seat)

    @property
    def finished(self) -> bool:
        return self.state.finished
