"""Rififi's player kit: the heuristic bot, the world sampler and the search levels' settings:
ISMCTS (nearly all card play, where it plays better than PIMC; ``docs/bots.md``), random play-outs
for the bids, every seat plays alone, and strong searches only its own choices where a trick is a
point."""

from __future__ import annotations

from ...core.game import Game
from ...games.rififi import Rififi
from ..shared.kit import PlayerKit, sampler
from . import playout, worlds
from .bot import RififiBot


def a_trick_is_a_point(game: Game) -> bool:
    """Scored a point a trick and 10 for an exact bid (`oh-hell`): there strong gained by searching only
    its own choices; under 10 + bid² it lost (``docs/bots.md``)."""
    return game.rules["scoring"] == "tricks-plus-10"


KIT: PlayerKit = PlayerKit(
    game="rififi",
    heuristic=RififiBot,
    sample_world=sampler(Rififi, worlds.sample_world),
    playout=playout.policy,
    normal_worlds=96,
    bidding=playout.bidding,
    method="ismcts",
    alone=True,
    own_choices_only=a_trick_is_a_point,
    marks=(1.0, 3.0, 8.0),  # a bid made is worth 10 and more; each trick off costs a point
)
