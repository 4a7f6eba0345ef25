"""Issue 32: ten tables of four strong bots made a person at another table wait 8 to 25 s a turn for two
easy bots. The bots' processes are shared fairly: an easy move never waits behind a search, tables
with a person go first, and an address may run only a few tables of bots alone."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from test_web_app import body
from troef.interfaces.web.app import create_app
from troef.interfaces.web.pool import BOTS_ONLY, PERSON, BotPool, Lane
from troef.interfaces.web.server import BOTS_ONLY_PER_ADDRESS, TableServer
from troef.interfaces.web.store import Store

pytestmark = pytest.mark.slow


def nap(name: str, seconds: float) -> str:
    """A job for a bot's process: ``name``, after ``seconds``."""
    time.sleep(seconds)
    return name


async def in_order(lane: Lane, jobs: list[tuple[str, int]]) -> list[str]:
    """Run a long first job, then queue ``jobs`` (name, priority) one after another while it runs: the
    order in which they finish (one process: the order they ran)."""
    done: list[str] = []

    async def one(name: str, priority: int, seconds: float) -> None:
        done.append(await lane.run(priority, nap, name, seconds))

    first = asyncio.create_task(one("first", PERSON, 1.0))
    await asyncio.sleep(0.3)  # the first job holds the process
    rest = []
    for name, priority in jobs:
        rest.append(asyncio.create_task(one(name, priority, 0.0)))
        await asyncio.sleep(0.01)
    await asyncio.gather(first, *rest)
    return done


def test_a_lane_runs_a_persons_moves_before_bots_alone_and_otherwise_in_order() -> None:
    async def run() -> list[str]:
        lane = Lane(1)
        try:
            await lane.run(PERSON, nap, "warm", 0.0)  # the process is spawned
            return await in_order(lane, [("bots 1", BOTS_ONLY), ("bots 2", BOTS_ONLY), ("person", PERSON)])
        finally:
            lane.shutdown()

    assert asyncio.run(run()) == ["first", "person", "bots 1", "bots 2"]


def test_a_cancelled_wait_passes_the_process_on() -> None:
    async def run() -> str:
        lane = Lane(1)
        try:
            busy = asyncio.create_task(lane.run(PERSON, nap, "busy", 0.5))
            await asyncio.sleep(0.1)
            waiting = asyncio.create_task(lane.run(PERSON, nap, "cancelled", 0.0))
            await asyncio.sleep(0.1)
            waiting.cancel()
            await busy
            return await asyncio.wait_for(lane.run(PERSON, nap, "after", 0.0), 30)
        finally:
            lane.shutdown()

    assert asyncio.run(run()) == "after"


def test_an_easy_move_never_waits_behind_a_search() -> None:
    async def run() -> list[str]:
        pool = BotPool(1)
        done: list[str] = []

        async def move(kind: str, seconds: float) -> None:
            done.append(await pool.run(kind, BOTS_ONLY, nap, kind, seconds))

        try:
            await asyncio.gather(
                pool.run("heuristic", PERSON, nap, "", 0), pool.run("strong", PERSON, nap, "", 0)
            )
            search = [asyncio.create_task(move("strong", 1.0)) for _ in range(3)]
            await asyncio.sleep(0.2)
            await move("heuristic", 0.0)
            await asyncio.gather(*search)
            return done
        finally:
            pool.shutdown()

    assert asyncio.run(run())[0] == "heuristic"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    server = TableServer(Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}"), bot_pause=5, workers=1)
    with TestClient(create_app(server, creations_per_minute=100)) as test_client:
        yield test_client


def test_an_address_runs_a_few_tables_of_bots_alone(client: TestClient) -> None:
    bots: list[dict[str, Any]] = [{"kind": "bot", "bot": "strong"}] * 3
    for _ in range(BOTS_ONLY_PER_ADDRESS):
        assert client.post("/api/tables", json=body(bots, rounds=10)).status_code == 201
    refused = client.post("/api/tables", json=body(bots, rounds=10))
    assert refused.status_code == 429
    assert refused.json() == {"error": "at most 2 tables of bots alone at once from one address"}
    assert client.post("/api/tables", json=body()).status_code == 201  # a table with a person
