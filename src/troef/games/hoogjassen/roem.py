"""Roem (rule 4.2-4.3): fours, runs in the natural order, the trump-king bonus and stuk."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Final

from ...core.cards import BIT, CODES, SUITS, bits, card_index

NATURAL: Final = "789TJQKA"
"""The natural order that runs follow (the ten between 9 and J)."""
FOURS: Final = {
    "J": ("four jacks", 200),
    "A": ("four aces", 100),
    "K": ("four kings", 100),
    "Q": ("four queens", 100),
}
RUN_VALUES: Final = {3: 20, 4: 50}
LONG_RUN: Final = 100
TRUMP_KING_BONUS: Final = 20
STUK: Final = 20


@dataclass(frozen=True)
class Roem:
    """One combination: its name, the cards laid on the table, its value."""

    name: str
    cards: int
    value: int

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "cards": [CODES[c] for c in bits(self.cards)], "value": self.value}


FOUR_MASKS: Final = {rank: sum(BIT[card_index(s, rank)] for s in range(4)) for rank in FOURS}
SEVEN: Final = card_index(0, NATURAL[0])
"""The natural order is the order of the card indices: a suit's 7 … A are 8 bits from its seven."""


def _runs_of(ranks: int) -> tuple[tuple[int, int], ...]:
    """The maximal runs of three or more set bits of an 8-bit ``ranks``, as (first bit, length)."""
    out = []
    start = -1
    for i in range(9):
        if i < 8 and ranks >> i & 1:
            start = i if start < 0 else start
            continue
        if start >= 0 and i - start >= 3:
            out.append((start, i - start))
        start = -1
    return tuple(out)


RUNS: Final = tuple(
    tuple(tuple(((1 << length) - 1) << (13 * suit + SEVEN + first) for first, length in _runs_of(ranks))
          for ranks in range(256))
    for suit in range(4)
)  # fmt: skip
"""Per suit and 8-bit rank pattern (7 … A) of a hand, its maximal runs of three or more as masks."""


def runs(hand: int, suit: int) -> tuple[int, ...]:
    """The maximal runs of three or more cards of ``suit`` in ``hand``, as masks."""
    return RUNS[suit][hand >> (13 * suit + SEVEN) & 0xFF]


@functools.lru_cache(maxsize=65536)
def roem_of(hand: int, trump: int) -> tuple[Roem, ...]:
    """The declarer's roem in ``hand`` with ``trump`` named (stuk is counted apart, when played)."""
    found: list[Roem] = []
    for rank, (name, value) in FOURS.items():
        mask = FOUR_MASKS[rank]
        if hand & mask == mask:
            found.append(Roem(name, mask, value))
    trump_king = card_index(trump, "K")
    for suit in range(4):
        for run in runs(hand, suit):
            length = run.bit_count()
            found.append(Roem(f"run of {length} in {SUITS[suit]}", run, RUN_VALUES.get(length, LONG_RUN)))
            if suit == trump and run >> trump_king & 1:
                found.append(Roem("trump king in the run", BIT[trump_king], TRUMP_KING_BONUS))
    return tuple(found)


def stuk_cards(hand: int, trump: int) -> int:
    """The trump king and queen if ``hand`` holds both (stuk), else 0."""
    mask = BIT[card_index(trump, "K")] | BIT[card_index(trump, "Q")]
    return mask if hand & mask == mask else 0
