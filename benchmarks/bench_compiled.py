"""The pure engine against the compiled one (mypyc) and OpenSpiel, all in one run.

    python benchmarks/bench_compiled.py [--pure PY] [--compiled PY] [--seconds 2] [--repeats 5]
        [--iterations 2000] [--positions 12] [--games G,..] [--no-moves] [--json]

Two interpreters run the same benchmark code: ``--pure`` (default ``.venv/bin/python``, the editable
install: troef as pure Python) and ``--compiled`` (default ``.venv-compiled/bin/python``, a venv with the
compiled wheel installed, e.g. ``python -m venv .venv-compiled && .venv-compiled/bin/pip install .``).
Every measurement runs in a fresh subprocess (``--worker``), which reports whether its troef was
compiled, so a pure install by mistake shows in the table.  OpenSpiel runs in the pure interpreter.

Measured, each the existing benchmark's own code:

- random rounds per second of Rififi ``oh-hell`` (4 players, 8 tricks) against OpenSpiel's ``oh_hell``
  driven from Python, and of Rikken ``kampioenschap`` against OpenSpiel's ``bridge`` (``timing.py``,
  as in ``bench_rififi.py`` and ``bench_rikken.py``);
- ISMCTS iterations per second with random play-outs from the first play of an 8-card ``oh-hell``
  round, against OpenSpiel's C++ ``ISMCTSBot`` on the same round (``bench_search.py`` (a));
- seconds per move of the levels ``normal`` and ``strong`` over ``--positions`` positions of
  heuristic rounds per game (``bench_search.py`` (c)); these are counts of work, so they are taken once.

The timed measurements are repeated ``--repeats`` times, the engines taking turns (the order rotating
every repeat), and the best of each is reported (as ``timing.py`` and ``timeit`` do: load on a shared
machine only ever slows a run down), with the ratios compiled/pure and compiled/OpenSpiel, the issue's
targets, and every run in the JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PURE = ROOT / ".venv" / "bin" / "python"
COMPILED = ROOT / ".venv-compiled" / "bin" / "python"
GAMES = ("rififi", "rikken", "hoogjassen", "piken")
LEVELS = ("normal", "strong")

TARGETS = (
    ("rififi oh-hell rounds/s", "compiled/pure", 2.5),
    ("rikken rounds/s", "compiled/pure", 2.5),
    ("ISMCTS iterations/s", "compiled/pure", 2.5),
    ("rififi oh-hell rounds/s", "compiled/OpenSpiel", 2.5),
    ("ISMCTS iterations/s", "compiled/OpenSpiel", 1.0),
)


# --------------------------------------------------------------------------- the worker (a subprocess)


def work(name: str, args: argparse.Namespace) -> dict[str, Any]:
    """One measurement in this interpreter: ``{"value": ..., "compiled": ..., "troef": path}``."""
    import bench_rififi
    import bench_rikken
    import bench_search
    import troef.core.tricks
    from timing import Line, game_runner, load_pyspiel, measure, openspiel_runner

    out: dict[str, Any] = {
        "python": platform.python_version(),
        "troef": str(Path(troef.core.tricks.__file__).parent),
        "compiled": not troef.core.tricks.__file__.endswith(".py"),
    }
    if name in ("rififi", "rikken", "oh_hell", "bridge"):
        if name == "rififi":
            runner = game_runner("rififi", {"preset": "oh-hell", "tricks": bench_rififi.TRICKS}, 4)
        elif name == "rikken":
            runner = game_runner("rikken", "kampioenschap", 4)
        else:
            pyspiel = load_pyspiel()
            if pyspiel is None:
                return {**out, "value": None}
            game = bench_rififi.OPENSPIEL_GAME if name == "oh_hell" else bench_rikken.BRIDGE
            runner = openspiel_runner(pyspiel, game)
        line = Line(name, name, runner)
        measure([line], args.seconds, 1)  # a warm-up, then one run of ``seconds``
        return {**out, "value": line.best, "actions_per_round": line.actions_per_round}
    if name == "ismcts":
        bench_search.ismcts_rate("oh-hell", 200, args.seed)  # warm-up: imports, caches
        return {**out, "value": bench_search.ismcts_rate("oh-hell", args.iterations, args.seed)}
    if name == "os_ismcts":
        bench_search.openspiel_rate(200, args.seed)
        return {**out, "value": bench_search.openspiel_rate(args.iterations * 5, args.seed)}
    if name.startswith("move:"):
        _, game, kind = name.split(":")
        setup = next(s for s in bench_search.SETUPS if s[0] == game)
        return {**out, "value": bench_search.seconds_per_move(setup, kind, args.positions, args.seed)}
    raise SystemExit(f"unknown measurement {name!r}")


# --------------------------------------------------------------------------- the driver


@dataclass
class Row:
    """One measured quantity: its subprocess name per engine and every value taken."""

    label: str
    unit: str
    workers: dict[str, str]
    """engine (pure, compiled, OpenSpiel) -> the worker's measurement name"""
    higher_is_better: bool = True
    values: dict[str, list[float]] = field(default_factory=dict)

    def best(self, engine: str) -> float | None:
        found = self.values.get(engine)
        if not found:
            return None
        return max(found) if self.higher_is_better else min(found)

    def ratio(self, top: str, bottom: str) -> float | None:
        """How many times faster ``top`` is than ``bottom`` (best runs)."""
        a, b = self.best(top), self.best(bottom)
        if a is None or b is None or not a or not b:
            return None
        return a / b if self.higher_is_better else b / a


