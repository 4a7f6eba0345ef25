"""An arena's outcome: every pair's mean difference and the field's ratings, with intervals."""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.game import Game
from .duplicate import PairDeal
from .schedule import labels, pairs
from .stats import Interval, interval, ratings, resample_means


@dataclass(frozen=True)
class PairResult:
    """Bot ``a`` against bot ``b``: A's mean score per seat and deal minus B's, its 95% interval, and
    that difference deal by deal (so that runs on other deals can be joined: `joined`)."""

    a: str
    b: str
    mean_diff: float
    ci95: Interval
    deals: int
    diffs: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "mean_diff": self.mean_diff,
            "ci95": list(self.ci95),
            "deals": self.deals,
            "diffs": list(self.diffs),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PairResult:
        """The pair as `to_json` wrote it (``troef arena --out``)."""
        low, high = data["ci95"]
        diffs = tuple(float(d) for d in data["diffs"])
        return cls(data["a"], data["b"], float(data["mean_diff"]), (low, high), int(data["deals"]), diffs)


@dataclass(frozen=True)
class Rating:
    """A bot's rating in score per seat and deal, the field's mean being 0, and its 95% interval."""

    bot: str
    rating: float
    ci95: Interval


@dataclass(frozen=True)
class Report:
    """The outcome of an arena, with the `to_json` object that ``troef arena --out`` writes."""

    game: str
    rules: str | Mapping[str, Any]
    players: int
    deals: int
    bots: list[str]
    pairs: list[PairResult]
    ratings: list[Rating]

    def title(self) -> str:
        """The game, its rules and players in a line, e.g. ``<game> <preset> with tricks=5, 4 players``."""
        rules = self.rules
        if not isinstance(rules, str):
            overrides = ", ".join(f"{k}={v}" for k, v in rules.items() if k != "preset")
            rules = f"{rules['preset']} with {overrides}"
        return f"{self.game} {rules}, {self.players} players"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.rules,
            "players": self.players,
            "deals": self.deals,
            "bots": self.bots,
            "pairs": [p.to_json() for p in self.pairs],
        }


def summarise(game: Game, kinds: Sequence[str], results: Sequence[Sequence[PairDeal]], seed: int) -> Report:
    """The report of ``results`` (per deal, per pair in `pairs` order); intervals seeded by ``seed``.
    A rating's interval comes from the ratings of each bootstrap resample's pair means."""
    names = labels(kinds)
    field = pairs(len(kinds))
    diffs = [[deal[i].diff for deal in results] for i in range(len(field))]
    means = [statistics.fmean(d) for d in diffs]
    resampled = resample_means(diffs, seed)
    rated = ratings(dict(zip(field, means, strict=True)), len(kinds))
    rated_resampled = [
        ratings(dict(zip(field, r, strict=True)), len(kinds)) for r in zip(*resampled, strict=True)
    ]
    n = len(results)
    return Report(
        game.name,
        game.rules.notation(),
        game.players,
        n,
        names,
        [
            PairResult(names[a], names[b], means[i], interval(resampled[i]), n, tuple(diffs[i]))
            for i, (a, b) in enumerate(field)
        ],
        [Rating(names[k], rated[k], interval([r[k] for r in rated_resampled])) for k in range(len(kinds))],
    )


def joined(runs: Sequence[PairResult], seed: int = 0) -> PairResult:
    """One pair's runs on different deals (other seeds) as one: every deal's difference pooled, the
    interval bootstrapped over all of them; a `ValueError` unless every run is the same pair."""
    if not runs or len({(r.a, r.b) for r in runs}) != 1:
        raise ValueError("join the runs of one pair of bots, at least one")
    diffs = tuple(d for r in runs for d in r.diffs)
    (means,) = resample_means([diffs], seed)
    return PairResult(runs[0].a, runs[0].b, statistics.fmean(diffs), interval(means), len(diffs), diffs)
