"""Minitrick, a fifth game that lives in tests/ and proves that a game is a few modules and one
registration per layer (``docs/adding-a-game.md``): 3 players, 12 cards (Q K A of each suit), follow
suit, no trump, a point for each trick, a match of a few rounds.

`register` adds it through the public registration points only; ``tests/conftest.py`` calls it at
collection time, so every suite that iterates `troef.GAMES` plays it too.  Its RL kit needs numpy
(``troef[rl]``): without it (the compiled engine's venv) the game is registered without one.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from troef.core.game import Game

NAME: Final = "minitrick"
TESTS: Final = Path(__file__).resolve().parent.parent
"""tests/, the folder that holds this package."""


def register() -> None:
    """Register minitrick's rules, players, presentation and (with numpy) RL kit."""
    from troef.games import register as register_game
    from troef.players.kits import KITS
    from troef.present import PRESENTERS

    from .players import KIT
    from .present import MinitrickPresenter
    from .rules import Minitrick

    register_game(Minitrick)
    KITS[NAME] = KIT
    PRESENTERS[NAME] = MinitrickPresenter()
    if find_spec("numpy") is not None:
        from troef.interfaces.rl import kits

        from .rl import KIT as RL_KIT

        kits.KITS[NAME] = RL_KIT


def product_games() -> list[type[Game]]:
    """The games troef ships, every registered one but this: what its docs and catalogs cover."""
    from troef.games import GAMES

    return [cls for name, cls in GAMES.items() if name != NAME]


def plugin_path(folder: Path) -> tuple[str, ...]:
    """The ``PYTHONPATH`` of a process that has minitrick as an installed game plugin: ``folder``, where
    this writes the metadata of a distribution naming `register` in the entry point group
    ``troef.games`` (`troef.games.plugins`), and tests/, which holds the package."""
    info = folder / "minitrick-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: minitrick\nVersion: 0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[troef.games]\n{NAME} = minitrick:register\n", encoding="utf-8")
    return str(folder), str(TESTS)