def run_worker(python: Path, name: str, args: argparse.Namespace) -> dict[str, Any]:
    command = [
        str(python),
        str(Path(__file__).resolve()),
        "--worker",
        name,
        "--seconds",
        str(args.seconds),
        "--iterations",
        str(args.iterations),
        "--positions",
        str(args.positions),
        "--seed",
        str(args.seed),
    ]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{python} {name} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def rows(args: argparse.Namespace) -> tuple[list[Row], list[Row]]:
    """The timed rows (repeated, engines in turn) and the per-move rows (taken once)."""
    timed = [
        Row(
            "rififi oh-hell rounds/s",
            "rounds/s",
            {"pure": "rififi", "compiled": "rififi", "OpenSpiel": "oh_hell"},
        ),
        Row("rikken rounds/s", "rounds/s", {"pure": "rikken", "compiled": "rikken", "OpenSpiel": "bridge"}),
        Row(
            "ISMCTS iterations/s", "it/s", {"pure": "ismcts", "compiled": "ismcts", "OpenSpiel": "os_ismcts"}
        ),
    ]
    moves = []
    if not args.no_moves:
        for game in args.games.split(","):
            for kind in LEVELS:
                name = f"move:{game}:{kind}"
                moves.append(Row(f"{game} {kind} s/move", "s", {"pure": name, "compiled": name}, False))
    return timed, moves


def drive(args: argparse.Namespace) -> dict[str, Any]:
    pythons = {"pure": Path(args.pure), "compiled": Path(args.compiled), "OpenSpiel": Path(args.pure)}
    for engine, python in pythons.items():
        if not python.exists():
            raise SystemExit(f"no interpreter for {engine}: {python} (see --help)")
    timed, moves = rows(args)
    seen: dict[str, dict[str, Any]] = {}
    jobs = [(row, engine) for row in timed for engine in row.workers]
    for r in range(args.repeats):
        shift = r % len(jobs)
        for row, engine in jobs[shift:] + jobs[:shift]:
            found = run_worker(pythons[engine], row.workers[engine], args)
            seen.setdefault(engine, {k: found[k] for k in ("python", "troef", "compiled")})
            if found["value"] is not None:
                row.values.setdefault(engine, []).append(found["value"])
            progress(f"{row.label} {engine}: {found['value']}")
    for row in moves:
        for engine in row.workers:
            found = run_worker(pythons[engine], row.workers[engine], args)
            row.values.setdefault(engine, []).append(found["value"])
            progress(f"{row.label} {engine}: {found['value']}")
    return {"timed": timed, "moves": moves, "engines": seen}


