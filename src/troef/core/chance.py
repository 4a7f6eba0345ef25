"""A deal as chance steps: who receives which card, in order, and what is turned or set aside.

A `Game` tells its deal as a tuple of `DealStep`s (`Game.deal_steps`): chance then draws one card of
the pack per step.  `deal_of` turns the cards drawn into a record's ``deal`` object and `cards_of`
reads them back from one, in the steps' order; a game that deals differently (a card turned up, cards
set aside) overrides its `Game` methods with these as their building blocks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .cards import CODES


class DealStep(NamedTuple):
    """One card of a deal: to ``seat``'s hand (-1: to no hand) or into the deal object's ``pile``
    (``hands``, or a game's own key: ``lummel``, ``middle``, ``trump_card``), seen by every seat when
    ``face_up``."""

    seat: int
    pile: str
    face_up: bool


def round_robin(seats: Sequence[int], hand: int) -> list[DealStep]:
    """``hand`` cards to each of ``seats``, one at a time in their order."""
    return [DealStep(seat, "hands", False) for _ in range(hand) for seat in seats]


def set_aside(pile: str, count: int, face_up: bool = False) -> list[DealStep]:
    """``count`` cards to the deal object's ``pile``, to no hand."""
    return [DealStep(-1, pile, face_up)] * count


def deal_of(steps: Sequence[DealStep], players: int, cards: Sequence[int]) -> dict[str, Any]:
    """The ``deal`` object of ``cards`` drawn in the order of ``steps``: the hands, each other pile a
    list of card codes."""
    out: dict[str, Any] = {"hands": [[] for _ in range(players)]}
    for step, card in zip(steps, cards, strict=True):
        if step.seat >= 0:
            out["hands"][step.seat].append(CODES[card])
        else:
            out.setdefault(step.pile, []).append(CODES[card])
    return out


def cards_of(
    steps: Sequence[DealStep], hands: Sequence[Sequence[int]], piles: Mapping[str, Sequence[int]]
) -> list[int]:
    """The cards of a deal (its ``hands`` and other ``piles``) in the order of ``steps``, the inverse
    of `deal_of`: each hand's and each pile's cards in the order it lists them."""
    taken = [0] * len(hands)
    left = dict.fromkeys(piles, 0)
    out: list[int] = []
    for step in steps:
        if step.seat >= 0:
            out.append(hands[step.seat][taken[step.seat]])
            taken[step.seat] += 1
        else:
            out.append(piles[step.pile][left[step.pile]])
            left[step.pile] += 1
    return out
