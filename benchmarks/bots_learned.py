"""How well and how fast the learned Rififi bot plays, next to the heuristic and random bots.

    python benchmarks/bots_learned.py [--deals N] [--preset standaard|oh-hell] [--players P] [--workers W]
                                      [--rounds R]

For each preset: the learned bot's milliseconds a move (every decision of learned seats over R full
rounds, the forced ones included), then the arena (``troef arena``'s duplicate format and bootstrap
intervals) of learned, heuristic and random over N deals: each pair's mean score difference per seat
and deal with its 95% interval, and the share of heuristic - random that learned - random reaches
(the issue's target: at least 75%).
"""

from __future__ import annotations

import argparse
import time

import troef
from troef.players import make_bot
from troef.players.arena import Report, Setup, run_arena

KINDS = ("learned", "heuristic", "random")


def ms_per_move(preset: str, players: int, rounds: int) -> float:
    """Mean time of a learned bot's move over ``rounds`` full rounds of learned seats only (after one
    round untimed, which loads the weights and builds the inputs' tables)."""
    game = troef.load_game("rififi", rules=preset, players=players)
    bots = [make_bot("rififi", "learned", seat) for seat in range(players)]
    moves = 0
    elapsed = 0.0
    for i in range(rounds + 1):
        state = game.deal(seed=i, dealer=i % players)
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            start = time.perf_counter()
            action = bots[seat].act(view)
            if i:
                elapsed += time.perf_counter() - start
                moves += 1
            state.apply(action)
    return 1000 * elapsed / moves


def diff(report: Report, a: str, b: str) -> tuple[float, tuple[float, float]]:
    """``a`` - ``b``: the mean difference and its 95% interval, whichever way round the pair was played."""
    for p in report.pairs:
        if (p.a, p.b) == (a, b):
            return p.mean_diff, p.ci95
        if (p.a, p.b) == (b, a):
            return -p.mean_diff, (-p.ci95[1], -p.ci95[0])
    raise KeyError((a, b))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=1000, help="arena deals per preset (default 1000)")
    parser.add_argument("--preset", choices=("standaard", "oh-hell"), help="one preset (default: both)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1, help="arena processes (default 1)")
    parser.add_argument("--rounds", type=int, default=100, help="rounds timed per preset (default 100)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for preset in [args.preset] if args.preset else ["standaard", "oh-hell"]:
        print(f"rififi {preset}, {args.players} players")
        ms = ms_per_move(preset, args.players, args.rounds)
        print(f"  learned bot: {ms:.2f} ms a move ({args.rounds} rounds)")
        start = time.perf_counter()
        setup = Setup("rififi", KINDS, preset, args.players, args.seed)
        report = run_arena(setup, args.deals, args.workers)
        print(f"  arena, {args.deals} deals (troef arena rififi --rules {preset} --bots {','.join(KINDS)}):")
        for a, b in (("learned", "random"), ("heuristic", "random"), ("learned", "heuristic")):
            mean, (low, high) = diff(report, a, b)
            print(f"    {a + ' - ' + b:<22}{mean:>+7.2f}  95% CI [{low:+.2f}, {high:+.2f}]")
        share = diff(report, "learned", "random")[0] / diff(report, "heuristic", "random")[0]
        print(f"    (learned - random) / (heuristic - random) = {share:.0%}  (target: at least 75%)")
        print(f"  ({time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
