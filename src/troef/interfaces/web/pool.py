"""The bots' processes, shared fairly by every table of a server.

Two lanes: a quick one for the bots that do not search (`QUICK_KINDS`: an easy move never waits behind
a search) and a search lane of ``workers`` processes. A lane runs at most as many moves as it has
processes; the moves waiting for one go in order of priority (`PERSON`: a table where a person plays,
or a hint, before `BOTS_ONLY`), then of arrival. The processes are spawned (a fork of a threaded server
is not safe) and end when the server's process does, however it ends.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Final

from ...games.plugins import load_plugins

log = logging.getLogger("troef.web")

QUICK_KINDS: Final = frozenset({"random", "heuristic"})
"""The bot kinds that answer at once (the ``easy`` level among them)."""
PERSON: Final = 0
"""The priority of a move at a table where a person plays (and of a person's hint)."""
BOTS_ONLY: Final = 1
"""The priority of a move at a table of bots alone."""
ANALYSIS: Final = 2
"""The priority of a finished round's analysis: after every bot's move."""
PARENT_CHECK: Final = 1.0
"""Seconds between a bot worker's looks at whether the server's process still lives."""


class Lane:
    """A process pool that runs at most ``slots`` jobs at once, the waiting ones by priority, then age."""

    def __init__(self, slots: int, waited: Callable[[float], None] = lambda seconds: None) -> None:
        self.slots = slots
        self._waited = waited
        """Told how long each job waited for a process."""
        self._pool = _processes(slots)
        self._busy = 0
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    @property
    def waiting(self) -> int:
        """The jobs waiting for a process."""
        return sum(not gate.done() for _, _, gate in self._waiting)

    async def run(self, priority: int, job: Callable[..., str], *args: object) -> str:
        """``job(*args)`` in one of the lane's processes, once its turn comes (a fresh pool, once, if a
        process died); `BrokenProcessPool` if it died again."""
        loop = asyncio.get_running_loop()
        asked = loop.time()
        await self._turn(priority)
        self._waited(loop.time() - asked)
        try:
            try:
                return await loop.run_in_executor(self._pool, job, *args)
            except BrokenProcessPool:  # a worker died (killed, out of memory): a fresh pool, once
                log.error("the bots' process pool broke: starting a new one")
                self._pool = _processes(self.slots)
                return await loop.run_in_executor(self._pool, job, *args)
        finally:
            self._hand_on()

    async def _turn(self, priority: int) -> None:
        """Wait until this job may take a process (at once when one is free and nobody waits)."""
        if self._busy < self.slots and not self.waiting:
            self._busy += 1
            return
        gate = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._arrivals), gate))
        try:
            await gate
        except asyncio.CancelledError:
            if gate.done() and not gate.cancelled():  # handed a process, then cancelled: pass it on
                self._hand_on()
            raise

    def _hand_on(self) -> None:
        """A job is done with its process: the first waiting job takes it, else it is free."""
        while self._waiting:
            _, _, gate = heapq.heappop(self._waiting)
            if not gate.done():
                gate.set_result(None)
                return
        self._busy -= 1

    def shutdown(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class BotPool:
    """The quick lane (one process) and the search lane (``workers`` processes, by default one a core);
    ``waited(lane, seconds)`` is told how long each move waited for a process."""

    def __init__(
        self, workers: int | None, waited: Callable[[str, float], None] = lambda lane, s: None
    ) -> None:
        self.quick = Lane(1, partial(waited, "quick"))
        self.search = Lane(workers or os.cpu_count() or 1, partial(waited, "search"))

    def queues(self) -> dict[str, int]:
        """The moves waiting for a process, per lane."""
        return {"quick": self.quick.waiting, "search": self.search.waiting}

    async def run(self, kind: str, priority: int, job: Callable[..., str], *args: object) -> str:
        """``job(*args)`` for a bot of ``kind`` in its lane."""
        lane = self.quick if kind in QUICK_KINDS else self.search
        return await lane.run(priority, job, *args)

    def shutdown(self) -> None:
        self.quick.shutdown()
        self.search.shutdown()


def _processes(workers: int) -> ProcessPoolExecutor:
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_start, initargs=(os.getpid(),))


def _start(server: int) -> None:
    """A bot worker starts: it knows the games of the installed plugins, and ends once the server's
    process (its parent, ``server``) is gone."""
    load_plugins()

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
