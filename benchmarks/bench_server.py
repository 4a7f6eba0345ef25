"""The table server under load: T tables of scripted WebSocket clients against one ``troef serve`` process.

For every T the script starts ``troef serve`` on a free port with a fresh SQLite database (its bot pause at
its default), creates T tables over HTTP and opens their clients' WebSockets from this one process (asyncio
and the ``websockets`` client), lets them play for ``--warmup`` plus ``--seconds`` seconds, and prints, for
the acts sent after the warm-up: the acts accepted per second, the p50 / p99 / max milliseconds from sending
an ``act`` to the acting client's next ``state`` frame of a higher version (and, for a window of whole
minutes, the p99 of each minute), the median wait from that answer to the seat's next turn (the other
three players' moves: with bots, how fast they keep up), and the server's CPU share (``/proc/<pid>/stat``:
utime + stime over wall time, in % of one core and of the machine's cores). From the server's own
``/metrics``: its group commits a second and their mean duration, its mean time from reading an act to
queueing its answer, and the share of acts over 100 ms by that measure (the rest of the latency is the
sockets' and the generator's).
Also: error frames answered to acts, acts left unanswered 5 s after the measurement (``late``), sockets that
failed or were closed (``lost``), the generator's own CPU and the seconds it took to create and connect.

- Default mode: tables of Rififi ``oh-hell`` with 8 tricks (4 bids and 32 cards a round) and four human
  seats, each a scripted client. A client sends ``ready`` when its frame asks for it (``table.round`` not
  dealt and its seat not in ``ready``) and, on its turn, waits ``--think`` seconds (uniform between half and
  one and a half times) and sends a random action of ``legal_actions`` with the frame's ``version``.  A seat
  with one legal action leaves it to the server, which plays forced moves itself after a random pause.
- ``--stagger S``: each table's players say their first ``ready`` at a moment drawn for the table up to S
  seconds after it opened, and the warm-up begins after S: tables that opened at different times play out
  of step. By default all start at once and, their moves timed alike, keep dealing, bidding and ending
  their rounds nearly together for several rounds, so the acts come in waves (the peaks a third above the
  mean at 2,000 tables).
- ``--bots``: tables of one scripted human and three ``normal`` bots (which think in the server's process
  pool, whose CPU is printed too); T grows through ``--tables`` and the search stops at the first T whose
  human p99 is over 100 ms, reporting the largest T under it.
- ``--postgresql``: a fresh PostgreSQL database per run (on ``--postgresql-url``, the machine's own by
  default) instead of SQLite; the CPU of PostgreSQL's processes is printed too.
- ``--processes 1,2``: each T against one process, then against N processes sharing the database and
  ``--redis`` (``troef serve --redis``) behind a small round-robin TCP proxy (``proxy.py``, its CPU
  printed too, as is Redis's); N > 1 needs ``--postgresql``.

The server limits table creation to 10 a minute per client address, so the tables are created from
successive loopback addresses (127.1.x.y), ten from each, like people each opening a table from their own
machine; the players' sockets come from their table's address too (the server allows 64 an address).
Every socket goes to 127.0.0.1 only; the open-file limit is raised as far as allowed in this process and
the server it starts (8,000 sockets need it).

    python benchmarks/bench_server.py [--tables 100,300,1000,2000] [--seconds 30] [--warmup 10] [--json]
    python benchmarks/bench_server.py --tables 2000 --stagger 36
    python benchmarks/bench_server.py --bots [--tables 5,10,20,40,80]
    python benchmarks/bench_server.py --postgresql --processes 1,2 [--tables 300,1000]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import http.client
import itertools
import json
import os
import platform
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import orjson
import psycopg
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

TARGET_MS: Final = 100.0
"""The p99 target of issue 17: an act's answer within 100 ms."""
MAX_TABLES: Final = 5000
CREATIONS_PER_ADDRESS: Final = 10
"""The server's limit of tables created per client address and minute."""
CONNECTING: Final = 64
"""Tables being created and connected at once."""
SOCKETS_WANTED: Final = 2 * 4 * MAX_TABLES + 256
"""Open files this process and the server want: a socket per client, on both sides."""
START_TIMEOUT: Final = 60.0
HTTP_TIMEOUT: Final = 60.0
OPEN_TIMEOUT: Final = 60.0
DRAIN: Final = 5.0
"""Seconds after the measurement for the answers to the acts sent in it."""
CLOSE_TIMEOUT: Final = 30.0
RETRY_AFTER: Final = 1.0
"""Seconds before a player sends an act the server refused as ``too-many`` again."""
RULES: Final = {"preset": "oh-hell", "tricks": 8}
POSTGRESQL: Final = "postgresql://postgres@127.0.0.1:5432/test"
"""Where ``--postgresql`` makes a fresh database for each run, by default (trust auth)."""
REDIS: Final = "redis://127.0.0.1:6379/0"
SCRAPED: Final = (
    "troef_store_commit_seconds_count",
    "troef_store_commit_seconds_sum",
    "troef_act_seconds_count",
    "troef_act_seconds_sum",
    'troef_act_seconds_bucket{le="0.1"}',
)
"""The server's metrics read before and after the measurement."""
HUMAN: Final = {"kind": "human", "name": "bench"}
NORMAL_BOT: Final = {"kind": "bot", "bot": "normal"}