def progress(text: str) -> None:
    print(f"  .. {text}", file=sys.stderr, flush=True)


def fmt(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if unit == "s" else f"{value:,.0f}"


def ratio_text(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def report(found: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    all_rows: list[Row] = found["timed"] + found["moves"]
    targets = []
    for label, kind, goal in TARGETS:
        row = next(r for r in found["timed"] if r.label == label)
        value = row.ratio("compiled", "pure" if kind == "compiled/pure" else "OpenSpiel")
        targets.append(
            {
                "row": label,
                "ratio": kind,
                "target": goal,
                "value": value,
                "met": value is not None and value >= goal,
            }
        )
    return {
        "python": platform.python_version(),
        "seconds": args.seconds,
        "repeats": args.repeats,
        "iterations": args.iterations,
        "positions": args.positions,
        "engines": found["engines"],
        "rows": [
            {
                "row": row.label,
                "unit": row.unit,
                "best": {engine: row.best(engine) for engine in row.values},
                "runs": row.values,
                "compiled/pure": row.ratio("compiled", "pure"),
                "compiled/OpenSpiel": row.ratio("compiled", "OpenSpiel"),
                "pure/OpenSpiel": row.ratio("pure", "OpenSpiel"),
            }
            for row in all_rows
        ],
        "targets": targets,
    }


def print_report(figures: dict[str, Any]) -> None:
    print(
        f"Python {figures['python']}; best of {figures['repeats']} runs of {figures['seconds']:g} s"
        f" (ISMCTS: {figures['iterations']} iterations; per move: {figures['positions']} positions, once)"
    )
    for engine, info in figures["engines"].items():
        kind = "compiled" if info["compiled"] else "pure Python"
        print(f"  {engine:9}: Python {info['python']}, troef from {info['troef']} ({kind})")
    cells = ("pure", "compiled", "OpenSpiel", "comp/pure", "comp/OS", "pure/OS")
    print(f"{'measure':<26}" + "".join(f" {cell:>10}" for cell in cells))
    for row in figures["rows"]:
        unit = row["unit"]
        best = row["best"]
        print(
            f"{row['row']:<26} {fmt(best.get('pure'), unit):>10} {fmt(best.get('compiled'), unit):>10}"
            f" {fmt(best.get('OpenSpiel'), unit):>10} {ratio_text(row['compiled/pure']):>10}"
            f" {ratio_text(row['compiled/OpenSpiel']):>10} {ratio_text(row['pure/OpenSpiel']):>10}"
        )
    print("targets (issue 19):")
    for t in figures["targets"]:
        mark = "met" if t["met"] else "NOT met"
        print(f"  {t['row']:<26} {t['ratio']:<19} {ratio_text(t['value']):>7}  >= {t['target']:.1f}x  {mark}")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        epilog="Every measurement runs in a subprocess of the interpreter named; see the module docstring.",
    )
    parser.add_argument(
        "--pure", default=str(PURE), help=f"interpreter with troef as pure Python (default {PURE})"
    )
    parser.add_argument(
        "--compiled", default=str(COMPILED), help=f"interpreter with the compiled troef (default {COMPILED})"
    )
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="one timed run of random rounds (default 2)"
    )
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per engine, best kept (default 5)")
    parser.add_argument("--iterations", type=int, default=2000, help="ISMCTS iterations (OpenSpiel: 5x)")
    parser.add_argument("--positions", type=int, default=12, help="positions timed per game and level")
    parser.add_argument("--games", default=",".join(GAMES), help="games timed per move (default all four)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-moves", action="store_true", help="skip the seconds per move")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1 or args.iterations < 1 or args.positions < 1:
        parser.error("--seconds must be > 0, --repeats, --iterations and --positions >= 1")
    unknown = set(args.games.split(",")) - set(GAMES)
    if unknown:
        parser.error(f"unknown games {', '.join(sorted(unknown))}; games: {', '.join(GAMES)}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        print(json.dumps(work(args.worker, args)))
        return 0
    figures = report(drive(args), args)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print_report(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
