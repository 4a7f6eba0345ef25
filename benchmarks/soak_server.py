"""The table server over a long run, attacked at a low rate beside its players (issue 32's soak test).

One ``troef serve`` process (SQLite, or a fresh PostgreSQL database with ``--postgresql``) carries
``--tables`` tables of four scripted humans (`bench_server.py`'s players: Rififi ``oh-hell``, a second of
thought a move) for ``--minutes`` after a ``--warmup``; a match is 4 rounds, and when one ends its players
leave and four others open a new table. Beside them,
every ``--attack-every`` seconds, the next of the attacks that once worked against the server (issue 32),
each checked for the answer it must get:

- ``big-body``: a 300 MB join body streamed in: refused with 413 long before its end;
- ``bad-name``: a seat named by a lone surrogate: 400;
- ``cross-site``: a ``text/plain`` creation from ``Origin: http://evil.example``: refused (4xx);
- ``spoofed-forwarded``: eleven creations from one address, each with another ``X-Forwarded-For``: the
  eleventh is refused with 429 (the forwarded header is not trusted);
- ``huge-number``: a Hoogjassen table with ``cents_per_ten`` 10**400: 400;
- ``silent-socket``: a socket that never says hello: closed by the server within 15 s;
- ``never-reads``: a spectator that says hello and stops reading for 60 s, then leaves;
- ``reconnect-loop``: 50 connect, hello, close cycles with a playing seat's own token, as fast as they go;
- ``bad-frames``: a socket sending a frame that is not JSON, one not UTF-8, an act without a seat and a
  frame over the size limit: errors or a close, never a crash.

Every minute it prints the acts answered per second, the p50 and p99 milliseconds from an act to its
answer, and the server's resident memory. At the end, the verdict on the three things that must hold:
memory after the warm-up grew by less than 10%, every minute's p99 stayed under 100 ms, and nothing
acknowledged was lost: the server is killed with SIGKILL and every table's stored version is at least the
highest version any of its players was sent. It also counts the players' sockets the server closed (none
may be) and the attacks that got an unexpected answer (none may have).

    python benchmarks/soak_server.py [--tables 300] [--minutes 20] [--warmup 300] [--postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import itertools
import json
import os
import platform
import random
import select
import shutil
import socket
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from bench_server import (
    POSTGRESQL,
    REDIS,
    TARGET_MS,
    Deployment,
    Player,
    Tally,
    open_players,
    percentile,
    raise_open_files,
)
from troef.interfaces.web.store import Store

ROUNDS: Final = 4
"""Each table's match (about three minutes): when one ends its players leave and four others open a
new table, as at a club, so that the tables in memory come and go and their number stays the same."""
RENEW_EVERY: Final = 5.0
"""Seconds between two looks for tables whose match is over."""
GROWTH: Final = 0.10
"""The most the server's memory may grow after the warm-up."""
BIG_BODY: Final = 300 * 1024 * 1024
CHUNK: Final = 1024 * 1024
SILENT_CLOSE: Final = 15.0
"""Seconds within which the server must close a socket that said no hello (it allows 10)."""
NEVER_READS: Final = 60.0
RECONNECTS: Final = 50
ATTACKER_NET: Final = "127.3"
"""The attacks come from their own loopback addresses (the players' are 127.1.x.y)."""


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# ----------------------------------------------------------------------------------------- the attacks


