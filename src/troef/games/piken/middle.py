"""The middle cards (``piken.md`` 2): what the deal decides about 7D and AC before anybody chooses,
and who leads the first round once the draws are done."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .order import ACE_OF_CLUBS, ACE_OF_SPADES, SEVEN_OF_DIAMONDS

SPECIAL: Final = (SEVEN_OF_DIAMONDS, ACE_OF_CLUBS)
POSITIONS: Final = (1, 2)


def holder(hands: Sequence[int], card: int) -> int:
    """The seat holding ``card``, or -1 when it is not in a hand."""
    return next((seat for seat, hand in enumerate(hands) if hand >> card & 1), -1)


@dataclass(frozen=True)
class Opening:
    """What the deal decides before anybody chooses: the seats holding 7D or AC (in the order they
    decide), and what happens at once when nobody has a choice."""

    entitled: tuple[int, ...]
    takes_both: int
    """The seat holding both 7D and AC, which takes both middle cards (2.1); -1 if none."""
    special_in_middle: int
    """The special card lying in the middle when the other one is in a hand (2.3), else -1."""


def opening(hands: Sequence[int], middle: Sequence[int], dealer: int) -> Opening:
    """Rules 2.1-2.4 for a deal: the holders of 7D and AC and who decides first (from the dealer's
    left)."""
    holders = [holder(hands, card) for card in SPECIAL]
    seats = sorted(set(holders) - {-1}, key=lambda seat: (seat - dealer - 1) % len(hands))
    if len(seats) == 1 and -1 not in holders:
        return Opening((seats[0],), seats[0], -1)
    special = next((card for card in SPECIAL if card in middle), -1) if len(seats) == 1 else -1
    return Opening(tuple(seats), -1, special)


def first_leader(taken: Sequence[int], hands: Sequence[int], dealer: int) -> int:
    """Rule 2.6, "the exception starts": the third player when two drew one card each, the player who
    drew when only one did, else the holder of AS (Decision: left of the dealer if nobody holds it)."""
    takers = [seat for seat, count in enumerate(taken) if count]
    if len(takers) == 2:
        return next(seat for seat in range(len(taken)) if seat not in takers)
    if takers:
        return takers[0]
    seat = holder(hands, ACE_OF_SPADES)
    return seat if seat >= 0 else (dealer + 1) % len(hands)
