"""Rikken's play-out policy for the search bots: the heuristic's auction, trump and call, then greedy
play by what each seat wants from the contract."""

from __future__ import annotations

import functools

from ...core.game import Game
from ...games.rikken.contracts import EEN_OF_VIJF, MISERE, PIEK, SCHOPPEN_MIE
from ...games.rikken.rules import Rikken
from ...games.rikken.state import QUEEN_OF_SPADES, RikkenState
from ..shared.playouts import ANY, LOSE, WIN, Policy, greedy_card, trick_policy, trump_costs
from .bot import RikkenBot


def aim(state: RikkenState, seat: int) -> int:
    """Whether ``seat`` wants the trick on the table.  Piek: its player wants one trick; while a piek
    player has none his opponents want the tricks, once he has one they feed him more.  Misère and
    schoppen-mie: everyone ducks (the misère player's opponents leave him the tricks).  Een-of-vijf:
    tricks up to one or five.  Otherwise both sides want tricks."""
    contract = state.contract
    assert contract is not None
    family, won = contract.family, state.won
    if family == PIEK:
        if seat in state.players:
            return WIN if won[seat] == 0 else LOSE
        return WIN if any(won[p] == 0 for p in state.players) else LOSE
    if family in (MISERE, SCHOPPEN_MIE):
        return LOSE
    if family == EEN_OF_VIJF:
        return LOSE if won[seat] in (1, 5) else ANY if won[seat] > 5 else WIN
    return WIN


@functools.cache
def costs(power: tuple[int, ...], trump: int, queen_first: bool) -> tuple[int, ...]:
    """Cards from cheapest to dearest; in schoppen-mie the queen of spades is the dearest of all."""
    cost = trump_costs(power, trump)
    return tuple(c + 1000 if i == QUEEN_OF_SPADES else c for i, c in enumerate(cost)) if queen_first else cost


def policy(game: Game, seed: int) -> Policy:
    assert isinstance(game, Rikken)

    def card(state: RikkenState) -> int:
        seat = state.actor
        contract = state.contract
        assert contract is not None
        cost = costs(game.power, state.trump, contract.family == SCHOPPEN_MIE)
        return greedy_card(state, aim(state, seat), cost)

    return trick_policy([RikkenBot(seed + s).act for s in range(game.players)], card)
