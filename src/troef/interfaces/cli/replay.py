"""``troef replay``: check a round or match record and print its result as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ...core.errors import GameError, RecordError, ReplayError
from ...games.replay import replay

OK, ILLEGAL, INVALID = 0, 1, 2
"""Exit codes: every action legal; an illegal action or a result mismatch; input that is not a record."""


class InputError(Exception):
    """Input that cannot be read, or is not JSON."""


def read_json(source: str) -> Any:
    """The JSON value in file ``source``, or on standard input when it is ``-``."""
    try:
        data = sys.stdin.buffer.read() if source == "-" else Path(source).read_bytes()
    except OSError as e:
        raise InputError(f"cannot read {source}: {e.strerror or e}") from None
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as e:  # JSONDecodeError, bad UTF-8, too deep or too long a number
        raise InputError(f"not JSON: {e}") from None


def run_replay(source: str) -> tuple[int, str]:
    """The exit code and what to print: the result as JSON (exit 0) or a one-line reason."""
    try:
        result = replay(read_json(source))
    except (InputError, RecordError, GameError) as e:
        return INVALID, f"invalid record: {one_line(e)}"
    except ReplayError as e:
        return ILLEGAL, f"replay failed: {one_line(e)}"
    return OK, json.dumps(result)


def one_line(error: Exception) -> str:
    """An error's message on one line."""
    return " ".join(str(error).split("\n"))
