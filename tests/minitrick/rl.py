"""Minitrick's RL kit: the shared blocks only; 12 plays; a point a trick, rewards ÷ 4."""

from __future__ import annotations

from troef.core.actions import Action, make
from troef.interfaces.rl.encode import Encoder
from troef.interfaces.rl.shared.kit import RLKit
from troef.interfaces.rl.shared.vector import Values, View

from .rules import HAND, PACK


def actions(players: int) -> list[Action]:
    return [make("play", cards=(c,)) for c in PACK]


def encode(enc: Encoder, out: Values, view: View) -> None:
    """Nothing of its own: the shared blocks hold the hand, the tricks and the play."""


KIT = RLKit(
    game="minitrick",
    phases=("play", "over"),
    max_hand=lambda players: HAND,
    actions=actions,
    layout=lambda players: (),
    encode=encode,
    reward_scale=lambda game: float(HAND),
    bounds=lambda game: (0.0, float(HAND)),
    zero_sum=False,
    max_game_length=lambda game: len(PACK),
)
"""The scores sum to the 4 tricks, not to zero."""
