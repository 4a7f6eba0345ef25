"""How long Rififi's strong bot spends drawing its worlds a move, by candidates per world kept and reading.

    python benchmarks/bench_drawing.py [--rounds R] [--tricks T] [--every K] [--worlds W] [--seed S]

Rounds of ``oh-hell`` (4 players, T cards) are played by the heuristic bots; at every K-th play the
worlds of strong's budget (W worlds kept; by default the level's 192) are drawn for the seat to play
(`search.draw_worlds`) with 4 and 12 candidates a world, the bids read as the level reads them and
softly (`Budget.soft_bids`).  It prints the milliseconds a move per setting, on one core, with the
number of positions.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

import troef
from troef.players import make_bot
from troef.players.levels import search_bot
from troef.players.search import draw_worlds

SETTINGS = ((4, False), (4, True), (12, False), (12, True))
"""(candidates a world, soft reading) as measured."""


def positions(rounds: int, tricks: int, every: int, seed: int) -> list[Mapping[str, Any]]:
    """Every ``every``-th view of a play in ``rounds`` rounds of heuristic bots."""
    game = troef.load_game("rififi", {"preset": "oh-hell", "tricks": tricks}, 4)
    bot = make_bot("rififi", "heuristic", seed)
    views = []
    for deal in range(rounds):
        state = game.deal(seed + deal, deal % 4)
        while not state.is_over:
            view = state.view(state.actor)
            if view["phase"] == "play":
                views.append(view)
            state.apply(bot.act(view))
    return views[::every]


def milliseconds(
    views: Sequence[Mapping[str, Any]], worlds: int, inference: int, soft: bool, seed: int
) -> float:
    """Mean milliseconds to draw strong's worlds for each of ``views``."""
    bot = search_bot("rififi", "strong", seed)
    budget = dataclasses.replace(bot.budget, worlds=worlds, inference=inference, soft_bids=soft)
    game = troef.load_game("rififi", views[0]["rules"], 4)
    policy = bot.playout(game, seed)
    rng = random.Random(seed)
    start = time.perf_counter()
    for view in views:
        draw_worlds(game, view, budget, policy, rng, chance=bot.bid_chance if soft else None)
    return (time.perf_counter() - start) * 1000 / len(views)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--tricks", type=int, default=12)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--worlds", type=int, default=search_bot("rififi", "strong", 0).budget.worlds)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    views = positions(args.rounds, args.tricks, args.every, args.seed)
    print(f"oh-hell, {args.tricks} cards, {len(views)} positions, {args.worlds} worlds kept a move")
    for inference, soft in SETTINGS:
        ms = milliseconds(views, args.worlds, inference, soft, args.seed)
        reading = "softly" if soft else "as the level"
        print(f"  {inference:>2} candidates a world, bids read {reading}: {ms:,.0f} ms a move")


if __name__ == "__main__":
    main()
