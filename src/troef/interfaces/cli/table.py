"""The terminal table: one renderer of the presentation layer's model for every game.

It colours cards and suits, lays out the lines, the numbered choices and the score sheet; the words,
what is shown and what is hidden all come from ``troef.present``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from rich.console import JustifyMethod, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.actions import Action
from ...core.game import Game
from ...core.match import Match
from ...present import PRESENTERS, Seen, round_title, standings
from ...present.model import Group, Hand, Line, Part, Sheet
from ...present.model import Table as Model

__all__ = ["GameTable", "Turn", "make_table"]

SUIT_STYLES: Final = {"S": "bold", "C": "bold", "H": "bold red", "D": "bold red"}
View = Mapping[str, Any]


def part_text(part: Part) -> Text:
    """A part of a line: a card or suit in its suit's colour, words plain."""
    if part["kind"] == "card":
        return Text(part["text"], style=SUIT_STYLES.get(part["code"][-1:], ""))
    if part["kind"] == "suit":
        return Text(part["text"], style=SUIT_STYLES[part["code"]])
    return Text(part["text"])


def parts_text(parts: Sequence[Part]) -> Text:
    return Text().join(part_text(p) for p in parts)


def line_text(line: Line) -> Text:
    text = parts_text(line["parts"])
    if line["bold"]:
        text.stylize("bold")
    return text


@dataclass(frozen=True)
class Turn:
    """The person's turn: what to show, the prompt, and the table model the answers are read against."""

    lines: list[RenderableType]
    prompt: Text
    model: Model


class GameTable:
    """The table of one game for the person at seat ``human``, in language ``lang``."""

    def __init__(self, game: Game, human: int, width: int, lang: str) -> None:
        self.presenter = PRESENTERS[game.name]
        self.seen = Seen(game, human, lang)
        self.width = width
        self.labels: list[str] = self.seen.labels
        self.help: str = self.presenter.help(self.seen)
        self.before: View = {}

    def round_title(self, index: int, planned: int) -> str:
        return round_title(self.seen.w, index, planned)

    def round_start(self, view: View) -> RenderableType:
        """The round's facts; called once per round before anyone acts."""
        self.before = view
        return Text("\n").join(line_text(line) for line in self.presenter.round_start(self.seen, view))

    def turn(self, view: View) -> Turn:
        """The table as the person sees it when it is their turn."""
        self.before = view
        model = self.presenter.table(self.seen, view)
        lines: list[RenderableType] = [line_text(line) for line in model["lines"]]
        lines.append(self.hand_text(model["hand"]))
        choices: list[str] = []
        for group in model["actions"]:
            lines.extend(self.group_text(group, choices, model["actions"]))
        return Turn(lines, Text(model["prompt"], style="bold"), model)

    def hand_text(self, hand: Hand) -> Text:
        """``your hand: ♠ AS 9S   ♥ TH``, or numbered ``1) AS  2) 9S`` when cards are chosen by number."""
        w = self.seen.w
        if hand["numbered"]:
            cards = [part_text(c) for g in hand["groups"] for c in g["cards"]]
            return Text(w._("your hand: ")) + Text("  ").join(
                Text(f"{i}) ") + c for i, c in enumerate(cards, 1)
            )
        groups: list[Text] = []
        for group in hand["groups"]:
            row = Text(" ").join(part_text(c) for c in group["cards"])
            suit = self.seen.cards.suit(group["suit"], named=False) if group["suit"] else None
            groups.append(part_text(suit) + " " + row if suit else row)
        separator = "   " if any(g["suit"] for g in hand["groups"]) else "  "
        return Text(w._("your hand: ")) + (Text(separator).join(groups) if groups else Text(w._("(empty)")))

    def group_text(self, group: Group, choices: list[str], groups: Sequence[Group]) -> list[Text]:
        """A group of choices on one line; the numbers continue ``choices``."""
        shown: list[Text] = []
        for choice in group["actions"][: group["listed"]]:
            choices.append(choice["action"])
            number = Text(f"{len(choices)}) ") if group["numbered"] else Text()
            shown.append(number + parts_text(choice["parts"]))
        width = max((len(g["label"]) for g in groups if g["row"]), default=0) + 2
        label = Text(f"  {group['label']:<{width}}") if group["row"] else Text(group["label"])
        body = label + Text("  " if group["numbered"] else ", ").join(shown)
        if group["more"]:
            body += Text(f"  {group['more']}" if shown else group["more"])
        lines = [Text(group["heading"])] if group["heading"] else []
        return [*lines, body]

    def after(self, seat: int, action: Action, view: View) -> list[RenderableType]:
        """What to print after ``seat`` acted: the action, each trick it completed, what became known."""
        lines = self.presenter.after(self.seen, self.before, seat, action, view)
        self.before = view
        return [line_text(line) for line in lines]

    def round_end(self, match: Match, view: View) -> list[RenderableType]:
        """The round's result and the score sheet so far."""
        result = [line_text(line) for line in self.presenter.round_result(self.seen, match, view)]
        sheet = self.sheet_table(self.presenter.sheet(self.seen, match))
        return [Text("\n").join(result), Text(), sheet] if result else [sheet]

    def sheet_table(self, sheet: Sheet) -> Table:
        """The score sheet; a seat's cell on one line when the terminal is wide enough."""
        table = Table(
            title=sheet["title"],
            caption=sheet["caption"],
            show_edge=False,
            pad_edge=False,
            show_footer=sheet["footer"],
            padding=(0, 1) if self.width >= 100 or len(sheet["columns"]) < 8 else (0, 0),
        )
        for column in sheet["columns"]:
            justify: JustifyMethod = "right" if column["right"] else "left"
            table.add_column(column["label"], justify=justify, footer=column["footer"], overflow="fold")
        joiner = Text(" " if sheet["cells_fit"] <= self.width else "\n")
        for row in sheet["rows"]:
            table.add_row(*(joiner.join(line_text(line) for line in cell) for cell in row))
        return table

    def standings(self, match: Match) -> RenderableType:
        """Final totals, highest first, and the winner."""
        return Text("\n").join(line_text(line) for line in standings(self.seen, match))


def make_table(game: Game, human: int, width: int, lang: str) -> GameTable:
    """The terminal table of ``game`` for the person at seat ``human``."""
    return GameTable(game, human, width, lang)
