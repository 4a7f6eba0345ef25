"""What every observation encoder writes with: card indices of card codes and `Values`, an
observation being written with its seats rotated so that the observer comes first."""

from __future__ import annotations

import array
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ....core.cards import CODES, HIDDEN, parse_card

View = Mapping[str, Any]
Vector = npt.NDArray[np.float32]

SUITS: Final = "SHDC"


class _CardIndex(dict[str, int]):
    """Card code -> card index: the canonical codes up front, any other spelling parsed once."""

    def __missing__(self, code: str) -> int:
        found = self[code] = parse_card(code)
        return found


CARD: Final = _CardIndex((code, i) for i, code in enumerate(CODES))
"""The card index of a card code."""


def cards_of(codes: Iterable[str]) -> list[int]:
    """The card indices of card codes, leaving out face-down cards (``??``)."""
    return [CARD[c] for c in codes if c != HIDDEN]


class Values:
    """An observation being written: ``m`` is its float32 buffer, ``me`` the observer, ``n`` the seats."""

    __slots__ = ("m", "me", "n")

    def __init__(self, zeros: array.array[float], me: int, players: int) -> None:
        self.m = zeros[:]
        self.me = me
        self.n = players

    def seat(self, start: int, seat: int | None) -> None:
        """1 at ``seat``'s place (rotated) in the per-seat block at ``start``; nothing for None."""
        if seat is not None:
            self.m[start + (seat - self.me) % self.n] = 1.0

    def seats(self, start: int, seats: Iterable[int]) -> None:
        m, me, n = self.m, self.me, self.n
        for s in seats:
            m[start + (s - me) % n] = 1.0

    def per_seat(self, start: int, values: Sequence[float], scale: float) -> None:
        """Each seat's value ÷ ``scale``, clipped to [0, 1], at its rotated place."""
        m, me, n = self.m, self.me, self.n
        for s, v in enumerate(values):
            m[start + (s - me) % n] = min(1.0, max(0.0, v / scale))

    def cards(self, start: int, codes: Iterable[str]) -> None:
        """1 at ``start`` + each card's index (face-down cards left out)."""
        m = self.m
        for c in codes:
            if c != HIDDEN:
                m[start + CARD[c]] = 1.0

    def vector(self) -> Vector:
        return np.frombuffer(self.m, dtype=np.float32)
