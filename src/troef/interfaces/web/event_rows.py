"""Club events in the table server's database (migration 0007): the events, their players, their sessions
and the tables drawn for them.

Blocking calls, like `Store`'s: the server runs them in a thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError

from .schema import CLUB_EVENTS, EVENT_PLAYERS, EVENT_SESSIONS, EVENT_TABLES, TABLES
from .store import Store


@dataclass(frozen=True)
class ClubEvent:
    """An event as stored."""

    id: str
    club: str
    name: str
    game: str
    rules: Any
    format: str
    sessions: int
    rounds: int
    fill: str | None
    ready_limit: float
    away_limit: float
    status: str
    created: float


@dataclass(frozen=True)
class EventPlayer:
    account: str
    name: str
    active: bool


@dataclass(frozen=True)
class DrawnTable:
    """A table of a session: its id, place in the session, and seats (``{"seat", "account", "name"}`` or
    ``{"seat", "bot"}``); ``finished`` once its match is over."""

    table: str
    session: int
    position: int
    seats: list[dict[str, Any]]
    finished: bool


class EventRows:
    """The events stored in ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, event: ClubEvent, players: Sequence[EventPlayer]) -> None:
        with self.store.writing() as connection:
            connection.execute(insert(CLUB_EVENTS).values(**event.__dict__))
            connection.execute(
                insert(EVENT_PLAYERS),
                [
                    {"event": event.id, "account": p.account, "name": p.name, "position": k, "active": True}
                    for k, p in enumerate(players)
                ],
            )

    def event(self, event_id: str) -> ClubEvent | None:
        with self.store.reading() as connection:
            row = connection.execute(select(CLUB_EVENTS).where(CLUB_EVENTS.c.id == event_id)).one_or_none()
        return None if row is None else ClubEvent(**row._mapping)

    def of_club(self, club: str) -> list[ClubEvent]:
        query = select(CLUB_EVENTS).where(CLUB_EVENTS.c.club == club).order_by(CLUB_EVENTS.c.created)
        with self.store.reading() as connection:
            return [ClubEvent(**row._mapping) for row in connection.execute(query)]

    def playing(self) -> list[str]:
        """The events being played."""
        with self.store.reading() as connection:
            return list(connection.scalars(select(CLUB_EVENTS.c.id).where(CLUB_EVENTS.c.status == "playing")))

    def players(self, event_id: str) -> list[EventPlayer]:
        """The event's players in the order they were registered."""
        query = (
            select(EVENT_PLAYERS.c.account, EVENT_PLAYERS.c.name, EVENT_PLAYERS.c.active)
            .where(EVENT_PLAYERS.c.event == event_id)
            .order_by(EVENT_PLAYERS.c.position)
        )
        with self.store.reading() as connection:
            return [EventPlayer(a, n, bool(active)) for a, n, active in connection.execute(query)]

    def set_player(self, event_id: str, player: EventPlayer) -> None:
        """Add a player, or make a registered one active or not."""
        where = (EVENT_PLAYERS.c.event == event_id) & (EVENT_PLAYERS.c.account == player.account)
        with self.store.writing() as connection:
            if connection.execute(update(EVENT_PLAYERS).where(where).values(active=player.active)).rowcount:
                return
            position = connection.scalar(
                select(func.count()).select_from(EVENT_PLAYERS).where(EVENT_PLAYERS.c.event == event_id)
            )
            values = {"event": event_id, "account": player.account, "name": player.name}
            connection.execute(
                insert(EVENT_PLAYERS).values(**values, position=position, active=player.active)
            )

    def set_status(self, event_id: str, was: str, status: str) -> bool:
        """Move the event from status ``was`` to ``status``; False when it was not at ``was``."""
        where = (CLUB_EVENTS.c.id == event_id) & (CLUB_EVENTS.c.status == was)
        with self.store.writing() as connection:
            return bool(connection.execute(update(CLUB_EVENTS).where(where).values(status=status)).rowcount)

    def sessions(self, event_id: str) -> list[tuple[int, str]]:
        """The sessions drawn, with their status, in order."""
        query = (
            select(EVENT_SESSIONS.c.session, EVENT_SESSIONS.c.status)
            .where(EVENT_SESSIONS.c.event == event_id)
            .order_by(EVENT_SESSIONS.c.session)
        )
        with self.store.reading() as connection:
            return [(s, status) for s, status in connection.execute(query)]

    def add_session(self, event_id: str, session: int, tables: Sequence[DrawnTable], now: float) -> bool:
        """Store a drawn session and its tables (whose table rows are stored already); False when the
        session was drawn already (by another process)."""
        try:
            with self.store.writing() as connection:
                values = {"event": event_id, "session": session, "status": "playing", "drawn": now}
                connection.execute(insert(EVENT_SESSIONS).values(**values))
                connection.execute(
                    insert(EVENT_TABLES),
                    [
                        {
                            "table_id": t.table,
                            "event": event_id,
                            "session": session,
                            "position": t.position,
                            "seats": t.seats,
                        }
                        for t in tables
                    ],
                )
        except IntegrityError:
            return False
        return True

    def close_session(self, event_id: str, session: int) -> None:
        where = (EVENT_SESSIONS.c.event == event_id) & (EVENT_SESSIONS.c.session == session)
        with self.store.writing() as connection:
            connection.execute(update(EVENT_SESSIONS).where(where).values(status="over"))

    def tables(self, event_id: str) -> list[DrawnTable]:
        """The event's tables, session by session, with whether each is finished."""
        query = (
            select(
                EVENT_TABLES.c.table_id,
                EVENT_TABLES.c.session,
                EVENT_TABLES.c.position,
                EVENT_TABLES.c.seats,
                TABLES.c.finished,
            )
            .join(TABLES, TABLES.c.id == EVENT_TABLES.c.table_id)
            .where(EVENT_TABLES.c.event == event_id)
            .order_by(EVENT_TABLES.c.session, EVENT_TABLES.c.position)
        )
        with self.store.reading() as connection:
            return [
                DrawnTable(t, s, p, seats, f is not None) for t, s, p, seats, f in connection.execute(query)
            ]

    def event_of_table(self, table_id: str) -> str | None:
        query = select(EVENT_TABLES.c.event).where(EVENT_TABLES.c.table_id == table_id)
        with self.store.reading() as connection:
            found = connection.scalar(query)
        return None if found is None else str(found)
