"""Rififi's play-out policies for the search bots: the heuristic's bids, then greedy play towards them
(for the play) or cards at random (for the bids)."""

from __future__ import annotations

import random

from ...core.cards import bits
from ...core.game import Game
from ...core.rand import choice
from ...games.rififi.rules import Rififi
from ...games.rififi.state import RififiState
from ..shared.playouts import LOSE, WIN, Policy, greedy_card, trick_policy, trump_costs
from .bot import RififiBot


def policy(game: Game, seed: int) -> Policy:
    """Each seat bids as the heuristic does, then takes tricks while it needs them and ducks once it
    has its bid (or takes more where the scoring pays for them), without reading the other hands:
    every card it cannot see may be against it, as for a player at the table."""
    assert isinstance(game, Rififi)
    points, pack = game.points, game.pack

    def card(state: RififiState) -> int:
        seat = state.actor
        bid, won = state.bids[seat], state.won[seat]
        aim = WIN if won < bid or points(bid, won + 1) > points(bid, won) else LOSE
        gone = sum(state.dealt) & ~sum(state.hands)
        hidden = pack & ~gone & ~state.hands[seat] & ~(1 << state.trump_card if state.trump_card >= 0 else 0)
        return greedy_card(state, aim, trump_costs(game.power, state.trump), hidden=hidden)

    return trick_policy([RififiBot(seed + s).act for s in range(game.players)], card)


def bidding(game: Game, seed: int) -> Policy:
    """For the bids: each seat bids as the heuristic does, then plays random cards, so a bid is valued
    by the tricks the hand takes on its own.  Greedy play-outs steer too weakly (they make their bids
    about half the time, the search bots two thirds) and led the bots to bid lower; on the same
    positions, played on alike, random play-outs' bids were worth a little more (``docs/bots.md``)."""
    assert isinstance(game, Rififi)
    rng = random.Random(seed)

    def card(state: RififiState) -> int:
        seat = state.actor
        return choice(rng, list(bits(state.playable(seat))))

    return trick_policy([RififiBot(seed + s).act for s in range(game.players)], card)
