"""The cyclic collector on the server's schedule (``troef serve`` only, not a library's process).

Each socket keeps about twenty objects of the libraries beneath the server (asyncio, uvicorn, websockets,
Starlette) waiting for its next frame, made again by every frame. CPython counts a young object's death
against the young generation even when it is an older one that died, so at 8,000 sockets its collections
walked 100,000 to 200,000 live objects each, 100 to 230 ms in which no table moved, and found nothing:
playing makes no reference cycles. So once a `FREEZE_EVERY` what is alive is frozen (`gc.freeze()`, which
moves it out of the collector's walks at no cost), and the collector's own collections walk at most that
second's survivors. Garbage caught in a freeze waits for a full collection, a stall of about a second
at 2,000 tables (1.2 million objects walked), so one is made only when the frozen heap outgrows what the
server holds: every `CHECK_EVERY` the frozen objects are counted against the tables in memory and the open
sockets, and when there are `GROWTH` times as many a thing held as at the lightest count since the last
full collection, everything is collected (at most once a `LEAST_BETWEEN`). A server at a steady load that
makes no garbage is never stalled; garbage, or a server emptying, is collected within minutes. Little is
caught: a burst of garbage starts one of the collector's own collections within the second, and the
reference cycle each WebSocket's upgrade left is gone (`troef.interfaces.web.upgrade`). Full collections at
a fixed interval stalled a server at 2,000 tables every 10 minutes; on memory growth alone, a server
filling up to 2,000 tables at every step.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable
from typing import Final

log = logging.getLogger("troef.web")

GC_THRESHOLDS: Final = (20_000, 20, 20)
"""The collector's own thresholds (CPython's defaults: 700, 10, 10): fewer collections, each of at most a
second's survivors."""
FREEZE_EVERY: Final = 1.0
"""Seconds between freezes of what is alive."""
CHECK_EVERY: Final = 60.0
"""Seconds between counts of the frozen objects (a count walks them all: 13 ms at 1.2 million)."""
GROWTH: Final = 2.0
"""A full collection once the frozen objects a thing held have grown by this factor: garbage may take
as much memory as what is alive, as with Go's collector by default (``GOGC=100``). CPython's own quarter
(1.25) fired within 10 minutes at a steady 2,000 tables, on the history their matches kept (about 40
objects a round), freeing nothing."""
LEAST_BETWEEN: Final = 600.0
"""Seconds at least between two full collections."""


class Collector:
    """Freezes what is alive at every `tick` and collects everything when the frozen objects for each of
    ``held()`` (the tables and sockets the server holds) have grown by `GROWTH` (``clock``: seconds)."""

    def __init__(self, held: Callable[[], int], clock: Callable[[], float] = time.monotonic) -> None:
        self.held = held
        self.clock = clock
        self.full()

    def weight(self) -> float:
        """The frozen objects for each thing held (the server's own, loaded at its start, count as one)."""
        return gc.get_freeze_count() / (1 + self.held())

    def full(self) -> None:
        """Collect everything, frozen or not, and freeze what is left."""
        began = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.last_full = self.last_count = self.clock()
        self.lightest = self.weight()
        log.info("full collection: %d objects freed in %.0f ms", found, (time.perf_counter() - began) * 1000)

    def tick(self) -> None:
        """Freeze what is alive; every `CHECK_EVERY`, collect everything if the frozen heap outgrew what is
        held."""
        gc.freeze()
        now = self.clock()
        if now - self.last_count < CHECK_EVERY:
            return
        self.last_count = now
        weight = self.weight()
        self.lightest = min(self.lightest, weight)
        if weight > GROWTH * self.lightest and now - self.last_full >= LEAST_BETWEEN:
            self.full()

    async def run(self) -> None:
        """`tick` every `FREEZE_EVERY` until cancelled."""
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            self.tick()
