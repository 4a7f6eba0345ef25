"""Who sits where: the field's labels and pairs, each deal's seatings, and the seeds of a deal."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

Seating = tuple[int | None, ...]
"""Per seat: 0 when bot A of the pair sits there, 1 for bot B, None for a seat that does not play."""


def labels(kinds: Sequence[str]) -> list[str]:
    """Distinct names for the field: a kind given again is ``kind#2``, ``kind#3``, …"""
    seen: dict[str, int] = {}
    out: list[str] = []
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        out.append(kind if seen[kind] == 1 else f"{kind}#{seen[kind]}")
    return out


def pairs(field: int) -> list[tuple[int, int]]:
    """Every pair ``(a, b)``, ``a < b``, of a field of ``field`` bots, in order."""
    return list(combinations(range(field), 2))


def seatings(players: int, seats: Sequence[int]) -> tuple[Seating, Seating]:
    """The two replays of a deal: A and B alternate round the playing ``seats`` (clockwise from the
    dealer's left), then swap; so each bot plays every seat exactly once per deal."""
    replays: list[Seating] = []
    for swap in (0, 1):
        seating: list[int | None] = [None] * players
        for k, seat in enumerate(seats):
            seating[seat] = (k + swap) % 2
        replays.append(tuple(seating))
    return replays[0], replays[1]


@dataclass(frozen=True)
class DealPlan:
    """Deal ``index`` under the arena's seed: the deal's seed, its dealer and each seat's bot seed."""

    seed: int
    dealer: int
    bot_seeds: tuple[int, ...]


def deal_plan(seed: int, index: int, players: int) -> DealPlan:
    """The plan of deal ``index``; it depends only on ``seed`` and ``index`` (not on the process)."""
    rng = random.Random(f"troef-arena/{seed}/{index}")
    deal_seed, dealer = rng.randrange(2**63), rng.randrange(players)
    return DealPlan(deal_seed, dealer, tuple(rng.randrange(2**32) for _ in range(players)))
