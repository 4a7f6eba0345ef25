"""How well does the card play steer a Rififi seat towards its bid?

    python benchmarks/steering_fit.py [--rules oh-hell] [--option K=V ...] [--players 4] [--rounds 200]
        [--seed 0] [--workers 1]

Rounds are played by the ``normal`` bot in every seat.  At every bid it searches, the seat's worlds (the
level's own, with its inference) are played out ten times each with random cards, as the bid search plays
them, giving the chance of each number of tricks the seat takes there.  When the round is over, whether
the seat took exactly its bid is set beside that distribution: by maximum likelihood on a grid of
twentieths, the chance f(d) of making the bid when a random play-out leaves the seat d = 0, 1 or 2 tricks
off it (further off: 0).  Random play-outs alone stand for f = (1, 0, 0); the fit says how far the play
at the table makes up for cards that random play-outs throw away.  Rififi's strong level appraises its
bid search's play-outs by the fitted f (``troef.players.rififi.playout.STEERING``); ``variant_arena.py
--steering`` tries another.
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import troef
from troef.games.rififi.state import RififiState
from troef.interfaces.cli.rules import rules_from_args
from troef.players import make_bot
from troef.players.levels import search_bot
from troef.players.rififi.playout import made_off
from troef.players.search import draw_worlds

Steering = tuple[float, float, float]
Bid = tuple[list[float], int, int]
"""A searched bid: the chance of each number of tricks in its random play-outs, the bid, the tricks taken."""
PLAY_OUTS = 10
"""Random play-outs per world."""


def tricks_chances(state: RififiState, seed: int) -> list[float]:
    """The seat to bid: the chance of each number of tricks in random play-outs of its worlds."""
    game, seat = state.game, state.actor
    bot = search_bot("rififi", "normal", seed)
    rng = random.Random(seed)
    worlds = draw_worlds(game, state.view(seat), bot.budget, bot.bidding(game, seed), rng)
    counts = [0] * (state.hand_size + 1)
    for world in worlds:
        for _ in range(PLAY_OUTS):
            child = world.clone()
            while not child.is_over:
                child.apply(child.random_action(rng))
            assert isinstance(child, RififiState)
            counts[child.won[seat]] += 1
    total = sum(counts)
    return [c / total for c in counts]


def round_bids(rules: object, players: int, seed: int, index: int) -> list[Bid]:
    """Round ``index``: each searched bid of its normal bots."""
    game = troef.load_game("rififi", rules, players)
    state = game.deal(seed * 100_003 + index, index % players)
    assert isinstance(state, RififiState)
    bots = [make_bot("rififi", "normal", seed + 1000 * index + s) for s in range(players)]
    searched: list[tuple[int, list[float], int]] = []
    while (seat := state.current_player) is not None:
        view = state.view(seat)
        action = bots[seat].act(view)
        if view["phase"] == "bid" and len(view["legal_actions"]) > 1:
            searched.append((seat, tricks_chances(state, seed + 7 * len(state.actions)), int(action[4:])))
        state.apply(action)
    return [(chances, bid, state.won[seat]) for seat, chances, bid in searched]


def made_chance(steering: Sequence[float], chances: Sequence[float], bid: int) -> float:
    """The chance of making ``bid`` under ``steering``, from the random play-outs' ``chances``."""
    return sum(p * made_off(steering, abs(t - bid)) for t, p in enumerate(chances))


def log_likelihood(steering: Sequence[float], bids: Sequence[Bid]) -> float:
    """How well ``steering`` explains which bids were made."""
    total = 0.0
    for chances, bid, won in bids:
        p = min(max(made_chance(steering, chances, bid), 1e-9), 1 - 1e-9)
        total += math.log(p if won == bid else 1 - p)
    return total


def fit(bids: Sequence[Bid]) -> Steering:
    """The steering of the highest likelihood, f(0) >= f(1) >= f(2) in twentieths."""
    steps = [(a / 20, b / 20, c / 20) for a in range(21) for b in range(a + 1) for c in range(b + 1)]
    return max(steps, key=functools.partial(log_likelihood, bids=bids))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="oh-hell")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    rules = rules_from_args(args.rules, args.option)
    play = functools.partial(round_bids, rules, args.players, args.seed)
    with ProcessPoolExecutor(args.workers) as pool:
        bids = [bid for found in pool.map(play, range(args.rounds)) for bid in found]
    steering = fit(bids)
    made = statistics.fmean(won == bid for _, bid, won in bids)
    print(
        f"rififi {args.rules}, {args.players} players, {args.rounds} rounds of normal bots: "
        f"{len(bids)} bids, {made:.0%} made"
    )
    print(
        f"  steering f(0), f(1), f(2) = {steering[0]:.2f}, {steering[1]:.2f}, {steering[2]:.2f}: "
        f"log-likelihood {log_likelihood(steering, bids):.1f}, "
        f"random play-outs alone (1, 0, 0) {log_likelihood((1.0, 0.0, 0.0), bids):.1f}"
    )


if __name__ == "__main__":
    main()
