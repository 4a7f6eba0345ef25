"""The errors troef raises: every one carries a message a person can act on."""

from __future__ import annotations

from collections.abc import Sequence


class TroefError(Exception):
    """Base class of troef's errors."""


class GameError(TroefError, ValueError):
    """An unknown game, a bad option value or an unsupported number of players."""


class RecordError(TroefError, ValueError):
    """Input that is not a valid record: bad structure, unknown card, a card dealt twice or missing."""


class IllegalAction(TroefError, ValueError):
    """An action that is not legal now; the state is unchanged."""

    def __init__(self, seat: int | None, action: str, legal: Sequence[object], reason: str = "") -> None:
        self.seat = seat
        self.action = action
        self.legal = sorted(str(a) for a in legal)
        self.reason = reason
        who = "nobody may act: the round is over" if seat is None else f"seat {seat}"
        why = f" ({reason})" if reason else ""
        legal_text = ", ".join(self.legal) if self.legal else "none"
        super().__init__(f"{who}: {action!r} is not legal{why}; legal: {legal_text}")


class ReplayError(TroefError):
    """A record whose action ``index`` is illegal, or whose stored result differs from the engine's."""

    def __init__(self, message: str, index: int | None = None) -> None:
        self.index = index
        super().__init__(message)
