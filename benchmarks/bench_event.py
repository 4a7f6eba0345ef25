"""A club event under load (issue 34): 240 people at 60 Rikken tables against one ``troef serve`` process.

The script starts ``troef serve`` (`bench_server.py`'s `Deployment`: a fresh SQLite database, or a fresh
PostgreSQL one with ``--postgresql``) and plays a whole club event through its HTTP and WebSocket API, as
the browser's pages do (clubs.md):

- An organizer signs up, makes a club, and ``--players`` people sign up and join it; the organizer makes
  an event of Rikken ``kampioenschap-online`` (``--format`` draw or duplicate, ``--sessions`` sessions of
  ``--rounds`` rounds, all of them registered) and starts it: ``POST /api/events/{event}/start`` draws
  session 1 and creates its tables, and the time it takes is the draw's time as a client sees it. The
  draw itself (`troef.interfaces.web.draw.draw`) is timed in this process too, for every session, each
  seeing the meetings of the sessions before, before the server starts.
- Each person does what ``event.js`` does while the event page is open: ``GET /api/events/{event}`` and,
  once it is playing, ``GET /api/events/{event}/seat`` every 5 s (``--poll``), the first at a random
  moment; a seat of a new session takes them to its table: a WebSocket from their own address, and
  `bench_server.Player`'s script (``ready`` when asked, on their turn a random legal action after
  ``--think`` seconds, uniform between half and one and a half times; forced moves are the server's). When
  the table is over they close it and are back on the event page at once.
- A watcher (the organizer's screen at the club, showing the standings) reads ``GET /api/events/{event}``
  every ``--watch`` seconds; each read is counted to the rounds every table has finished (the least
  ``rounds`` of the standings), so the standings' time is reported after each round of the event.

Reported: the draw's time (the start request; the draw in this process per session), the act latency
over the whole event (as `bench_server.py`: from sending an ``act`` to the acting client's next ``state``
frame of a higher version) p50 / p95 / p99 / max and count, errors answered to acts, acts unanswered and
sockets lost, the watcher's reads per round (p50, max), the people's page reads (p50, p99, max), the
server's CPU (% of one core: the process, and its main thread, the event loop), the generator's CPU, and
whether p99 < 100 ms. Then (unless ``--plain-seconds 0``) the same people's script at as many plain tables
(``POST /api/tables``, Rikken ``kampioenschap-online``, four human seats, no event) on a fresh server for
a 10 s warm-up and ``--plain-seconds``, and the ratio of the event's latencies to theirs.

The server limits sign-ups, clubs, joins and tables per client address and minute (10 sign-ups a
minute), and ``troef serve`` has no option to raise them; so, as at a real club evening where everyone
plays from their own device, each person talks to the server from a loopback address of their own
(127.3.x.y; the organizer 127.4.0.1), and the plain tables come from `bench_server.source_address`'s
addresses. Every socket goes to 127.0.0.1 only.

    python benchmarks/bench_event.py [--players 240] [--sessions 2] [--rounds 2] [--think 1.0]
                                     [--format draw|duplicate] [--postgresql] [--plain-seconds 60] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

import httpx2
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from bench_server import (
    HTTP_TIMEOUT,
    OPEN_TIMEOUT,
    POSTGRESQL,
    REDIS,
    TARGET_MS,
    Deployment,
    Player,
    Tally,
    create_table,
    machine,
    own_cpu,
    percentile,
    raise_open_files,
    sit,
)
from troef.games import load_game
from troef.interfaces.web.accounts import COOKIE
from troef.interfaces.web.draw import draw, meetings, table_sizes

GAME: Final = "rikken"
RULES: Final = "kampioenschap-online"
PASSWORD: Final = "a long enough password"
POLL: Final = 5.0
"""Seconds between an open event page's reads (``event.js``'s ``POLL_MS``)."""
WATCH: Final = 1.0
"""Seconds between the watcher's reads of the standings, by default."""
ORGANIZER: Final = "organisator"
ORGANIZER_ADDRESS: Final = "127.4.0.1"
SETTING_UP: Final = 16
"""People signing up and joining at once."""
EVENT_LIMIT: Final = 1200.0
"""Seconds the event may take before the run gives up on it."""
RECONNECT: Final = 0.3
TRIES: Final = 10
"""Sockets a person opens to one table before leaving it to the server's stand-in (each lost one counts)."""
PLAIN_ROUNDS: Final = 20
PLAIN_WARMUP: Final = 10.0
FILL: Final = "normal"
"""The bots that take the seats left when the players do not fill the tables."""
HUMAN: Final = {"kind": "human", "name": "bench"}


