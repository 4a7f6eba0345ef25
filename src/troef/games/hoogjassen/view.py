"""What a seat of a Hoogjassen round sees (``docs/views.md``)."""

from __future__ import annotations

from typing import TypedDict

from ...core.views import AuctionEntry, HandPart, Header, TrickPart


class RoemEntry(TypedDict):
    """One roem of the declarer, laid on the table when trump is named: its name, cards and value."""

    name: str
    cards: list[str]
    value: int


class HoogjassenAuction(TypedDict):
    """The auction: every call in order, the highest bid (null before the first) and the declarer
    (null while bidding, and after everybody passed)."""

    auction: list[AuctionEntry]
    bid: int | None
    declarer: int | None


class HoogjassenLummel(TypedDict):
    """The lummel: whether the declarer took it or plays ongedraaid; the declarer alone sees the
    lummel he took and the afleggers he laid back (empty lists for everyone else)."""

    lummel_taken: bool
    ongedraaid: bool
    lummel: list[str]
    afleggers: list[str]


class HoogjassenTrump(TypedDict):
    """Trump (null before it is named), the declarer's roem, whether he has shown stuk, and the card
    points he must take: his bid minus his roem (null before trump is named)."""

    trump: str | None
    roem: list[RoemEntry]
    stuk: bool
    target: int | None


class HoogjassenView(Header, HandPart, HoogjassenAuction, HoogjassenLummel, HoogjassenTrump, TrickPart):
    """A Hoogjassen view: the shared header, the hand, the auction, the lummel, trump and roem, and
    the tricks."""