def table_body(bots: bool, rounds: int = 20) -> dict[str, Any]:
    """The ``POST /api/tables`` body: Rififi ``oh-hell`` with 8 tricks, 20 rounds (far longer than a run),
    four humans or one human and three ``normal`` bots; no stand-in for a human still connecting."""
    seats = [HUMAN, NORMAL_BOT, NORMAL_BOT, NORMAL_BOT] if bots else [HUMAN] * 4
    return {
        "game": "rififi",
        "rules": RULES,
        "players": 4,
        "rounds": rounds,
        "seats": seats,
        "away_limit": 3600,
    }


# ----------------------------------------------------------------------------------- the server process


def raise_open_files(wanted: int = SOCKETS_WANTED) -> int:
    """Raise this process's open-file limit (inherited by the server it starts) as far as allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    limit = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < limit:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
        soft = limit
    return soft


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def cpu_seconds(stat: str, ended_children: bool = False) -> float:
    """utime + stime in seconds from a ``/proc`` stat file (0 once it is gone); ``ended_children``: with
    the CPU of its children that ended and were waited for."""
    try:
        fields = Path(stat).read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    ticks = sum(int(f) for f in fields[11 : 15 if ended_children else 13])
    return ticks / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (the server's bot workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                found.append(int(entry.name))
    return found


def service_pids(name: str) -> list[int]:
    """The processes whose command is ``name`` (``postgres``, ``redis-server``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text().strip() == name:
                    found.append(int(entry.name))
    return found


def service_cpu(name: str) -> float:
    """CPU seconds so far of the processes named ``name``, and of those of their children that ended
    (PostgreSQL's backends of connections closed meanwhile, counted by the postmaster)."""
    pids = service_pids(name)
    return sum(cpu_seconds(f"/proc/{pid}/stat", ended_children=True) for pid in pids)


class Server:
    """``troef serve`` on a free port of 127.0.0.1 with the database ``database`` (and ``redis``), its bot
    pause at its default, writing its output in ``folder``; ``profile``: run it under cProfile, which
    writes that file when it stops."""

    def __init__(
        self, folder: Path, database: str, redis: str | None = None, profile: Path | None = None
    ) -> None:
        self.port = free_port()
        profiling = ["-m", "cProfile", "-o", str(profile)] if profile is not None else []
        command = [sys.executable, *profiling, "-m", "troef", "serve", "--no-browser"]
        sharing = ["--redis", redis] if redis is not None else []
        self.log = folder / f"serve-{self.port}.log"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [*command, "--port", str(self.port), "--database", database, *sharing],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while not self.healthy():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"troef serve did not start: {self.log.read_text()[-2000:]}")
            time.sleep(0.1)

    def healthy(self) -> bool:
        return healthy(self.port)

    def cpu(self) -> tuple[float, float, float]:
        """CPU seconds so far of the server's process (every thread), of its main thread (the event loop)
        and of its children (the bots' workers)."""
        pid = self.process.pid
        workers = sum(cpu_seconds(f"/proc/{child}/stat") for child in children(pid))
        return cpu_seconds(f"/proc/{pid}/stat"), cpu_seconds(f"/proc/{pid}/task/{pid}/stat"), workers

    def stop(self) -> None:
        """SIGTERM (a clean stop), SIGKILL if it is not gone within 30 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def scrape(port: int) -> dict[str, float]:
    """The server's own counts (``GET /metrics``): its commits and their seconds, its acts and their
    seconds from read to answered, summed over the series of each name."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=HTTP_TIMEOUT) as answer:
        text = answer.read().decode()
    counts = dict.fromkeys(SCRAPED, 0.0)
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        if name in counts:
            counts[name] += float(value)
    return counts


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as answer:
            ok: bool = answer.status == 200
            return ok
    except OSError:
        return False


