"""The standings of a club event and of a club's season: pure functions over the tables' score sheets.

An event's tables (`Played`) give each player ``points`` (the sum of their round scores), in a duplicate
event ``matchpoints`` (per finished round, 2 for each seat of the same number at another table of that
session that scored less, 1 for each that scored the same) and ``rounds`` (finished rounds played). Names
are compared case-insensitively (`str.casefold`); a row shows the registered spelling.

>>> tables = [Played(1, "a", ("Ann", None), ((10, 0),)), Played(1, "b", ("Bob", "Cas"), ((5, 5),))]
>>> for row in standings(["Ann", "Bob", "Cas", "Dee"], tables, duplicate=True):
...     print(row)
{'rank': 1, 'name': 'Ann', 'points': 10, 'matchpoints': 2, 'rounds': 1}
{'rank': 1, 'name': 'Cas', 'points': 5, 'matchpoints': 2, 'rounds': 1}
{'rank': 3, 'name': 'Bob', 'points': 5, 'matchpoints': 0, 'rounds': 1}
{'rank': 3, 'name': 'Dee', 'points': 0, 'matchpoints': 0, 'rounds': 0}
"""

from __future__ import annotations

import bisect
import csv
import io
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

FORMULA: Final = ("=", "+", "-", "@", "\t", "\r")
"""What a CSV cell may not start with, lest a spreadsheet read it as a formula; such a cell gets a ``'``."""


@dataclass(frozen=True)
class Played:
    """One table of an event: its session, id, who sat at each seat (a player's name, or None for a bot)
    and each finished round's scores per seat."""

    session: int
    table: str
    seats: tuple[str | None, ...]
    rounds: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        for number, scores in enumerate(self.rounds, 1):
            if len(scores) != len(self.seats):
                raise ValueError(
                    f"table {self.table}: round {number} has {len(scores)} scores for {len(self.seats)} seats"
                )


@dataclass
class _Tally:
    """One player's running totals in an event."""

    name: str
    points: int = 0
    matchpoints: int = 0
    rounds: int = 0


def ranked(rows: Iterable[Mapping[str, Any]], by: str) -> list[dict[str, Any]]:
    """The rows best first by ``by`` (more is better), each with a ``rank`` first: equal rows share a rank
    (1, 2, 2, 4) and are ordered by name, case-insensitively."""
    ordered = sorted(rows, key=lambda row: (-row[by], row["name"].casefold(), row["name"]))
    out: list[dict[str, Any]] = []
    for place, row in enumerate(ordered, 1):
        rank = out[-1]["rank"] if out and out[-1][by] == row[by] else place
        out.append({"rank": rank, **row})
    return out


def _fields(tables: Iterable[Played]) -> dict[tuple[int, int, int], list[int]]:
    """Per (session, round index, seat): the sorted scores of that seat at every table of the session that
    has finished that round."""
    fields: dict[tuple[int, int, int], list[int]] = {}
    for table in tables:
        for number, scores in enumerate(table.rounds):
            for seat, score in enumerate(scores):
                fields.setdefault((table.session, number, seat), []).append(score)
    for field in fields.values():
        field.sort()
    return fields


def _matchpoints(mine: int, field: Sequence[int]) -> int:
    """What a score ``mine`` earned against the same seat's other scores in ``field`` (sorted, ``mine``
    among them): 2 for each lower, 1 for each equal."""
    lower = bisect.bisect_left(field, mine)
    return 2 * lower + bisect.bisect_right(field, mine) - lower - 1


def _tally(
    players: Iterable[str], tables: Sequence[Played], *, duplicate: bool, scored: Callable[[Played], bool]
) -> dict[str, _Tally]:
    """Every registered player's totals (and those of anyone seated who was removed since), keyed by the
    casefolded name, over the tables that are ``scored``; matchpoints compare with every table of the
    session."""
    tallies: dict[str, _Tally] = {}
    for player in players:
        tallies.setdefault(player.casefold(), _Tally(player))
    fields = _fields(tables) if duplicate else {}
    for table in tables:
        if not scored(table):
            continue
        for seat, name in enumerate(table.seats):
            if name is None:
                continue
            tally = tallies.setdefault(name.casefold(), _Tally(name))
            for number, scores in enumerate(table.rounds):
                tally.points += scores[seat]
                tally.rounds += 1
                if duplicate:
                    tally.matchpoints += _matchpoints(scores[seat], fields[table.session, number, seat])
    return tallies


def standings(players: Sequence[str], tables: Sequence[Played], *, duplicate: bool) -> list[dict[str, Any]]:
    """An event's standings, by matchpoints in a duplicate event and by points in a draw: every registered
    player (also with 0 rounds) and anyone removed who had played, as ``rank``, ``name``, ``points``,
    (``matchpoints``,) ``rounds``."""
    rows: list[dict[str, Any]] = []
    for tally in _tally(players, tables, duplicate=duplicate, scored=lambda _: True).values():
        row: dict[str, Any] = {"name": tally.name, "points": tally.points}
        if duplicate:
            row["matchpoints"] = tally.matchpoints
        row["rounds"] = tally.rounds
        rows.append(row)
    return ranked(rows, "matchpoints" if duplicate else "points")


def _cell(value: Any) -> Any:
    """A CSV cell that a spreadsheet will not run as a formula."""
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA) else value


def standings_csv(rows: Sequence[Mapping[str, Any]], *, duplicate: bool) -> str:
    """The standings as CSV with a header row (the ``matchpoints`` column only for a duplicate event)."""
    columns = ["rank", "name", "points", *(["matchpoints"] if duplicate else []), "rounds"]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_cell(row[column]) for column in columns])
    return out.getvalue()


def counts(table: Played, members: Collection[str], at_least: int) -> bool:
    """The club's counting rule: whether at least ``at_least`` of the table's players are members (a bot is
    none)."""
    club = {member.casefold() for member in members}
    return sum(1 for name in table.seats if name is not None and name.casefold() in club) >= at_least


def event_scores(
    players: Sequence[str],
    tables: Sequence[Played],
    *,
    duplicate: bool,
    members: Collection[str],
    at_least: int,
) -> dict[str, int]:
    """Each player's score in one event for the club's season (matchpoints in a duplicate event, points in a
    draw) from the tables that count; only players with a finished round at such a table. Matchpoints are
    those of the event's standings: a round still compares with every table of its session."""
    club = {member.casefold() for member in members}
    tallies = _tally(players, tables, duplicate=duplicate, scored=lambda table: counts(table, club, at_least))
    return {
        tally.name: tally.matchpoints if duplicate else tally.points
        for tally in tallies.values()
        if tally.rounds
    }


def season(events: Sequence[Mapping[str, int]], *, best: int | None) -> list[dict[str, Any]]:
    """A club's season standings from its finished events' scores (per event, player -> score, only those
    who played it): each player's scores summed, or only their ``best`` highest; rows of ``rank``, ``name``,
    ``score``, ``events``."""
    if best is not None and best < 1:
        raise ValueError(f"best {best}: count at least one event")
    names: dict[str, str] = {}
    scores: dict[str, list[int]] = {}
    for event in events:
        for name, score in event.items():
            key = name.casefold()
            names.setdefault(key, name)
            scores.setdefault(key, []).append(score)
    rows = [
        {"name": names[key], "score": sum(sorted(mine, reverse=True)[:best]), "events": len(mine)}
        for key, mine in scores.items()
    ]
    return ranked(rows, "score")
