"""The errors troef raises: every one carries a message a person can act on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

LISTED_LEGAL: Final = 40
"""An error message names at most this many legal actions (a game may have hundreds)."""


def legal_text(legal: Sequence[str]) -> str:
    """The legal actions for a message: all of them, or the first `LISTED_LEGAL` and how many more."""
    if not legal:
        return "none"
    more = len(legal) - LISTED_LEGAL
    listed = ", ".join(legal[:LISTED_LEGAL])
    return f"{listed}, … and {more} more" if more > 0 else listed


class TroefError(Exception):
    """Base class of troef's errors: every error troef raises for bad input or misuse is one."""


class GameError(TroefError, ValueError):
    """An unknown game, a bad option value or an unsupported number of players."""


class RecordError(TroefError, ValueError):
    """Input that is not a valid record: bad structure, unknown card, a card dealt twice or missing."""


class IllegalAction(TroefError, ValueError):
    """An action that is not legal now; the state is unchanged.  ``legal`` lists every legal action,
    the message at most `LISTED_LEGAL` of them."""

    def __init__(self, seat: int | None, action: str, legal: Sequence[object], reason: str = "") -> None:
        self.seat = seat
        self.action = action
        self.legal = sorted(str(a) for a in legal)
        self.reason = reason
        who = "nobody may act: the round is over" if seat is None else f"seat {seat}"
        why = f" ({reason})" if reason else ""
        super().__init__(f"{who}: {action!r} is not legal{why}; legal: {legal_text(self.legal)}")


class MatchError(TroefError):
    """Misuse of a match: dealing when it is over, entering a round it did not deal or one that is
    not over."""


class RoundOverError(TroefError):
    """Asking a round that is over who is to act (`State.actor`)."""


class UsageError(TroefError):
    """Wrong command-line usage: an option or argument the command does not take."""


class ReplayError(TroefError):
    """A record whose action ``index`` is illegal, or whose stored result differs from the engine's."""

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message)
