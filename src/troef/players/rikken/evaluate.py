"""Hand evaluation for the Rikken bot: playing tricks with a given trump, and the risk of taking tricks in
piek and misère.  Cards are ints ``suit * 13 + rank`` with rank 0 the two and 12 the ace."""

from __future__ import annotations

import functools
from math import exp
from typing import Final

from ...core.cards import SUIT_MASKS, bits

GUARDED: Final = (1.0, 0.6, 0.3, 0.15)
"""Chance that an honour with 0, 1, 2, 3 higher cards out (and enough guards) takes a trick."""
SIDE_ROUND: Final = (1.0, 0.85, 0.55, 0.3)
"""Chance that a side-suit winner in round 1, 2, 3, 4+ of its suit is not ruffed."""
RUFFS: Final = (1.0, 0.7, 0.3)
"""Ruffing tricks expected from a side suit of length 0, 1, 2."""
SHORT_TRUMPS: Final = 0.9
"""Tricks lost per trump under four: the opponents draw them and ruff the side winners."""
RISK_SCALE: Final = 2.0
"""Expected tricks per unit of misère risk."""


def ranks(hand: int, suit: int) -> list[int]:
    """The ranks ``hand`` holds in ``suit``, highest first."""
    return sorted((c % 13 for c in bits(hand & SUIT_MASKS[suit])), reverse=True)


def honours(held: list[int], side: bool) -> float:
    """Tricks from the top cards of one suit (``held`` highest first)."""
    total = 0.0
    for i, r in enumerate(held):
        missing = 12 - r - i
        if missing >= len(GUARDED) or missing > len(held) - 1 - i:
            continue
        rnd = i + missing
        total += GUARDED[missing] * (SIDE_ROUND[min(rnd, 3)] if side else 1.0)
    return total


@functools.lru_cache(maxsize=65536)
def playing_tricks(hand: int, trump: int) -> float:
    """Tricks ``hand`` should take by itself with ``trump`` (-1: none): honours, long trumps, ruffs, less
    for a short trump suit."""
    side = sum(honours(ranks(hand, s), trump >= 0) for s in range(4) if s != trump)
    if trump < 0:
        return side
    held = ranks(hand, trump)
    length = len(held)
    ruffs = sum(RUFFS[n] for s in range(4) if s != trump and (n := len(ranks(hand, s))) < len(RUFFS))
    trumps = honours(held, False) + max(0, length - 4) + min(ruffs, max(0, length - 2) * 0.7)
    return side + min(float(length), trumps) - SHORT_TRUMPS * max(0, 4 - length)


@functools.lru_cache(maxsize=65536)
def misere_risk(hand: int) -> float:
    """How likely ``hand`` is forced to take tricks: high cards not covered by enough low ones, less for
    voids (they let it discard)."""
    risk = 0.0
    voids = 0
    for s in range(4):
        held = ranks(hand, s)[::-1]
        voids += not held
        for i, r in enumerate(held):
            risk += min(1.0, max(0.0, (r - 1.5 - 2.5 * i) / 8))
    return max(0.0, risk - 0.3 * voids)


def misere_chance(hand: int) -> float:
    """Chance of taking no trick."""
    return exp(-RISK_SCALE * misere_risk(hand))


def piek_chance(hand: int) -> float:
    """Chance of taking exactly one trick: one sure winner over a misère hand, or one forced trick."""
    lam = RISK_SCALE * misere_risk(hand)
    best = lam * exp(-lam)
    for c in bits(hand):
        r = c % 13
        if r >= 11:
            win = 0.8 if r == 12 else 0.35
            best = max(best, win * misere_chance(hand & ~(1 << c)))
    return best
