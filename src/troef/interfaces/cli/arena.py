"""``troef arena``: bots measured against each other in duplicate format, with a progress bar."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import MofNCompleteColumn, Progress
from rich.table import Table

from ...core.errors import GameError
from ...players import SEARCH_KINDS, bot_kinds, plugins
from ...players.arena import Report, Setup, check_counts, run_arena
from .arena_plot import MISSING, have_matplotlib, plot_ratings
from .rules import rules_from_args
from .terminal import consoles, fail


def arena(
    game: Annotated[str, typer.Argument(help="the game (see `troef games`)")],
    bots: Annotated[
        str | None,
        typer.Option(
            help="two or more bot kinds, comma-separated; a kind may repeat, e.g. learned,heuristic "
            "(default: random,heuristic)"
        ),
    ] = None,
    deals: Annotated[int, typer.Option(help="deals; every pair plays each one twice, seats swapped")] = 1000,
    rules: Annotated[str | None, typer.Option(help="rule preset (see `troef games`)")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", metavar="KEY=VALUE", help="override one option")
    ] = None,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    seed: Annotated[int, typer.Option(help="seed of the deals, the bots and the bootstrap")] = 0,
    workers: Annotated[int | None, typer.Option(help="processes (default: one per core)")] = None,
    out: Annotated[Path | None, typer.Option(help="write the pairs' results as JSON to this file")] = None,
    plot: Annotated[
        Path | None, typer.Option(help="draw the ratings into this image (needs matplotlib)")
    ] = None,
) -> None:
    """Measure bots against each other: every pair plays the same deals in duplicate format (seats
    swapped); per pair the mean score difference with a bootstrap 95% interval, and the field's ratings."""
    processes = (os.cpu_count() or 1) if workers is None else workers
    try:
        kinds = default_bots(game) if bots is None else parse_bots(bots)
        setup = Setup(game, kinds, rules_from_args(rules, option or []), players, seed)
        setup.load()
        check_counts(deals, processes)
    except GameError as e:
        raise fail(str(e)) from None
    if plot is not None and not have_matplotlib():
        raise fail(MISSING)
    for path in (out, plot):
        if path is not None and (trouble := unwritable(path)) is not None:
            raise fail(f"cannot write {path}: {trouble}")
    output, err = consoles()
    start = time.perf_counter()
    columns = (*Progress.get_default_columns(), MofNCompleteColumn())
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("deals", total=deals)
        report = run_arena(setup, deals, processes, lambda done: bar.advance(task, done))
    seconds = time.perf_counter() - start
    show(report, output)
    output.print(f"{deals / seconds:.1f} deals/s, {seconds:.1f} s on {processes} process(es)")
    if out is not None:
        save(out, json.dumps(report.to_json(), indent=2) + "\n", output)
    if plot is not None:
        save(plot, report, output)


def default_bots(game: str) -> tuple[str, ...]:
    """The built-in bots that play ``game`` at once: neither the search bots nor installed plugins
    (``learned``), which ``--bots`` names."""
    return tuple(k for k in bot_kinds(game) if k not in SEARCH_KINDS and k not in plugins())


def parse_bots(text: str) -> tuple[str, ...]:
    """The kinds of ``--bots``; a `GameError` for an empty name."""
    kinds = tuple(k.strip() for k in text.split(","))
    if not all(kinds):
        raise GameError(f"--bots takes bot kinds separated by commas, e.g. heuristic,random, not {text!r}")
    return kinds


def show(report: Report, output: Console) -> None:
    """The pairs' table and the field's ratings."""
    deals, pairs = report.deals, len(report.pairs)
    output.print(
        f"{report.title()}: {deals} deals x 2 seatings x {pairs} pair(s) = {2 * deals * pairs} rounds"
    )
    output.print("\npairs: mean diff = A's mean score per seat and deal minus B's")
    table = numbers_table(["a", "b"], ["mean diff", "95% CI", "deals"])
    for p in report.pairs:
        table.add_row(p.a, p.b, f"{p.mean_diff:+.2f}", interval(p.ci95), str(p.deals))
    output.print(table)
    output.print("\nratings: score per seat and deal above the field's mean")
    ratings = numbers_table(["bot"], ["rating", "95% CI"])
    for r in sorted(report.ratings, key=lambda r: -r.rating):
        ratings.add_row(r.bot, f"{r.rating:+.2f}", interval(r.ci95))
    output.print(ratings)


def numbers_table(names: list[str], numbers: list[str]) -> Table:
    """A table with columns of names, then right-aligned columns of numbers."""
    table = Table(*names, show_edge=False)
    for header in numbers:
        table.add_column(header, justify="right")
    return table


def interval(ci: tuple[float, float]) -> str:
    return f"[{ci[0]:+.2f}, {ci[1]:+.2f}]"


def unwritable(path: Path) -> str | None:
    """Why ``path`` cannot be written, checked before any deal is played; None when it can be."""
    if path.is_dir():
        return "it is a folder"
    folder = path.parent
    if not folder.is_dir():
        return f"there is no folder {folder}"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is not writable"
    return None


def save(path: Path, what: str | Report, output: Console) -> None:
    """Write ``what``: text as it is, a report as a drawing of its ratings."""
    try:
        if isinstance(what, str):
            path.write_text(what, encoding="utf-8")
        else:
            plot_ratings(what, path)
    except (OSError, ValueError) as e:
        raise fail(f"cannot write {path}: {getattr(e, 'strerror', None) or e}") from None
    output.print(f"written: {path}")
