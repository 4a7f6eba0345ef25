"""The match loop as one object that does no I/O: a `Session` deals a `Match`'s rounds when told, knows
whose turn it is and whether a bot plays that seat, applies the actions, enters each finished round on the
score sheet and ends the match (closing rounds included).

Every call that changes the table returns the events it caused, in order (`RoundDealt`, `ActionApplied`,
`RoundOver`, `MatchOver`); an interface renders them and reads each seat's `view` from the session.  A
bot's move is computed by the caller wherever it likes (`bot_turn`, then `bot_act`) or here at once
(`run_bot`).  Events name cards only as the action's text does (a discard, a blind lead): an interface
shows a seat what its `view` shows, never an event as it stands.

>>> import troef
>>> from troef.players import RandomBot
>>> game = troef.load_game(next(iter(troef.GAMES)))  # the first game registered, bidding tricks
>>> match = Match(game, seed=1, rounds=1)
>>> session = Session(match, {seat: RandomBot(seat) for seat in (1, 2, 3)})  # a person at seat 0
>>> session.deal()
[RoundDealt(index=0, dealer=1, closing=False)]
>>> [(event.seat, event.action) for event in session.run_bots() if isinstance(event, ActionApplied)]
[(2, 'bid 0'), (3, 'bid 0')]
>>> session.turn, session.view(0)["legal_actions"]
(0, ['bid 0', 'bid 1'])
>>> session.act(0, "bid 1")
[ActionApplied(seat=0, action='bid 1', who=<Who.HUMAN: 'human'>)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .core.actions import Action
from .core.errors import MatchError
from .core.game import State
from .core.match import Match, SheetRow
from .players import Bot

__all__ = [
    "ActionApplied",
    "BotTurn",
    "Event",
    "MatchOver",
    "NotYourTurn",
    "RoundDealt",
    "RoundOver",
    "Session",
    "Who",
]


class Who(StrEnum):
    """Who took an action for a seat."""

    HUMAN = "human"
    BOT = "bot"
    STAND_IN = "stand-in"
    """A bot playing a human's seat while the human is away."""


@dataclass(frozen=True)
class RoundDealt:
    """Round ``index`` of the match (0 the first, as in the match record) was dealt by ``dealer``;
    ``closing``: it is one of the closing rounds after the scheduled ones (`Game.closing_dealer`)."""

    index: int
    dealer: int
    closing: bool


@dataclass(frozen=True)
class ActionApplied:
    """``seat`` took ``action`` (its notation); ``who`` took it for the seat."""

    seat: int
    action: str
    who: Who


@dataclass(frozen=True)
class RoundOver:
    """The round is over; ``row`` is its line on the score sheet (result and running totals)."""

    row: SheetRow


