"""Piken's 32 cards in its own order (``piken.md`` 1.1): index 0..31, rank first, then suit.

Index ``p = rank * 4 + suit`` with ranks 7 8 9 T J Q K A (0..7) and suits D H S C (0..3), so a
higher index is a higher card, a mask's highest card is its highest bit and the four cards of a rank
are one nibble.  It is also the canonical order of the cards of a ``play`` (``notation.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ...core.cards import CODES, RANKS, SUITS, bits

PIKEN_RANKS: Final = "789TJQKA"
PIKEN_SUITS: Final = "DHSC"
CARDS: Final = 32
FULL: Final = (1 << CARDS) - 1
SUIT_MASKS: Final = tuple(0x11111111 << s for s in range(4))
"""The cards of each suit (D H S C) as a mask."""
SPADES: Final = SUIT_MASKS[PIKEN_SUITS.index("S")]

CARD_OF: Final = tuple(
    SUITS.index(PIKEN_SUITS[p & 3]) * 13 + RANKS.index(PIKEN_RANKS[p >> 2]) for p in range(32)
)
"""Each Piken index's card (``troef.core.cards`` index 0..51)."""
_INDEX_OF: Final = {card: p for p, card in enumerate(CARD_OF)}
CODE: Final = tuple(CODES[c] for c in CARD_OF)
_INDEX_OF_CODE: Final = {code: p for p, code in enumerate(CODE)}
SEVEN_OF_DIAMONDS: Final = CODE.index("7D")
ACE_OF_CLUBS: Final = CODE.index("AC")
ACE_OF_SPADES: Final = CODE.index("AS")


def index_of(card: int) -> int:
    """The Piken index of a ``troef.core.cards`` card, or -1 for a card that is not in the 32-card pack."""
    return _INDEX_OF.get(card, -1)


def mask_of(cards: Iterable[int]) -> int:
    """The Piken mask of some ``troef.core.cards`` cards; -1 if one of them is not in the pack."""
    mask = 0
    for card in cards:
        p = _INDEX_OF.get(card)
        if p is None:
            return -1
        mask |= 1 << p
    return mask


def codes(mask: int) -> list[str]:
    """The card codes of a mask, lowest card first."""
    return [CODE[p] for p in bits(mask)]


def highest(mask: int) -> int:
    """The highest card of a mask (-1 for none)."""
    return mask.bit_length() - 1


def parse_mask(card_codes: Iterable[str]) -> int:
    """The mask of some canonical card codes of the pack (as a view lists them)."""
    return sum(1 << _INDEX_OF_CODE[code] for code in card_codes)
