"""Observation encoders: one per game, each a pure function of ``state.view(seat)``.

A view holds no card the seat may not see (DESIGN.md principle 3), so an encoding of it cannot leak
one.  The vector is float32, every value in [0, 1]; seats are rotated so that the observer comes
first: the block of relative seat ``r`` describes seat ``(observer + r) % players``.  Cards are troef's
card indices 0..51 (``suit * 13 + rank``, suits S H D C, ranks 2 .. A) in every game, so a card has the
same place in every game's vector.

`Encoder.layout` lists the blocks in order as ``(name, size)``; ``docs/rl.md`` documents each.
"""

from __future__ import annotations

import array
import functools
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from ..cards import CODES, HIDDEN, bits, parse_card
from ..core.game import State
from ..games import game_class
from ..games.hoogjassen.rules import MIN_BID
from ..games.hoogjassen.state import auction_entry
from ..games.piken import combos
from ..games.piken.order import CARD_OF, mask_of
from ..games.rikken.contracts import CONTRACTS
from ..games.rikken.state import QUEEN_OF_SPADES
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


class _CardIndex(dict[str, int]):
    """Card code -> card index: the canonical codes up front, any other spelling parsed once."""

    def __missing__(self, code: str) -> int:
        found = self[code] = parse_card(code)
        return found


_CARD: Final = _CardIndex((code, i) for i, code in enumerate(CODES))


def cards_of(codes: Iterable[str]) -> list[int]:
    """The card indices of card codes, leaving out face-down cards (``??``)."""
    return [_CARD[c] for c in codes if c != HIDDEN]


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


