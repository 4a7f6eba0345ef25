"""uvicorn's HTTP protocol (httptools), without the reference cycle a WebSocket upgrade leaves behind.

The protocol's parser holds the protocol's own methods as its callbacks. uvicorn breaks that cycle when a
connection is lost, but an upgraded connection is handed to the WebSocket protocol instead, and the HTTP
protocol is left in the cycle with its parser, transport, flow control and event (29 objects), which only
the collector frees. The server's `Collector` freezes what is alive every second, so every socket opened
would leave them frozen until the next full collection.
"""

from __future__ import annotations

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class UpgradedFreely(HttpToolsProtocol):
    """`HttpToolsProtocol` that lets go of its parser once the connection is a WebSocket's."""

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        del self.parser  # its callbacks are this protocol's methods: reference counting frees both now