def person_address(index: int) -> str:
    """Person ``index``'s own loopback address: every request and socket of theirs comes from there."""
    return f"127.3.{index // 250}.{index % 250 + 1}"


def person_name(index: int) -> str:
    return f"speler{index + 1:03d}"


@dataclass(frozen=True)
class Read:
    """One ``GET`` of the event (``kind`` ``watch`` or ``page``) or of a seat (``seat``)."""

    kind: str
    ms: float
    rounds: int = -1
    """For the watcher: the rounds every table had finished (the least ``rounds`` of the standings)."""


@dataclass
class Seen:
    """What the people and the watcher saw of the event."""

    reads: list[Read] = field(default_factory=list)
    http_errors: int = 0
    """Requests answered with an unexpected status, or not at all."""
    status: str = "registered"
    rounds_done: int = 0


async def timed(
    client: httpx2.AsyncClient, method: str, url: str, **kwargs: Any
) -> tuple[httpx2.Response, float]:
    began = time.perf_counter()
    answer = await client.request(method, url, **kwargs)
    return answer, (time.perf_counter() - began) * 1000


@dataclass
class EventTally(Tally):
    """`bench_server.Tally`, with the acts' latencies apart by whether people were on the event page
    meanwhile (their tables over, or not yet sat at, while others play): ``busy`` then, ``quiet`` not."""

    waiting: int = 0
    """People on the event page now."""
    quiet: list[float] = field(default_factory=list)
    busy: list[float] = field(default_factory=list)


class SeatPlayer(Player):
    """`bench_server.Player` at an event's table: it closes its socket once the table is over."""

    def answered(self, tally: Tally, milliseconds: float | None) -> None:
        assert self.sent_at is not None
        if milliseconds is not None and tally.counts(self.sent_at) and isinstance(tally, EventTally):
            (tally.busy if tally.waiting else tally.quiet).append(milliseconds)
        super().answered(tally, milliseconds)

    async def play(self, tally: Tally) -> None:
        try:
            async for message in self.socket:
                await self.receive(json.loads(message), tally)
                if self.over:
                    break
        except WebSocketException:
            pass
        if self.thinking is not None:
            self.thinking.cancel()
        if not self.over and not tally.stopping:
            tally.closed += 1
        self.leaving = True
        with contextlib.suppress(WebSocketException, OSError):
            await self.socket.close()


