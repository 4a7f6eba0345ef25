"""The HTTP extensions of the browser table (issue 18): the client's words, the lobby's listed tables,
rematches (idempotent, stored on the old table, kept over a restart), the replay of a finished round
(every hand face up, every action in full, `troef verify`'s check) and the pages and static files with
their headers."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
from starlette.testclient import TestClient

import troef
from test_web_table import Harness
from troef.core.actions import parse_action
from troef.interfaces.web import words
from troef.interfaces.web.app import CSP, create_app, static_directory
from troef.interfaces.web.seats import proves
from troef.interfaces.web.server import TableServer
from troef.interfaces.web.store import Store
from troef.interfaces.web.table import Table
from troef.present.i18n import translations

pytestmark = pytest.mark.slow

PAGES = {
    "/": "lobby.html",
    "/tables/abc": "table.html",
    "/join/abc/code": "join.html",
    "/tables/abc/replay": "replay.html",
    "/signup": "signup.html",
    "/login": "login.html",
}
BOT = {"kind": "bot", "bot": "random"}
ANN_OPEN_BOT: dict[str, Any] = {
    "game": "rififi",
    "rules": "oh-hell",
    "players": 3,
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "open"}, BOT],
}
"""A table of Ann, an open seat and a bot: what most of these tests create."""


@pytest.fixture
def static(tmp_path: Path) -> Path:
    """A static folder of placeholders (the real pages are the client's)."""
    folder = tmp_path / "static"
    folder.mkdir()
    for name in PAGES.values():
        (folder / name).write_text(f"<!doctype html><title>{name}</title>", encoding="utf-8")
    (folder / "lobby.js").write_text("export const x = 1;\n", encoding="utf-8")
    return folder


def serve(url: str, static: Path) -> TestClient:
    server = TableServer(Store(url), bot_pause=0, workers=1)
    return TestClient(create_app(server, creations_per_minute=100, static=static))


@pytest.fixture
def client(tmp_path: Path, static: Path) -> Iterator[TestClient]:
    with serve(f"sqlite:///{tmp_path / 'tables.sqlite3'}", static) as test_client:
        yield test_client


def finished(game: str = "rififi", rules: str = "oh-hell", players: int = 3, seed: int = 1) -> Harness:
    """A match of one round played to its end: Ann (0) and Bob (1), random bots at the other seats."""
    rng = random.Random(seed)
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "open"}] + [BOT] * (players - 2)
    h = Harness(
        {"game": game, "rules": rules, "players": players, "seats": seats, "rounds": 1, "listed": True}
    )
    h.join("Bob")
    h.sit(0)
    h.sit(1)
    while h.table.status != "over":
        h.now += 1
        if not h.step():
            turn = h.table.session.turn
            if turn is None:
                h.ready(0, "ab12")
                h.ready(1)
            else:
                h.act(turn, rng.choice(h.table.reads.frame(turn)["legal_actions"]))
    return h


def stored(url: str, h: Harness) -> None:
    with Store(url) as store:
        store.create_table(h.row, h.events)
        store.finish(h.table.id)


# --------------------------------------------------------------------------- words


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_words_of_the_client_in_each_language(client: TestClient, lang: str) -> None:
    answer = client.get(f"/api/words?lang={lang}")
    assert answer.status_code == 200
    data = answer.json()
    assert (data["lang"], data["languages"]) == (lang, ["en", "nl", "de"])
    assert list(data["words"]) == list(dict.fromkeys(words.MESSAGES))
    assert all(
        data["words"][m] == translations(lang).gettext(m) and data["words"][m].strip() for m in words.MESSAGES
    )


def test_words_default_to_english_and_refuse_an_unknown_language(client: TestClient) -> None:
    assert client.get("/api/words").json()["lang"] == "en"
    answer = client.get("/api/words?lang=fr")
    assert answer.status_code == 400 and "en, nl, de" in answer.json()["error"]


# --------------------------------------------------------------------------- listed tables


def test_listed_tables_are_in_the_lobby_newest_first_with_their_invite(client: TestClient) -> None:
    request = ANN_OPEN_BOT
    first = client.post("/api/tables", json={**request, "listed": True}).json()
    hidden = client.post("/api/tables", json=request).json()
    second = client.post("/api/tables", json={**request, "listed": True}).json()
    assert client.post("/api/tables", json={**request, "listed": "yes"}).status_code == 400
    tables = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in tables] == [second["table"], first["table"]]
    assert hidden["table"] not in json.dumps(tables)
    entry = tables[1]
    assert entry["invite"] == first["invite"] and entry["watch"] == first["watch"]
    assert (
        entry["game"],
        entry["title"],
        entry["rules"],
        entry["players"],
        entry["status"],
        entry["open"],
    ) == (
        "rififi",
        troef.GAMES["rififi"].title,
        "oh-hell",
        3,
        "waiting",
        1,
    )
    assert entry["rounds"] >= 1 and [s["kind"] for s in entry["seats"]] == ["human", "open", "bot"]
    assert first["seats"][0]["token"] not in json.dumps(tables)
    code = entry["invite"].rsplit("/", 1)[1]
    joined = client.post(f"/api/tables/{first['table']}/join", json={"name": "Bob", "invite": code})
    assert joined.status_code == 200
    assert client.get(f"/api/tables/{hidden['table']}").json().get("rematch") is None


