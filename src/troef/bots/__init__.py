"""Bots: anything that picks an action from a seat's `view`; random and per-game heuristics."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..core.errors import GameError
from ..core.game import State
from ..games.hoogjassen.bot import HoogjassenBot
from ..games.piken.bot import PikenBot
from ..games.rififi.bot import RififiBot
from ..games.rikken.bot import RikkenBot


class Bot(Protocol):
    """A player that sees only its seat's view and answers with an action's text."""

    name: str

    def act(self, view: Mapping[str, Any]) -> str: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        return self.rng.choice(legal)


BotFactory = Callable[[int | None], Bot]
_HEURISTICS: dict[str, BotFactory] = {
    "hoogjassen": HoogjassenBot,
    "piken": PikenBot,
    "rififi": RififiBot,
    "rikken": RikkenBot,
}


def bot_kinds(game: str) -> list[str]:
    return ["random", *(["heuristic"] if game in _HEURISTICS else [])]


def make_bot(game: str, kind: str, seed: int | None = None) -> Bot:
    """A bot of ``kind`` (``random`` or ``heuristic``) for ``game``."""
    if kind == "random":
        return RandomBot(seed)
    factory = _HEURISTICS.get(game) if kind == "heuristic" else None
    if factory is None:
        raise GameError(f"no {kind!r} bot for {game}; bots: {', '.join(bot_kinds(game))}")
    return factory(seed)


def play_out(state: State, bots: Sequence[Bot]) -> None:
    """Let ``bots[seat]`` act, each from its own view, until the round is over."""
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].act(state.view(seat)))
