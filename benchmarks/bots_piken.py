"""How much better the heuristic Piken bot plays than the random bot, and how fast the engine is.

    python benchmarks/bots_piken.py [--games N] [--hands H] [--seconds S] [--seed S]

(a) N games of one heuristic seat against two random ones, then N games of two
heuristic seats against one random; the heuristic seats and the dealer rotate
from game to game.  It prints each kind's mean cards (= points) per game, the
difference with a 95% confidence interval (over the games) and how often a
heuristic seat wins the game (piken.md 5.1; a random seat's fair share is one
in three).  (b) Legal-play generation: every combination of H random hands of
10, 11 and 12 cards, uncached, in microseconds per hand and plays per second.
(c) Complete random games per second for S seconds.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

import tally
import troef
from tally import Tally
from troef.core.game import Game, Result
from troef.games.piken.combos import combinations
from troef.players.piken.bot import PikenBot

PLAYERS = 3
HAND_SIZES = (10, 11, 12)


@dataclass
class PikenTally(Tally):
    """Also how often a heuristic seat won the game."""

    seats: int = 0
    won: int = 0

    def add(self, heuristic: Sequence[bool], result: Result) -> None:
        self.add_scores(heuristic, result["scores"])
        self.seats += sum(heuristic)
        winner = result["details"]["winner"]
        self.won += winner is not None and heuristic[winner]

    def line(self, label: str) -> str:
        return f"{self.columns(label)}{self.won / self.seats:>10.1%}"


def versus_random(game: Game, count: int, heuristic_seats: Sequence[int], seed: int) -> PikenTally:
    return tally.versus_random(game, count, heuristic_seats, seed, PikenTally(), PikenBot)


def generation(hands: int, seed: int) -> list[tuple[int, float, float]]:
    """Per hand size: (size, microseconds per hand, plays per second) of uncached generation."""
    rng = random.Random(seed)
    generate = combinations.__wrapped__  # the cache would measure only the first hand
    out: list[tuple[int, float, float]] = []
    for size in HAND_SIZES:
        masks = [sum(1 << p for p in rng.sample(range(32), size)) for _ in range(hands)]
        start = time.perf_counter()
        plays = sum(len(generate(mask)) for mask in masks)
        elapsed = time.perf_counter() - start
        out.append((size, elapsed / hands * 1e6, plays / elapsed))
    return out


def random_games(game: Game, seconds: float, seed: int) -> tuple[float, float]:
    """(games per second, actions per game) of random legal play for ``seconds``."""
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or not games:
        state = game.deal(seed=games, dealer=games % PLAYERS)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    return games / elapsed, actions / games


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000, help="games per line (default 2000)")
    parser.add_argument(
        "--hands", type=int, default=2000, help="hands per size for generation (default 2000)"
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of random games (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = troef.load_game("piken")
    start = time.perf_counter()
    print(f"piken, {PLAYERS} players, {args.games} games per line (points = cards in the pile)")
    print(f"  {'':<22}{'heuristic':>10}{'random':>9}{'difference, 95% CI':>21}{'wins H':>10}")
    print(versus_random(game, args.games, [0], args.seed).line("1 heuristic v 2 random"))
    print(versus_random(game, args.games, [0, 1], args.seed + 1).line("2 heuristic v 1 random"))
    print(f"legal-play generation, {args.hands} random hands per size, uncached:")
    for size, micros, rate in generation(args.hands, args.seed + 2):
        print(f"  {size} cards: {micros:.0f} µs per hand, {rate:,.0f} plays per second")
    rate, actions = random_games(game, args.seconds, args.seed + 3)
    print(f"random games: {rate:.0f} per second, {actions:.1f} actions per game")
    print(f"  ({time.perf_counter() - start:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
