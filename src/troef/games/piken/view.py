"""What a seat of a Piken game sees (``docs/views.md``)."""

from __future__ import annotations

from typing import TypedDict

from ...core.views import HandPart, Header


class LayView(TypedDict):
    """One turn of a round: the seat, the cards it laid (none: it had no cards and dropped out), the
    combination's name (null when it laid none) and whether it stays in."""

    seat: int
    cards: list[str]
    combination: str | None
    stays_in: bool


class RoundView(TypedDict):
    """A finished round: its leader, its turns and the seat that took its cards."""

    leader: int
    lays: list[LayView]
    taker: int


class PikenMiddle(TypedDict):
    """The middle cards (rule 2): the positions still lying there, the seats entitled to draw, how many
    middle cards each seat took, the viewer's own drawn cards, how many cards left the game, and the
    seat that led the first round (null before play)."""

    middle: list[int]
    entitled: list[int]
    taken: list[int]
    drawn: list[str]
    removed: int
    first_leader: int | None


class PikenRound(TypedDict):
    """The round in play (rule 4): its leader (null outside play), the seats still in, the highest
    combination so far (null before the first lay that stays in) and the turns on the table."""

    leader: int | None
    still_in: list[int]
    highest: LayView | None
    table: list[LayView]


class PikenPiles(TypedDict):
    """The finished rounds and how many cards each seat has piled."""

    history: list[RoundView]
    piles: list[int]


class PikenView(Header, HandPart, PikenMiddle, PikenRound, PikenPiles):
    """A Piken view: the shared header, the hand, the middle cards, the round in play and the piles."""
