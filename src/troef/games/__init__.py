"""The registry of games: `load_game` by name, with rules and number of players."""

from __future__ import annotations

from typing import Final

from ..core.actions import register_kinds
from ..core.errors import GameError
from ..core.game import Game
from .hoogjassen import Hoogjassen
from .piken import Piken
from .rififi import Rififi
from .rikken import Rikken

GAMES: Final[dict[str, type[Game]]] = {}
"""Every game, by name, in the order registered."""


def register(cls: type[Game]) -> None:
    """Add the game ``cls`` to `GAMES` and let `parse_action` read its own actions; a `GameError` for
    a name already registered to another class."""
    known = GAMES.get(cls.name)
    if known is not None and known is not cls:
        raise GameError(f"game {cls.name!r} is already registered ({known.__qualname__})")
    register_kinds(cls.action_kinds)
    GAMES[cls.name] = cls


for _game in (Rififi, Rikken, Hoogjassen, Piken):
    register(_game)


def game_class(name: str) -> type[Game]:
    """The class of the game called ``name``; a `GameError` lists the known games."""
    cls = GAMES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise GameError(f"unknown game {name!r}; games: {', '.join(GAMES)}")
    return cls


def load_game(name: str, rules: object = None, players: int | None = None) -> Game:
    """A game with its rules (a preset name, or ``{"preset": NAME, option: value}``) and players."""
    return game_class(name)(rules, players)
