"""Random full Rififi / Oh Hell rounds per second: troef against OpenSpiel, in one run.

Each engine is driven through its public Python API with uniformly random legal
actions until the round is over:

- troef ``oh-hell`` (4 players, 8 tricks): ``game.deal(seed=i, dealer=i % 4)``, then
  ``state.apply(rng.choice(state.legal_actions()))`` until ``state.is_over``;
- OpenSpiel ``oh_hell`` (4 players, 8 tricks): ``new_initial_state()``, then chance and
  player actions alike ``state.apply_action(rng.choice(state.legal_actions()))``
  until ``state.is_terminal()``;
- troef ``standaard`` (Rififi's own rules, 4 players, full 9-card hands), as an extra line.

The engines are measured in turn, ``--repeats`` times each (the order rotates
every repeat), for ``--seconds`` each; the best rate of each engine is reported,
so a burst of machine noise does not bias the ratio.

    python benchmarks/bench_rififi.py [--seconds 2] [--repeats 3] [--json]
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from types import ModuleType
from typing import Any

import troef

PLAYERS = 4
TRICKS = 8
OPENSPIEL_GAME = f"oh_hell(players={PLAYERS},num_suits=4,num_cards_per_suit=13,num_tricks_fixed={TRICKS})"

Runner = Callable[[float], tuple[int, int, float]]
"""``run(seconds) -> (rounds, actions, elapsed)``: play rounds until ``seconds`` have passed."""


def timed(play_round: Callable[[int], int]) -> Runner:
    """A runner that plays rounds ``play_round(i)`` (which returns its number of actions) until time is up."""

    def run(seconds: float) -> tuple[int, int, float]:
        rounds = actions = 0
        clock = time.perf_counter
        start = clock()
        deadline = start + seconds
        while True:
            actions += play_round(rounds)
            rounds += 1
            now = clock()
            if now >= deadline:
                return rounds, actions, now - start

    return run


def troef_runner(rules: object) -> Runner:
    game = troef.load_game("rififi", rules=rules, players=PLAYERS)
    choice = random.Random(0).choice

    def play_round(i: int) -> int:
        state = game.deal(seed=i, dealer=i % PLAYERS)
        actions = 0
        while not state.is_over:
            state.apply(choice(state.legal_actions()))
            actions += 1
        return actions

    return timed(play_round)


def openspiel_runner(pyspiel: ModuleType) -> Runner:
    game = pyspiel.load_game(OPENSPIEL_GAME)
    choice = random.Random(0).choice

    def play_round(i: int) -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            actions += 1
        return actions

    return timed(play_round)


@dataclass
class Line:
    engine: str
    game: str
    run: Runner
    rates: list[float] = field(default_factory=list)
    actions_per_round: float = 0.0

    @property
    def best(self) -> float:
        return max(self.rates)


def load_pyspiel() -> ModuleType | None:
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def measure(lines: list[Line], seconds: float, repeats: int) -> None:
    for line in lines:  # warm up: caches, interned actions, lazy imports
        line.run(min(0.2, seconds))
    for r in range(repeats):
        shift = r % len(lines)
        for line in lines[shift:] + lines[:shift]:
            rounds, actions, elapsed = line.run(seconds)
            line.rates.append(rounds / elapsed)
            line.actions_per_round = actions / rounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measurement (default 2)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per engine, best kept (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be > 0 and --repeats >= 1")

    oh_hell = troef_runner({"preset": "oh-hell", "tricks": TRICKS})
    troef_line = Line("troef", f"oh-hell {PLAYERS}p {TRICKS} tricks", oh_hell)
    lines = [troef_line]
    pyspiel = load_pyspiel()
    os_line = None
    if pyspiel is not None:
        os_line = Line("OpenSpiel", f"oh_hell {PLAYERS}p {TRICKS} tricks", openspiel_runner(pyspiel))
        lines.append(os_line)
    lines.append(Line("troef", f"standaard {PLAYERS}p 9 tricks", troef_runner("standaard")))

    measure(lines, args.seconds, args.repeats)
    ratio = troef_line.best / os_line.best if os_line is not None else None

    if args.json:
        out: dict[str, Any] = {
            "seconds": args.seconds,
            "repeats": args.repeats,
            "python": platform.python_version(),
            "troef": version("troef"),
            "open_spiel": version("open_spiel"),
            "results": [
                {
                    "engine": line.engine,
                    "game": line.game,
                    "rounds_per_s": round(line.best, 1),
                    "runs": [round(x, 1) for x in line.rates],
                    "actions_per_round": round(line.actions_per_round, 2),
                }
                for line in lines
            ],
            "ratio_troef_openspiel": round(ratio, 3) if ratio is not None else None,
        }
        print(json.dumps(out, indent=2))
        return 0

    print(f"Python {platform.python_version()}, best of {args.repeats} x {args.seconds:g} s per engine")
    print(f"{'engine':<10} {'game':<24} {'rounds/s':>10} {'us/round':>10} {'actions/round':>14} {'runs':>26}")
    for line in lines:
        runs = " ".join(f"{x:.0f}" for x in line.rates)
        print(
            f"{line.engine:<10} {line.game:<24} {line.best:>10.0f} {1e6 / line.best:>10.1f} "
            f"{line.actions_per_round:>14.1f} {runs:>26}"
        )
    if ratio is None:
        print("OpenSpiel (pyspiel) is not installed: no ratio", file=sys.stderr)
    else:
        print(f"ratio troef/OpenSpiel (oh-hell, same game): {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
