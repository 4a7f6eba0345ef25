"""One Hoogjassen round: bid, lummel, discard, trump (with roem), play, then scoring."""

from __future__ import annotations

import functools
import itertools
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from ...core.actions import PASS, Action, make
from ...core.cards import BIT, CODES, SUITS, bits, card_index
from ...core.game import Result
from ...core.tricks import FOLLOW_RULES, TrickState, hand_codes, turn_tables, winner_keys
from ...core.views import AuctionEntry, BidRange, Side
from .ranks import trick_keys
from .roem import STUK, Roem, roem_of, stuk_cards
from .scoring import LAST_TRICK, TOTAL, card_points, points_of, settle
from .view import HoogjassenView

if TYPE_CHECKING:
    from .rules import Hoogjassen


class Phase(StrEnum):
    """The phases of a Hoogjassen round, in order."""

    BID = "bid"
    LUMMEL = "lummel"
    DISCARD = "discard"
    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"


# the members, as constants: compiled, they are read without looking up a name
BID: Final = Phase.BID
LUMMEL: Final = Phase.LUMMEL
DISCARD: Final = Phase.DISCARD
TRUMP: Final = Phase.TRUMP
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
TAKE_LUMMEL: Final = make("take-lummel")
ONGEDRAAID: Final = make("ongedraaid")
TRUMPS: Final = tuple(make("trump", s) for s in SUITS)
BIDS: Final = {b: make("bid", str(b)) for b in range(10, 1001, 10)}
LAST_BIDS: Final = {b: make("bid", str(b), last=True) for b in range(10, 1001, 10)}
FOLLOW: Final = FOLLOW_RULES["follow-or-trump-any-time"]


_DISCARDS: Final[dict[tuple[int, ...], Action]] = {}
"""Each ``discard`` action made so far, by its cards in index order (at most C(32, 4) of them)."""


@functools.lru_cache(maxsize=4096)
def discards(hand: int, count: int) -> tuple[Action, ...]:
    """Every ``discard`` of ``count`` cards of ``hand``."""
    made = _DISCARDS
    out = []
    for combo in itertools.combinations(bits(hand), count):
        action = made.get(combo)
        if action is None:
            action = made[combo] = make("discard", cards=combo)
        out.append(action)
    return tuple(out)