class Person:
    """A player of the event with their own address, HTTP client (and cookie) and random numbers."""

    def __init__(self, base: str, index: int, think: float, rng: random.Random) -> None:
        self.index = index
        self.name = person_name(index)
        self.address = person_address(index)
        self.base = base
        self.think = think
        self.rng = rng
        transport = httpx2.AsyncHTTPTransport(local_address=self.address)
        self.http = httpx2.AsyncClient(base_url=base, timeout=HTTP_TIMEOUT, transport=transport)
        self.sessions: set[int] = set()

    async def join(self, club: str, invite: str) -> None:
        answer = await self.http.post("/api/accounts", json={"name": self.name, "password": PASSWORD})
        if answer.status_code != 201:
            raise RuntimeError(f"{self.name}: sign-up answered {answer.status_code} {answer.text[:200]}")
        answer = await self.http.post(f"/api/clubs/{club}/join", json={"invite": invite})
        if answer.status_code != 200:
            raise RuntimeError(f"{self.name}: join answered {answer.status_code} {answer.text[:200]}")

    async def attend(self, event: str, poll: float, tally: EventTally, seen: Seen) -> None:
        """The event page (a read every ``poll`` s, the first at a random moment) until the event is over,
        at the table of each new session as soon as its seat turns up."""
        await asyncio.sleep(self.rng.uniform(0, poll))
        while True:
            try:
                answer, ms = await timed(self.http, "GET", f"/api/events/{event}")
                seen.reads.append(Read("page", ms))
                if answer.status_code != 200:
                    seen.http_errors += 1
                elif answer.json()["status"] == "over":
                    return
                elif answer.json()["status"] == "playing":
                    answer, ms = await timed(self.http, "GET", f"/api/events/{event}/seat")
                    seen.reads.append(Read("seat", ms))
                    if answer.status_code == 200 and answer.json()["session"] not in self.sessions:
                        seat = answer.json()
                        self.sessions.add(seat["session"])
                        tally.waiting -= 1
                        await self.play_table(seat["table"], seat["token"], seat["seat"], tally)
                        tally.waiting += 1
                        continue  # back on the event page at once
                    if answer.status_code not in (200, 404):
                        seen.http_errors += 1
            except httpx2.HTTPError:
                seen.http_errors += 1
            await asyncio.sleep(poll)

    async def play_table(self, table: str, token: str, seat: int, tally: Tally) -> None:
        """Sit at the table (again, should the socket be lost, up to `TRIES` times) and play it to its end.
        The socket shows the account's cookie, as the browser's does: a duplicate session's tables are
        sealed to anyone else."""
        url = self.base.replace("http://", "ws://") + f"/ws/tables/{table}"
        cookie = {"Cookie": f"{COOKIE}={self.http.cookies.get(COOKIE)}"}
        for _ in range(TRIES):
            if tally.stopping:
                return
            try:
                ws = await connect(
                    url,
                    open_timeout=OPEN_TIMEOUT,
                    ping_interval=None,
                    max_size=2**22,
                    local_addr=(self.address, 0),
                    additional_headers=cookie,
                )
                await ws.send(json.dumps({"type": "hello", "token": token}))
            except (OSError, TimeoutError, WebSocketException):
                tally.failed += 1
                await asyncio.sleep(RECONNECT)
                continue
            player = SeatPlayer(table, seat, token, ws, self.think, random.Random(self.rng.random()))
            await player.play(tally)
            if player.over:
                return
            await asyncio.sleep(RECONNECT)

    async def close(self) -> None:
        await self.http.aclose()


async def watch(client: httpx2.AsyncClient, event: str, every: float, seen: Seen) -> None:
    """Read the event every ``every`` seconds until it is over, each read counted to the rounds every
    table had finished when it was answered."""
    while True:
        began = time.perf_counter()
        try:
            answer, ms = await timed(client, "GET", f"/api/events/{event}")
        except httpx2.HTTPError:
            seen.http_errors += 1
            await asyncio.sleep(every)
            continue
        if answer.status_code != 200:
            seen.http_errors += 1
        else:
            body = answer.json()
            rounds = min((row["rounds"] for row in body["standings"]), default=0)
            seen.reads.append(Read("watch", ms, rounds))
            seen.status, seen.rounds_done = body["status"], rounds
            if body["status"] == "over":
                return
        await asyncio.sleep(max(0.0, every - (time.perf_counter() - began)))


# ----------------------------------------------------------------------------------- the draw alone


def time_draws(players: int, sessions: int, duplicate: bool, seed: int = 34) -> list[float]:
    """Milliseconds `draw` takes for each session of an event of ``players`` people, as the server draws
    them (each session seeing the meetings of those before)."""
    game = load_game(GAME, RULES)
    sizes, _bots = table_sizes(players, game.default_players, game.max_players, uniform=duplicate)
    people = [person_name(i).casefold() for i in range(players)]
    rng = random.Random(seed)
    done: list[list[list[str | None]]] = []
    times = []
    for _ in range(sessions):
        met = meetings(done)
        began = time.perf_counter()
        done.append(draw(people, sizes, met, rng))
        times.append((time.perf_counter() - began) * 1000)
    return times