@dataclass
class Attacks:
    """The attacks on one server: each makes one attempt and answers what went wrong (empty: it got the
    answer it must get)."""

    port: int
    players: list[Player]
    addresses: Iterator[int] = field(default_factory=lambda: itertools.count(1))
    done: Counter[str] = field(default_factory=Counter)
    wrong: list[str] = field(default_factory=list)

    def source(self) -> str:
        n = next(self.addresses)
        return f"{ATTACKER_NET}.{n // 250 % 250}.{n % 250 + 1}"

    def request(
        self, method: str, path: str, body: bytes, headers: dict[str, str], source: str | None = None
    ) -> tuple[int, str]:
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=30, source_address=(source or self.source(), 0)
        )
        try:
            connection.request(method, path, body, headers)
            answer = connection.getresponse()
            return answer.status, answer.read().decode("utf-8", "replace")
        finally:
            connection.close()

    def table(self) -> str:
        return random.choice(self.players).table

    async def run(self, name: str, attack: Callable[[], Awaitable[str]]) -> None:
        try:
            failure = await attack()
        except Exception as error:  # an attack that breaks is reported, never fatal
            failure = f"the attack itself failed: {error!r}"
        self.done[name] += 1
        if failure:
            self.wrong.append(f"{name}: {failure}")

    async def big_body(self) -> str:
        def send() -> str:
            with socket.create_connection(("127.0.0.1", self.port), 30, (self.source(), 0)) as conn:
                head = (
                    f"POST /api/tables/{self.table()}/join HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    f"Content-Type: application/json\r\nContent-Length: {BIG_BODY}\r\n\r\n"
                )
                conn.sendall(head.encode())
                sent = 0
                answered = select.poll()  # not select(): the players' sockets take the low descriptors
                answered.register(conn, select.POLLIN)
                with contextlib.suppress(OSError):
                    while sent < BIG_BODY and not answered.poll(0):
                        conn.sendall(b" " * CHUNK)
                        sent += CHUNK
                answer = conn.recv(1024).decode("latin-1")
            status = answer.split(" ", 2)[1] if answer.startswith("HTTP/") else answer[:40]
            return "" if status == "413" and sent < BIG_BODY else f"answered {status!r} after {sent} bytes"

        return await asyncio.to_thread(send)

    async def bad_name(self) -> str:
        body = (
            b'{"game": "rififi", "rules": "oh-hell", "players": 3, "seats": [{"kind": "human", "name":'
            b' "\\ud800"}, {"kind": "open"}, {"kind": "open"}]}'
        )
        status, _ = await asyncio.to_thread(
            self.request, "POST", "/api/tables", body, {"Content-Type": "application/json"}
        )
        return "" if status == 400 else f"answered {status}"

    async def cross_site(self) -> str:
        body = json.dumps({"game": "rififi", "rules": "oh-hell", "players": 3}).encode()
        headers = {"Content-Type": "text/plain", "Origin": "http://evil.example"}
        status, _ = await asyncio.to_thread(self.request, "POST", "/api/tables", body, headers)
        return "" if 400 <= status < 500 else f"answered {status}"

    async def spoofed_forwarded(self) -> str:
        source = self.source()
        body = json.dumps({"game": "rififi", "players": 99}).encode()  # refused: nothing is made
        statuses = []
        for k in range(11):
            headers = {"Content-Type": "application/json", "X-Forwarded-For": f"198.51.100.{k + 1}"}
            status, _ = await asyncio.to_thread(self.request, "POST", "/api/tables", body, headers, source)
            statuses.append(status)
        return "" if statuses[-1] == 429 and 429 not in statuses[:10] else f"answered {statuses}"

    async def huge_number(self) -> str:
        body = json.dumps(
            {"game": "hoogjassen", "rules": {"preset": "standaard", "cents_per_ten": 10**400}, "players": 4}
        ).encode()
        status, _ = await asyncio.to_thread(
            self.request, "POST", "/api/tables", body, {"Content-Type": "application/json"}
        )
        return "" if status == 400 else f"answered {status}"

    def socket(self, table: str, max_queue: int = 16) -> connect:
        """A WebSocket to ``table`` from an attacker's address (``max_queue``: frames read ahead)."""
        url = f"ws://127.0.0.1:{self.port}/ws/tables/{table}"
        return connect(url, max_queue=max_queue, local_addr=(self.source(), 0))

    async def silent_socket(self) -> str:
        began = time.monotonic()
        async with self.socket(self.table()) as ws:
            try:
                await asyncio.wait_for(ws.recv(), SILENT_CLOSE)
            except ConnectionClosed:
                return ""
            except TimeoutError:
                return f"still open after {SILENT_CLOSE:g} s"
        return f"answered a frame after {time.monotonic() - began:.1f} s"

    async def never_reads(self) -> str:
        async with self.socket(self.table(), max_queue=1) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            await asyncio.sleep(NEVER_READS)
        return ""

    async def reconnect_loop(self) -> str:
        player = random.choice(self.players)
        for _ in range(RECONNECTS):
            with contextlib.suppress(WebSocketException, OSError):
                async with self.socket(player.table) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": player.token}))
        return ""

    async def bad_frames(self) -> str:
        answers = []
        async with self.socket(self.table()) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            await ws.recv()
            for frame in ("{not json", json.dumps({"type": "act", "action": "AS", "version": 1})):
                await ws.send(frame)
                answers.append(json.loads(await ws.recv()).get("type"))
            with contextlib.suppress(ConnectionClosed):
                await ws.send(b"\xff\xfe")
                await ws.send("x" * 70_000)
                while True:
                    await asyncio.wait_for(ws.recv(), 10)
        return "" if answers == ["error", "error"] else f"answered {answers}"


