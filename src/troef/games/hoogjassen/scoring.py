"""Card points, rounding and the settlement of a round (rules 2 and 6)."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from ...core.cards import RANKS

TRUMP_POINTS: Final = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 3, "Q": 2}
PLAIN_POINTS: Final = {"A": 11, "T": 10, "K": 3, "Q": 2, "J": 1}
LAST_TRICK: Final = 5
TOTAL: Final = 146
ROUNDED_TOTAL: Final = 150
KAPOT: Final = 250


@functools.cache
def card_points(trump: int) -> tuple[int, ...]:
    """The points of each of the 52 cards with ``trump`` named."""
    return tuple(
        (TRUMP_POINTS if c // 13 == trump else PLAIN_POINTS).get(RANKS[c % 13], 0) for c in range(52)
    )


def points_of(cards: Iterable[int], points: tuple[int, ...]) -> int:
    return sum(points[c] for c in cards)


def round_opponents(raw: int) -> int:
    """The opponents' points to a multiple of ten, rounding up from a last digit of 2 (41 -> 40,
    42 -> 50)."""
    return (raw + 8) // 10 * 10


@dataclass(frozen=True)
class Settlement:
    """The declarer's and the opponents' rounded points, the result r and the pot change."""

    points: tuple[int, int]
    result: int
    pot: int


def settle(
    raw_declarer: int, tricks: int, all_tricks: bool, contract: int, ongedraaid: bool, pot: bool
) -> Settlement:
    """Rule 6: kapot 250; no trick: the opponents 150; else the opponents' points rounded and the
    declarer 150 minus that.  r = points - contract, doubled ongedraaid.  The pot: +1 stake when
    the declarer is erin, -1 when he plays kapot (both doubled ongedraaid, 0 without a pot)."""
    if all_tricks:
        points = (KAPOT, 0)
    elif not tricks:
        points = (0, ROUNDED_TOTAL)
    else:
        opponents = round_opponents(TOTAL - raw_declarer)
        points = (ROUNDED_TOTAL - opponents, opponents)
    factor = 2 if ongedraaid else 1
    result = (points[0] - contract) * factor
    change = ((result < 0) - all_tricks) * factor if pot else 0
    return Settlement(points, result, change)
