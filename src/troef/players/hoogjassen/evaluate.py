"""Hand evaluation for the Hoogjassen bot: the declarer's expected card points with a given trump.

Cards are ints ``suit * 13 + rank`` (rank 5 the seven, 8 the ten, 12 the ace)."""

from __future__ import annotations

import functools
from typing import Final

from ...core.cards import SUIT_MASKS, bits
from ...games.hoogjassen.roem import roem_of
from ...games.hoogjassen.scoring import LAST_TRICK, card_points

SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(5, 13)
TRUMP_ORDER: Final = (JACK, NINE, ACE, KING, QUEEN, TEN, EIGHT, SEVEN)
CAPTURE: Final = 3.0
"""Points an opponent is expected to give up on a trick the declarer wins."""
PARTIAL: Final = 0.5
"""Chance that a trump honour below a gap in the top sequence still wins."""
GUARDED_TEN: Final = 0.3
"""Chance that a side ten guarded by the king and a third card takes a trick."""


def ranks(hand: int, suit: int) -> set[int]:
    return {c % 13 for c in bits(hand & SUIT_MASKS[suit])}


def expected_points(hand: int, trump: int, opponents: int) -> float:
    """The card points ``hand`` should take as declarer with ``trump``: its trump and side winners,
    what the opponents give up on them, ruffs from voids and the last trick."""
    points = card_points(trump)
    held = ranks(hand, trump)
    length = len(held)
    wins = own = 0.0
    sure = 0
    for r in TRUMP_ORDER:
        if r not in held:
            break
        sure += 1
    for i, r in enumerate(TRUMP_ORDER):
        if r not in held:
            continue
        chance = 1.0 if i < sure else PARTIAL if length >= 3 and r in (NINE, ACE, KING) else 0.0
        wins += chance
        own += chance * points[trump * 13 + r]
    long_trumps = max(0.0, length - 4 - max(0.0, wins - sure))
    wins += long_trumps
    ruff_safe = 1.0 if length >= 4 else 0.7 if length == 3 else 0.4
    voids = 0
    for s in range(4):
        if s == trump:
            continue
        side = ranks(hand, s)
        voids += not side
        if ACE in side:
            wins += ruff_safe
            own += ruff_safe * 11
            if TEN in side and len(side) >= 2:
                wins += ruff_safe * 0.8
                own += ruff_safe * 8
        elif TEN in side and KING in side and len(side) >= 3:
            wins += GUARDED_TEN
            own += GUARDED_TEN * 10
    spare = max(0.0, length - wins + long_trumps)
    wins += min(float(voids), spare) * 0.6
    last = LAST_TRICK if sure >= 2 or length >= 5 else 0
    return own + wins * opponents * CAPTURE + last


@functools.lru_cache(maxsize=65536)
def value(hand: int, trump: int, opponents: int) -> float:
    """Expected points plus the roem in ``hand`` (stuk included when it holds trump king and queen)."""
    roem = sum(r.value for r in roem_of(hand, trump))
    stuk = 20 if {KING, QUEEN} <= ranks(hand, trump) else 0
    return expected_points(hand, trump, opponents) + roem + stuk
