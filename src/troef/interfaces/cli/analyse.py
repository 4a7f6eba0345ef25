"""``troef analyse``: the decisions of a round or match record weighed (`troef.analysis`), with a progress
bar: per seat the points lost to marked decisions, and the three costliest moments, told as the table's
log tells actions (`troef.present`); or, with ``--json``, `troef.analysis.Analysis.to_json` (its structure
is in `troef.analysis.report` and ``docs/analysis.md``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

import typer
from rich.progress import MofNCompleteColumn, Progress

from ...analysis import Analysis, Decision, Effort, round_records
from ...analysis import analyse as analyse_record
from ...core.errors import GameError, RecordError, ReplayError
from ...core.game import State
from ...games.replay import split_seat, start_state
from ...present import PRESENTERS, Seen
from ...present.model import plain
from .replay import INVALID, InputError, one_line, read_json
from .terminal import consoles


def analyse(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="a round or match record; - reads stdin")],
    seat: Annotated[int | None, typer.Option(help="only this seat's decisions, 0 = the first")] = None,
    round_number: Annotated[
        int | None, typer.Option("--round", help="only this round of a match record, 1 = the first")
    ] = None,
    worlds: Annotated[
        int, typer.Option(min=1, help="worlds drawn from a seat's view per decision: more is slower, surer")
    ] = Effort().worlds,
    seed: Annotated[int, typer.Option(help="the seed of the worlds: the same seed, the same analysis")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print the analysis as JSON")] = False,
) -> None:
    """Weigh every decision of a record against the best one, from what its seat knew then: per seat the
    points lost to inaccuracies, mistakes and blunders, and the three costliest moments.

    Exit 0 with the analysis; 2 for input that is not a valid record or a seat or round it does not have.
    """
    try:
        record = read_json(source)
        found = run(record, seat, round_number, Effort(worlds=worlds), seed)
    except (InputError, RecordError, ReplayError) as e:
        raise refuse(f"invalid record: {one_line(e)}") from None
    except GameError as e:
        raise refuse(one_line(e)) from None
    if as_json:
        typer.echo(json.dumps(found.to_json(), indent=1))
    else:
        typer.echo("\n".join(report(found, round_records(record))))


def refuse(message: str) -> typer.Exit:
    """Print ``message`` on standard error as one line, however long; the exit for input that is not valid."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(INVALID)


def run(
    record: Mapping[str, Any], seat: int | None, round_number: int | None, effort: Effort, seed: int
) -> Analysis:
    """The analysis, with a progress bar on standard error while it runs (where that is a terminal)."""
    err = consoles()[1]
    columns = (*Progress.get_default_columns(), MofNCompleteColumn())
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("decisions", total=None)
        return analyse_record(
            record,
            seat,
            round_number,
            effort,
            seed,
            lambda done, total: bar.update(task, completed=done, total=total),
        )


def report(found: Analysis, rounds: Sequence[Mapping[str, Any]]) -> list[str]:
    """The lines of the text report: what was weighed, per seat the points lost, the costliest moments."""
    shown = ", ".join(map(str, found.rounds))
    lines = [
        f"{found.game}, round{'s' if len(found.rounds) > 1 else ''} {shown}: "
        f"{len(found.decisions)} decisions weighed in {found.effort.worlds} worlds each"
        f"{f', those marked again in {found.effort.second_look}' if found.effort.second_look else ''}"
    ]
    for summary in found.summaries:
        marks = ", ".join(f"{count} {plural(mark, count)}" for mark, count in summary.marks.items())
        lines.append(
            f"seat {summary.seat}: {summary.lost:.1f} points lost ({marks} in {summary.decisions} decisions)"
        )
    moments = found.costliest
    lines.append("costliest moments:" if moments else "no decision lost enough to be marked")
    lines += ["  " + moment(decision, rounds[decision.round - 1]) for decision in moments]
    return lines


def plural(mark: str, count: int) -> str:
    """``mistake``, ``mistakes``, ``inaccuracies``."""
    if count == 1:
        return mark
    return mark[:-1] + "ies" if mark.endswith("y") else mark + "s"


def moment(decision: Decision, record: Mapping[str, Any]) -> str:
    """``round 2, seat 1 plays KH: -3.1 (blunder); best: seat 1 plays AS``."""
    state = start_state(record)
    for entry in record["actions"][: decision.index]:
        state.apply(split_seat(entry)[1])
    taken, best = (told(state, decision.seat, a) for a in (decision.action, decision.best))
    return f"round {decision.round}, {taken}: -{decision.loss:.1f} ({decision.mark}); best: {best}"


def told(state: State, seat: int, action: str) -> str:
    """``action`` taken by ``seat`` in ``state``, in the words of the table's log (as seen from that seat,
    named as everyone names it)."""
    after = state.clone()
    after.apply(action)
    seen = Seen(state.game, seat, hindsight=True)
    seen.labels = Seen(state.game, None).labels
    line = PRESENTERS[state.game.name].described(seen, seat, after.actions[-1], after.view(seat))
    return plain(line)
