"""Players: anything that picks an action from a seat's `view`: random, each game's heuristic and the
search bots at two strengths (`LEVELS`: easy is the heuristic), the world sampling they search, and the
arena that measures them.  Each game registers its `PlayerKit` once (``kits.py``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..core.errors import GameError
from ..core.game import State
from .kit import Bot, PlayerKit
from .kits import KITS
from .levels import search_bot

__all__ = [
    "KITS",
    "LEVELS",
    "SEARCH_KINDS",
    "Bot",
    "PlayerKit",
    "RandomBot",
    "bot_kinds",
    "make_bot",
    "play_out",
]


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        return self.rng.choice(legal)


LEVELS: Final = {"easy": "heuristic", "normal": "normal", "strong": "strong"}
"""`troef play --level`: the bot kind of each level."""
SEARCH_KINDS: Final = ("normal", "strong", "pimc", "ismcts")
"""Search bots: the two levels, and each search method on the normal budget (for comparisons)."""


def bot_kinds(game: str) -> list[str]:
    """The bot kinds that play ``game``."""
    return ["random", "heuristic", *SEARCH_KINDS] if game in KITS else ["random"]


def make_bot(game: str, kind: str, seed: int | None = None) -> Bot:
    """A bot of ``kind`` (see `bot_kinds`) for ``game``."""
    if kind == "random":
        return RandomBot(seed)
    kit = KITS.get(game)
    if kit is None or (kind != "heuristic" and kind not in SEARCH_KINDS):
        raise GameError(f"no {kind!r} bot for {game}; bots: {', '.join(bot_kinds(game))}")
    if kind == "heuristic":
        return kit.heuristic(seed)
    return search_bot(game, kind, seed)


def play_out(state: State, bots: Sequence[Bot]) -> None:
    """Let ``bots[seat]`` act, each from its own view, until the round is over."""
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].act(state.view(seat)))
