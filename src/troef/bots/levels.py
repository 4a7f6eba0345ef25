"""The search bots' budgets per game: ``normal`` takes about 0.2 s a move, ``strong`` about 1 s (on
one core of the reference machine, see ``docs/bots.md``); budgets are iterations, so a bot plays the
same under a seed on any machine."""

from __future__ import annotations

from typing import Final

from .search import Budget, SearchBot

METHOD: Final = "ismcts"
ROLLOUT: Final = "random"
NORMAL: Final = {"rififi": 1000, "rikken": 450, "hoogjassen": 360, "piken": 330}
"""Iterations a move at level normal; strong has eight times as many and solves the last 12 cards."""


def search_bot(game: str, kind: str, seed: int | None) -> SearchBot:
    """The search bot of ``kind``: ``normal``/``strong``, or ``pimc``/``ismcts`` on the normal budget."""
    method = kind if kind in ("pimc", "ismcts") else METHOD
    budget = Budget(NORMAL[game] * 8, endgame=12) if kind == "strong" else Budget(NORMAL[game])
    return SearchBot(seed, budget, method, ROLLOUT, name=kind)
