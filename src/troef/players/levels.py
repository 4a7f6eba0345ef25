"""The search bots' levels.  ``normal`` takes about 0.2 s a move, ``strong`` about 1 s (on one core of
the reference machine, see ``docs/bots.md``); budgets are counts of worlds and iterations, so a bot plays
the same under a seed on any machine.  What each game gives them is its `PlayerKit`."""

from __future__ import annotations

from typing import Final

from .kits import kit_of
from .search import Budget, SearchBot

STRONG: Final = 4
"""Strong searches this many times as much: PIMC as many worlds, ISMCTS as many iterations on the same
worlds (drawing worlds with inference would take most of its time), and solves the last 12 cards (8
where every seat plays alone: max-n is not pruned)."""


def search_bot(game: str, kind: str, seed: int | None) -> SearchBot:
    """The search bot of ``kind``: ``normal``/``strong`` by the game's method, or ``pimc``/``ismcts``
    on the normal budget."""
    kit = kit_of(game)
    method = kind if kind in ("pimc", "ismcts") else kit.method
    scale = STRONG if kind == "strong" else 1
    worlds = kit.normal_worlds * (scale if method == "pimc" else 1)
    endgame = 12 if kind == "strong" and not kit.alone else 8
    budget = Budget(iterations=10 * kit.normal_worlds * scale, worlds=worlds, endgame=endgame)
    return SearchBot(seed, budget, method, kit.playout, kit.candidates, kind, kit.bidding)