class _Values:
    """An observation being written: ``m`` is its float32 buffer, ``me`` the observer, ``n`` the seats."""

    __slots__ = ("m", "me", "n")

    def __init__(self, zeros: array.array[float], me: int, players: int) -> None:
        self.m = zeros[:]
        self.me = me
        self.n = players

    def seat(self, start: int, seat: int | None) -> None:
        """1 at ``seat``'s place (rotated) in the per-seat block at ``start``; nothing for None."""
        if seat is not None:
            self.m[start + (seat - self.me) % self.n] = 1.0

    def seats(self, start: int, seats: Iterable[int]) -> None:
        m, me, n = self.m, self.me, self.n
        for s in seats:
            m[start + (s - me) % n] = 1.0

    def per_seat(self, start: int, values: Sequence[float], scale: float) -> None:
        """Each seat's value ÷ ``scale``, clipped to [0, 1], at its rotated place."""
        m, me, n = self.m, self.me, self.n
        for s, v in enumerate(values):
            m[start + (s - me) % n] = min(1.0, max(0.0, v / scale))

    def cards(self, start: int, codes: Iterable[str]) -> None:
        """1 at ``start`` + each card's index (face-down cards left out)."""
        m = self.m
        for c in codes:
            if c != HIDDEN:
                m[start + _CARD[c]] = 1.0

    def vector(self) -> Vector:
        return np.frombuffer(self.m, dtype=np.float32)


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
        self._specific: Callable[[_Values, View], None] = getattr(self, f"_{game}")
        self._zeros = array.array("f", bytes(4 * self.size))
        self._direct: Callable[[Any, int], Vector] | None = getattr(self, f"_{game}_direct", None)
        self.direct: bool = self._direct is not None
        """`observe` reads the round's fields rather than building a view."""

    def __repr__(self) -> str:
        return f"<Encoder {self.game} players={self.players} size={self.size}>"

    # ------------------------------------------------------------------ the encoding

    def observe(self, state: State, seat: int) -> Vector:
        """The observation of ``seat`` in ``state``: ``encode(state.view(seat))``, computed straight from
        the round's fields and methods, those its view reads (Rikken's face-down lead through the view;
        the same vector: ``tests/test_bench_rl.py`` compares the two over many random rounds)."""
        game = state.game
        if game.name != self.game or game.players != self.players:
            raise ValueError(
                f"this encoder is for {self.game} with {self.players}, not {game.name} with {game.players}"
            )
        state.check_seat(seat)
        if seat is None:
            raise ValueError("an observation is a seat's, not a spectator's")
        if self._direct is None:
            return self.encode(state.view(seat))
        return self._direct(state, seat)

    def _trick_state(self, state: Any, me: int) -> _Values:
        """The common blocks of a trick game while its view shows every card played (Rififi,
        Hoogjassen, Rikken but a face-down lead), from the round's fields as its ``hand_view`` and
        ``trick_view`` read them."""
        o, n = self.offsets, self.players
        out = _Values(self._zeros, me, n)
        m = out.m
        start = o["hand"]
        for c in bits(state.hands[me]):
            m[start + c] = 1.0
        out.seat(o["dealer"], state.dealer)
        out.seat(o["to_act"], state.current_player)
        out.per_seat(o["hand_counts"], [h.bit_count() for h in state.hands], self.max_hand)
        m[o["phase"] + self.phases.index(state.phase)] = 1.0
        if state.trump >= 0:
            m[o["trump"] + state.trump] = 1.0
        out.per_seat(o["tricks_won"], state.won, self.max_hand)
        base = [o["played"] + 52 * ((s - me) % n) for s in range(n)]
        order = state.order
        for leader, cards, _ in state.history:
            for s, c in zip(order[leader], cards, strict=False):
                m[base[s] + c] = 1.0
        start = o["trick"]
        for k, (s, c) in enumerate(zip(order[state.leader], state.trick, strict=False)):
            m[base[s] + c] = 1.0
            m[start + 53 * k + c] = 1.0
        out.seat(o["leader"], state.leader)
        return out

    def encode(self, view: View) -> Vector:
        """The observation of ``view``'s seat (a spectator's view, seat null, is refused)."""
        me = view["seat"]
        if me is None:
            raise ValueError("an observation is a seat's: this is a spectator's view")
        if view["game"] != self.game or view["players"] != self.players:
            raise ValueError(f"this encoder is for {self.game} with {self.players}, not {view['game']}")
        o = self.offsets
        out = _Values(self._zeros, me, self.players)
        out.cards(o["hand"], view["hand"])
        out.seat(o["dealer"], view["dealer"])
        out.seat(o["to_act"], view["current_player"])
        out.per_seat(o["hand_counts"], view["hand_counts"], self.max_hand)
        out.m[o["phase"] + self.phases.index(view["phase"])] = 1.0
        trump = view.get("trump")
        if trump:
            out.m[o["trump"] + SUITS.index(trump)] = 1.0
        if self.game == "piken":
            self._piken_play(out, view)
        else:
            self._trick_play(out, view)
        out.seat(o["leader"], view["leader"])
        self._specific(out, view)
        return out.vector()

    def _trick_play(self, out: _Values, view: View) -> None:
        """``tricks_won``, ``played`` and ``trick`` of the trick games."""
        out.per_seat(self.offsets["tricks_won"], view["tricks"], self.max_hand)
        m, me, n, card = out.m, out.me, self.players, _CARD
        base = [self.offsets["played"] + 52 * ((s - me) % n) for s in range(n)]
        for t in view["history"]:
            for s, c in zip(t["seats"], t["cards"], strict=True):
                if c != HIDDEN:
                    m[base[s] + card[c]] = 1.0
        start = self.offsets["trick"]
        for k, (s, c) in enumerate(zip(view["trick_seats"], view["trick"], strict=True)):
            if c == HIDDEN:
                m[start + 53 * k + 52] = 1.0
            else:
                m[base[s] + card[c]] = 1.0
                m[start + 53 * k + card[c]] = 1.0

    def _piken_play(self, out: _Values, view: View) -> None:
        """``tricks_won`` (rounds taken), ``played`` and ``trick`` of Piken: a round may see more lays
        than seats, and ``trick`` holds the last ``n`` lays on the table, in the order laid."""
        me, n = out.me, self.players
        out.per_seat(self.offsets["tricks_won"], _rounds_taken(view, n), self.max_hand)
        played = self.offsets["played"]
        for r in view["history"]:
            for lay in r["lays"]:
                out.cards(played + 52 * ((lay["seat"] - me) % n), lay["cards"])
        table = view["table"]
        for lay in table:
            out.cards(played + 52 * ((lay["seat"] - me) % n), lay["cards"])
        start = self.offsets["trick"]
        for k, lay in enumerate(table[-n:]):
            out.cards(start + 53 * k, lay["cards"])
            if HIDDEN in lay["cards"]:
                out.m[start + 53 * k + 52] = 1.0

    # ------------------------------------------------------------------ Rififi

    def _rififi_layout(self) -> list[tuple[str, int]]:
        return [("hand_size", 1), ("bids", self.players * (self.max_bid + 2))]

    def _rififi(self, out: _Values, view: View) -> None:
        o = self.offsets
        if view["trump_card"]:
            out.m[o["turned_card"] + _CARD[view["trump_card"]]] = 1.0
        out.m[o["hand_size"]] = view["hand_size"] / self.max_hand
        width = self.max_bid + 2
        me, n = out.me, self.players
        for s, bid in enumerate(view["bids"]):
            if bid is not None:
                start = o["bids"] + width * ((s - me) % n)
                out.m[start] = 1.0
                out.m[start + 1 + bid] = 1.0

    def _rififi_direct(self, state: Any, me: int) -> Vector:
        out = self._trick_state(state, me)
        o, m = self.offsets, out.m
        if state.trump_card >= 0:
            m[o["turned_card"] + state.trump_card] = 1.0
        m[o["hand_size"]] = state.hand_size / self.max_hand
        width = self.max_bid + 2
        for s, bid in enumerate(state.bids):
            if bid >= 0:
                start = o["bids"] + width * ((s - me) % self.players)
                m[start] = 1.0
                m[start + 1 + bid] = 1.0
        return out.vector()

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

    def _rikken(self, out: _Values, view: View) -> None:
        o, me, n = self.offsets, out.me, self.players
        width = len(RIKKEN_BIDS) + 2
        last = {entry["seat"]: entry["bid"] for entry in view["auction"]}  # each seat's last call
        for seat, bid in last.items():  # spoken, then pass or the contract
            start = o["auction"] + width * ((seat - me) % n)
            out.m[start] = 1.0
            out.m[start + 1 + (0 if bid == "pass" else 1 + RIKKEN_BIDS.index(bid))] = 1.0
        out.m[o["blind_rond"]] = float(view["blind_rond"])
        if view["contract"]:
            out.m[o["contract"] + RIKKEN_CONTRACTS.index(view["contract"])] = 1.0
        out.seat(o["declarer"], view["declarer"])
        out.seats(o["contract_players"], view["contract_players"])
        out.seat(o["partner"], view["partner"])
        if view["called"]:
            out.m[o["called"] + _CARD[view["called"]]] = 1.0
        out.m[o["called_blind"]] = float(view["called_blind"])
        out.seat(o["sitting_out"], view["sitting_out"])
        out.m[o["blind_lead"]] = float(view["blind_lead"])
        for s, hand in enumerate(view["open_hands"]):
            if hand is not None:
                out.cards(o["open_hands"] + 52 * ((s - me) % n), hand)
        out.seat(o["queen_of_spades"], view["queen_of_spades"])

    def _rikken_direct(self, state: Any, me: int) -> Vector:
        if state.blind_lead:  # a card lies face down, hidden from all but the declarer: the view says how
            return self.encode(state.view(me))
        out = self._trick_state(state, me)
        view = {
            "auction": [{"seat": s, "bid": b} for s, b in state.auction.log],
            "blind_rond": state.auction.blind,
            **state.contract_view(),
            "blind_lead": False,
            "open_hands": state.open_hands(),
            "queen_of_spades": next((w for _, cards, w in state.history if QUEEN_OF_SPADES in cards), None),
        }
        self._rikken(out, view)
        return out.vector()

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

    def _hoogjassen(self, out: _Values, view: View) -> None:
        o, m, me, n = self.offsets, out.m, out.me, self.players
        low = MIN_BID[self.players]
        span = HOOGJASSEN_MAX_BID - low + 10

        def scaled(bid: int) -> float:  # the minimum bid -> 10 / span, the highest -> 1
            return min(1.0, max(0.0, (bid - low + 10) / span))

        gone: set[int] = set()  # the seats out of the auction: passed, or bid their last
        bids: dict[int, str] = {}  # per seat its last bid (a pass keeps it)
        for entry in view["auction"]:
            if entry["bid"] == "pass" or entry.get("last"):
                gone.add(entry["seat"])
            if entry["bid"] != "pass":
                bids[entry["seat"]] = entry["bid"]
        for seat in {entry["seat"] for entry in view["auction"]}:  # spoken, out, the bid scaled
            start = o["auction"] + 3 * ((seat - me) % n)
            m[start] = 1.0
            m[start + 1] = float(seat in gone)
            if seat in bids:
                m[start + 2] = scaled(int(bids[seat]))
        if view["bid"] is not None:
            m[o["bid"]] = 1.0
            m[o["bid"] + 1] = scaled(view["bid"])
        out.seat(o["declarer"], view["declarer"])
        m[o["lummel_taken"]] = float(view["lummel_taken"])
        m[o["ongedraaid"]] = float(view["ongedraaid"])
        out.cards(o["lummel"], view["lummel"])
        out.cards(o["afleggers"], view["afleggers"])
        out.cards(o["roem_cards"], (c for r in view["roem"] for c in r["cards"]))
        m[o["roem"]] = min(1.0, sum(r["value"] for r in view["roem"]) / HOOGJASSEN_POINTS)
        m[o["stuk"]] = float(view["stuk"])
        if view["target"] is not None:
            m[o["target"]] = 1.0
            m[o["target"] + 1] = min(1.0, max(0.0, view["target"] / HOOGJASSEN_POINTS))
        for side in view["sides"] or ():
            for s in side["seats"]:
                points = side["points"] or 0
                m[o["points"] + (s - me) % n] = min(1.0, points / HOOGJASSEN_POINTS)

    def _hoogjassen_direct(self, state: Any, me: int) -> Vector:
        out = self._trick_state(state, me)
        declarer = state.declarer
        own = me == declarer
        view = {
            "auction": [auction_entry(*call) for call in state.auction],
            "bid": state.bid or None,
            "declarer": declarer if declarer >= 0 else None,
            "lummel_taken": state.taken,
            "ongedraaid": state.ongedraaid,
            "lummel": [CODES[c] for c in bits(state.lummel)] if own and state.taken else [],
            "afleggers": [CODES[c] for c in bits(state.afleggers)] if own else [],
            "roem": [{"cards": [CODES[c] for c in bits(r.cards)], "value": r.value} for r in state.roem],
            "stuk": state.stuk,
            "target": state.target(),
            "sides": state.sides(me),
        }
        self._hoogjassen(out, view)
        return out.vector()

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

    def _piken(self, out: _Values, view: View) -> None:
        o = self.offsets
        out.seats(o["still_in"], view["still_in"])
        highest = view["highest"]
        if highest is not None and highest["cards"]:
            out.seat(o["highest_seat"], highest["seat"])
            key = combos.classify(mask_of(cards_of(highest["cards"])))
            out.m[o["highest_type"] + combos.kind_of(key)] = 1.0
            out.m[o["highest_deciding"] + CARD_OF[combos.deciding_card(key)]] = 1.0
        out.cards(o["table_cards"], (c for lay in view["table"] for c in lay["cards"]))
        out.per_seat(o["piles"], view["piles"], PIKEN_CARDS)
        out.m[o["removed"]] = min(1.0, view["removed"] / PIKEN_CARDS)
        for position in view["middle"]:
            out.m[o["middle"] + position - 1] = 1.0
        out.seats(o["entitled"], view["entitled"])
        out.per_seat(o["taken"], view["taken"], 2)
        out.cards(o["drawn"], view["drawn"])
        out.seat(o["first_leader"], view["first_leader"])

    def _piken_direct(self, state: Any, me: int) -> Vector:
        """`_piken` and the common blocks from the round's fields, as its ``view`` reads them (its cards
        in Piken's own order: `CARD_OF` gives each one's index here)."""
        o, n = self.offsets, self.players
        out = _Values(self._zeros, me, n)
        m = out.m

        def cards(start: int, mask: int) -> None:
            for shift, table in _PIKEN_BYTES:
                for c in table[mask >> shift & 0xFF]:
                    m[start + c] = 1.0

        cards(o["hand"], state.hands[me])
        out.seat(o["dealer"], state.dealer)
        out.seat(o["to_act"], state.current_player)
        out.per_seat(o["hand_counts"], [h.bit_count() for h in state.hands], self.max_hand)
        m[o["phase"] + self.phases.index(state.phase)] = 1.0
        taken = [0] * n
        played = o["played"]
        for r in state.history:
            taken[r.taker] += 1
            for lay in r.lays:
                cards(played + 52 * ((lay.seat - me) % n), lay.mask)
        out.per_seat(o["tricks_won"], taken, self.max_hand)
        laid = state.laid
        for lay in laid:
            cards(played + 52 * ((lay.seat - me) % n), lay.mask)
            cards(o["table_cards"], lay.mask)
        for k, lay in enumerate(laid[-n:]):
            cards(o["trick"] + 53 * k, lay.mask)
        if state.phase == "play":
            out.seat(o["leader"], state.leader)
        out.seats(o["still_in"], (s for s in range(n) if state.still_in >> s & 1))
        best = next((lay for lay in reversed(laid) if lay.stays_in), None)
        if best is not None and best.mask:
            out.seat(o["highest_seat"], best.seat)
            key = combos.classify(best.mask)
            m[o["highest_type"] + combos.kind_of(key)] = 1.0
            m[o["highest_deciding"] + CARD_OF[combos.deciding_card(key)]] = 1.0
        out.per_seat(o["piles"], [pile.bit_count() for pile in state.piles], PIKEN_CARDS)
        m[o["removed"]] = min(1.0, state.removed.bit_count() / PIKEN_CARDS)
        for position in state.left:
            m[o["middle"] + position - 1] = 1.0
        out.seats(o["entitled"], state.entitled)
        out.per_seat(o["taken"], [d.bit_count() for d in state.drawn], 2)
        cards(o["drawn"], state.drawn[me])
        if state.first >= 0:
            out.seat(o["first_leader"], state.first)
        return out.vector()


_PIKEN_BYTES: Final = tuple(
    (8 * k, tuple(tuple(CARD_OF[8 * k + p] for p in bits(byte)) for byte in range(256))) for k in range(4)
)
"""Per byte of a Piken mask (its shift): each byte value's cards, as indices here."""


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
