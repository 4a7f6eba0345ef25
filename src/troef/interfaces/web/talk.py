"""A table's chat, sans I/O: its last `KEPT` messages and each seat's pace (at most `RATE` messages in
`WINDOW` seconds). Nothing here is stored: a restart forgets the chat (with ``--redis`` the processes
share the last messages, `troef.interfaces.web.bus`). Who may say what is the table's to decide
(`Table.talk`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Final

from .frames import ChatFrame, ChatLogFrame

KEPT: Final = 50
"""The chat messages a table keeps for the pages that connect later."""
RATE: Final = 5
"""The most chat messages a seat may send in `WINDOW` seconds."""
WINDOW: Final = 10.0


class TableTalk:
    """A table's last chat messages and the times of each seat's recent ones."""

    def __init__(self, kept: Iterable[ChatFrame] = ()) -> None:
        self.log: deque[ChatFrame] = deque(kept, maxlen=KEPT)
        self._sent: dict[int, deque[float]] = {}

    def allow(self, seat: int, now: float) -> bool:
        """Whether ``seat`` may send a message at ``now`` (counted if so)."""
        times = self._sent.setdefault(seat, deque())
        while times and times[0] <= now - WINDOW:
            times.popleft()
        if len(times) >= RATE:
            return False
        times.append(now)
        return True

    def heard(self, message: ChatFrame) -> None:
        """Keep a message said at the table (here or, with a bus, at another process)."""
        self.log.append(message)

    def history(self) -> ChatLogFrame:
        """The frame of the last messages, oldest first, sent after a ``hello`` (when there are any)."""
        return {"type": "chat-log", "messages": list(self.log)}
