"""Does the analysis find fewer and smaller mistakes in rounds the strong bot played than the heuristic's?

    python benchmarks/analysis_check.py [--rounds N] [--games rikken,piken] [--worlds W] [--seed S]
                                        [--workers P]

For each game (its default rules and players), N seeded deals are played twice: by the heuristic bot
(level ``easy``) in every seat, and by the ``strong`` search bot in every seat.  Every round is analysed
(`troef.analysis.analyse`, every seat, seeded).  Per game and level it prints the rounds, the decisions
weighed and marked (inaccuracy, mistake or blunder) per round, the points those lost per round, and the
seconds the analysis took per round; it exits 1 unless in every game the strong rounds have fewer marked
decisions and fewer points lost per round than the heuristic's.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import Pool

import troef
from troef.analysis import Effort, analyse
from troef.players import make_bot, play_out

GAMES = ("rikken", "hoogjassen", "rififi", "piken")
LEVELS = ("heuristic", "strong")
"""The bot kinds compared: level easy, and level strong."""
Job = tuple[str, str, int, Effort]
"""A game, a bot kind, a deal's number and the analysis' effort."""


@dataclass
class Tally:
    """What the analysis found in one level's rounds of one game."""

    rounds: int = 0
    decisions: int = 0
    marked: int = 0
    lost: float = 0.0
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.rounds += other.rounds
        self.decisions += other.decisions
        self.marked += other.marked
        self.lost += other.lost
        self.seconds += other.seconds

    def per_round(self, total: float) -> float:
        return total / self.rounds if self.rounds else 0.0

    def beats(self, other: Tally) -> bool:
        """Fewer marked decisions and fewer points lost per round than ``other``."""
        return self.per_round(self.marked) < other.per_round(other.marked) and self.per_round(
            self.lost
        ) < other.per_round(other.lost)


def one_round(job: Job) -> Tally:
    """Deal ``number`` of the game played by a bot of the kind in every seat, then analysed."""
    name, kind, number, effort = job
    game = troef.load_game(name)
    state = game.deal(seed=number, dealer=number % game.players)
    play_out(state, [make_bot(name, kind, 10 * number + seat) for seat in range(game.players)])
    start = time.perf_counter()
    analysis = analyse(state.record(), effort=effort, seed=number)
    marked = [d for d in analysis.decisions if d.mark]
    return Tally(
        1, len(analysis.decisions), len(marked), sum(d.loss for d in marked), time.perf_counter() - start
    )


def compare(
    games: Sequence[str], rounds: int, seed: int, effort: Effort, workers: int = 1
) -> dict[str, dict[str, Tally]]:
    """Per game and level, what the analysis found in ``rounds`` deals (deals seed, seed + 1, …); the
    rounds of all games are shared among ``workers`` processes, the strong ones (the longest) first."""
    jobs = [
        (name, kind, seed + i, effort) for kind in reversed(LEVELS) for name in games for i in range(rounds)
    ]
    tallies = {name: {kind: Tally() for kind in LEVELS} for name in games}
    if workers > 1:
        with Pool(workers) as pool:
            found = pool.map(one_round, jobs, chunksize=1)
    else:
        found = [one_round(job) for job in jobs]
    for (name, kind, _, _), tally in zip(jobs, found, strict=True):
        tallies[name][kind].add(tally)
    return tallies


def line(kind: str, tally: Tally) -> str:
    return (
        f"  {kind:<10}{tally.rounds:>7}{tally.per_round(tally.decisions):>11.1f}"
        f"{tally.per_round(tally.marked):>9.2f}{tally.per_round(tally.lost):>10.2f}"
        f"{tally.per_round(tally.seconds):>9.2f}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=100, help="deals per game (default 100)")
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated (default: all)")
    parser.add_argument("--worlds", type=int, default=Effort().worlds, help="worlds per decision")
    parser.add_argument("--seed", type=int, default=1, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = parser.parse_args(argv)
    effort = Effort(worlds=args.worlds)
    games = args.games.split(",")
    print(f"{args.rounds} deals per game, each played by every level; analysed with {effort.worlds} worlds")
    start = time.perf_counter()
    print(
        f"  {'level':<10}{'rounds':>7}{'decisions':>11}{'marked':>9}{'lost':>10}{'s/round':>9}  (per round)"
    )
    better = True
    for name in games:  # one game at a time, each told as soon as it is done
        tallies = compare([name], args.rounds, args.seed, effort, args.workers)[name]
        wins = tallies["strong"].beats(tallies["heuristic"])
        better &= wins
        print(f"{name}: strong is {'better' if wins else 'NOT better'}")
        for kind in LEVELS:
            print(line(kind, tallies[kind]), flush=True)
    print(f"({time.perf_counter() - start:.0f} s in {args.workers} process(es))")
    return 0 if better else 1


if __name__ == "__main__":
    raise SystemExit(main())
