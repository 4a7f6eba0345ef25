"""Hoogjassen's player kit: the heuristic bot, the world sampler and the search levels' settings:
PIMC; the search weighs only the lowest bids and the discards the heuristic values most."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core.game import Game, State
from ...games.hoogjassen import Hoogjassen
from ..kit import PlayerKit
from . import playout, worlds
from .bot import HoogjassenBot


def sample_world(game: Game, view: Mapping[str, Any], rng: random.Random) -> State:
    """A world for ``view`` (see `worlds.sample_world`)."""
    assert isinstance(game, Hoogjassen)
    return worlds.sample_world(game, view, rng)


KIT = PlayerKit(
    game="hoogjassen",
    heuristic=HoogjassenBot,
    sample_world=sample_world,
    playout=playout.policy,
    normal_worlds=112,
    candidates=playout.candidates,
)
