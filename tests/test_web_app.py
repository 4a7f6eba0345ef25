"""The table server against server.md: every HTTP endpoint and its 4xx answers (Starlette's TestClient),
then a real ``troef serve`` process on a free port with real WebSocket clients: a whole match (a human
playing random legal actions, two random bots and a spectator) and the protocol's errors."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import random
import re
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner
from websockets.asyncio.client import ClientConnection, connect

import troef
from serving import WAIT, ServerProcess
from troef.games.fair import verify
from troef.games.replay import replay, start_state
from troef.interfaces.cli.main import app
from troef.interfaces.web.app import NO_TABLE, create_app
from troef.interfaces.web.server import TableServer
from troef.interfaces.web.store import Event, Store

pytestmark = pytest.mark.slow

"""Seconds a test waits for a server or a frame before it fails."""
Frame = dict[str, Any]


def body(seats: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    """A `POST /api/tables` body for Rififi (Oh Hell) at three: Ann, an open seat and a random bot."""
    if seats is None:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}]
    return {"game": "rififi", "rules": "oh-hell", "players": len(seats), "seats": seats, **extra}


ANN_AND_TWO_BOTS: list[dict[str, Any]] = [
    {"kind": "human", "name": "Ann"},
    {"kind": "bot", "bot": "random"},
    {"kind": "bot", "bot": "random"},
]
"""The seats of a table one person plays with two random bots."""


# --------------------------------------------------------------------------- HTTP, in process


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    server = TableServer(Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}"), bot_pause=0, workers=1)
    with TestClient(create_app(server, creations_per_minute=3)) as test_client:
        yield test_client


def created(client: TestClient, request: dict[str, Any] | None = None) -> dict[str, Any]:
    answer = client.post("/api/tables", json=body() if request is None else request)
    assert answer.status_code == 201, answer.text
    result: dict[str, Any] = answer.json()
    return result


def invite_code(answer: dict[str, Any]) -> str:
    return str(answer["invite"]).rsplit("/", 1)[1]


def test_healthz_and_the_games(client: TestClient) -> None:
    assert (client.get("/healthz").status_code, client.get("/healthz").json()) == (200, {"ok": True})
    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    assert set(games) == set(troef.GAMES)  # the four and the test game, minitrick
    rififi = games["rififi"]
    assert rififi["players"] == {"min": 3, "max": 6, "default": 4}
    assert [p["name"] for p in rififi["presets"]] == ["standaard", "oh-hell"]
    pack = next(o for o in rififi["options"] if o["name"] == "pack")
    assert pack["type"] == "str" and pack["default"] == "german36"
    assert pack["choices"] == ["german36", "french52"] and pack["description"]
    assert {"random", "easy", "normal", "strong", "heuristic"} <= set(rififi["bots"])
    assert all(o["type"] in ("bool", "int", "str") for g in games.values() for o in g["options"])
    assert (pack["label"], pack["choice_labels"]) == (
        "Pack",
        {"german36": "36 cards", "french52": "52 cards"},
    )
    assert rififi["presets"][1]["label"] == "Oh Hell"


def test_the_games_in_dutch_and_german_keep_the_names_and_values_to_send(client: TestClient) -> None:
    english = client.get("/api/games").json()["games"]
    for lang in ("nl", "de"):
        games = client.get(f"/api/games?lang={lang}").json()["games"]
        assert [g["name"] for g in games] == [g["name"] for g in english]
        for game, same in zip(games, english, strict=True):
            assert [p["name"] for p in game["presets"]] == [p["name"] for p in same["presets"]]
            assert [o["name"] for o in game["options"]] == [o["name"] for o in same["options"]]
            assert [o.get("choices") for o in game["options"]] == [o.get("choices") for o in same["options"]]
    hoogjassen = next(
        g for g in client.get("/api/games?lang=nl").json()["games"] if g["name"] == "hoogjassen"
    )
    dealer_rule = hoogjassen["options"][0]
    assert (dealer_rule["name"], dealer_rule["label"]) == ("dealer_rule", "Volgende deler")
    assert dealer_rule["choice_labels"] == {
        "declarer": "de bieder",
        "rotate": "de volgende speler met de klok mee",
    }
    assert hoogjassen["presets"][0]["description"].startswith("het Brabantse spelregelboek")
    assert client.get("/api/games?lang=fr").status_code == 400


def test_creating_a_table_answers_tokens_for_its_humans_only(client: TestClient) -> None:
    answer = created(client)
    table = answer["table"]
    assert [seat["seat"] for seat in answer["seats"]] == [0]
    assert len(answer["seats"][0]["token"]) >= 22  # 128 bits, URL-safe
    assert answer["invite"].startswith(f"/join/{table}/") and answer["watch"] == f"/tables/{table}"
    info = client.get(f"/api/tables/{table}").json()
    assert (info["game"], info["rules"], info["players"], info["status"], info["version"]) == (
        "rififi",
        "oh-hell",
        3,
        "waiting",
        0,
    )
    assert [(s["kind"], s["name"], s["connected"]) for s in info["seats"]] == [
        ("human", "Ann", False),
        ("open", None, False),
        ("bot", "random bot", True),
    ]
    assert info["sheet"] == {"rounds": [], "totals": [0, 0, 0], "winners": []}
    assert len(info["round"]["commitment"]) == 64 and info["round"]["dealt"] is False
    assert answer["seats"][0]["token"] not in json.dumps(info) and invite_code(answer) not in json.dumps(info)


@pytest.mark.parametrize(
    ("request_body", "says"),
    [
        (body(game="skat"), "unknown game 'skat'"),
        (body(rules="wild"), "wild"),
        (body(rules={"no_such_option": 1}), "no_such_option"),
        ({**body(), "players": 9}, "9"),
        ({**body(seats=[{"kind": "human", "name": "Ann"}, {"kind": "open"}]), "players": 3}, "need 3 seats"),
        (body(seats=[{"kind": "human", "name": "A"}, {"kind": "open"}, {"kind": "bot", "bot": "x"}]), "bot"),
        (body(seats=[{"kind": "human", "name": "A"}, {"kind": "nobody"}, {"kind": "open"}]), "kind"),
        (body(rounds=0), "round"),
        ([1, 2], "JSON object"),
    ],
)
def test_creating_a_table_refuses_bad_bodies(client: TestClient, request_body: object, says: str) -> None:
    answer = client.post("/api/tables", json=request_body)
    assert answer.status_code == 400
    assert says in answer.json()["error"]


JSON_TYPE = {"Content-Type": "application/json"}


def test_creating_a_table_refuses_what_is_not_json(client: TestClient) -> None:
    answer = client.post("/api/tables", content=b"{not json", headers=JSON_TYPE)
    assert (answer.status_code, answer.json()) == (400, {"error": "the body is not JSON"})
    answer = client.post("/api/tables", content=b"\xff\xfe{}", headers=JSON_TYPE)
    assert (answer.status_code, answer.json()) == (400, {"error": "the body is not JSON"})


def test_a_body_is_refused_while_it_streams_in_past_the_limit(client: TestClient) -> None:
    """Issue 32: a body declared larger than 64 KiB is refused before it is read."""
    declared = {**JSON_TYPE, "Content-Length": str(300 * 2**20)}
    answer = client.post("/api/tables", content=b"{}", headers=declared)
    assert (answer.status_code, answer.json()) == (413, {"error": "a request body is at most 65536 bytes"})


def test_an_endless_body_gets_413_while_it_streams_in(served: Served) -> None:
    """Issue 32: a 300 MB body to ``join`` was read whole before the 64 KiB limit was checked (the
    server went from 138 to 687 MB): a chunked body is refused once past the limit, its rest unread."""
    host, port = served.base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=WAIT) as conn:
        conn.sendall(
            b"POST /api/tables/x/join HTTP/1.1\r\nHost: "
            + f"{host}:{port}".encode()
            + b"\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"10000\r\n" + b" " * 65_536 + b"\r\n"
        sent, answer = 0, b""
        conn.setblocking(False)
        while sent < 200 and not answer:  # 12.5 MB at most
            with contextlib.suppress(BlockingIOError, InterruptedError):
                answer = conn.recv(4096)
            if answer:
                break
            try:
                conn.sendall(chunk)
            except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                time.sleep(0.05)
            sent += 1
        conn.setblocking(True)
        while not _whole_response(answer) and (more := conn.recv(4096)):  # headers and body may come apart
            answer += more
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"a request body is at most 65536 bytes" in answer


def _whole_response(data: bytes) -> bool:
    """Whether ``data`` holds an HTTP response's headers and as much body as its Content-Length says."""
    head, found, rest = data.partition(b"\r\n\r\n")
    length = re.search(rb"(?i)content-length: *(\d+)", head)
    return bool(found) and length is not None and len(rest) >= int(length[1])


