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
import time
from collections.abc import Sequence
from dataclasses import dataclass

import troef
from tally import Tally
from troef.core.game import Game, Result
from troef.players import Bot, make_bot, play_out

PLAYERS = 4


@dataclass
class RikkenTally(Tally):
    """Also how often a heuristic seat held a contract (not a pass game), and how often it made it."""

    seats: int = 0
    contracts: int = 0
    made: int = 0

    def add(self, heuristic: Sequence[bool], result: Result) -> None:
        self.add_scores(heuristic, result["scores"])
        details = result["details"]
        bidders = set(details["players"]) if details["declarer"] is None else {details["declarer"]}
        pass_game = details["contract"] in ("schoppen-mie", "een-of-vijf", "noodrik")
        for seat, h in enumerate(heuristic):
            if h:
                self.seats += 1
                if seat in bidders and not pass_game:
                    self.contracts += 1
                    self.made += bool(details["made"][seat])

    def line(self, label: str) -> str:
        made = self.made / self.contracts if self.contracts else 0.0
        return f"{self.columns(label)}{self.contracts / self.seats:>9.1%}{made:>8.1%}"


def rounds(game: Game, count: int, heuristic_seats: Sequence[int], seed: int) -> RikkenTally:
    """``count`` rounds; the heuristic seats move one seat on every round, the dealer every four."""
    rng = random.Random(seed)
    tally = RikkenTally()
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
