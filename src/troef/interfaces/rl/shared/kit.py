"""`RLKit`: everything the RL layer knows about one game, declared once per game
(``rl/games/<game>.py``) and registered in `troef.interfaces.rl.kits`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ....core.actions import Action
from ....core.game import Game
from .vector import Values, Vector, View

if TYPE_CHECKING:
    from ..encode import Encoder

Blocks = tuple[tuple[str, int], ...]
"""An observation's or an action feature's blocks, ``(name, size)`` in order."""
Encode = Callable[["Encoder", Values, View], None]
"""Writes blocks of a view's observation."""
Direct = Callable[["Encoder", Any, int], Vector]
"""A seat's observation straight from the round's fields, the vector `Encode` gives of its view."""
_MISSING: Final[Any] = object()


def no_features(action: Action) -> Mapping[str, int]:
    """No features of a game's own."""
    return {}


@dataclass(frozen=True, kw_only=True)
class RLKit:
    """One game's observation, action index, rewards and OpenSpiel facts; a `TypeError` naming the
    game and every missing part when a required one is left out."""

    game: str
    """The name of the game (`Game.name`)."""
    phases: tuple[str, ...] = _MISSING
    """The game's phases, in the order of the observation's ``phase`` block."""
    max_hand: Callable[[int], int] = _MISSING
    """The most cards a hand holds with a number of players: counts are divided by it."""
    actions: Callable[[int], list[Action]] = _MISSING
    """The action index for a number of players, enumerated from the rules (`troef.interfaces.rl.actions`)."""
    layout: Callable[[int], Blocks] = _MISSING
    """The observation's blocks of the game's own, after ``phase``, for a number of players."""
    encode: Encode = _MISSING
    """Writes the game's own blocks (and ``turned_card`` where it has one)."""
    reward_scale: Callable[[Game], float] = _MISSING
    """What a score is divided by to make a PettingZoo reward."""
    bounds: Callable[[Game], tuple[float, float]] = _MISSING
    """The least and the most a seat can score in a round (OpenSpiel's utility bounds)."""
    zero_sum: bool = _MISSING
    """Every round's scores sum to zero."""
    max_game_length: Callable[[Game], int] = _MISSING
    """The most decisions a round can take (chance's deal left out)."""
    play: Encode | None = None
    """Writes ``tricks_won``, ``played`` and ``trick``; None: a trick game's (`Encoder.trick_play`)."""
    direct: Direct | None = None
    """The observation from the round's fields, faster than through the view; None: from the view."""
    action_blocks: Blocks = ()
    """The per-action feature blocks of the game's own (`troef.interfaces.rl.actions.FEATURE_BLOCKS`)."""
    action_features: Callable[[Action], Mapping[str, int]] = no_features
    """An action's own features: block name -> the place of its 1 in the block."""

    def __post_init__(self) -> None:
        missing = [f.name for f in fields(self) if getattr(self, f.name) is _MISSING]
        if missing:
            raise TypeError(f"the RL kit of {self.game} lacks {', '.join(missing)}")


G = TypeVar("G", bound=Game)
T = TypeVar("T")


def of_game(game_class: type[G], part: Callable[[G], T]) -> Callable[[Game], T]:
    """A kit's part written for its own `Game` class, as one taking any game."""

    def read(game: Game) -> T:
        if not isinstance(game, game_class):
            raise TypeError(f"a {game_class.__name__} kit part was given {game!r}")
        return part(game)

    return read
