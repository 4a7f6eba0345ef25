"""Roem (rule 4.2-4.3): fours, runs in the natural order, the trump-king bonus and stuk."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ...cards import BIT, CODES, SUITS, bits, card_index

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


def _four(hand: int, rank: str) -> int:
    cards = [card_index(s, rank) for s in range(4)]
    mask = sum(BIT[c] for c in cards)
    return mask if hand & mask == mask else 0


def runs(hand: int, suit: int) -> list[int]:
    """The maximal runs of three or more cards of ``suit`` in ``hand``, as masks."""
    out: list[int] = []
    current = 0
    for rank in NATURAL + "-":
        card = card_index(suit, rank) if rank != "-" else -1
        if card >= 0 and hand >> card & 1:
            current |= BIT[card]
            continue
        if current.bit_count() >= 3:
            out.append(current)
        current = 0
    return out


def roem_of(hand: int, trump: int) -> list[Roem]:
    """The declarer's roem in ``hand`` with ``trump`` named (stuk is counted apart, when played)."""
    found: list[Roem] = []
    for rank, (name, value) in FOURS.items():
        mask = _four(hand, rank)
        if mask:
            found.append(Roem(name, mask, value))
    trump_king = card_index(trump, "K")
    for suit in range(4):
        for run in runs(hand, suit):
            length = run.bit_count()
            found.append(Roem(f"run of {length} in {SUITS[suit]}", run, RUN_VALUES.get(length, LONG_RUN)))
            if suit == trump and run >> trump_king & 1:
                found.append(Roem("trump king in the run", BIT[trump_king], TRUMP_KING_BONUS))
    return found


def stuk_cards(hand: int, trump: int) -> int:
    """The trump king and queen if ``hand`` holds both (stuk), else 0."""
    mask = BIT[card_index(trump, "K")] | BIT[card_index(trump, "Q")]
    return mask if hand & mask == mask else 0