class HoogjassenState(TrickState):
    """A Hoogjassen round.  ``bid`` is the highest bid (0: none yet), ``bidder`` its seat; ``out``
    the seats that take no further turn in the auction (they passed, or declared their bid their
    last), as bits; ``auction`` every call as (seat, word, declared last); ``taken`` whether the
    declarer took the lummel, ``afleggers`` the cards he laid back; ``stuk_pair`` his trump king and
    queen if he held both when naming trump."""

    __slots__ = (
        "_game",
        "afleggers",
        "auction",
        "bid",
        "bidder",
        "dealt",
        "lummel",
        "ongedraaid",
        "out",
        "points",
        "roem",
        "stuk",
        "stuk_pair",
        "taken",
    )

    _game: Hoogjassen

    @property
    def game(self) -> Hoogjassen:
        return self._game

    def __init__(self) -> None:
        """A blank state: `new_round` deals it (`shallow_copy` fills in a copy)."""

    def new_round(
        self, game: Hoogjassen, dealer: int, hands: tuple[int, ...], lummel: int
    ) -> HoogjassenState:
        """This state as a new round of ``game``, dealt by ``dealer``; returns it."""
        self._game = game
        self.dealer = dealer
        self.n = game.players
        self.seat_after, self.order = turn_tables(self.n, tuple(range(self.n)))
        self.dealt = hands
        self.hands = list(hands)
        self.lummel = lummel
        self.trump = -1
        self.keys = winner_keys((0,) * 52, -1)
        self.follow = FOLLOW
        self.exempt = 0
        self.bid = 0
        self.bidder = -1
        self.out = 0
        self.auction: tuple[tuple[int, str, bool], ...] = ()
        self.taken = self.ongedraaid = self.stuk = False
        self.afleggers = self.stuk_pair = 0
        self.roem: tuple[Roem, ...] = ()
        self.points: tuple[int, ...] = ()
        self.phase = BID
        self.current_player = (dealer + 1) % self.n
        self.is_over = False
        self.actions = []
        self.actors = []
        self.start_play(self.current_player)
        return self

    def clone(self) -> HoogjassenState:
        new = HoogjassenState()
        self.copy_into(new)
        new._game = self._game
        new.afleggers = self.afleggers
        new.auction = self.auction
        new.bid = self.bid
        new.bidder = self.bidder
        new.dealt = self.dealt
        new.lummel = self.lummel
        new.ongedraaid = self.ongedraaid
        new.out = self.out
        new.points = self.points
        new.roem = self.roem
        new.stuk = self.stuk
        new.stuk_pair = self.stuk_pair
        new.taken = self.taken
        return new

    @property
    def declarer(self) -> int:
        """The declarer once bidding is over (-1 before, and after a redeal)."""
        return self.bidder if self.phase != BID else -1

    # ------------------------------------------------------------------ before play

    def pre_play_actions(self) -> list[Action]:
        seat = self.current_player
        if seat is None:
            return []
        if self.phase == BID:
            game = self._game
            bids = range(max(game.min_bid, self.bid + 10), game.max_bid + 1, 10)
            if game.last_bid:
                return [PASS, *(BIDS[b] for b in bids), *(LAST_BIDS[b] for b in bids)]
            return [PASS, *(BIDS[b] for b in bids)]
        if self.phase == LUMMEL:
            return [TAKE_LUMMEL, ONGEDRAAID]
        if self.phase == DISCARD:
            return list(discards(self.hands[seat], self._game.lummel_size))
        return list(TRUMPS)

    def apply_pre_play(self, action: Action) -> bool:
        seat = self.current_player
        if seat is None:
            return False
        phase = self.phase
        if phase == BID:
            return self.apply_bid(seat, action)
        if phase == LUMMEL and action in (TAKE_LUMMEL, ONGEDRAAID):
            if action is TAKE_LUMMEL:
                self.taken = True
                self.hands[seat] |= self.lummel
                self.phase = DISCARD
            else:
                self.ongedraaid = True
                self.phase = TRUMP
            return True
        if phase == DISCARD and action.kind == "discard":
            mask = sum(BIT[c] for c in action.cards)
            if len(action.cards) != self._game.lummel_size or self.hands[seat] & mask != mask:
                return False
            self.hands[seat] ^= mask
            self.afleggers = mask
            self.phase = TRUMP
            return True
        if phase == TRUMP and action.kind == "trump":
            self.name_trump(seat, SUITS.index(action.word))
            return True
        return False

    def apply_bid(self, seat: int, action: Action) -> bool:
        """Rule 3.1: bids in tens, each above the last; passing is final; the last bidder left
        declares, and when everybody passed the round is a redeal.  Rule 3.2a: a bid declared last
        ends the bidder's turns, as a pass would, and he declares if everybody else passes."""
        if action is PASS:
            self.out |= BIT[seat]
        elif action.kind == "bid" and self.bid_allowed(action.number) and action is BIDS.get(action.number):
            self.bid, self.bidder = action.number, seat
        elif (
            self._game.last_bid and self.bid_allowed(action.number) and action is LAST_BIDS.get(action.number)
        ):
            self.bid, self.bidder = action.number, seat
            self.out |= BIT[seat]
        else:
            return False
        self.auction += ((seat, action.word or action.kind, action.last),)
        left = [s for s in range(self.n) if not self.out >> s & 1]
        if not left and self.bidder < 0:
            self.phase, self.current_player, self.is_over = OVER, None, True
        elif not left or left == [self.bidder]:
            self.phase = LUMMEL
            self.current_player = self.bidder
        else:
            nxt = (seat + 1) % self.n
            while self.out >> nxt & 1:
                nxt = (nxt + 1) % self.n
            self.current_player = nxt
        return True

    def bid_allowed(self, bid: int) -> bool:
        game = self._game
        return bid % 10 == 0 and max(game.min_bid, self.bid + 10) <= bid <= game.max_bid

    def name_trump(self, seat: int, trump: int) -> None:
        """Rule 4: trump named; the declarer's roem is counted from his hand now; he leads."""
        self.trump = trump
        self.keys = trick_keys(trump)
        self.exempt = BIT[card_index(trump, "J")]
        self.points = card_points(trump)
        hand = self.hands[seat]
        self.roem = roem_of(hand, trump)
        self.stuk_pair = stuk_cards(hand, trump)
        self.phase, self.in_play = PLAY, True
        self.leader = self.current_player = seat

    # ------------------------------------------------------------------ play

    def play(self, action: Action) -> int:
        seat = super().play(action)
        if seat < 0:
            return seat
        if seat == self.bidder and self.stuk_pair >> action.card & 1:
            self.stuk = True
        if self.is_over:
            self.phase = OVER
        return seat

    # ------------------------------------------------------------------ why not

    def illegal_reason(self, action: Action) -> str:
        seat = self.current_player
        if seat is None:
            return "the round is over"
        game = self._game
        if self.phase == BID:
            if action.kind not in ("bid", "pass"):
                return "it is time to bid or pass"
            if action.last and not game.last_bid:
                return "a bid is declared last ('één keer twintig') only with the option last_bid"
            above = f" above {self.bid}" if self.bid else ""
            return f"a bid is a multiple of 10 from {game.min_bid} to {game.max_bid}{above}"
        if self.phase == LUMMEL:
            return "take the lummel (take-lummel) or play ongedraaid"
        if self.phase == DISCARD:
            count = game.lummel_size
            if action.kind != "discard":
                return f"it is time to discard {count} cards"
            missing = [CODES[c] for c in action.cards if not self.hands[seat] >> c & 1]
            if missing:
                return f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in seat {seat}'s hand"
            return f"discard exactly {count} cards of your hand, not {len(action.cards)}"
        if self.phase == TRUMP:
            return "it is time to name trump"
        if action.kind != "play" or len(action.cards) != 1 or action.blind:
            return "it is time to play a card"
        card = action.card
        if not self.hands[seat] >> card & 1:
            return f"{CODES[card]} is not in seat {seat}'s hand"
        assert self.trick  # a lead may be any card of the hand
        led = self.trick[0] // 13
        if led == self.trump:
            return "trump was led: you must play a trump (only the trump jack need not be played)"
        return f"you must follow {SUITS[led]} or play a trump"

    # ------------------------------------------------------------------ result and views

    def roem_total(self) -> int:
        return sum(r.value for r in self.roem) + (STUK if self.stuk else 0)

    def target(self) -> int | None:
        """The card points the declarer must take: his bid minus his roem (None before trump)."""
        return self.bid - self.roem_total() if self.trump >= 0 else None

    def result(self) -> Result:
        tricks = self.won[:]
        if not self.is_over:
            return {**self.pending(), "tricks": tricks}
        n = self.n
        if self.bidder < 0:
            return {"over": True, "scores": [0] * n, "tricks": tricks, "details": {"redeal": True}}
        declarer = self.bidder
        points = self.points
        taken = [c for _, cards, winner in self.history if winner == declarer for c in cards]
        laid = points_of(bits(self.lummel if self.ongedraaid else self.afleggers), points)
        won = points_of(taken, points) + (LAST_TRICK if self.history[-1][2] == declarer else 0)
        no_trick = not tricks[declarer]
        raw = [0, TOTAL - laid] if no_trick else [won + laid, TOTAL - won - laid]
        roem = [] if no_trick else [r.as_dict() for r in self.roem]
        stuk = self.stuk and not no_trick
        contract = self.bid if no_trick else self.bid - self.roem_total()
        kapot = tricks[declarer] == len(self.history)
        s = settle(raw[0], tricks[declarer], kapot, contract, self.ongedraaid, bool(self._game.rules["pot"]))
        scores = [-s.result] * n
        scores[declarer] = s.result * (n - 1)
        return {
            "over": True,
            "scores": scores,
            "tricks": tricks,
            "details": {
                "declarer": declarer,
                "bid": self.bid,
                "roem": roem,
                "stuk": stuk,
                "contract": contract,
                "trump": SUITS[self.trump],
                "ongedraaid": self.ongedraaid,
                "raw_points": raw,
                "points": list(s.points),
                "kapot": kapot,
                "result": s.result,
                "pot": s.pot,
            },
        }

    def allies(self, seat: int) -> int:
        """The declarer alone, or the opponents together."""
        declarer = 1 << self.declarer
        return declarer if seat == self.declarer else (1 << self.n) - 1 & ~declarer

    def seen_action(self, index: int, seat: int | None) -> str:
        action = self.actions[index]
        if action.kind == "discard" and seat != self.declarer:
            return " ".join(["discard", *["??"] * len(action.cards)])  # the afleggers stay face down
        return action.text

    def bid_range(self) -> BidRange | None:
        if self.phase != BID:
            return None
        low = max(self._game.min_bid, self.bid + 10)
        high = self._game.max_bid
        return {"low": low, "high": high, "step": 10, "excluded": None} if low <= high else None

    def sides(self, seat: int | None) -> list[Side] | None:
        """The declarer against the others once bidding is over, with the card points of their
        tricks once trump is named (the last trick's 5 included; afleggers are not in tricks)."""
        declarer = self.declarer
        if declarer < 0:
            return None
        others = [s for s in range(self.n) if s != declarer]
        tricks = [self.won[declarer], sum(self.won[s] for s in others)]
        points: list[int | None] = [None, None]
        if self.trump >= 0:
            card = self.points
            taken = [0, 0]
            for _, cards, winner in self.history:
                taken[winner != declarer] += sum(card[c] for c in cards)
            if self.is_over:
                taken[self.history[-1][2] != declarer] += LAST_TRICK
            points = [taken[0], taken[1]]
        return [
            {"seats": [declarer], "tricks": tricks[0], "points": points[0]},
            {"seats": others, "tricks": tricks[1], "points": points[1]},
        ]

    def kept_cards(self, seat: int | None) -> tuple[int, int]:
        """The lummel and the afleggers as ``seat`` sees them (masks): the declarer sees the lummel
        once he took it and the cards he laid back; everyone else sees neither."""
        if seat is None or seat != self.declarer:
            return 0, 0
        return (self.lummel if self.taken else 0), self.afleggers

    def view(self, seat: object) -> HoogjassenView:
        seat = self.check_seat(seat)
        declarer = self.declarer
        lummel, afleggers = self.kept_cards(seat)
        return {
            **self.view_header(seat),
            **self.hand_view(seat),
            "auction": [auction_entry(s, b, last) for s, b, last in self.auction],
            "bid": self.bid or None,
            "declarer": declarer if declarer >= 0 else None,
            "lummel_taken": self.taken,
            "ongedraaid": self.ongedraaid,
            "lummel": hand_codes(lummel),
            "afleggers": hand_codes(afleggers),
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "roem": [{"name": r.name, "cards": hand_codes(r.cards), "value": r.value} for r in self.roem],
            "stuk": self.stuk,
            "target": self.target(),
            **self.trick_view(),
        }

    def deal_record(self) -> dict[str, Any]:
        return {"hands": [hand_codes(h) for h in self.dealt], "lummel": hand_codes(self.lummel)}


def auction_entry(seat: int, word: str, last: bool) -> AuctionEntry:
    """A call as the view shows it: ``last`` only on a bid declared last."""
    entry: AuctionEntry = {"seat": seat, "bid": word}
    if last:
        entry["last"] = True
    return entry
