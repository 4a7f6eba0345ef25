"""``troef play``: a whole match in the terminal, a person at one seat and bots at the others.

The match loop is the `Session`'s; this module asks the person for their actions and shows the
session's events through the game's `GameTable`, which renders only the person's own view.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from ...core.actions import parse_action
from ...present.answers import NotAChoice, read_answer
from ...present.i18n import Words
from ...session import ActionApplied, Event, MatchOver, RoundDealt, RoundOver, Session
from .table import GameTable
from .terminal import LineReader

__all__ = ["MatchEnded", "TerminalMatch"]

QUIT_WORDS = frozenset({"quit", "q", "exit"})
HELP_WORDS = frozenset({"help", "?"})


class MatchEnded(Exception):
    """The player left the table, or their input ended."""


class TerminalMatch:
    """Plays ``session`` to its end in the terminal, the person at seat ``human`` (every other seat is
    a bot's), showing each event as ``table`` renders it."""

    def __init__(
        self,
        session: Session,
        human: int,
        table: GameTable,
        console: Console,
        reader: LineReader,
        words: Words,
    ) -> None:
        self.session = session
        self.human = human
        self.table = table
        self.console = console
        self.reader = reader
        self.words = words

    def play(self) -> None:
        """Every round of the match, the score sheet after each, the standings at the end."""
        self.console.print(self.table.help)
        session = self.session
        while not session.is_over:
            self.show(session.deal())
            while session.in_play:
                self.show(self.human_turn() if session.turn == self.human else session.run_bot())

    def show(self, events: Sequence[Event]) -> None:
        """Each event as the person sees it, from their view right after it."""
        view = self.session.view(self.human)
        assert view is not None  # every event comes after a deal
        for event in events:
            if isinstance(event, RoundDealt):
                self.console.print()
                self.console.rule(self.table.round_title(event.index, self.session.match.rounds))
                self.console.print(self.table.round_start(view))
            elif isinstance(event, ActionApplied):
                for line in self.table.after(event.seat, parse_action(event.action), view):
                    self.console.print(line)
            elif isinstance(event, RoundOver):
                self.console.print()
                for part in self.table.round_end(self.session.match, view):
                    self.console.print(part)
            elif isinstance(event, MatchOver):
                self.console.print()
                self.console.print(self.table.standings(self.session.match))

    def human_turn(self) -> list[Event]:
        """Show the table and ask until the answer is a legal action; take it."""
        view = self.session.view(self.human)
        assert view is not None  # it is the person's turn in a round in play
        turn = self.table.turn(view)
        for line in turn.lines:
            self.console.print(line)
        while True:
            answer = self.reader.ask(turn.prompt)
            if answer is None:
                raise MatchEnded(self.words._("input ended"))
            word = answer.strip().lower()
            if word in QUIT_WORDS:
                raise MatchEnded(self.words._("you left the table"))
            if word in HELP_WORDS:
                self.console.print(self.table.help)
                continue
            try:
                action = read_answer(answer, turn.model, view["legal_actions"])
            except NotAChoice as e:
                self.refuse(str(e))
            else:
                return self.session.act(self.human, action)

    def refuse(self, why: str) -> None:
        refusal = self.words._("not accepted: {why}").format(why=why)
        self.console.print(Text(refusal, style="red"), soft_wrap=True)
