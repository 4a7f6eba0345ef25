"""Duplicate play: every deal replayed under both seatings of every pair, over a pool of processes."""

from __future__ import annotations

import signal
import statistics
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from ...core.errors import GameError
from ...core.game import Game
from ...games import load_game
from .. import Bot, bot_kinds, make_bot, play_out
from .schedule import deal_plan, pairs, seatings

Progress = Callable[[int], None]
"""Told how many more deals are done."""
MakeBot = Callable[[str, str, int], Bot]
"""A bot from a game's name, a kind and a seed (`make_bot` by default)."""

BLOCK = 25
"""The most deals a worker plays per task (smaller blocks: a smoother progress bar)."""


@dataclass(frozen=True)
class Setup:
    """What an arena plays: a game (rules as `load_game` takes them, players), a field of at least two
    bot kinds of that game (a kind may come twice) and the seed every deal and bot derives from."""

    game: str
    kinds: tuple[str, ...]
    rules: str | Mapping[str, Any] | None = None
    players: int | None = None
    seed: int = 0

    def load(self) -> Game:
        """The game; a `GameError` for an unknown game, bad rules or players, or a bad field."""
        game = load_game(self.game, self.rules, self.players)
        if len(self.kinds) < 2:
            raise GameError(f"an arena needs at least two bots, not {len(self.kinds)}")
        known = bot_kinds(self.game)
        for kind in self.kinds:
            if kind not in known:
                raise GameError(f"unknown bot {kind!r} for {self.game}; bots: {', '.join(known)}")
        return game


@dataclass(frozen=True)
class PairDeal:
    """One pair's scores on one deal, both replays together: A's seats' and B's seats'."""

    a: tuple[float, ...]
    b: tuple[float, ...]

    @property
    def diff(self) -> float:
        """A's mean score per seat minus B's."""
        return statistics.fmean(self.a) - statistics.fmean(self.b)


class SittingOut:
    """The player of a seat that does not play the round (a dealer who sits out, `Game.seats_of`)."""

    name = "sitting-out"

    def act(self, view: Mapping[str, Any]) -> str:
        raise AssertionError(f"seat {view['seat']} sits out this round but was asked to act")


def play_deal(setup: Setup, game: Game, index: int, make: MakeBot = make_bot) -> list[PairDeal]:
    """Deal ``index`` played by every pair of the field (in `pairs` order) under both seatings, each
    kind's bots made by ``make``."""
    plan = deal_plan(setup.seed, index, game.players)
    dealt = game.deal(plan.seed, plan.dealer)
    replays = seatings(game.players, game.seats_of(plan.dealer))
    out: list[PairDeal] = []
    for pair in pairs(len(setup.kinds)):
        scores: tuple[list[float], list[float]] = ([], [])
        for seating in replays:
            bots: list[Bot] = [
                SittingOut()
                if side is None
                else make(game.name, setup.kinds[pair[side]], plan.bot_seeds[seat])
                for seat, side in enumerate(seating)
            ]
            state = dealt.clone()
            play_out(state, bots)
            result = state.result()["scores"]
            for seat, side in enumerate(seating):
                if side is not None:
                    scores[side].append(result[seat])
        out.append(PairDeal(tuple(scores[0]), tuple(scores[1])))
    return out


def play_block(setup: Setup, start: int, stop: int) -> list[list[PairDeal]]:
    """Deals ``start`` to ``stop - 1``: a worker's task (only the setup and two numbers travel)."""
    game = setup.load()
    return [play_deal(setup, game, index) for index in range(start, stop)]


def check_counts(deals: int, workers: int) -> None:
    """A `GameError` unless both are whole numbers of at least 1."""
    for name, value in (("deals", deals), ("workers", workers)):
        if type(value) is not int or value < 1:
            raise GameError(f"{name} must be at least 1, not {value!r}")


def play_deals(
    setup: Setup, deals: int, workers: int = 1, progress: Progress | None = None
) -> list[list[PairDeal]]:
    """Per deal ``0 .. deals - 1``, every pair's `PairDeal`; the same whatever the number of
    ``workers`` (processes; 1 plays in this process)."""
    setup.load()
    check_counts(deals, workers)
    size = max(1, min(BLOCK, deals // (4 * workers)))
    blocks: dict[int, list[list[PairDeal]]] = {}
    for start, block in _blocks(setup, deals, size, workers):
        blocks[start] = block
        if progress is not None:
            progress(len(block))
    return [deal for start in sorted(blocks) for deal in blocks[start]]


def _blocks(setup: Setup, deals: int, size: int, workers: int) -> Iterator[tuple[int, list[list[PairDeal]]]]:
    """Each block of ``size`` deals with its first deal's index, in the order they are finished."""
    starts = range(0, deals, size)
    if workers == 1:
        yield from ((s, play_block(setup, s, min(s + size, deals))) for s in starts)
        return
    # Workers ignore Ctrl-C (the main process stops them); on any exit, tasks not started are dropped.
    ignore_interrupts = (signal.SIGINT, signal.SIG_IGN)
    pool = ProcessPoolExecutor(
        min(workers, len(starts)), initializer=signal.signal, initargs=ignore_interrupts
    )
    try:
        tasks = {pool.submit(play_block, setup, s, min(s + size, deals)): s for s in starts}
        yield from ((tasks[task], task.result()) for task in as_completed(tasks))
    finally:
        pool.shutdown(cancel_futures=True)
