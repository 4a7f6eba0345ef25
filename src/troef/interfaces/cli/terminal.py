"""Consoles and line input that work the same on a terminal and in a pipe."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import ParamSpec

import typer
from rich.console import Console
from rich.text import Text

from ...core.errors import UsageError
from .replay import INVALID

P = ParamSpec("P")


def consoles() -> tuple[Console, Console]:
    """Rich consoles for standard output and standard error (no automatic highlighting)."""
    return Console(highlight=False), Console(stderr=True, highlight=False)


def fail(message: str) -> typer.Exit:
    """Print ``message`` on standard error as one line, however long (not wrapped at the terminal's
    width); the exit for input that is not valid."""
    consoles()[1].print(Text(f"error: {message}"), soft_wrap=True)
    return typer.Exit(INVALID)


def usage_errors(command: Callable[P, None]) -> Callable[P, None]:
    """``command`` with its `UsageError`s reported as one line on standard error and exit code 2."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            command(*args, **kwargs)
        except UsageError as e:
            raise fail(str(e)) from None

    return run


class LineReader:
    """Reads answers from the keyboard, or line by line from a pipe (echoing them, so a log reads well)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.interactive = sys.stdin.isatty()

    def ask(self, prompt: Text) -> str | None:
        """One line of input without its newline, or ``None`` when the input has ended."""
        if self.interactive:
            try:
                return self.console.input(prompt)
            except EOFError:
                return None
        line = sys.stdin.readline()
        if not line:
            return None
        answer = line.rstrip("\r\n")
        self.console.print(prompt + Text(answer))
        return answer
