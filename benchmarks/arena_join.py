"""Join ``troef arena --out`` files of the same bots on other deals (other seeds) into one result per
pair: every deal's difference pooled, the 95% interval bootstrapped over all of them.

    python benchmarks/arena_join.py seed12.json seed13.json
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from troef.players.arena import PairResult, joined


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path, help="`troef arena --out` files")
    args = parser.parse_args(argv)
    reports = [json.loads(path.read_text(encoding="utf-8")) for path in args.files]
    setups = {
        (r["game"], json.dumps(r["rules"], sort_keys=True), r["players"], tuple(r["bots"])) for r in reports
    }
    if len(setups) != 1:
        parser.error("the files are not of one game, rules, number of players and field of bots")
    runs: dict[tuple[str, str], list[PairResult]] = {}
    for report in reports:
        for pair in report["pairs"]:
            result = PairResult.from_json(pair)
            runs.setdefault((result.a, result.b), []).append(result)
    for (a, b), results in runs.items():
        pair = joined(results)
        low, high = pair.ci95
        parts = ", ".join(f"{r.mean_diff:+.2f}" for r in results)
        figure = f"{pair.mean_diff:+.2f} [{low:+.2f}, {high:+.2f}]"
        print(f"{a} - {b}: {figure} over {pair.deals} deals (runs: {parts})")


if __name__ == "__main__":
    main()
