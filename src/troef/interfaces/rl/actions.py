"""A fixed action index per game and number of players, enumerated from the rules by the game's RL kit
(never collected from play), and per-action features for learners that score each legal action
(DouZero-style).

Index ``i`` names one action text (``notation.md``); ``ActionIndex.index`` maps the text back.  Each
game's kit (``rl/games/<game>.py``) says what its index enumerates; ``docs/rl.md`` lists the offsets.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import Final

import numpy as np
import numpy.typing as npt

from ...core.actions import Action, parse_action
from ...core.cards import bits
from ...core.game import Game
from ...games import game_class
from .kits import KINDS, KITS, kit_of
from .shared.vector import SUITS

FEATURE_BLOCKS: Final = (
    ("cards", 52),
    ("kind", len(KINDS)),
    ("blind", 1),
    ("number", 1),
    ("suit", 4),
    *(block for name in sorted(KITS) for block in KITS[name].action_blocks),
    ("last", 1),
)
"""The per-action feature vector's blocks: the action's cards (by troef card index 0..51), its keyword
one-hot, blind, its number scaled (a bid by the highest bid in the index, a draw position by 2), the
trump suit it names (S H D C), the blocks of the games' own features (each kit's ``action_blocks``, the
games in alphabetical order: a combination's type and deciding card, a contract), and a bid declared
last."""
FEATURES: Final = sum(size for _, size in FEATURE_BLOCKS)


class ActionIndex:
    """The fixed list of a game's actions for a number of players: ``texts[i]`` is action ``i``."""

    def __init__(self, game: str, players: int, actions: Iterable[Action]) -> None:
        self.game = game
        self._own = kit_of(game).action_features
        self.players = players
        self.actions: tuple[Action, ...] = tuple(actions)
        self.texts: tuple[str, ...] = tuple(a.text for a in self.actions)
        self.index: dict[str, int] = {t: i for i, t in enumerate(self.texts)}
        if len(self.index) != len(self.texts):
            raise AssertionError(f"{game}: an action is listed twice in the index")
        self.size: int = len(self.texts)
        self._features: npt.NDArray[np.float32] | None = None
        self._tops: dict[str, int] | None = None

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"<ActionIndex {self.game} players={self.players} size={self.size}>"

    def text(self, i: int) -> str:
        """The notation of action ``i`` (an int or numpy integer); an `IndexError` if out of range."""
        k = int(i)
        if not 0 <= k < self.size:
            raise IndexError(f"{self.game} has actions 0..{self.size - 1}, not {i!r}")
        return self.texts[k]

    def of(self, action: Action | str) -> int:
        """The index of an action or its text (forgiving text is parsed first); a `KeyError` when the
        game has no such action."""
        text = action.text if isinstance(action, Action) else action
        found = self.index.get(text)
        if found is None:
            found = self.index.get(parse_action(text).text)
        if found is None:
            raise KeyError(f"{self.game} has no action {text!r}")
        return found

    def mask(self, legal: Iterable[Action | str]) -> npt.NDArray[np.int8]:
        """An int8 vector with 1 at each legal action."""
        out = bytearray(self.size)
        index = self.index
        for a in legal:
            found = index.get(a.text if isinstance(a, Action) else a)
            out[self.of(a) if found is None else found] = 1
        return np.frombuffer(out, dtype=np.int8)

    def features(self) -> npt.NDArray[np.float32]:
        """The per-action feature matrix, ``size`` x `FEATURES` float32 in [0, 1] (`FEATURE_BLOCKS`);
        computed once and shared: do not write to it."""
        if self._features is None:
            self._features = np.stack([self._feature(a) for a in self.actions])
            self._features.setflags(write=False)
        return self._features

    def _feature(self, action: Action) -> npt.NDArray[np.float32]:
        out = np.zeros(FEATURES, dtype=np.float32)
        offsets = dict(_offsets())
        if self._tops is None:
            self._tops = {}
            for a in self.actions:
                self._tops[a.kind] = max(self._tops.get(a.kind, 1), a.number)
        for c in action.cards:
            out[offsets["cards"] + c] = 1
        out[offsets["kind"] + KINDS.index(action.kind)] = 1
        out[offsets["blind"]] = float(action.blind)
        out[offsets["last"]] = float(action.last)
        if action.number >= 0:
            out[offsets["number"]] = action.number / self._tops[action.kind]
        if action.kind == "trump":
            out[offsets["suit"] + SUITS.index(action.word)] = 1
        for block, place in self._own(action).items():
            out[offsets[block] + place] = 1
        return out


def _offsets() -> list[tuple[str, int]]:
    starts = itertools.accumulate((size for _, size in FEATURE_BLOCKS), initial=0)
    return [(name, start) for (name, _), start in zip(FEATURE_BLOCKS, starts, strict=False)]


@functools.cache
def action_index(game: str, players: int | None = None) -> ActionIndex:
    """The action index of ``game`` with ``players`` (None: the game's default number); the same
    object on every call."""
    cls = game_class(game)
    n = cls.default_players if players is None else players
    if not cls.min_players <= n <= cls.max_players:
        raise ValueError(f"{game} is played by {cls.player_range()} players, not {players!r}")
    return ActionIndex(game, n, kit_of(game).actions(n))


def index_for(game: Game) -> ActionIndex:
    """The action index of a loaded game (its name and number of players; the rules do not change it)."""
    return action_index(game.name, game.players)


__all__ = ["FEATURES", "FEATURE_BLOCKS", "KINDS", "ActionIndex", "action_index", "bits", "index_for"]
