"""The typed parts every game's view is built from (``docs/views.md`` documents each key).

A game's view type (``games/<game>/view.py``) inherits the parts it has: every game the `Header`,
games with hands the `HandPart`, trick games the `TrickPart`.  Views are plain JSON: lists, not
tuples; ``None`` is JSON's null.  The annotations here are evaluated (no ``from __future__ import
annotations``): Python 3.11's `TypedDict` must see `NotRequired` to leave a key optional.
"""

from typing import Any, NotRequired, TypedDict


class Side(TypedDict):
    """Seats that play for one result, the tricks they took together and (where a game counts them) the card
    points in those tricks (null where a game counts tricks only)."""

    seats: list[int]
    tricks: int
    points: int | None


class BidRange(TypedDict):
    """The numeric bids the seat to act may make: ``low``, ``low + step``, … ``high``, except
    ``excluded`` (a bid the rules forbid, or null)."""

    low: int
    high: int
    step: int
    excluded: int | None


class AuctionEntry(TypedDict):
    """One call of an auction: the seat and what it said (``pass`` or the bid's word); ``last``
    (only under a game's option ``last_bid``) when the bid was declared to be the bidder's last."""

    seat: int
    bid: str
    last: NotRequired[bool]


class TablePart(TypedDict):
    """The table: the game, its rules (a preset name, or an object with the overrides), the number of
    seats, whose view this is (null: a spectator's), the dealer, and who plays this round."""

    game: str
    rules: str | dict[str, Any]
    players: int
    seat: int | None
    dealer: int
    order: list[int]


class TurnPart(TypedDict):
    """The moment: the phase, the seat to act, its legal actions and numeric bids, the actions so
    far as the viewer saw them and, once the round is over, its result."""

    phase: str
    current_player: int | None
    legal_actions: list[str]
    bid_range: BidRange | None
    actions: list[str]
    result: NotRequired[dict[str, Any]]


class SidesPart(TypedDict):
    """Who plays with whom, once the viewer may know it."""

    sides: list[Side] | None


class Header(TablePart, TurnPart, SidesPart):
    """What every view holds, in every game."""


class HandPart(TypedDict):
    """The viewer's own hand (empty for a spectator) and how many cards every seat holds."""

    hand: list[str]
    hand_counts: list[int]


class TrickEntry(TypedDict):
    """A finished trick: its leader, its cards in play order and the seat of each, and its winner;
    ``blind`` (only in a game with blind leads) when it was led face down."""

    leader: int
    cards: list[str]
    seats: list[int]
    winner: int
    blind: NotRequired[bool]


class TrickPart(TypedDict):
    """The public part of play in a trick game: the trick on the table, the finished tricks and the
    tricks each seat took."""

    leader: int
    trick: list[str]
    trick_seats: list[int]
    history: list[TrickEntry]
    last_trick: TrickEntry | None
    tricks: list[int]
