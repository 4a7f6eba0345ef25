"""The cyclic collector on the server's schedule (``troef serve`` only, not a library's process).

Each socket keeps about twenty objects of the libraries beneath the server (asyncio, uvicorn, websockets,
Starlette) waiting for its next frame, made again by every frame. CPython counts a young object's death
against the young generation even when it is an older one that died, so at 8,000 sockets its collections
walked 100,000 to 200,000 live objects each, 100 to 230 ms in which no table moved, and found nothing: playing
makes no reference cycles. So once a `FREEZE_EVERY` what is alive is frozen (`gc.freeze()`, which moves it out
of the collector's walks at no cost), and the collector's own collections walk at most that second's
survivors. Garbage caught in a freeze waits for a full collection, a stall of about a second a million objects
walked (2.1 s at 2,000 tables in their tenth minute), so one is made only where garbage may be: every
`CHECK_EVERY` the things the server holds (tables in memory, open sockets) are set against what has ended
since the last full collection (sockets closed, tables let go) and against the frozen objects, and everything
is collected (at most once a `LEAST_BETWEEN`) once as many things have ended as are held, or once there are
`GROWTH` times as many frozen objects a thing held as at the lightest count since. What is caught is the
garbage of things that ended while frozen: the reference cycles some libraries leave on an error (a WebSocket
frame over the size limit leaves the websockets protocol and its reader in one). So a server whose tables and
sockets stay is never stalled, one whose tables come and go is collected as often as they turn over (at most
every 10 minutes), and one emptying within minutes. A burst of garbage starts one of the collector's own
collections within the second, and the reference cycle each WebSocket's upgrade left is gone
(`troef.interfaces.web.upgrade`). Full collections at a fixed interval stalled a server at 2,000 steady tables
every 10 minutes, freeing nothing; none at all let a soak's memory grow by 0.8 MB a minute; one on memory
growth alone stalled a server filling up to 2,000 tables at every step.
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
    """Freezes what is alive at every `tick` and collects everything when ``ended()`` (the count of the
    sockets closed and tables let go) has moved on by ``held()`` (the tables and sockets held now) since
    the last full collection, or the frozen objects for each thing held have grown by `GROWTH`
    (``clock``: seconds)."""

    def __init__(
        self,
        held: Callable[[], int],
        ended: Callable[[], int],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.held = held
        self.ended = ended
        self.clock = clock
        self.full()

    @staticmethod
    def weight(held: int) -> float:
        """The frozen objects for each of ``held`` things (the server's own, loaded at its start, count as
        one)."""
        return gc.get_freeze_count() / (1 + held)

    def full(self) -> None:
        """Collect everything, frozen or not, and freeze what is left."""
        began = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.last_full = self.last_count = self.clock()
        self.lightest = self.weight(self.held())
        self.ended_before = self.ended()
        log.info("full collection: %d objects freed in %.0f ms", found, (time.perf_counter() - began) * 1000)

    def tick(self) -> None:
        """Freeze what is alive; every `CHECK_EVERY`, collect everything if what is held has turned over or
        the frozen heap outgrew it."""
        gc.freeze()
        now = self.clock()
        if now - self.last_count < CHECK_EVERY:
            return
        self.last_count = now
        held = self.held()
        weight = self.weight(held)
        self.lightest = min(self.lightest, weight)
        turned_over = self.ended() - self.ended_before >= max(held, 1)
        if (turned_over or weight > GROWTH * self.lightest) and now - self.last_full >= LEAST_BETWEEN:
            self.full()

    async def run(self) -> None:
        """`tick` every `FREEZE_EVERY` until cancelled."""
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            self.tick()
