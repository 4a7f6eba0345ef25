"""Rank order (rule 2): trumps J 9 A K Q T 8 7, the other suits A K Q J T 9 8 7."""

from __future__ import annotations

import functools
from typing import Final

from ...core.tricks import rank_power, winner_keys

TRUMP_POWER: Final = rank_power("J9AKQT87")
PLAIN_POWER: Final = rank_power("AKQJT987")


@functools.cache
def trump_power(trump: int) -> tuple[int, ...]:
    """Each card's strength within its suit with ``trump`` named."""
    return tuple(TRUMP_POWER[c] if c // 13 == trump else PLAIN_POWER[c] for c in range(52))


@functools.cache
def trick_keys(trump: int) -> tuple[tuple[int, ...], ...]:
    """Per led suit, each card's strength in a trick with ``trump`` named."""
    return winner_keys(trump_power(trump), trump)
