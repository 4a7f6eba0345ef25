"""What the server processes sharing one database share in Redis (``troef serve --redis``): a channel per
table that says when it moved on, who is connected where, which process leads which table (its bots and
timers), and the lobby's listing.

Every key and channel is named after the database's cluster id (`Store.cluster`), so several troef
clusters can share one Redis. Nothing here is the truth about a table: the database is. A lost message
only delays a frame (each process also compares its tables' versions with the database every `BEAT`);
an expired lease only moves a table's bots and timers to another process (the database refuses a second
move on the same version).

- ``{ns}:process:{id}``: a process's heartbeat, expiring after `PROCESS_TTL`; ``{ns}:processes`` the set
  of process ids that ever beat (the dead are swept out of it).
- ``{ns}:lease:{table}``: the process leading the table, expiring after `LEASE_TTL` unless renewed.
- ``{ns}:presence:{table}``: a hash, per process its seats' open connections (``{"0": 1}``) and under
  ``stand-ins`` the seats a stand-in plays (written by the leader).
- ``{ns}:listing``: a hash, per listed table its lobby entry (written by the leader).
- ``{ns}:chat:{table}``: a list of the table's last chat messages (`troef.interfaces.web.talk.KEPT`), expiring
  `CHAT_TTL` after the last one: what a process that comes to the table later shows.
- channel ``{ns}:table:{table}``: ``{"from": process, "version": v, "events": [...]}`` once the events
  up to version v are stored (a process one version behind applies them; one further behind reads the
  database), ``{"from": process, "presence": true}`` once presence or stand-ins changed, or
  ``{"from": process, "chat": {...}}``: a chat message said at the table.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
from collections import Counter
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from typing import Any, Final

import redis as sync_redis
import redis.asyncio as redis
from redis.exceptions import RedisError

from .frames import ChatFrame
from .store import Event, StoreError
from .talk import KEPT

log = logging.getLogger("troef.web")

BEAT: Final = 1.0
"""Seconds between a process's heartbeats, lease renewals, claims and version checks."""
PROCESS_TTL: Final = 3.0
"""Seconds after its last heartbeat that a process counts as dead."""
LEASE_TTL: Final = 3.0
"""Seconds a lease on a table lasts unless renewed: how long a dead leader's tables wait."""
STAND_INS: Final = "stand-ins"
"""The presence hash's field of the seats a stand-in plays."""
CHAT_TTL: Final = 24 * 3600
"""Seconds a table's last chat messages are kept in Redis after the last one."""

_RENEW: Final = """
local held = {}
for i, key in ipairs(KEYS) do
    if redis.call('get', key) == ARGV[1] then
        redis.call('pexpire', key, ARGV[2])
        held[#held + 1] = i
    end
end
return held
"""
"""Extend each lease this process holds; answers the 1-based indices of those it held."""
_RELEASE: Final = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


class BusError(StoreError):
    """Redis cannot be reached or used."""


def check(url: str) -> None:
    """A `BusError` saying why, unless the Redis at ``url`` answers."""
    try:
        client = sync_redis.Redis.from_url(url, socket_connect_timeout=3)
    except ValueError as error:
        raise BusError(f"not a Redis URL: {url!r} ({error})") from error
    try:
        client.ping()
    except (RedisError, OSError) as error:
        raise BusError(f"cannot use Redis at {url}: {error}") from error
    finally:
        client.close()


