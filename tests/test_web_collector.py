"""The server's collector: what is alive is frozen at every tick, and garbage caught in a freeze is freed
by a full collection once the frozen heap outgrows the tables and sockets the server holds."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from test_web_app import body
from troef.interfaces.web import collector as collector_module
from troef.interfaces.web.app import create_app
from troef.interfaces.web.collector import CHECK_EVERY, GROWTH, LEAST_BETWEEN, Collector
from troef.interfaces.web.server import TableServer
from troef.interfaces.web.store import Store


class Cycle:
    """An object in a reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


class Server:
    """What the collector reads: its clock and the things held, set by the test."""

    def __init__(self, held: int = 0) -> None:
        self.now = 0.0
        self.held = held

    def collector(self) -> Collector:
        return Collector(lambda: self.held, clock=lambda: self.now)


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    """Leave the test process's collector as it was: nothing frozen."""
    yield
    gc.unfreeze()


def caught_in_a_freeze(collector: Collector, objects: int = 1) -> weakref.ref[Cycle]:
    """Garbage of ``objects`` objects in cycles, made just before a tick: frozen with what is alive, so no
    collection of the collector's own frees it."""
    garbage = Cycle()
    garbage.load = [Cycle() for _ in range(objects - 1)]  # type: ignore[attr-defined]
    gone = weakref.ref(garbage)
    del garbage
    collector.tick()
    gc.collect()
    assert gone() is not None
    return gone


def test_a_tick_freezes_what_is_alive() -> None:
    collector = Server().collector()
    frozen = gc.get_freeze_count()
    alive = [Cycle() for _ in range(100)]
    collector.tick()
    assert gc.get_count()[0] == 0  # nothing young left to walk
    assert gc.get_freeze_count() >= frozen + len(alive)


def test_frozen_garbage_is_freed_once_the_heap_outgrows_what_is_held() -> None:
    server = Server(held=10)
    collector = server.collector()
    gone = caught_in_a_freeze(collector, round(gc.get_freeze_count() * (GROWTH - 1) * 1.2))
    server.now = LEAST_BETWEEN
    collector.tick()
    assert gone() is None
    assert collector.last_full == LEAST_BETWEEN


def test_a_heap_that_keeps_to_what_is_held_is_never_stalled() -> None:
    """At a steady load, a full collection at a fixed interval stalled 2,000 tables for seconds."""
    server = Server(held=10)
    collector = server.collector()
    gone = caught_in_a_freeze(collector)  # a little garbage waits
    for minute in range(1, 61):
        server.now = minute * CHECK_EVERY
        collector.tick()
    assert collector.last_full == 0
    assert gone() is not None


def test_a_server_emptying_is_collected_but_not_more_often_than_allowed() -> None:
    server = Server(held=1000)
    collector = server.collector()
    gone = caught_in_a_freeze(collector)
    server.held = 0  # every table and socket gone: the frozen heap is all the server's own, and garbage
    server.now = CHECK_EVERY
    collector.tick()
    assert collector.last_full == 0 and gone() is not None  # the last full collection was too recent
    server.now = LEAST_BETWEEN
    collector.tick()
    assert collector.last_full == LEAST_BETWEEN and gone() is None


def test_the_frozen_heap_is_counted_once_a_check() -> None:
    server = Server(held=1000)
    collector = server.collector()
    server.held = 0
    server.now = LEAST_BETWEEN - 1
    collector.tick()  # counted: too soon after the last full collection
    server.now = LEAST_BETWEEN
    collector.tick()  # not counted: a check was a second ago
    assert collector.last_full == 0
    server.now = LEAST_BETWEEN - 1 + CHECK_EVERY
    collector.tick()
    assert collector.last_full == server.now


def test_the_server_holds_its_tables_and_sockets(tmp_path: Path) -> None:
    tables = TableServer(Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}"), bot_pause=0, workers=1)
    with TestClient(create_app(tables)) as client:
        assert tables.held() == 0
        table = client.post("/api/tables", json=body()).json()["table"]
        assert tables.held() == 1
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            watcher.send_json({"type": "hello"})
            assert watcher.receive_json()["type"] == "state"
            assert tables.held() == 2
        assert tables.held() == 1


def test_the_collector_ticks_until_cancelled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector_module, "FREEZE_EVERY", 0.01)
    server = Server()
    collector = server.collector()
    ticks: list[float] = []
    monkeypatch.setattr(collector, "tick", lambda: ticks.append(server.now))

    async def run() -> None:
        task = asyncio.create_task(collector.run())
        await asyncio.sleep(0.2)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(run())
    assert len(ticks) >= 3