# ----------------------------------------------------------------------------------- the event


@dataclass(frozen=True)
class Figures:
    """Act latencies: count, p50, p95, p99, max (ms), errors answered, unanswered, lost sockets."""

    acts: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float
    errors: dict[str, int]
    unanswered: int
    lost: int

    @classmethod
    def of(cls, tally: Tally) -> Figures:
        return cls(
            acts=len(tally.latencies),
            p50_ms=percentile(tally.latencies, 0.50),
            p95_ms=percentile(tally.latencies, 0.95),
            p99_ms=percentile(tally.latencies, 0.99),
            max_ms=max(tally.latencies, default=float("nan")),
            errors=dict(tally.errors),
            unanswered=tally.pending,
            lost=tally.failed + tally.closed,
        )

    @property
    def meets_target(self) -> bool:
        return self.acts > 0 and self.unanswered == 0 and self.p99_ms < TARGET_MS


@dataclass(frozen=True)
class RoundReads:
    """The watcher's reads while every table had finished ``rounds`` rounds of the event."""

    rounds: int
    reads: int
    p50_ms: float
    max_ms: float


@dataclass(frozen=True)
class EventResult:
    players: int
    tables: int
    setup_s: float
    create_ms: float
    start_ms: float
    seconds: float
    over: bool
    acts: Figures
    quiet_acts: int
    quiet_p50_ms: float
    quiet_p99_ms: float
    busy_acts: int
    busy_p50_ms: float
    busy_p99_ms: float
    per_round: list[RoundReads]
    page_reads: int
    page_p50_ms: float
    page_p99_ms: float
    page_max_ms: float
    seat_reads: int
    seat_p50_ms: float
    seat_max_ms: float
    http_errors: int
    server_core_pct: float
    loop_core_pct: float
    db_core_pct: float
    generator_core_pct: float


async def sign_up_organizer(base: str) -> httpx2.AsyncClient:
    transport = httpx2.AsyncHTTPTransport(local_address=ORGANIZER_ADDRESS)
    client = httpx2.AsyncClient(base_url=base, timeout=HTTP_TIMEOUT, transport=transport)
    answer = await client.post("/api/accounts", json={"name": ORGANIZER, "password": PASSWORD})
    if answer.status_code != 201:
        raise RuntimeError(f"the organizer's sign-up answered {answer.status_code} {answer.text[:200]}")
    return client


