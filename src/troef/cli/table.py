"""What a player sees at the table: cards coloured by suit, sorted hands, bids, tricks and the score sheet.

Everything here renders a seat's `view` (or the public score sheet); nothing reads a hidden card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from rich.table import Table
from rich.text import Text

from ..cards import RANKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS
from ..core.game import Game
from ..match import Match

SUIT_STYLES: Final = {"S": "bold", "C": "bold", "H": "bold red", "D": "bold red"}
DISPLAY_SUITS: Final = "SHCD"
"""Suits in display order, black and red alternating; the trump suit is rotated to the front."""


def card_text(code: str) -> Text:
    """A card code in its suit's colour."""
    return Text(code, style=SUIT_STYLES.get(code[-1:], ""))


def suit_text(suit: str) -> Text:
    """A suit as symbol and name, e.g. ``♥ hearts``, in its colour."""
    i = SUITS.index(suit)
    return Text(f"{SUIT_SYMBOLS[i]} {SUIT_NAMES[i]}", style=SUIT_STYLES[suit])


def joined(parts: Sequence[Text | str], separator: str = "  ") -> Text:
    """The parts, as one text with ``separator`` between them."""
    return Text(separator).join(Text(p) if isinstance(p, str) else p for p in parts)


class CardOrder:
    """Sorts cards for display: by suit (trump first, colours alternating), strongest first."""

    def __init__(self, game: Game, trump: str | None) -> None:
        power = getattr(game, "power", None)  # trick games know their rank order
        self.power: Sequence[int] = power if isinstance(power, tuple) else range(52)
        start = DISPLAY_SUITS.index(trump) if trump else 0
        self.suits = DISPLAY_SUITS[start:] + DISPLAY_SUITS[:start]

    def key(self, code: str) -> tuple[int, int]:
        suit = SUITS.index(code[1])
        return self.suits.index(code[1]), -self.power[suit * 13 + RANKS.index(code[0])]

    def sort(self, codes: Sequence[str]) -> list[str]:
        return sorted(codes, key=self.key)


def hand_text(codes: Sequence[str], order: CardOrder) -> Text:
    """A hand grouped by suit: ``♠ AS 9S   ♥ TH``."""
    groups: list[Text] = []
    for suit in order.suits:
        cards = order.sort([c for c in codes if c[1] == suit])
        if cards:
            symbol = Text(SUIT_SYMBOLS[SUITS.index(suit)], style=SUIT_STYLES[suit])
            groups.append(joined([symbol, *map(card_text, cards)], " "))
    return joined(groups, "   ") if groups else Text("(empty)")


def seat_labels(players: int, human: int) -> list[str]:
    """How seats are named at the table: ``seat 2``, and ``seat 0 (you)`` for the human."""
    return [f"seat {i} (you)" if i == human else f"seat {i}" for i in range(players)]


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
    trump = "no trump" if view["trump"] is None else SUIT_SYMBOLS[SUITS.index(view["trump"])]
    heading = Text(f"trick {len(view['history']) + 1} of {view['hand_size']}, trump ") + Text(
        trump, style=SUIT_STYLES.get(view["trump"] or "", "")
    )
    return heading + ": " + (joined(played, " · ") if played else Text(f"{labels[view['leader']]} leads"))


def tricks_text(view: Mapping[str, Any], labels: Sequence[str]) -> Text:
    """Each seat's bid and the tricks it has taken so far."""
    parts = [
        f"{label} {bid}/{won}" for label, bid, won in zip(labels, view["bids"], view["tricks"], strict=True)
    ]
    return Text("bid/taken: ") + joined(parts, " · ")


def trick_taken_text(trick: Mapping[str, Any], players: int, labels: Sequence[str]) -> Text:
    """``seat 2 takes the trick with AS``."""
    winner = trick["winner"]
    card = trick["cards"][(winner - trick["leader"]) % players]
    return Text.assemble((f"{labels[winner]} takes the trick with ", "bold"), card_text(card))


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


def standings(match: Match, labels: Sequence[str]) -> Text:
    """Final totals, highest first, and the winner (or the winners of a tie)."""
    totals = match.totals
    ranked = sorted(range(len(labels)), key=lambda s: -totals[s])
    lines = [f"{1 + sum(t > totals[s] for t in totals)}. {labels[s]}: {totals[s]}" for s in ranked]
    leaders = match.leaders()
    best = match.totals[leaders[0]]
    if len(leaders) == 1:
        verdict = f"Winner: {labels[leaders[0]]} with {best} points"
    else:
        verdict = f"Tie for first with {best} points: {', '.join(labels[s] for s in leaders)}"
    return Text.assemble(("Final standings\n", "bold"), "\n".join(lines), "\n", (verdict, "bold"))
