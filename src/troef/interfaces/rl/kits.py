"""The RL layer's registry: one `RLKit` per game (``rl/games/<game>.py``), and what looks a game's
kit up."""

from __future__ import annotations

from typing import Final

from ...core.errors import GameError
from .games import hoogjassen, piken, rififi, rikken
from .shared.kit import RLKit

KITS: Final[dict[str, RLKit]] = {kit.game: kit for kit in (rififi.KIT, rikken.KIT, hoogjassen.KIT, piken.KIT)}


KINDS: Final = (
    "pass",
    "decline",
    "take-lummel",
    "ongedraaid",
    "bid",
    "choose",
    "draw",
    "trump",
    "play",
    "call",
    "discard",
)
"""Every action keyword of the games with a kit, in the order of the per-action feature ``kind``
(`troef.interfaces.rl.actions.FEATURE_BLOCKS`)."""


def kit_of(game: str) -> RLKit:
    """The RL kit of ``game``; a `GameError` naming it if it has none."""
    kit = KITS.get(game)
    if kit is None:
        raise GameError(f"no RL kit for game {game!r}; games with one: {', '.join(KITS)}")
    return kit
