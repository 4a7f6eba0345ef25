"""Decision steps per second of troef's RL environments, next to PettingZoo's, RLCard's and OpenSpiel's
card games, all in one run.

    python benchmarks/bench_rl.py [--seconds 1] [--repeats 5] [--quick] [--lines TEXT,..] [--json]

A **step** is the same for every line: choose a random legal action from the mask
(``np.flatnonzero(mask.astype(bool))``, then ``random.Random.randrange``), take it, and compute the
observation and the mask of the agent to act next; when the episode is over, reset and observe the first
agent instead (no final observation).  Measured:

- troef ``raw_env`` and ``env`` (PettingZoo's standard wrappers) of Rififi (``standaard``, ``oh-hell``,
  and ``oh-hell`` with 8 tricks, the game OpenSpiel plays), Rikken ``kampioenschap``, Hoogjassen with 4
  and 3 players and Piken: ``env.step(a)``, then ``env.observe(env.agent_selection)``;
- PettingZoo's bundled ``leduc_holdem_v4`` and ``texas_holdem_v4``, ``env`` and ``raw_env``, the same
  calls (they need ``rlcard`` and ``pygame``);
- RLCard's raw API, ``leduc-holdem`` and ``limit-holdem``: ``state, player = env.step(a)`` computes the
  next player's ``obs`` and ``legal_actions`` (ids, no mask: the action is drawn from them);
- OpenSpiel's C++ ``oh_hell`` (4 players, 8 tricks): ``state.apply_action(a)`` (chance nodes resolved at
  random as they come), then its numpy observer (``make_observation``, the information-state tensor)
  ``set_from(state, player)`` and ``np.asarray(state.legal_actions_mask(player), np.int8)``.

Every measurement runs in a fresh subprocess (``--worker``): a warm-up of 0.2 s, then ``--seconds`` of
steps.  The lines take turns, ``--repeats`` times (the order rotating every repeat), and each line's best
rate is reported, so a burst of load on a shared machine biases no ratio.  A peer that is not installed is
skipped, saying why.  Reported besides the rates: the issue's targets for the raw envs, each wrapped env
over PettingZoo's bundled card envs, and the raw Rififi ``oh-hell`` (8 tricks) over OpenSpiel's C++
``oh_hell``.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = 0.2
OPENSPIEL_GAME = "oh_hell(players=4,num_suits=4,num_cards_per_suit=13,num_tricks_fixed=8)"
TROEF: tuple[tuple[str, str, Any, int], ...] = (
    ("rififi standaard 4p", "rififi", "standaard", 4),
    ("rififi oh-hell 4p", "rififi", "oh-hell", 4),
    ("rififi oh-hell 8 tricks 4p", "rififi", {"preset": "oh-hell", "tricks": 8}, 4),
    ("rikken kampioenschap 4p", "rikken", "kampioenschap", 4),
    ("hoogjassen 4p", "hoogjassen", "standaard", 4),
    ("hoogjassen 3p", "hoogjassen", "standaard", 3),
    ("piken 3p", "piken", "standaard", 3),
)
"""Each troef line: its label, the game, the rules and the number of players."""
TARGETS: dict[str, float] = {
    "rififi standaard 4p": 15_000,
    "rififi oh-hell 4p": 15_000,
    "rififi oh-hell 8 tricks 4p": 15_000,
    "rikken kampioenschap 4p": 10_000,
    "hoogjassen 4p": 12_000,
    "hoogjassen 3p": 8_000,
    "piken 3p": 4_000,
}
"""The issue's targets for the raw envs, in steps per second on the project's 2-core machine."""
PETTINGZOO = {"leduc_holdem": "leduc holdem", "texas_holdem": "texas holdem"}
RLCARD = ("leduc-holdem", "limit-holdem")
OPENSPIEL_PEER = "troef raw rififi oh-hell 8 tricks 4p"

Legal = Sequence[int] | npt.NDArray[np.intp]


class Stepper(Protocol):
    """One environment driven by the benchmark loop: ``start`` resets it and ``step`` takes an action;
    both return the legal actions of the agent to act (after observing it).  ``episodes`` counts the
    episodes started."""

    episodes: int

    def start(self) -> Legal: ...

    def step(self, action: Any) -> Legal: ...


def legal_of(mask: npt.NDArray[Any]) -> npt.NDArray[np.intp]:
    """The legal actions of a mask (a bool copy first: ``nonzero`` on int8 is ten times slower)."""
    return np.flatnonzero(mask.astype(np.bool_))


# --------------------------------------------------------------------------- the environments


class AECStepper:
    """A PettingZoo AEC environment (troef's or PettingZoo's own)."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.episodes = 0

    def start(self) -> Legal:
        self.env.reset(seed=0 if self.episodes == 0 else None)  # one seed, then the stream goes on
        self.episodes += 1
        return legal_of(self.env.observe(self.env.agent_selection)["action_mask"])

    def step(self, action: Any) -> Legal:
        env = self.env
        env.step(action)
        agent = env.agent_selection
        if env.terminations[agent]:  # the card envs end an episode by terminating every agent
            return self.start()
        return legal_of(env.observe(agent)["action_mask"])


