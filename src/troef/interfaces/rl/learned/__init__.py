"""The learned Rififi bot (bot kind ``learned``): a Deep Monte-Carlo action-value network trained by
self-play (`troef.interfaces.rl.learned.train`), played in numpy.  `PLUGIN` is its entry in the ``troef.bots``
entry-point group, through which `troef.players.make_bot` finds it; it imports numpy only when a bot is
made."""

from __future__ import annotations

from importlib.util import find_spec
from typing import TYPE_CHECKING, Final

from ....core.errors import GameError

if TYPE_CHECKING:
    from ....players import Bot

GAMES: Final = frozenset({"rififi"})
"""The games this package's learned bot plays (its registration; `PLUGIN` offers it for them and
`troef.interfaces.rl.learned.train` trains it)."""
INSTALL: Final = "the learned bot needs numpy: pip install 'troef[rl]'"


class LearnedPlugin:
    """Makes learned bots.  It offers them (`games`) only where numpy is installed."""

    @property
    def games(self) -> frozenset[str]:
        return GAMES if find_spec("numpy") is not None else frozenset()

    def make(self, game: str, seed: int | None) -> Bot:
        if game not in GAMES:
            raise GameError(f"no learned bot for {game}; it plays {', '.join(sorted(GAMES))}")
        try:
            from .bot import LearnedBot
        except ImportError as e:
            raise GameError(f"{INSTALL} ({e})") from None
        return LearnedBot(seed)


PLUGIN: Final = LearnedPlugin()
