"""``troef verify``: check that every round of a match record was dealt fairly (`troef.games.fair`)."""

from __future__ import annotations

from ...core.errors import GameError, RecordError
from ...games.fair import verify
from .replay import InputError, one_line, read_json

OK, UNFAIR, INVALID = 0, 1, 2
"""Exit codes: every round verifies; a round does not verify or has no ``fair`` object; input that is
not a match record."""


def run_verify(source: str) -> tuple[int, str, str]:
    """The exit code, what to print on standard output (a line per round checked) and on standard
    error (one line: the first round that does not verify, or why the input is not a match record)."""
    try:
        report = verify(read_json(source))
    except (InputError, RecordError, GameError) as e:
        return INVALID, "", f"invalid record: {one_line(e)}"
    lines = "\n".join(map(str, report.rounds))
    failures = report.failures
    if not failures:
        return OK, f"{lines}\nall {len(report.rounds)} rounds verify", ""
    first, more = failures[0], len(failures) - 1
    also = f" ({more} more round{'s fail' if more > 1 else ' fails'})" if more else ""
    return UNFAIR, lines, f"verify failed: round {first.index + 1}: {first.problem}{also}"
