"""The table server's timers, for the tables this process leads: every `TICK` a look at each table for a
table expired waiting for players, a deal due or a stand-in due to play for a human away too long; and a
mover per table that plays its bots and its forced moves until a person is to choose.

A forced move (a human seat with exactly one legal action) is played for the seat after a random pause
(`Timers.forced_pause`), so that its speed does not tell the others it was forced; it is the seat's own
move (``who`` human), and a client that sends it too gets the state (an act is applied once).

The timers change a table only through their `Host`, the table server, under the table's lock.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from functools import partial
from typing import Final, Protocol

from .bots import BotRunner
from .registry import Tables
from .seats import TableError
from .store import StoreError
from .table import Outcome, Table

log = logging.getLogger("troef.web")

EXPIRE_AFTER: Final = 24 * 3600.0
"""Seconds a table waits for its open seats to be taken before it expires (`Table.expire_due`)."""
TICK: Final = 0.1
"""Seconds between the timers' looks at every table (deals due, stand-ins due)."""

Command = Callable[[Table], Outcome | None]
"""A command of the server's own on a table: its outcome, or None when it is no longer due."""


class Host(Protocol):
    """What the timers ask of the table server they belong to."""

    @property
    def tables(self) -> Tables:
        """The tables in memory."""

    def leads(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and timers."""

    async def run(self, table: Table, command: Command) -> None:
        """Run ``command`` on the table under its lock, and store and tell its outcome."""

    async def stood_in(self, table: Table) -> None:
        """A stand-in plays for a seat now (the caller holds the table's lock): tell everyone."""


class Timers:
    """The timers and movers of ``host``'s tables: ``bots`` think the bots' moves; ``bot_pause``: seconds
    before a bot moves (and, on average, before a forced move is played), so that people see each card;
    ``expire_after``: seconds a table waits for its open seats to be taken before it expires."""

    def __init__(
        self,
        host: Host,
        bots: BotRunner,
        *,
        bot_pause: float,
        expire_after: float,
        clock: Callable[[], float],
    ) -> None:
        self.host = host
        self.bots = bots
        self.bot_pause = bot_pause
        self.expire_after = expire_after
        self.clock = clock
        self._ticker: asyncio.Task[None] | None = None
        self._movers: dict[str, asyncio.Task[None]] = {}

    def start(self) -> None:
        """Start looking at the tables every `TICK`."""
        self._ticker = asyncio.create_task(self._tick())

    async def stop(self) -> None:
        """Stop the ticker and every mover."""
        tasks = [*self._movers.values(), *([self._ticker] if self._ticker is not None else [])]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def schedule(self, table: Table) -> None:
        """Start the table's mover if a bot or a forced move is to play and none is at work."""
        mover = self._movers.get(table.id)
        if (
            self.host.leads(table.id)
            and (mover is None or mover.done())
            and (table.bot_turn() is not None or forced(table))
        ):
            self._movers[table.id] = asyncio.create_task(self._move(table.id))

    def moving(self, table_id: str) -> bool:
        """Whether the table's mover is at work."""
        mover = self._movers.get(table_id)
        return mover is not None and not mover.done()

    def forget(self, table_id: str) -> None:
        """Stop the table's mover (the table left memory)."""
        mover = self._movers.pop(table_id, None)
        if mover is not None:
            mover.cancel()

    def forced_pause(self) -> float:
        """A random pause before a forced move: half to one and a half times `bot_pause`."""
        return random.uniform(0.5, 1.5) * self.bot_pause

    async def _tick(self) -> None:
        """Expire the tables that waited too long, deal the rounds that are due and let stand-ins play
        for humans away too long."""
        while True:
            await asyncio.sleep(TICK)
            now = self.clock()
            for table in list(self.host.tables.values()):
                if not self.host.leads(table.id):
                    continue
                try:
                    if table.expire_due(now, self.expire_after):
                        await self.host.run(table, partial(expire_if_due, now=now, after=self.expire_after))
                    if table.deal_due(now):
                        await self.host.run(table, partial(deal_if_due, now=now))
                    if table.stand_in_due(now) is not None:
                        await self._stand_in(table, now)
                except (TableError, StoreError) as error:
                    log.warning("table %s: %s", table.id, error)
                except Exception:  # one table's failure must not stop every table's timers
                    log.exception("table %s: its timers failed", table.id)

    async def _stand_in(self, table: Table, now: float) -> None:
        """Let a stand-in bot play for the human who is away on their turn."""
        async with self.host.tables.lock(table.id):
            seat = table.stand_in_due(now)
            if seat is not None and self.host.tables.get(table.id) is table:
                table.stand_in(seat, True)
                await self.host.stood_in(table)

    async def _move(self, table_id: str) -> None:
        """Play the table's bots and forced moves until a person is to choose (or a move was tried
        and refused with nothing changed since: the next change schedules the mover again)."""
        tried: object = None
        while (table := self.host.tables.get(table_id)) is not None and self.host.leads(table_id):
            turn = table.bot_turn()
            moved = forced(table)
            moment = (table.version, moved, turn and (turn.seat, turn.who, id(turn.bot)))
            if (turn is None and moved is None) or moment == tried:
                return
            tried = moment
            try:
                if turn is not None:
                    await asyncio.sleep(self.bot_pause)
                    action = await self.bots.move(table, turn)
                    bot_act = partial(Table.bot_act, turn=turn, action=action, now=self.clock())
                    await self.host.run(table, bot_act)
                elif moved is not None:
                    seat, action = moved
                    version = table.version
                    await asyncio.sleep(self.forced_pause())
                    move = partial(
                        Table.act, seat=seat, action=action, version=version, now=self.clock(), forced=True
                    )
                    await self.host.run(table, move)
            except (TableError, StoreError) as error:
                log.warning("table %s: %s", table_id, error)
                return


def expire_if_due(table: Table, *, now: float, after: float) -> Outcome | None:
    """The end of a table that waited ``after`` seconds for players, if it still waits."""
    return table.expire(now=now) if table.expire_due(now, after) else None


def deal_if_due(table: Table, *, now: float) -> Outcome | None:
    """The deal of the table's next round if it is (still) due."""
    return table.deal(now=now) if table.deal_due(now) else None


def forced(table: Table) -> tuple[int, str] | None:
    """(seat, action) when a human seat is to act and has exactly one legal action."""
    seat = table.session.turn
    if seat is None or table.seats[seat].kind != "human":
        return None
    state = table.session.round
    legal = state.legal_actions() if state is not None else []
    return (seat, legal[0].text) if len(legal) == 1 else None
