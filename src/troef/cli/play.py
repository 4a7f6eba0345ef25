"""``troef play``: a whole match in the terminal, a person at one seat and bots at the others.

The person sees only ``state.view(seat)`` of their own seat, and every bot acts on its own seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from ..bots import Bot
from ..cards import CODES, CardError, parse_card
from ..core.actions import Action, parse_action
from ..core.errors import IllegalAction
from ..core.game import State
from ..match import Match
from .table import (
    CardOrder,
    bids_text,
    card_text,
    hand_text,
    joined,
    round_facts,
    score_sheet,
    standings,
    table_text,
    trick_taken_text,
    tricks_text,
)
from .terminal import LineReader

HELP = (
    "How to answer: while bidding, type the number of tricks you bid (2, or 'bid 2'); "
    "while playing, type the card's number in the list (1, 2, ...) or the card itself "
    "(AS, 10h, 'play TH'). 'help' shows this again, 'quit' leaves the table."
)
QUIT_WORDS = frozenset({"quit", "q", "exit"})
HELP_WORDS = frozenset({"help", "?"})


class MatchEnded(Exception):
    """The player left the table, or their input ended."""


class NotAChoice(ValueError):
    """An answer that names no action, e.g. a number that is not on the list."""


def interpret(answer: str, choices: Sequence[str]) -> str:
    """The action text an answer means.

    While bidding (every choice is a ``bid``) a bare number is the bid; otherwise a number picks
    from the numbered ``choices``.  A card code means ``play`` that card; anything else is taken
    as action text, for the game to accept or refuse.
    """
    text = answer.strip()
    if not text:
        raise NotAChoice("type a choice")
    if text.isdecimal():
        if choices and all(c.startswith("bid ") for c in choices):
            return f"bid {text}"
        if len(text) <= 3 and 1 <= int(text) <= len(choices):
            return choices[int(text) - 1]
        raise NotAChoice(f"there is no choice {text}; type a number from 1 to {len(choices)} or a card")
    try:
        return f"play {CODES[parse_card(text)]}"
    except CardError:
        return text


def described(label: str, action: Action) -> Text:
    """``seat 1 bids 2``, ``seat 3 plays AS``."""
    if action.kind == "bid":
        return Text(f"{label} bids {action.word}")
    if action.kind == "play":
        return Text(f"{label} plays ") + joined([card_text(CODES[c]) for c in action.cards], " ")
    return Text(f"{label}: {action}")


class TableSession:
    """Plays a `Match` to its end, talking to the person at seat ``human``."""

    def __init__(
        self,
        match: Match,
        human: int,
        bots: Mapping[int, Bot],
        labels: Sequence[str],
        console: Console,
        reader: LineReader,
    ) -> None:
        self.match = match
        self.human = human
        self.bots = bots
        self.labels = labels
        self.console = console
        self.reader = reader

    def play(self) -> None:
        """Every round of the match, the score sheet after each, the standings at the end."""
        self.console.print(HELP)
        while not self.match.is_over:
            self.play_round()
        self.console.print()
        self.console.print(standings(self.match, self.labels))

    def play_round(self) -> None:
        state = self.match.next_round()
        view = state.view(self.human)
        order = CardOrder(self.match.game, view["trump"])
        self.console.print()
        self.console.rule(f"Round {len(self.match.sheet) + 1} of {self.match.rounds}")
        self.console.print(round_facts(view, self.labels))
        tricks_seen = 0
        while (seat := state.current_player) is not None:
            if seat == self.human:
                action = self.human_turn(state, order)
            else:
                action = parse_action(self.bots[seat].act(state.view(seat)))
                state.apply(action)
            self.console.print(described(self.labels[seat], action))
            view = state.view(self.human)
            for trick in view["history"][tricks_seen:]:
                self.console.print(trick_taken_text(trick, view["players"], self.labels))
            tricks_seen = len(view["history"])
        self.match.finish_round(state)
        self.console.print()
        self.console.print(score_sheet(self.match, self.labels, self.console.width))

    def human_turn(self, state: State, order: CardOrder) -> Action:
        """Show the table and ask until the answer is a legal action; apply it."""
        view = state.view(self.human)
        choices, prompt = self.show_turn(view, order)
        while True:
            answer = self.reader.ask(prompt)
            if answer is None:
                raise MatchEnded("input ended")
            word = answer.strip().lower()
            if word in QUIT_WORDS:
                raise MatchEnded("you left the table")
            if word in HELP_WORDS:
                self.console.print(HELP)
                continue
            try:
                state.apply(interpret(answer, choices))
            except (NotAChoice, IllegalAction) as e:
                self.console.print(Text(f"not accepted: {e}", style="red"), soft_wrap=True)
                continue
            return state.actions[-1]

    def show_turn(self, view: Mapping[str, Any], order: CardOrder) -> tuple[list[str], Text]:
        """Print what the seat sees now; return the numbered choices and the prompt."""
        legal: list[str] = view["legal_actions"]
        hand = hand_text(view["hand"], order)
        if view["phase"] == "bid":
            self.console.print(bids_text(view, self.labels))
            self.console.print(Text("your hand: ") + hand)
            bids = [a.removeprefix("bid ") for a in legal]
            self.console.print(f"you may bid: {', '.join(bids)}")
            return legal, Text(f"your bid (the number of tricks, {bids[0]}-{bids[-1]}): ", style="bold")
        choices = sorted(legal, key=lambda a: order.key(a.removeprefix("play ")))
        self.console.print(table_text(view, self.labels))
        self.console.print(tricks_text(view, self.labels))
        self.console.print(Text("your hand: ") + hand)
        numbered = [Text(f"{i}) ") + card_text(a.removeprefix("play ")) for i, a in enumerate(choices, 1)]
        self.console.print(Text("you may play: ") + joined(numbered, "  "))
        numbers = f"1-{len(choices)}" if len(choices) > 1 else "1"
        return choices, Text(f"your card (its number {numbers}, or a card like AS, 10h): ", style="bold")