# --------------------------------------------------------------------------- rematch


def test_a_rematch_is_refused_before_the_end_and_without_a_seat_token(client: TestClient) -> None:
    request = ANN_OPEN_BOT
    answer = client.post("/api/tables", json=request).json()
    table, token = answer["table"], answer["seats"][0]["token"]
    assert client.post(f"/api/tables/{table}/rematch", json={"token": "nope"}).status_code == 403
    refused = client.post(f"/api/tables/{table}/rematch", json={"token": token})
    assert refused.status_code == 409 and "over" in refused.json()["error"]
    assert client.post(f"/api/tables/{table}/rematch", json={"token": 3}).status_code == 400
    assert client.post(f"/api/tables/{table}/rematch", json=[]).status_code == 400
    assert client.post("/api/tables/nothing/rematch", json={"token": token}).status_code == 404


def test_a_rematch_is_made_once_stored_on_the_old_table_and_kept_over_a_restart(
    tmp_path: Path, static: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    h = finished()
    stored(url, h)
    old = h.table.id
    with serve(url, static) as client:
        assert client.post(f"/api/tables/{old}/rematch", json={"token": "wrong"}).status_code == 403
        made = client.post(f"/api/tables/{old}/rematch", json={"token": h.tokens[1]})
        assert made.status_code == 201, made.text
        answer = made.json()
        new = answer["table"]
        assert [s["seat"] for s in answer["seats"]] == [1] and answer["watch"] == f"/tables/{new}"
        info = client.get(f"/api/tables/{new}").json()
        assert (info["game"], info["rules"], info["players"], info["rounds"], info["status"]) == (
            "rififi",
            "oh-hell",
            3,
            1,
            "waiting",
        )
        assert [(s["kind"], s["name"], s["bot"]) for s in info["seats"]] == [
            ("open", None, None),
            ("human", "Bob", None),
            ("bot", "random bot", "random"),
        ]
        assert new in [t["id"] for t in client.get("/api/tables").json()["tables"]], (
            "listed as the old one was"
        )
        again = client.post(f"/api/tables/{old}/rematch", json={"token": h.tokens[0]})
        assert again.status_code == 200, again.text  # Ann takes her own seat there, by her old token
        ann = again.json()
        assert (ann["table"], ann["seat"], ann["watch"]) == (new, 0, f"/tables/{new}") and "invite" not in ann
        assert [(s["kind"], s["name"]) for s in client.get(f"/api/tables/{new}").json()["seats"]] == [
            ("human", "Ann"),
            ("human", "Bob"),
            ("bot", "random bot"),
        ]
        taken = client.post(f"/api/tables/{old}/rematch", json={"token": h.tokens[0]})
        assert taken.status_code == 409 and "seat 0 is taken" in taken.json()["error"]
        old_info = client.get(f"/api/tables/{old}").json()
        assert old_info["rematch"] == {"table": new}  # issue 32: its invite was public, and a stranger sat
        assert answer["invite"].rsplit("/", 1)[1] not in json.dumps(old_info)
        assert old_info["version"] == len(h.events) + 1 and old_info["status"] == "over"
    with serve(url, static) as client:  # a restart
        assert client.get(f"/api/tables/{old}").json()["rematch"] == {"table": new}
        again = client.post(f"/api/tables/{old}/rematch", json={"token": h.tokens[1]})
        assert again.status_code == 409 and "seat 1 is taken" in again.json()["error"]
    with Store(url) as store:
        loaded = store.load(old)
        assert loaded is not None
        assert [e.data for e in loaded[1] if e.kind == "rematch"] == [{"table": new, "at": ANY}]
        assert Table.replay(*loaded).rematch == {"table": new}
        rematch = store.load(new)
        assert rematch is not None
        assert proves(ann["token"], Table.replay(*rematch).seats[0].token)


# --------------------------------------------------------------------------- replay


def test_the_replay_of_a_finished_round(tmp_path: Path, static: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    h = finished()
    stored(url, h)
    table = h.table.id
    record = h.table.session.match.records[0]
    with serve(url, static) as client:
        answer = client.get(f"/api/tables/{table}/rounds/0?lang=nl")
        assert answer.status_code == 200, answer.text
        replay = answer.json()
        assert (replay["round"], replay["title"]) == (0, "Ronde 1 van 1")
        assert replay["verify"]["ok"] is True and "round 1: verifies" in replay["verify"]["message"]
        steps = replay["steps"]
        assert len(steps) == len(record["actions"]) + 1
        assert (steps[0]["seat"], steps[0]["action"]) == (None, None) and steps[0]["lines"]
        assert [s["action"] for s in steps[1:]] == record["actions"]
        for seat, hand in enumerate(steps[0]["hands"]):
            assert sorted(hand["codes"]) == sorted(record["deal"]["hands"][seat])
        assert all(hand["codes"] == [] for hand in steps[-1]["hands"])
        assert all(step["table"]["viewer"] is None and step["table"]["lang"] == "nl" for step in steps)
        labels = [seat["label"] for seat in steps[0]["table"]["seats"]]
        assert labels == ["Ann", "Bob", "bot 2 (willekeurig)"]
        row = h.table.session.match.sheet[0]  # the result, as the table showed it at the round's end
        assert [(r["label"], r["points"], r["total"]) for r in replay["scores"]] == list(
            zip(labels, row.scores, row.totals, strict=True)
        )
        assert [r["bid"] for r in replay["scores"]] == [str(b) for b in row.result["details"]["bids"]]
        assert replay["result"] and all(line["parts"] for line in replay["result"])
        for missing in (1, 99):
            assert client.get(f"/api/tables/{table}/rounds/{missing}").status_code == 404
        assert client.get(f"/api/tables/{table}/rounds/x").status_code == 404
        assert client.get(f"/api/tables/{table}/rounds/0?lang=fr").status_code == 400
        assert client.get("/api/tables/nothing/rounds/0").status_code == 404


def test_a_round_whose_seed_was_tampered_with_does_not_verify() -> None:
    h = finished()
    table = Table.replay(h.row, h.events)
    assert table.reads.round_replay(0, "en")["verify"]["ok"] is True
    tampered = Table.replay(h.row, h.events)
    tampered.fairs[0].server_seed = bytes(32)
    check = tampered.reads.round_replay(0, "en")["verify"]
    assert check["ok"] is False and "round 1: FAILS" in check["message"]


@pytest.mark.parametrize(
    ("game", "rules"), [(name, p.name) for name, cls in troef.GAMES.items() for p in cls.presets]
)
def test_a_replay_names_every_card_of_every_action(game: str, rules: str) -> None:
    """A finished round's deal is public: a discard, a card led blind, a Piken play are named in full in
    their step's first line, and every hand is shown face up."""
    cls = troef.GAMES[game]
    players = max(3, cls.min_players)
    h = finished(game, rules, players, seed=players)
    replay = h.table.reads.round_replay(0, "en")
    for step in replay["steps"][1:]:
        assert step["action"] is not None and step["lines"]
        named = {p["code"] for p in step["lines"][0]["parts"] if p["kind"] == "card"}
        assert {troef.core.cards.CODES[c] for c in parse_action(step["action"]).cards} <= named, step
    for step in replay["steps"]:
        assert "??" not in json.dumps(step["hands"])


# --------------------------------------------------------------------------- pages


@pytest.mark.parametrize("path", list(PAGES))
def test_pages_are_served_with_their_headers(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200 and answer.text == f"<!doctype html><title>{PAGES[path]}</title>"
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["content-security-policy"] == CSP
    assert answer.headers["referrer-policy"] == "no-referrer"  # a join link's invite code goes nowhere


def test_static_files_are_served_as_modules_with_their_headers(client: TestClient) -> None:
    answer = client.get("/static/lobby.js")
    assert answer.status_code == 200 and answer.text == "export const x = 1;\n"
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["x-content-type-options"] == "nosniff"
    missing = client.get("/static/nothing.js")
    assert missing.status_code == 404 and "error" in missing.json()
    assert client.get("/static/../lobby.html").status_code == 404


def test_a_page_not_installed_is_a_404(client: TestClient, static: Path) -> None:
    (static / "replay.html").unlink()
    answer = client.get("/tables/abc/replay")
    assert answer.status_code == 404 and "replay.html" in answer.json()["error"]


def test_the_package_ships_its_static_folder() -> None:
    folder = static_directory()
    assert folder == Path(troef.__file__).parent / "interfaces" / "web" / "static"
    pyproject = (Path(__file__).parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"interfaces/web/static/*"' in pyproject


def test_a_socket_that_says_hello_with_a_lang_gets_the_model(client: TestClient) -> None:
    request = ANN_OPEN_BOT
    answer = client.post("/api/tables", json=request).json()
    token = answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{answer['table']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token, "lang": "de"}))
        frame = ws.receive_json()
        assert frame["type"] == "state" and frame["model"]["lang"] == "de"
        assert frame["model"]["sheet"]["columns"][-3]["label"] == "Ann (du)"
        ws.send_text(json.dumps({"type": "sync", "lang": "fr"}))
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["code"] == "bad-message"
        ws.send_text(json.dumps({"type": "sync", "lang": "en"}))
        assert ws.receive_json()["model"]["lang"] == "en"
    with client.websocket_connect(f"/ws/tables/{answer['table']}") as ws:
        ws.send_text(json.dumps({"type": "hello"}))
        assert "model" not in ws.receive_json()
