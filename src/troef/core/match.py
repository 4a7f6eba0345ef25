"""A match: a sequence of rounds with dealer rotation, running totals and a score sheet."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .errors import GameError, MatchError
from .game import Game, Money, Result, State

MATCH_FORMAT = "troef-match/1"


@dataclass(frozen=True)
class SheetRow:
    """One round on the score sheet."""

    index: int
    dealer: int
    result: Result
    totals: tuple[int, ...]

    @property
    def scores(self) -> list[int]:
        scores: list[int] = self.result["scores"]
        return scores

    @property
    def details(self) -> dict[str, Any]:
        details: dict[str, Any] = self.result.get("details", {})
        return details


class Match:
    """Rounds of one game.  The first dealer is drawn at random (from ``seed``) unless given;
    the deal moves clockwise; ``rounds`` defaults to the game's schedule.  After those rounds the
    game may ask for closing rounds (`Game.closing_dealer`)."""

    def __init__(
        self,
        game: Game,
        names: list[str] | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
        rounds: int | None = None,
    ) -> None:
        self.game = game
        n = game.players
        self.names = names if names is not None else [f"seat {i}" for i in range(n)]
        if len(self.names) != n:
            raise GameError(f"{n} players need {n} names, not {len(self.names)}")
        self.rng = random.Random(seed)
        self.first_dealer = self.rng.randrange(n) if first_dealer is None else first_dealer
        game.check_dealer(self.first_dealer)
        self.rounds = game.match_rounds() if rounds is None else rounds
        if type(self.rounds) is not int or self.rounds < 1:
            raise GameError(f"a match has at least one round, not {rounds!r}")
        limit = game.max_rounds()
        if limit is not None and self.rounds > limit:
            raise GameError(f"a {game.name} match of these rules has at most {limit} rounds, not {rounds}")
        self.dealt: State | None = None
        self.previous: State | None = None
        self.sheet: list[SheetRow] = []
        self.records: list[dict[str, Any]] = []
        self.totals = [0] * n
        self.next_dealer = self.first_dealer

    @property
    def is_over(self) -> bool:
        return len(self.sheet) >= self.rounds and self.closing_dealer() is None

    @property
    def dealer(self) -> int:
        """The dealer of the next round: as `Game.next_dealer` says (by default clockwise), or the
        closing round's dealer."""
        closing = self.closing_dealer() if len(self.sheet) >= self.rounds else None
        return self.next_dealer if closing is None else closing

    def closing_dealer(self) -> int | None:
        """After the scheduled rounds: the dealer of the next closing round, or None (no more)."""
        start = (self.first_dealer + self.rounds) % self.game.players
        return self.game.closing_dealer(start, [row.result for row in self.sheet[self.rounds :]])

    def next_round(self, seed: int | None = None) -> State:
        """Deal the next round: a scheduled one, then the closing rounds the game asks for; a
        `MatchError` once the match is over.  ``seed`` deals it from that seed (e.g. a fair deal's)
        instead of the match's own next one, which is drawn either way."""
        if self.is_over:
            raise MatchError("the match is over")
        drawn = self.rng.randrange(2**63)
        seed = drawn if seed is None else seed
        index = len(self.sheet)
        deal = self.game.deal_round if index < self.rounds else self.game.deal_closing_round
        self.dealt = deal(seed, self.dealer, index, self.previous)
        return self.dealt

    def finish_round(self, state: State) -> SheetRow:
        """Enter a finished round on the score sheet; a `MatchError` unless it is the round this match
        dealt last and it is over."""
        if state is not self.dealt:
            raise MatchError("only the round this match dealt last can be entered on its score sheet")
        if not state.is_over:
            raise MatchError("the round is not over yet")
        self.dealt = None
        self.previous = state
        result = state.result()
        self.next_dealer = self.game.next_dealer(state.dealer, result)
        self.totals = [t + s for t, s in zip(self.totals, result["scores"], strict=True)]
        row = SheetRow(len(self.sheet), state.dealer, result, tuple(self.totals))
        self.sheet.append(row)
        self.records.append(state.record())
        return row

    def money(self) -> Money | None:
        """Each player's money in cents after the rounds so far, and the pot's (`Game.match_money`);
        None for games that play for points only."""
        return self.game.match_money([row.result for row in self.sheet], self.first_dealer, self.is_over)

    def leaders(self) -> list[int]:
        """The seats with the highest total."""
        best = max(self.totals)
        return [i for i, t in enumerate(self.totals) if t == best]

    def record(self) -> dict[str, Any]:
        """The match record (``troef-match/1``); ``scheduled_rounds`` tells which rounds are closing
        rounds (those from that index on), so that every round can be dealt again (`troef.games.fair`);
        ``money`` each player's money in cents, for games that play for money."""
        record: dict[str, Any] = {
            "format": MATCH_FORMAT,
            "game": self.game.name,
            "rules": self.game.rules.notation(),
            "players": list(self.names),
            "scheduled_rounds": self.rounds,
            "rounds": list(self.records),
            "totals": list(self.totals),
        }
        money = self.money()
        if money is not None:
            record["money"] = list(money.players)
        return record
