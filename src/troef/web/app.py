"""The table server's HTTP API and WebSocket endpoint (server.md), a Starlette app over a `TableServer`.

Every error is a 4xx with ``{"error": "<what is wrong>"}``; table creation is limited per client
address (`CreationLimit`); a WebSocket to a table that does not exist is closed with code 4404.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..games import GAMES
from ..match import Match
from ..players import LEVELS, bot_kinds
from .seats import AWAY_LIMIT, READY_LIMIT, TableError
from .server import Client, TableServer

BODY_BYTES: Final = 64 * 1024
"""The largest HTTP request body."""
NO_TABLE: Final = 4404
"""The WebSocket close code for a table that does not exist."""


class CreationLimit:
    """At most ``per_minute`` tables created from one client address in any minute."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self._times: dict[str, deque[float]] = {}

    def allow(self, address: str) -> bool:
        """Whether ``address`` may create a table now (and count it)."""
        now = self.clock()
        for key in [key for key, times in self._times.items() if times[-1] <= now - 60]:
            del self._times[key]  # addresses quiet for a minute
        times = self._times.setdefault(address, deque())
        while times and times[0] <= now - 60:
            times.popleft()
        if len(times) >= self.per_minute:
            return False
        times.append(now)
        return True


def games_catalog() -> list[dict[str, Any]]:
    """``GET /api/games``: every game, its player range, default match length, presets, options and
    bot kinds."""
    return [
        {
            "name": cls.name,
            "title": cls.title,
            "players": {"min": cls.min_players, "max": cls.max_players, "default": cls.default_players},
            "rounds": Match(cls(), first_dealer=0).rounds,
            "presets": [{"name": p.name, "description": p.description} for p in cls.presets],
            "options": [
                {
                    "name": option.name,
                    "type": option.type.__name__,
                    "default": option.default,
                    "description": option.description,
                    **({"choices": list(option.choices)} if option.choices else {}),
                    **({"minimum": option.minimum} if option.minimum is not None else {}),
                    **({"maximum": option.maximum} if option.maximum is not None else {}),
                }
                for option in cls.options
            ],
            "bots": list(dict.fromkeys([*LEVELS, *bot_kinds(cls.name)])),
        }
        for cls in GAMES.values()
    ]


def create_app(server: TableServer, *, creations_per_minute: int = 10) -> Starlette:
    """The ASGI app of ``server``, which it starts and stops with its lifespan."""
    limit = CreationLimit(creations_per_minute)
    catalog = games_catalog()

    async def healthz(request: Request) -> Response:
        return JSONResponse({"ok": True})

    async def games(request: Request) -> Response:
        return JSONResponse({"games": catalog, "ready_limit": READY_LIMIT, "away_limit": AWAY_LIMIT})

    async def create_table(request: Request) -> Response:
        address = request.client.host if request.client is not None else "unknown"
        if not limit.allow(address):
            raise TableError(429, f"at most {creations_per_minute} tables a minute from one address")
        answer = await server.create(await _json_body(request))
        return JSONResponse(answer, status_code=201)

    async def join(request: Request) -> Response:
        answer = await server.join(request.path_params["id"], await _json_body(request))
        return JSONResponse(answer)

    async def table_info(request: Request) -> Response:
        table = await server.table(request.path_params["id"])
        return JSONResponse(table.info())

    async def record(request: Request) -> Response:
        table = await server.table(request.path_params["id"])
        found = table.record()
        if found is None:
            raise TableError(404, f"no round of table {table.id} is finished yet")
        return JSONResponse(found)

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            client = await server.connect(websocket.path_params["id"])
        except TableError as error:
            await websocket.close(NO_TABLE, str(error)[:120])
            return
        sender = _spawn_sender(websocket, client)
        try:
            while not client.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                await server.receive(client, text if text is not None else message.get("bytes") or b"")
        except WebSocketDisconnect:
            pass
        finally:
            await server.disconnect(client)
            client.outbox.put_nowait(None)
            await sender

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        try:
            yield
        finally:
            await server.stop()

    return Starlette(
        routes=[
            Route("/healthz", healthz),
            Route("/api/games", games),
            Route("/api/tables", create_table, methods=["POST"]),
            Route("/api/tables/{id}", table_info),
            Route("/api/tables/{id}/join", join, methods=["POST"]),
            Route("/api/tables/{id}/record", record),
            WebSocketRoute("/ws/tables/{id}", socket),
        ],
        exception_handlers={HTTPException: _http_error, TableError: _table_error, Exception: _server_error},
        lifespan=lifespan,
    )


def _spawn_sender(websocket: WebSocket, client: Client) -> asyncio.Task[None]:
    """A task that sends the client's outbox in order until it meets None (closing the socket if the
    client read too slowly)."""

    async def send() -> None:
        try:
            while (text := await client.outbox.get()) is not None:
                await websocket.send_text(text)
            if client.closed:
                await websocket.close(1008, "the client reads too slowly")
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass

    return asyncio.create_task(send())


async def _json_body(request: Request) -> object:
    """The request's JSON body; `TableError` 400 when it is not JSON, 413 when it is too large."""
    body = await request.body()
    if len(body) > BODY_BYTES:
        raise TableError(413, f"a request body is at most {BODY_BYTES} bytes")
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise TableError(400, "the body is not JSON") from None


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    return JSONResponse({"error": error.detail}, status_code=error.status_code, headers=error.headers)


async def _table_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, TableError)
    return JSONResponse({"error": str(error)}, status_code=error.status)


async def _server_error(request: Request, error: Exception) -> Response:
    return JSONResponse({"error": "the server failed; it is logged"}, status_code=500)
