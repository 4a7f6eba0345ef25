"""`GET /api/tables/{id}/rounds/{k}/analysis`: a finished round's decisions weighed in the bots' processes,
each round once, limited per address, never a round in play."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from serving import WAIT
from test_web_app import ANN_AND_TWO_BOTS, body
from troef.analysis import MARKS
from troef.interfaces.web.app import create_app
from troef.interfaces.web.server import TableServer
from troef.interfaces.web.store import Store

pytestmark = pytest.mark.slow


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    server = TableServer(Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}"), bot_pause=0, workers=1)
    with TestClient(create_app(server, analyses_per_hour=1)) as test_client:
        yield test_client


def finished_table(client: TestClient, rounds: int) -> str:
    seats = [{"kind": "bot", "bot": "random"}] * 3
    answer = client.post("/api/tables", json=body(seats, rounds=rounds))
    assert answer.status_code == 201, answer.text
    table: str = answer.json()["table"]
    deadline = time.monotonic() + WAIT
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return table


def test_a_finished_round_is_analysed_once_and_its_moments_are_its_steps(client: TestClient) -> None:
    table = finished_table(client, rounds=2)
    answer = client.get(f"/api/tables/{table}/rounds/0/analysis?lang=nl")
    assert answer.status_code == 200, answer.text
    analysis: dict[str, Any] = answer.json()
    assert analysis["round"] == 0 and analysis["format"] == "troef-analysis/1"
    steps = client.get(f"/api/tables/{table}/rounds/0?lang=nl").json()["steps"]
    labels = [s["label"] for s in steps[0]["table"]["seats"]]
    assert [s["label"] for s in analysis["seats"]] == labels and "willekeurig" in labels[0]
    assert analysis["moments"], "three random bots make no mistake in a whole round?"
    for moment in analysis["moments"]:
        step = steps[moment["step"]]  # the step that shows the decision
        assert (step["seat"], step["action"]) == (moment["seat"], moment["action"]["action"])
        assert moment["best"]["action"] != moment["action"]["action"]
        assert moment["loss"] > 0 and moment["mark"] in MARKS
        assert moment["action"]["parts"] and moment["best"]["parts"]
    for seat in analysis["seats"]:
        mine = [m for m in analysis["moments"] if m["seat"] == seat["seat"]]
        assert sum(seat["marks"].values()) == len(mine)
        assert seat["lost"] == pytest.approx(sum(m["loss"] for m in mine), abs=0.05)
    assert sum(m["costliest"] for m in analysis["moments"]) == min(3, len(analysis["moments"]))
    again = client.get(f"/api/tables/{table}/rounds/0/analysis?lang=nl")  # kept: no second analysis counted
    assert again.json() == analysis
    refused = client.get(f"/api/tables/{table}/rounds/1/analysis")
    assert refused.status_code == 429
    assert refused.json() == {"error": "at most 1 round analyses an hour from one address"}


def test_a_round_in_play_or_unknown_is_not_analysed(client: TestClient) -> None:
    answer = client.post("/api/tables", json=body(ANN_AND_TWO_BOTS))
    table = answer.json()["table"]
    for k in (0, 5):
        refused = client.get(f"/api/tables/{table}/rounds/{k}/analysis")
        assert refused.status_code == 404
        assert refused.json() == {"error": f"round {k} of table {table} is not finished"}
    assert client.get("/api/tables/nosuchtable/rounds/0/analysis").status_code == 404
