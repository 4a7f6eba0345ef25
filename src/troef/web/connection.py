"""One WebSocket connection to a table, sans I/O (server.md): its first frame is a ``hello``, every frame
is read and checked (`troef.web.frames.read_frame`) and rate-limited (``too-many``), then handed to the
table as its seat's (or a spectator's) command."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from .frames import BadMessage, Hello, Sync, read_frame
from .table import Outcome, Table

RATE: Final = 20.0
"""Frames a second a connection may send, sustained."""
BURST: Final = 40.0
"""Frames a connection may send at once."""


@dataclass
class Bucket:
    """A token bucket: `BURST` frames at once, refilled at `RATE` a second."""

    tokens: float = BURST
    last: float | None = None

    def take(self, now: float) -> bool:
        """Whether a frame at ``now`` is allowed (and counts it)."""
        if self.last is not None:
            self.tokens = min(BURST, self.tokens + max(0.0, now - self.last) * RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Connection:
    """A connection's protocol state: whether it said ``hello`` and as which seat (None: a spectator)."""

    seated: bool = False
    seat: int | None = None
    lang: str | None = None
    """The language of the ``model`` in this connection's state frames (None: no model)."""
    bucket: Bucket = field(default_factory=Bucket)

    def receive(self, table: Table, text: str | bytes, *, now: float) -> Outcome:
        """A client frame: ``too-many`` over the rate, ``bad-message`` for what is no frame, for a frame
        before ``hello`` or a second ``hello``; else the table's answer (store its events, apply them,
        send every connection its frame; the reply to this connection alone)."""
        if not self.bucket.take(now):
            return Outcome(
                reply=table.error("too-many", f"at most {RATE:g} frames a second, bursts of {BURST:g}")
            )
        try:
            frame = read_frame(text)
        except BadMessage as e:
            return Outcome(reply=table.error("bad-message", str(e)))
        if isinstance(frame, Hello):
            if self.seated:
                return Outcome(reply=table.error("bad-message", "this connection said hello already"))
            seated = table.hello(frame.token, frame.lang)
            self.seated, self.seat = seated.ok, seated.seat
            if seated.ok:
                self.lang = frame.lang
            return Outcome(reply=seated.reply)
        if not self.seated:
            return Outcome(reply=table.error("bad-message", "the first frame is a hello"))
        if isinstance(frame, Sync) and frame.lang is not None:
            self.lang = frame.lang  # from now on, in every state frame
        return table.receive(self.seat, frame, now=now, lang=self.lang)

    def close(self, table: Table, *, now: float) -> None:
        """The connection closed: its seat counts it no longer."""
        if self.seated:
            table.disconnect(self.seat, now=now)
        self.seated, self.seat, self.lang = False, None, None
