"""``troef serve``: the table server (server.md), for people playing together in their browsers.

The server is another interface (``troef.interfaces.web``) and needs the extra ``troef[server]``: this command
imports it only when it runs, so that the terminal commands work without it. The command line is the
one interface allowed to start another (tests/test_layers.py)."""

from __future__ import annotations

from typing import Annotated

import typer

from ...core.errors import TroefError, UsageError


def serve(
    host: Annotated[
        str, typer.Option(help="the address to listen on (0.0.0.0: every interface)")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port to listen on")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="a SQLAlchemy database URL, e.g. postgresql+psycopg://user@host/db "
            "(default: one SQLite file in your data directory)",
        ),
    ] = None,
    redis: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="a Redis URL, e.g. redis://127.0.0.1:6379/0, shared by every process serving the same "
            "PostgreSQL database: run as many as you like behind one proxy",
        ),
    ] = None,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="do not open a browser")] = False,
    bot_pause: Annotated[
        float, typer.Option(help="seconds a bot waits before it moves, so that people see each card")
    ] = 0.8,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            metavar="IPS",
            help="the proxies (comma-separated addresses, or *) whose X-Forwarded-For and "
            "X-Forwarded-Proto are trusted; by default none",
        ),
    ] = "",
    expire_after: Annotated[
        float,
        typer.Option(metavar="HOURS", help="hours a table waits for its open seats before it expires"),
    ] = 24,
    log_format: Annotated[
        str, typer.Option(metavar="FORMAT", help="text, or json: one JSON object a line")
    ] = "text",
) -> None:
    """Serve tables where people and bots play together, in the browser or over the WebSocket API."""
    if not 0 < port < 65536:
        raise UsageError(f"--port is a port number 1..65535, not {port}")
    if not 0 <= bot_pause <= 10:
        raise UsageError(f"--bot-pause is 0 to 10 seconds, not {bot_pause}")
    if log_format not in ("text", "json"):
        raise UsageError(f"--log-format is text or json, not {log_format[:20]!r}")
    if not 0 < expire_after <= 24 * 365:
        raise UsageError(f"--expire-after is more than 0 and at most 8760 hours, not {expire_after}")
    try:
        from ..web import serve as web
    except ImportError as e:
        raise UsageError(
            f"the server needs troef's extra 'server': pip install 'troef[server]' ({e})"
        ) from None
    try:
        web.serve(
            host,
            port,
            database,
            redis=redis,
            browser=not no_browser,
            bot_pause=bot_pause,
            forwarded_allow_ips=forwarded_allow_ips,
            expire_after=expire_after * 3600,
            log_format="json" if log_format == "json" else "text",
            say=typer.echo,
        )
    except TroefError as e:
        raise UsageError(str(e)) from None
