"""Exact endgames of the trick games, on the open-card position with a transposition table.

Inside determinized search every card is known, so once few are left the rest of the round can be
solved instead of played out.  Where sides play together (`TrickState.allies`: a declarer and
partner) the searching seat's side maximises the seat's score and everyone else
minimises it, by alpha-beta (the paranoid reduction to two sides, exact for two sides).  Where
every seat plays alone (no contract, or a pass game) each seat maximises its own score (max-n): a
seat indifferent between plays is taken to choose among them at random, so the scores of its
equally good plays are averaged.  The transposition table is keyed on the hands, the trick on the
table, who is to play and the completed tricks as a set: positions reached through tricks in
another order score the same.
"""

from __future__ import annotations

import math
from typing import Final

from ..core.tricks import TrickState

EXACT, LOWER, UPPER = 0, 1, 2
Entry = tuple[float, int, list[float]]
Table = dict[tuple[object, ...], Entry]

LIMIT: Final = 200_000
"""Entries kept in one table before it is cleared (a bound on memory, not on correctness)."""


def solve(state: TrickState, seat: int, table: Table) -> list[float]:
    """The scores of the round when it is played out perfectly from ``state``, for ``seat``'s side
    against the rest or, where everyone plays alone, by each for itself; ``state`` is left
    unchanged, ``table`` keeps what was solved for later calls."""
    if len(table) > LIMIT:
        table.clear()
    if all(state.allies(s) == 1 << s for s in range(len(state.hands))):
        return _max_n(state, seat, table)
    return _search(state, state.allies(seat), seat, -math.inf, math.inf, table)[1]


def _key(state: TrickState) -> tuple[object, ...]:
    return (tuple(state.hands), tuple(state.trick), state.current_player, frozenset(state.history))


def _search(
    state: TrickState, allies: int, seat: int, alpha: float, beta: float, table: Table
) -> tuple[float, list[float]]:
    if state.is_over:
        scores = state.final_scores()
        return scores[seat], scores
    key = _key(state)
    entry = table.get(key)
    if entry is not None:
        value, flag, scores = entry
        if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
            return value, scores
    start_alpha, start_beta = alpha, beta
    maximise = bool(allies >> state.actor & 1)
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


def _max_n(state: TrickState, seat: int, table: Table) -> list[float]:
    if state.is_over:
        return state.final_scores()
    key = _key(state)
    entry = table.get(key)
    if entry is not None:
        return entry[2]
    actor = state.actor
    best = -math.inf
    tied: list[list[float]] = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        scores = _max_n(child, seat, table)
        if scores[actor] > best:
            best, tied = scores[actor], [scores]
        elif scores[actor] == best:
            tied.append(scores)
    mean = [math.fsum(column) / len(tied) for column in zip(*tied, strict=True)]
    table[key] = (mean[seat], EXACT, mean)
    return mean
