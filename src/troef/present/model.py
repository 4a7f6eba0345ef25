"""The table model: plain dicts and lists (JSON as it is), words already translated, raw codes beside them.

A `Line` is text with cards and suits in it: a list of `Part`s, so that a client can colour a card,
name it for a screen reader (``name``) or send its code back (``code``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict


class Part(TypedDict):
    """One piece of a line: words, a card (``code`` ``AS``, ``??`` face down) or a suit (``code`` ``S``)."""

    kind: Literal["text", "card", "suit"]
    text: str
    code: str
    name: str


class Line(TypedDict):
    """A line; ``stand_in`` when it tells a move a stand-in bot made for an away player
    (`troef.interfaces.web`)."""

    parts: list[Part]
    bold: bool
    stand_in: NotRequired[bool]


class Seat(TypedDict):
    """A seat at the table, as the viewer sees it; ``badges`` what its badge shows besides its name (its
    bid and tricks, its role in the contract), ``total`` its match total where the match is known."""

    seat: int
    label: str
    you: bool
    dealer: bool
    in_play: bool
    to_act: bool
    cards: int
    badges: list[str]
    total: int | None


class ScoreRow(TypedDict):
    """A seat in a finished round's result: its points for the round and its match total; ``bid`` and
    ``taken`` where the game shows them (what the seat bid, and what it took against it)."""

    seat: int
    label: str
    bid: str | None
    taken: str | None
    points: int
    total: int


class Played(TypedDict):
    seat: int
    card: Part


class Trick(TypedDict):
    """A trick: who played which card, in order; the winner once it is complete."""

    leader: int
    cards: list[Played]
    winner: int | None
    line: Line


class HandGroup(TypedDict):
    suit: str | None
    cards: list[Part]


class Hand(TypedDict):
    """The viewer's hand in display order, grouped (by suit, or by rank where the game asks so); ``numbered``
    when its cards are chosen by their numbers (laying back cards)."""

    codes: list[str]
    groups: list[HandGroup]
    numbered: bool


class Choice(TypedDict):
    action: str
    parts: list[Part]


class Group(TypedDict):
    """Legal actions of one kind. The first ``listed`` are shown (numbered when ``numbered``); ``more``
    says what the others are. ``heading`` is a line shown above the group; a ``row`` is indented under it,
    its ``label`` aligned with the other rows'."""

    heading: str | None
    label: str
    row: bool
    actions: list[Choice]
    listed: int
    numbered: bool
    more: str | None


Entry = Literal["choice", "points", "discard", "draw", "cards"]
"""How a typed answer is read besides the listed choices: a bid as its points, cards to lay back by
their numbers, a middle-card position, cards to lay."""


class Table(TypedDict):
    """The table as one seat sees it: what every interface renders on that seat's turn. ``lines`` is the
    table in words, top to bottom (the contract or auction among them, as the game shows them), under the
    heading ``about``; ``tricks`` whether the game plays tricks (so that a last trick may be shown)."""

    game: str
    lang: str
    viewer: int | None
    phase: str
    seats: list[Seat]
    contract: Line | None
    auction: Line | None
    lines: list[Line]
    about: str
    tricks: bool
    trick: Trick | None
    last_trick: Trick | None
    hand: Hand
    actions: list[Group]
    prompt: str
    entry: Entry


class Column(TypedDict):
    """A column of the score sheet: its heading (``short`` where the column is narrow: a seat's short
    name), whether it holds numbers (aligned right) and its footer."""

    label: str
    short: str
    right: bool
    footer: str


class Sheet(TypedDict):
    """The score sheet: a row per finished round, its first ``facts`` columns the round's facts (its
    number, dealer, contract...), then a column per seat. A seat's cell has one or two lines
    (``cells_fit`` is the width from which they fit on one)."""

    title: str
    caption: str
    columns: list[Column]
    rows: list[list[list[Line]]]
    footer: bool
    cells_fit: int
    facts: int


Piece = str | Part | Sequence[Part]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def text(words: str) -> Part:
    return Part(kind="text", text=words, code="", name="")


def line(*pieces: Piece, bold: bool = False) -> Line:
    """A line of the pieces in order (strings become words)."""
    parts: list[Part] = []
    for piece in pieces:
        if isinstance(piece, str):
            if piece:
                parts.append(text(piece))
        elif isinstance(piece, dict):
            parts.append(piece)
        else:
            parts.extend(piece)
    return Line(parts=parts, bold=bold)


def phrase(template: str, bold: bool = False, **values: Piece | int) -> Line:
    """``template`` (a translated message) with its ``{placeholders}`` replaced by words, cards or suits."""
    pieces: list[Piece] = []
    at = 0
    for found in PLACEHOLDER.finditer(template):
        pieces.append(template[at : found.start()])
        value = values[found.group(1)]
        pieces.append(str(value) if isinstance(value, int) else value)
        at = found.end()
    pieces.append(template[at:])
    return line(*pieces, bold=bold)


def joined(items: Sequence[Line], separator: str) -> list[Part]:
    """The lines' parts with ``separator`` between them."""
    parts: list[Part] = []
    for i, item in enumerate(items):
        if i:
            parts.append(text(separator))
        parts.extend(item["parts"])
    return parts


def plain(item: Line | Sequence[Part]) -> str:
    """The words of a line, cards as their codes."""
    parts = item["parts"] if isinstance(item, dict) else item
    return "".join(p["text"] for p in parts)
