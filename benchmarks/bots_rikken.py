"""How much better the heuristic Rikken bot plays than the random bot.

    python benchmarks/bots_rikken.py [--rounds N] [--preset kampioenschap|bsg] [--seed S]

For each preset, 4 players: N rounds with one heuristic seat against three
random ones, then N rounds with two heuristic seats (opposite each other)
against two random ones.  The heuristic seats and the dealer rotate from round
to round, so position luck cancels.  It prints the mean score per round (in the
units of the preset's table) of each kind of bot, the difference with a 95%
confidence interval (over the rounds), how often a heuristic seat wins the
auction (or joins piek/misère), and how often its contracts are made.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import troef
from troef.bots import Bot, make_bot, play_out
from troef.core.game import Game, Result

PLAYERS = 4


@dataclass
class Tally:
    """Scores of heuristic and random seats over many rounds, and the heuristic's contracts."""

    diffs: list[float] = field(default_factory=list)
    points: dict[bool, list[int]] = field(default_factory=lambda: {True: [], False: []})
    seats: int = 0
    contracts: int = 0
    made: int = 0

    def add(self, heuristic: Sequence[bool], result: Result) -> None:
        scores: list[int] = result["scores"]
        details = result["details"]
        bidders = set(details["players"]) if details["declarer"] is None else {details["declarer"]}
        pass_game = details["contract"] in ("schoppen-mie", "een-of-vijf", "noodrik")
        for seat, h in enumerate(heuristic):
            self.points[h].append(scores[seat])
            if h:
                self.seats += 1
                if seat in bidders and not pass_game:
                    self.contracts += 1
                    self.made += bool(details["made"][seat])
        mean = {
            h: statistics.fmean(s for s, k in zip(scores, heuristic, strict=True) if k == h)
            for h in (True, False)
        }
        self.diffs.append(mean[True] - mean[False])

    def line(self, label: str) -> str:
        h, r = self.points[True], self.points[False]
        diff = statistics.fmean(self.diffs)
        half = 1.96 * statistics.stdev(self.diffs) / len(self.diffs) ** 0.5
        made = self.made / self.contracts if self.contracts else 0.0
        return (
            f"  {label:<22}{statistics.fmean(h):>+10.2f}{statistics.fmean(r):>+9.2f}"
            f"{diff:>+10.2f} ± {half:<6.2f}{self.contracts / self.seats:>9.1%}{made:>8.1%}"
        )


def rounds(game: Game, count: int, heuristic_seats: Sequence[int], seed: int) -> Tally:
    """``count`` rounds; the heuristic seats move one seat on every round, the dealer every four."""
    rng = random.Random(seed)
    tally = Tally()
    for i in range(count):
        heuristic = [(seat - i) % PLAYERS in heuristic_seats for seat in range(PLAYERS)]
        bots: list[Bot] = [
            make_bot("rikken", "heuristic" if h else "random", rng.randrange(2**32)) for h in heuristic
        ]
        state = game.deal(seed=rng.randrange(2**63), dealer=(i // PLAYERS) % PLAYERS)
        play_out(state, bots)
        tally.add(heuristic, state.result())
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per line (default 2000)")
    parser.add_argument("--preset", choices=("kampioenschap", "bsg"), help="one preset (default: both)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for preset in [args.preset] if args.preset else ["kampioenschap", "bsg"]:
        game = troef.load_game("rikken", rules=preset, players=PLAYERS)
        start = time.perf_counter()
        print(f"rikken {preset}, {PLAYERS} players, {args.rounds} rounds per line")
        print(f"  {'':<22}{'heuristic':>10}{'random':>9}{'difference, 95% CI':>22}{'bids H':>9}{'made H':>8}")
        print(rounds(game, args.rounds, [0], args.seed).line("1 heuristic v 3 random"))
        print(rounds(game, args.rounds, [0, 2], args.seed + 1).line("2 heuristic v 2 random"))
        print(f"  ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
