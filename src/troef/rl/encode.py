"""Observation encoders: one per game, each a pure function of ``state.view(seat)``.

A view holds no card the seat may not see (DESIGN.md principle 3), so an encoding of it cannot leak
one.  The vector is float32, every value in [0, 1]; seats are rotated so that the observer comes
first: the block of relative seat ``r`` describes seat ``(observer + r) % players``.  Cards are troef's
card indices 0..51 (``suit * 13 + rank``, suits S H D C, ranks 2 .. A) in every game, so a card has the
same place in every game's vector.

`Encoder.layout` lists the blocks in order as ``(name, size)``; ``docs/rl.md`` documents each.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..cards import HIDDEN, parse_card
from ..games import game_class
from ..games.hoogjassen.rules import MIN_BID
from ..games.piken import combos
from ..games.piken.order import CARD_OF, mask_of
from ..games.rikken.contracts import CONTRACTS
from .actions import HOOGJASSEN_MAX_BID, RIKKEN_BIDS

View = Mapping[str, Any]
Vector = npt.NDArray[np.float32]

SUITS: Final = "SHDC"
PHASES: Final = {
    "rififi": ("bid", "play", "over"),
    "rikken": ("bid", "choose", "trump", "call", "play", "over"),
    "hoogjassen": ("bid", "lummel", "discard", "trump", "play", "over"),
    "piken": ("draw", "play", "over"),
}
"""Each game's phases, in the order of the ``phase`` block."""
RIKKEN_CONTRACTS: Final = tuple(CONTRACTS)
HOOGJASSEN_POINTS: Final = 200
"""Hoogjassen's points (a side's card points, roem, the target) are divided by this and capped at 1."""
PIKEN_CARDS: Final = 32


@functools.cache
def _card(code: str) -> int:
    return parse_card(code)


def cards_of(codes: Iterable[str]) -> list[int]:
    """The card indices of card codes, leaving out face-down cards (``??``)."""
    return [_card(c) for c in codes if c != HIDDEN]


def _common(players: int) -> list[tuple[str, int]]:
    n = players
    return [
        ("hand", 52),
        ("played", n * 52),
        ("trick", n * 53),
        ("leader", n),
        ("tricks_won", n),
        ("trump", 4),
        ("turned_card", 52),
        ("dealer", n),
        ("to_act", n),
        ("hand_counts", n),
    ]


