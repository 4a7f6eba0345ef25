"""Texts strangers send (issue 32): valid Unicode, NFC, no control characters, bounded; a name that once
broke the lobby for good (a lone surrogate) is refused, and a table stored with one still loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from test_web_app import body, created, invite_code
from troef.interfaces.web.app import create_app
from troef.interfaces.web.server import TableServer
from troef.interfaces.web.store import Event, Store
from troef.interfaces.web.table import Table
from troef.interfaces.web.text import TextRefused, clean_text, repaired

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    ("sent", "kept"),
    [
        ("Ann", "Ann"),
        ("  Jan de Vries ", "Jan de Vries"),
        ("Zoe\u0301", "Zoé"),  # normalised (NFC)
        (
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
        ),  # ZWJ emoji
        ("x" * 40, "x" * 40),
    ],
)
def test_a_text_is_kept_normalised(sent: str, kept: str) -> None:
    assert clean_text(sent, "a name", 40) == kept


@pytest.mark.parametrize(
    "sent",
    [
        "",
        "   ",
        "x" * 41,
        "\ud800",
        "Ann\ud83d",
        "A\x00nn",
        "An\nn",
        "Ann\u202e",
        "\u2066x",
        "A\ufff0",
        7,
        None,
    ],
)
def test_anything_else_is_refused_naming_what(sent: object) -> None:
    with pytest.raises(
        TextRefused, match=r"^a name is 1 to 40 characters of text, without control characters$"
    ):
        clean_text(sent, "a name", 40)


def test_a_stored_lone_surrogate_is_repaired() -> None:
    assert repaired("A\ud800n\udfffn") == "A\ufffdn\ufffdn"
    assert repaired("Zoé \U0001f600") == "Zoé \U0001f600"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    server = TableServer(Store(f"sqlite:///{tmp_path / 't.sqlite3'}"), bot_pause=0, workers=1)
    return TestClient(create_app(server))


def test_a_lone_surrogate_name_is_refused_and_the_lobby_stays_up(client: TestClient) -> None:
    """Issue 32: a seat named "\\ud800" was accepted; then GET /api/tables answered 500 for everyone, also
    after a restart."""
    with client:
        answer = created(client, body(listed=True))
        table = answer["table"]
        raw = json.dumps({"name": "\ud800", "invite": invite_code(answer)})  # JSON's own escape
        refused = client.post(
            f"/api/tables/{table}/join", content=raw, headers={"Content-Type": "application/json"}
        )
        assert refused.status_code == 400 and "without control characters" in refused.json()["error"]
        assert client.get("/api/tables").status_code == 200
        assert client.get(f"/api/tables/{table}").status_code == 200
        created_with = client.post(
            "/api/tables", json=body([{"kind": "human", "name": "Bo\u202eb"}, {"kind": "open"}])
        )
        assert created_with.status_code == 400


def test_a_table_stored_with_such_a_name_still_loads(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    made = Table.create(body(), now=1.0)
    seat = {"seat": 1, "name": "\ud800", "token": "ab" * 32, "at": 2.0}
    store.create_table(made.row, [Event(1, "seat", seat)])
    with TestClient(create_app(TableServer(store, bot_pause=0, workers=1))) as client:
        info = client.get(f"/api/tables/{made.row.id}")
        assert info.status_code == 200
        assert info.json()["seats"][1]["name"] == "\ufffd"
        assert client.get("/api/tables").status_code == 200
