"""Rank order (rule 2): trumps J 9 A K Q T 8 7, the other suits A K Q J T 9 8 7."""

from __future__ import annotations

import functools
from typing import Final

from ...tricks import rank_power, winner_keys

TRUMP_POWER: Final = rank_power("J9AKQT87")
PLAIN_POWER: Final = rank_power("AKQJT987")


@functools.cache
def trick_keys(trump: int) -> tuple[tuple[int, ...], ...]:
    """Per led suit, each card's strength in a trick with ``trump`` named."""
    power = tuple(TRUMP_POWER[c] if c // 13 == trump else PLAIN_POWER[c] for c in range(52))
    return winner_keys(power, trump)
