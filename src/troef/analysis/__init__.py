"""Round analysis that teaches: each decision a seat took among two or more legal actions (bid, call,
trump, discard, play, draw) is weighed against the best it had, from what that seat knew then: worlds drawn
from its view (`troef.core.game.State.view`), never the hands it could not see.  Decisions that cost
points are marked an inaccuracy, a mistake or a blunder by per-game thresholds (each game's player kit's
``marks``); per seat the points lost and the costliest moments.  No I/O: ``troef analyse`` renders it
(``docs/analysis.md``).
"""

from .report import FORMAT, Analysis, Decision, SeatSummary
from .review import Progress, analyse
from .rounds import round_records
from .thresholds import MARKS, Thresholds, thresholds_of
from .values import Effort, action_values

__all__ = [
    "FORMAT",
    "MARKS",
    "Analysis",
    "Decision",
    "Effort",
    "Progress",
    "SeatSummary",
    "Thresholds",
    "action_values",
    "analyse",
    "round_records",
    "thresholds_of",
]
