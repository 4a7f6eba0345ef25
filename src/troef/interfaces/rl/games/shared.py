"""What several games' RL kits build their action indices with."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ....core.actions import Action, make

SUITS: Final = "SHDC"


def plays(cards: Iterable[int], blind: bool = False) -> list[Action]:
    """A play of each card."""
    return [make("play", cards=(c,), blind=blind) for c in cards]


def trumps() -> list[Action]:
    """Naming each suit trump (S H D C)."""
    return [make("trump", s) for s in SUITS]
