"""Bots: anything that picks an action from a seat's `view`: random, the per-game heuristics and
the search bots at two strengths (`LEVELS`: easy is the heuristic)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

from ..core.errors import GameError
from ..core.game import State
from ..games.hoogjassen.bot import HoogjassenBot
from ..games.piken.bot import PikenBot
from ..games.rififi.bot import RififiBot
from ..games.rikken.bot import RikkenBot
from .levels import search_bot


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


LEVELS: Final = {"easy": "heuristic", "normal": "normal", "strong": "strong"}
"""`troef play --level`: the bot kind of each level."""
SEARCH_KINDS: Final = ("normal", "strong", "pimc", "ismcts")
"""Search bots: the two levels, and each search method on the normal budget (for comparisons)."""


def bot_kinds(game: str) -> list[str]:
    return ["random", "heuristic", *SEARCH_KINDS] if game in _HEURISTICS else ["random"]


def make_bot(game: str, kind: str, seed: int | None = None) -> Bot:
    """A bot of ``kind`` (see `bot_kinds`) for ``game``."""
    if kind == "random":
        return RandomBot(seed)
    factory = _HEURISTICS.get(game)
    if factory is None or kind not in ("heuristic", *SEARCH_KINDS):
        raise GameError(f"no {kind!r} bot for {game}; bots: {', '.join(bot_kinds(game))}")
    if kind == "heuristic":
        return factory(seed)
    return search_bot(game, kind, seed)


def play_out(state: State, bots: Sequence[Bot]) -> None:
    """Let ``bots[seat]`` act, each from its own view, until the round is over."""
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].act(state.view(seat)))