class RLCardStepper:
    """An RLCard environment through its own API: ``step`` returns the next player's state."""

    def __init__(self, make: Callable[..., Any], game: str) -> None:
        self.env = make(game, config={"seed": 0})
        self.obs: Any = None
        self.episodes = 0

    def start(self) -> Legal:
        self.episodes += 1
        state, _ = self.env.reset()
        self.obs = state["obs"]
        return list(state["legal_actions"])

    def step(self, action: Any) -> Legal:
        state, _ = self.env.step(int(action))
        if self.env.is_over():
            return self.start()
        self.obs = state["obs"]
        return list(state["legal_actions"])


class OpenSpielStepper:
    """An OpenSpiel game with its numpy observer; chance nodes are resolved at random."""

    def __init__(self, pyspiel: Any, observation: Any, name: str) -> None:
        self.game = pyspiel.load_game(name)
        self.observer = observation.make_observation(
            self.game, pyspiel.IIGObservationType(perfect_recall=True)
        )
        self.rng = random.Random(0)
        self.state: Any = None
        self.episodes = 0

    def start(self) -> Legal:
        self.episodes += 1
        self.state = self.game.new_initial_state()
        return self.observe()

    def step(self, action: Any) -> Legal:
        self.state.apply_action(int(action))
        if self.state.is_terminal():
            return self.start()
        return self.observe()

    def observe(self) -> Legal:
        state = self.state
        while state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(self.rng.choices(outcomes, weights)[0])
        player = state.current_player()
        self.observer.set_from(state, player)
        return legal_of(np.asarray(state.legal_actions_mask(player), dtype=np.int8))


# --------------------------------------------------------------------------- the lines


@dataclass
class Line:
    """One measured environment: its name, how to make it (None and ``skipped`` when it cannot be), what
    it is compared with, and every rate taken."""

    name: str
    kind: str
    """troef raw, troef wrapped, or a peer (PettingZoo, RLCard, OpenSpiel)"""
    make: Callable[[], Stepper] | None = None
    skipped: str = ""
    rates: list[float] = field(default_factory=list)
    steps_per_episode: float = 0.0

    @property
    def best(self) -> float | None:
        return max(self.rates) if self.rates else None


def aec_stepper(make: Callable[..., Any], *args: Any) -> Stepper:
    return AECStepper(make(*args))


def troef_lines() -> list[Line]:
    from troef.interfaces.rl.pettingzoo import env, raw_env

    lines = []
    for label, game, rules, players in TROEF:
        for kind, make in (("raw", raw_env), ("wrapped", env)):
            lines.append(
                Line(
                    f"troef {kind} {label}",
                    f"troef {kind}",
                    functools.partial(aec_stepper, make, game, rules, players),
                )
            )
    return lines


def pettingzoo_lines() -> list[Line]:
    names = [f"PettingZoo {kind} {label}" for label in PETTINGZOO.values() for kind in ("wrapped", "raw")]
    try:
        modules = {m: importlib.import_module(f"pettingzoo.classic.rlcard_envs.{m}") for m in PETTINGZOO}
    except ImportError as e:
        why = f"PettingZoo's classic card envs need rlcard and pygame ({e}): pip install rlcard pygame"
        return [Line(name, "PettingZoo", skipped=why) for name in names]
    lines = []
    for module, label in PETTINGZOO.items():
        for kind, maker in (("wrapped", "env"), ("raw", "raw_env")):
            make = getattr(modules[module], maker)
            lines.append(
                Line(f"PettingZoo {kind} {label}", "PettingZoo", functools.partial(aec_stepper, make))
            )
    return lines


