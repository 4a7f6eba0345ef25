"""The arena's statistics on synthetic results with known answers."""

from __future__ import annotations

import random
import statistics

import pytest

import troef
from troef.players.arena import PairDeal, Report, joined, summarise
from troef.players.arena.stats import Interval, interval, percentile, ratings, resample_means


def cis(series: list[list[float]], seed: int, resamples: int = 2000) -> list[Interval]:
    """The bootstrap 95% interval of each series' mean."""
    return [interval(means) for means in resample_means(series, seed, resamples)]


def report(kinds: list[str], diffs: dict[tuple[int, int], list[float]]) -> Report:
    """The report of per-deal differences given for every pair (a < b) of the field, in pair order."""
    deals = len(next(iter(diffs.values())))
    results = [[PairDeal((diffs[pair][d],), (0.0,)) for pair in sorted(diffs)] for d in range(deals)]
    return summarise(troef.load_game("rififi"), kinds, results, seed=7)


def test_a_constant_difference_is_the_mean_with_a_zero_width_interval() -> None:
    pair = report(["heuristic", "random"], {(0, 1): [2.5] * 40}).pairs[0]
    assert (pair.a, pair.b, pair.mean_diff, pair.deals) == ("heuristic", "random", 2.5, 40)
    assert pair.ci95 == (2.5, 2.5)


def test_percentile_interpolates_between_neighbours() -> None:
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.25) == 2.0
    assert percentile([0.0, 10.0], 0.975) == pytest.approx(9.75)
    assert percentile([0.0, 10.0], 0.025) == pytest.approx(0.25)
    assert percentile([3.0], 0.5) == 3.0


def test_bootstrap_interval_of_a_small_sample_is_its_exact_percentiles() -> None:
    # A resample of [0, 0, 0, 1] has mean k/4 with k ~ Binomial(4, 1/4): P(k = 0) = 0.32 > 0.025,
    # P(k <= 2) = 0.949 < 0.975 < P(k <= 3) = 0.996; so the 95% interval is [0, 0.75].
    assert cis([[0.0, 0.0, 0.0, 1.0]], seed=1) == [(0.0, 0.75)]


def test_bootstrap_interval_of_a_large_sample_is_close_to_the_normal_one() -> None:
    rng = random.Random(3)
    sample = [rng.expovariate(1.0) for _ in range(400)]
    half = 1.96 * statistics.stdev(sample) / len(sample) ** 0.5
    ((lo, hi),) = cis([sample], seed=3)
    mean = statistics.fmean(sample)
    assert lo == pytest.approx(mean - half, abs=0.15 * half)
    assert hi == pytest.approx(mean + half, abs=0.15 * half)


def test_bootstrap_intervals_contain_the_true_mean_about_95_percent_of_the_time() -> None:
    rng = random.Random(11)
    trials = 200
    covered = 0
    for trial in range(trials):
        sample = [rng.gauss(5.0, 3.0) for _ in range(40)]
        ((lo, hi),) = cis([sample], seed=trial, resamples=500)
        covered += lo <= 5.0 <= hi
    assert 0.88 <= covered / trials <= 0.99


def test_every_series_is_resampled_on_the_same_deals() -> None:
    series = [1.0, 4.0, 2.0, 8.0, 5.0, 7.0]
    (lo, hi), (lo2, hi2) = cis([series, [2 * x for x in series]], seed=5)
    assert (lo2, hi2) == pytest.approx((2 * lo, 2 * hi))


def test_bootstrap_is_deterministic_under_its_seed() -> None:
    sample = [float(x % 7) for x in range(50)]
    assert cis([sample], seed=1) == cis([sample], seed=1)
    assert cis([sample], seed=1) != cis([sample], seed=2)


def test_ratings_of_an_additive_model_are_the_true_ratings_less_their_mean() -> None:
    true = [5.0, 1.0, 2.5, -0.5]
    centred = [r - statistics.fmean(true) for r in true]
    rng = random.Random(2)
    diffs: dict[tuple[int, int], list[float]] = {}
    for a in range(4):
        for b in range(a + 1, 4):
            noise = [rng.gauss(0, 1) for _ in range(30)]
            # noise with mean exactly 0 leaves the mean differences exactly additive
            diffs[a, b] = [true[a] - true[b] + e - statistics.fmean(noise) for e in noise]
    out = report(["random", "random", "random", "random"], diffs)
    assert [r.bot for r in out.ratings] == ["random", "random#2", "random#3", "random#4"]
    assert [r.rating for r in out.ratings] == pytest.approx(centred)
    for r in out.ratings:
        assert r.ci95[0] < r.rating < r.ci95[1]
    for p, (a, b) in zip(out.pairs, sorted(diffs), strict=True):
        assert p.mean_diff == pytest.approx(centred[a] - centred[b])


def test_ratings_of_two_bots_are_half_their_difference_each_way() -> None:
    assert ratings({(0, 1): 4.0}, 2) == [2.0, -2.0]


def test_a_single_deal_gives_a_zero_width_interval() -> None:
    assert cis([[3.0], [-1.5]], seed=1) == [(3.0, 3.0), (-1.5, -1.5)]


def test_a_pair_swapped_is_the_negated_pair() -> None:
    rng = random.Random(4)
    diffs = [rng.gauss(1.0, 5.0) for _ in range(60)]
    ab = report(["heuristic", "random"], {(0, 1): diffs})
    ba = report(["random", "heuristic"], {(0, 1): [-d for d in diffs]})
    assert (ba.pairs[0].a, ba.pairs[0].b) == ("random", "heuristic")
    assert ba.pairs[0].mean_diff == pytest.approx(-ab.pairs[0].mean_diff)
    assert ba.pairs[0].ci95 == pytest.approx((-ab.pairs[0].ci95[1], -ab.pairs[0].ci95[0]))
    assert [r.rating for r in ba.ratings] == pytest.approx([r.rating for r in reversed(ab.ratings)])


def test_a_deals_difference_is_the_mean_per_seat_of_each_side() -> None:
    assert PairDeal((3.0, 1.0, -2.0), (0.0, 6.0, 0.0)).diff == pytest.approx(2 / 3 - 2.0)


def test_runs_on_other_deals_join_into_one_interval_over_every_deal() -> None:
    rng = random.Random(5)
    first, second = ([rng.gauss(mu, 4.0) for _ in range(200)] for mu in (0.5, 1.0))
    runs = [report(["strong", "normal"], {(0, 1): d}).pairs[0] for d in (first, second)]
    both = joined(runs)
    assert (both.a, both.b, both.deals, both.diffs) == ("strong", "normal", 400, tuple(first + second))
    assert both.mean_diff == pytest.approx(statistics.fmean(first + second))
    assert both.ci95 == cis([first + second], seed=0)[0]
    widths = [r.ci95[1] - r.ci95[0] for r in runs]
    assert both.ci95[1] - both.ci95[0] < min(widths) * 0.8  # twice the deals: about 1/sqrt(2) as wide
    with pytest.raises(ValueError, match="one pair"):
        joined([runs[0], report(["normal", "strong"], {(0, 1): first}).pairs[0]])
    with pytest.raises(ValueError, match="one pair"):
        joined([])
