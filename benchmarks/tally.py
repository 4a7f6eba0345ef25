"""Scores of heuristic and random seats over many rounds, shared by the bot evaluation scripts."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from troef.core.game import Game
from troef.players import Bot, RandomBot, play_out


@dataclass
class Tally:
    """Each kind of seat's points, and per round the heuristic seats' mean minus the random seats' mean."""

    diffs: list[float] = field(default_factory=list)
    points: dict[bool, list[int]] = field(default_factory=lambda: {True: [], False: []})

    def add_scores(self, heuristic: Sequence[bool], scores: Sequence[int]) -> None:
        for seat, h in enumerate(heuristic):
            self.points[h].append(scores[seat])
        mean = {
            h: statistics.fmean(s for s, k in zip(scores, heuristic, strict=True) if k == h)
            for h in (True, False)
        }
        self.diffs.append(mean[True] - mean[False])

    def columns(self, label: str) -> str:
        """Label, mean points of each kind, and the mean difference with its 95% confidence interval."""
        diff = statistics.fmean(self.diffs)
        half = 1.96 * statistics.stdev(self.diffs) / len(self.diffs) ** 0.5
        heuristic, random = (statistics.fmean(self.points[h]) for h in (True, False))
        return f"  {label:<22}{heuristic:>+10.2f}{random:>+9.2f}{diff:>+10.2f} ± {half:<6.2f}"


class RoundTally(Protocol):
    def add(self, heuristic: Sequence[bool], result: dict[str, Any]) -> None: ...


T = TypeVar("T", bound=RoundTally)


def versus_random(
    game: Game,
    count: int,
    heuristic_seats: Sequence[int],
    seed: int,
    tally: T,
    heuristic: Callable[[int], Bot],
) -> T:
    """``count`` rounds of ``heuristic`` bots against random ones into ``tally``; the heuristic seats move
    one seat every round, the dealer every ``players`` rounds."""
    rng = random.Random(seed)
    n = game.players
    for i in range(count):
        kinds = [(seat - i) % n in heuristic_seats for seat in range(n)]
        bots = [heuristic(rng.randrange(2**32)) if h else RandomBot(rng.randrange(2**32)) for h in kinds]
        state = game.deal(seed=rng.randrange(2**63), dealer=(i // n) % n)
        play_out(state, bots)
        tally.add(kinds, state.result())
    return tally
