"""Rififi at the table: bids in tricks, the turned trump card, bid/taken per seat, the "Spielbogen"."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..match import Match
from .table import CardOrder, GameTable, Turn, card_text, hand_text, joined, play_turn, suit_symbol, suit_text

HELP = (
    "How to answer: while bidding, type the number of tricks you bid (2, or 'bid 2'); "
    "while playing, type the card's number in the list (1, 2, ...) or the card itself "
    "(AS, 10h, 'play TH'). 'help' shows this again, 'quit' leaves the table."
)


def trump_text(view: Mapping[str, Any]) -> Text:
    """The trump suit and the turned card."""
    if view["trump"] is None:
        return Text("no trump")
    return Text.assemble(
        "trump ", suit_text(view["trump"]), " (turned card ", card_text(view["trump_card"]), ")"
    )


def round_facts(view: Mapping[str, Any], labels: Sequence[str]) -> Text:
    """``3 cards each · dealer seat 2 · trump ♥ hearts (turned card 9H)``."""
    return joined(
        [
            f"{view['hand_size']} card{'s' if view['hand_size'] != 1 else ''} each",
            f"dealer {labels[view['dealer']]}",
            trump_text(view),
        ],
        " · ",
    )


def bids_text(view: Mapping[str, Any], labels: Sequence[str]) -> Text:
    """Every seat's bid so far, in bidding order (from the left of the dealer)."""
    n = view["players"]
    order = [(view["dealer"] + 1 + i) % n for i in range(n)]
    parts = [f"{labels[s]} {'-' if view['bids'][s] is None else view['bids'][s]}" for s in order]
    return Text("bids: ") + joined(parts, " · ")


def table_text(view: Mapping[str, Any], labels: Sequence[str]) -> Text:
    """The trick on the table: who played what, in order."""
    n = view["players"]
    played = [
        Text.assemble(f"{labels[(view['leader'] + i) % n]} ", card_text(code))
        for i, code in enumerate(view["trick"])
    ]
    heading = Text(f"trick {len(view['history']) + 1} of {view['hand_size']}, trump ") + suit_symbol(
        view["trump"]
    )
    return heading + ": " + (joined(played, " · ") if played else Text(f"{labels[view['leader']]} leads"))


def tricks_text(view: Mapping[str, Any], labels: Sequence[str]) -> Text:
    """Each seat's bid and the tricks it has taken so far."""
    parts = [
        f"{label} {bid}/{won}" for label, bid, won in zip(labels, view["bids"], view["tricks"], strict=True)
    ]
    return Text("bid/taken: ") + joined(parts, " · ")


def score_sheet(match: Match, labels: Sequence[str], width: int) -> Table:
    """The "Spielbogen": per round the cards per hand and, per player, bid/taken, points and total.

    A player's cell takes two lines when one line each would not fit in ``width`` columns.
    """
    sheet = Table(
        title="score sheet", caption="per player: bid/taken, points = total", show_edge=False, pad_edge=False
    )
    sheet.add_column("round", justify="right")
    sheet.add_column("cards", justify="right")
    for label in labels:
        sheet.add_column(label, justify="right")
    joiner = " " if 16 + 15 * len(labels) <= width else "\n"
    for row in match.sheet:
        details = row.details
        cells = [
            f"{bid}/{won} {points:+d}{joiner}= {total}"
            for bid, won, points, total in zip(
                details["bids"], details["tricks"], row.scores, row.totals, strict=True
            )
        ]
        sheet.add_row(str(row.index + 1), str(details["hand_size"]), *cells)
    return sheet


class RififiTable(GameTable):
    """Rififi: bid a number of tricks, then play; the score sheet after every round."""

    help = HELP

    def facts(self, view: Mapping[str, Any]) -> RenderableType:
        return round_facts(view, self.labels)

    def turn(self, view: Mapping[str, Any]) -> Turn:
        legal: list[str] = view["legal_actions"]
        order = CardOrder(self.game, view["trump"])
        hand = Text("your hand: ") + hand_text(view["hand"], order)
        if view["phase"] == "bid":
            bids = [a.removeprefix("bid ") for a in legal]
            return Turn(
                [bids_text(view, self.labels), hand, Text(f"you may bid: {', '.join(bids)}")],
                legal,
                Text(f"your bid (the number of tricks, {bids[0]}-{bids[-1]}): ", style="bold"),
            )
        choices = sorted(legal, key=lambda a: order.key(a.removeprefix("play ")))
        lines = [table_text(view, self.labels), tricks_text(view, self.labels), hand]
        return play_turn(lines, choices, lambda a: card_text(a.removeprefix("play ")))

    def round_end(self, match: Match, view: Mapping[str, Any]) -> list[RenderableType]:
        return [score_sheet(match, self.labels, self.width)]
