"""One WebSocket connection to a table, sans I/O (server.md): its first frame is a ``hello``, every frame
is read and checked (`troef.interfaces.web.frames.read_frame`) and rate-limited (``too-many``: a seat's frames
from all its connections together, `Table.pace`), then handed to the table as its seat's (or a
spectator's) command."""

from __future__ import annotations

from dataclasses import dataclass, field

from .frames import BadMessage, Hello, Sync, read_frame
from .pace import PACED, Bucket
from .reads import Receiver
from .table import SEALED, Outcome, Table


@dataclass
class Connection:
    """A connection's protocol state: whether it said ``hello`` and as which seat (None: a spectator)."""

    seated: bool = False
    seat: int | None = None
    lang: str | None = None
    """The language of the ``model`` in this connection's state frames (None: no model)."""
    account: str | None = None
    """The key of the account signed in where the connection was opened: a ``hello`` without a token
    takes that account's seat."""
    bucket: Bucket = field(default_factory=Bucket)
    may_watch: bool = True
    """Whether a ``hello`` that takes no seat may watch (not at a sealed table: `TableServer.connect`)."""
    refused: bool = False
    """Whether its ``hello`` was refused (a spectator at a sealed table): the caller closes it."""

    @property
    def receiver(self) -> Receiver:
        """Whom this connection's state frames are for: (seat, lang)."""
        return self.seat, self.lang

    def receive(self, table: Table, text: str | bytes, *, now: float) -> Outcome:
        """A client frame: ``too-many`` over the rate, ``bad-message`` for what is no frame, for a frame
        before ``hello`` or a second ``hello``; else the table's answer (store its events, apply them,
        send every connection its frame; the reply to this connection alone)."""
        bucket = table.pace(self.seat) if self.seat is not None else self.bucket
        if not bucket.take(now):
            return Outcome(reply=table.error("too-many", PACED))
        try:
            frame = read_frame(text)
        except BadMessage as e:
            return Outcome(reply=table.error("bad-message", str(e)))
        if isinstance(frame, Hello):
            if self.seated:
                return Outcome(reply=table.error("bad-message", "this connection said hello already"))
            seated = table.hello(frame.token, frame.lang, now=now, account=self.account)
            if seated.ok and seated.seat is None and not self.may_watch:
                self.refused = True
                return Outcome(reply=table.error("not-allowed", SEALED))
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