async def run_event(args: argparse.Namespace) -> EventResult:
    """Sign-ups, the club, the event, its start and the whole event played; its figures."""
    folder = Path(tempfile.mkdtemp(prefix="troef-bench-event-"))
    postgresql = args.postgresql_url if args.postgresql else None
    server = await asyncio.to_thread(Deployment, folder, 1, postgresql, REDIS)
    base = f"http://127.0.0.1:{server.port}"
    rng = random.Random(args.seed)
    people = [Person(base, i, args.think, random.Random(rng.random())) for i in range(args.players)]
    organizer = await sign_up_organizer(base)
    tally, seen = EventTally(waiting=args.players), Seen()
    attending: list[asyncio.Task[None]] = []
    watcher: asyncio.Task[None] | None = None
    try:
        began = time.perf_counter()
        made = (await organizer.post("/api/clubs", json={"name": "Rikclub De Troef"})).json()
        gate = asyncio.Semaphore(SETTING_UP)

        async def join(person: Person) -> None:
            async with gate:
                await person.join(made["club"], made["invite"])

        await asyncio.gather(*(join(person) for person in people))
        setup_s = time.perf_counter() - began
        body = {
            "name": "Rikavond",
            "game": GAME,
            "rules": RULES,
            "format": args.format,
            "sessions": args.sessions,
            "rounds": args.rounds,
            "players": [person.name for person in people],
            "fill": FILL,
        }
        answer, create_ms = await timed(organizer, "POST", f"/api/clubs/{made['club']}/events", json=body)
        if answer.status_code != 201:
            raise RuntimeError(f"the event's creation answered {answer.status_code} {answer.text[:300]}")
        event = answer.json()["event"]
        attending = [asyncio.create_task(p.attend(event, args.poll, tally, seen)) for p in people]
        await asyncio.sleep(args.poll)  # everyone has the event page open
        cpu_before, generator_before = server.cpu(), own_cpu()
        tally.start, tally.end = time.perf_counter(), float("inf")
        answer, start_ms = await timed(organizer, "POST", f"/api/events/{event}/start")
        if answer.status_code != 200:
            raise RuntimeError(f"the event's start answered {answer.status_code} {answer.text[:300]}")
        tables = sum(len(s["tables"]) for s in answer.json()["sessions"])
        watcher = asyncio.create_task(watch(organizer, event, args.watch, seen))
        done, _pending = await asyncio.wait([watcher], timeout=EVENT_LIMIT)
        over = bool(done)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*attending, return_exceptions=True), args.poll + 30)
        cpu_after, generator_after = server.cpu(), own_cpu()
        wall = time.perf_counter() - tally.start
        tally.stopping = True

        def pct(part: str) -> float:
            return 100 * (cpu_after[part] - cpu_before[part]) / wall

        per_round = []
        for k in sorted({r.rounds for r in seen.reads if r.kind == "watch"}):
            ms = [r.ms for r in seen.reads if r.kind == "watch" and r.rounds == k]
            per_round.append(RoundReads(k, len(ms), percentile(ms, 0.5), max(ms)))
        page = [r.ms for r in seen.reads if r.kind == "page"]
        seat = [r.ms for r in seen.reads if r.kind == "seat"]
        return EventResult(
            players=args.players,
            tables=tables,
            setup_s=setup_s,
            create_ms=create_ms,
            start_ms=start_ms,
            seconds=wall,
            over=over,
            acts=Figures.of(tally),
            quiet_acts=len(tally.quiet),
            quiet_p50_ms=percentile(tally.quiet, 0.5),
            quiet_p99_ms=percentile(tally.quiet, 0.99),
            busy_acts=len(tally.busy),
            busy_p50_ms=percentile(tally.busy, 0.5),
            busy_p99_ms=percentile(tally.busy, 0.99),
            per_round=per_round,
            page_reads=len(page),
            page_p50_ms=percentile(page, 0.5),
            page_p99_ms=percentile(page, 0.99),
            page_max_ms=max(page, default=float("nan")),
            seat_reads=len(seat),
            seat_p50_ms=percentile(seat, 0.5),
            seat_max_ms=max(seat, default=float("nan")),
            http_errors=seen.http_errors,
            server_core_pct=pct("server"),
            loop_core_pct=pct("loop"),
            db_core_pct=pct("db"),
            generator_core_pct=100 * (generator_after - generator_before) / wall,
        )
    finally:
        tally.stopping = True
        for task in [*attending, *([watcher] if watcher is not None else [])]:
            task.cancel()
        await asyncio.gather(*attending, return_exceptions=True)
        await asyncio.gather(organizer.aclose(), *(person.close() for person in people))
        await asyncio.to_thread(server.stop)
        shutil.rmtree(folder, ignore_errors=True)


# ----------------------------------------------------------------------------------- plain tables


