"""The search bots' levels and what each game gives them: its play-out policy and the actions worth
searching.  ``normal`` takes about 0.2 s a move, ``strong`` about 1 s (on one core of the reference
machine, see ``docs/bots.md``); budgets are counts of worlds, so a bot plays the same under a seed on
any machine."""

from __future__ import annotations

from typing import Final

from ..games.hoogjassen import playout as hoogjassen
from ..games.piken import playout as piken
from ..games.rififi import playout as rififi
from ..games.rikken import playout as rikken
from .search import Budget, Candidates, PolicyFactory, SearchBot, all_legal

METHOD: Final = "pimc"
PLAYOUTS: Final[dict[str, PolicyFactory]] = {
    "hoogjassen": hoogjassen.policy,
    "piken": piken.policy,
    "rififi": rififi.policy,
    "rikken": rikken.policy,
}
CANDIDATES: Final[dict[str, Candidates]] = {"hoogjassen": hoogjassen.candidates, "piken": piken.candidates}
NORMAL: Final = {"rififi": 96, "rikken": 56, "hoogjassen": 112, "piken": 64}
"""Worlds a move at level normal (ISMCTS: 10 iterations a world, about as long); strong has four times
as many and solves the last 12 cards."""


def search_bot(game: str, kind: str, seed: int | None) -> SearchBot:
    """The search bot of ``kind``: ``normal``/``strong``, or ``pimc``/``ismcts`` on the normal budget."""
    method = kind if kind in ("pimc", "ismcts") else METHOD
    worlds = NORMAL[game] * (4 if kind == "strong" else 1)
    budget = Budget(iterations=10 * worlds, worlds=worlds, endgame=12 if kind == "strong" else 8)
    return SearchBot(seed, budget, method, PLAYOUTS[game], CANDIDATES.get(game, all_legal), kind)
