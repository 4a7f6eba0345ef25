"""The table server's asyncio side: every unfinished table in memory (replayed from the store on start),
one command of a table at a time, a single writer that commits every event durably (a group commit for
all tables at once) before any frame about it is sent, each receiver's own frame, the timers (deals,
stand-ins) and the bots, which think in a process pool, never on the event loop.

The tables in memory and their locks are a `Tables` (`registry`); the deals, stand-ins, bots' and
forced moves are the `Timers`' (`timers`), which run their commands here; the bots think in a `BotRunner`
(`bots`); the writer is a `GroupWriter` (`writer`); the other processes are the `Cluster` (`cluster`).

In a `SharedCluster` (``troef serve --redis``) any number of processes share the database. Each keeps
in memory only the tables it leads or has clients at, and catches up from the database when Redis says another
process stored a version (every beat it also compares versions with the database, in case a message was
lost). A table's bots and timers run in the one process holding its lease; every beat each process takes
the leases nobody holds (a new process, a dead one's) up to its share of the unfinished tables. Whichever
process stores a version first wins: another that tried the same version catches up and tries the
command again, so a resent act is answered once and a racing one is ``stale``.

Chat messages are never stored: each is sent to every connection at the table (and, in a shared
cluster, to the other processes, which keep the last ones in Redis for a process that comes to the table
later); a hint
is the ``normal`` bot's choice, thought in the bots' pool and sent to the connection that asked alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

from .bots import BotRunner
from .cluster import Cluster
from .connection import Connection
from .encoded import dumps, stamped
from .frames import ChatFrame, Frame
from .metrics import Metrics
from .outbox import Outbox
from .registry import Tables
from .seats import Invalid, NotNow, TableError, TooMany
from .store import Event, Store, VersionConflict
from .table import SEALED, Created, Joined, Table, Thinking
from .timers import EXPIRE_AFTER, Command, Timers
from .writer import GroupWriter

log = logging.getLogger("troef.web")

OUTBOX_LIMIT: Final = 500
"""Frames waiting for a client that reads too slowly, before the server closes its connection."""
OUTBOX_BYTES: Final = 2 * 1024 * 1024
"""Bytes of frames waiting for a client that reads too slowly, before the server closes its connection."""
LISTED: Final = 50
"""The most tables the lobby lists."""
BOTS_ONLY_PER_ADDRESS: Final = 2
"""The most tables of bots alone that one address may have running at once (they keep the bots busy)."""
PRESENCE_EVERY: Final = 0.25
"""Seconds over which a table's presence changes are gathered into one frame to everyone."""
TRIES: Final = 3
"""How often a command is tried when another process keeps storing the table's next version first."""


@dataclass(eq=False)
class Client:
    """One WebSocket connection to a table: its protocol state and its `Outbox` of encoded frames (the
    app attaches its socket)."""

    table_id: str
    connection: Connection = field(default_factory=Connection)
    outbox: Outbox = field(default_factory=Outbox)
    closed: bool = False
    why: str = ""
    """Why the server closed the connection."""
    reason: str = ""
    """The short name of ``why`` (``troef_dropped_clients``'s label)."""

    def send(self, frame: Frame, now: float | None = None) -> None:
        """Send ``frame`` (a state frame sent at ``now`` says so: the table's timers count to it)."""
        text = dumps(frame)
        self.send_text(stamped(text, now) if now is not None and frame["type"] == "state" else text)

    def send_text(self, text: str) -> None:
        """Send an encoded frame; a client whose outbox is full, in frames or in bytes, is closed (it
        reads too slowly)."""
        if self.closed:
            return
        if len(self.outbox.waiting) >= OUTBOX_LIMIT or self.outbox.queued + len(text) > OUTBOX_BYTES:
            self.close("the client reads too slowly", "slow-reader")
            return
        self.outbox.put(text)

    def close(self, why: str, reason: str) -> None:
        """Drop the connection: its waiting frames are freed, and it is closed saying ``why`` (``reason``:
        its short name in the metrics)."""
        self.closed, self.why, self.reason = True, why, reason
        self.outbox.end(dropped=True)


class Behind(NotNow):
    """Another process stored the table's next version first; the table has caught up since."""

    def __init__(self) -> None:
        super().__init__("another server changed this table first: try again")


@dataclass(frozen=True)
class Seated:
    """A player of a finished match seated at its rematch ``table`` (`TableServer.rematch`)."""

    table: str
    seat: int
    token: str


