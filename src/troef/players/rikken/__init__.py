"""Rikken's player kit: the heuristic bot, the world sampler and the search levels' settings:
PIMC with greedy play-outs."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core.game import Game, State
from ...games.rikken import Rikken
from ..kit import PlayerKit
from . import playout, worlds
from .bot import RikkenBot


def sample_world(game: Game, view: Mapping[str, Any], rng: random.Random) -> State:
    """A world for ``view`` (see `worlds.sample_world`)."""
    assert isinstance(game, Rikken)
    return worlds.sample_world(game, view, rng)


KIT = PlayerKit(
    game="rikken",
    heuristic=RikkenBot,
    sample_world=sample_world,
    playout=playout.policy,
    normal_worlds=56,
)
