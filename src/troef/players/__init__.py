"""Players: anything that picks an action from a seat's `view`: random, each game's heuristic and the
search bots at two strengths (`LEVELS`: easy is the heuristic), the world sampling they search, and the
arena that measures them.  Each game registers its `PlayerKit` once (``kits.py``).  More bot kinds come
from installed packages through the ``troef.bots`` entry-point group (`BotPlugin`): troef's own learned
bots live in the ``rl`` interface, which needs numpy."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from importlib.metadata import entry_points
from typing import Any, Final, Protocol

from ..core.errors import GameError
from ..core.game import State
from .kits import KITS
from .levels import THINKING, search_bot
from .shared.kit import Bot, PlayerKit

__all__ = [
    "KITS",
    "LEVELS",
    "SEARCH_KINDS",
    "THINKING",
    "Bot",
    "BotPlugin",
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


PLUGIN_GROUP: Final = "troef.bots"
"""The entry-point group of bot kinds beyond the built-in ones: each entry's name is the kind, its
object a `BotPlugin`."""


class BotPlugin(Protocol):
    """A bot kind from an installed package: the games it plays and its bots."""

    @property
    def games(self) -> frozenset[str]: ...

    def make(self, game: str, seed: int | None) -> Bot:
        """A bot for ``game``; a `GameError` saying why if it cannot play it (a game it does not play,
        something it needs is not installed)."""
        ...


_plugins: dict[str, BotPlugin] | None = None


def plugins() -> dict[str, BotPlugin]:
    """The installed bot plugins by kind (group `PLUGIN_GROUP`), loaded once; built-in kinds win."""
    global _plugins
    if _plugins is None:
        built_in = ("random", "heuristic", *SEARCH_KINDS)
        _plugins = {e.name: e.load() for e in entry_points(group=PLUGIN_GROUP) if e.name not in built_in}
    return _plugins


def bot_kinds(game: str) -> list[str]:
    """The bot kinds that play ``game``."""
    built_in = ["random", "heuristic", *SEARCH_KINDS] if game in KITS else ["random"]
    return built_in + [kind for kind, plugin in plugins().items() if game in plugin.games]


def make_bot(game: str, kind: str, seed: int | None = None, thinking: float | None = None) -> Bot:
    """A bot of ``kind`` (see `bot_kinds`) for ``game``; a search bot stops each move after ``thinking``
    seconds with the best it has (at a table: `THINKING`), else plays its counts only."""
    if kind == "random":
        return RandomBot(seed)
    plugin = plugins().get(kind)
    if plugin is not None:
        return plugin.make(game, seed)
    kit = KITS.get(game)
    if kit is None or (kind != "heuristic" and kind not in SEARCH_KINDS):
        raise GameError(f"no {kind!r} bot for {game}; bots: {', '.join(bot_kinds(game))}")
    if kind == "heuristic":
        return kit.heuristic(seed)
    return search_bot(game, kind, seed, thinking)


def play_out(state: State, bots: Sequence[Bot]) -> None:
    """Let ``bots[seat]`` act, each from its own view, until the round is over."""
    while (seat := state.current_player) is not None:
        state.apply(bots[seat].act(state.view(seat)))
