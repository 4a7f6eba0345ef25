"""The table server's tables in memory: each kept by its id with the lock that lets one command of it run
at a time, and replayed from the `Store` on demand."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator, Mapping, ValuesView

from .seats import NoSuchTable
from .store import Store
from .table import Table


class Tables(Mapping[str, Table]):
    """The tables of ``store`` kept in memory, by id; ``loaded``: told each table replayed from the store
    (once it is kept)."""

    def __init__(self, store: Store, loaded: Callable[[Table], Awaitable[None]]) -> None:
        self.store = store
        self.loaded = loaded
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def __getitem__(self, table_id: str) -> Table:
        return self._tables[table_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables)

    def __len__(self) -> int:
        return len(self._tables)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._tables

    def values(self) -> ValuesView[Table]:
        return self._tables.values()

    def lock(self, table_id: str) -> asyncio.Lock:
        """The table's lock: whoever holds it alone changes the table. A table no longer in memory (a
        presence change or a timer that comes after it was dropped) gets a lock kept nowhere: one kept
        for it would stay for good, a lock for every table that ever ended."""
        if table_id not in self._tables:
            return asyncio.Lock()
        return self._locks.setdefault(table_id, asyncio.Lock())

    def keep(self, table: Table) -> None:
        """Keep a new table (stored already)."""
        self._tables[table.id] = table

    def forget(self, table_id: str) -> None:
        """Let the table and its lock go (`table` loads it again)."""
        self._tables.pop(table_id, None)
        self._locks.pop(table_id, None)

    async def table(self, table_id: str) -> Table:
        """The table (loaded from the store if it is not in memory); `TableError` 404."""
        table = self._tables.get(table_id) or await self.load(table_id)
        if table is None:
            raise NoSuchTable(f"there is no table {table_id[:40]!r}")
        return table

    async def load(self, table_id: str) -> Table | None:
        """The table replayed from the store, kept here from then on (None: there is none)."""
        loaded = await asyncio.to_thread(self.store.load, table_id)
        if loaded is None:
            return None
        if table_id in self._tables:  # loaded meanwhile
            return self._tables[table_id]
        table = self._tables[table_id] = Table.replay(*loaded)
        await self.loaded(table)
        return table

    def by_status(self) -> dict[str, int]:
        """How many tables kept here are waiting, playing and over."""
        counts = dict.fromkeys(("waiting", "playing", "over"), 0)
        for table in self._tables.values():
            counts[table.status] += 1
        return counts
