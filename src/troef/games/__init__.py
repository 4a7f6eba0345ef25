"""The registry of games: `load_game` by name, with rules and number of players."""

from __future__ import annotations

from typing import Final

from ..core.errors import GameError
from ..core.game import Game
from .hoogjassen import Hoogjassen
from .piken import Piken
from .rififi import Rififi
from .rikken import Rikken

GAMES: Final[dict[str, type[Game]]] = {cls.name: cls for cls in (Rififi, Rikken, Hoogjassen, Piken)}


def game_class(name: str) -> type[Game]:
    """The class of the game called ``name``; a `GameError` lists the known games."""
    cls = GAMES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise GameError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
    return cls


def load_game(name: str, rules: object = None, players: int | None = None) -> Game:
    """A game with its rules (a preset name, or ``{"preset": NAME, option: value}``) and players."""
    return game_class(name)(rules, players)
