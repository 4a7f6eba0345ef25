"""Clubs, their members and their saved house rules in the table server's database (migration 0006).

Blocking calls, like `Store`'s: the server runs them in a thread.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from .schema import ACCOUNTS, CLUBS, MEMBERS, PRESETS
from .store import Store


class Club(NamedTuple):
    """A club as stored."""

    id: str
    name: str
    invite: str


class ClubRows:
    """The clubs stored in ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, club: Club, admin: str, now: float) -> None:
        """Store a new club with the account ``admin`` (a name's key) as its admin."""
        with self.store.writing() as connection:
            connection.execute(insert(CLUBS).values(**club._asdict(), created=now))
            connection.execute(insert(MEMBERS).values(club=club.id, account=admin, role="admin", joined=now))

    def club(self, club_id: str) -> Club | None:
        query = select(CLUBS.c.id, CLUBS.c.name, CLUBS.c.invite).where(CLUBS.c.id == club_id)
        with self.store.reading() as connection:
            row = connection.execute(query).one_or_none()
        return None if row is None else Club(*row)

    def role(self, club_id: str, account: str) -> str | None:
        """The account's role in the club (``admin``, ``member``), or None for an outsider."""
        query = select(MEMBERS.c.role).where(MEMBERS.c.club == club_id, MEMBERS.c.account == account)
        with self.store.reading() as connection:
            found = connection.scalar(query)
        return None if found is None else str(found)

    def join(self, club_id: str, account: str, now: float) -> str:
        """Make the account a member (nothing for one already in the club); its role."""
        try:
            with self.store.writing() as connection:
                values = {"club": club_id, "account": account, "role": "member", "joined": now}
                connection.execute(insert(MEMBERS).values(**values))
        except IntegrityError:  # a member already
            pass
        return self.role(club_id, account) or "member"

    def members(self, club_id: str) -> list[dict[str, str]]:
        """The club's members' names and roles, in the order they joined."""
        query = (
            select(ACCOUNTS.c.name, MEMBERS.c.role)
            .join(ACCOUNTS, ACCOUNTS.c.key == MEMBERS.c.account)
            .where(MEMBERS.c.club == club_id)
            .order_by(MEMBERS.c.joined, ACCOUNTS.c.key)
        )
        with self.store.reading() as connection:
            return [{"name": name, "role": role} for name, role in connection.execute(query)]

    def of_account(self, account: str) -> list[dict[str, Any]]:
        """The clubs the account belongs to (``club``, ``name``, ``role``), in the order it joined them."""
        query = (
            select(CLUBS.c.id, CLUBS.c.name, MEMBERS.c.role)
            .join(MEMBERS, MEMBERS.c.club == CLUBS.c.id)
            .where(MEMBERS.c.account == account)
            .order_by(MEMBERS.c.joined, CLUBS.c.id)
        )
        with self.store.reading() as connection:
            return [{"club": c, "name": n, "role": r} for c, n, r in connection.execute(query)]

    def add_preset(self, club_id: str, preset: dict[str, Any], now: float) -> bool:
        """Store a saved preset (``name``, ``game``, ``rules``); False when the club has one of that name."""
        try:
            with self.store.writing() as connection:
                connection.execute(insert(PRESETS).values(club=club_id, **preset, created=now))
        except IntegrityError:
            return False
        return True

    def members_presets(self, account: str, game: str, name: str) -> list[Any]:
        """The rules of each preset named ``name`` for ``game`` in the clubs ``account`` belongs to."""
        query = (
            select(PRESETS.c.rules)
            .join(MEMBERS, MEMBERS.c.club == PRESETS.c.club)
            .where(MEMBERS.c.account == account, PRESETS.c.game == game, PRESETS.c.name == name)
            .order_by(PRESETS.c.club)
        )
        with self.store.reading() as connection:
            return list(connection.scalars(query))

    def presets(self, club_id: str) -> list[dict[str, Any]]:
        """The club's saved presets, oldest first."""
        query = (
            select(PRESETS.c.name, PRESETS.c.game, PRESETS.c.rules)
            .where(PRESETS.c.club == club_id)
            .order_by(PRESETS.c.created, PRESETS.c.name)
        )
        with self.store.reading() as connection:
            return [{"name": n, "game": g, "rules": r} for n, g, r in connection.execute(query)]

    def season(self, club_id: str) -> tuple[int | None, int]:
        """How the club's season counts: each player's ``best`` N events (None: all), and tables with at
        least ``at_least`` members."""
        query = select(CLUBS.c.best, CLUBS.c.at_least).where(CLUBS.c.id == club_id)
        with self.store.reading() as connection:
            best, at_least = connection.execute(query).one()
        return best, at_least

    def set_season(self, club_id: str, best: int | None, at_least: int) -> None:
        with self.store.writing() as connection:
            connection.execute(
                update(CLUBS).where(CLUBS.c.id == club_id).values(best=best, at_least=at_least)
            )
