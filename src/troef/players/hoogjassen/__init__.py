"""Hoogjassen's player kit: the heuristic bot, the world sampler and the search levels' settings:
PIMC; the search weighs only the lowest bids and the discards the heuristic values most."""

from __future__ import annotations

from ...games.hoogjassen import Hoogjassen
from ..shared.kit import PlayerKit, sampler
from . import playout, worlds
from .bot import HoogjassenBot

KIT: PlayerKit = PlayerKit(
    game="hoogjassen",
    heuristic=HoogjassenBot,
    sample_world=sampler(Hoogjassen, worlds.sample_world),
    playout=playout.policy,
    normal_worlds=112,
    candidates=playout.candidates,
    appraise=playout.appraise,
    marks=(10.0, 30.0, 80.0),  # points move in tens; a contract with its roem is worth 50 and more
)
