"""The pace of a client's frames: a token bucket per connection, and per seat over all its connections."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

RATE: Final = 20.0
"""Frames a second a connection, or a seat over all its connections, may send, sustained."""
BURST: Final = 40.0
"""Frames a connection, or a seat over all its connections, may send at once."""
PACED: Final = f"at most {RATE:g} frames a second, bursts of {BURST:g}"
"""What ``too-many`` says."""


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
