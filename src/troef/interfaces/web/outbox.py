"""A connection's outgoing frames, sent in order the moment its socket takes them.

Each send starts at once, on the caller's stack, as Python 3.12's eager tasks do: a WebSocket send that
the socket's flow control does not hold up finishes there, without a task, a queue or a wake-up. Only a
send that is held up (the client reads slowly) gets a task, which finishes it and sends the frames that
waited behind it. At 8,000 sockets a task and a queue per connection woke for every frame, and their
waiting coroutines and futures were a large part of what the cyclic collector walked.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

Step = Coroutine[Any, Any, None]


@dataclass(frozen=True)
class Socket:
    """Where an outbox's frames go: ``send`` one frame, ``end`` the connection; a send or end that
    raises one of ``gone`` found the socket closed."""

    send: Callable[[str], Step]
    end: Callable[[], Step]
    gone: tuple[type[BaseException], ...]


class Outbox:
    """The frames waiting for one socket (``None``: end the connection after them), and their size in
    characters (``queued``); they wait only while the socket holds a send up, or until it is attached."""

    def __init__(self) -> None:
        self.waiting: deque[str | None] = deque()
        self.queued = 0
        self._socket: Socket | None = None
        self._held: asyncio.Task[None] | None = None
        self._ended = False
        """Whether the end is put or the socket is gone: nothing more is sent."""

    def attach(self, socket: Socket) -> None:
        """Send to ``socket`` from now on (what waits first)."""
        self._socket = socket
        self._flush()

    def put(self, text: str) -> None:
        """Send a frame after those waiting (none after the end)."""
        if not self._ended:
            self.waiting.append(text)
            self.queued += len(text)
            self._flush()

    def end(self, *, dropped: bool = False) -> None:
        """End the connection after the waiting frames (``dropped``: drop them, ending it now); once."""
        if dropped:
            self.waiting.clear()
            self.queued = 0
        if not self._ended:
            self._ended = True
            self.waiting.append(None)
            self._flush()

    async def ended(self) -> None:
        """Wait until every frame put so far is sent, or the socket is gone."""
        while (held := self._held) is not None:
            await held

    def _flush(self) -> None:
        """Send the waiting frames in order until one is held up: a task finishes that one and goes on."""
        while self.waiting and self._socket is not None and self._held is None:
            text = self.waiting.popleft()
            if text is None:
                step = self._socket.end()
            else:
                self.queued -= len(text)
                step = self._socket.send(text)
            try:
                held = step.send(None)
            except StopIteration:
                if text is None:
                    self._socket = None  # ended: the socket (and whatever its end refers to) goes
                continue
            except self._socket.gone:
                self._lost()
                return
            self._held = asyncio.ensure_future(self._finish(self._socket, step, held, last=text is None))

    async def _finish(self, socket: Socket, step: Step, held: object, *, last: bool) -> None:
        """Run ``step`` on from where it was held up (awaiting ``held``), then send what waited (``last``:
        the step ends the connection)."""
        try:
            while True:
                if isinstance(held, asyncio.Future):
                    await asyncio.wait((held,))
                else:  # a bare yield: another turn of the loop
                    await asyncio.sleep(0)
                try:
                    held = step.send(None)
                except StopIteration:
                    break
        except socket.gone:
            self._lost()
            return
        except asyncio.CancelledError:
            step.close()
            raise
        finally:
            self._held = None
        if last:
            self._socket = None
        self._flush()

    def _lost(self) -> None:
        self._ended = True
        self._socket = None
        self.waiting.clear()
        self.queued = 0
