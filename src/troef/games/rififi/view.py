"""What a seat of a Rififi round sees (``docs/views.md``)."""

from __future__ import annotations

from typing import TypedDict

from ...core.views import HandPart, Header, TrickPart


class RififiDeal(TypedDict):
    """The deal: cards per hand this round, the trump suit and the turned card that set it (both null
    when every card was dealt: no trump)."""

    hand_size: int
    trump: str | None
    trump_card: str | None


class RififiBids(TypedDict):
    """Each seat's bid in tricks, null until it has bid."""

    bids: list[int | None]


class RififiView(Header, HandPart, RififiDeal, RififiBids, TrickPart):
    """A Rififi view: the shared header, the hand, the deal, the bids and the tricks."""
