"""`analyse`: every decision of a record's rounds weighed from its seat's view, and marked by its cost."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ..core.errors import GameError
from ..games.replay import start_state
from ..players.kits import kit_of
from .report import Analysis, Decision
from .rounds import Position, positions, round_records
from .thresholds import Thresholds, thresholds_of
from .values import Effort, action_values

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` after each decision weighed."""


def analyse(
    record: Mapping[str, Any],
    seat: int | None = None,
    round_number: int | None = None,
    effort: Effort | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> Analysis:
    """The analysis of a round or match record: of ``seat``'s decisions (None: every seat's) in round
    ``round_number`` (counted from 1; None: every round).  The same ``seed`` gives the same analysis.

    A `RecordError` or `ReplayError` for a record that does not replay, a `GameError` for a game without
    players or for a seat or round the record does not have.
    """
    rounds = round_records(record)
    game = start_state(rounds[0]).game
    thresholds = thresholds_of(game.name)
    players = game.players
    if seat is not None and not (type(seat) is int and 0 <= seat < players):
        raise GameError(f"seat must be 0..{players - 1}, not {seat!r}")
    if round_number is not None and not (type(round_number) is int and 1 <= round_number <= len(rounds)):
        span = "1" if len(rounds) == 1 else f"1..{len(rounds)}"
        raise GameError(f"round must be {span}, not {round_number!r}")
    chosen = [round_number] if round_number is not None else list(range(1, len(rounds) + 1))
    todo = [
        (number, p)
        for number in chosen
        for p in positions(rounds[number - 1])
        if seat is None or p.seat == seat
    ]
    effort = effort or Effort()
    decisions: list[Decision] = []
    for number, position in todo:
        decisions.append(weigh(position, number, effort, thresholds, seed))
        if progress is not None:
            progress(len(decisions), len(todo))
    return Analysis(
        game=game.name,
        rules=game.rules.notation(),
        players=players,
        rounds=chosen,
        seats=[seat] if seat is not None else list(range(players)),
        effort=effort,
        seed=seed,
        thresholds=thresholds,
        decisions=decisions,
    )


def weigh(position: Position, number: int, effort: Effort, thresholds: Thresholds, seed: int) -> Decision:
    """Round ``number``'s decision at ``position``, weighed from its seat's view: the kit's candidates
    (the actions its search weighs) and the action taken; a second look where the first marks it."""
    state, taken = position.state, position.action
    view = state.view(position.seat)
    actions = list(dict.fromkeys([*kit_of(state.game.name).candidates(view), taken]))
    rng = random.Random(f"{seed}/{number}/{position.index}")
    values = action_values(state.game, view, actions, effort, rng)
    if effort.second_look and thresholds.mark(max(values.values()) - values[taken]):
        values = action_values(state.game, view, actions, replace(effort, worlds=effort.second_look), rng)
    best = max(actions, key=lambda action: (values[action], action == taken))  # the one taken, if as good
    loss = values[best] - values[taken]
    return Decision(
        round=number,
        index=position.index,
        seat=position.seat,
        phase=str(view["phase"]),
        action=taken,
        best=best,
        values=values,
        loss=loss,
        mark=thresholds.mark(loss),
    )
