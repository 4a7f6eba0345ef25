"""One Rififi round: bidding (rule 2), then play (rule 3), then scoring (rule 4)."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from ...core.actions import Action, make
from ...core.cards import CODES, SUITS
from ...core.game import Result
from ...core.tricks import TrickState, hand_codes
from ...core.views import BidRange
from .view import RififiView

if TYPE_CHECKING:
    from .rules import Rififi


class Phase(StrEnum):
    """The phases of a Rififi round, in order."""

    BID = "bid"
    PLAY = "play"
    OVER = "over"


# the members, as constants: compiled, they are read without looking up a name
BID: Final = Phase.BID
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
BIDS: Final = tuple(make("bid", str(n)) for n in range(53))
BIDS_UP_TO: Final = tuple(BIDS[: n + 1] for n in range(53))
"""``BIDS_UP_TO[h]``: the bids of a hand of ``h`` cards, 0 to h"""


class RififiState(TrickState):
    """A Rififi round.  ``bids[s]`` is -1 until seat s has bid."""

    __slots__ = ("_game", "bids", "dealt", "hand_size", "trump_card")

    _game: Rififi

    @property
    def game(self) -> Rififi:
        return self._game

    def __init__(self) -> None:
        """A blank state: `new_round` deals it (`shallow_copy` fills in a copy)."""

    def new_round(
        self, game: Rififi, dealer: int, hands: tuple[int, ...], hand_size: int, trump_card: int
    ) -> RififiState:
        """This state as a new round of ``game``, dealt by ``dealer``: ``hand_size`` cards to each of
        ``hands``; returns it."""
        self._game = game
        self.n = game.players
        self.seat_after, self.order = game.turns
        self.dealer = dealer
        self.dealt = hands
        self.hands = list(hands)
        self.hand_size = hand_size
        self.trump_card = trump_card
        self.trump = trump_card // 13 if trump_card >= 0 else -1
        self.keys = game.trump_keys[self.trump + 1]
        self.follow = game.follow
        self.exempt = 0
        self.bids = [-1] * self.n
        self.current_player = (dealer + 1) % self.n
        self.is_over = False
        self.phase = BID
        self.actions = []
        self.actors = []
        self.start_play((dealer + 1) % self.n)
        return self

    def clone(self) -> RififiState:
        new = RififiState()
        self.copy_into(new)
        new._game = self._game
        new.bids = self.bids[:]
        new.dealt = self.dealt
        new.hand_size = self.hand_size
        new.trump_card = self.trump_card
        return new

    def pre_play_actions(self) -> list[Action]:
        if self.is_over:
            return []
        bids = list(BIDS_UP_TO[self.hand_size])
        forbidden = self.hooked_bid()
        if forbidden >= 0:
            del bids[forbidden]
        return bids

    def hooked_bid(self) -> int:
        """The bid the hook forbids the current player, or -1."""
        if not self._game.hook or self.current_player != self.dealer:
            return -1
        rest = self.hand_size - 1  # the bids include the dealer's own -1
        for bid in self.bids:  # a loop, not sum(): compiled, it runs in C without a call
            rest -= bid
        return rest if rest >= 0 else -1

    def apply_pre_play(self, action: Action) -> bool:
        seat = self.current_player
        bid = action.number
        if seat is None or action.kind != "bid" or action.last:
            return False
        if not 0 <= bid <= self.hand_size or bid == self.hooked_bid():
            return False
        self.bids[seat] = bid
        if seat == self.dealer:
            self.in_play, self.phase = True, PLAY
            self.current_player = self.leader
        else:
            self.current_player = (seat + 1) % self.n
        return True

    def trick_done(self) -> bool:
        if len(self.history) < self.hand_size:
            return False
        self.phase = OVER
        return True

    def illegal_reason(self, action: Action) -> str:
        if self.is_over:
            return "the round is over"
        if self.phase == PLAY:
            if action.kind != "play" or len(action.cards) != 1 or action.blind:
                return "it is time to play a card"
            return self.play_reason(action.card)
        if action.kind != "bid":
            return "it is time to bid"
        if action.last:
            return "a rififi bid is never declared last"
        if action.number == self.hooked_bid() >= 0:
            return (
                f"hook: the dealer may not bid {action.number}, the bids would add up to "
                f"the {self.hand_size} tricks"
            )
        return f"a bid is a number of tricks from 0 to {self.hand_size}"

    def result(self) -> Result:
        tricks = self.won[:]
        if not self.is_over:
            return {**self.pending(), "tricks": tricks}
        points = self._game.points
        return {
            "over": True,
            "scores": [points(b, t) for b, t in zip(self.bids, tricks, strict=True)],
            "tricks": tricks,
            "details": {
                "bids": self.bids[:],
                "tricks": tricks,
                "trump": self.trump_suit(),
                "trump_card": self.trump_card_code(),
                "hand_size": self.hand_size,
            },
        }

    def final_scores(self) -> list[float]:
        game, bids, won = self._game, self.bids, self.won
        return [game.points(bids[s], won[s]) for s in range(self.n)]

    def trump_suit(self) -> str | None:
        return SUITS[self.trump] if self.trump >= 0 else None

    def trump_card_code(self) -> str | None:
        return CODES[self.trump_card] if self.trump_card >= 0 else None

    def bid_range(self) -> BidRange | None:
        if self.phase != BID:
            return None
        hooked = self.hooked_bid()
        return {"low": 0, "high": self.hand_size, "step": 1, "excluded": hooked if hooked >= 0 else None}

    def view(self, seat: object) -> RififiView:
        seat = self.check_seat(seat)
        return {
            **self.view_header(seat),
            **self.hand_view(seat),
            "hand_size": self.hand_size,
            "trump": self.trump_suit(),
            "trump_card": self.trump_card_code(),
            "bids": [b if b >= 0 else None for b in self.bids],
            **self.trick_view(),
        }

    def deal_record(self) -> dict[str, Any]:
        return {"hands": [hand_codes(h) for h in self.dealt], "trump_card": self.trump_card_code()}
