"""The arena: bots measured against each other in duplicate format, with bootstrap intervals.

Each deal is played by every pair of bots twice, the seating swapped, so that every bot sits in every
seat of the deal once and the luck of the cards cancels; see ``docs/arena.md``.
"""

from __future__ import annotations

from .duplicate import PairDeal, Progress, Setup, check_counts, play_deals
from .report import PairResult, Rating, Report, joined, summarise

__all__ = [
    "PairDeal",
    "PairResult",
    "Progress",
    "Rating",
    "Report",
    "Setup",
    "check_counts",
    "joined",
    "play_deals",
    "run_arena",
    "summarise",
]


def run_arena(setup: Setup, deals: int, workers: int = 1, progress: Progress | None = None) -> Report:
    """Play ``deals`` deals of ``setup`` on ``workers`` processes and summarise them."""
    results = play_deals(setup, deals, workers, progress)
    return summarise(setup.load(), setup.kinds, results, setup.seed)
