"""Rififi's play-out policies for the search bots: the heuristic's bids, then greedy play towards them
(for the play) or cards at random (for the bids), and what a random play-out of the bids is worth."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ...core.cards import bits
from ...core.game import Game, State
from ...core.rand import choice
from ...games.rififi.rules import Rififi
from ...games.rififi.state import RififiState
from ..shared.kit import Appraise
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


STEERING: Final[dict[str, tuple[float, ...]]] = {"tricks-plus-10": (1.0, 0.6, 0.3)}
"""By the option ``scoring``: the chance that a seat makes a bid its random play-out missed by 0, 1 or 2
tricks (further off: none), for the play at the table steers towards the bid where random cards do
not.  Fitted on normal bots' bids (``benchmarks/steering_fit.py``); kept where it gained
(``docs/bots.md``)."""


def made_off(steering: Sequence[float], off: int) -> float:
    """The chance of making a bid that a random play-out missed by ``off`` tricks."""
    return steering[off] if off < len(steering) else 0.0


def steered(steering: Sequence[float]) -> Appraise:
    """What a play-out is worth to each seat when the play at the table steers by ``steering``: with the
    chance of making the bid from where the play-out left the seat, the points of the bid made, else
    the play-out's points."""

    def worth(state: State) -> list[float]:
        assert isinstance(state, RififiState)
        points, values = state.game.points, []
        for bid, won in zip(state.bids, state.won, strict=True):
            made = made_off(steering, abs(won - bid))
            values.append(made * points(bid, bid) + (1.0 - made) * points(bid, won))
        return values

    return worth


APPRAISALS: Final[dict[str, Appraise]] = {scoring: steered(f) for scoring, f in STEERING.items()}


def appraise(state: State) -> list[float]:
    """A play-out (of the bids; at strong, in play too): steered where the scoring has a `STEERING`, else
    its scores."""
    assert isinstance(state, RififiState)
    steer = APPRAISALS.get(str(state.game.rules["scoring"]))
    return state.final_scores() if steer is None else steer(state)
