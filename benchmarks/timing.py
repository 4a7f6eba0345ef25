"""The timing loop, best-of-N measurement and report shared by the ``bench_*.py`` scripts.

Each engine line owns a `Runner` that plays complete random rounds for a given
number of seconds.  `measure` warms every line up, then runs the lines in turn
``repeats`` times (the order rotates every repeat) and keeps every rate, so the
best rate of each line can be reported and a burst of machine noise does not
bias a ratio.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from types import ModuleType
from typing import Any

import troef

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


@dataclass
class Line:
    """One engine and game measured: its runner, the rate of every run and its actions per round."""

    engine: str
    game: str
    run: Runner
    rates: list[float] = field(default_factory=list)
    actions_per_round: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)
    """figures that are not timings (tricks per round, contract mix), for the table and the JSON"""

    @property
    def best(self) -> float:
        return max(self.rates)


def game_runner(game_name: str, rules: object, players: int) -> Runner:
    """Random rounds of a troef game: ``deal(seed=i, dealer=i % players)``, then random legal actions."""
    game = troef.load_game(game_name, rules=rules, players=players)
    choice = random.Random(0).choice

    def play_round(i: int) -> int:
        state = game.deal(seed=i, dealer=i % players)
        actions = 0
        while not state.is_over:
            state.apply(choice(state.legal_actions()))
            actions += 1
        return actions

    return timed(play_round)


def openspiel_runner(pyspiel: ModuleType, name: str) -> Runner:
    """Random rounds of an OpenSpiel game: chance and player actions alike chosen at random."""
    game = pyspiel.load_game(name)
    choice = random.Random(0).choice

    def play_round(i: int) -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            actions += 1
        return actions

    return timed(play_round)


def load_pyspiel() -> ModuleType | None:
    """OpenSpiel's Python module, or None when ``open_spiel`` is not installed."""
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
    """Run every line ``repeats`` times for ``seconds``, rotating the order, after a short warm-up."""
    for line in lines:  # warm up: caches, interned actions, lazy imports
        line.run(min(0.2, seconds))
    for r in range(repeats):
        shift = r % len(lines)
        for line in lines[shift:] + lines[:shift]:
            rounds, actions, elapsed = line.run(seconds)
            line.rates.append(rounds / elapsed)
            line.actions_per_round = actions / rounds


def parse_args(doc: str | None, argv: list[str] | None) -> argparse.Namespace:
    """The options every benchmark takes: ``--seconds``, ``--repeats``, ``--json``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measurement (default 2)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per engine, best kept (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be > 0 and --repeats >= 1")
    return args


def report(lines: list[Line], seconds: float, repeats: int, **figures: Any) -> dict[str, Any]:
    """The run's figures as a JSON-ready dict; ``figures`` (ratios and the like) are added at the end."""
    return {
        "seconds": seconds,
        "repeats": repeats,
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
                **line.extra,
            }
            for line in lines
        ],
        **figures,
    }


def print_table(
    lines: list[Line],
    seconds: float,
    repeats: int,
    game_width: int = 24,
    columns: tuple[tuple[str, Callable[[Line], str]], ...] = (),
) -> None:
    """The table of rates: one row per line, with extra ``columns`` (header, cell) before the runs."""
    print(f"Python {platform.python_version()}, best of {repeats} x {seconds:g} s per engine")
    head = "".join(f" {name:>14}" for name, _ in columns)
    print(
        f"{'engine':<10} {'game':<{game_width}} {'rounds/s':>10} {'us/round':>10} {'actions/round':>14}"
        f"{head} {'runs':>26}"
    )
    for line in lines:
        runs = " ".join(f"{x:.0f}" for x in line.rates)
        cells = "".join(f" {cell(line):>14}" for _, cell in columns)
        print(
            f"{line.engine:<10} {line.game:<{game_width}} {line.best:>10.0f} {1e6 / line.best:>10.1f} "
            f"{line.actions_per_round:>14.1f}{cells} {runs:>26}"
        )
