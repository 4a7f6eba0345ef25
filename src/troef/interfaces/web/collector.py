"""The cyclic collector on the server's schedule (``troef serve`` only, not a library's process).

Each socket keeps about twenty objects of the libraries beneath the server (asyncio, uvicorn, websockets,
Starlette) waiting for its next frame, made again by every frame. CPython counts a young object's death
against the young generation even when it is an older one that died, so at 8,000 sockets its collections
walked 100,000 to 200,000 live objects each, 100 to 230 ms in which no table moved, and found nothing:
playing makes no reference cycles. So once a `FREEZE_EVERY` what is alive is frozen (`gc.freeze()`, which
moves it out of the collector's walks at no cost), and the collector's own collections walk at most that
second's survivors. Garbage caught in a freeze is freed by a full collection every `FULL_EVERY`: a stall
of about a second at 2,000 tables (1.2 million objects walked). Little is caught: a burst of garbage
starts one of the collector's own collections within the second, and the reference cycle each
WebSocket's upgrade left is gone (`troef.interfaces.web.upgrade`). A full collection also whenever the
memory had grown by half was tried: a server filling up to 2,000 tables then stalled for a second at every
step, in play.
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
FULL_EVERY: Final = 600.0
"""Seconds between full collections of everything frozen."""


class Collector:
    """Freezes what is alive at every `tick` and collects everything every `FULL_EVERY` of ``clock``."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.full()

    def full(self) -> None:
        """Collect everything, frozen or not, and freeze what is left."""
        began = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        self.last_full = self.clock()
        log.info("full collection: %d objects freed in %.0f ms", found, (time.perf_counter() - began) * 1000)

    def tick(self) -> None:
        """Freeze what is alive, or collect everything if a full collection is due."""
        if self.clock() - self.last_full >= FULL_EVERY:
            self.full()
        else:
            gc.freeze()

    async def run(self) -> None:
        """`tick` every `FREEZE_EVERY` until cancelled."""
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            self.tick()
