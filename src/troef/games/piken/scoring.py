"""The result of a Piken game (``piken.md`` 5): a point per card in the pile, and the winner."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .order import SPADES, highest


class Outcome(NamedTuple):
    """Per seat the spades in the pile and the highest of them (-1: none); the winner, or None when
    even the spades cannot part the leaders (Decision)."""

    spades: tuple[int, ...]
    highest_spade: tuple[int, ...]
    winner: int | None


def outcome(piles: Sequence[int]) -> Outcome:
    """5.1: most cards; on a tie most spades; on a tie the highest spade."""
    spades = tuple((pile & SPADES).bit_count() for pile in piles)
    top_spade = tuple(highest(pile & SPADES) for pile in piles)  # -1: no spade
    most = max(pile.bit_count() for pile in piles)
    leaders = [seat for seat, pile in enumerate(piles) if pile.bit_count() == most]
    most_spades = max(spades[seat] for seat in leaders)
    leaders = [seat for seat in leaders if spades[seat] == most_spades]
    if len(leaders) > 1 and not most_spades:
        return Outcome(spades, top_spade, None)
    return Outcome(spades, top_spade, max(leaders, key=top_spade.__getitem__))