def test_a_post_from_another_site_or_not_as_json_is_refused(client: TestClient) -> None:
    """Issue 32: a cross-origin ``text/plain`` POST (no CORS preflight) created a table."""
    evil = client.post("/api/tables", json=body(), headers={"Origin": "http://evil.example"})
    assert (evil.status_code, evil.json()) == (403, {"error": "requests from another site are refused"})
    plain = client.post(
        "/api/tables", content=json.dumps(body()).encode(), headers={"Content-Type": "text/plain"}
    )
    assert plain.status_code == 415 and "Content-Type: application/json" in plain.json()["error"]
    same = client.post("/api/tables", json=body(), headers={"Origin": "http://testserver"})
    assert same.status_code == 201


def test_joining_is_limited_per_address(tmp_path: Path) -> None:
    server = TableServer(Store(f"sqlite:///{tmp_path / 'j.db'}"), bot_pause=0)
    with TestClient(create_app(server, joins_per_minute=2)) as limited:
        for _ in range(2):
            assert limited.post("/api/tables/nope/join", json={"name": "A", "invite": "x"}).status_code == 404
        answer = limited.post("/api/tables/nope/join", json={"name": "A", "invite": "x"})
        assert (answer.status_code, answer.json()) == (
            429,
            {"error": "at most 2 joins a minute from one address"},
        )


