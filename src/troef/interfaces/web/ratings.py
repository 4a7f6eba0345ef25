"""Ratings (clubs.md, "Ratings"): a Weng-Lin Plackett-Luce rating per account and game (`openskill`),
updated once per rated match when it is over, ranked by the match's totals; bots are not rated.

Blocking calls, like `Store`'s: the server runs them in a thread. A match is rated in one transaction
whose `RATED` rows are keyed by table and account, so that no match is rated twice, whichever process
(or restart) gets there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from openskill.models import PlackettLuce
from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from .schema import ACCOUNTS, CLUB_EVENTS, EVENT_PLAYERS, RATED, RATINGS
from .store import Store

MODEL: Final = PlackettLuce()
"""The rating model, with OpenSkill's defaults (mu 25, sigma 25/3)."""
SHOWN: Final = 2
"""Decimals the ratings are given to."""


@dataclass(frozen=True)
class Placed:
    """An account at a finished rated match: its total there and what it did (`troef.present.stats`)."""

    account: str
    total: int
    stats: dict[str, Any]


def ranks(totals: Sequence[int]) -> list[int]:
    """Ranks by total, the highest first, equal totals sharing a rank (1, 2, 2, 4).

    >>> ranks([10, 30, 10, 5])
    [2, 1, 2, 4]
    """
    return [1 + sum(other > total for other in totals) for total in totals]


def rated(before: Sequence[tuple[float, float]], totals: Sequence[int]) -> list[tuple[float, float]]:
    """Each player's (mu, sigma) after a match where they had ``before`` and made ``totals``."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks(totals)])
    return [(team[0].mu, team[0].sigma) for team in after]


def shown(mu: float, sigma: float) -> dict[str, float]:
    """A rating as the API gives it: mu, sigma and the conservative ``mu - 3 * sigma``."""
    return {"mu": round(mu, SHOWN), "sigma": round(sigma, SHOWN), "rating": round(mu - 3 * sigma, SHOWN)}


class RatingRows:
    """The ratings stored in ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def rate(self, table: str, game: str, placed: Sequence[Placed], at: float, event: str | None) -> bool:
        """Rate the finished match of ``table``: False (nothing changed) when it was rated already."""
        if len({p.account for p in placed}) != len(placed) or len(placed) < 2:
            return False
        keys = [p.account for p in placed]
        try:
            with self.store.writing() as connection:
                query = (
                    select(RATINGS.c.account, RATINGS.c.mu, RATINGS.c.sigma, RATINGS.c.matches)
                    .where(RATINGS.c.game == game, RATINGS.c.account.in_(keys))
                    .with_for_update()
                )
                known = {row.account: row for row in connection.execute(query)}
                default = MODEL.rating()
                before = [
                    (known[k].mu, known[k].sigma) if k in known else (default.mu, default.sigma) for k in keys
                ]
                totals = [p.total for p in placed]
                after = rated(before, totals)
                for p, rank, (mu, sigma) in zip(placed, ranks(totals), after, strict=True):
                    values: dict[str, Any] = {"table_id": table, "account": p.account, "game": game}
                    values.update(event=event, at=at, rank=rank, mu=mu, sigma=sigma, stats=p.stats)
                    connection.execute(insert(RATED).values(**values))
                    if p.account in known:
                        matches = known[p.account].matches + 1
                        where = (RATINGS.c.account == p.account) & (RATINGS.c.game == game)
                        connection.execute(
                            update(RATINGS).where(where).values(mu=mu, sigma=sigma, matches=matches)
                        )
                    else:
                        row = {"account": p.account, "game": game, "mu": mu, "sigma": sigma, "matches": 1}
                        connection.execute(insert(RATINGS).values(**row))
        except IntegrityError:  # rated already
            return False
        return True

    def player(self, key: str) -> dict[str, Any] | None:
        """An account's name, ratings, rated matches (oldest first) and events with their ranks; None when
        there is no such account."""
        with self.store.reading() as connection:
            name = connection.scalar(select(ACCOUNTS.c.name).where(ACCOUNTS.c.key == key))
            if name is None:
                return None
            ratings = connection.execute(
                select(RATINGS).where(RATINGS.c.account == key).order_by(RATINGS.c.game)
            )
            history = connection.execute(
                select(RATED).where(RATED.c.account == key).order_by(RATED.c.at, RATED.c.table_id)
            )
            events = connection.execute(
                select(CLUB_EVENTS.c.id, CLUB_EVENTS.c.name, CLUB_EVENTS.c.status, CLUB_EVENTS.c.format)
                .join(EVENT_PLAYERS, EVENT_PLAYERS.c.event == CLUB_EVENTS.c.id)
                .where(EVENT_PLAYERS.c.account == key)
                .order_by(CLUB_EVENTS.c.created)
            )
            return {
                "name": name,
                "ratings": {r.game: {**shown(r.mu, r.sigma), "matches": r.matches} for r in ratings},
                "history": [dict(row._mapping) for row in history],
                "events": [dict(row._mapping) for row in events],
            }
