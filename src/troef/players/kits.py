"""The players layer's registry: one `PlayerKit` per game, and what looks a game's kit up."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from ..core.errors import GameError
from ..core.game import Game, State
from . import hoogjassen, piken, rififi, rikken
from .shared.kit import PlayerKit

KITS: Final[dict[str, PlayerKit]] = {
    kit.game: kit for kit in (rififi.KIT, rikken.KIT, hoogjassen.KIT, piken.KIT)
}


def kit_of(game: str) -> PlayerKit:
    """The player kit of ``game``; a `GameError` if it has none."""
    kit = KITS.get(game)
    if kit is None:
        raise GameError(f"no players for game {game!r}; games with players: {', '.join(KITS)}")
    return kit


def sample_world(game: Game, view: Mapping[str, Any], rng: random.Random) -> State:
    """A round consistent with everything ``view`` shows, its hidden cards dealt at random."""
    return kit_of(game.name).sample_world(game, view, rng)