def rlcard_lines() -> list[Line]:
    try:
        rlcard = importlib.import_module("rlcard")
    except ImportError as e:
        why = f"rlcard is not installed ({e}): pip install rlcard"
        return [Line(f"RLCard {game}", "RLCard", skipped=why) for game in RLCARD]
    return [
        Line(f"RLCard {game}", "RLCard", functools.partial(RLCardStepper, rlcard.make, game))
        for game in RLCARD
    ]


def openspiel_lines() -> list[Line]:
    name = "OpenSpiel oh_hell 8 tricks 4p"
    try:
        pyspiel = importlib.import_module("pyspiel")
        observation = importlib.import_module("open_spiel.python.observation")
    except ImportError as e:
        return [Line(name, "OpenSpiel", skipped=f"open_spiel is not installed ({e}): pip install open_spiel")]
    return [
        Line(name, "OpenSpiel", functools.partial(OpenSpielStepper, pyspiel, observation, OPENSPIEL_GAME))
    ]


def all_lines() -> list[Line]:
    return troef_lines() + pettingzoo_lines() + rlcard_lines() + openspiel_lines()


def pick(lines: list[Line], wanted: str | None) -> list[Line]:
    """The lines whose names contain one of the comma-separated ``wanted`` texts (all for None)."""
    if not wanted:
        return lines
    texts = [w.strip() for w in wanted.split(",") if w.strip()]
    return [line for line in lines if any(t in line.name for t in texts)]


# --------------------------------------------------------------------------- the measurement


def run_steps(stepper: Stepper, seconds: float, seed: int = 0) -> tuple[int, float]:
    """Steps for (about) ``seconds``, in batches of 32 between looks at the clock: ``(steps, elapsed)``."""
    randrange = random.Random(seed).randrange
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    legal = stepper.start()
    steps = 0
    while True:
        for _ in range(32):
            legal = stepper.step(legal[randrange(len(legal))])
        steps += 32
        now = clock()
        if now >= deadline:
            return steps, now - start


def measure(line: Line, seconds: float) -> dict[str, Any]:
    """One measurement of ``line`` in this process: a warm-up, then ``seconds`` of steps."""
    if line.make is None:
        return {"skipped": line.skipped}
    stepper = line.make()
    run_steps(stepper, min(WARM_UP, seconds))
    before = stepper.episodes
    steps, elapsed = run_steps(stepper, seconds)
    return {"rate": steps / elapsed, "steps_per_episode": steps / max(1, stepper.episodes - before)}


# --------------------------------------------------------------------------- the driver


def run_worker(name: str, seconds: float) -> dict[str, Any]:
    """``measure`` of line ``name`` in a fresh interpreter (this one's executable)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", name, "--seconds", str(seconds)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"measuring {name} failed:\n{done.stderr}")
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def drive(lines: list[Line], seconds: float, repeats: int, in_process: bool = False) -> None:
    """Every line ``repeats`` times, in turn, the order rotating every repeat; rates kept on the lines."""
    live = [line for line in lines if line.make is not None]
    for r in range(repeats):
        shift = r % max(1, len(live))
        for line in live[shift:] + live[:shift]:
            found = measure(line, seconds) if in_process else run_worker(line.name, seconds)
            line.rates.append(found["rate"])
            line.steps_per_episode = found["steps_per_episode"]
            progress(f"{line.name}: {found['rate']:,.0f} steps/s")


def progress(text: str) -> None:
    print(f"  .. {text}", file=sys.stderr, flush=True)


def ratio(top: Line | None, bottom: Line | None) -> float | None:
    if top is None or bottom is None or top.best is None or bottom.best is None:
        return None
    return top.best / bottom.best


def report(lines: list[Line], seconds: float, repeats: int) -> dict[str, Any]:
    """The figures: every line, the targets, the wrapped envs over PettingZoo's, troef over OpenSpiel."""
    by_name = {line.name: line for line in lines}
    pz = [by_name.get(f"PettingZoo wrapped {label}") for label in PETTINGZOO.values()]
    peers = [p for p in pz if p is not None and p.best is not None]
    fastest = max(peers, key=lambda p: p.best or 0.0) if peers else None
    targets = []
    for label, goal in TARGETS.items():
        line = by_name.get(f"troef raw {label}")
        if line is not None and line.best is not None:
            targets.append({"line": line.name, "target": goal, "value": line.best, "met": line.best >= goal})
    wrapped = []
    for label, *_ in TROEF:
        line = by_name.get(f"troef wrapped {label}")
        if line is None or line.best is None:
            continue
        over = {p.name: ratio(line, p) for p in peers}
        wrapped.append(
            {"line": line.name, "over": over, "met": fastest is not None and line.best >= (fastest.best or 0)}
        )
    openspiel = ratio(by_name.get(OPENSPIEL_PEER), by_name.get("OpenSpiel oh_hell 8 tricks 4p"))
    return {
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "seconds": seconds,
        "repeats": repeats,
        "versions": {
            d: version(d) for d in ("troef", "numpy", "pettingzoo", "gymnasium", "rlcard", "open_spiel")
        },
        "troef_compiled": troef_compiled(),
        "lines": [
            {
                "line": line.name,
                "kind": line.kind,
                "steps_per_s": line.best,
                "runs": line.rates,
                "steps_per_episode": line.steps_per_episode,
                "skipped": line.skipped or None,
            }
            for line in lines
        ],
        "targets": targets,
        "wrapped_over_pettingzoo": wrapped,
        "troef_over_openspiel": openspiel,
    }