class Deployment:
    """What the clients talk to: one `Server` on a fresh database in ``folder``, or ``processes`` of them
    sharing it and Redis behind `proxy.py`; ``postgresql``: a fresh database on that server, else SQLite."""

    def __init__(
        self,
        folder: Path,
        processes: int,
        postgresql: str | None,
        redis: str,
        profile: Path | None = None,
    ) -> None:
        self.postgresql = postgresql
        self.name = f"troef_bench_{os.getpid()}_{free_port()}"
        if postgresql is not None:
            with psycopg.connect(postgresql, autocommit=True) as admin:
                admin.execute(f'CREATE DATABASE "{self.name}"')
            url = urllib.parse.urlsplit(postgresql)
            database = f"postgresql+psycopg://{url.netloc}/{self.name}"
        else:
            database = f"sqlite:///{folder / 'bench.sqlite3'}"
        self.database = database
        shared = redis if processes > 1 else None
        self.servers = [Server(folder, database, shared, profile) for _ in range(processes)]
        self.proxy: subprocess.Popen[bytes] | None = None
        self.port = self.servers[0].port
        if processes > 1:
            self.port = free_port()
            script = Path(__file__).with_name("proxy.py")
            ports = [str(server.port) for server in self.servers]
            self.proxy = subprocess.Popen([sys.executable, str(script), str(self.port), *ports])
            deadline = time.monotonic() + START_TIMEOUT
            while not healthy(self.port):
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("the proxy did not start")
                time.sleep(0.1)

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far: the servers' processes (every thread), their main threads (the event
        loops), their bots' workers, the proxy, PostgreSQL and Redis."""
        shares = [server.cpu() for server in self.servers]
        proxy = cpu_seconds(f"/proc/{self.proxy.pid}/stat") if self.proxy is not None else 0.0
        return {
            "server": sum(s[0] for s in shares),
            "loop": sum(s[1] for s in shares),
            "bots": sum(s[2] for s in shares),
            "proxy": proxy,
            "db": service_cpu("postgres") if self.postgresql is not None else 0.0,
            "redis": service_cpu("redis-server") if len(self.servers) > 1 else 0.0,
        }

    def scrape(self) -> dict[str, float]:
        """`scrape`, summed over the servers."""
        counts = Counter[str]()
        for server in self.servers:
            counts.update(scrape(server.port))
        return dict(counts)

    def stop(self) -> None:
        if self.proxy is not None:
            self.proxy.terminate()
            self.proxy.wait(30)
        for server in self.servers:
            server.stop()
        if self.postgresql is not None:
            with psycopg.connect(self.postgresql, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def source_address(index: int) -> str:
    """The loopback address of table ``index``'s people (ten tables an address): its creation and its
    sockets come from there, as from a club's machine (the server limits both per address)."""
    address = index // CREATIONS_PER_ADDRESS
    return f"127.1.{address // 250}.{address % 250 + 1}"


def create_table(port: int, index: int, body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/tables`` from the loopback address of table ``index``."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=HTTP_TIMEOUT, source_address=(source_address(index), 0)
    )
    try:
        connection.request("POST", "/api/tables", json.dumps(body), {"Content-Type": "application/json"})
        answer = connection.getresponse()
        data: dict[str, Any] = json.loads(answer.read())
    finally:
        connection.close()
    if answer.status != 201:
        raise RuntimeError(f"POST /api/tables answered {answer.status}: {data}")
    return data


# ----------------------------------------------------------------------------------- the clients


@dataclass
class Tally:
    """What the clients saw; only acts sent in the window [start, end) count."""

    start: float = float("inf")
    end: float = float("inf")
    latencies: list[float] = field(default_factory=list)
    """Milliseconds from an act to its answer."""
    minutes: list[int] = field(default_factory=list)
    """The minute of the window each of `latencies`' acts was sent in."""
    errors: Counter[str] = field(default_factory=Counter)
    closed: int = 0
    """Sockets the server closed during the run."""
    failed: int = 0
    """Sockets that could not be opened."""
    stopping: bool = False
    """No act is sent any more (the measurement is over)."""
    pending: int = 0
    """Acts of the window not answered yet."""
    waits: list[float] = field(default_factory=list)
    """Seconds from an act's answer to the seat's next turn (the other three players' moves)."""

    def counts(self, sent_at: float) -> bool:
        return self.start <= sent_at < self.end


READY: Final = json.dumps({"type": "ready"})


class Player:
    """One scripted client: a human seat of a table over its WebSocket."""

    def __init__(
        self,
        table: str,
        seat: int,
        token: str,
        ws: ClientConnection,
        think: float,
        rng: random.Random,
        start: float = 0.0,
    ) -> None:
        self.table = table
        self.seat = seat
        self.token = token
        self.socket = ws
        self.think_mean = think
        self.rng = rng
        self.start = start
        """Seconds this seat waits before its first ``ready`` (its table's place in a staggered start)."""
        self.starting: asyncio.Task[None] | None = None
        self.version = -1
        self.readied = -1
        """The last round index this seat sent ``ready`` for."""
        self.sent_at: float | None = None
        self.sent_version = -1
        self.sent_action: str | None = None
        self.answered_at: float | None = None
        self.thinking: asyncio.Task[None] | None = None
        self.task: asyncio.Task[None] | None = None
        self.over = False
        """Whether the table's match is over."""
        self.leaving = False
        """Whether this client closes its socket itself."""

    async def play(self, tally: Tally) -> None:
        """Answer every frame until the socket closes."""
        try:
            async for message in self.socket:
                await self.receive(orjson.loads(message), tally)  # orjson: the generator shares the machine
        except WebSocketException:
            pass
        if not tally.stopping and not self.leaving:
            tally.closed += 1

    async def receive(self, frame: dict[str, Any], tally: Tally) -> None:
        now = time.perf_counter()
        if frame["type"] == "error":
            if self.sent_at is not None:
                self.answered(tally, None)
                tally.errors[frame["code"]] += 1
                if frame["code"] == "too-many" and self.sent_action is not None:  # a person tries again
                    retry = self.act(self.sent_action, self.sent_version, RETRY_AFTER, tally)
                    self.thinking = asyncio.create_task(retry)
            return
        version: int = frame["version"]
        if self.sent_at is not None and version > self.sent_version:
            self.answered(tally, (now - self.sent_at) * 1000)
            self.answered_at = now
        if version <= self.version:
            return  # presence: the same version again
        self.version = version
        self.over = frame["table"]["status"] == "over"
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None
        round_info = frame["table"]["round"]
        if (
            round_info is not None
            and not round_info["dealt"]
            and self.seat not in round_info["ready"]
            and self.readied < round_info["index"]
        ):
            self.readied = round_info["index"]
            if self.start > 0:
                self.starting = asyncio.create_task(self.ready_after(self.start))
                self.start = 0.0
            else:
                await self.socket.send(READY)
        legal: list[str] = frame["legal_actions"]
        if legal and self.answered_at is not None:
            if tally.counts(self.answered_at):
                tally.waits.append(now - self.answered_at)
            self.answered_at = None
        if len(legal) > 1 and not tally.stopping:
            pause = self.rng.uniform(0.5, 1.5) * self.think_mean
            self.thinking = asyncio.create_task(self.act(self.rng.choice(legal), version, pause, tally))

    async def ready_after(self, pause: float) -> None:
        await asyncio.sleep(pause)
        with contextlib.suppress(WebSocketException):
            await self.socket.send(READY)

    async def act(self, action: str, version: int, pause: float, tally: Tally) -> None:
        await asyncio.sleep(pause)
        if tally.stopping:
            return
        self.thinking = None
        self.sent_at, self.sent_version, self.sent_action = time.perf_counter(), version, action
        if tally.counts(self.sent_at):
            tally.pending += 1
        await self.socket.send(json.dumps({"type": "act", "action": action, "version": version}))

    def answered(self, tally: Tally, milliseconds: float | None) -> None:
        """The pending act was answered: a state after ``milliseconds``, or an error (None)."""
        assert self.sent_at is not None
        if tally.counts(self.sent_at):
            tally.pending -= 1
            if milliseconds is not None:
                tally.latencies.append(milliseconds)
                tally.minutes.append(int((self.sent_at - tally.start) // 60))
        self.sent_at = None


async def sit(url: str, index: int, table: str, token: str, tally: Tally) -> ClientConnection | None:
    """Person ``index``'s WebSocket to ``table`` (from its own source address) once it said hello with
    ``token``; None, counted as failed, when it could not open."""
    try:
        ws = await connect(
            url + table,
            open_timeout=OPEN_TIMEOUT,
            ping_interval=None,
            max_size=2**22,
            local_addr=(source_address(index), 0),
        )
        await ws.send(json.dumps({"type": "hello", "token": token}))
    except (OSError, TimeoutError, WebSocketException):
        tally.failed += 1
        return None
    return ws


async def open_players(
    server: Deployment,
    count: int,
    bots: bool,
    think: float,
    tally: Tally,
    rounds: int = 20,
    first: int = 0,
    stagger: float = 0.0,
) -> list[Player]:
    """Create ``count`` tables of ``rounds`` rounds (numbered from ``first``: the addresses they come
    from) and seat a connected `Player` at each human seat (sockets that fail are counted in
    ``tally.failed``); each table's players say their first ``ready`` after a pause drawn up to
    ``stagger`` seconds for the table."""
    body = table_body(bots, rounds)
    rng = random.Random(first + 1)
    players: list[Player] = []
    gate = asyncio.Semaphore(CONNECTING)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/"
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(8) as http:

        async def seat(index: int, table: str, seat: int, token: str, start: float) -> None:
            ws = await sit(url, index, table, token, tally)
            if ws is None:
                return
            player = Player(table, seat, token, ws, think, random.Random(rng.random()), start)
            players.append(player)
            player.task = asyncio.create_task(player.play(tally))

        async def one(index: int) -> None:
            async with gate:
                answer = await loop.run_in_executor(http, create_table, server.port, index, body)
                start = rng.uniform(0, stagger) if stagger > 0 else 0.0
                await asyncio.gather(
                    *(
                        seat(index, answer["table"], given["seat"], given["token"], start)
                        for given in answer["seats"]
                    )
                )

        await asyncio.gather(*(one(index) for index in range(first, first + count)))
    return players


# ----------------------------------------------------------------------------------- one measurement


@dataclass(frozen=True)
class Result:
    """The figures of one run at ``tables`` tables."""

    tables: int
    processes: int
    sockets: int
    seconds: float
    acts_per_s: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    wait_p50_s: float
    wait_p99_s: float
    answered: int
    errors: dict[str, int]
    unanswered: int
    failed: int
    closed: int
    server_core_pct: float
    server_machine_pct: float
    loop_core_pct: float
    """The server's main thread: the event loop (its other threads write to the database)."""
    bots_core_pct: float
    proxy_core_pct: float
    db_core_pct: float
    """PostgreSQL's processes (0 on SQLite, which runs in the server's threads)."""
    redis_core_pct: float
    generator_core_pct: float
    connect_s: float
    commits_per_s: float
    """The servers' group commits a second."""
    commit_ms: float
    """Their mean duration (in the writer's thread)."""
    server_act_ms: float
    """The servers' mean time from reading a person's act to its answer queued (`troef_act_seconds`)."""
    server_over_target_pct: float
    """The share of those acts over the target by the server's own measure (its histogram's buckets)."""
    p99_by_minute_ms: list[float]
    """p99 of the acts sent in each whole minute of the window."""

    @property
    def meets_target(self) -> bool:
        return self.answered > 0 and self.unanswered == 0 and self.p99_ms < TARGET_MS


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank; NaN when there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def by_minute(tally: Tally, minutes: int) -> list[float]:
    """The p99 of the acts sent in each of the window's first ``minutes`` minutes."""
    sent: list[list[float]] = [[] for _ in range(minutes)]
    for minute, milliseconds in zip(tally.minutes, tally.latencies, strict=True):
        if minute < minutes:
            sent[minute].append(milliseconds)
    return [percentile(latencies, 0.99) for latencies in sent]


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def quiet_collector() -> None:
    """Keep this process's cyclic collector out of the figures: the generator stands for thousands of
    people's own machines, and its full collections of their 8,000 sockets' state stalled it for 0.3 to
    0.6 s each (CPython's default thresholds), which it then counted as the server's latency. What is
    alive now is frozen and the collector paused until the run ends; the acts' garbage is freed by
    reference counting meanwhile."""
    gc.collect()
    gc.freeze()
    gc.disable()


async def measure(
    tables: int,
    *,
    bots: bool,
    seconds: float,
    warmup: float,
    stagger: float = 0.0,
    think: float,
    processes: int = 1,
    postgresql: str | None = None,
    redis: str = REDIS,
    profile: Path | None = None,
) -> Result:
    """One run: a fresh deployment and database, ``tables`` tables, the warm-up, the measurement, the
    drain."""
    folder = Path(tempfile.mkdtemp(prefix="troef-bench-server-"))
    server = await asyncio.to_thread(Deployment, folder, processes, postgresql, redis, profile)
    tally = Tally()
    players: list[Player] = []
    try:
        began = time.perf_counter()
        players = await open_players(server, tables, bots, think, tally, stagger=stagger)
        connect_s = time.perf_counter() - began
        quiet_collector()
        await asyncio.sleep(stagger + warmup)
        cpu_before, generator_before = server.cpu(), own_cpu()
        counts_before = await asyncio.to_thread(server.scrape)
        tally.start = time.perf_counter()
        tally.end = tally.start + seconds
        await asyncio.sleep(seconds)
        cpu_after, generator_after = server.cpu(), own_cpu()
        counts_after = await asyncio.to_thread(server.scrape)
        wall = time.perf_counter() - tally.start
        tally.stopping = True
        drained = time.perf_counter() + DRAIN
        while tally.pending > 0 and time.perf_counter() < drained:
            await asyncio.sleep(0.05)
        answered = len(tally.latencies)
        cores = os.cpu_count() or 1

        def pct(part: str) -> float:
            return 100 * (cpu_after[part] - cpu_before[part]) / wall

        def moved(name: str) -> float:
            return counts_after[name] - counts_before[name]

        commits = moved("troef_store_commit_seconds_count")
        server_pct = pct("server")
        return Result(
            tables=tables,
            processes=processes,
            sockets=len(players),
            seconds=round(wall, 2),
            acts_per_s=answered / wall,
            p50_ms=percentile(tally.latencies, 0.50),
            p99_ms=percentile(tally.latencies, 0.99),
            max_ms=max(tally.latencies, default=float("nan")),
            wait_p50_s=percentile(tally.waits, 0.50),
            wait_p99_s=percentile(tally.waits, 0.99),
            answered=answered,
            errors=dict(tally.errors),
            unanswered=tally.pending,
            failed=tally.failed,
            closed=tally.closed,
            server_core_pct=server_pct,
            server_machine_pct=server_pct / cores,
            loop_core_pct=pct("loop"),
            bots_core_pct=pct("bots"),
            proxy_core_pct=pct("proxy"),
            db_core_pct=pct("db"),
            redis_core_pct=pct("redis"),
            generator_core_pct=100 * (generator_after - generator_before) / wall,
            connect_s=connect_s,
            commits_per_s=commits / wall,
            commit_ms=1000 * moved("troef_store_commit_seconds_sum") / max(commits, 1),
            server_act_ms=1000 * moved("troef_act_seconds_sum") / max(moved("troef_act_seconds_count"), 1),
            server_over_target_pct=100
            * (1 - moved('troef_act_seconds_bucket{le="0.1"}') / max(moved("troef_act_seconds_count"), 1)),
            p99_by_minute_ms=by_minute(tally, int(seconds // 60)),
        )
    finally:
        gc.enable()
        gc.unfreeze()
        tally.stopping = True
        closing = [player.socket.close() for player in players]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*closing, return_exceptions=True), CLOSE_TIMEOUT)
        await asyncio.to_thread(server.stop)
        shutil.rmtree(folder, ignore_errors=True)


# ----------------------------------------------------------------------------------- the report


def machine() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{os.cpu_count()} cores, Python {platform.python_version()} on {platform.system()} "
        f"{platform.release()}, load average {load} before the runs"
    )


HEADER: Final = (
    f"{'tables':>7} {'procs':>5} {'sockets':>8} {'acts/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
    f"{'wait s':>7} "
    f"{'errors':>7} {'late':>5} {'lost':>5} {'server %core':>13} {'%machine':>9} {'loop %core':>11} "
    f"{'bots %core':>11} {'proxy %core':>12} {'db %core':>9} {'redis %core':>12} "
    f"{'generator %core':>16} {'connect s':>10} {'commits/s':>10} {'commit ms':>10} {'server act ms':>14} "
    f"{'server >100 ms %':>17}"
)


def row(result: Result) -> str:
    errors = sum(result.errors.values())
    return (
        f"{result.tables:>7} {result.processes:>5} {result.sockets:>8} {result.acts_per_s:>8.1f} "
        f"{result.p50_ms:>8.1f} "
        f"{result.p99_ms:>8.1f} {result.max_ms:>8.1f} {result.wait_p50_s:>7.2f} {errors:>7} "
        f"{result.unanswered:>5} {result.failed + result.closed:>5} "
        f"{result.server_core_pct:>13.1f} {result.server_machine_pct:>9.1f} {result.loop_core_pct:>11.1f} "
        f"{result.bots_core_pct:>11.1f} {result.proxy_core_pct:>12.1f} {result.db_core_pct:>9.1f} "
        f"{result.redis_core_pct:>12.1f} {result.generator_core_pct:>16.1f} {result.connect_s:>10.1f} "
        f"{result.commits_per_s:>10.1f} {result.commit_ms:>10.2f} {result.server_act_ms:>14.2f} "
        f"{result.server_over_target_pct:>17.2f}"
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--tables", help="comma-separated numbers of tables (default 100,300,1000,2000; --bots 5,10,20,40,80)"
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds measured per T (default 30)")
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds played before measuring (default 10)"
    )
    parser.add_argument(
        "--stagger",
        type=float,
        default=0.0,
        help="seconds over which the tables start, each at a random moment, so that they play out of "
        "step; the warm-up begins once they all have (default 0: all at once)",
    )
    parser.add_argument(
        "--think", type=float, default=1.0, help="a client's mean thinking time (default 1 s)"
    )
    parser.add_argument(
        "--bots", action="store_true", help="one scripted human and three normal bots a table"
    )
    parser.add_argument(
        "--profile", type=Path, help="run the server under cProfile, writing FILE-T.prof per T"
    )
    parser.add_argument(
        "--postgresql", action="store_true", help="a fresh PostgreSQL database per run instead of SQLite"
    )
    parser.add_argument(
        "--postgresql-url", default=POSTGRESQL, help=f"where --postgresql makes them (default {POSTGRESQL})"
    )
    parser.add_argument(
        "--processes", default="1", help="comma-separated numbers of server processes per T (default 1)"
    )
    parser.add_argument("--redis", default=REDIS, help=f"the Redis of several processes (default {REDIS})")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        args.processes = [int(n) for n in args.processes.split(",")]
    except ValueError:
        parser.error("--processes is a comma-separated list of numbers")
    if not all(1 <= n <= 16 for n in args.processes):
        parser.error("a number of processes is 1 to 16")
    if max(args.processes) > 1 and not args.postgresql:
        parser.error("several processes share a PostgreSQL database: add --postgresql")
    try:
        args.tables = [
            int(t)
            for t in (args.tables or ("5,10,20,40,80" if args.bots else "100,300,1000,2000")).split(",")
        ]
    except ValueError:
        parser.error("--tables is a comma-separated list of numbers")
    if not all(1 <= t <= MAX_TABLES for t in args.tables):
        parser.error(f"a number of tables is 1 to {MAX_TABLES}")
    if not (
        0 < args.seconds <= 600
        and 0 <= args.warmup <= 600
        and 0 <= args.stagger <= 600
        and 0 < args.think <= 60
    ):
        parser.error("--seconds is 0 to 600, --warmup and --stagger 0 to 600, --think 0 to 60")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    files = raise_open_files()
    if not args.json:
        mode = "1 scripted human + 3 normal bots" if args.bots else "4 scripted humans"
        database = "PostgreSQL" if args.postgresql else "SQLite"
        print(
            f"troef serve on {database}, Rififi oh-hell 8-trick tables of {mode}; {machine()}; "
            f"open files {files}"
        )
        print(
            f"think {args.think:g} s (uniform x0.5-1.5), tables started over {args.stagger:g} s, "
            f"{args.warmup:g} s warm-up, "
            f"{args.seconds:g} s measured; latency: act -> the acting client's next state "
            f"(target p99 < {TARGET_MS:g} ms)"
        )
        print(HEADER)
    results: list[Result] = []
    for tables, processes in itertools.product(args.tables, args.processes):
        profile = args.profile.with_name(f"{args.profile.stem}-{tables}.prof") if args.profile else None
        result = asyncio.run(
            measure(
                tables,
                bots=args.bots,
                seconds=args.seconds,
                warmup=args.warmup,
                stagger=args.stagger,
                think=args.think,
                processes=processes,
                postgresql=args.postgresql_url if args.postgresql else None,
                redis=args.redis,
                profile=profile,
            )
        )
        results.append(result)
        if not args.json:
            print(row(result), flush=True)
            if result.p99_by_minute_ms:
                shown = " ".join(f"{p99:.0f}" for p99 in result.p99_by_minute_ms)
                print(f"  p99 ms by minute: {shown}", flush=True)
        if args.bots and not result.meets_target:
            break
    sustained = max((r.tables for r in results if r.meets_target), default=0)
    if args.json:
        figures = {
            "mode": "bots" if args.bots else "humans",
            "database": "postgresql" if args.postgresql else "sqlite",
            "cores": os.cpu_count(),
            "python": platform.python_version(),
            "think": args.think,
            "warmup": args.warmup,
            "stagger": args.stagger,
            "results": [vars(r) for r in results],
            "largest_tables_under_target": sustained,
        }
        print(json.dumps(figures, indent=2))
        return 0
    errors = Counter[str]()
    for result in results:
        errors.update(result.errors)
    if errors:
        print("errors answered to acts:", ", ".join(f"{code} {n}" for code, n in errors.most_common()))
    print(f"largest T with p99 < {TARGET_MS:g} ms: {sustained or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
