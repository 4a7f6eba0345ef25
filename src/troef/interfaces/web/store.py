"""The table server's durable event log: every table's settings and the events that changed it, in a
SQL database through SQLAlchemy (SQLite by default, PostgreSQL for a hosted server).

A table starts at version 0 when it is created; each stored event raises it by one, so the first event
of a table is version 1. The events table's primary key (table, version) is the serialisation point:
when two writers (threads or server processes sharing one database) append the same version, exactly
one wins and the other gets `VersionConflict`, with nothing of its batch stored. Every write is
committed, durably, before the call returns (SQLite: WAL with ``synchronous=FULL``).

The schema is Alembic's (``troef/interfaces/web/migrations``), migrated to the newest revision by `Store`
itself.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, NamedTuple

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    event,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError
from sqlalchemy.pool import QueuePool

from troef.core.errors import TroefError

from .schema import EVENTS, ID_LENGTH, KIND_LENGTH, META, TABLES

BUSY_TIMEOUT_S: Final = 30.0
"""How long a SQLite writer waits for another one (thread or process) to commit before giving up."""
MIGRATION_LOCK: Final = 0x74726F65665F6462
"""The PostgreSQL advisory lock that serialises migrations of servers starting at once ("troef_db")."""


class StoreError(TroefError):
    """A database the store cannot open, or misuse: a batch whose versions do not count up by one."""


class VersionConflict(StoreError):
    """The batch does not continue the table's stored version: another writer stored that version first
    (or the table id is taken, when creating). Nothing of the batch is stored."""


class UnknownTable(StoreError):
    """No table with this id is stored."""


class Event(NamedTuple):
    """One stored change to a table."""

    version: int
    """The table's version after this event (the first event of a table is version 1)."""
    kind: str
    """What happened, e.g. ``seat``, ``ready``, ``deal``, ``act``: opaque to the store."""
    data: dict[str, Any]
    """JSON-serialisable details (tuples come back as lists)."""


@dataclass(frozen=True)
class TableRow:
    """What the runtime needs, beside its events, to rebuild a table."""

    id: str
    """Opaque table id (e.g. from `secrets.token_urlsafe`), at most `ID_LENGTH` characters."""
    game: str
    rules: Any
    """A preset name or an options object, as in notation.md (JSON)."""
    players: int
    settings: dict[str, Any]
    """Everything else (rounds, seats, limits, invite hash, ...), JSON."""
    created: float
    """Unix time."""


@dataclass(frozen=True)
class Writes:
    """What one group commit stores (`Store.write`)."""

    created: Sequence[TableRow] = ()
    """New tables, at version 0."""
    appended: Mapping[str, Sequence[Event]] = field(default_factory=dict)
    """Per table id, the events that follow its stored version."""
    finished: Sequence[str] = ()
    """The tables whose match is over now."""

    def parts(self) -> Iterator[tuple[str, Writes]]:
        """Each table's creation, batch and finish together, table by table in id order."""
        for table_id in sorted({*(row.id for row in self.created), *self.appended, *self.finished}):
            yield (
                table_id,
                Writes(
                    tuple(row for row in self.created if row.id == table_id),
                    {table_id: self.appended[table_id]} if table_id in self.appended else {},
                    (table_id,) if table_id in self.finished else (),
                ),
            )


def default_url() -> str:
    """The SQLite file in the user's data directory (created if missing): ``$XDG_DATA_HOME/troef``
    (else ``~/.local/share/troef``), ``~/Library/Application Support/troef`` on macOS,
    ``%LOCALAPPDATA%\\troef`` on Windows."""
    folder = data_directory() / "troef"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'troef.sqlite3'}"


