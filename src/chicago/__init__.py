"""Chicago: the Swedish draw-poker and trick game, with an exact, pure rules engine.

The core is `new_game`, `legal_actions`, `apply` and `view`; everything else (game files,
bots, servers, terminals) is built on them.
"""

from chicago.core.actions import Action, ChicagoCall, Exchange, Offer, Play, QuadsChoice
from chicago.core.cards import DECK, Card, Suit, card, cards
from chicago.core.engine import apply, legal_actions, new_game, to_act
from chicago.core.errors import IllegalAction
from chicago.core.game import Game
from chicago.core.rules import DEFAULT_PROFILE, HOUSE, PROFILES, RuleProfile, get_profile
from chicago.core.state import GameState, Phase
from chicago.core.views import PlayerView, view

__version__ = "0.2.5"

__all__ = [
    "DECK",
    "DEFAULT_PROFILE",
    "HOUSE",
    "PROFILES",
    "Action",
    "Card",
    "ChicagoCall",
    "Exchange",
    "Game",
    "GameState",
    "IllegalAction",
    "Offer",
    "Phase",
    "Play",
    "PlayerView",
    "QuadsChoice",
    "RuleProfile",
    "Suit",
    "apply",
    "card",
    "cards",
    "get_profile",
    "legal_actions",
    "new_game",
    "to_act",
    "view",
]
