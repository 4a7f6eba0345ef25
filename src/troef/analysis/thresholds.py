"""How many points a decision must cost before it is marked, per game: the one place they are declared.

>>> THRESHOLDS["rififi"].mark(0.4), THRESHOLDS["rififi"].mark(4.0), THRESHOLDS["rififi"].mark(12.0)
(None, 'mistake', 'blunder')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.errors import GameError

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


THRESHOLDS: Final[dict[str, Thresholds]] = {
    "rikken": Thresholds(inaccuracy=15, mistake=30, blunder=60),
    "hoogjassen": Thresholds(inaccuracy=10, mistake=30, blunder=80),
    "rififi": Thresholds(inaccuracy=1, mistake=3, blunder=8),
    "piken": Thresholds(inaccuracy=1, mistake=3, blunder=6),
}
"""Per game, from its score scale (see ``docs/analysis.md``): rikken's amounts move in fives and tens and
a contract is worth 30 to 120 a seat; hoogjassen's points move in tens, a contract 50 or more; a rififi
bid made is worth 10 and more, one missed costs a point a trick; piken counts the cards a seat wins."""


def thresholds_of(game: str) -> Thresholds:
    """The thresholds of ``game``; a `GameError` for a game without them."""
    found = THRESHOLDS.get(game)
    if found is None:
        raise GameError(f"no analysis for game {game!r}; games analysed: {', '.join(THRESHOLDS)}")
    return found
