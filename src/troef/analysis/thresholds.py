"""How many points a decision must cost before it is marked: per game, its player kit's ``marks``
(`troef.players.shared.kit.PlayerKit`).

>>> limits = Thresholds(inaccuracy=1, mistake=3, blunder=8)
>>> limits.mark(0.4), limits.mark(4.0), limits.mark(12.0)
(None, 'mistake', 'blunder')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.errors import GameError
from ..players.kits import kit_of

MARKS: Final = ("inaccuracy", "mistake", "blunder")
"""The marks, from the cheapest to the dearest."""


@dataclass(frozen=True)
class Thresholds:
    """The least loss, in the game's points, of each mark."""

    inaccuracy: float
    mistake: float
    blunder: float

    def mark(self, loss: float) -> str | None:
        """The mark of a decision that lost ``loss`` points against the best, or None below them all."""
        if loss >= self.blunder:
            return "blunder"
        if loss >= self.mistake:
            return "mistake"
        if loss >= self.inaccuracy:
            return "inaccuracy"
        return None


def thresholds_of(game: str) -> Thresholds:
    """The thresholds of ``game`` (its player kit's ``marks``); a `GameError` for a game without them."""
    marks = kit_of(game).marks
    if marks is None:
        raise GameError(f"no analysis for game {game!r}: its players declare no marks")
    return Thresholds(*marks)