class TableServer:
    """The tables of one `Store`. ``bot_pause``: seconds before a bot moves (and, on average, before a
    forced move is played), so that people see each card; ``workers``: the bots' processes;
    ``cluster``: the processes sharing the store (by default this one alone); ``expire_after``:
    seconds a table waits for its open seats to be taken before it expires."""

    def __init__(
        self,
        store: Store,
        *,
        bot_pause: float = 0.8,
        workers: int | None = None,
        clock: Callable[[], float] = time.time,
        cluster: Cluster | None = None,
        expire_after: float = EXPIRE_AFTER,
    ) -> None:
        self.store = store
        self.cluster = cluster if cluster is not None else Cluster()
        self.clock = clock
        self.tables = Tables(store, self.cluster.loaded)
        self.clients: dict[str, set[Client]] = {}
        self.bots = BotRunner(workers, self._bot_waited)
        self.timers = Timers(self, self.bots, bot_pause=bot_pause, expire_after=expire_after, clock=clock)
        self.metrics = Metrics(self.tables.by_status, self.bots.queues)
        self.writer = GroupWriter(store, self.metrics.commit_seconds)
        self.ended = 0
        """The sockets closed and tables let go since the start: what may have left garbage (`held`)."""
        self._presence_due: set[str] = set()
        """The tables whose presence change is to be told (`_presence_soon`)."""
        self._bots_only: dict[str, set[str]] = {}
        """Per address, the tables of bots alone it made (those still here are running)."""
        self._news: set[asyncio.Task[None]] = set()
        """Tasks acting on the bus's news, and thinking of hints."""
        self.sealed: Callable[[Table], Awaitable[bool]] | None = None
        """Whether a table is watched by its own seats alone now (a duplicate session's, while its deals are
        being played elsewhere: `troef.interfaces.web.events.Events.sealed`)."""
        self.on_over: Callable[[Table], Awaitable[None]] | None = None
        """What to do once a table's match is over here (rate it, let its event go on:
        `troef.interfaces.web.events.Events.table_over`), run as a task of its own."""

    # ------------------------------------------------------------------------------- life

    async def start(self) -> None:
        """Start the bots, the timers and the cluster (alone: resume every unfinished table)."""
        self.bots.start()
        self.timers.start()
        await self.cluster.start(self)

    async def resume(self) -> None:
        """Replay every unfinished table from the store and run it: every human counts as having left
        now (they reconnect)."""
        now = self.clock()
        for table_id in await asyncio.to_thread(self.store.table_ids, unfinished=True):
            try:
                table = await self.load(table_id)
            except Exception as error:  # a stored table this server cannot rebuild: the others go on
                log.error("cannot resume table %s: %r", table_id, error)
                continue
            if table is None:
                continue
            if table.status == "over":  # killed before it was marked finished
                await self._finish(table_id)
                self._over(table)
                await self.drop(table_id)
                continue
            for seat in range(table.game.players):
                table.left_at[seat] = now
            self.timers.schedule(table)
        log.info("resumed %d tables", len(self.tables))

    async def stop(self) -> None:
        """Stop the timers, bots and writer (every committed event is stored), close the clients."""
        news = list(self._news)
        for task in news:
            task.cancel()
        await asyncio.gather(self.timers.stop(), *news, return_exceptions=True)
        await self.writer.stop()
        await self.cluster.stop()
        for clients in self.clients.values():
            for client in clients:
                client.closed = True
                client.outbox.end()
        await asyncio.to_thread(self.bots.shutdown)
        await asyncio.to_thread(self.store.close)

    def held(self) -> int:
        """The tables in memory and the open sockets: what this server's heap grows with."""
        return len(self.tables) + sum(len(clients) for clients in self.clients.values())

    # ------------------------------------------------------------------------------- HTTP's commands

    async def create(self, body: object, address: str | None = None, account: str | None = None) -> Created:
        """A new table from a `POST /api/tables` body (by the signed-in ``account``, if any), stored
        before it is answered; `TableError` 400, or 429 when ``address`` already has
        `BOTS_ONLY_PER_ADDRESS` tables of bots alone running here."""
        created = Table.create(body, self.clock(), account)
        if address is not None and created.table.bots_only:
            mine = (self.tables.get(k) for k in self._bots_only.get(address, ()))
            running = {t.id for t in mine if t is not None and t.status != "over"}
            if len(running) >= BOTS_ONLY_PER_ADDRESS:
                raise TooMany(
                    f"at most {BOTS_ONLY_PER_ADDRESS} tables of bots alone at once from one address"
                )
            self._bots_only[address] = running | {created.table.id}
        await self.add_table(created.table)
        return created

    async def join(self, table_id: str, body: object, account: str | None = None) -> dict[str, Any]:
        """Take a seat (`POST /api/tables/{id}/join`), for the signed-in ``account`` if any; `TableError`
        400/403/404/409."""
        if not isinstance(body, dict):
            raise Invalid('the body is a JSON object {"name": ..., "invite": ..., "seat": ...}')
        extra = sorted(str(key) for key in body if key not in ("name", "invite", "seat"))
        if extra:
            raise Invalid(f"unknown field {extra[0][:40]!r}; fields: name, invite, seat")
        table = await self.table(table_id)
        joined = await self._seat(
            table,
            partial(
                table.join,
                body.get("name"),
                body.get("invite"),
                body.get("seat"),
                now=self.clock(),
                account=account,
            ),
        )
        return {"seat": joined.seat, "token": joined.token}

    async def _seat(self, table: Table, take: Callable[[], Joined]) -> Joined:
        """Seat a person at ``table`` (``take`` checks and makes the event, under the table's lock)."""
        for _ in range(TRIES):
            async with self.tables.lock(table.id):
                joined = take()
                try:
                    await self._commit(table, joined.events)
                except Behind:
                    continue
            return joined
        raise Behind

    async def listed(self) -> list[dict[str, Any]]:
        """``GET /api/tables``: the listed tables waiting or playing, newest first, at most `LISTED`
        (as their leaders list them: `TableReads.listing`)."""
        entries = await self.cluster.listings()
        entries.sort(key=lambda e: (e["created"], e["entry"]["id"]), reverse=True)
        return [e["entry"] for e in entries[:LISTED]]

    async def rematch(self, table_id: str, body: object) -> Created | Seated:
        """``POST /api/tables/{id}/rematch``: for the first call a new table like `create`'s, its invite
        for the caller alone; for a later one the caller takes their own seat there. `TableError` 400
        for a bad body, 403 for a token of no seat, 404 for no table, 409 before the match is over or
        when the caller's seat at the rematch is taken."""
        if not isinstance(body, dict) or set(body) != {"token"} or not isinstance(body["token"], str):
            raise Invalid('the body is {"token": "<your seat\'s token>"}')
        table = await self.table(table_id)
        for _ in range(TRIES):
            async with self.tables.lock(table_id):
                caller, request = table.rematch_body(body["token"])
                done = table.rematch
                if done is not None:
                    break
                created = Table.create(request, self.clock())
                made = table.rematch_made(created.table.id, now=self.clock())
                await self.add_table(created.table)
                try:
                    await self._commit(table, made)
                except Behind:  # another process made the rematch: this one's table is not needed
                    await self.drop(created.table.id, finished=True)
                    continue
            return created
        else:
            raise Behind
        rematch = await self.table(done["table"])
        name = table.seats[caller].name or ""
        joined = await self._seat(rematch, partial(rematch.seat_person, name, caller, now=self.clock()))
        return Seated(rematch.id, caller, joined.token)

    async def table(self, table_id: str) -> Table:
        """The table (loaded from the store if it is not in memory); `TableError` 404."""
        return await self.tables.table(table_id)

    # ------------------------------------------------------------------------------- WebSocket's

    async def connect(self, table_id: str, account: str | None = None) -> Client:
        """A new connection to the table (it says hello next), opened where ``account`` is signed in (if
        any); `TableError` 404. At a table `sealed` to spectators its ``hello`` must take a seat."""
        table = await self.table(table_id)
        await self.cluster.connecting(table)
        client = Client(table_id)
        client.connection.account = account
        client.connection.may_watch = self.sealed is None or not await self.sealed(table)
        self.clients.setdefault(table_id, set()).add(client)
        return client

    async def receive(self, client: Client, text: str | bytes) -> None:
        """A client frame: its table's answer, stored and told to everyone, or a reply to it alone. When
        another process stored the table's next version first, the table catches up and the frame is
        answered again (a resent act then gets the state, a racing one ``stale``)."""
        table = await self.table(client.table_id)
        read = time.perf_counter()
        for _ in range(TRIES):
            async with self.tables.lock(client.table_id):
                seated = client.connection.seated
                outcome = client.connection.receive(table, text, now=self.clock())
                if not seated and client.connection.seat is not None:
                    self._presence_soon(table)  # the seat is connected now
                    self.timers.schedule(table)
                try:
                    await self._commit(table, outcome.events, read=read)
                except Behind:
                    continue
                except TableError as error:
                    client.send(table.error("stale", str(error)))
                    return
                if outcome.reply is not None:
                    client.send(outcome.reply, self.clock())
                if client.connection.refused:
                    client.close(SEALED, "sealed")
                if not seated and client.connection.seated and table.table_talk.log:
                    client.send(table.table_talk.history())
                if outcome.told is not None:
                    await self._chat(table, outcome.told)
                if outcome.think is not None:
                    self.spawn(self._hint(client, table, outcome.think))
                return
        client.send(table.error("stale", str(Behind())))

    async def disconnect(self, client: Client) -> None:
        """The client's connection closed."""
        clients = self.clients.get(client.table_id, set())
        clients.discard(client)
        table = self.tables.get(client.table_id)
        if table is None:
            return
        async with self.tables.lock(client.table_id):
            seat = client.connection.seat
            client.connection.close(table, now=self.clock())
            if seat is not None:
                self._presence_soon(table)
        if not clients and table.status == "over":
            await self.drop(table.id)

    # ------------------------------------------------------------------------------- storing

    async def _commit(self, table: Table, events: tuple[Event, ...], *, read: float | None = None) -> None:
        """Store ``events`` (the caller holds the table's lock), then apply them and send every
        receiver its frame; a person's act whose frame was ``read`` then (perf_counter) is timed to
        that moment. Another process that stored these versions first wins: the table is loaded again
        from the store and `TableError` (409) tells the caller."""
        if not events:
            return
        failed = await self.writer.write(table.id, events=events)
        if isinstance(failed, VersionConflict):
            await self._catch_up(table)
            raise Behind
        if failed is not None:
            raise failed
        table.apply(events)
        self._tell(table)
        acts = sum(event.kind == "act" for event in events)
        if read is not None and acts:
            self.metrics.act_seconds.observe(time.perf_counter() - read)
        self.metrics.acts.inc(acts)
        await self.cluster.moved(table.id, events)
        if table.status == "over":
            await self._finish(table.id)
            self._over(table)
        await self._changed(table)

    async def _changed(self, table: Table) -> None:
        """After the table took new events (its own or another process's): a finished table is let go
        (and forgotten when nobody watches it here); the leader lists it and lets its bots move on."""
        if table.status == "over":
            await self.cluster.finished(table.id)
            if not self.watched(table.id):
                await self.drop(table.id)
            return
        await self.cluster.changed(table)
        self.timers.schedule(table)

    async def _catch_up(self, table: Table, told: Sequence[Event] = ()) -> None:
        """Apply the events other processes stored since the table's version (the caller holds its lock),
        telling every receiver each version in turn: ``told``, the events the bus brought, when they
        follow on, else those the database holds."""
        if told and told[0].version == table.version + 1:
            events = list(told)
        else:
            events = await asyncio.to_thread(self.store.events_after, table.id, table.version)
        for event in events:
            table.apply((event,))
            self._tell(table)
        if events:
            await self._changed(table)

    async def _finish(self, table_id: str) -> None:
        """Mark the table finished in the store."""
        failed = await self.writer.write(table_id, finished=True)
        if failed is not None:
            raise failed

    def _over(self, table: Table) -> None:
        if self.on_over is not None:
            self.spawn(self.on_over(table))

    async def load(self, table_id: str) -> Table | None:
        """The table replayed from the store, kept here from then on (None: there is none)."""
        return await self.tables.load(table_id)

    async def add_table(self, table: Table) -> None:
        """Store a new table and run it (when this process leads it)."""
        failed = await self.writer.write(table.id, row=table.row)
        if failed is not None:
            raise failed
        self.tables.keep(table)
        await self.cluster.created(table)
        self.timers.schedule(table)

    async def drop(self, table_id: str, *, finished: bool = False) -> None:
        """Drop a table from memory (`table` loads it again); ``finished``: mark it so in the store."""
        if finished:
            await self._finish(table_id)
        self.tables.forget(table_id)
        self.ended += 1
        self.clients.pop(table_id, None)
        self.timers.forget(table_id)
        await self.cluster.dropped(table_id)

    async def run(self, table: Table, command: Command) -> None:
        """A command of the server's own (a deal, a bot's or a forced move) under the table's lock;
        a refusal (a bot's turn that is past, a forced move already made) changes nothing."""
        async with self.tables.lock(table.id):
            if self.tables.get(table.id) is not table:
                return
            outcome = command(table)
            if outcome is not None:
                with contextlib.suppress(Behind):  # caught up: the mover looks at the table again
                    await self._commit(table, outcome.events)

    # ------------------------------------------------------------------------------- telling

    async def _chat(self, table: Table, told: ChatFrame) -> None:
        """Send a chat message to everyone at the table (and to the other processes)."""
        self.say(table, told)
        await self.cluster.chat(table.id, told)

    def say(self, table: Table, told: ChatFrame) -> None:
        """Send a chat message to this process's clients at the table."""
        for client in self.clients.get(table.id, ()):
            if client.connection.seated:
                client.send(told)

    async def _hint(self, client: Client, table: Table, asked: Thinking) -> None:
        """Think of the hint ``asked`` for in the bots' pool; send it to ``client`` alone, unless the
        table has moved on."""
        action: str | None = None
        try:
            action = await self.bots.hint(table, asked)
        except Exception:
            log.exception("table %s: seat %d's hint failed", table.id, asked.seat)
        hint = table.hinted(asked, action)
        if hint is not None and client.connection.seat == asked.seat:
            client.send(hint)

    def spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` beside the table's commands (cancelled when the server stops)."""
        task = asyncio.ensure_future(work)
        self._news.add(task)
        task.add_done_callback(self._news.discard)

    def _bot_waited(self, lane: str, seconds: float) -> None:
        self.metrics.bot_wait_seconds.labels(lane).observe(seconds)

    def _tell(self, table: Table) -> None:
        """Send every receiver of ``table`` its own frame (encoded once per seat and language)."""
        clients = [client for client in self.clients.get(table.id, ()) if client.connection.seated]
        texts = table.reads.frame_texts({client.connection.receiver for client in clients}, self.clock())
        for client in clients:
            client.send_text(texts[client.connection.receiver])

    def _presence_soon(self, table: Table) -> None:
        """A seat's connections changed: tell everyone, and the other processes, once `PRESENCE_EVERY`
        has passed, however often they changed meanwhile (a client that connects and closes a
        thousand times a second sends the others a few frames)."""
        if table.id not in self._presence_due:
            self._presence_due.add(table.id)
            self.spawn(self._tell_presence(table))

    async def _tell_presence(self, table: Table) -> None:
        await asyncio.sleep(PRESENCE_EVERY)
        async with self.tables.lock(table.id):
            self._presence_due.discard(table.id)
            if self.tables.get(table.id) is table:
                self._tell(table)
                await self.cluster.share_presence(table)

    async def stood_in(self, table: Table) -> None:
        """A stand-in plays for an away seat now (the caller holds the table's lock): everyone here and
        the other processes see it, and the table's mover lets it play."""
        self._tell(table)
        self.timers.schedule(table)
        await self.cluster.share_presence(table)

    # ------------------------------------------------------------------------------- the other processes

    def leads(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and timers."""
        return self.cluster.leads(table_id)

    async def lead(self, table: Table) -> None:
        """Run the table's bots and timers from now on (its lease is held): a human connected nowhere
        counts as having left now, and no stand-in plays until this process lets one."""
        if table.status == "over":  # its last process was killed before it marked the table finished
            await self._finish(table.id)
            await self.drop(table.id)
            return
        now = self.clock()
        for seat in range(table.game.players):
            if not table.connected(seat):
                table.left_at[seat] = now
        await self.cluster.share_presence(table)
        await self._changed(table)

    async def catch_up(self, table: Table, told: Sequence[Event] = ()) -> None:
        """`_catch_up` under the table's lock, while the table is still the one kept here."""
        async with self.tables.lock(table.id):
            if self.tables.get(table.id) is table:
                await self._catch_up(table, told)

    def watched(self, table_id: str) -> bool:
        """Whether a client of this process is at the table."""
        return bool(self.clients.get(table_id))

    async def take_presence(self, table: Table) -> None:
        """Take the other processes' connections at the table (and the leader's stand-ins) as they are
        now; everyone here sees the change."""
        shared = await self.cluster.presence(table)
        if shared is None:
            return
        elsewhere, stand_ins = shared
        leading = self.leads(table.id)
        standing = set(table.session.stand_ins)
        if table.present_elsewhere(elsewhere, standing if leading else stand_ins, now=self.clock()):
            self._tell(table)
            if leading and set(table.session.stand_ins) != standing:
                await self.cluster.share_presence(table)
            self.timers.schedule(table)