# ----------------------------------------------------------------------------------------- the run


@dataclass(frozen=True)
class Minute:
    minute: int
    acts_per_s: float
    p50_ms: float
    p99_ms: float
    rss_mb: float
    attacks: int


async def soak(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="troef-soak-"))
    postgresql = args.postgresql_url if args.postgresql else None
    server = await asyncio.to_thread(Deployment, folder, 1, postgresql, REDIS)
    pid = server.servers[0].process.pid
    tally = Tally()
    players: list[Player] = []
    try:
        began = time.perf_counter()
        players = await open_players(server, args.tables, False, 1.0, tally, rounds=ROUNDS)
        print(
            f"{len(players)} sockets at {args.tables} tables in {time.perf_counter() - began:.0f} s",
            flush=True,
        )
        attacks = Attacks(server.port, players)
        kinds: list[tuple[str, Callable[[], Awaitable[str]]]] = [
            ("big-body", attacks.big_body),
            ("bad-name", attacks.bad_name),
            ("cross-site", attacks.cross_site),
            ("spoofed-forwarded", attacks.spoofed_forwarded),
            ("huge-number", attacks.huge_number),
            ("silent-socket", attacks.silent_socket),
            ("never-reads", attacks.never_reads),
            ("reconnect-loop", attacks.reconnect_loop),
            ("bad-frames", attacks.bad_frames),
        ]
        running: set[asyncio.Task[None]] = set()

        async def attacking() -> None:
            for name, attack in itertools.cycle(kinds):
                task = asyncio.create_task(attacks.run(name, attack))
                running.add(task)
                task.add_done_callback(running.discard)
                await asyncio.sleep(args.attack_every)

        everyone = list(players)
        made = args.tables

        async def renewing() -> None:
            nonlocal made
            while True:
                await asyncio.sleep(RENEW_EVERY)
                over = {player.table for player in players if player.over}
                if not over:
                    continue
                leaving = [player for player in players if player.table in over]
                players[:] = [player for player in players if player.table not in over]
                for player in leaving:
                    player.leaving = True
                await asyncio.gather(*(player.socket.close() for player in leaving), return_exceptions=True)
                fresh = await open_players(server, len(over), False, 1.0, tally, rounds=ROUNDS, first=made)
                made += len(over)
                players.extend(fresh)
                everyone.extend(fresh)

        renewer = asyncio.create_task(renewing())
        attacker = asyncio.create_task(attacking())
        await asyncio.sleep(args.warmup)
        warm = rss_mb(pid)
        print(f"after the {args.warmup:g} s warm-up: {warm:.1f} MB", flush=True)
        print(
            f"{'minute':>6} {'acts/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'RSS MB':>8} {'attacks':>8}",
            flush=True,
        )
        tally.start, tally.end = time.perf_counter(), float("inf")
        minutes: list[Minute] = []
        seen = 0
        for minute in range(1, args.minutes + 1):
            await asyncio.sleep(60)
            latencies = tally.latencies[seen:]
            seen += len(latencies)
            row = Minute(
                minute,
                len(latencies) / 60,
                percentile(latencies, 0.5),
                percentile(latencies, 0.99),
                rss_mb(pid),
                sum(attacks.done.values()),
            )
            minutes.append(row)
            print(
                f"{row.minute:6d} {row.acts_per_s:8.1f} {row.p50_ms:8.1f} {row.p99_ms:8.1f} {row.rss_mb:8.1f}"
                f" {row.attacks:8d}",
                flush=True,
            )
        attacker.cancel()
        renewer.cancel()
        for task in list(running):
            task.cancel()
        tally.stopping = True
        closed = tally.closed
        server.servers[0].process.kill()  # SIGKILL: what was acknowledged must be stored
        server.servers[0].process.wait()
        acknowledged: dict[str, int] = {}
        for player in everyone:
            acknowledged[player.table] = max(acknowledged.get(player.table, -1), player.version)
        store = Store(server.database)
        lost = []
        for table, version in acknowledged.items():
            loaded = await asyncio.to_thread(store.load, table)
            stored = loaded[1][-1].version if loaded is not None and loaded[1] else 0
            if stored < version:
                lost.append(f"{table}: sent version {version}, stored {stored}")
        store.close()
        growth = minutes[-1].rss_mb / warm - 1
        worst = max(row.p99_ms for row in minutes)
        everything = percentile(tally.latencies, 0.99)
        print(
            f"memory: {warm:.1f} MB after the warm-up, {minutes[-1].rss_mb:.1f} MB at the end: {growth:+.1%}"
            f" (must stay under +{GROWTH:.0%})"
        )
        print(
            f"p99: {everything:.1f} ms over the run, {worst:.1f} ms in the worst minute"
            f" (must stay under {TARGET_MS:g})"
        )
        print(
            f"acts answered: {len(tally.latencies)}, errors {dict(tally.errors)}, unanswered {tally.pending}"
        )
        print(f"tables played: {made}; players' sockets closed by the server: {closed} (must be 0)")
        print(f"attacks: {dict(attacks.done)}; unexpected answers: {len(attacks.wrong)}")
        for wrong in attacks.wrong[:20]:
            print(f"  {wrong}")
        print(f"acknowledged versions of {len(acknowledged)} tables checked after SIGKILL: {len(lost)} lost")
        for missing in lost[:20]:
            print(f"  {missing}")
        held = growth < GROWTH and worst < TARGET_MS and not lost and not closed and not attacks.wrong
        print("HELD" if held else "DID NOT HOLD")
        return 0 if held else 1
    finally:
        tally.stopping = True
        closing = [player.socket.close() for player in players]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*closing, return_exceptions=True), 30)
        await asyncio.to_thread(server.stop)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--minutes", type=int, default=20)
    parser.add_argument(
        "--warmup", type=float, default=300.0, help="seconds before memory is first measured (a match or two)"
    )
    parser.add_argument("--attack-every", type=float, default=5.0, help="seconds between two attacks")
    parser.add_argument("--postgresql", action="store_true", help="a fresh PostgreSQL database, not SQLite")
    parser.add_argument("--postgresql-url", default=POSTGRESQL)
    args = parser.parse_args()
    if not (1 <= args.tables <= 2000 and 1 <= args.minutes <= 240 and 0 <= args.warmup <= 3600):
        parser.error("--tables is 1 to 2000, --minutes 1 to 240, --warmup 0 to 3600")
    if args.attack_every <= 0:
        parser.error("--attack-every is a positive number of seconds")
    raise_open_files()
    database = "PostgreSQL" if args.postgresql else "SQLite"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"troef serve on {database}: {args.tables} tables of 4 scripted humans for {args.minutes} minutes"
        f" after a {args.warmup:g} s warm-up, an attack every {args.attack_every:g} s;"
        f" {os.cpu_count()} cores,"
        f" Python {platform.python_version()}, load average {load} before the run",
        flush=True,
    )
    sys.exit(asyncio.run(soak(args)))


if __name__ == "__main__":
    main()