class Bus:
    """This process's side of the shared state, over one Redis at ``url`` (``redis://host:port/db``),
    its keys named after the database's ``cluster`` id."""

    def __init__(self, url: str, cluster: str) -> None:
        try:
            self.redis: redis.Redis = redis.Redis.from_url(url, decode_responses=True)
        except ValueError as error:
            raise BusError(f"not a Redis URL: {url!r} ({error})") from error
        self.url = url
        self.namespace = f"troef:{cluster}"
        self.process = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        """This process's id, unique in the cluster."""
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)

    async def start(self) -> None:
        """Check that Redis answers, beat once and listen (`messages`); a `BusError` if it does not."""
        try:
            await self.redis.ping()
            await self.beat()
            await self._pubsub.subscribe(self._channel("-"))  # listen() needs one subscription
        except (RedisError, OSError) as error:
            raise BusError(f"cannot use Redis at {self.url}: {error}") from error

    async def close(self) -> None:
        await self._pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]  # typed from redis 8
        await self.redis.aclose()

    # ------------------------------------------------------------------------------- processes

    async def beat(self) -> None:
        """Say that this process lives, for `PROCESS_TTL`."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(self._key("process", self.process), "1", px=int(PROCESS_TTL * 1000))
            pipe.sadd(self._key("processes"), self.process)
            await pipe.execute()

    async def alive(self) -> set[str]:
        """The processes whose heartbeat has not expired (this one included); the dead are forgotten."""
        members = sorted(str(p) for p in await self.redis.smembers(self._key("processes")))
        beats = await self.redis.mget([self._key("process", p) for p in members]) if members else []
        dead = [p for p, beat in zip(members, beats, strict=True) if beat is None]
        if dead:
            await self.redis.srem(self._key("processes"), *dead)
        return {p for p, beat in zip(members, beats, strict=True) if beat is not None} | {self.process}

    # ------------------------------------------------------------------------------- leases

    async def claim(self, table_ids: Iterable[str]) -> list[str]:
        """Take the lease of each table that has no leader; answers those taken."""
        wanted = list(table_ids)
        if not wanted:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id in wanted:
                pipe.set(self._key("lease", table_id), self.process, nx=True, px=int(LEASE_TTL * 1000))
            taken = await pipe.execute()
        return [table_id for table_id, ok in zip(wanted, taken, strict=True) if ok]

    async def renew(self, table_ids: Iterable[str]) -> set[str]:
        """Extend the leases this process still holds among ``table_ids``; answers those."""
        held = list(table_ids)
        if not held:
            return set()
        keys = [self._key("lease", table_id) for table_id in held]
        indices = await self._renew(keys=keys, args=[self.process, int(LEASE_TTL * 1000)])
        return {held[int(i) - 1] for i in indices}

    async def leaders(self, table_ids: list[str]) -> list[str | None]:
        """Each table's leading process, or None."""
        if not table_ids:
            return []
        found = await self.redis.mget([self._key("lease", table_id) for table_id in table_ids])
        return [None if leader is None else str(leader) for leader in found]

    async def release(self, table_id: str) -> None:
        """Give the table's lease up, if this process holds it."""
        await self._release(keys=[self._key("lease", table_id)], args=[self.process])

    # ------------------------------------------------------------------------------- tables' news

    async def moved(self, table_id: str, events: Sequence[Event]) -> None:
        """Tell every process at the table that ``events`` are stored (up to the last one's version)."""
        told = [[e.version, e.kind, e.data] for e in events]
        await self._tell(table_id, {"version": events[-1].version, "events": told})

    async def subscribe(self, table_id: str) -> None:
        await self._pubsub.subscribe(self._channel(table_id))

    async def unsubscribe(self, table_id: str) -> None:
        await self._pubsub.unsubscribe(self._channel(table_id))

    async def messages(self) -> AsyncIterator[tuple[str, dict[str, Any]]]:
        """(table id, message) of every table this process subscribed to, but its own messages."""
        prefix = self._channel("")
        async for message in self._pubsub.listen():
            if message.get("type") != "message":
                continue
            data = json.loads(message["data"])
            if data.get("from") != self.process:
                yield str(message["channel"])[len(prefix) :], data

    # ------------------------------------------------------------------------------- presence

    async def set_presence(self, table_id: str, connections: Mapping[int, int]) -> None:
        """This process's open connections per seat at the table; tells the table's processes."""
        counts = {str(seat): n for seat, n in connections.items() if n > 0}
        key = self._key("presence", table_id)
        if counts:
            await self.redis.hset(key, self.process, json.dumps(counts))
        else:
            await self.redis.hdel(key, self.process)
        await self._tell(table_id, {"presence": True})

    async def set_stand_ins(self, table_id: str, seats: Iterable[int]) -> None:
        """The seats a stand-in plays at the table (the leader's word); tells the table's processes."""
        await self.redis.hset(self._key("presence", table_id), STAND_INS, json.dumps(sorted(seats)))
        await self._tell(table_id, {"presence": True})

    async def presence(self, table_id: str, alive: set[str]) -> tuple[Counter[int], set[int]]:
        """The open connections per seat at the table in every other live process, and the seats a
        stand-in plays; the entries of dead processes are removed."""
        key = self._key("presence", table_id)
        fields = await self.redis.hgetall(key)
        elsewhere: Counter[int] = Counter()
        dead = []
        for process, value in fields.items():
            if process == STAND_INS or process == self.process:
                continue
            if process not in alive:
                dead.append(process)
                continue
            elsewhere.update({int(seat): int(n) for seat, n in json.loads(value).items()})
        if dead:
            await self.redis.hdel(key, *dead)
        return elsewhere, set(json.loads(fields.get(STAND_INS, "[]")))

    async def forget(self, table_id: str) -> None:
        """Drop a finished table's presence and listing."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.delete(self._key("presence", table_id))
            pipe.hdel(self._key("listing"), table_id)
            await pipe.execute()

    # ------------------------------------------------------------------------------- chat

    async def chat(self, table_id: str, message: ChatFrame) -> None:
        """Keep a chat message among the table's last ones and tell the table's processes."""
        key = self._key("chat", table_id)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.rpush(key, json.dumps(message))
            pipe.ltrim(key, -KEPT, -1)
            pipe.expire(key, CHAT_TTL)
            await pipe.execute()
        await self._tell(table_id, {"chat": message})

    async def chats(self, table_id: str) -> list[ChatFrame]:
        """The table's last chat messages, oldest first."""
        return [json.loads(text) for text in await self.redis.lrange(self._key("chat", table_id), 0, -1)]

    # ------------------------------------------------------------------------------- the lobby

    async def set_listing(self, table_id: str, entry: Mapping[str, Any] | None) -> None:
        """A listed table's lobby entry (None: it leaves the lobby)."""
        if entry is None:
            await self.redis.hdel(self._key("listing"), table_id)
        else:
            await self.redis.hset(self._key("listing"), table_id, json.dumps(entry))

    async def listings(self) -> list[dict[str, Any]]:
        """Every listed table's lobby entry."""
        return [json.loads(entry) for entry in (await self.redis.hgetall(self._key("listing"))).values()]

    # ------------------------------------------------------------------------------- inside

    async def _tell(self, table_id: str, message: dict[str, Any]) -> None:
        await self.redis.publish(self._channel(table_id), json.dumps({"from": self.process, **message}))

    def _key(self, *parts: str) -> str:
        return ":".join((self.namespace, *parts))

    def _channel(self, table_id: str) -> str:
        return f"{self.namespace}:table:{table_id}"