async def run_plain(args: argparse.Namespace, tables: int) -> Figures:
    """``tables`` plain Rikken tables of four scripted humans on a fresh server: the act latencies over
    ``--plain-seconds`` after a warm-up."""
    folder = Path(tempfile.mkdtemp(prefix="troef-bench-event-plain-"))
    postgresql = args.postgresql_url if args.postgresql else None
    server = await asyncio.to_thread(Deployment, folder, 1, postgresql, REDIS)
    body = {
        "game": GAME,
        "rules": RULES,
        "players": 4,
        "rounds": PLAIN_ROUNDS,
        "seats": [HUMAN] * 4,
        "away_limit": 3600,
    }
    tally = Tally()
    players: list[Player] = []
    rng = random.Random(args.seed + 1)
    loop = asyncio.get_running_loop()
    url = f"ws://127.0.0.1:{server.port}/ws/tables/"
    try:
        with ThreadPoolExecutor(8) as pool:

            async def seat(index: int, table: str, seat: int, token: str) -> None:
                ws = await sit(url, index, table, token, tally)
                if ws is None:
                    return
                player = Player(table, seat, token, ws, args.think, random.Random(rng.random()))
                players.append(player)
                player.task = asyncio.create_task(player.play(tally))

            async def one(index: int) -> None:
                answer = await loop.run_in_executor(pool, create_table, server.port, index, body)
                await asyncio.gather(
                    *(seat(index, answer["table"], s["seat"], s["token"]) for s in answer["seats"])
                )

            await asyncio.gather(*(one(index) for index in range(tables)))
        await asyncio.sleep(PLAIN_WARMUP)
        tally.start = time.perf_counter()
        tally.end = tally.start + args.plain_seconds
        await asyncio.sleep(args.plain_seconds)
        tally.stopping = True
        drained = time.perf_counter() + 5.0
        while tally.pending > 0 and time.perf_counter() < drained:
            await asyncio.sleep(0.05)
        return Figures.of(tally)
    finally:
        tally.stopping = True
        closing = [player.socket.close() for player in players]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*closing, return_exceptions=True), 30)
        await asyncio.to_thread(server.stop)
        shutil.rmtree(folder, ignore_errors=True)


# ----------------------------------------------------------------------------------- the report


def acts_row(name: str, figures: Figures) -> str:
    errors = sum(figures.errors.values())
    return (
        f"{name:<14} {figures.acts:>7} {figures.p50_ms:>8.1f} {figures.p95_ms:>8.1f} {figures.p99_ms:>8.1f} "
        f"{figures.max_ms:>8.1f} {errors:>7} {figures.unanswered:>5} {figures.lost:>5}"
    )


