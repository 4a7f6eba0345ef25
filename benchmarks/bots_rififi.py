"""How much better the heuristic Rififi bot plays than the random bot.

    python benchmarks/bots_rififi.py [--rounds N] [--preset standaard|oh-hell] [--matches M]

For each preset, 4 players: N rounds with one heuristic seat against three
random ones, then N rounds with two heuristic seats (opposite each other)
against two random ones.  The heuristic seats rotate from round to round, so
position luck cancels, and every round has a hand size drawn from 1..m.  It
prints the mean points per round of each kind of bot, the difference with a
95% confidence interval (over the rounds), and how often each kind made its bid
exactly; then M whole matches (the preset's schedule) of one heuristic against
three random bots, with the heuristic's share of match wins.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import troef
from tally import Tally
from troef.core.game import Result
from troef.core.match import Match
from troef.games.rififi import Rififi
from troef.players import Bot, make_bot, play_out

PLAYERS = 4


@dataclass
class RififiTally(Tally):
    """Also how often each kind of seat made its bid exactly."""

    exact: dict[bool, int] = field(default_factory=lambda: {True: 0, False: 0})

    def add(self, heuristic: Sequence[bool], result: Result) -> None:
        self.add_scores(heuristic, result["scores"])
        details = result["details"]
        for seat, h in enumerate(heuristic):
            self.exact[h] += details["bids"][seat] == details["tricks"][seat]

    def line(self, label: str) -> str:
        exact_h, exact_r = (self.exact[h] / len(self.points[h]) for h in (True, False))
        return f"{self.columns(label)}{exact_h:>9.1%}{exact_r:>8.1%}"


def _bot(heuristic: bool, rng: random.Random) -> Bot:
    return make_bot("rififi", "heuristic" if heuristic else "random", rng.randrange(2**32))


def rounds(game: Rififi, count: int, heuristic_seats: Sequence[int], seed: int) -> RififiTally:
    """``count`` rounds of random hand sizes; the heuristic seats move one seat on every round."""
    rng = random.Random(seed)
    tally = RififiTally()
    for i in range(count):
        heuristic = [(seat - i) % PLAYERS in heuristic_seats for seat in range(PLAYERS)]
        bots = [_bot(h, rng) for h in heuristic]
        state = game.deal(
            seed=rng.randrange(2**63), dealer=rng.randrange(PLAYERS), hand_size=rng.randint(1, game.max_hand)
        )
        play_out(state, bots)
        tally.add(heuristic, state.result())
    return tally


def matches(game: Rififi, count: int, seed: int) -> float:
    """Share of ``count`` whole matches one heuristic bot wins against three random ones (ties shared)."""
    rng = random.Random(seed)
    wins = 0.0
    for i in range(count):
        seat = i % PLAYERS
        bots = [_bot(s == seat, rng) for s in range(PLAYERS)]
        match = Match(game, seed=rng.randrange(2**63))
        while not match.is_over:
            state = match.next_round()
            play_out(state, bots)
            match.finish_round(state)
        leaders = match.leaders()
        wins += (seat in leaders) / len(leaders)
    return wins / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per line (default 2000)")
    parser.add_argument("--matches", type=int, default=100, help="whole matches per preset (default 100)")
    parser.add_argument("--preset", choices=("standaard", "oh-hell"), help="one preset (default: both)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for preset in [args.preset] if args.preset else ["standaard", "oh-hell"]:
        game = troef.load_game("rififi", rules=preset, players=PLAYERS)
        assert isinstance(game, Rififi)
        start = time.perf_counter()
        print(f"rififi {preset}, {PLAYERS} players, {args.rounds} rounds per line, 1..{game.max_hand} cards")
        print(
            f"  {'':<22}{'heuristic':>10}{'random':>9}{'difference, 95% CI':>21}{'exact H':>10}{'exact R':>8}"
        )
        print(rounds(game, args.rounds, [0], args.seed).line("1 heuristic v 3 random"))
        print(rounds(game, args.rounds, [0, 2], args.seed + 1).line("2 heuristic v 2 random"))
        if args.matches:
            share = matches(game, args.matches, args.seed + 2)
            print(
                f"  {args.matches} matches of {game.match_rounds()} rounds, 1 heuristic v 3 random: "
                f"heuristic wins {share:.1%} (a random seat's fair share: {1 / PLAYERS:.0%})"
            )
        print(f"  ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
