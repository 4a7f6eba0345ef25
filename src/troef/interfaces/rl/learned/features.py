"""The learned Rififi bot's inputs: `troef.interfaces.rl.encode`'s observation, rearranged so that one network
serves every number of players and both rule families, and one row per legal action.

- **Seats padded to six.**  Every per-seat block of the observation (already rotated: the observer
  first) gets six slots; seats that do not play stay zero.  Counts (tricks won, cards held, the hand
  size) and bids are made absolute (÷ 17, the most cards a Rififi hand holds).
- **Trump first.**  Every card block is rearranged so that the trump suit comes first, then the other
  suits in their order: a trump is the same input whatever suit is trump.
- **Rules and the table.**  The number of players (one-hot 3..6), the rules' four switches (52 cards,
  must trump, rififi scoring, the hook), each seat's tricks still to make, and the bids' total
  against the hand size.
- **Actions** (`ACTIONS` values a row): the card (trump first) or the bid one-hot, and for a card
  whether it beats the trick so far, whether no unseen card of its suit beats it, and how many do;
  for a bid, the bid ÷ the hand size.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from ....core.tricks import rank_power
from ....games.rififi.rules import RANK_ORDERS, Rififi
from ..actions import action_index
from ..encode import Encoder

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.intp]

SEATS: Final = 6
"""Per-seat blocks have this many slots (Rififi's most players)."""
MOST: Final = 17
"""The most cards a Rififi hand holds (52 cards, 3 players): counts and bids are divided by it."""
PLAYERS: Final = (3, 4, 5, 6)
SWITCHES: Final = ("french52", "must_trump", "rififi_scoring", "hook")
"""The rules' inputs, in order: the 52-card pack, the duty to trump, 10 + bid² scoring, the hook."""
BID_BASE: Final = 52
"""Action columns: 52 cards (trump first), then the bids 0 .. `MOST`, then the action features."""
ACTION_FEATURES: Final = ("beats_trick", "boss", "higher_unseen", "bid_share")
ACTIONS: Final = BID_BASE + MOST + 1 + len(ACTION_FEATURES)
SEAT_BLOCKS: Final = ("leader", "dealer", "to_act")
COUNTS: Final = ("tricks_won", "hand_counts")


def suit_order(trump: int) -> list[int]:
    """The suits in input order: the trump first, then the others (all four as they are without trump)."""
    return [0, 1, 2, 3] if trump < 0 else [trump, *(s for s in range(4) if s != trump)]


def card_order(trump: int) -> Ints:
    """``order[i]`` is the card at input position ``i``."""
    return np.array([s * 13 + r for s in suit_order(trump) for r in range(13)], dtype=np.intp)


def card_place(trump: int) -> Ints:
    """``place[c]`` is card ``c``'s input position (the inverse of `card_order`)."""
    place = np.empty(52, dtype=np.intp)
    place[card_order(trump)] = np.arange(52)
    return place


class Switches:
    """What the inputs need of a rule set: its four switches, the pack and each card's rank power."""

    def __init__(self, game: Rififi) -> None:
        rules = game.rules
        self.values = np.array(
            [
                rules["pack"] == "french52",
                bool(rules["must_trump"]),
                rules["scoring"] == "rififi",
                bool(rules["hook"]),
            ],
            dtype=np.float32,
        )
        self.pack = np.zeros(52, dtype=bool)
        self.pack[list(game.pack_cards)] = True
        self.power = np.array(rank_power(RANK_ORDERS[str(rules["pack"])]), dtype=np.int32)
        self.max_hand = game.max_hand


@functools.cache
def _switches(key: str, players: int) -> Switches:
    return Switches(Rififi(json.loads(key), players))


def switches(rules: object, players: int) -> Switches:
    """The `Switches` of ``rules`` (a preset name or a mapping of options), computed once."""
    return _switches(json.dumps(rules, sort_keys=True), players)


class Inputs:
    """The network's inputs for one number of players: `observation` and `actions`."""

    def __init__(self, players: int) -> None:
        if players not in PLAYERS:
            raise ValueError(f"Rififi is played by 3 to 6 players, not {players!r}")
        self.players = n = players
        self.encoder = Encoder("rififi", n)
        self.index = action_index("rififi", n)
        self.m = 52 // n
        self.offsets = self.encoder.offsets
        self.zero = self.encoder.size
        """An index into the observation extended by one zero: a slot no seat fills."""
        blocks = self._blocks(-1)
        self.gathers = [
            np.array([i for _, where, _ in self._blocks(t) for i in where], dtype=np.intp)
            for t in range(-1, 4)
        ]
        """Per trump suit (none, S, H, D, C), where each input of the observation's part comes from."""
        self.scales = np.concatenate(
            [np.full(len(where), scale, dtype=np.float32) for _, where, scale in blocks]
        )
        self.layout = [(name, len(where)) for name, where, _ in blocks] + [
            ("has_trump", 1),
            ("players", len(PLAYERS)),
            ("switches", len(SWITCHES)),
            ("to_make", SEATS),
            ("bids_total", 2),
            ("hand_share", 1),
        ]
        """The inputs' blocks, ``(name, size)`` in order."""
        self.size = sum(size for _, size in self.layout)

    def _blocks(self, trump: int) -> list[tuple[str, list[int], float]]:
        """The blocks taken from the observation: name, where each input comes from, scale."""
        o = self.offsets
        order = card_order(trump).tolist()
        counts = self.m / MOST  # counts are encoded ÷ (52 // players)
        blocks = [
            ("hand", [o["hand"] + c for c in order], 1.0),
            ("played", self._seats(lambda s: [o["played"] + 52 * s + c for c in order]), 1.0),
            ("trick", self._seats(lambda k: [o["trick"] + 53 * k + c for c in order]), 1.0),
        ]
        blocks += [(name, self._seats(_one(o[name])), 1.0) for name in SEAT_BLOCKS]
        blocks += [(name, self._seats(_one(o[name])), counts) for name in COUNTS]
        return [
            *blocks,
            ("turned_card", [o["turned_card"] + c for c in order], 1.0),
            ("phase", [o["phase"] + i for i in range(3)], 1.0),
            ("hand_size", [o["hand_size"]], counts),
            ("bids", self._seats(self._bid_slots), 1.0),
        ]

    def _seats(self, slots: Callable[[int], list[int]]) -> list[int]:
        """Six slots of a per-seat block: ``slots(relative seat)`` for each seat that plays, zeros after."""
        out: list[int] = []
        width = len(slots(0))
        for s in range(SEATS):
            out.extend(slots(s) if s < self.players else [self.zero] * width)
        return out

    def _bid_slots(self, s: int) -> list[int]:
        start = self.offsets["bids"] + (self.m + 2) * s
        return [start + i if i < self.m + 2 else self.zero for i in range(MOST + 2)]

    def observation(self, vector: Floats, rules: Switches) -> tuple[Floats, int]:
        """The network's input of an observation, and the trump suit (-1: none)."""
        o, n = self.offsets, self.players
        trump_block = vector[o["trump"] : o["trump"] + 4]
        trump = int(trump_block.argmax()) if trump_block.any() else -1
        extended = np.append(vector, np.float32(0.0))
        static = extended[self.gathers[trump + 1]] * self.scales
        bids = vector[o["bids"] : o["bids"] + n * (self.m + 2)].reshape(n, self.m + 2)
        spoken = bids[:, 0] > 0
        bid = bids[:, 1:].argmax(axis=1)
        won = np.rint(vector[o["tricks_won"] : o["tricks_won"] + n] * self.m)
        hand = round(float(vector[o["hand_size"]]) * self.m)
        to_make = np.zeros(SEATS, dtype=np.float32)
        to_make[:n] = np.where(spoken, (bid - won) / MOST, 0.0)
        total = float(bid[spoken].sum())
        extra = np.zeros(len(PLAYERS) + len(SWITCHES) + SEATS + 4, dtype=np.float32)
        extra[0] = trump >= 0
        extra[1 + PLAYERS.index(n)] = 1.0
        extra[1 + len(PLAYERS) : 1 + len(PLAYERS) + len(SWITCHES)] = rules.values
        at = 1 + len(PLAYERS) + len(SWITCHES)
        extra[at : at + SEATS] = to_make
        extra[at + SEATS] = total / MOST
        extra[at + SEATS + 1] = (total - hand) / MOST
        extra[at + SEATS + 2] = hand / rules.max_hand
        return np.concatenate([static, extra]), trump

    def actions(self, vector: Floats, rules: Switches, trump: int, legal: Sequence[int]) -> Floats:
        """One row per legal action (action-index ids: cards 0..51, then bids)."""
        o, n = self.offsets, self.players
        rows = np.zeros((len(legal), ACTIONS), dtype=np.float32)
        place = _PLACES[trump + 1]
        hand_size = max(1, round(float(vector[o["hand_size"]]) * self.m))
        cards = [(i, a) for i, a in enumerate(legal) if a < 52]
        for i, a in enumerate(legal):
            if a >= 52:
                bid = a - 52
                rows[i, BID_BASE + bid] = 1.0
                rows[i, -1] = bid / hand_size
        if not cards:
            return rows
        hand = vector[o["hand"] : o["hand"] + 52] > 0
        played = vector[o["played"] : o["played"] + 52 * n].reshape(n, 52).any(axis=0)
        unseen = rules.pack & ~hand & ~played
        trick = vector[o["trick"] : o["trick"] + 53 * n].reshape(n, 53)[:, :52]
        laid = [int(row.argmax()) for row in trick if row.any()]
        power = rules.power
        best = -1
        led = laid[0] // 13 if laid else -1
        if laid:
            best = max(_key(c, led, trump, power) for c in laid)
        for i, c in cards:
            rows[i, place[c]] = 1.0
            if laid:
                rows[i, BID_BASE + MOST + 1] = _key(c, led, trump, power) > best
            suit = slice(c // 13 * 13, c // 13 * 13 + 13)
            higher = int((unseen[suit] & (power[suit] > power[c])).sum())
            rows[i, BID_BASE + MOST + 2] = higher == 0
            rows[i, BID_BASE + MOST + 3] = higher / 13
        return rows


def _one(start: int) -> Callable[[int], list[int]]:
    """The slots of a block with one value per seat starting at ``start``."""
    return lambda s: [start + s]


def _key(card: int, led: int, trump: int, power: npt.NDArray[np.int32]) -> int:
    """A card's strength in a trick led in ``led``: trumps above the led suit, other suits nothing."""
    suit = card // 13
    return 200 + int(power[card]) if suit == trump else 100 + int(power[card]) if suit == led else 0


_PLACES: Final = [card_place(t) for t in range(-1, 4)]


@functools.cache
def inputs(players: int) -> Inputs:
    """The `Inputs` of ``players``, built once."""
    return Inputs(players)