def test_table_creation_is_limited_per_address(client: TestClient) -> None:
    for _ in range(3):
        created(client)
    answer = client.post("/api/tables", json=body())
    assert answer.status_code == 429
    assert answer.json() == {"error": "at most 3 tables a minute from one address"}


def test_joining_a_table(client: TestClient) -> None:
    answer = created(client)
    table, invite = answer["table"], invite_code(answer)
    path = f"/api/tables/{table}/join"
    refused = [
        (client.post(path, json={"name": "Bob", "invite": "wrong"}), 403, "invite"),
        (client.post(path, json={"name": "", "invite": invite}), 400, "name"),
        (client.post(path, json={"name": "Bob", "invite": invite, "seat": 7}), 400, "no seat '7'"),
        (client.post(path, json={"name": "Bob", "invite": invite, "seat": 0}), 409, "seat 0 is taken"),
        (client.post(path, json={"name": "Bob", "invite": invite, "age": 3}), 400, "unknown field"),
        (client.post(path, json=["Bob"]), 400, "JSON object"),
        (client.post("/api/tables/nope/join", json={"name": "Bob", "invite": invite}), 404, "no table"),
    ]
    for reply, status, says in refused:
        assert reply.status_code == status and says in reply.json()["error"], reply.text
    joined = client.post(path, json={"name": "Bob", "invite": invite})
    assert joined.status_code == 200 and joined.json()["seat"] == 1 and len(joined.json()["token"]) >= 22
    full = client.post(path, json={"name": "Cid", "invite": invite})
    assert (full.status_code, full.json()) == (409, {"error": "no seat is open at this table"})
    info = client.get(f"/api/tables/{table}").json()
    assert (info["status"], info["version"], info["seats"][1]["name"]) == ("playing", 1, "Bob")


