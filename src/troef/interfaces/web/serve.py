"""Running the table server (``troef serve``): the store, the app and uvicorn, until SIGINT or SIGTERM."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import threading
import webbrowser
from collections.abc import Callable
from types import FrameType
from typing import Final

import uvicorn
from sqlalchemy.engine import make_url

from .app import create_app
from .bus import Bus, check
from .cluster import Cluster, SharedCluster
from .collector import GC_THRESHOLDS, Collector
from .frames import FRAME_BYTES
from .logs import LogFormat, json_logging, one_line_for_bad_text
from .server import TableServer
from .store import Store, default_url
from .timers import EXPIRE_AFTER
from .upgrade import UpgradedFreely

WS_MAX_BYTES: Final = 16 * FRAME_BYTES
"""Larger WebSocket messages close the connection; those over `FRAME_BYTES` up to this get ``bad-message``."""

PING_EVERY: Final = 20.0
"""Seconds between the server's pings on a WebSocket, and how long it waits for the pong before it
closes the connection (a peer gone without a word)."""


def serve(
    host: str,
    port: int,
    database: str | None,
    *,
    redis: str | None = None,
    browser: bool,
    bot_pause: float,
    forwarded_allow_ips: str = "",
    expire_after: float = EXPIRE_AFTER,
    log_format: LogFormat = "text",
    say: Callable[[str], None] = print,
) -> None:
    """Serve the tables stored at ``database`` (default: the SQLite file in the user's data directory)
    on ``host``:``port`` until SIGINT or SIGTERM, beside the other processes sharing the database and
    the Redis at ``redis`` if given; a `troef.interfaces.web.store.StoreError` if the database or Redis cannot
    be used. ``forwarded_allow_ips``: the proxies whose forwarded headers say who the client is (none by
    default: anyone could send them); ``expire_after``: seconds a table waits for its open seats;
    ``log_format``: ``json`` for one JSON object a line (what ``say`` says too)."""
    if log_format == "json":
        json_logging()
        say = logging.getLogger("troef.web").info
    url = database or default_url()
    store = Store(url)
    if redis is not None:
        check(redis)
    cluster = Cluster() if redis is None else SharedCluster(Bus(redis, store.cluster()))
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        say(f"tables are kept in {parsed.database}")
    else:
        say(f"tables are kept in {parsed.render_as_string(hide_password=True)}")
    shown = f"http://{'localhost' if host in ('127.0.0.1', '0.0.0.0', '::') else host}:{port}/"
    say(f"the table server is at {shown} (Ctrl+C stops it)")
    if isinstance(cluster, SharedCluster):
        say(f"sharing the tables with the other processes on {cluster.bus.url} as {cluster.bus.process}")
    table_server = TableServer(store, bot_pause=bot_pause, cluster=cluster, expire_after=expire_after)
    app = create_app(table_server)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=UpgradedFreely,  # no reference cycle left by each WebSocket's upgrade
        log_level="warning",
        ws_max_size=WS_MAX_BYTES,
        ws_per_message_deflate=False,  # frames are small: compressing them cost more than it saved
        ws_ping_interval=PING_EVERY,
        ws_ping_timeout=PING_EVERY,
        timeout_graceful_shutdown=5,
        proxy_headers=bool(forwarded_allow_ips),
        forwarded_allow_ips=forwarded_allow_ips or None,
    )
    if log_format == "json":  # again: the config set uvicorn's loggers up
        json_logging()
    logging.getLogger("uvicorn.error").addFilter(one_line_for_bad_text)
    server = uvicorn.Server(config)
    gc.set_threshold(*GC_THRESHOLDS)
    collector = Collector(table_server.held, lambda: table_server.ended)  # what is loaded by now is frozen

    def stop(signum: int, frame: FrameType | None) -> None:
        server.should_exit = True  # uvicorn's own handlers do this while it serves, then call this one

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        with asyncio.Runner(loop_factory=config.get_loop_factory()) as runner:  # uvloop where installed
            runner.run(_run(server, collector, shown if browser else None))
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


async def _run(server: uvicorn.Server, collector: Collector, page: str | None) -> None:
    """Serve (uvicorn stops cleanly on SIGINT and SIGTERM) with ``collector`` running, opening ``page``
    once it is up."""
    collecting = asyncio.create_task(collector.run())
    task = asyncio.create_task(server.serve())
    while page is not None and not server.started and not task.done():
        await asyncio.sleep(0.05)
    if page is not None and server.started:
        threading.Thread(target=webbrowser.open, args=(page,), daemon=True).start()
    try:
        await task
    finally:
        collecting.cancel()
