"""Rififi scoring (rule 4) and the family's `tricks-plus-10` variant."""

from __future__ import annotations


def rififi_points(bid: int, tricks: int) -> int:
    """Exact bid: 10 + bid²; otherwise minus the difference."""
    return 10 + bid * bid if bid == tricks else -abs(bid - tricks)


def tricks_plus_10_points(bid: int, tricks: int) -> int:
    """One point per trick taken, 10 more for an exact bid (OpenSpiel's oh_hell defaults)."""
    return tricks + (10 if bid == tricks else 0)
