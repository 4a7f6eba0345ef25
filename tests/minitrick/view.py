"""What a seat of a minitrick round sees: the shared parts only."""

from __future__ import annotations

from troef.core.views import HandPart, Header, TrickPart


class MinitrickView(Header, HandPart, TrickPart):
    """A minitrick view: the shared header, the hand and the tricks; nothing of its own."""
