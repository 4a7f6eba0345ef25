"""An independent reading of ``piken.md`` 3 for the tests: a combination's type and deciding card,
worked out from card codes the way the table states it, without the engine's bitmasks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

RANKS: Final = "789TJQKA"
SUITS: Final = "DHSC"
TYPES: Final = (
    "single",
    "pair",
    "two pairs",
    "three of a kind",
    "straight",
    "full house",
    "flush",
    "four of a kind",
    "straight flush",
    "royal flush",
)
PACK: Final = tuple(r + s for r in RANKS for s in SUITS)


def order(card: str) -> int:
    """A card's place in Piken's order: rank first, then suit D H S C."""
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def judge(cards: Sequence[str]) -> tuple[str, str] | None:
    """(type, deciding card) of a combination of canonical codes, or None if it is none of the ten."""
    if not 1 <= len(cards) <= 5 or len(set(cards)) != len(cards):
        return None
    top = max(cards, key=order)
    by_rank = Counter(c[0] for c in cards)
    shape = sorted(by_rank.values(), reverse=True)
    simple = {(1,): "single", (2,): "pair", (2, 2): "two pairs", (3,): "three of a kind"}
    if tuple(shape) in simple:
        return simple[tuple(shape)], top
    if shape == [4]:
        return "four of a kind", top
    if shape == [3, 2]:
        three = next(r for r, n in by_rank.items() if n == 3)
        return "full house", max((c for c in cards if c[0] == three), key=order)
    if shape != [1] * 5:
        return None
    flush = len({c[1] for c in cards}) == 1
    ranks = {RANKS.index(c[0]) for c in cards}
    for start in range(8):
        window = [(start + k) % 8 for k in range(5)]
        if set(window) == ranks:
            closing = next(c for c in cards if RANKS.index(c[0]) == window[-1])
            if not flush:
                return "straight", closing
            return ("royal flush" if closing == "AC" else "straight flush"), closing
    return ("flush", top) if flush else None


def strength(cards: Sequence[str]) -> tuple[int, int]:
    """The comparison of the Decision in 3: type first, then the deciding card."""
    judged = judge(cards)
    assert judged is not None, cards
    return TYPES.index(judged[0]), order(judged[1])
