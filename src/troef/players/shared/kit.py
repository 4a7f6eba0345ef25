"""`PlayerKit`: everything the players layer knows about one game, registered once per game
(``players/<game>/__init__.py``), the way python-chess's variants carry what the package needs."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ...core.game import Game, State
from .playouts import Policy


class Bot(Protocol):
    """A player that sees only its seat's view and answers with an action's text."""

    name: str

    def act(self, view: Mapping[str, Any]) -> str: ...


BotFactory = Callable[[int | None], Bot]
"""A bot from a seed."""
Appraise = Callable[[State], list[float]]
"""What a finished round is worth to each seat, for a search."""
PolicyFactory = Callable[[Game, int], Policy]
"""A game's play-out policy for a seed (``players/<game>/playout.py``)."""
Candidates = Callable[[Mapping[str, Any]], list[str]]
"""The legal actions of a view worth searching (a game may leave out those never worth it)."""
BidChance = Callable[[Mapping[str, Any], str], float]
"""How likely a seat makes a choice before play (an action's text) from its view: inference's model
of the other seats (`Budget.soft_bids`)."""
Sampler = Callable[[Game, Mapping[str, Any], random.Random], State]
"""A round consistent with everything a view shows, the cards it hides dealt at random (what play
revealed respected): a world for a bot that searches (``players/<game>/worlds.py``)."""


G = TypeVar("G", bound=Game)


def sampler(game_class: type[G], sample: Callable[[G, Mapping[str, Any], random.Random], State]) -> Sampler:
    """A game's world sampler, written for its own `Game` class, as a kit's `Sampler`."""

    def sample_world(game: Game, view: Mapping[str, Any], rng: random.Random) -> State:
        assert isinstance(game, game_class), f"a {game_class.__name__} sampler was given {game!r}"
        return sample(game, view, rng)

    return sample_world


def all_legal(view: Mapping[str, Any]) -> list[str]:
    """Every legal action of the view."""
    legal: list[str] = view["legal_actions"]
    return legal


@dataclass(frozen=True)
class PlayerKit:
    """One game's players: its heuristic bot, world sampler and what its search levels use."""

    game: str
    """The name of the game (`Game.name`)."""
    heuristic: BotFactory
    """The rule-based bot (level ``easy``)."""
    sample_world: Sampler
    playout: PolicyFactory
    """The search's play-out policy."""
    normal_worlds: int
    """Worlds a move at level normal (ISMCTS plays each out 10 times, about as long as PIMC)."""
    bidding: PolicyFactory | None = None
    """Play-outs for the choices before play, where they are not ``playout``'s."""
    candidates: Candidates = all_legal
    """The actions a search weighs."""
    method: str = "pimc"
    """The levels' search method (``pimc`` or ``ismcts``)."""
    alone: bool = False
    """Every seat plays alone: the exact endgame is max-n, not alpha-beta over two sides."""
    close_reading: bool = False
    """Level strong reads the other seats closely (`Budget.close`): their cards played too, and how far
    a bid is from the one the policy would make; kept where it gained (``docs/bots.md``)."""
    appraise: Appraise | None = None
    """Level strong: what a play-out of the choices before play is worth to each seat, where its scores
    alone mislead the search (None: its scores)."""
    appraise_play: bool = False
    """Level strong values its play-outs in play by ``appraise`` too (`Budget.appraise_play`); kept where
    it gained (``docs/bots.md``)."""
    bid_chance: BidChance | None = None
    """How likely a seat's bids are from its hand, for inference that weighs them softly
    (`Budget.soft_bids`); None: the policy's bid or not."""
    marks: tuple[float, float, float] | None = None
    """The least points a decision must lose against the best to be marked an inaccuracy, a mistake and a
    blunder (`troef.analysis`), in the game's own points; None: its rounds are not analysed."""
