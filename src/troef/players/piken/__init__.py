"""Piken's player kit: the heuristic bot, the world sampler and the search levels' settings:
PIMC with the heuristic's weighing as play-out."""

from __future__ import annotations

from ...games.piken import Piken
from ..shared.kit import PlayerKit, sampler
from . import playout, worlds
from .bot import PikenBot

KIT: PlayerKit = PlayerKit(
    game="piken",
    heuristic=PikenBot,
    sample_world=sampler(Piken, worlds.sample_world),
    playout=playout.policy,
    normal_worlds=64,
    candidates=playout.candidates,
    close_reading=True,
    marks=(1.0, 3.0, 6.0),  # the score is the cards a seat wins
)
