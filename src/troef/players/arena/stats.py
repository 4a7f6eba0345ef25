"""The arena's statistics: percentile bootstrap intervals over deals, and field ratings."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter

RESAMPLES = 2000
"""Bootstrap resamples per interval."""

Interval = tuple[float, float]


def percentile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted values, interpolating linearly between neighbours."""
    position = q * (len(ordered) - 1)
    low = int(position)
    if low + 1 >= len(ordered):
        return ordered[-1]
    return ordered[low] + (ordered[low + 1] - ordered[low]) * (position - low)


def resample_means(
    series: Sequence[Sequence[float]], seed: int, resamples: int = RESAMPLES
) -> list[list[float]]:
    """Per series, its mean in each of ``resamples`` bootstrap resamples of the deals.  The series hold
    one value per deal, and every resample draws the same deals for all of them."""
    n = len(series[0])
    assert all(len(s) == n for s in series), "every series must have one value per deal"
    rng = random.Random(f"troef-arena-bootstrap/{seed}")
    deals = list(range(n))
    means: list[list[float]] = [[] for _ in series]
    for _ in range(resamples):
        drawn = rng.choices(deals, k=n)
        pick = picker(drawn)
        for out, values in zip(means, series, strict=True):
            out.append(sum(pick(values)) / n)
    return means


def picker(indices: Sequence[int]) -> Callable[[Sequence[float]], Sequence[float]]:
    """A fast function taking the values at ``indices`` out of a series, as a tuple."""
    if len(indices) == 1:
        return lambda values: (values[indices[0]],)
    return itemgetter(*indices)


def interval(means: Sequence[float], level: float = 0.95) -> Interval:
    """The percentile interval of bootstrap means: the middle ``level`` of them."""
    ordered = sorted(means)
    tail = (1 - level) / 2
    return percentile(ordered, tail), percentile(ordered, 1 - tail)


def ratings(diffs: Mapping[tuple[int, int], float], field: int) -> list[float]:
    """Each bot's least-squares rating under the additive model mean_diff(a, b) = r_a - r_b, the
    ratings summing to 0; ``diffs`` holds every pair (a, b), a < b, of the field.  With every pair
    measured (on the same deals), the normal equations give r_a = (sum over b of mean_diff(a, b)) / field."""
    out = [0.0] * field
    for (a, b), diff in diffs.items():
        out[a] += diff / field
        out[b] -= diff / field
    return out
