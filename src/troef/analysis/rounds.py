"""The rounds of a record, checked, and the decisions in them: every action its seat chose among two or
more legal ones."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.game import RECORD_FORMAT, State
from ..core.match import MATCH_FORMAT
from ..games.replay import replay, split_seat, start_state


def round_records(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The round records of a round record (itself) or a match record (each round, with the match's game,
    rules and players), once the whole record replays: a `RecordError` for input that is not a record,
    a `ReplayError` for an illegal action or a stored result that differs."""
    replay(record)
    if record.get("format") != MATCH_FORMAT:
        return [dict(record)]
    names = record.get("players")
    players = {"players": len(names)} if isinstance(names, list) else {}
    return [
        {**players, **rnd, "format": RECORD_FORMAT, "game": record["game"], "rules": record.get("rules")}
        for rnd in record["rounds"]
    ]


@dataclass(frozen=True)
class Position:
    """The round just before action ``index``, which its seat chose among two or more legal ones."""

    index: int
    state: State
    action: str
    """The action taken, in canonical notation."""

    @property
    def seat(self) -> int:
        return self.state.actor


def positions(record: Mapping[str, Any]) -> Iterator[Position]:
    """The decisions of a round record that replays (see `round_records`), in the order taken."""
    state = start_state(record)
    for index, entry in enumerate(record.get("actions", [])):
        before = state.clone() if len(state.legal_actions()) > 1 else None
        state.apply(split_seat(entry)[1])
        if before is not None:
            yield Position(index, before, state.actions[-1].text)
