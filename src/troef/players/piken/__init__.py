"""Piken's player kit: the heuristic bot, the world sampler and the search levels' settings:
PIMC with the heuristic's weighing as play-out."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core.game import Game, State
from ...games.piken import Piken
from ..kit import PlayerKit
from . import playout, worlds
from .bot import PikenBot


def sample_world(game: Game, view: Mapping[str, Any], rng: random.Random) -> State:
    """A world for ``view`` (see `worlds.sample_world`)."""
    assert isinstance(game, Piken)
    return worlds.sample_world(game, view, rng)


KIT = PlayerKit(
    game="piken",
    heuristic=PikenBot,
    sample_world=sample_world,
    playout=playout.policy,
    normal_worlds=64,
    candidates=playout.candidates,
)
