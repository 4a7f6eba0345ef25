"""Fuzzing the table server through its real HTTP and WebSocket endpoints (Starlette's TestClient): any
body, path or frame gets a 4xx with a one-sentence error, or an error frame with one of server.md's codes,
never a 500, a traceback or a dropped connection, and never a change of the table's version."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from troef.interfaces.web.app import create_app
from troef.interfaces.web.server import TableServer
from troef.interfaces.web.store import Store

pytestmark = pytest.mark.slow

CODES = {"bad-message", "bad-token", "too-many", "not-seated", "stale", "not-your-turn", "illegal"}
CODES |= {"not-allowed"}  # troef's own: a chat or hint the table does not allow
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
KEYS = ["game", "rules", "players", "rounds", "seats", "kind", "name", "bot", "seat", "invite", "type"]
BODIES = st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), JSON, max_size=6) | JSON
FRAMES = (
    st.builds(
        json.dumps,
        st.fixed_dictionaries(
            {"type": st.sampled_from(["hello", "act", "ready", "sync", "nope"]) | JSON},
            optional={
                "action": JSON | st.sampled_from(["pass", "bid 1", "play AS"]),
                "version": JSON,
                "seed": JSON,
                "token": JSON,
            },
        ),
    )
    | st.text(max_size=40)
    | st.binary(max_size=40)
)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path: Path = tmp_path_factory.mktemp("fuzz") / "tables.sqlite3"
    server = TableServer(Store(f"sqlite:///{path}"), bot_pause=0, workers=1)
    with TestClient(create_app(server, creations_per_minute=10_000)) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def table(client: TestClient) -> dict[str, Any]:
    """A Rikken table waiting for its open seat: Ann seated, a bot, an open seat."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}]
    seats.append({"kind": "bot", "bot": "random"})
    answer = client.post("/api/tables", json={"game": "rikken", "players": 4, "seats": seats})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def refused(answer: Any) -> None:
    """A 4xx answer whose body is one error sentence."""
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text)
    error = answer.json()["error"]
    assert isinstance(error, str) and error and "Traceback" not in error


JSON_HEADERS = {"Content-Type": "application/json"}
"""Bodies are read only when they say they are JSON."""


def version(client: TestClient, table: dict[str, Any]) -> int:
    info: dict[str, Any] = client.get(f"/api/tables/{table['table']}").json()
    return int(info["version"])


@FUZZ
@given(BODIES)
def test_any_table_body_is_created_or_refused_with_a_4xx(client: TestClient, request_body: object) -> None:
    answer = client.post("/api/tables", content=json.dumps(request_body), headers=JSON_HEADERS)
    if answer.status_code != 201:
        refused(answer)


@FUZZ
@given(st.binary(max_size=60) | st.text(max_size=60).map(str.encode))
def test_any_bytes_as_a_body_are_refused_cleanly(client: TestClient, raw: bytes) -> None:
    for path in ("/api/tables", "/api/tables/nope/join"):
        answer = client.post(path, content=raw, headers=JSON_HEADERS)
        if answer.status_code != 201:
            refused(answer)


@FUZZ
@given(BODIES)
def test_any_join_body_changes_nothing_unless_it_takes_the_open_seat(
    client: TestClient, table: dict[str, Any], request_body: object
) -> None:
    before = version(client, table)
    answer = client.post(
        f"/api/tables/{table['table']}/join", content=json.dumps(request_body), headers=JSON_HEADERS
    )
    refused(answer)  # no body of this kind holds the invite code
    assert version(client, table) == before


@FUZZ
@given(st.text(alphabet="abcdefghij/._-%~0123456789", max_size=30))
def test_any_path_is_answered_without_a_server_error(client: TestClient, path: str) -> None:
    for method in ("GET", "POST"):
        answer = client.request(method, f"/api/tables/{path}")
        assert answer.status_code < 500, (method, path, answer.status_code)


@FUZZ
@given(st.lists(FRAMES, min_size=1, max_size=5))
def test_any_frames_get_error_frames_and_the_connection_stays(
    client: TestClient, table: dict[str, Any], frames: list[str | bytes]
) -> None:
    before = version(client, table)
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        for frame in frames:
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
            answer = ws.receive_json()
            assert answer["type"] in ("state", "error"), answer
            if answer["type"] == "error":
                assert answer["code"] in CODES and answer["message"], answer
            else:
                assert answer["seat"] is None and answer["legal_actions"] == []  # nobody's token was sent
        ws.send_text(json.dumps({"type": "sync"}))
        assert ws.receive_json()["type"] in ("state", "error")  # still open, still answering
    assert version(client, table) == before
