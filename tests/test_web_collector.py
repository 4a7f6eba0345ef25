"""The server's collector: what is alive is frozen at every tick, and garbage caught in a freeze is freed
by a full collection once the tables and sockets the server holds have turned over, or the frozen heap
outgrew them."""

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
from troef.interfaces.web.collector import CHECK_EVERY, LEAST_BETWEEN, Collector
from troef.interfaces.web.server import TableServer
from troef.interfaces.web.store import Store


class Cycle:
    """An object in a reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


class Server:
    """What the collector reads: its clock, the things held and the things ended, set by the test."""

    def __init__(self, held: int = 0) -> None:
        self.now = 0.0
        self.held = held
        self.ended = 0

    def collector(self) -> Collector:
        return Collector(lambda: self.held, lambda: self.ended, clock=lambda: self.now)


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


def test_frozen_garbage_is_freed_once_the_heap_outgrows_what_is_held(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collector_module, "GROWTH", 1.05)  # garbage of a twentieth of this process's heap
    server = Server(held=10)
    collector = server.collector()
    gone = caught_in_a_freeze(collector, round(gc.get_freeze_count() * 0.06))
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


def test_garbage_is_freed_once_as_many_things_ended_as_are_held() -> None:
    """What ended while frozen may have left garbage: a soak's memory grew by 0.8 MB a minute without
    full collections, and stayed flat after one."""
    server = Server(held=100)
    collector = server.collector()
    gone = caught_in_a_freeze(collector)
    server.ended = 99
    server.now = LEAST_BETWEEN
    collector.tick()
    assert collector.last_full == 0 and gone() is not None
    server.ended = 100  # the whole table has turned over once
    server.now = LEAST_BETWEEN + CHECK_EVERY
    collector.tick()
    assert collector.last_full == server.now and gone() is None
    server.ended = 150
    server.now = 2 * LEAST_BETWEEN + CHECK_EVERY
    collector.tick()
    assert collector.last_full == LEAST_BETWEEN + CHECK_EVERY  # counted from the last full collection


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


def test_the_server_counts_the_tables_and_sockets_it_holds_and_those_ended(tmp_path: Path) -> None:
    tables = TableServer(Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}"), bot_pause=0, workers=1)
    with TestClient(create_app(tables)) as client:
        assert (tables.held(), tables.ended) == (0, 0)
        table = client.post("/api/tables", json=body()).json()["table"]
        assert tables.held() == 1
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            watcher.send_json({"type": "hello"})
            assert watcher.receive_json()["type"] == "state"
            assert tables.held() == 2
        assert (tables.held(), tables.ended) == (1, 1)
        assert client.portal is not None
        client.portal.call(tables.drop, table)
        assert (tables.held(), tables.ended) == (0, 2)


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
