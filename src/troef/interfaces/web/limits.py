"""Limits on what a client may do how often: at most so many events per key (a client address, an
account's name) in any window of seconds, kept in this process's memory."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class Window:
    """At most ``limit`` events counted per key within any ``seconds``."""

    def __init__(
        self, limit: int, seconds: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.seconds = seconds
        self.clock = clock
        self._times: dict[str, deque[float]] = {}

    def full(self, *keys: str) -> bool:
        """Whether any of ``keys`` has had ``limit`` events within the window."""
        since = self.clock() - self.seconds
        for key in [key for key, times in self._times.items() if times[-1] <= since]:
            del self._times[key]  # keys quiet for a window
        for key in keys:
            times = self._times.get(key)
            while times and times[0] <= since:
                times.popleft()
        return any(len(self._times.get(key, ())) >= self.limit for key in keys)

    def add(self, *keys: str) -> None:
        """Count an event of each of ``keys``."""
        now = self.clock()
        for key in keys:
            self._times.setdefault(key, deque()).append(now)

    def allow(self, key: str) -> bool:
        """Whether ``key`` may have an event now (and count it if so)."""
        if self.full(key):
            return False
        self.add(key)
        return True
