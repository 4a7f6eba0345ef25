"""Minitrick's rules: 3 players, 12 cards (Q K A of each suit), follow suit, no trump, a point a trick."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final

from troef.core.actions import Action
from troef.core.cards import CODES, card_index, shuffled
from troef.core.errors import RecordError
from troef.core.game import Game, Result, check_seed, deal_hands
from troef.core.options import Option, Preset, _
from troef.core.tricks import FOLLOW_ELSE_ANY, TrickState, hand_codes, turn_tables, winner_keys

from .view import MinitrickView

PACK: Final = tuple(card_index(suit, rank) for suit in range(4) for rank in "QKA")
"""The 12 cards, in card order."""
PACK_MASK: Final = sum(1 << c for c in PACK)
HAND: Final = len(PACK) // 3
KEYS: Final = winner_keys(tuple(range(52)), -1)
"""No trump: the highest card of the suit led wins (Q < K < A)."""


class Phase(StrEnum):
    """A round is only play."""

    PLAY = "play"
    OVER = "over"


OPTIONS: Final = (Option("rounds", int, 3, _("rounds in a match"), minimum=1, maximum=6, label=_("Rounds")),)
PRESETS: Final = (
    Preset("standard", _("three rounds"), label=_("standard")),
    Preset("short", _("two rounds"), {"rounds": 2}, label=_("short")),
)


class Minitrick(Game):
    """Minitrick: take tricks, one point each."""

    name = "minitrick"
    title = _("Minitrick")
    options = OPTIONS
    presets = PRESETS
    min_players = max_players = default_players = 3

    def match_rounds(self) -> int:
        return int(self.rules["rounds"])

    def chance_pack(self) -> tuple[int, ...]:
        return PACK

    def deal(self, seed: object = None, dealer: object = 0) -> MinitrickState:
        """Shuffle the 12 cards and deal them one at a time from the dealer's left."""
        dealer = self.check_dealer(dealer)
        cards = shuffled(PACK, check_seed(seed), len(PACK))
        hands = [0] * 3
        for i, seat in enumerate(self.seats_of(dealer) * HAND):
            hands[seat] |= 1 << cards[i]
        return MinitrickState().new_round(self, dealer, tuple(hands))

    def from_deal(self, deal: Mapping[str, Any], dealer: int) -> MinitrickState:
        hands = deal_hands(deal, 3)
        if sorted(c for hand in hands for c in hand) != list(PACK) or {len(h) for h in hands} != {HAND}:
            raise RecordError(f"deal.hands must hold the 12 cards {' '.join(CODES[c] for c in PACK)}, 4 each")
        return MinitrickState().new_round(self, dealer, tuple(sum(1 << c for c in h) for h in hands))


class MinitrickState(TrickState):
    """A minitrick round: the trick engine's play phase and nothing before it."""

    __slots__ = ("_game", "dealt")

    _game: Minitrick
    dealt: tuple[int, ...]

    @property
    def game(self) -> Minitrick:
        return self._game

    def __init__(self) -> None:
        """A blank state: `new_round` deals it."""

    def new_round(self, game: Minitrick, dealer: int, hands: tuple[int, ...]) -> MinitrickState:
        """This state as a new round of ``game`` dealt by ``dealer``; returns it."""
        self._game = game
        self.dealt = hands
        self.n = 3
        self.seat_after, self.order = turn_tables(3, (0, 1, 2))
        self.dealer = dealer
        self.hands = list(hands)
        self.trump = -1
        self.keys = KEYS
        self.follow = FOLLOW_ELSE_ANY
        self.exempt = 0
        self.actions = []
        self.actors = []
        self.is_over = False
        self.phase = Phase.PLAY
        self.start_play((dealer + 1) % 3)
        self.in_play = True
        self.current_player = self.leader
        return self

    def clone(self) -> MinitrickState:
        new = MinitrickState()
        self.copy_into(new)
        new._game = self._game
        new.dealt = self.dealt
        return new

    def pre_play_actions(self) -> list[Action]:
        return []  # before play (and once the round is over) nobody acts

    def apply_pre_play(self, action: Action) -> bool:
        return False

    def trick_done(self) -> bool:
        if self.hands[self.leader]:
            return False
        self.phase = Phase.OVER
        return True

    def illegal_reason(self, action: Action) -> str:
        if self.is_over:
            return "the round is over"
        if action.kind != "play" or len(action.cards) != 1 or action.blind:
            return "it is time to play a card"
        return self.play_reason(action.card)

    def result(self) -> Result:
        tricks = self.won[:]
        if not self.is_over:
            return {**self.pending(), "tricks": tricks}
        return {"over": True, "scores": tricks, "tricks": tricks, "details": {"tricks": tricks}}

    def view(self, seat: object) -> MinitrickView:
        seat = self.check_seat(seat)
        return {**self.view_header(seat), **self.hand_view(seat), **self.trick_view()}

    def deal_record(self) -> dict[str, Any]:
        return {"hands": [hand_codes(h) for h in self.dealt]}
