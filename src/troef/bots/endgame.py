"""Exact endgames of the trick games: alpha-beta with a transposition table on the open-card position.

Inside determinized search every card is known, so once few are left the rest of the round can be
solved instead of played out at random.  The searching seat's side (`TrickState.allies`) maximises
the seat's score and everyone else minimises it (the paranoid reduction of a many-player game to
two sides, exact for Rikken's and Hoogjassen's two sides).  The transposition table is keyed on
the hands, the trick on the table, who is to play and the completed tricks as a set: positions
reached through tricks in another order score the same.
"""

from __future__ import annotations

import math
from typing import Final

from ..tricks import TrickState

EXACT, LOWER, UPPER = 0, 1, 2
Entry = tuple[float, int, list[float]]
Table = dict[tuple[object, ...], Entry]

LIMIT: Final = 200_000
"""Entries kept in one table before it is cleared (a bound on memory, not on correctness)."""


def solve(state: TrickState, seat: int, table: Table) -> list[float]:
    """The scores of the round when it is played out perfectly from ``state`` for ``seat``'s side
    against the rest; ``state`` is left unchanged, ``table`` keeps what was solved for later calls."""
    if len(table) > LIMIT:
        table.clear()
    return _search(state, state.allies(seat), seat, -math.inf, math.inf, table)[1]


def _key(state: TrickState) -> tuple[object, ...]:
    return (tuple(state.hands), tuple(state.trick), state.current_player, frozenset(state.history))


def _search(
    state: TrickState, allies: int, seat: int, alpha: float, beta: float, table: Table
) -> tuple[float, list[float]]:
    if state.is_over:
        scores: list[float] = state.result()["scores"]
        return scores[seat], scores
    key = _key(state)
    entry = table.get(key)
    if entry is not None:
        value, flag, scores = entry
        if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
            return value, scores
    start_alpha, start_beta = alpha, beta
    maximise = bool(allies >> state.current_player & 1)  # type: ignore[operator]  # not over: a seat plays
    best = -math.inf if maximise else math.inf
    best_scores: list[float] = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        value, scores = _search(child, allies, seat, alpha, beta, table)
        if (value > best) if maximise else (value < best):
            best, best_scores = value, scores
        if maximise:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    flag = UPPER if best <= start_alpha else LOWER if best >= start_beta else EXACT
    table[key] = (best, flag, best_scores)
    return best, best_scores
