"""The learned bot's network in numpy: an action-value MLP, Q(observation, action), and its weights file.

``h1 = relu(observation · W1o + action · W1a + b1)``, ``h2 = relu(h1 · W2 + b2)``, ``q = h2 · w3 + b3``:
the observation's part of the first layer is computed once for all the legal actions.  The weights
file is a numpy ``.npz``: the arrays `WEIGHTS` (float32) and text entries (`META`) saying how it was
made.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from ....core.errors import GameError

Floats = npt.NDArray[np.float32]

WEIGHTS: Final = ("w1o", "w1a", "b1", "w2", "b2", "w3", "b3")
META: Final = ("command", "seed", "torch", "layout", "trained")
"""The training command line, its seed, the torch version, the inputs' layout (JSON) and what the
training did (JSON: rounds, samples, wall time)."""


@dataclass(frozen=True)
class Network:
    """The weights, and the text entries of the file they came from."""

    w1o: Floats
    w1a: Floats
    b1: Floats
    w2: Floats
    b2: Floats
    w3: Floats
    b3: Floats
    meta: dict[str, str]

    def values(self, observation: Floats, actions: Floats) -> Floats:
        """Q of each row of ``actions`` (one per legal action) in ``observation``."""
        first = observation @ self.w1o + self.b1
        h1 = np.maximum(actions @ self.w1a + first, 0.0)
        h2 = np.maximum(h1 @ self.w2 + self.b2, 0.0)
        out: Floats = h2 @ self.w3 + self.b3
        return out

    def layout(self) -> list[tuple[str, int]]:
        """The inputs' layout the network was trained on."""
        return [(name, int(size)) for name, size in json.loads(self.meta["layout"])]


def load(path: Path) -> Network:
    """The network in the weights file at ``path``; a `GameError` if it is missing or malformed."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: np.asarray(data[name], dtype=np.float32) for name in WEIGHTS}
            meta = {name: str(data[name]) for name in META}
    except (OSError, KeyError, ValueError) as e:
        raise GameError(f"cannot load the learned bot's weights from {path}: {e}") from None
    return Network(**arrays, meta=meta)


def save(path: Path, arrays: dict[str, Floats], meta: dict[str, str]) -> None:
    """Write a weights file: the arrays of `WEIGHTS` as float32 and the text entries of `META`."""
    entries: dict[str, npt.NDArray[np.generic]] = {
        name: np.asarray(arrays[name], dtype=np.float32) for name in WEIGHTS
    }
    entries.update({name: np.array(meta[name]) for name in META})
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        np.savez_compressed(f, **entries)  # type: ignore[arg-type]
