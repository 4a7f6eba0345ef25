"""People who play a club event against a real ``troef serve``: each signs up, and plays every session of
the event at the table `GET /api/events/{event}/seat` gives them, over its WebSocket, choosing a random
legal action (the tests of events, and of events that survive a SIGKILL)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx2
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from troef.interfaces.web.accounts import COOKIE

PASSWORD = "a long enough password"
WAIT = 60.0
"""Seconds a person waits for any one frame before the test fails."""


class Person:
    """One signed-in account, with the tables it sat at, session by session."""

    def __init__(self, base: str, name: str) -> None:
        self.name = name
        self.base = base
        self.http = httpx2.AsyncClient(base_url=base, timeout=WAIT)
        self.sat: dict[int, tuple[str, int]] = {}
        """Per session, the table and seat this person played."""

    async def sign_up(self) -> None:
        answer = await self.http.post("/api/accounts", json={"name": self.name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text

    @property
    def cookie(self) -> str:
        return str(self.http.cookies[COOKIE])

    def move(self, base: str) -> None:
        """Talk to the server at ``base`` from now on (one started again, on another port)."""
        self.base = base
        self.http.base_url = httpx2.URL(base)

    async def play(self, event: str, rng: random.Random, *, until: int | None = None) -> None:
        """Play the event's sessions (up to session ``until``) as they are drawn, until it is over (asking
        again while the server is away)."""
        while True:
            try:
                read = await self.http.get(f"/api/events/{event}")
                assert read.status_code == 200, f"{self.name}: {read.status_code} {read.text}"
                seen = read.json()
                if seen["status"] == "over" or (until is not None and len(self.sat) >= until):
                    return
                answer = await self.http.get(f"/api/events/{event}/seat")
            except httpx2.TransportError:
                await asyncio.sleep(0.3)
                continue
            if answer.status_code == 404 or answer.json()["session"] in self.sat:
                await asyncio.sleep(0.1)
                continue
            seat = answer.json()
            await self.play_table(seat["table"], seat["token"], seat["seat"], rng)
            self.sat[seat["session"]] = (seat["table"], seat["seat"])

    async def play_table(self, table: str, token: str, seat: int, rng: random.Random) -> None:
        """Sit at the table with the token (reconnecting while the server is away) and play it to its end."""
        while True:
            url = self.base.replace("http://", "ws://") + f"/ws/tables/{table}"
            try:
                async with connect(url) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": token}))
                    if await _played(ws, seat, rng):
                        return
            except (WebSocketException, OSError):
                await asyncio.sleep(0.3)  # the server restarts: come back

    async def close(self) -> None:
        await self.http.aclose()


async def _played(ws: Any, seat: int, rng: random.Random) -> bool:
    """Answer the table's frames; True once its match is over."""
    readied = acted = -1
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), WAIT))
        if frame["type"] == "error":
            overtaken = frame["code"] == "bad-message" and "dealt already" in frame["message"]  # a late ready
            assert frame["code"] in ("stale", "not-your-turn") or overtaken, frame
            await ws.send(json.dumps({"type": "sync"}))
            continue
        if frame["type"] != "state":
            continue
        table = frame["table"]
        assert table["seats"][seat]["kind"] == "human"
        if table["status"] == "over":
            return True
        round_info = table["round"]
        if round_info is not None and not round_info["dealt"] and readied < round_info["index"]:
            readied = round_info["index"]
            await ws.send(json.dumps({"type": "ready"}))
        if frame["legal_actions"] and acted < frame["version"]:
            acted = frame["version"]
            action = rng.choice(frame["legal_actions"])
            await ws.send(json.dumps({"type": "act", "action": action, "version": frame["version"]}))


async def signed_up(base: str, names: list[str]) -> list[Person]:
    people = [Person(base, name) for name in names]
    await asyncio.gather(*(p.sign_up() for p in people))
    return people


async def club_with(admin: Person, members: list[Person]) -> str:
    """A club made by ``admin`` that ``members`` joined: its id."""
    made = (await admin.http.post("/api/clubs", json={"name": "Rikclub De Troef"})).json()
    for person in members:
        joined = await person.http.post(f"/api/clubs/{made['club']}/join", json={"invite": made["invite"]})
        assert joined.status_code == 200, joined.text
    return str(made["club"])
