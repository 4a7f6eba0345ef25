"""How much better the heuristic Hoogjassen bot plays than the random bot, and what signalling is worth.

    python benchmarks/bots_hoogjassen.py [--rounds N] [--players 3|4] [--signal-deals D] [--workers W]
                                         [--seed S]

(a) N rounds with one heuristic seat against random ones and, with 4 players,
N rounds of two heuristic seats against two random ones; seats and dealer
rotate.  It prints each kind's mean score per round, the difference with a 95%
confidence interval, how often a heuristic seat declares and how often it makes
its contract.  (b) Duplicate: D deals played by heuristic bots, once with all
opponents signalling and once with none (the auction is the same, signals do
not touch it), on W processes; it prints the opponents' mean score per round
each way and the mean paired difference with a 95% confidence interval, over
rounds with a declarer.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import tally
import troef
from tally import Tally
from troef.core.game import Game, Result
from troef.players import play_out
from troef.players.hoogjassen.bot import HoogjassenBot


@dataclass
class HoogjassenTally(Tally):
    """Also how often a heuristic seat declared, and how often it made its contract (r >= 0)."""

    seats: int = 0
    declared: int = 0
    made: int = 0

    def add(self, heuristic: Sequence[bool], result: Result) -> None:
        self.add_scores(heuristic, result["scores"])
        declarer = result["details"].get("declarer")
        self.seats += sum(heuristic)
        if declarer is not None and heuristic[declarer]:
            self.declared += 1
            self.made += result["details"]["result"] >= 0

    def line(self, label: str) -> str:
        made = self.made / self.declared if self.declared else 0.0
        return f"{self.columns(label)}{self.declared / self.seats:>9.1%}{made:>8.1%}"


def versus_random(game: Game, count: int, heuristic_seats: Sequence[int], seed: int) -> HoogjassenTally:
    return tally.versus_random(game, count, heuristic_seats, seed, HoogjassenTally(), HoogjassenBot)


def opponents_score(game: Game, deal: int, dealer: int, signals: bool) -> int | None:
    """The score of one opponent (all opponents score alike) when the opponents signal or not."""
    n = game.players
    state = game.deal(seed=deal, dealer=dealer)
    bots = [HoogjassenBot(deal + seat, signals) for seat in range(n)]
    play_out(state, bots)
    details = state.result()["details"]
    if details.get("redeal"):
        return None
    scores: list[int] = state.result()["scores"]
    score: int = scores[(details["declarer"] + 1) % n]
    return score


def signal_pairs(players: int, deals: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Per declared deal (seed, dealer): the opponents' score signalling and silent."""
    game = troef.load_game("hoogjassen", players=players)
    pairs = []
    for deal, dealer in deals:
        on = opponents_score(game, deal, dealer, True)
        off = opponents_score(game, deal, dealer, False)
        if on is not None and off is not None:
            pairs.append((on, off))
    return pairs


def signalling(game: Game, count: int, seed: int, workers: int = 1) -> str:
    rng = random.Random(seed)
    deals = [(rng.randrange(2**62), i % game.players) for i in range(count)]
    size = max(1, min(5000, count // (4 * workers)))
    chunks = [deals[i : i + size] for i in range(0, count, size)]
    with ProcessPoolExecutor(workers) as pool:
        pairs = [p for part in pool.map(signal_pairs, [game.players] * len(chunks), chunks) for p in part]
    diffs = [a - b for a, b in pairs]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    signal, silent = (statistics.fmean(p[k] for p in pairs) for k in (0, 1))
    changed = sum(a != b for a, b in pairs)
    return (
        f"  opponents per round over {len(pairs)} declared deals ({changed} played differently): "
        f"signalling {signal:+.2f}, not {silent:+.2f}, difference {mean:+.3f} ± {half:.3f} (95% CI)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per line (default 2000)")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--signal-deals", type=int, default=20000, help="deals for (b) (default 20000)")
    parser.add_argument("--workers", type=int, default=1, help="processes for (b)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = troef.load_game("hoogjassen", players=args.players)
    start = time.perf_counter()
    print(f"hoogjassen, {args.players} players, {args.rounds} rounds per line")
    print(f"  {'':<22}{'heuristic':>10}{'random':>9}{'difference, 95% CI':>22}{'decl H':>9}{'made H':>8}")
    print(versus_random(game, args.rounds, [0], args.seed).line("1 heuristic v random"))
    if args.players == 4:
        print(versus_random(game, args.rounds, [0, 2], args.seed + 1).line("2 heuristic v 2 random"))
    print("signalling opponents v silent ones (duplicate deals, heuristic declarer):")
    print(signalling(game, args.signal_deals, args.seed + 2, args.workers))
    print(f"  ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
