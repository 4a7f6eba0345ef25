"""What each action of a decision is worth to the seat that took it, judged from that seat's view only.

As `troef.players.search.pimc` weighs a move: worlds are drawn from the seat's view (with the search
bots' inference), every action is played out in every world by the game's play-out policy (in a trick
game's last cards solved exactly), and an action's value is its mean score for the seat.  Every action
meets the same worlds and, in each world, the same chances (the policy and its random numbers start
from the same seed), so that actions are compared pair by pair.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.game import Game, State
from ..core.tricks import TrickState
from ..players.endgame import Table, solve
from ..players.kits import kit_of
from ..players.search import Budget, draw_worlds
from ..players.shared.kit import PolicyFactory
from ..players.shared.playouts import Policy


@dataclass(frozen=True)
class Effort:
    """How hard each decision is looked at: counts only, so that a seed gives the same analysis on any
    machine."""

    worlds: int = 16
    """Worlds drawn from the seat's view per decision; every action is played out in each."""
    second_look: int = 64
    """Worlds of a second look, fresh ones, at a decision the first look marks; its values are the ones
    kept, so that a mark rests on more worlds (0: no second look)."""
    inference: int = 2
    """Draw this many times ``worlds`` candidates and keep ``worlds`` of them in proportion to how well
    they explain the other seats' choices before play (1: off), as the search bots do."""
    endgame: int = 8
    """In a trick game's play with at most this many cards left in the hands, play-outs are solved
    exactly (0: never)."""

    def __post_init__(self) -> None:
        if self.worlds < 1 or self.second_look < 0 or self.inference < 1 or self.endgame < 0:
            raise ValueError(f"an effort needs worlds and inference >= 1, the rest >= 0, not {self}")


def action_values(
    game: Game, view: Mapping[str, Any], actions: Sequence[str], effort: Effort, rng: random.Random
) -> dict[str, float]:
    """The mean score for ``view``'s seat of each of ``actions`` (legal for it now) over ``effort.worlds``
    worlds drawn from ``view``: the seat's own view, so nothing it could not see is used."""
    seat: int = view["seat"]
    in_play = view["phase"] == "play"
    kit = kit_of(game.name)
    factory: PolicyFactory = kit.playout if in_play else kit.bidding or kit.playout
    budget = Budget(worlds=effort.worlds, inference=effort.inference)
    drawn = draw_worlds(game, view, budget, factory(game, rng.randrange(1 << 30)), rng)
    left = sum(view.get("hand_counts", ())) if in_play else -1
    exact = 0 <= left <= effort.endgame
    table: Table = {}
    totals = dict.fromkeys(actions, 0.0)
    for world in drawn:
        seed = rng.randrange(1 << 30)
        for action in actions:
            state = world.clone()
            state.apply(action)
            totals[action] += play_out(state, seat, factory(game, seed), random.Random(seed), exact, table)
    return {action: total / len(drawn) for action, total in totals.items()}


def play_out(state: State, seat: int, policy: Policy, rng: random.Random, exact: bool, table: Table) -> float:
    """``seat``'s score once ``state`` is played to the end by ``policy``, or, with ``exact`` in a trick
    game's play, solved exactly (``table`` keeps the solutions for the decision's other play-outs)."""
    if exact and isinstance(state, TrickState) and state.in_play and not state.is_over:
        return solve(state, seat, table)[seat]
    while not state.is_over:
        state.apply(policy(state, rng))
    return state.final_scores()[seat]
