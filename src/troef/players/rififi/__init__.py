"""Rififi's player kit: the heuristic bot, the world sampler and the search levels' settings:
ISMCTS (nearly all card play, where it plays better than PIMC; ``docs/bots.md``), random play-outs
for the bids, and every seat plays alone."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...core.game import Game, State
from ...games.rififi import Rififi
from ..kit import PlayerKit
from . import playout, worlds
from .bot import RififiBot


def sample_world(game: Game, view: Mapping[str, Any], rng: random.Random) -> State:
    """A world for ``view`` (see `worlds.sample_world`)."""
    assert isinstance(game, Rififi)
    return worlds.sample_world(game, view, rng)


KIT = PlayerKit(
    game="rififi",
    heuristic=RififiBot,
    sample_world=sample_world,
    playout=playout.policy,
    normal_worlds=96,
    bidding=playout.bidding,
    method="ismcts",
    alone=True,
)