def version(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def troef_compiled() -> bool:
    import troef.core.tricks

    return not troef.core.tricks.__file__.endswith(".py")


def fmt_ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def print_report(figures: dict[str, Any]) -> None:
    kind = "compiled" if figures["troef_compiled"] else "pure Python"
    print(
        f"Python {figures['python']} ({figures['machine']}), troef {kind}; best of {figures['repeats']}"
        f" runs of {figures['seconds']:g} s per line, each in its own process"
    )
    print(f"{'line':<42} {'steps/s':>9} {'us/step':>8} {'steps/ep':>9}  runs")
    for row in figures["lines"]:
        if row["skipped"]:
            print(f"{row['line']:<42} skipped: {row['skipped']}")
            continue
        best = row["steps_per_s"]
        runs = " ".join(f"{x:.0f}" for x in row["runs"])
        print(f"{row['line']:<42} {best:>9,.0f} {1e6 / best:>8.1f} {row['steps_per_episode']:>9.1f}  {runs}")
    print("targets for the raw envs (issue 20):")
    for t in figures["targets"]:
        mark = "met" if t["met"] else "NOT met"
        print(f"  {t['line']:<40} {t['value']:>9,.0f} >= {t['target']:>6,.0f}  {mark}")
    print("wrapped envs over PettingZoo's bundled card envs (wrapped; met: at least the faster one):")
    for w in figures["wrapped_over_pettingzoo"]:
        cells = "  ".join(
            f"{name.removeprefix('PettingZoo wrapped ')} {fmt_ratio(r)}" for name, r in w["over"].items()
        )
        print(f"  {w['line']:<40} {cells}  {'met' if w['met'] else 'NOT met'}")
    over = fmt_ratio(figures["troef_over_openspiel"])
    print(f"troef raw rififi oh-hell (8 tricks) over OpenSpiel's C++ oh_hell with its observer: {over}")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        epilog="Every measurement runs in a subprocess; see the module docstring for what a step is.",
    )
    parser.add_argument("--seconds", type=float, default=1.0, help="one timed run of a line (default 1)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per line, best kept (default 5)")
    parser.add_argument("--quick", action="store_true", help="a fast look: --seconds 0.3 --repeats 2")
    parser.add_argument(
        "--lines", help="only the lines whose names contain one of these comma-separated texts"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.repeats = 0.3, 2
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be > 0 and --repeats >= 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    lines = all_lines()
    if args.worker:
        found = [line for line in lines if line.name == args.worker]
        if not found:
            raise SystemExit(f"no line {args.worker!r}")
        print(json.dumps(measure(found[0], args.seconds)))
        return 0
    lines = pick(lines, args.lines)
    if not lines:
        names = ", ".join(line.name for line in all_lines())
        raise SystemExit(f"no line matches {args.lines!r}; the lines: {names}")
    drive(lines, args.seconds, args.repeats)
    figures = report(lines, args.seconds, args.repeats)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print_report(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
