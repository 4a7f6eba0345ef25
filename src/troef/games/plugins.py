"""Games added from outside troef: an installed distribution names, in the entry point group
``troef.games``, a function that registers its game in every layer (`troef.games.register`, and the
registries of the players, the presenters and the RL kits; docs/adding-a-game.md). `load_plugins` calls
each such function once; the ``troef`` command does as it starts, and the table server's bot processes
as they start, so that a game added this way is served and its bots think like any other."""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Final

PLUGIN_GROUP: Final = "troef.games"
_loaded: set[str] = set()


def load_plugins() -> list[str]:
    """Call the registration of every installed game plugin not yet loaded in this process; their names."""
    loaded = []
    for entry in entry_points(group=PLUGIN_GROUP):
        if entry.name not in _loaded:
            entry.load()()
            _loaded.add(entry.name)
            loaded.append(entry.name)
    return loaded
