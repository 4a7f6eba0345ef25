"""``random.Random``'s draws that the engine's hot paths make, drawn exactly as ``Random`` draws them.

`choice` and `shuffle` give the same results as ``rng.choice`` and ``rng.shuffle`` of a plain
``random.Random`` (so a seed plays the same), without the interpreted calls inside ``random.py``
(``choice`` and ``_randbelow`` are Python code): where the engine is compiled, these are not.  Any
other generator (a subclass may draw otherwise) is left to its own methods.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

T = TypeVar("T")
RANDOM: Final = random.Random
GETRANDBITS: Final = random.Random.getrandbits
"""Looked up once: compiled, ``rng.getrandbits(k)`` would look the method up by name every call."""


def below(rng: random.Random, n: int) -> int:
    """``rng._randbelow(n)`` of a plain ``Random`` for ``n > 0``: ``n.bit_length()`` random bits,
    drawn again until below ``n``."""
    k = n.bit_length()
    r = GETRANDBITS(rng, k)
    while r >= n:
        r = GETRANDBITS(rng, k)
    return r


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``: the same element."""
    n = len(seq)
    if type(rng) is not RANDOM or not n:
        return rng.choice(seq)
    return seq[below(rng, n)]


def shuffle(rng: random.Random, items: MutableSequence[T]) -> None:
    """``rng.shuffle(items)``: the same order."""
    if type(rng) is not RANDOM:
        rng.shuffle(items)
        return
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
