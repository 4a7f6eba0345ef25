"""What a seat of a Rikken round sees (``docs/views.md``)."""

from __future__ import annotations

from typing import TypedDict

from ...core.views import AuctionEntry, HandPart, Header, TrickPart


class RikkenAuction(TypedDict):
    """The auction: every call in order (``pass`` or the contract's name), and whether this is a round
    of blind rond."""

    auction: list[AuctionEntry]
    blind_rond: bool


class RikkenContract(TypedDict):
    """The contract (null before it is known), its declarer (null in piek, misère and the pass games),
    its players (piek and misère: in bid order), the partner (null until the rules reveal him: the
    called card played, troela from its bid, everything once the round is over), trump and the called
    card (null when none) and whether it was called blind, and the dealer when he sits out (five
    players; else null)."""

    contract: str | None
    declarer: int | None
    contract_players: list[int]
    partner: int | None
    trump: str | None
    called: str | None
    called_blind: bool
    sitting_out: int | None


class RikkenTable(TypedDict):
    """What lies on the table besides the trick: whether its first card was led face down, the hands
    laid open (null per seat whose hand is not open), and the seat that took the queen of spades in
    a finished trick (null until then)."""

    blind_lead: bool
    open_hands: list[list[str] | None]
    queen_of_spades: int | None


class RikkenView(Header, HandPart, RikkenAuction, RikkenContract, RikkenTable, TrickPart):
    """A Rikken view: the shared header, the hand, the auction, the contract, the open table and the
    tricks."""
