"""A WebSocket's upgrade leaves no reference cycle behind with the server's HTTP protocol (uvicorn's own
leaves one per socket, which the server's freezes would keep until the next full collection)."""

from __future__ import annotations

import contextlib
import gc
import threading
import time

import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from websockets.sync.client import connect

from serving import WAIT, free_port
from troef.interfaces.web.upgrade import UpgradedFreely

SOCKETS = 5


async def listen(websocket: WebSocket) -> None:
    await websocket.accept()
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await websocket.receive_text()


def left_in_cycles(protocol: type[HttpToolsProtocol]) -> int:
    """The HTTP protocols that `SOCKETS` WebSockets opened and closed, to a real uvicorn server speaking
    ``protocol``, left for the cyclic collector to free."""
    port = free_port()
    config = uvicorn.Config(
        Starlette(routes=[WebSocketRoute("/ws", listen)]),
        host="127.0.0.1",
        port=port,
        http=protocol,
        lifespan="off",
        log_level="warning",
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    gc.collect()
    gc.disable()
    try:
        for _ in range(SOCKETS):
            with connect(f"ws://127.0.0.1:{port}/ws") as websocket:
                websocket.send("hello")
        server.should_exit = True
        thread.join(WAIT)
        gc.set_debug(gc.DEBUG_SAVEALL)
        gc.collect()
        return sum(isinstance(thing, HttpToolsProtocol) for thing in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
        server.should_exit = True
        thread.join(WAIT)


def test_uvicorns_own_protocol_leaves_a_cycle_per_websocket() -> None:
    assert left_in_cycles(HttpToolsProtocol) == SOCKETS  # what the server's protocol is measured against


def test_the_servers_protocol_leaves_none() -> None:
    assert left_in_cycles(UpgradedFreely) == 0
