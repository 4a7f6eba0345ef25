"""Crash safety (server.md, Persistence): a ``troef serve`` process killed with SIGKILL mid-round and
started again on the same database resumes the table at the version its clients last received, with
the same views; a resent act is not applied twice; the match finishes with every acknowledged action in
the stored log and in the record exactly once.  On SQLite, and on PostgreSQL where one is reachable."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from serving import WAIT, fresh_postgresql
from test_web_app import ANN_AND_TWO_BOTS, Peer, Served, body, check_log, play, versions_without_gaps, watch
from troef.games.fair import verify
from troef.games.replay import replay

pytestmark = pytest.mark.slow


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database URL: a SQLite file, or a new PostgreSQL database (dropped afterwards)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'crash.sqlite3'}"
        return
    with fresh_postgresql("troef_crash") as url:
        yield url


def test_a_killed_server_loses_nothing_it_acknowledged(database: str) -> None:
    served = Served(database)
    answer = served.create(body(ANN_AND_TWO_BOTS, rounds=1))
    table, token = answer["table"], answer["seats"][0]["token"]
    rng = random.Random(11)
    acked: list[tuple[int, str]] = []

    async def run() -> tuple[Served, dict[str, Any]]:
        human = await Peer.hello(served, table, token)
        spectator = await Peer.hello(served, table)
        # Play into the round, up to a turn of the human with a choice (no bot or forced move pending).
        at = await play(human, rng, acked, until=lambda s: len(acked) >= 5 and len(s["legal_actions"]) >= 2)
        await spectator.until(lambda f: f["type"] == "state" and f["version"] == at["version"])
        assert at["view"]["phase"] == "play" and at["table"]["status"] == "playing"
        served.kill()
        for peer in (human, spectator):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(peer.ws.close(), 2)

        again = Served(database)
        back = await Peer.hello(again, table, token)
        watching = await Peer.hello(again, table)
        for before, after in ((human, back), (spectator, watching)):
            seen, now = before.last, after.last
            assert (now["version"], now["view"], now["legal_actions"]) == (
                seen["version"],
                seen["view"],
                seen["legal_actions"],
            )
            assert now["sheet"] == seen["sheet"] and now["table"]["round"] == seen["table"]["round"]
        version, action = acked[-1]  # resent after the reconnect: the state, not a second move
        await back.send({"type": "act", "action": action, "version": version})
        resent = await back.frame()
        assert (resent["type"], resent["version"]) == ("state", at["version"])

        await asyncio.gather(play(back, rng, acked), watch(watching))
        for peer in (human, spectator, back, watching):
            versions_without_gaps(peer)
        assert back.last["table"]["status"] == watching.last["table"]["status"] == "over"
        for peer in (back, watching):
            await peer.ws.close()
        return again, back.last

    again, final = asyncio.run(run())
    record = again.get(f"/api/tables/{table}/record")
    again.stop()
    assert verify(record).ok and len(record["rounds"]) == 1
    assert replay(record)["totals"] == final["sheet"]["totals"]
    check_log(database, table, acked, record)


def test_a_match_everyone_left_stays_paused_across_a_restart(database: str) -> None:
    """Nobody comes: a stand-in plays round 0, and the match pauses (its every human away for a whole
    round). Killed and started again, the server keeps it paused (the pause follows from the stored events
    and nobody being connected) until Ann comes back; then it goes on to the end."""
    served = Served(database)
    request = {**body(ANN_AND_TWO_BOTS, rounds=2, ready_limit=1, away_limit=1), "rules": "standaard"}
    table, token = (answer := served.create(request))["table"], answer["seats"][0]["token"]
    deadline = time.monotonic() + WAIT
    while (info := served.get(f"/api/tables/{table}"))["paused"] != [0]:
        assert time.monotonic() < deadline and info["status"] == "playing", info
        time.sleep(0.2)
    assert len(info["sheet"]["rounds"]) == 1 and info["sheet"]["rounds"][0]["stand_in"] == [0]
    assert info["timers"] == [] and not info["round"]["dealt"]
    served.kill()
    again = Served(database)
    time.sleep(2)  # over the ready limit: still no deal
    after = again.get(f"/api/tables/{table}")
    kept = ("version", "paused", "timers", "round", "sheet")
    assert {key: after[key] for key in kept} == {key: info[key] for key in kept}

    async def run() -> dict[str, Any]:
        ann = await Peer.hello(again, table, token)
        assert ann.last["table"]["paused"] == [] and ann.last["table"]["timers"][0]["timer"] == "deal"
        final = await play(ann, random.Random(5), [])
        await ann.ws.close()
        return final

    final = asyncio.run(run())
    record = again.get(f"/api/tables/{table}/record")
    again.stop()
    assert verify(record).ok and len(record["rounds"]) == 2 and final["table"]["status"] == "over"
