"""The ``troef`` command: ``replay``, ``verify``, ``games``, ``play``, ``arena``, ``analyse`` and
``serve``."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...core.errors import GameError, UsageError
from ...core.match import Match
from ...core.native import compiled
from ...games import GAMES, game_class, load_game
from ...games.plugins import load_plugins
from ...players import LEVELS, THINKING, make_bot
from ...present.i18n import LANGUAGES, Words, choose_language
from ...session import Session
from .analyse import analyse
from .arena import arena
from .catalog import game_panel
from .play import MatchEnded, TerminalMatch
from .replay import OK, run_replay
from .rules import rules_from_args
from .serve import serve
from .table import make_table
from .terminal import LineReader, consoles, usage_errors
from .verify import run_verify

app = typer.Typer(
    name="troef",
    help="Traditional card games played exactly by their rulebooks.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,  # click's plain help: on/off flags show no value type (typer's boxes: <bool>)
)


def version_text() -> str:
    """``troef --version``: the version, and whether the engine is compiled (``pip install .``) or pure
    Python (an editable install, or where no C compiler was found)."""
    try:
        version = metadata.version("troef")
    except metadata.PackageNotFoundError:
        version = "(not installed)"
    engine = "compiled with mypyc" if compiled() else "pure Python"
    return f"troef {version} (engine: {engine})"


def one_of(names: list[str]) -> str:
    """``a, b or c``."""
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else "".join(names)


def show_version(value: bool) -> None:
    if value:
        typer.echo(version_text())
        raise typer.Exit()


@app.callback()
def options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=show_version,
            is_eager=True,
            help="Show the version and whether the engine is compiled, and exit.",
        ),
    ] = False,
) -> None:
    """Traditional card games played exactly by their rulebooks."""


@app.command()
def replay(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="a round or match record; - reads stdin")],
) -> None:
    """Replay a record and print its result as JSON.

    Exit 0: every action legal (and the result matches); 1: an illegal action or a different result;
    2: not a valid record.
    """
    code, text = run_replay(source)
    typer.echo(text, err=code != OK)
    raise typer.Exit(code)


@app.command()
def verify(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="a match record; - reads stdin")],
) -> None:
    """Check that every round of a match record was dealt fairly (its fair object: see docs/fair-deals.md).

    Exit 0: every round verifies; 1: a round does not (commitment mismatch, deal differs) or has no fair
    object; 2: not a valid match record.
    """
    code, out, err = run_verify(source)
    if out:
        typer.echo(out)
    if err:
        typer.echo(err, err=True)
    raise typer.Exit(code)


@app.command()
@usage_errors
def games(
    name: Annotated[str | None, typer.Argument(metavar="[GAME]", help="show only this game")] = None,
    lang: Annotated[str, typer.Option(help=f"the language: {', '.join(LANGUAGES)}")] = LANGUAGES[0],
) -> None:
    """List the games, their players, rule presets and options."""
    if lang not in LANGUAGES:
        raise UsageError(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    try:
        classes = list(GAMES.values()) if name is None else [game_class(name)]
    except GameError as e:
        raise UsageError(str(e)) from None
    out = consoles()[0]
    for cls in classes:
        out.print(game_panel(cls, Words(lang)))
        out.print()


@app.command()
@usage_errors
def play(
    game: Annotated[str, typer.Argument(help=f"the game: {one_of(list(GAMES))}")],
    rules: Annotated[str | None, typer.Option(help="rule preset (see `troef games`)")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", metavar="KEY=VALUE", help="override one option")
    ] = None,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    seat: Annotated[int, typer.Option(help="your seat, 0 = the first")] = 0,
    seed: Annotated[int | None, typer.Option(help="seed for a reproducible match")] = None,
    level: Annotated[
        str,
        typer.Option(
            help="the other players: easy (heuristic), normal (search, ~0.2 s a move) or strong (~1 s)"
        ),
    ] = "normal",
    bot: Annotated[
        str | None,
        typer.Option(
            help="the other players as a bot kind instead of a level, e.g. random, or learned for its games"
        ),
    ] = None,
    rounds: Annotated[int | None, typer.Option(help="stop after this many rounds")] = None,
    save: Annotated[Path | None, typer.Option(help="write the match record (JSON) to this file")] = None,
    lang: Annotated[
        str | None, typer.Option(help=f"the table's language: {', '.join(LANGUAGES)} (default: the locale's)")
    ] = None,
) -> None:
    """Play a match in the terminal against bots."""
    if lang is not None and lang not in LANGUAGES:
        raise UsageError(f"--lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    words = Words(choose_language(lang))
    out = consoles()[0]
    try:
        loaded = load_game(game, rules_from_args(rules, option or []), players)
    except GameError as e:
        raise UsageError(str(e)) from None
    n = loaded.players
    if not 0 <= seat < n:
        raise UsageError(f"--seat must be a seat 0..{n - 1}, not {seat}")
    table = make_table(loaded, seat, out.width, words.lang)
    try:
        match = Match(loaded, names=list(table.labels), seed=seed, rounds=rounds)
    except GameError as e:
        raise UsageError(f"--rounds: {e}") from None
    if level not in LEVELS:
        raise UsageError(f"--level must be one of {', '.join(LEVELS)}, not {level!r}")
    kind = LEVELS[level] if bot is None else bot
    try:
        # a seeded match plays the bots' counts (the same moves on any machine); else their table limits
        limit = None if seed is not None else THINKING.get(kind)
        bots = {
            s: make_bot(game, kind, None if seed is None else seed + s, limit) for s in range(n) if s != seat
        }
    except GameError as e:
        raise UsageError(str(e)) from None
    try:
        TerminalMatch(Session(match, bots), seat, table, out, LineReader(out), words).play()
    except MatchEnded as e:
        stopped = words._("{why}: the match stops after {done} of {planned} rounds")
        out.print("\n" + stopped.format(why=e, done=len(match.sheet), planned=match.rounds))
    if save is not None:
        save_match(match, save, out, words)


def save_match(match: Match, path: Path, out: Console, words: Words) -> None:
    """Write the match record of the finished rounds to ``path``."""
    if not match.sheet:
        out.print(words._("no round was finished: nothing to save"))
        return
    try:
        path.write_text(json.dumps(match.record(), indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        raise UsageError(f"cannot save the match to {path}: {e.strerror or e}") from None
    out.print(words._("match record saved to {path}; check it with: troef replay {path}").format(path=path))


app.command()(usage_errors(arena))
app.command()(analyse)
app.command()(usage_errors(serve))


def main() -> None:
    """Run the ``troef`` command (with the installed game plugins)."""
    load_plugins()
    app()
