"""troef: traditional card games played exactly by their rulebooks.

>>> import troef
>>> name = next(iter(troef.GAMES))  # troef.GAMES: every game, by name
>>> game = troef.load_game(name, rules="standaard", players=4)
>>> state = game.deal(seed=7, dealer=0)
>>> state.current_player
1
"""

from types import ModuleType

from . import moved
from .core.actions import Action, ActionError, parse_action
from .core.cards import CARDS, PACKS, Card, CardError, CardSet
from .core.errors import (
    GameError,
    IllegalAction,
    MatchError,
    RecordError,
    ReplayError,
    RoundOverError,
    TroefError,
    UsageError,
)
from .core.game import Game, State
from .core.native import compiled
from .games import GAMES, load_game
from .games.replay import replay

moved.install()

__all__ = [
    "CARDS",
    "GAMES",
    "PACKS",
    "Action",
    "ActionError",
    "Card",
    "CardError",
    "CardSet",
    "Game",
    "GameError",
    "IllegalAction",
    "MatchError",
    "RecordError",
    "ReplayError",
    "RoundOverError",
    "State",
    "TroefError",
    "UsageError",
    "compiled",
    "load_game",
    "parse_action",
    "replay",
]


def __getattr__(name: str) -> ModuleType:
    """A module by its name before it moved (``troef.match`` is ``troef.core.match``)."""
    return moved.attribute(name)
