"""Rififi's player kit: the heuristic bot, the world sampler and the search levels' settings:
ISMCTS (nearly all card play, where it plays better than PIMC; ``docs/bots.md``), random play-outs
for the bids (strong appraises them, and its play-outs in play, as the play steers towards the bid,
where `STEERING` has the scoring), and every seat plays alone."""

from __future__ import annotations

from ...games.rififi import Rififi
from ..shared.kit import PlayerKit, sampler
from . import playout, worlds
from .bot import RififiBot, bid_chance

KIT: PlayerKit = PlayerKit(
    game="rififi",
    heuristic=RififiBot,
    sample_world=sampler(Rififi, worlds.sample_world),
    playout=playout.policy,
    normal_worlds=96,
    bidding=playout.bidding,
    appraise=playout.appraise,
    appraise_play=True,
    bid_chance=bid_chance,
    method="ismcts",
    alone=True,
    marks=(1.0, 3.0, 8.0),  # a bid made is worth 10 and more; each trick off costs a point
)
