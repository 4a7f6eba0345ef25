"""Piken's play-out policy for the search bots: the heuristic's weighing of each combination against
dropping out, with the threat read from the other hands of the world."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from ...core.actions import Action
from ...core.game import Game, State
from ...games.piken.combos import NO_KEY, play_action, strongest
from ...games.piken.state import PLAY, PLAYERS, PikenState
from ..shared.playouts import Policy
from .bot import PikenBot, Turn


def policy(game: Game, seed: int) -> Policy:
    """The middle cards drawn as the heuristic does; in play the heuristic's choice, knowing the
    strongest combination each opponent still in holds."""
    drawing = PikenBot(seed)

    def choose(state: State, rng: random.Random) -> Action | str:
        assert isinstance(state, PikenState)
        seat = state.actor
        if state.phase != PLAY:
            return drawing.act(state.view(seat))
        others = [s for s in range(PLAYERS) if s != seat and state.still_in >> s & 1]
        mine = sum(lay.mask.bit_count() for lay in state.laid if lay.seat == seat)
        turn = Turn(
            state.hands[seat],
            max((strongest(state.hands[s]) for s in others), default=NO_KEY),
            mine,
            state.table.bit_count() - mine,
            len(others),
            state.highest,
        )
        return play_action(turn.choose().mask)

    return choose


SEARCHED: Final = 8
"""A search weighs the plays the heuristic values most, this many of them."""


def candidates(view: Mapping[str, Any]) -> list[str]:
    """The plays worth searching: the heuristic's best few (a hand holds up to hundreds)."""
    legal: list[str] = view["legal_actions"]
    if view["phase"] != PLAY or len(legal) <= SEARCHED:
        return legal
    turn = Turn.from_view(view)
    best = sorted(turn.options, key=lambda option: turn.value(*option), reverse=True)
    return [play_action(combo.mask).text for combo, _ in best[:SEARCHED]]
