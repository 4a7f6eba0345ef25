"""The server processes sharing one store, as one table server sees them: a `Cluster` of this process
alone, or a `SharedCluster` of processes sharing the database and a `Bus` (``troef serve --redis``).

The server tells its cluster what happens to its tables (a table made, loaded, moved on, finished,
dropped; a chat message; its own connections) and asks it which tables it leads (runs the bots and
timers of) and what the lobby lists. A shared cluster also runs the heartbeat and the bus's news,
and for those asks the server (its `Host`) to load, lead, catch up or drop a table.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections import Counter
from collections.abc import Awaitable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

from .bus import BEAT, Bus
from .frames import ChatFrame
from .seats import TableError
from .store import Event, Store, StoreError
from .table import Table
from .talk import TableTalk

log = logging.getLogger("troef.web")
T = TypeVar("T")

Entry = dict[str, Any]
"""A listed table's lobby entry with its creation time: ``{"created": ..., "entry": ...}``."""
Presence = tuple[Counter[int], set[int]]
"""The other processes' open connections per seat, and the seats a stand-in plays (by the leader)."""


class Host(Protocol):
    """What a cluster asks of the table server it belongs to."""

    store: Store

    @property
    def tables(self) -> Mapping[str, Table]:
        """The tables in memory, by id."""

    async def resume(self) -> None:
        """Replay every unfinished table from the store and run it."""

    async def load(self, table_id: str) -> Table | None:
        """The table replayed from the store, kept here from then on (None: there is none)."""

    async def lead(self, table: Table) -> None:
        """Run the table's bots and timers from now on (its lease is held)."""

    async def catch_up(self, table: Table, told: Sequence[Event] = ()) -> None:
        """Apply what other processes stored since the table's version (``told``: the bus's events)."""

    async def drop(self, table_id: str) -> None:
        """Forget the table here."""

    async def take_presence(self, table: Table) -> None:
        """Take the other processes' connections at the table as they are now (`Cluster.presence`)."""

    def watched(self, table_id: str) -> bool:
        """Whether a client of this process is at the table."""

    def say(self, table: Table, told: ChatFrame) -> None:
        """Send a chat message to this process's clients at the table."""

    def spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` beside the tables' commands."""


def entry(table: Table) -> Entry | None:
    """A listed table's lobby entry (None once it leaves the lobby)."""
    if table.status == "over":
        return None
    return {"created": table.row.created, "entry": table.reads.listing()}


class Cluster:
    """A cluster of one: this process is the only one of its store, leads every table and need tell
    nobody anything (the interface that `SharedCluster` implements over Redis)."""

    def __init__(self) -> None:
        self.host: Host | None = None

    async def start(self, host: Host) -> None:
        """Resume every unfinished table."""
        self.host = host
        await host.resume()

    async def stop(self) -> None:
        """Nothing to let go."""

    def leads(self, table_id: str) -> bool:
        return True

    async def listings(self) -> list[Entry]:
        tables = self.host.tables.values() if self.host is not None else ()
        return [e for t in tables if t.listed and (e := entry(t)) is not None]

    async def created(self, table: Table) -> None:
        """A new table, stored: this process leads it (the caller schedules its bots)."""

    async def loaded(self, table: Table) -> None:
        """A table loaded from the store: it is up to date."""

    async def connecting(self, table: Table) -> None:
        """A client comes to the table: it is up to date."""

    async def moved(self, table_id: str, events: Sequence[Event]) -> None:
        """The table stored ``events``."""

    async def changed(self, table: Table) -> None:
        """The table took new events and goes on."""

    async def finished(self, table_id: str) -> None:
        """The table is over."""

    async def dropped(self, table_id: str) -> None:
        """The table left this process's memory."""

    async def chat(self, table_id: str, told: ChatFrame) -> None:
        """A chat message said here."""

    async def share_presence(self, table: Table) -> None:
        """This process's connections at the table (and stand-ins) changed."""

    async def presence(self, table: Table) -> Presence | None:
        """The other processes' connections at the table: none."""
        return None


class SharedCluster(Cluster):
    """One of the processes sharing the store through ``bus``: it leads the tables whose lease it holds
    (`led`), keeps only those and the ones its clients are at, and takes its share of the leaderless
    tables every `BEAT`."""

    def __init__(self, bus: Bus) -> None:
        super().__init__()
        self.bus = bus
        self.led: set[str] = set()
        """The tables whose bots and timers this process runs (it holds their leases)."""
        self.alive: set[str] = set()
        """The processes alive at the last heartbeat."""
        self._tasks: list[asyncio.Task[None]] = []
        self._stopping = False

    async def start(self, host: Host) -> None:
        """Join the cluster; the tables wait for this process's first claim."""
        self.host = host
        await self.bus.start()
        self.alive = await self.bus.alive()
        self._tasks += [asyncio.create_task(self._heartbeat(host)), asyncio.create_task(self._listen(host))]
        log.info("process %s joined the cluster %s", self.bus.process, self.bus.namespace)

    async def stop(self) -> None:
        """Stop beating and listening, and let go of the leases (another process takes them at once)."""
        self._stopping = True  # redis-py may turn a cancellation into a ConnectionError the loops catch
        for task in self._tasks:
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks)
        for table_id in self.led:
            await self.bus.release(table_id)
        await self.bus.close()

    def leads(self, table_id: str) -> bool:
        return table_id in self.led

    async def listings(self) -> list[Entry]:
        return await self.bus.listings()

    async def created(self, table: Table) -> None:
        await self._call(self.bus.subscribe(table.id))
        if await self._call(self.bus.claim([table.id])):
            await self._lead(table)

    async def loaded(self, table: Table) -> None:
        table.table_talk = TableTalk(await self._call(self.bus.chats(table.id)) or ())
        await self._call(self.bus.subscribe(table.id))
        if self.host is not None:  # what was stored before the subscription took
            await self.host.catch_up(table)
            await self.host.take_presence(table)

    async def connecting(self, table: Table) -> None:
        """A client coming from another process saw a version there that it must not see go back here."""
        if self.host is not None:
            await self.host.catch_up(table)

    async def moved(self, table_id: str, events: Sequence[Event]) -> None:
        try:
            await self.bus.moved(table_id, events)
        except RedisError as error:  # the others find the version in the database within a beat
            log.warning("table %s: cannot tell the other processes: %s", table_id, error)

    async def changed(self, table: Table) -> None:
        if table.id in self.led and table.listed:
            await self._call(self.bus.set_listing(table.id, entry(table)))

    async def finished(self, table_id: str) -> None:
        if table_id in self.led:
            self.led.discard(table_id)
            await self._call(self.bus.release(table_id), self.bus.forget(table_id))

    async def dropped(self, table_id: str) -> None:
        if table_id in self.led:
            self.led.discard(table_id)
            await self._call(self.bus.release(table_id))
        await self._call(self.bus.unsubscribe(table_id))

    async def chat(self, table_id: str, told: ChatFrame) -> None:
        await self._call(self.bus.chat(table_id, told))

    async def share_presence(self, table: Table) -> None:
        await self._call(self.bus.set_presence(table.id, table.connections))
        if table.id in self.led:
            await self._call(self.bus.set_stand_ins(table.id, table.session.stand_ins))

    async def presence(self, table: Table) -> Presence | None:
        return await self._call(self.bus.presence(table.id, self.alive))

    async def _lead(self, table: Table) -> None:
        self.led.add(table.id)
        if self.host is not None:
            await self.host.lead(table)

    async def _heartbeat(self, host: Host) -> None:
        """Every `BEAT`: say this process lives, keep its leases and take its share of the leaderless
        tables (Redis); catch up with the database and forget the tables it neither leads nor serves
        (the database: this goes on while Redis is down)."""
        while not self._stopping:
            for step in (self._lead_tables, self._catch_up_all):
                try:
                    await step(host)
                except (RedisError, OSError, StoreError, TableError, SQLAlchemyError) as error:
                    log.warning("the cluster's heartbeat failed: %s", error)
                except Exception:  # a heartbeat's failure must not stop the next one
                    log.exception("the cluster's heartbeat failed")
            await asyncio.sleep(BEAT)

    async def _lead_tables(self, host: Host) -> None:
        await self.bus.beat()
        alive = await self.bus.alive()
        gone, self.alive = self.alive - alive, alive
        for table_id in self.led - await self.bus.renew(self.led):
            log.warning("table %s: its lease was lost", table_id)
            self.led.discard(table_id)
        unfinished = await asyncio.to_thread(host.store.table_ids, unfinished=True)
        room = math.ceil(len(unfinished) / len(alive)) - len(self.led)
        if room > 0:
            leaders = await self.bus.leaders(unfinished)
            free = [t for t, leader in zip(unfinished, leaders, strict=True) if leader is None]
            for table_id in await self.bus.claim(free[:room]):
                table = host.tables.get(table_id) or await host.load(table_id)
                if table is not None:
                    await self._lead(table)
        if gone:  # their connections count no more
            for table in list(host.tables.values()):
                await host.take_presence(table)

    async def _catch_up_all(self, host: Host) -> None:
        stored = await asyncio.to_thread(host.store.versions, list(host.tables))
        for table_id, version in stored.items():
            table = host.tables.get(table_id)
            if table is not None and version > table.version:
                await host.catch_up(table)
        for table_id in list(host.tables):
            if table_id not in self.led and not host.watched(table_id):
                await host.drop(table_id)

    async def _listen(self, host: Host) -> None:
        """Act on the news of the tables this process keeps: a version stored elsewhere, presence."""
        while not self._stopping:
            try:
                async for table_id, message in self.bus.messages():
                    host.spawn(self._on_news(host, table_id, message))
            except (RedisError, OSError) as error:  # redis-py subscribes again when it reconnects
                if not self._stopping:
                    log.warning("the cluster's messages stopped: %s", error)
                    await asyncio.sleep(BEAT)

    async def _on_news(self, host: Host, table_id: str, message: Mapping[str, Any]) -> None:
        table = host.tables.get(table_id)
        if table is None:
            return
        if message.get("version", 0) > table.version:
            await host.catch_up(table, [Event(*event) for event in message.get("events", ())])
        if message.get("presence"):
            await host.take_presence(table)
        if message.get("chat"):
            said: ChatFrame = message["chat"]
            table.table_talk.heard(said)
            host.say(table, said)

    async def _call(self, call: Awaitable[T], *more: Awaitable[object]) -> T | None:
        """Await a call to the bus (and ``more``); a Redis failure is logged, not raised (the database
        holds the truth; the next heartbeat puts the shared state right)."""
        try:
            answer = await call
            for other in more:
                await other
            return answer
        except (RedisError, OSError) as error:
            log.warning("Redis failed: %s", error)
            return None
