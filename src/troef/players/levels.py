"""The search bots' levels.  Budgets are counts of worlds and iterations, so a bot plays the same under
a seed on any machine (the arena, the library); at a table a move also stops at its thinking limit
(`THINKING`), with the best it has by then (``docs/bots.md`` gives the times).  What each game gives
them is its `PlayerKit`."""

from __future__ import annotations

from typing import Final

from .kits import kit_of
from .search import INFERENCE, Budget, SearchBot

STRONG: Final = 4
"""Strong plays out this many times as much as normal: PIMC over as many worlds; ISMCTS as many
iterations over `STRONG_WORLDS` times the worlds, drawn with `STRONG_INFERENCE`; and it solves the last
12 cards (8 where every seat plays alone: max-n is not pruned)."""
STRONG_WORLDS: Final = 2
"""ISMCTS at strong: its worlds, times normal's (the rest of `STRONG` deepens its tree)."""
STRONG_INFERENCE: Final = 4
"""ISMCTS at strong: candidate worlds drawn per world kept, weighed by the other seats' choices before
play (normal, and PIMC: `INFERENCE`, 2)."""


THINKING: Final = {"normal": 0.4, "strong": 1.25}
"""Seconds a search bot of each level may think per move at a table (the levels' limits are 0.5 s and
1.5 s at the 95th percentile; these leave room for the process pool and a step of the search longer than
those before it, which `search.steps` cannot foresee)."""


def search_bot(game: str, kind: str, seed: int | None, thinking: float | None = None) -> SearchBot:
    """The search bot of ``kind``: ``normal``/``strong`` by the game's method, or ``pimc``/``ismcts``
    on the normal budget; ``thinking``: a time limit per move, in seconds."""
    kit = kit_of(game)
    method = kind if kind in ("pimc", "ismcts") else kit.method
    strong = kind == "strong"
    scale = STRONG if strong else 1
    if method == "pimc":
        worlds, inference = kit.normal_worlds * scale, INFERENCE
    elif strong:
        worlds, inference = kit.normal_worlds * STRONG_WORLDS, STRONG_INFERENCE
    else:
        worlds, inference = kit.normal_worlds, INFERENCE
    budget = Budget(
        iterations=10 * kit.normal_worlds * scale,
        worlds=worlds,
        inference=inference,
        endgame=12 if strong and not kit.alone else 8,
        close=strong and kit.close_reading,
        appraise_play=strong and kit.appraise_play,
        seconds=thinking,
    )
    appraise = kit.appraise if strong else None
    return SearchBot(
        seed, budget, method, kit.playout, kit.candidates, kind, kit.bidding, appraise, kit.bid_chance
    )
