"""What an analysis finds: each decision weighed, and per seat what its marked decisions cost; as JSON
(`Analysis.to_json`, ``docs/analysis.md``) in this stable structure, numbers rounded to two decimals::

    {"format": "troef-analysis/1", "game": GAME, "rules": PRESET, "players": 4,
     "rounds": [1], "seed": 0,
     "effort": {"worlds": 16, "second_look": 64, "inference": 2, "endgame": 8},
     "thresholds": {"inaccuracy": 15, "mistake": 30, "blunder": 60},
     "seats": [{"seat": 0, "decisions": 11, "marks": {"inaccuracy": 1, "mistake": 0, "blunder": 0},
                "lost": 22.42, "costliest": [DECISION, ...]}, ...],
     "costliest": [DECISION, ...],
     "decisions": [DECISION, ...]}

    DECISION = {"round": 1, "index": 32, "seat": 0, "phase": "play", "action": "play 8H",
                "best": "play 2S", "values": {"play 2S": -6.56, "play 8H": -28.98}, "loss": 22.42,
                "mark": "inaccuracy"}

``rounds``: those analysed, from 1; ``seats``: one per seat analysed; ``index``: the action's place in the
round's actions, from 0; ``values``: each action weighed, its mean score for the seat; ``loss``:
``values[best] - values[action]``; ``mark``: ``inaccuracy``, ``mistake``, ``blunder`` or null; ``lost``:
the losses of the seat's marked decisions added up; ``costliest``: up to three marked decisions, dearest
first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final

from .thresholds import MARKS, Thresholds
from .values import Effort

FORMAT: Final = "troef-analysis/1"
COSTLIEST: Final = 3
"""How many of the costliest moments a summary names."""


@dataclass(frozen=True)
class Decision:
    """One decision weighed: the action taken and the best one, each action's expected score for the
    seat, the points lost against the best (0 or more) and the mark they earn (None: none)."""

    round: int
    """The round, counted from 1 (a round record is round 1)."""
    index: int
    """The action's place in the round's actions, counted from 0."""
    seat: int
    phase: str
    action: str
    best: str
    values: dict[str, float]
    loss: float
    mark: str | None

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["values"] = {action: round(value, 2) for action, value in self.values.items()}
        out["loss"] = round(self.loss, 2)
        return out


def costliest(decisions: Sequence[Decision], count: int = COSTLIEST) -> list[Decision]:
    """The ``count`` marked decisions that lost the most, the dearest first (ties in the order taken)."""
    return sorted((d for d in decisions if d.mark), key=lambda d: -d.loss)[:count]


@dataclass(frozen=True)
class SeatSummary:
    """One seat's decisions: how many were weighed, how many earned each mark, the points they lost
    together and the costliest of them."""

    seat: int
    decisions: int
    marks: dict[str, int]
    lost: float
    costliest: list[Decision]

    @classmethod
    def of(cls, seat: int, decisions: Sequence[Decision]) -> SeatSummary:
        mine = [d for d in decisions if d.seat == seat]
        return cls(
            seat=seat,
            decisions=len(mine),
            marks={mark: sum(d.mark == mark for d in mine) for mark in MARKS},
            lost=sum(d.loss for d in mine if d.mark),
            costliest=costliest(mine),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "marks": dict(self.marks),
            "lost": round(self.lost, 2),
            "costliest": [d.to_json() for d in self.costliest],
        }


@dataclass(frozen=True)
class Analysis:
    """The analysis of the chosen rounds and seats of a record."""

    game: str
    rules: object
    """The rules as the record's engine writes them (a preset name, or an object of overrides)."""
    players: int
    rounds: list[int]
    seats: list[int]
    effort: Effort
    seed: int
    thresholds: Thresholds
    decisions: list[Decision]
    """Every decision of the chosen seats in the chosen rounds, in the order taken."""

    @property
    def summaries(self) -> list[SeatSummary]:
        """One per seat analysed."""
        return [SeatSummary.of(seat, self.decisions) for seat in self.seats]

    @property
    def costliest(self) -> list[Decision]:
        """The costliest moments of all the seats analysed."""
        return costliest(self.decisions)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "rules": self.rules,
            "players": self.players,
            "rounds": list(self.rounds),
            "seed": self.seed,
            "effort": asdict(self.effort),
            "thresholds": asdict(self.thresholds),
            "seats": [s.to_json() for s in self.summaries],
            "costliest": [d.to_json() for d in self.costliest],
            "decisions": [d.to_json() for d in self.decisions],
        }
