"""A small TCP reverse proxy for the benchmarks: each connection goes to the next backend in turn (round
robin, no sticky sessions), from the client's own source address, so that the server's per-address limits
see the client's address and not the proxy's.

    python benchmarks/proxy.py PORT BACKEND_PORT [BACKEND_PORT ...]

It listens on 127.0.0.1:PORT until SIGTERM. A connection whose backend is gone is closed: the client
connects again and gets the next backend.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import signal
import sys

CHUNK = 65536


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Copy ``reader`` to ``writer`` until either side closes."""
    with contextlib.suppress(OSError):
        while data := await reader.read(CHUNK):
            writer.write(data)
            await writer.drain()
    writer.close()


async def serve(port: int, backends: list[int]) -> None:
    turn = itertools.cycle(backends)

    async def relay(client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        source = client_writer.get_extra_info("peername")[0]
        try:
            backend_reader, backend_writer = await asyncio.open_connection(
                "127.0.0.1", next(turn), local_addr=(source, 0)
            )
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(pipe(client_reader, backend_writer), pipe(backend_reader, client_writer))

    server = await asyncio.start_server(relay, "127.0.0.1", port, backlog=4096)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    async with server:
        await stop.wait()


if __name__ == "__main__":
    asyncio.run(serve(int(sys.argv[1]), [int(p) for p in sys.argv[2:]]))