def data_directory() -> Path:
    """The folder where this platform keeps a user's application data."""
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    if sys.platform == "darwin":
        return home / "Library" / "Application Support"
    return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the store's migrations, built in code (no alembic.ini): the
    migrations shipped in this package, run on ``connection``."""
    config = Config()
    config.set_main_option("script_location", "troef.interfaces.web:migrations")
    config.set_main_option("file_template", "r%%(rev)s_%%(slug)s")
    config.attributes["connection"] = connection
    return config


class Store:
    """The event log of every table, in the database at a SQLAlchemy URL (e.g. `default_url`,
    ``postgresql+psycopg://user@host/db``), its schema created or migrated on opening. Safe to share
    between threads; several processes may open the same database."""

    def __init__(self, url: str) -> None:
        try:
            parsed = make_url(url)
        except ArgumentError as error:
            raise StoreError(f"not a database URL: {url!r}") from error
        shown = parsed.render_as_string(hide_password=True)
        try:
            self._engine = (
                _sqlite_engine(parsed) if parsed.get_backend_name() == "sqlite" else create_engine(parsed)
            )
        except (ArgumentError, ImportError) as error:
            raise StoreError(f"cannot use the database {shown}: {error}") from error
        try:
            self.migrate()
        except OperationalError as error:
            self._engine.dispose()
            reason = str(error.orig).strip().splitlines()[0]
            raise StoreError(f"cannot open the database {shown}: {reason}") from error

    def migrate(self) -> None:
        """Bring the schema to the newest migration; harmless when it is there. Servers starting at once
        on PostgreSQL take turns through an advisory lock (SQLite: through the write lock)."""
        with self.writing() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            command.upgrade(alembic_config(connection), "head")

    def create_table(self, row: TableRow, events: Sequence[Event] = ()) -> None:
        """Store a new table at version 0 with its first ``events`` (versions 1, 2, ...).
        `VersionConflict` if the id is taken."""
        failed = self.write(Writes(created=(row,), appended={row.id: events}))
        if row.id in failed:
            raise failed[row.id]

    def append(self, table_id: str, events: Sequence[Event]) -> None:
        """Store ``events`` after the table's newest, all or nothing, committed before returning.
        `VersionConflict` if they do not continue its stored version, `UnknownTable` if there is no such
        table."""
        failed = self.append_many({table_id: events})
        if table_id in failed:
            raise failed[table_id]

    def append_many(self, batches: Mapping[str, Sequence[Event]]) -> dict[str, StoreError]:
        """Several tables' batches in one transaction: `write` with only ``appended``."""
        return self.write(Writes(appended=batches))

    def finish(self, table_id: str) -> None:
        """Mark the table finished (its match is over): `table_ids` can leave it out. `UnknownTable` if
        there is no such table."""
        failed = self.write(Writes(finished=(table_id,)))
        if table_id in failed:
            raise failed[table_id]

    def write(self, writes: Writes) -> dict[str, StoreError]:
        """A group commit: every new table, batch and finish in one transaction (one durable write for
        all). Answers the tables whose part was not stored, each with its `VersionConflict` or
        `UnknownTable`; every other part is committed before returning."""
        for row in writes.created:
            if not 0 < len(row.id) <= ID_LENGTH or not 0 < len(row.game) <= KIND_LENGTH:
                raise StoreError(
                    f"a table id has 1 to {ID_LENGTH} characters and a game name 1 to {KIND_LENGTH}: "
                    f"got {row.id!r}, {row.game!r}"
                )
        # In table order: every writer locks the rows it changes in the same order, so two group commits
        # sharing tables wait for each other and never deadlock.
        batches = {t: writes.appended[t] for t in sorted(writes.appended) if writes.appended[t]}
        new = {row.id for row in writes.created}
        for table_id, batch in batches.items():
            _check_batch(batch, 1 if table_id in new else batch[0].version)
        pending = Writes(sorted(writes.created, key=lambda r: r.id), batches, sorted(set(writes.finished)))
        failed: dict[str, StoreError] = {}
        if not (pending.created or pending.appended or pending.finished):
            return failed
        try:  # the usual case: everything goes in, in one transaction
            with self.writing() as connection:
                _write(connection, pending)
            return failed
        except (IntegrityError, _NotNext):
            pass
        with self.writing() as connection:  # another writer was first: find out where, part by part
            for table_id, part in pending.parts():
                try:
                    with connection.begin_nested():
                        _write(connection, part)
                except (IntegrityError, _NotNext):
                    failed[table_id] = _refusal(connection, table_id, part)
        return failed

    def load(self, table_id: str) -> tuple[TableRow, list[Event]] | None:
        """The table and its events in version order, or None if no such table is stored."""
        with self._engine.connect() as connection:
            found = connection.execute(select(TABLES).where(TABLES.c.id == table_id)).one_or_none()
            if found is None:
                return None
            rows = connection.execute(
                select(EVENTS.c.version, EVENTS.c.kind, EVENTS.c.data)
                .where(EVENTS.c.table_id == table_id)
                .order_by(EVENTS.c.version)
            )
            log = [Event(version, kind, data) for version, kind, data in rows]
        row = TableRow(found.id, found.game, found.rules, found.players, found.settings, found.created)
        return row, log

    def events_after(self, table_id: str, version: int) -> list[Event]:
        """The table's stored events after ``version``, in version order (another server's, to catch up)."""
        query = (
            select(EVENTS.c.version, EVENTS.c.kind, EVENTS.c.data)
            .where(EVENTS.c.table_id == table_id, EVENTS.c.version > version)
            .order_by(EVENTS.c.version)
        )
        with self._engine.connect() as connection:
            return [Event(v, kind, data) for v, kind, data in connection.execute(query)]

    def versions(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The stored version of each of ``table_ids`` that is stored."""
        if not table_ids:
            return {}
        query = select(TABLES.c.id, TABLES.c.version).where(TABLES.c.id.in_(table_ids))
        with self._engine.connect() as connection:
            return {table_id: version for table_id, version in connection.execute(query)}

    def cluster(self) -> str:
        """The database's cluster id: the servers sharing this database share it (`META`)."""
        with self._engine.connect() as connection:
            found = connection.scalar(select(META.c.value).where(META.c.key == "cluster"))
        if found is None:
            raise StoreError("the database has no cluster id: its schema was not migrated")
        return str(found)

    def table_ids(self, *, unfinished: bool = False) -> list[str]:
        """Every stored table's id, oldest first; only those not marked finished if ``unfinished``."""
        query = select(TABLES.c.id).order_by(TABLES.c.created, TABLES.c.id)
        if unfinished:
            query = query.where(TABLES.c.finished.is_(None))
        with self._engine.connect() as connection:
            return list(connection.scalars(query))

    def close(self) -> None:
        """Close every connection; the store is not used afterwards."""
        self._engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A connection to read with (the accounts use it too: `account_rows`)."""
        with self._engine.connect() as connection:
            yield connection

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """A connection in a write transaction, committed on leaving (SQLite: ``BEGIN IMMEDIATE``, so a
        transaction that reads first cannot fail to upgrade its lock)."""
        with self._engine.connect() as connection:
            connection.execution_options(troef_write=True)
            with connection.begin():
                yield connection


class _NotNext(Exception):
    """Inside `Store.append_many`: the table's stored version is not the one before the batch."""


def _check_batch(batch: Sequence[Event], first: int) -> None:
    """A batch counts up by one from ``first`` (at least 1), with kinds the schema stores."""
    expected = list(range(first, first + len(batch)))
    if first < 1 or [e.version for e in batch] != expected:
        raise StoreError(
            f"event versions must count up by one from {max(first, 1)}: got {[e.version for e in batch]}"
        )
    for e in batch:
        if not e.kind or len(e.kind) > KIND_LENGTH:
            raise StoreError(f"an event kind has 1 to {KIND_LENGTH} characters: got {e.kind!r}")


def _event_rows(batches: Mapping[str, Sequence[Event]]) -> list[dict[str, Any]]:
    return [
        {"table_id": table_id, "version": e.version, "kind": e.kind, "data": e.data}
        for table_id, batch in batches.items()
        for e in batch
    ]


def _write(connection: Connection, writes: Writes) -> None:
    """Insert the new tables and the batches' events (the primary keys refuse a taken id or version),
    move each table's version on from the one just before its batch (refusing a gap), and mark the
    finished tables (refusing an unknown one): a statement each for them all."""
    if writes.created:
        connection.execute(
            TABLES.insert(),
            [
                {
                    "id": row.id,
                    "game": row.game,
                    "rules": row.rules,
                    "players": row.players,
                    "settings": row.settings,
                    "created": row.created,
                    "version": 0,
                }
                for row in writes.created
            ],
        )
    if writes.appended:
        connection.execute(EVENTS.insert(), _event_rows(writes.appended))
        moved = connection.execute(
            update(TABLES)
            .where(TABLES.c.id == bindparam("b_id"), TABLES.c.version == bindparam("b_before"))
            .values(version=bindparam("b_after")),
            [
                {"b_id": table_id, "b_before": batch[0].version - 1, "b_after": batch[-1].version}
                for table_id, batch in writes.appended.items()
            ],
        )
        if moved.rowcount != len(writes.appended):
            raise _NotNext
    if writes.finished:
        marked = connection.execute(
            update(TABLES).where(TABLES.c.id == bindparam("b_id")).values(finished=time.time()),
            [{"b_id": table_id} for table_id in writes.finished],
        )
        if marked.rowcount != len(writes.finished):
            raise _NotNext


def _refusal(connection: Connection, table_id: str, part: Writes) -> StoreError:
    """Why ``part`` (one table's creation, batch or finish) was refused."""
    if part.created:
        return VersionConflict(f"a table with id {table_id!r} is already stored")
    stored = connection.scalar(select(TABLES.c.version).where(TABLES.c.id == table_id))
    if stored is None:
        return UnknownTable(f"no table {table_id!r} is stored")
    first = next(iter(part.appended.values()))[0].version
    return VersionConflict(
        f"table {table_id!r} is at version {stored}: a batch from version {first} does not follow it"
    )


def _sqlite_engine(url: URL) -> Engine:
    """A SQLite engine whose writes are durable (WAL, ``synchronous=FULL``) and wait for each other
    (busy timeout, ``BEGIN IMMEDIATE``), with working savepoints. An in-memory database lives in one
    connection, lent to one thread at a time."""
    in_memory = url.database in (None, "", ":memory:")
    one_connection = {
        "poolclass": QueuePool,
        "pool_size": 1,
        "max_overflow": 0,
        "pool_timeout": BUSY_TIMEOUT_S,
    }
    engine = create_engine(
        url,
        connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False},
        **(one_connection if in_memory else {}),
    )

    @event.listens_for(engine, "connect")
    def configure(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # transactions begun below, not by the driver
        cursor = dbapi_connection.cursor()
        _write_ahead(cursor)
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Connection) -> None:
        write = connection.get_execution_options().get("troef_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def _write_ahead(cursor: sqlite3.Cursor) -> None:
    """Put the database in WAL mode (it stays so). Switching needs the database to itself, and SQLite
    does not wait for that: a new database opened by several processes at once retries until
    `BUSY_TIMEOUT_S`."""
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while cursor.execute("PRAGMA journal_mode").fetchone()[0] not in ("wal", "memory"):
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)
