"""The server's collector: what is alive is frozen at every tick, and garbage caught in a freeze is freed
by the full collection when its time comes."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from troef.interfaces.web import collector as collector_module
from troef.interfaces.web.collector import FULL_EVERY, Collector


class Cycle:
    """An object in a reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


class Clock:
    """The collector's clock, set by the test."""

    def __init__(self) -> None:
        self.now = 0.0

    def collector(self) -> Collector:
        return Collector(clock=lambda: self.now)


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    """Leave the test process's collector as it was: nothing frozen."""
    yield
    gc.unfreeze()


def caught_in_a_freeze(collector: Collector) -> weakref.ref[Cycle]:
    """Garbage made just before a tick: frozen with what is alive, so no collection of the collector's
    own frees it."""
    garbage = Cycle()
    gone = weakref.ref(garbage)
    del garbage
    collector.tick()
    gc.collect()
    assert gone() is not None
    return gone


def test_a_tick_freezes_what_is_alive() -> None:
    clock = Clock()
    collector = clock.collector()
    frozen = gc.get_freeze_count()
    alive = [Cycle() for _ in range(100)]
    collector.tick()
    assert gc.get_count()[0] == 0  # nothing young left to walk
    assert gc.get_freeze_count() >= frozen + len(alive)


def test_frozen_garbage_is_freed_by_the_full_collection_when_its_time_comes() -> None:
    clock = Clock()
    collector = clock.collector()
    clock.now = FULL_EVERY - 1
    gone = caught_in_a_freeze(collector)
    clock.now = FULL_EVERY
    collector.tick()
    assert gone() is None
    assert collector.last_full == FULL_EVERY


def test_the_collector_ticks_until_cancelled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector_module, "FREEZE_EVERY", 0.01)
    clock = Clock()
    collector = clock.collector()
    ticks: list[float] = []
    monkeypatch.setattr(collector, "tick", lambda: ticks.append(clock.now))

    async def run() -> None:
        task = asyncio.create_task(collector.run())
        await asyncio.sleep(0.2)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(run())
    assert len(ticks) >= 3
