"""``troef play``: a whole match in the terminal, a person at one seat and bots at the others.

The loop here is the same for every game; what the table looks like comes from the game's `GameTable`.
The person sees only ``state.view(seat)`` of their own seat, and every bot acts on its own seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Console
from rich.text import Text

from ..cards import CODES, CardError, parse_card
from ..core.actions import Action, parse_action
from ..core.errors import IllegalAction
from ..core.game import State
from ..match import Match
from ..players import Bot
from .table import GameTable, NotAChoice, standings
from .terminal import LineReader

__all__ = ["MatchEnded", "NotAChoice", "TableSession", "interpret"]

LISTED = 40
"""A refusal names the legal actions only when there are at most this many (not every discard)."""
QUIT_WORDS = frozenset({"quit", "q", "exit"})
HELP_WORDS = frozenset({"help", "?"})


class MatchEnded(Exception):
    """The player left the table, or their input ended."""


def interpret(answer: str, choices: Sequence[str]) -> str:
    """The action text an answer means.

    When every choice is a bid of a number (of tricks), a bare number is the bid; otherwise a number
    picks from the numbered ``choices``.  A card code means ``play`` that card, or else the one choice
    naming that card (``call AD``, ``call AC blind``); a word naming one choice's argument means that
    choice (``rik`` for ``bid rik``, ``s`` for ``trump S``); anything else is taken as action text, for
    the game to accept or refuse.
    """
    text = answer.strip()
    if not text:
        raise NotAChoice("type a choice")
    if text.isdecimal():
        if choices and all(c.startswith("bid ") and c[4:].isdecimal() for c in choices):
            return f"bid {text}"
        if len(text) <= 3 and 1 <= int(text) <= len(choices):
            return choices[int(text) - 1]
        raise NotAChoice(f"there is no choice {text}; type a number from 1 to {len(choices)} or a card")
    try:
        card = CODES[parse_card(text)]
    except CardError:
        naming = [c for c in choices if c.lower().split()[1:] == [text.lower()]]
        return naming[0] if len(naming) == 1 else text
    naming = [c for c in choices if c.split()[1:2] == [card]]
    return naming[0] if len(naming) == 1 and f"play {card}" not in choices else f"play {card}"


class TableSession:
    """Plays a `Match` to its end, talking to the person at seat ``human`` through ``table``."""

    def __init__(
        self,
        match: Match,
        human: int,
        bots: Mapping[int, Bot],
        table: GameTable,
        console: Console,
        reader: LineReader,
    ) -> None:
        self.match = match
        self.human = human
        self.bots = bots
        self.table = table
        self.console = console
        self.reader = reader

    def play(self) -> None:
        """Every round of the match, the score sheet after each, the standings at the end."""
        self.console.print(self.table.help)
        while not self.match.is_over:
            self.play_round()
        self.console.print()
        self.console.print(standings(self.match, self.table.labels))

    def play_round(self) -> None:
        state = self.match.next_round()
        self.console.print()
        number, planned = len(self.match.sheet) + 1, self.match.rounds
        closing = number - planned
        self.console.rule(f"Round {number} of {planned}" if closing <= 0 else f"Closing round {closing}")
        self.console.print(self.table.round_start(state.view(self.human)))
        while (seat := state.current_player) is not None:
            if seat == self.human:
                action = self.human_turn(state)
            else:
                action = parse_action(self.bots[seat].act(state.view(seat)))
                state.apply(action)
            for line in self.table.after(seat, action, state.view(self.human)):
                self.console.print(line)
        self.match.finish_round(state)
        self.console.print()
        for part in self.table.round_end(self.match, state.view(self.human)):
            self.console.print(part)

    def human_turn(self, state: State) -> Action:
        """Show the table and ask until the answer is a legal action; apply it."""
        turn = self.table.turn(state.view(self.human))
        for line in turn.lines:
            self.console.print(line)
        while True:
            answer = self.reader.ask(turn.prompt)
            if answer is None:
                raise MatchEnded("input ended")
            word = answer.strip().lower()
            if word in QUIT_WORDS:
                raise MatchEnded("you left the table")
            if word in HELP_WORDS:
                self.console.print(self.table.help)
                continue
            try:
                state.apply((turn.read and turn.read(answer)) or interpret(answer, turn.choices))
            except NotAChoice as e:
                self.refuse(str(e))
                continue
            except IllegalAction as e:
                self.refuse(str(e) if len(e.legal) <= LISTED else f"{e.action!r}: {e.reason}")
                continue
            return state.actions[-1]

    def refuse(self, why: str) -> None:
        self.console.print(Text(f"not accepted: {why}", style="red"), soft_wrap=True)
