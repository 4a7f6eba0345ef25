"""Observation encoders: one per game, each a pure function of ``state.view(seat)``.

A view holds no card the seat may not see (DESIGN.md principle 3), so an encoding of it cannot leak
one.  The vector is float32, every value in [0, 1]; seats are rotated so that the observer comes
first: the block of relative seat ``r`` describes seat ``(observer + r) % players``.  Cards are troef's
card indices 0..51 (``suit * 13 + rank``, suits S H D C, ranks 2 .. A) in every game, so a card has the
same place in every game's vector.

`Encoder.layout` lists the blocks in order as ``(name, size)``: the common blocks, ``phase``, then the
game's own from its RL kit (`troef.interfaces.rl.kits`); ``docs/rl.md`` documents each.
"""

from __future__ import annotations

import array
import functools
import itertools
from typing import Any

from ...core.cards import HIDDEN, bits
from ...core.game import State
from ...games import game_class
from .kits import kit_of
from .shared.kit import Blocks, Encode
from .shared.vector import CARD, SUITS, Values, Vector, View


def _common(players: int) -> Blocks:
    n = players
    return (
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
    )


class Encoder:
    """The observation encoder of one game and number of players: ``encode(view)`` -> float32 vector.

    ``layout`` is the list of ``(block name, size)`` in order and ``offsets`` each block's start."""

    def __init__(self, game: str, players: int) -> None:
        cls = game_class(game)
        if not cls.min_players <= players <= cls.max_players:
            raise ValueError(f"{game} is played by {cls.player_range()} players, not {players!r}")
        kit = kit_of(game)
        self.game = game
        self.players = players
        self.phases = kit.phases
        self.max_hand = kit.max_hand(players)
        self.layout: list[tuple[str, int]] = [
            *_common(players),
            ("phase", len(self.phases)),
            *kit.layout(players),
        ]
        starts = itertools.accumulate((size for _, size in self.layout), initial=0)
        self.offsets: dict[str, int] = {name: s for (name, _), s in zip(self.layout, starts, strict=False)}
        self.size: int = sum(size for _, size in self.layout)
        self._specific: Encode = kit.encode
        self._play: Encode = Encoder.trick_play if kit.play is None else kit.play
        self._zeros = array.array("f", bytes(4 * self.size))
        self._direct = kit.direct
        self.direct: bool = self._direct is not None
        """`observe` reads the round's fields rather than building a view."""

    def __repr__(self) -> str:
        return f"<Encoder {self.game} players={self.players} size={self.size}>"

    def values(self, me: int) -> Values:
        """A blank observation of seat ``me``."""
        return Values(self._zeros, me, self.players)

    def observe(self, state: State, seat: int) -> Vector:
        """The observation of ``seat`` in ``state``: ``encode(state.view(seat))``, computed straight from
        the round's fields and methods, those its view reads, where the game's kit can (the same
        vector: ``tests/test_bench_rl.py`` compares the two over many random rounds)."""
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
        return self._direct(self, state, seat)

    def trick_state(self, state: Any, me: int) -> Values:
        """The common blocks of a trick game while its view shows every card played, from the round's
        fields as its ``hand_view`` and ``trick_view`` read them."""
        o, n = self.offsets, self.players
        out = self.values(me)
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
        out = self.values(me)
        out.cards(o["hand"], view["hand"])
        out.seat(o["dealer"], view["dealer"])
        out.seat(o["to_act"], view["current_player"])
        out.per_seat(o["hand_counts"], view["hand_counts"], self.max_hand)
        out.m[o["phase"] + self.phases.index(view["phase"])] = 1.0
        trump = view.get("trump")
        if trump:
            out.m[o["trump"] + SUITS.index(trump)] = 1.0
        self._play(self, out, view)
        out.seat(o["leader"], view["leader"])
        self._specific(self, out, view)
        return out.vector()

    def trick_play(self, out: Values, view: View) -> None:
        """``tricks_won``, ``played`` and ``trick`` of a trick game."""
        out.per_seat(self.offsets["tricks_won"], view["tricks"], self.max_hand)
        m, me, n, card = out.m, out.me, self.players, CARD
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


@functools.cache
def encoder(game: str, players: int | None = None) -> Encoder:
    """The encoder of ``game`` with ``players`` (None: the default number); one object per pair."""
    n = game_class(game).default_players if players is None else players
    return Encoder(game, n)


def encode(view: View) -> Vector:
    """The observation of a seat's view, by the encoder of its game and number of players."""
    return encoder(view["game"], view["players"]).encode(view)
