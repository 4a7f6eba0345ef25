"""The learned Rififi bot: plays the legal action whose Q value is the highest, in numpy."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import numpy as np

from ....core.errors import GameError
from .features import inputs, switches
from .network import Network, load

WEIGHTS_FILE: Final = Path(__file__).resolve().parent.parent / "weights" / "rififi.npz"
"""The shipped weights (``python -m troef.interfaces.rl.learned.train``; the file records the command)."""


@functools.cache
def network(path: Path = WEIGHTS_FILE) -> Network:
    """The network in ``path``, loaded once."""
    return load(path)


class LearnedBot:
    """Scores every legal action with the network and plays the best (ties broken by its seed)."""

    name = "learned"

    def __init__(self, seed: int | None = None, net: Network | None = None) -> None:
        self.rng = random.Random(seed)
        self.net = network() if net is None else net

    def act(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        if view["game"] != "rififi":
            raise GameError(f"the learned bot plays rififi, not {view['game']}")
        n = int(view["players"])
        inp = inputs(n)
        rules = switches(view["rules"], n)
        vector = inp.encoder.encode(view)
        observation, trump = inp.observation(vector, rules)
        values = self.net.values(
            observation, inp.actions(vector, rules, trump, [inp.index.of(a) for a in legal])
        )
        best = np.flatnonzero(values >= values.max() - 1e-6)
        return legal[int(best[0]) if len(best) == 1 else self.rng.choice(best.tolist())]
