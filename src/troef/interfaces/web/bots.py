"""The table server's bots: each move and hint thought in the bots' processes (`BotPool`), never on the
event loop, from the seat's own view only, with a seed that a replay of the table would give again."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

from ...analysis import analyse
from ...players import THINKING, make_bot
from ...session import BotTurn, Who
from .pool import ANALYSIS, BOTS_ONLY, PERSON, BotPool
from .seats import Unavailable, engine_bot_kind
from .table import HINT_LEVEL, STAND_IN_KIND, Table, Thinking

ANALYSIS_KIND: Final = "strong"
"""The bot kind whose lane (the search processes) analyses rounds."""
ANALYSIS_SEED: Final = 0


def bot_move(game: str, kind: str, seed: int, view: Mapping[str, Any]) -> str:
    """A bot's action for ``view`` (its seat's own view only), within its level's thinking limit: run in
    a worker process."""
    return make_bot(game, kind, seed, THINKING.get(kind)).act(view)


def round_analysis(record: Mapping[str, Any]) -> str:
    """The analysis of a round record as JSON text (`troef.analysis.Analysis.to_json`, under
    `ANALYSIS_SEED`: the same round gets the same analysis on every server): run in a worker process."""
    return json.dumps(analyse(record, seed=ANALYSIS_SEED).to_json())


class BotRunner:
    """The bots of every table of a server, in ``workers`` processes once started; ``waited``: told
    each move's wait for a process, by lane."""

    def __init__(self, workers: int | None, waited: Callable[[str, float], None]) -> None:
        self.workers = workers
        self.waited = waited
        self._pool: BotPool | None = None

    def start(self) -> None:
        self._pool = BotPool(self.workers, self.waited)

    def shutdown(self) -> None:
        """Stop the processes (a move in flight is abandoned)."""
        if self._pool is not None:
            self._pool.shutdown()

    def queues(self) -> dict[str, int]:
        """The moves waiting for a process, by lane."""
        return {} if self._pool is None else self._pool.queues()

    async def move(self, table: Table, turn: BotTurn) -> str:
        """The action of the bot (or stand-in) whose ``turn`` it is."""
        bot = table.seats[turn.seat].bot
        kind = engine_bot_kind(bot) if turn.who is Who.BOT and bot is not None else STAND_IN_KIND
        seed = table.row.settings["bot_seed"] + 1_000_003 * table.version + turn.seat
        priority = BOTS_ONLY if table.bots_only else PERSON
        return await self._run(kind, priority, table.game.name, seed, dict(turn.view))

    async def hint(self, table: Table, asked: Thinking) -> str:
        """The hint ``asked`` for: the choice of the hint's level, as soon as a person's move would be."""
        kind = engine_bot_kind(HINT_LEVEL)
        return await self._run(kind, PERSON, table.game.name, asked.seed, asked.view)

    async def analyse(self, record: Mapping[str, Any]) -> str:
        """A finished round's analysis (`round_analysis`), in the search lane after every bot's move."""
        return await self._job(ANALYSIS_KIND, ANALYSIS, round_analysis, dict(record))

    async def _run(self, kind: str, priority: int, game: str, seed: int, view: Mapping[str, Any]) -> str:
        return await self._job(kind, priority, bot_move, game, kind, seed, view)

    async def _job(self, kind: str, priority: int, job: Callable[..., str], *args: object) -> str:
        if self._pool is None:
            raise Unavailable("the server is not started")
        try:
            return await self._pool.run(kind, priority, job, *args)
        except BrokenProcessPool:
            raise Unavailable("a bot could not think: its process died twice") from None
