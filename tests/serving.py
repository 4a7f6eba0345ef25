"""A real ``troef serve`` process for the tests that need one (the server's and the browser's)."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

import httpx2
import psycopg
import pytest
import redis

WAIT = 30.0
"""Seconds to wait for a server, a frame or a page."""


POSTGRES: Final = "postgresql://postgres@127.0.0.1:5432/test"
"""The PostgreSQL this machine kind runs (trust auth): a test makes itself a database there."""
REDIS: Final = "redis://127.0.0.1:6379/0"
"""The Redis this machine kind runs."""


@contextmanager
def fresh_postgresql(prefix: str) -> Iterator[str]:
    """The SQLAlchemy URL of a new PostgreSQL database (dropped afterwards); the test skips, saying why,
    where no PostgreSQL is reachable."""
    try:
        admin = psycopg.connect(POSTGRES, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        pytest.skip(f"no PostgreSQL reachable at {POSTGRES}: {str(error).strip().splitlines()[0]}")
    name = f"{prefix}_{secrets.token_hex(4)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def redis_or_skip() -> str:
    """`REDIS`, or the test skips, saying why, where it is not reachable."""
    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=3).ping()
    except redis.RedisError as error:
        pytest.skip(f"no Redis reachable at {REDIS}: {error}")
    return REDIS


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """``troef serve --no-browser`` on a free port of 127.0.0.1 and the database ``url``, started and
    waited for on ``/healthz``; ``bot_pause``: seconds before a bot moves; ``redis``: the Redis URL of
    the processes sharing the database; ``python_path``: folders put on the server's ``PYTHONPATH`` (where it
    finds game plugins: `plugin_path`)."""

    def __init__(
        self,
        url: str,
        bot_pause: float = 0,
        redis: str | None = None,
        options: tuple[str, ...] = (),
        python_path: tuple[str, ...] = (),
    ) -> None:
        self.url = url
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}/ws/tables/"
        command = ["serve", "--no-browser", "--host", "127.0.0.1", "--port", str(self.port)]
        if redis is not None:
            command += ["--redis", redis]
        command += options
        output, path = tempfile.mkstemp(prefix="troef-serve-", suffix=".log")
        self.log = Path(path)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "troef", *command, "--database", url, "--bot-pause", str(bot_pause)],
            stdout=output,
            stderr=subprocess.STDOUT,
            env={
                **os.environ,
                "PYTHONFAULTHANDLER": "1",
                "PYTHONPATH": os.pathsep.join(filter(None, (*python_path, os.environ.get("PYTHONPATH")))),
            },
        )
        os.close(output)
        deadline = time.monotonic() + WAIT
        while True:
            try:
                if httpx2.get(f"{self.base}/healthz").status_code == 200:
                    return
            except httpx2.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                raise AssertionError(f"the server did not start: {self.said()}")
            time.sleep(0.1)

    def get(self, path: str) -> Any:
        answer = httpx2.get(f"{self.base}{path}", timeout=WAIT)
        assert answer.status_code == 200, f"GET {path}: {answer.status_code} {answer.text}"
        return answer.json()

    def said(self) -> str:
        """What the server printed so far."""
        return self.log.read_text(encoding="utf-8", errors="replace")

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        """SIGKILL, and the log removed (or kept, and printed, when the test failed)."""
        if self.process.poll() is None:
            self.kill()
        if exc_info[0] is not None:
            print(self.said()[-20000:])
        self.log.unlink(missing_ok=True)

    def kill(self) -> None:
        """SIGKILL, at once."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(WAIT)