def report(args: argparse.Namespace, draws: list[float], result: EventResult, plain: Figures | None) -> None:
    print(
        f"draw (in this process, {args.players} people): "
        + ", ".join(f"session {k} {ms:.0f} ms" for k, ms in enumerate(draws, 1))
    )
    print(
        f"setup: {args.players + 1} sign-ups and joins {result.setup_s:.1f} s; event created in "
        f"{result.create_ms:.0f} ms; start (draws session 1, makes its {result.tables} tables) "
        f"{result.start_ms:.0f} ms"
    )
    print(
        f"event: {result.seconds:.1f} s from the start to the end"
        + ("" if result.over else f" (NOT over after {EVENT_LIMIT:g} s)")
        + f"; server {result.server_core_pct:.1f}% of a core (event loop {result.loop_core_pct:.1f}%"
        + (f", PostgreSQL {result.db_core_pct:.1f}%" if args.postgresql else "")
        + f"), generator {result.generator_core_pct:.1f}%; HTTP errors {result.http_errors}"
    )
    print(
        f"{'acts':<14} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} "
        f"{'errors':>7} {'late':>5} {'lost':>5}"
    )
    print(acts_row("event", result.acts))
    print(
        f"  while nobody was on the event page: {result.quiet_acts} acts, p50 {result.quiet_p50_ms:.1f} ms, "
        f"p99 {result.quiet_p99_ms:.1f} ms; while some were (their tables over or not yet sat at): "
        f"{result.busy_acts} acts, p50 {result.busy_p50_ms:.1f} ms, p99 {result.busy_p99_ms:.1f} ms"
    )
    if plain is not None:
        print(acts_row("plain tables", plain))
        print(
            f"event / plain: p50 {result.acts.p50_ms / plain.p50_ms:.2f}x, "
            f"p95 {result.acts.p95_ms / plain.p95_ms:.2f}x, p99 {result.acts.p99_ms / plain.p99_ms:.2f}x"
        )
    errors: dict[str, int] = {}
    for figures in (result.acts, plain):
        for code, n in (figures.errors if figures is not None else {}).items():
            errors[code] = errors.get(code, 0) + n
    if errors:
        print("errors answered to acts:", ", ".join(f"{code} {n}" for code, n in sorted(errors.items())))
    print(
        f"standings (GET /api/events/{{event}} by the watcher, every {args.watch:g} s), "
        "by the rounds every table had finished:"
    )
    print(f"{'rounds done':>12} {'reads':>6} {'p50 ms':>8} {'max ms':>8}")
    for r in result.per_round:
        print(f"{r.rounds:>12} {r.reads:>6} {r.p50_ms:>8.1f} {r.max_ms:>8.1f}")
    print(
        f"people's event pages: {result.page_reads} reads, p50 {result.page_p50_ms:.1f} ms, "
        f"p99 {result.page_p99_ms:.1f} ms, max {result.page_max_ms:.1f} ms; {result.seat_reads} seats, p50 "
        f"{result.seat_p50_ms:.1f} ms, max {result.seat_max_ms:.1f} ms"
    )
    verdict = "yes" if result.acts.meets_target else "NO"
    print(f"event act p99 < {TARGET_MS:g} ms: {verdict} ({result.acts.p99_ms:.1f} ms)")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=240, help="people in the event (default 240)")
    parser.add_argument("--sessions", type=int, default=2, help="sessions of the event (default 2)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds a table plays a session (default 2)")
    parser.add_argument(
        "--think", type=float, default=1.0, help="a person's mean thinking time (default 1 s)"
    )
    parser.add_argument("--format", choices=("draw", "duplicate"), default="draw", help="(default draw)")
    parser.add_argument(
        "--poll", type=float, default=POLL, help=f"seconds between event-page reads (default {POLL:g})"
    )
    parser.add_argument(
        "--watch", type=float, default=WATCH, help=f"seconds between the watcher's reads (default {WATCH:g})"
    )
    parser.add_argument(
        "--plain-seconds",
        type=float,
        default=60.0,
        help="seconds measured at as many plain tables after the event (default 60; 0: none)",
    )
    parser.add_argument("--seed", type=int, default=34, help="the people's random numbers (default 34)")
    parser.add_argument(
        "--postgresql", action="store_true", help="a fresh PostgreSQL database per run instead of SQLite"
    )
    parser.add_argument(
        "--postgresql-url", default=POSTGRESQL, help=f"where --postgresql makes them (default {POSTGRESQL})"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not 4 <= args.players <= 400:
        parser.error("--players is 4 to 400 (an event registers at most 400)")
    if not (1 <= args.sessions <= 20 and 1 <= args.rounds <= 20):
        parser.error("--sessions and --rounds are 1 to 20")
    if not (0 < args.think <= 60 and 0 < args.poll <= 60 and 0 < args.watch <= 60):
        parser.error("--think, --poll and --watch are over 0 and at most 60 s")
    if not 0 <= args.plain_seconds <= 600:
        parser.error("--plain-seconds is 0 to 600")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    files = raise_open_files(4 * args.players + 256)
    database = "PostgreSQL" if args.postgresql else "SQLite"
    tables = -(-args.players // 4)
    if not args.json:
        print(
            f"troef serve on {database}: a {args.format} event of {args.players} people at {tables} Rikken "
            f"{RULES} tables, {args.sessions} sessions of {args.rounds} rounds; {machine()}; "
            f"open files {files}"
        )
        print(
            f"think {args.think:g} s (uniform x0.5-1.5), event pages read every {args.poll:g} s; "
            f"latency: act -> the acting client's next state (target p99 < {TARGET_MS:g} ms)",
            flush=True,
        )
    draws = time_draws(args.players, args.sessions, args.format == "duplicate")
    result = asyncio.run(run_event(args))
    plain = asyncio.run(run_plain(args, result.tables)) if args.plain_seconds > 0 else None
    if args.json:
        figures = {
            "database": database.lower(),
            "format": args.format,
            "cores": os.cpu_count(),
            "think": args.think,
            "draw_ms": draws,
            "event": asdict(result),
            "plain": asdict(plain) if plain is not None else None,
            "meets_target": result.acts.meets_target,
        }
        print(json.dumps(figures, indent=2))
    else:
        report(args, draws, result, plain)
    return 0 if result.over else 1


if __name__ == "__main__":
    sys.exit(main())
