"""The table server's bots: each move and hint thought in the bots' processes (`BotPool`), never on the
event loop, from the seat's own view only, with a seed that a replay of the table would give again."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ...players import THINKING, make_bot
from ...session import BotTurn, Who
from .pool import BOTS_ONLY, PERSON, BotPool
from .seats import Unavailable, engine_bot_kind
from .table import HINT_LEVEL, STAND_IN_KIND, Table, Thinking


def bot_move(game: str, kind: str, seed: int, view: Mapping[str, Any]) -> str:
    """A bot's action for ``view`` (its seat's own view only), within its level's thinking limit: run in
    a worker process."""
    return make_bot(game, kind, seed, THINKING.get(kind)).act(view)


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

    async def _run(self, kind: str, priority: int, game: str, seed: int, view: Mapping[str, Any]) -> str:
        if self._pool is None:
            raise Unavailable("the server is not started")
        try:
            return await self._pool.run(kind, priority, bot_move, game, kind, seed, view)
        except BrokenProcessPool:
            raise Unavailable("a bot could not think: its process died twice") from None