@dataclass(frozen=True)
class MatchOver:
    """The match is over: every seat's total and the seats with the highest."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]


Event = RoundDealt | ActionApplied | RoundOver | MatchOver


@dataclass(frozen=True)
class BotTurn:
    """A bot is to act: ``bot`` (playing as ``who``) should answer ``view``, the seat's own view, with
    an action for `Session.bot_act`.  ``round`` and ``step`` (the actions taken in the round before this
    turn) tell whether the answer still fits the table when it comes."""

    seat: int
    view: Mapping[str, Any]
    bot: Bot
    who: Who
    round: int
    step: int


class NotYourTurn(MatchError):
    """An action for a seat that is not to act; nothing changed."""

    def __init__(self, seat: int | None, turn: int) -> None:
        self.seat = seat
        self.turn = turn
        super().__init__(f"it is not seat {seat}'s turn: seat {turn} is to act")


class Session:
    """Plays ``match`` with ``bots`` at their seats (seat -> bot) and people at the others.

    The session is as reproducible as its parts: the match's seed fixes the deals and the first dealer,
    the bots' seeds their moves.  A match that already has rounds carries on from them.
    """

    def __init__(self, match: Match, bots: Mapping[int, Bot]) -> None:
        n = match.game.players
        wrong = [s for s in bots if type(s) is not int or not 0 <= s < n]
        if wrong:
            raise MatchError(f"bots sit at seats 0..{n - 1}, not at {wrong[0]!r}")
        self.match = match
        self.bots = dict(bots)
        self.stand_ins: dict[int, Bot] = {}

    # ------------------------------------------------------------------------------- the table now

    @property
    def round(self) -> State | None:
        """The round in play, else the round finished last (until the next is dealt); None before the
        first deal."""
        return self.match.dealt if self.match.dealt is not None else self.match.previous

    @property
    def in_play(self) -> bool:
        """A round is dealt and not over."""
        return self.match.dealt is not None

    @property
    def is_over(self) -> bool:
        """Every round of the match, closing rounds included, is on the score sheet."""
        return self.match.is_over

    @property
    def turn(self) -> int | None:
        """The seat to act in the round in play, or None (no round in play)."""
        state = self.match.dealt
        return None if state is None else state.current_player

    def who(self, seat: int) -> Who:
        """Who plays ``seat`` now: its bot, the stand-in of an away human, or the human."""
        if seat in self.bots:
            return Who.BOT
        return Who.STAND_IN if seat in self.stand_ins else Who.HUMAN

    def view(self, seat: int | None) -> Mapping[str, Any] | None:
        """What ``seat`` sees (None: a spectator) of `round`; None before the first deal."""
        state = self.round
        return None if state is None else state.view(seat)

    # ------------------------------------------------------------------------------- changing it

    def stand_in(self, seat: int, bot: Bot | None) -> None:
        """Let ``bot`` play the human seat ``seat`` until it is called again with None (the human is
        back)."""
        n = self.match.game.players
        if type(seat) is not int or not 0 <= seat < n:
            raise MatchError(f"a stand-in takes a seat 0..{n - 1}, not {seat!r}")
        if seat in self.bots:
            raise MatchError(f"seat {seat} is played by a bot: it needs no stand-in")
        if bot is None:
            self.stand_ins.pop(seat, None)
        else:
            self.stand_ins[seat] = bot

    def deal(self, seed: int | None = None) -> list[Event]:
        """Deal the next round (from ``seed``; by default the match's next seed)."""
        if self.in_play:
            raise MatchError("a round is in play: it must be finished before the next is dealt")
        index = len(self.match.sheet)
        state = self.match.next_round(seed)
        return [RoundDealt(index, state.dealer, index >= self.match.rounds)]

    def act(self, seat: int | None, action: Action | str) -> list[Event]:
        """The human at ``seat`` takes ``action``: refused with `NotYourTurn` unless the seat is to act,
        `IllegalAction` unless it is legal, `MatchError` for a bot's seat; nothing changes then."""
        state = self._playing()
        self._check_turn(state, seat)
        if seat in self.bots:
            raise MatchError(f"seat {seat} is played by a bot")
        assert seat is not None  # the seat to act
        return self._apply(state, seat, action, Who.HUMAN)

    def bot_turn(self) -> BotTurn | None:
        """The turn of the bot (or stand-in) to act now, or None: no round in play, or a human's turn."""
        state = self.match.dealt
        if state is None:
            return None
        seat = state.actor
        bot = self.bots.get(seat, self.stand_ins.get(seat))
        if bot is None:
            return None
        return BotTurn(seat, state.view(seat), bot, self.who(seat), len(self.match.sheet), len(state.actions))

    def bot_act(self, turn: BotTurn, action: Action | str) -> list[Event]:
        """Take ``action``, the bot's answer to ``turn``; a `MatchError` if the table has moved on since
        (another action, a new round, the stand-in gone), `IllegalAction` if it is not legal."""
        state = self._playing()
        if (turn.round, turn.step) != (len(self.match.sheet), len(state.actions)) or self.bots.get(
            turn.seat, self.stand_ins.get(turn.seat)
        ) is not turn.bot:
            raise MatchError(f"seat {turn.seat}'s bot answered a turn that is past")
        return self._apply(state, turn.seat, action, turn.who)

    def run_bot(self) -> list[Event]:
        """Let the bot to act choose, here and now, and take its action."""
        turn = self.bot_turn()
        if turn is None:
            raise MatchError("no bot is to act")
        return self.bot_act(turn, turn.bot.act(turn.view))

    def run_bots(self) -> list[Event]:
        """Let bots act until a human is to act or the round is over."""
        events: list[Event] = []
        while self.bot_turn() is not None:
            events += self.run_bot()
        return events

    # ------------------------------------------------------------------------------- inside

    def _playing(self) -> State:
        state = self.match.dealt
        if state is None:
            raise MatchError("the match is over" if self.is_over else "no round is in play: deal one first")
        return state

    @staticmethod
    def _check_turn(state: State, seat: int | None) -> None:
        state.check_seat(seat)
        turn = state.actor
        if seat != turn:
            raise NotYourTurn(seat, turn)

    def _apply(self, state: State, seat: int, action: Action | str, who: Who) -> list[Event]:
        state.apply(action)
        events: list[Event] = [ActionApplied(seat, state.actions[-1].text, who)]
        if state.is_over:
            events.append(RoundOver(self.match.finish_round(state)))
            if self.match.is_over:
                events.append(MatchOver(tuple(self.match.totals), tuple(self.match.leaders())))
        return events
