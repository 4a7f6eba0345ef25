"""What a player sees at the table, shared by every game: coloured cards, sorted hands, standings, and
`GameTable`, the base of each game's own rendering (``rififi_table``, ``rikken_table``).

Everything here renders a seat's `view` (or the public score sheet); nothing reads a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from rich.console import RenderableType
from rich.text import Text

from ..cards import CODES, RANKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS
from ..core.actions import Action
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


def suit_symbol(suit: str | None) -> Text:
    """A suit's symbol in its colour; ``no trump`` for none."""
    if suit is None:
        return Text("no trump")
    return Text(SUIT_SYMBOLS[SUITS.index(suit)], style=SUIT_STYLES[suit])


def joined(parts: Sequence[Text | str], separator: str = "  ") -> Text:
    """The parts, as one text with ``separator`` between them."""
    return Text(separator).join(Text(p) if isinstance(p, str) else p for p in parts)


class CardOrder:
    """Sorts cards for display: by suit (trump first, colours alternating), strongest first."""

    def __init__(self, game: Game, trump: str | None) -> None:
        self.power = game.card_power(SUITS.index(trump) if trump else -1)
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
            groups.append(joined([suit_symbol(suit), *map(card_text, cards)], " "))
    return joined(groups, "   ") if groups else Text("(empty)")


def numbered(choices: Sequence[Text]) -> Text:
    """``1) AS  2) TH``."""
    return joined([Text(f"{i}) ") + choice for i, choice in enumerate(choices, 1)], "  ")


def seat_labels(players: int, human: int) -> list[str]:
    """How seats are named at the table: ``seat 2``, and ``seat 0 (you)`` for the human."""
    return [f"seat {i} (you)" if i == human else f"seat {i}" for i in range(players)]


def trick_taken_text(trick: Mapping[str, Any], players: int, labels: Sequence[str]) -> Text:
    """``seat 2 takes the trick with AS``."""
    winner = trick["winner"]
    card = trick["cards"][(winner - trick["leader"]) % players]
    return Text.assemble((f"{labels[winner]} takes the trick with ", "bold"), card_text(card))


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


class NotAChoice(ValueError):
    """An answer that names no action, e.g. a number that is not on the list."""


@dataclass(frozen=True)
class Turn:
    """The person's turn: what to show, the numbered choices (action texts) and the prompt; ``read``,
    when given, reads the answers of this turn the generic reading does not (the action text, or None)."""

    lines: list[RenderableType]
    choices: list[str]
    prompt: Text
    read: Callable[[str], str | None] | None = None


def play_turn(lines: Sequence[RenderableType], choices: list[str], describe: Callable[[str], Text]) -> Turn:
    """The person's turn to play a card: ``lines``, then the (sorted) ``choices`` numbered."""
    numbers = f"1-{len(choices)}" if len(choices) > 1 else "1"
    return Turn(
        [*lines, Text("you may play: ") + numbered([describe(a) for a in choices])],
        choices,
        Text(f"your card (its number {numbers}, or a card like AS, 10h): ", style="bold"),
    )


class GameTable:
    """How one game looks at the table, for the person at seat ``human``.

    The shared loop (``play.py``) asks it what to print at the start of a round, on the person's turn,
    after every action and at the end of a round; it renders only the person's view.
    """

    help: ClassVar[str]
    """How to answer, shown at the start and on ``help``."""

    def __init__(self, game: Game, labels: Sequence[str], human: int, width: int) -> None:
        self.game = game
        self.labels = labels
        self.human = human
        self.width = width
        self.tricks_seen = 0

    def round_start(self, view: Mapping[str, Any]) -> RenderableType:
        """The round's facts; called once per round before anyone acts."""
        self.tricks_seen = 0
        return self.facts(view)

    def facts(self, view: Mapping[str, Any]) -> RenderableType:
        """What is known when the cards are dealt."""
        raise NotImplementedError

    def turn(self, view: Mapping[str, Any]) -> Turn:
        """The table as the person sees it when it is their turn."""
        raise NotImplementedError

    def auction_text(self, view: Mapping[str, Any]) -> Text:
        """``auction: seat 2 rik · seat 3 pass`` (for games whose view lists the ``auction``)."""
        said = [f"{self.labels[entry['seat']]} {entry['bid']}" for entry in view["auction"]]
        return Text("auction: ") + (joined(said, " · ") if said else Text("you speak first"))

    def described(self, seat: int, action: Action, view: Mapping[str, Any]) -> Text:
        """``seat 1 bids 2``, ``seat 3 plays AS``: an action as the person saw it."""
        label = self.labels[seat]
        if action.kind == "bid":
            return Text(f"{label} bids {action.word}")
        if action.kind == "play":
            return Text(f"{label} plays ") + joined([card_text(CODES[c]) for c in action.cards], " ")
        return Text(f"{label}: {action}")

    def after(self, seat: int, action: Action, view: Mapping[str, Any]) -> list[RenderableType]:
        """What to print after ``seat`` acted: the action, and each trick it completed."""
        lines: list[RenderableType] = [self.described(seat, action, view)]
        for trick in view["history"][self.tricks_seen :]:
            lines.append(self.trick_taken(trick, view))
        self.tricks_seen = len(view["history"])
        return lines

    def trick_taken(self, trick: Mapping[str, Any], view: Mapping[str, Any]) -> RenderableType:
        return trick_taken_text(trick, view["players"], self.labels)

    def round_end(self, match: Match, view: Mapping[str, Any]) -> list[RenderableType]:
        """The round's result and the score sheet so far."""
        raise NotImplementedError
