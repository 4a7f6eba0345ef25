"""A fixed action index per game and number of players, enumerated from the rules (never collected from
play), and per-action features for learners that score each legal action (DouZero-style).

Index ``i`` names one action text (``notation.md``); ``ActionIndex.index`` maps the text back.  The
enumeration, per game (``docs/rl.md`` lists the offsets):

- Rififi: 52 plays, then the bids 0 .. ``52 // players`` (the most cards a hand can hold).
- Rikken: 52 plays, 52 blind plays, the 8 calls (aces, or kings when holding four aces), the 4 blind
  calls (aces), 4 trumps, the 3 choices after everybody passed, pass, and every contract on the ladders.
- Hoogjassen: a play per card of the 31-card pack, pass, the bids from the minimum (120 with four, 170
  with three) to the ``max_bid`` option's maximum (990), the same bids declared last (option
  ``last_bid``), take-lummel, ongedraaid, 4 trumps, and every discard: each set of ``lummel size``
  cards of the pack (C(31,3) = 4,495 with 4 players, C(31,4) = 31,465 with 3).
- Piken: draw 1, draw 2, decline, then every combination of the 32-card pack (10,856) from
  ``games/piken/combos.py``, weakest first.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from ..cards import CODES, bits
from ..core.actions import Action, make, parse_action
from ..core.game import Game
from ..games import game_class
from ..games.hoogjassen.rules import LUMMEL, MIN_BID, PACK_CARDS
from ..games.piken import combos
from ..games.piken.middle import POSITIONS
from ..games.piken.order import CARD_OF, FULL
from ..games.rikken.calling import ACES, KINGS
from ..games.rikken.contracts import CONTRACTS

SUITS: Final = "SHDC"
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
"""Every action keyword, in the order of the per-action feature ``kind``."""
HOOGJASSEN_MAX_BID: Final = 990
"""The ``max_bid`` option's maximum: the index holds every bid any rules allow."""
RIKKEN_CHOICES: Final = ("schoppen-mie", "een-of-vijf", "noodrik")
RIKKEN_BIDS: Final = tuple(name for name, c in CONTRACTS.items() if not c.is_pass_game)

FEATURE_BLOCKS: Final = (
    ("cards", 52),
    ("kind", len(KINDS)),
    ("blind", 1),
    ("number", 1),
    ("suit", 4),
    ("combination", len(combos.TYPE_NAMES)),
    ("deciding", 52),
    ("contract", len(CONTRACTS)),
    ("last", 1),
)
"""The per-action feature vector's blocks: the action's cards (by troef card index 0..51), its keyword
one-hot, blind, its number scaled (a bid by the highest bid in the index, a draw position by 2), the
trump suit it names (S H D C), for Piken's plays the combination's type and deciding card, for
Rikken's bids and choices the contract's name (in ``games/rikken/contracts.py``'s order), and a bid
declared last (Hoogjassen)."""
FEATURES: Final = sum(size for _, size in FEATURE_BLOCKS)


class ActionIndex:
    """The fixed list of a game's actions for a number of players: ``texts[i]`` is action ``i``."""

    def __init__(self, game: str, players: int, actions: Iterable[Action]) -> None:
        self.game = game
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
        if self.game == "piken" and action.kind == "play":
            key = combos.classify(_piken_mask(action.cards))
            out[offsets["combination"] + combos.kind_of(key)] = 1
            out[offsets["deciding"] + CARD_OF[combos.deciding_card(key)]] = 1
        if self.game == "rikken" and action.word in CONTRACTS:
            out[offsets["contract"] + list(CONTRACTS).index(action.word)] = 1
        return out


def _offsets() -> list[tuple[str, int]]:
    starts = itertools.accumulate((size for _, size in FEATURE_BLOCKS), initial=0)
    return [(name, start) for (name, _), start in zip(FEATURE_BLOCKS, starts, strict=False)]


def _piken_mask(cards: Sequence[int]) -> int:
    return sum(1 << CARD_OF.index(c) for c in cards)


def _plays(cards: Iterable[int], blind: bool = False) -> list[Action]:
    return [make("play", cards=(c,), blind=blind) for c in cards]


def _rififi(players: int) -> list[Action]:
    return [*_plays(range(52)), *(make("bid", str(n)) for n in range(52 // players + 1))]


def _rikken(players: int) -> list[Action]:
    return [
        *_plays(range(52)),
        *_plays(range(52), blind=True),
        *(make("call", cards=(c,)) for c in (*ACES, *KINGS)),
        *(make("call", cards=(c,), blind=True) for c in ACES),
        *(make("trump", s) for s in SUITS),
        *(make("choose", name) for name in RIKKEN_CHOICES),
        make("pass"),
        *(make("bid", name) for name in RIKKEN_BIDS),
    ]


def _hoogjassen(players: int) -> list[Action]:
    lummel = LUMMEL[players]
    bids = range(MIN_BID[players], HOOGJASSEN_MAX_BID + 1, 10)
    return [
        *_plays(PACK_CARDS),
        make("pass"),
        *(make("bid", str(b)) for b in bids),
        *(make("bid", str(b), last=True) for b in bids),
        make("take-lummel"),
        make("ongedraaid"),
        *(make("trump", s) for s in SUITS),
        *(make("discard", cards=combo) for combo in itertools.combinations(PACK_CARDS, lummel)),
    ]


def _piken(players: int) -> list[Action]:
    return [
        *(make("draw", str(n)) for n in POSITIONS),
        make("decline"),
        *(combos.play_action(c.mask) for c in combos.combinations(FULL)),
    ]


BUILDERS: Final = {"rififi": _rififi, "rikken": _rikken, "hoogjassen": _hoogjassen, "piken": _piken}


@functools.cache
def action_index(game: str, players: int | None = None) -> ActionIndex:
    """The action index of ``game`` with ``players`` (None: the game's default number); the same
    object on every call."""
    cls = game_class(game)
    n = cls.default_players if players is None else players
    if not cls.min_players <= n <= cls.max_players:
        raise ValueError(f"{game} is played by {cls.player_range()} players, not {players!r}")
    return ActionIndex(game, n, BUILDERS[game](n))


def index_for(game: Game) -> ActionIndex:
    """The action index of a loaded game (its name and number of players; the rules do not change it)."""
    return action_index(game.name, game.players)


def card_codes(cards: Iterable[int]) -> list[str]:
    return [CODES[c] for c in cards]


__all__ = ["FEATURES", "FEATURE_BLOCKS", "KINDS", "ActionIndex", "action_index", "bits", "index_for"]