class Encoder:
    """The observation encoder of one game and number of players: ``encode(view)`` -> float32 vector.

    ``layout`` is the list of ``(block name, size)`` in order and ``offsets`` each block's start."""

    def __init__(self, game: str, players: int) -> None:
        cls = game_class(game)
        if not cls.min_players <= players <= cls.max_players:
            raise ValueError(f"{game} is played by {cls.player_range()} players, not {players!r}")
        self.game = game
        self.players = players
        self.phases = PHASES[game]
        self.max_hand = {"rififi": 52 // players, "rikken": 13, "hoogjassen": 13, "piken": 12}[game]
        self.max_bid = 52 // players
        extra: list[tuple[str, int]] = [("phase", len(self.phases))]
        extra += getattr(self, f"_{game}_layout")()
        self.layout: list[tuple[str, int]] = _common(players) + extra
        starts = itertools.accumulate((size for _, size in self.layout), initial=0)
        self.offsets: dict[str, int] = {name: s for (name, _), s in zip(self.layout, starts, strict=False)}
        self.size: int = sum(size for _, size in self.layout)
        self._specific: Callable[[Vector, View, int], None] = getattr(self, f"_{game}")

    def __repr__(self) -> str:
        return f"<Encoder {self.game} players={self.players} size={self.size}>"

    # ------------------------------------------------------------------ helpers

    def _rel(self, seat: int, me: int) -> int:
        return (seat - me) % self.players

    def _seat(self, out: Vector, block: str, seat: int | None, me: int) -> None:
        if seat is not None:
            out[self.offsets[block] + self._rel(seat, me)] = 1

    def _seats(self, out: Vector, block: str, seats: Iterable[int], me: int) -> None:
        for s in seats:
            self._seat(out, block, s, me)

    def _per_seat(self, out: Vector, block: str, values: Sequence[float], me: int, scale: float) -> None:
        start = self.offsets[block]
        for s, v in enumerate(values):
            out[start + self._rel(s, me)] = min(1.0, max(0.0, v / scale))

    def _cards(self, out: Vector, block: str, codes: Iterable[str], at: int = 0) -> None:
        start = self.offsets[block] + at
        for c in cards_of(codes):
            out[start + c] = 1

    # ------------------------------------------------------------------ the encoding

    def encode(self, view: View) -> Vector:
        """The observation of ``view``'s seat (a spectator's view, seat null, is refused)."""
        me = view["seat"]
        if me is None:
            raise ValueError("an observation is a seat's: this is a spectator's view")
        if view["game"] != self.game or view["players"] != self.players:
            raise ValueError(f"this encoder is for {self.game} with {self.players}, not {view['game']}")
        out = np.zeros(self.size, dtype=np.float32)
        n = self.players
        self._cards(out, "hand", view["hand"])
        self._seat(out, "dealer", view["dealer"], me)
        self._seat(out, "to_act", view["current_player"], me)
        self._per_seat(out, "hand_counts", view["hand_counts"], me, self.max_hand)
        out[self.offsets["phase"] + self.phases.index(view["phase"])] = 1
        trump = view.get("trump")
        if trump:
            out[self.offsets["trump"] + SUITS.index(trump)] = 1
        if self.game == "piken":
            played = [(lay["seat"], lay["cards"]) for r in view["history"] for lay in r["lays"]]
            played += [(lay["seat"], lay["cards"]) for lay in view["table"]]
            trick = [lay["cards"] for lay in view["table"]]
            self._per_seat(out, "tricks_won", _rounds_taken(view, n), me, self.max_hand)
        else:
            played = [(s, [c]) for t in view["history"] for s, c in zip(t["seats"], t["cards"], strict=True)]
            played += [(s, [c]) for s, c in zip(view["trick_seats"], view["trick"], strict=True)]
            trick = [[c] for c in view["trick"]]
            self._per_seat(out, "tricks_won", view["tricks"], me, self.max_hand)
        for seat, codes in played:
            self._cards(out, "played", codes, 52 * self._rel(seat, me))
        for k, codes in enumerate(trick):
            self._cards(out, "trick", codes, 53 * k)
            if HIDDEN in codes:
                out[self.offsets["trick"] + 53 * k + 52] = 1
        self._seat(out, "leader", view["leader"], me)
        self._specific(out, view, me)
        return out

    # ------------------------------------------------------------------ Rififi

    def _rififi_layout(self) -> list[tuple[str, int]]:
        return [("hand_size", 1), ("bids", self.players * (self.max_bid + 2))]

    def _rififi(self, out: Vector, view: View, me: int) -> None:
        if view["trump_card"]:
            out[self.offsets["turned_card"] + _card(view["trump_card"])] = 1
        out[self.offsets["hand_size"]] = view["hand_size"] / self.max_hand
        width = self.max_bid + 2
        for s, bid in enumerate(view["bids"]):
            if bid is not None:
                start = self.offsets["bids"] + width * self._rel(s, me)
                out[start] = 1
                out[start + 1 + bid] = 1

    # ------------------------------------------------------------------ Rikken

    def _rikken_layout(self) -> list[tuple[str, int]]:
        n = self.players
        return [
            ("auction", n * (len(RIKKEN_BIDS) + 2)),
            ("blind_rond", 1),
            ("contract", len(RIKKEN_CONTRACTS)),
            ("declarer", n),
            ("contract_players", n),
            ("partner", n),
            ("called", 52),
            ("called_blind", 1),
            ("sitting_out", n),
            ("blind_lead", 1),
            ("open_hands", n * 52),
            ("queen_of_spades", n),
        ]

    def _rikken(self, out: Vector, view: View, me: int) -> None:
        width = len(RIKKEN_BIDS) + 2
        for entry in view["auction"]:  # each seat's last call: spoken, then pass or the contract
            start = self.offsets["auction"] + width * self._rel(entry["seat"], me)
            out[start : start + width] = 0
            out[start] = 1
            bid = entry["bid"]
            out[start + 1 + (0 if bid == "pass" else 1 + RIKKEN_BIDS.index(bid))] = 1
        out[self.offsets["blind_rond"]] = float(view["blind_rond"])
        if view["contract"]:
            out[self.offsets["contract"] + RIKKEN_CONTRACTS.index(view["contract"])] = 1
        self._seat(out, "declarer", view["declarer"], me)
        self._seats(out, "contract_players", view["contract_players"], me)
        self._seat(out, "partner", view["partner"], me)
        if view["called"]:
            out[self.offsets["called"] + _card(view["called"])] = 1
        out[self.offsets["called_blind"]] = float(view["called_blind"])
        self._seat(out, "sitting_out", view["sitting_out"], me)
        out[self.offsets["blind_lead"]] = float(view["blind_lead"])
        for s, hand in enumerate(view["open_hands"]):
            if hand is not None:
                self._cards(out, "open_hands", hand, 52 * self._rel(s, me))
        self._seat(out, "queen_of_spades", view["queen_of_spades"], me)

    # ------------------------------------------------------------------ Hoogjassen

    def _hoogjassen_layout(self) -> list[tuple[str, int]]:
        n = self.players
        return [
            ("auction", n * 3),
            ("bid", 2),
            ("declarer", n),
            ("lummel_taken", 1),
            ("ongedraaid", 1),
            ("lummel", 52),
            ("afleggers", 52),
            ("roem_cards", 52),
            ("roem", 1),
            ("stuk", 1),
            ("target", 2),
            ("points", n),
        ]

    def _hoogjassen(self, out: Vector, view: View, me: int) -> None:
        low = MIN_BID[self.players]
        span = HOOGJASSEN_MAX_BID - low + 10

        def scaled(bid: int) -> float:  # the minimum bid -> 10 / span, the highest -> 1
            return min(1.0, max(0.0, (bid - low + 10) / span))

        for entry in view["auction"]:  # each seat's last call: spoken, passed, the bid scaled
            start = self.offsets["auction"] + 3 * self._rel(entry["seat"], me)
            out[start] = 1
            out[start + 1] = float(entry["bid"] == "pass")
            if entry["bid"] != "pass":
                out[start + 2] = scaled(int(entry["bid"]))
        if view["bid"] is not None:
            out[self.offsets["bid"]] = 1
            out[self.offsets["bid"] + 1] = scaled(view["bid"])
        self._seat(out, "declarer", view["declarer"], me)
        out[self.offsets["lummel_taken"]] = float(view["lummel_taken"])
        out[self.offsets["ongedraaid"]] = float(view["ongedraaid"])
        self._cards(out, "lummel", view["lummel"])
        self._cards(out, "afleggers", view["afleggers"])
        self._cards(out, "roem_cards", (c for r in view["roem"] for c in r["cards"]))
        out[self.offsets["roem"]] = min(1.0, sum(r["value"] for r in view["roem"]) / HOOGJASSEN_POINTS)
        out[self.offsets["stuk"]] = float(view["stuk"])
        if view["target"] is not None:
            out[self.offsets["target"]] = 1
            out[self.offsets["target"] + 1] = min(1.0, max(0.0, view["target"] / HOOGJASSEN_POINTS))
        for side in view["sides"] or ():
            for s in side["seats"]:
                points = side["points"] or 0
                out[self.offsets["points"] + self._rel(s, me)] = min(1.0, points / HOOGJASSEN_POINTS)

    # ------------------------------------------------------------------ Piken

    def _piken_layout(self) -> list[tuple[str, int]]:
        n = self.players
        return [
            ("still_in", n),
            ("highest_seat", n),
            ("highest_type", len(combos.TYPE_NAMES)),
            ("highest_deciding", 52),
            ("table_cards", 52),
            ("piles", n),
            ("removed", 1),
            ("middle", 2),
            ("entitled", n),
            ("taken", n),
            ("drawn", 52),
            ("first_leader", n),
        ]

    def _piken(self, out: Vector, view: View, me: int) -> None:
        self._seats(out, "still_in", view["still_in"], me)
        highest = view["highest"]
        if highest is not None and highest["cards"]:
            self._seat(out, "highest_seat", highest["seat"], me)
            key = combos.classify(mask_of(cards_of(highest["cards"])))
            out[self.offsets["highest_type"] + combos.kind_of(key)] = 1
            out[self.offsets["highest_deciding"] + CARD_OF[combos.deciding_card(key)]] = 1
        self._cards(out, "table_cards", (c for lay in view["table"] for c in lay["cards"]))
        self._per_seat(out, "piles", view["piles"], me, PIKEN_CARDS)
        out[self.offsets["removed"]] = min(1.0, view["removed"] / PIKEN_CARDS)
        for position in view["middle"]:
            out[self.offsets["middle"] + position - 1] = 1
        self._seats(out, "entitled", view["entitled"], me)
        self._per_seat(out, "taken", view["taken"], me, 2)
        self._cards(out, "drawn", view["drawn"])
        self._seat(out, "first_leader", view["first_leader"], me)


def _rounds_taken(view: View, players: int) -> list[int]:
    taken = [0] * players
    for r in view["history"]:
        taken[r["taker"]] += 1
    return taken


@functools.cache
def encoder(game: str, players: int | None = None) -> Encoder:
    """The encoder of ``game`` with ``players`` (None: the default number); one object per pair."""
    n = game_class(game).default_players if players is None else players
    return Encoder(game, n)


def encode(view: View) -> Vector:
    """The observation of a seat's view, by the encoder of its game and number of players."""
    return encoder(view["game"], view["players"]).encode(view)
