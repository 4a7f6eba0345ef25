"""How long the search bots think per move at a table, within their levels' limits, next to the same bots
on their count budgets alone (how the arena and the library play) in the same run.

    python benchmarks/bench_thinking.py [--rounds R] [--seed S] [--levels normal,strong] [--games G,...]
        [--json FILE]

Every seat of R rounds per game is a bot of the level (moves with one legal action are not counted, as
a table plays those without asking the bot); each move is timed on this process's core. The table's
limits (`troef.players.THINKING`) are meant to keep the 95th percentile within 0.5 s (``normal``) and
1.5 s (``strong``); the ratio column is the counted bots' p95 over the limited bots' p95. At a table a
bot also waits ``troef serve --bot-pause`` (0.8 s by default) before it moves, so that people see each
card: that pause is not thinking and is not counted here.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from importlib.metadata import version
from pathlib import Path

import troef
from troef.core.native import compiled
from troef.players import THINKING, make_bot

SETUPS = (
    ("rififi", "standaard", 4),
    ("rififi", "oh-hell", 4),
    ("rikken", "kampioenschap", 4),
    ("rikken", "bsg", 4),
    ("hoogjassen", "standaard", 4),
    ("hoogjassen", "standaard", 3),
    ("piken", "standaard", 3),
)


def think_times(
    game_name: str, rules: str, players: int, level: str, rounds: int, seed: int, limit: bool
) -> list[float]:
    """Seconds per move of ``level`` bots in every seat over ``rounds`` rounds (one-action moves left out)."""
    game = troef.load_game(game_name, rules, players)
    times: list[float] = []
    rng = random.Random(seed)
    for r in range(rounds):
        bots = [
            make_bot(game_name, level, seed + 31 * r + s, THINKING[level] if limit else None)
            for s in range(players)
        ]
        state = game.deal(rng.randrange(2**62), r % players)
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            if len(view["legal_actions"]) == 1:
                state.apply(view["legal_actions"][0])
                continue
            start = time.perf_counter()
            action = bots[seat].act(view)
            times.append(time.perf_counter() - start)
            state.apply(action)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default="normal,strong")
    parser.add_argument("--games", default=",".join(dict.fromkeys(name for name, _, _ in SETUPS)))
    parser.add_argument("--no-counts", action="store_true", help="skip the bots on their count budgets")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    engine = "compiled" if compiled() else "pure Python"
    print(f"troef {version('troef')}, engine: {engine}, Python {sys.version.split()[0]}")
    heading = f"{'game':<26}{'level':<8}{'limit':>6}{'moves':>7}{'p50':>8}{'p95':>8}{'max':>8}"
    print(f"{heading}  {'counts p95':>10}{'ratio':>7}")
    out = []
    for level in args.levels.split(","):
        for name, rules, players in (setup for setup in SETUPS if setup[0] in args.games.split(",")):
            limited = think_times(name, rules, players, level, args.rounds, args.seed, limit=True)
            counted = (
                []
                if args.no_counts
                else think_times(name, rules, players, level, args.rounds, args.seed, False)
            )
            row = {
                "game": f"{name} {rules} {players}p",
                "level": level,
                "limit": THINKING[level],
                "moves": len(limited),
                "p50": statistics.median(limited),
                "p95": percentile(limited, 0.95),
                "max": max(limited),
                "counts_p95": percentile(counted, 0.95) if counted else None,
            }
            out.append(row)
            ratio = f"{row['counts_p95'] / row['p95']:6.1f}x" if counted else ""
            counts = f"{row['counts_p95']:9.2f}s" if counted else ""
            print(
                f"{row['game']:<26}{level:<8}{row['limit']:>5}s{row['moves']:>7}{row['p50']:>7.2f}s"
                f"{row['p95']:>7.2f}s{row['max']:>7.2f}s  {counts:>10}{ratio:>7}"
            )
    if args.json:
        args.json.write_text(json.dumps({"engine": engine, "rounds": args.rounds, "rows": out}, indent=1))


if __name__ == "__main__":
    main()