def test_no_table_no_record_no_route(client: TestClient) -> None:
    table = created(client)["table"]
    assert client.get("/api/tables/nope").status_code == 404
    assert "no table 'nope'" in client.get("/api/tables/nope").json()["error"]
    record = client.get(f"/api/tables/{table}/record")
    assert (record.status_code, record.json()) == (
        404,
        {"error": f"no round of table {table} is finished yet"},
    )
    assert client.get("/api/tables/nope/record").status_code == 404
    assert client.get("/nowhere").json() == {"error": "Not Found"}
    wrong = client.put("/api/tables")
    assert (wrong.status_code, wrong.json()) == (405, {"error": "Method Not Allowed"})


def test_a_websocket_to_no_table_is_closed_with_4404(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nope") as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_text()
    assert closed.value.code == NO_TABLE and "no table" in closed.value.reason


# --------------------------------------------------------------------------- a real server


class Served(ServerProcess):
    """A ``troef serve`` process on a free port (bots without a pause), on the database at ``url``."""

    def create(self, request: dict[str, Any]) -> dict[str, Any]:
        answer = httpx2.post(f"{self.base}/api/tables", json=request)
        assert answer.status_code == 201, answer.text
        result: dict[str, Any] = answer.json()
        return result

    def stop(self) -> str:
        """SIGTERM: the server stops cleanly (exit 0); its output."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(WAIT)
        except subprocess.TimeoutExpired:  # every thread's stack (PYTHONFAULTHANDLER), then fail
            self.process.send_signal(signal.SIGABRT)
            self.process.wait(WAIT)
            raise AssertionError(f"SIGTERM did not stop the server: {self.said()[-20000:]}") from None
        out = self.said()
        self.log.unlink()
        assert self.process.returncode == 0, out
        return out


class Peer:
    """A WebSocket client of one table: every state frame it received, in order."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.states: list[Frame] = []

    @classmethod
    async def hello(cls, served: Served, table: str, token: str | None = None) -> Peer:
        peer = cls(await connect(served.ws + table))
        await peer.send({"type": "hello"} if token is None else {"type": "hello", "token": token})
        assert (await peer.frame())["type"] == "state"
        return peer

    @property
    def last(self) -> Frame:
        return self.states[-1]

    async def send(self, frame: Frame | str) -> None:
        await self.ws.send(frame if isinstance(frame, str) else json.dumps(frame))

    async def frame(self) -> Frame:
        frame: Frame = json.loads(await asyncio.wait_for(self.ws.recv(), WAIT))
        if frame["type"] == "state":
            self.states.append(frame)
        return frame

    async def until(self, wanted: Callable[[Frame], bool]) -> Frame:
        while not wanted(frame := await self.frame()):
            pass
        return frame

    async def answer(self, frame: Frame) -> Frame:
        """Send ``frame`` and read up to its answer: an error, or a state past the current version."""
        version = self.last["version"]
        await self.send(frame)
        return await self.until(lambda f: f["type"] == "error" or f["version"] > version)


def versions_without_gaps(peer: Peer) -> None:
    versions = [state["version"] for state in peer.states]
    assert all(b - a in (0, 1) for a, b in itertools.pairwise(versions)), versions


async def play(
    peer: Peer, rng: random.Random, acked: list[tuple[int, str]], until: Callable[[Frame], bool] | None = None
) -> Frame:
    """Play ``peer``'s seat from its latest state to the end of the match (or to a state ``until``
    accepts): ready for every round with a client seed, a random legal action on every turn; each
    acknowledged act (answered by a state) is kept in ``acked`` as (version, action)."""
    state = peer.last
    while state["table"]["status"] != "over":
        if until is not None and until(state):
            return state
        coming = state["table"]["round"]
        if state["legal_actions"]:
            version, action = state["version"], rng.choice(state["legal_actions"])
            answer = await peer.answer({"type": "act", "action": action, "version": version})
            if answer["type"] == "state":
                acked.append((version, action))
            else:
                assert answer["code"] == "stale", answer  # the table had moved on
        elif not coming["dealt"] and state["seat"] not in coming["ready"]:
            await peer.answer({"type": "ready", "seed": f"{rng.getrandbits(64):x}"})
        state = peer.last if peer.last["version"] > state["version"] else await peer.until(_state)
    return state


def _state(frame: Frame) -> bool:
    return bool(frame["type"] == "state")


async def watch(peer: Peer) -> None:
    """Read a spectator's frames until the match is over."""
    while peer.last["table"]["status"] != "over":
        await peer.frame()


def check_log(store_url: str, table: str, acked: list[tuple[int, str]], record: dict[str, Any]) -> None:
    """Every acknowledged act of seat 0 is its stored event, and the record holds every stored action
    once, in order."""
    with Store(store_url) as store:
        loaded = store.load(table)
    assert loaded is not None
    events: list[Event] = loaded[1]
    for version, action in acked:
        event = events[version]  # the event of version + 1
        assert (event.version, event.kind, event.data["seat"], event.data["action"]) == (
            version + 1,
            "act",
            0,
            action,
        )
    stored = [e.data["action"] for e in events if e.kind == "act"]
    recorded = [action for rnd in record["rounds"] for action in rnd["actions"]]
    assert recorded == stored


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    url = f"sqlite:///{tmp_path_factory.mktemp('served') / 'tables.sqlite3'}"
    server = Served(url)
    yield server
    assert "tables are kept in" in server.stop()


def test_a_whole_match_over_websockets(served: Served) -> None:
    answer = served.create(body(ANN_AND_TWO_BOTS, rounds=2))
    table, token = answer["table"], answer["seats"][0]["token"]

    async def run() -> tuple[Peer, Peer, list[tuple[int, str]]]:
        human = await Peer.hello(served, table, token)
        spectator = await Peer.hello(served, table)
        acked: list[tuple[int, str]] = []
        await asyncio.gather(play(human, random.Random(7), acked), watch(spectator))
        return human, spectator, acked

    human, spectator, acked = asyncio.run(run())
    for peer in (human, spectator):
        versions_without_gaps(peer)
        assert peer.last["table"]["status"] == "over" and len(peer.last["sheet"]["rounds"]) == 2
    assert spectator.last["seat"] is None and human.last["seat"] == 0
    assert all(not state["legal_actions"] for state in spectator.states)
    assert human.last["version"] == spectator.last["version"] == served.get(f"/api/tables/{table}")["version"]
    assert len(acked) >= 2 * 17  # at least a card a trick, two rounds of seventeen
    record = served.get(f"/api/tables/{table}/record")
    assert verify(record).ok and len(record["rounds"]) == 2
    assert replay(record)["totals"] == human.last["sheet"]["totals"]
    check_log(served.url, table, acked, record)


def test_the_protocol_over_websockets(served: Served) -> None:
    seats = [{"kind": "human", "name": name} for name in ("Ann", "Bob", "Cid")]
    answer = served.create(body(seats, rounds=1))
    table = answer["table"]
    tokens = {s["seat"]: s["token"] for s in answer["seats"]}

    async def run() -> None:
        newcomer = Peer(await connect(served.ws + table))
        await newcomer.send({"type": "sync"})
        assert (await newcomer.frame())["code"] == "bad-message"
        await newcomer.send({"type": "hello", "token": "not-a-token"})
        assert (await newcomer.frame())["code"] == "bad-token"
        await newcomer.send({"type": "hello", "token": tokens[0]})
        assert (await newcomer.frame())["seat"] == 0
        await newcomer.send({"type": "hello", "token": tokens[0]})
        assert (await newcomer.frame())["code"] == "bad-message"
        peers = {0: newcomer, **{k: await Peer.hello(served, table, tokens[k]) for k in (1, 2)}}
        spectator = await Peer.hello(served, table)
        bad_seed = await peers[0].answer({"type": "ready", "seed": "xyz"})
        assert bad_seed["code"] == "bad-message" and "hex" in bad_seed["message"]
        for k, peer in peers.items():
            await peer.answer({"type": "ready", "seed": "ABCdef"} if k else {"type": "ready"})
        dealt = await spectator.until(lambda f: f["type"] == "state" and f["table"]["round"]["dealt"])
        version, turn = dealt["version"], dealt["view"]["current_player"]
        actor, other = peers[turn], peers[(turn + 1) % 3]
        await actor.until(lambda f: f["type"] == "state" and f["version"] == version)
        legal = actor.last["legal_actions"]
        assert len(legal) >= 2 and legal[0].startswith("bid ")

        async def error(peer: Peer, frame: Frame | str) -> Frame:
            await peer.send(frame)
            answer = await peer.until(lambda f: f["type"] == "error")
            assert answer["version"] == version
            return answer

        act = {"type": "act", "action": legal[0], "version": version}
        assert (await error(spectator, act))["code"] == "not-seated"
        assert (await error(actor, {**act, "version": version - 1}))["code"] == "stale"
        assert (await error(other, act))["code"] == "not-your-turn"
        illegal = await error(actor, {**act, "action": "bid 99"})
        assert illegal["code"] == "illegal" and legal[-1] in illegal["message"]
        for text in ("{", '{"type": "shout"}', json.dumps({"type": "sync", "pad": "x" * 5000}), "[1]"):
            assert (await error(actor, text))["code"] == "bad-message"
        after = await actor.answer(act)
        assert (after["type"], after["version"]) == ("state", version + 1)
        await actor.send(act)  # a resend after it was applied: the state again, not a second move
        again = await actor.frame()
        assert (again["type"], again["version"]) == ("state", version + 1)
        assert served.get(f"/api/tables/{table}")["version"] == version + 1
        await other.until(lambda f: f["type"] == "state" and f["version"] == version + 1)
        assert other.last["legal_actions"]
        for _ in range(60):
            await other.send({"type": "sync"})
        answers = [await other.frame() for _ in range(60)]
        assert {f.get("code") for f in answers if f["type"] == "error"} == {"too-many"}
        assert sum(f["type"] == "state" for f in answers) >= 30
        await asyncio.sleep(0.2)  # a few frames' worth of the rate come back
        await other.send({"type": "sync"})  # the connection stayed open: a sync still answers
        assert (await other.until(_state))["version"] == version + 1

    asyncio.run(run())


def test_an_away_human_gets_a_stand_in_and_the_record_marks_its_moves(served: Served) -> None:
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "bot", "bot": "random"},
        {"kind": "bot", "bot": "easy"},
    ]
    request = {**body(seats, rounds=1, ready_limit=1, away_limit=1), "rules": "standaard"}
    table = served.create(request)["table"]  # nobody connects: dealt after the ready limit, then a stand-in
    deadline = time.monotonic() + WAIT
    while (info := served.get(f"/api/tables/{table}"))["status"] != "over":
        assert time.monotonic() < deadline, info
        time.sleep(0.2)
    record = served.get(f"/api/tables/{table}/record")
    assert verify(record).ok
    state, actors = start_state(record["rounds"][0]), []
    for action in record["rounds"][0]["actions"]:
        actors.append(state.current_player)
        state.apply(action)
    stood_in = record["rounds"][0]["stand_in"]
    assert stood_in and {actors[index] for index in stood_in} == {0}  # the away human's seat
    assert info["sheet"]["rounds"][0]["stand_in"] == [0]


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--port", "70000"], "--port is a port number 1..65535, not 70000"),
        (["--bot-pause", "-1"], "--bot-pause is 0 to 10 seconds, not -1.0"),
        (["--database", "nosuchdb://x"], "cannot use the database nosuchdb://x"),
        (["--redis", "nonsense"], "not a Redis URL: 'nonsense'"),
        (["--redis", "redis://127.0.0.1:1/0"], "cannot use Redis at redis://127.0.0.1:1/0"),
    ],
)
def test_troef_serve_refuses_bad_options(options: list[str], says: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--no-browser", *options])
    assert result.exit_code == 2 and says in result.output, result.output


def test_a_strong_bot_thinking_at_one_table_does_not_hold_up_a_move_at_another(served: Served) -> None:
    """Bots think in the server's process pool: while a `strong` bot (about a second a move) thinks at
    Ann's table, Bob's move at another table is answered first."""
    strong = [{"kind": "bot", "bot": "strong"}] * 3
    ann_table = served.create(body([{"kind": "human", "name": "Ann"}, *strong], rules="standaard", rounds=1))
    randoms = [{"kind": "bot", "bot": "random"}] * 2
    bob_table = served.create(body([{"kind": "human", "name": "Bob"}, *randoms], rounds=1))

    def turn(seat: int | None) -> Callable[[Frame], bool]:
        """A state frame of the round in play with ``seat`` to act (None: a bot, not seat 0)."""

        def wanted(frame: Frame) -> bool:
            view = frame.get("view")
            if frame["type"] != "state" or view is None or not frame["table"]["round"]["dealt"]:
                return False
            return bool(view["current_player"] == seat if seat is not None else view["current_player"] != 0)

        return wanted

    async def run() -> None:
        ann = await Peer.hello(served, ann_table["table"], ann_table["seats"][0]["token"])
        bob = await Peer.hello(served, bob_table["table"], bob_table["seats"][0]["token"])
        await bob.answer({"type": "ready"})
        bob_turn = await bob.until(turn(0))
        await ann.answer({"type": "ready"})
        state = await ann.until(lambda f: turn(0)(f) or turn(None)(f))
        if state["legal_actions"]:  # Ann bids first: then a strong bot is next
            await ann.send({"type": "act", "action": state["legal_actions"][0], "version": state["version"]})
            state = await ann.until(turn(None))
        order: list[str] = []

        async def next_state(peer: Peer, name: str, version: int) -> None:
            await peer.until(lambda f: f["type"] == "state" and f["version"] > version)
            order.append(name)

        move = {"type": "act", "action": bob_turn["legal_actions"][0], "version": bob_turn["version"]}
        await bob.send(move)
        await asyncio.gather(
            next_state(bob, "Bob's move", bob_turn["version"]), next_state(ann, "bot", state["version"])
        )
        assert order == ["Bob's move", "bot"]
        await ann.ws.close()
        await bob.ws.close()

    asyncio.run(run())


@pytest.mark.parametrize(("trusted", "created"), [((), 10), (("--forwarded-allow-ips", "127.0.0.1"), 12)])
def test_forwarded_addresses_count_only_from_a_trusted_proxy(
    tmp_path: Path, trusted: tuple[str, ...], created: int
) -> None:
    """Issue 32: 30 creations from one address, each with another ``X-Forwarded-For``, all got 201.
    Without ``--forwarded-allow-ips`` the header is ignored: the limit of 10 a minute holds."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'f.db'}", options=trusted)
    try:
        answers = [
            httpx2.post(
                f"{server.base}/api/tables",
                json=body(),
                headers={"X-Forwarded-For": f"203.0.113.{k}"},
                timeout=WAIT,
            ).status_code
            for k in range(12)
        ]
    finally:
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(WAIT)
    assert answers.count(201) == created


def test_a_listed_table_nobody_joins_expires_and_is_not_resumed(tmp_path: Path) -> None:
    """Issue 32: waiting tables never expired; they were listed and resumed at every start for good."""
    store = Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    server = TableServer(store, bot_pause=0, workers=1, expire_after=0.5)
    with TestClient(create_app(server)) as client:
        made = client.post("/api/tables", json=body(listed=True)).json()
        table, code = made["table"], made["invite"].rsplit("/", 1)[1]
        assert [t["id"] for t in client.get("/api/tables").json()["tables"]] == [table]
        deadline = time.monotonic() + WAIT
        while (info := client.get(f"/api/tables/{table}").json())["status"] != "over":
            assert time.monotonic() < deadline, info
            time.sleep(0.1)
        assert info["expired"] is True and info["round"] is None
        assert client.get("/api/tables").json()["tables"] == []
        assert store.table_ids(unfinished=True) == []
        late = client.post(f"/api/tables/{table}/join", json={"name": "Bob", "invite": code})
        assert late.status_code == 409 and "expired" in late.json()["error"]
