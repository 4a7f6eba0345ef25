"""Rikken's player kit: the heuristic bot, the world sampler and the search levels' settings:
PIMC with greedy play-outs."""

from __future__ import annotations

from ...games.rikken import Rikken
from ..shared.kit import PlayerKit, sampler
from . import playout, worlds
from .bot import RikkenBot

KIT: PlayerKit = PlayerKit(
    game="rikken",
    heuristic=RikkenBot,
    sample_world=sampler(Rikken, worlds.sample_world),
    playout=playout.policy,
    normal_worlds=56,
    marks=(15.0, 30.0, 60.0),  # amounts move in fives and tens; a contract is worth 30 to 120 a seat
)
