"""Two yardstick runs on the same deals, set against each other deal by deal.

    python benchmarks/yardstick_pair.py LEVEL.json VARIANT.json

Both files are ``yardstick_openspiel.py --out`` files of one seed and number of tricks.  A run repeats
itself exactly, so on a deal where troef's two bots choose alike the two runs play alike, and the
difference of the runs' per-deal figures leaves out most of the luck that each run's own interval
carries.  It prints each run's mean over the deals both played, the variant's gain with a bootstrap
95% interval over those deals, the correlation of the two runs' per-deal figures, and how many
deals played alike.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Sequence
from pathlib import Path

from troef.players.arena.stats import interval, resample_means


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("level", type=Path, help="the run set against (a --out file)")
    parser.add_argument("variant", type=Path, help="the run measured (a --out file)")
    args = parser.parse_args(argv)
    runs = [json.loads(path.read_text(encoding="utf-8")) for path in (args.level, args.variant)]
    if len({(run["seed"], run["tricks"], run["simulations"]) for run in runs}) != 1:
        parser.error("the runs are not of one seed, number of tricks and OpenSpiel budget")
    deals = min(len(run["diffs"]) for run in runs)
    level, variant = (run["diffs"][:deals] for run in runs)
    gains = [v - b for b, v in zip(level, variant, strict=True)]
    low, high = interval(resample_means([gains], runs[0]["seed"])[0])
    try:
        together = f"correlation {statistics.correlation(level, variant):.2f}"
    except statistics.StatisticsError:  # fewer than two deals, or one run's figures all alike
        together = "no correlation"
    alike = sum(a == b for a, b in zip(runs[0]["seats"][:deals], runs[1]["seats"][:deals], strict=True))
    print(
        f"seed {runs[0]['seed']}, {runs[0]['tricks']} tricks, {deals} deals: "
        f"the level {statistics.fmean(level):+.2f}, the variant {statistics.fmean(variant):+.2f}; "
        f"the variant's gain {statistics.fmean(gains):+.2f}, 95% CI [{low:+.2f}, {high:+.2f}]; "
        f"{together}, played alike on {alike} of them"
    )


if __name__ == "__main__":
    main()
