"""The search bots' levels and what each game gives them: its search method, play-out policy and the
actions worth searching.  ``normal`` takes about 0.2 s a move, ``strong`` about 1 s (on one core of the
reference machine, see ``docs/bots.md``); budgets are counts of worlds and iterations, so a bot plays
the same under a seed on any machine."""

from __future__ import annotations

from typing import Final

from ..games.hoogjassen import playout as hoogjassen
from ..games.piken import playout as piken
from ..games.rififi import playout as rififi
from ..games.rikken import playout as rikken
from .search import Budget, Candidates, PolicyFactory, SearchBot, all_legal

METHODS: Final = {"rififi": "ismcts"}
"""The levels' search method where it is not PIMC: Rififi is nearly all card play, where ISMCTS plays
better (``docs/bots.md``)."""
PLAYOUTS: Final[dict[str, PolicyFactory]] = {
    "hoogjassen": hoogjassen.policy,
    "piken": piken.policy,
    "rififi": rififi.policy,
    "rikken": rikken.policy,
}
BIDDING: Final[dict[str, PolicyFactory]] = {"rififi": rififi.bidding}
"""Play-outs for the choices before play where they are not the game's play-out policy."""
CANDIDATES: Final[dict[str, Candidates]] = {"hoogjassen": hoogjassen.candidates, "piken": piken.candidates}
NORMAL: Final = {"rififi": 96, "rikken": 56, "hoogjassen": 112, "piken": 64}
"""Worlds a move at level normal (ISMCTS plays each out 10 times, about as long as PIMC)."""
STRONG: Final = 4
"""Strong searches this many times as much: PIMC as many worlds, ISMCTS as many iterations on the same
worlds (drawing worlds with inference would take most of its time), and solves the last 12 cards (8
where every seat plays alone: max-n is not pruned)."""
ALONE: Final = {"rififi"}
"""Games where every seat plays alone: their exact endgames are max-n."""


def search_bot(game: str, kind: str, seed: int | None) -> SearchBot:
    """The search bot of ``kind``: ``normal``/``strong`` by the game's method, or ``pimc``/``ismcts``
    on the normal budget."""
    method = kind if kind in ("pimc", "ismcts") else METHODS.get(game, "pimc")
    scale = STRONG if kind == "strong" else 1
    worlds = NORMAL[game] * (scale if method == "pimc" else 1)
    endgame = 12 if kind == "strong" and game not in ALONE else 8
    budget = Budget(iterations=10 * NORMAL[game] * scale, worlds=worlds, endgame=endgame)
    playout, bidding = PLAYOUTS[game], BIDDING.get(game)
    return SearchBot(seed, budget, method, playout, CANDIDATES.get(game, all_legal), kind, bidding)
