"""What trick-taking games share: follow/trump rules, trick winner, the trick in play and history.

The trick games differ only in which `FollowRule` they use, the rank order of
their cards and their scoring; everything else lives here.
"""

from __future__ import annotations

import functools
import random
from abc import abstractmethod
from collections.abc import Callable, Collection, Sequence
from typing import Final

from .actions import Action, make
from .cards import CODES, RANKS, SUIT_MASKS, SUITS, bits
from .game import State
from .native import mypyc_attr
from .rand import RANDOM, below
from .views import HandPart, TrickEntry, TrickPart

FollowRule = Callable[[int, int, int, int], int]
"""``rule(hand, led_suit, trump_suit, exempt) -> mask of playable cards`` (trump -1: no trump)."""


def follow_else_any(hand: int, led: int, trump: int, exempt: int) -> int:
    """Follow suit if you can, otherwise play any card (OpenSpiel's oh_hell)."""
    return hand & SUIT_MASKS[led] or hand


def follow_else_must_trump(hand: int, led: int, trump: int, exempt: int) -> int:
    """Follow suit; if you cannot, play a trump if you have one; otherwise any card."""
    follow = hand & SUIT_MASKS[led]
    if follow:
        return follow
    if trump >= 0:
        return hand & SUIT_MASKS[trump] or hand
    return hand


def follow_or_trump_any_time(hand: int, led: int, trump: int, exempt: int) -> int:
    """Trump led, play a trump (a lone ``exempt`` trump jack need not); other suit led,
    follow or trump at will, and play anything when you cannot follow."""
    trumps = hand & SUIT_MASKS[trump] if trump >= 0 else 0
    if led == trump:
        return trumps if trumps & ~exempt else hand
    follow = hand & SUIT_MASKS[led]
    return follow | trumps if follow else hand


FOLLOW_ELSE_ANY: Final[FollowRule] = follow_else_any
FOLLOW_RULES: Final[dict[str, FollowRule]] = {
    "follow-else-any": follow_else_any,
    "follow-else-must-trump": follow_else_must_trump,
    "follow-or-trump-any-time": follow_or_trump_any_time,
}


def rank_power(order: str) -> tuple[int, ...]:
    """Strength of each of the 52 cards within its suit from a rank order, highest first
    (``"ATKQJ9876"``); ranks not in the order get 0."""
    strength = {r: len(order) - i for i, r in enumerate(order)}
    return tuple(strength.get(RANKS[c % 13], 0) for c in range(52))


@functools.cache
def winner_keys(power: tuple[int, ...], trump: int) -> tuple[tuple[int, ...], ...]:
    """Per led suit, each card's strength in a trick: trumps above the led suit above the rest (0)."""
    return tuple(
        tuple(
            200 + power[c] if c // 13 == trump else 100 + power[c] if c // 13 == led else 0 for c in range(52)
        )
        for led in range(4)
    )


def trick_winner(cards: list[int], keys: tuple[tuple[int, ...], ...]) -> int:
    """Index in ``cards`` (play order) of the winner: highest trump, else highest card of the led suit."""
    first = cards[0]
    strength = keys[first // 13]
    best, winner = strength[first], 0
    for i in range(1, len(cards)):
        s = strength[cards[i]]
        if s > best:
            best, winner = s, i
    return winner


def blind_trick_winner(cards: Sequence[int], keys: tuple[tuple[int, ...], ...], led: int) -> int:
    """Index of the winner of a trick led face down: it counts as led in suit ``led`` and
    the blind first card never wins, not even a trump."""
    strength = keys[led]
    return max(range(1, len(cards)), key=lambda i: strength[cards[i]])


@functools.cache
def turn_tables(players: int, seats: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """For the ``seats`` that play a round (clockwise, of ``players`` at the table): each seat's next
    player, and from each leader the seats in play order (a seat sitting out gets empty entries)."""
    after = [-1] * players
    order: list[tuple[int, ...]] = [()] * players
    for i, seat in enumerate(seats):
        after[seat] = seats[(i + 1) % len(seats)]
        order[seat] = seats[i:] + seats[:i]
    return tuple(after), tuple(order)


PLAYS: Final = tuple(make("play", cards=(c,)) for c in range(52))


def plays(mask: int) -> list[Action]:
    """The ``play C`` actions of the cards in ``mask``, lowest index first."""
    # a walk over the bits: tables of each suit's 8,192 masks were faster timed alone, but in play their
    # entries are cold, and a round of random play-outs ran 10% slower with them
    out = []
    while mask:
        low = mask & -mask
        out.append(PLAYS[low.bit_length() - 1])
        mask ^= low
    return out


@mypyc_attr(allow_interpreted_subclasses=True)
class TrickState(State):
    """A round whose play phase is tricks: hands, the trick on the table, history and tricks won.

    ``n`` is the number of cards in a trick; ``seat_after`` and ``order`` (from `turn_tables`) say
    who plays next, so a seat may sit a round out.
    The trick engine owns the play phase: a game calls `start_play`, supplies its
    phases before play (`pre_play_actions`, `apply_pre_play`) and sets ``in_play``
    when they are done; after each trick `trick_done` says whether the round is over
    (by default when the hands are empty).  ``legal_mask`` remembers the playable
    cards of the current position between `legal_actions` and `play` (-1: not yet).
    """

    __slots__ = (
        "exempt",
        "follow",
        "hands",
        "history",
        "in_play",
        "keys",
        "leader",
        "legal_mask",
        "n",
        "order",
        "seat_after",
        "trick",
        "trump",
        "won",
    )

    n: int
    seat_after: tuple[int, ...]
    order: tuple[tuple[int, ...], ...]
    hands: list[int]
    trump: int
    keys: tuple[tuple[int, ...], ...]
    follow: FollowRule
    exempt: int
    in_play: bool
    legal_mask: int
    leader: int
    trick: list[int]
    history: list[tuple[int, tuple[int, ...], int]]
    won: list[int]

    def start_play(self, leader: int) -> None:
        self.in_play = False
        self.legal_mask = -1
        self.leader = leader
        self.trick = []
        self.history = []
        self.won = [0] * len(self.seat_after)

    @abstractmethod
    def pre_play_actions(self) -> list[Action]:
        """The legal actions before the play phase (bidding, calling, exchanging)."""

    @abstractmethod
    def apply_pre_play(self, action: Action) -> bool:
        """Carry out an action before the play phase if legal (see `State._apply`)."""

    def legal_actions(self) -> list[Action]:
        if not self.in_play:
            return self.pre_play_actions()
        seat = self.current_player
        assert seat is not None  # in play: a seat is to act
        mask = self.legal_mask = self.playable(seat)
        return plays(mask)

    def random_action(self, rng: random.Random) -> Action:
        """In play, the card `legal_actions` and ``choice`` would pick, without building the list.  A
        game whose plays are more than `plays` of `playable` (e.g. blind leads) draws otherwise."""
        if not self.in_play or type(rng) is not RANDOM:
            return super().random_action(rng)
        seat = self.current_player
        assert seat is not None  # in play: a seat is to act
        mask = self.legal_mask = self.playable(seat)
        for _ in range(below(rng, mask.bit_count())):
            mask &= mask - 1  # drop the lowest card: the list is in index order
        return PLAYS[(mask & -mask).bit_length() - 1]

    def _apply(self, action: Action) -> bool:
        return self.play(action) >= 0 if self.in_play else self.apply_pre_play(action)

    def apply(self, action: object) -> None:
        if self.in_play and isinstance(action, Action):  # the fast path: a card played
            seat = self.play(action)
            if seat >= 0:
                self.actions.append(action)
                self.actors.append(seat)
                return
        super().apply(action)

    def allies(self, seat: int) -> int:
        """The seats (a mask) that play for the same result as ``seat``: by default only itself."""
        return 1 << seat

    def led_suit(self) -> int:
        """The suit of the trick on the table (not empty)."""
        return self.trick[0] // 13

    def playable(self, seat: int) -> int:
        """The cards ``seat``, to play now, may play (a mask)."""
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return hand
        led = trick[0] // 13
        follow = self.follow
        if follow is FOLLOW_ELSE_ANY:  # inline: compiled, a call through a function object costs more
            return hand & SUIT_MASKS[led] or hand
        return follow(hand, led, self.trump, self.exempt)

    def copy_into(self, new: TrickState) -> None:
        """Set every field of `State` and `TrickState` of the blank ``new`` as in this state (the lists
        copied): a subclass's `clone` then sets its own."""
        new.dealer = self.dealer
        new.actions = self.actions[:]
        new.actors = self.actors[:]
        new.current_player = self.current_player
        new.is_over = self.is_over
        new.phase = self.phase
        new.n = self.n
        new.seat_after = self.seat_after
        new.order = self.order
        new.hands = self.hands[:]
        new.trump = self.trump
        new.keys = self.keys
        new.follow = self.follow
        new.exempt = self.exempt
        new.in_play = self.in_play
        new.legal_mask = self.legal_mask
        new.leader = self.leader
        new.trick = self.trick[:]
        new.history = self.history[:]
        new.won = self.won[:]

    def play(self, action: Action) -> int:
        """Play the card of an interned ``play C`` action for the current player, if legal (or of
        another action that `other_play` allows): the seat that played it, or -1 (nothing changed) for
        any other `Action` object."""
        seat = self.current_player
        assert seat is not None  # in play: a seat is to act
        try:
            card = action.card
            if action is PLAYS[card]:  # interned: only a one-card, non-blind play is PLAYS[card]
                legal = self.legal_mask
                if legal < 0:
                    legal = self.playable(seat)
                if not legal >> card & 1:
                    return -1
            elif not self.other_play(seat, action):
                return -1
        except (AttributeError, IndexError, TypeError):  # an Action object forged by hand
            return -1
        self.legal_mask = -1
        hands = self.hands
        hands[seat] = hands[seat] ^ 1 << card
        trick = self.trick
        trick.append(card)
        if len(trick) < self.n:
            self.current_player = self.seat_after[seat]
        else:
            self.complete_trick(trick_winner(trick, self.keys))
        return seat

    def other_play(self, seat: int, action: Action) -> bool:
        """Whether ``action``, an interned action other than a plain ``play C``, plays its card for
        ``seat`` now (e.g. a blind lead); by default no action does."""
        return False

    def complete_trick(self, index: int) -> None:
        """The full trick on the table goes to the player of its card ``index`` (in play order)."""
        leader = self.leader
        winner = self.order[leader][index]
        self.history.append((leader, tuple(self.trick), winner))
        won = self.won
        won[winner] = won[winner] + 1  # not +=, which compiled adds the list's item as an object
        self.leader = self.current_player = winner
        self.trick = []
        if self.trick_done():
            self.current_player, self.is_over, self.in_play = None, True, False

    def trick_done(self) -> bool:
        """Called after each trick: True when the round is over."""
        return not self.hands[self.leader]

    def play_reason(self, card: int) -> str:
        """Why ``card`` may not be played now, in words."""
        seat = self.current_player
        if seat is None:
            return "the round is over"
        if not self.hands[seat] >> card & 1:
            return f"{CODES[card]} is not in seat {seat}'s hand"
        assert self.trick  # a lead may be any card of the hand
        led = self.trick[0] // 13
        if self.hands[seat] & SUIT_MASKS[led]:
            return f"you must follow {SUITS[led]}"
        if self.trump >= 0 and self.hands[seat] & SUIT_MASKS[self.trump]:
            return f"you cannot follow {SUITS[led]} and must play a trump ({SUITS[self.trump]})"
        return "not allowed by the follow rules"

    def hand_view(self, seat: int | None) -> HandPart:
        """The seat's own hand and how many cards every seat holds."""
        return {
            "hand": hand_codes(self.hands[seat]) if seat is not None else [],
            "hand_counts": [h.bit_count() for h in self.hands],
        }

    def trick_view(self, face_down_lead: bool = False, blind: Collection[int] = ()) -> TrickPart:
        """The public part of play: the trick on the table (its first card ``??`` when
        ``face_down_lead``), the finished tricks (those at the indices ``blind`` marked as led
        face down), the last of them, and the tricks won."""
        trick = [CODES[c] for c in self.trick]
        if face_down_lead:
            trick[0] = "??"
        history = [self.trick_entry(i, i in blind) for i in range(len(self.history))]
        return {
            "leader": self.leader,
            "trick": trick,
            "trick_seats": list(self.order[self.leader][: len(trick)]),
            "history": history,
            "last_trick": self.trick_entry(len(history) - 1, len(history) - 1 in blind) if history else None,
            "tricks": self.won[:],
        }

    def trick_entry(self, index: int, blind: bool) -> TrickEntry:
        """Finished trick ``index`` as a view shows it."""
        leader, cards, winner = self.history[index]
        entry: TrickEntry = {
            "leader": leader,
            "cards": [CODES[c] for c in cards],
            "seats": list(self.order[leader][: len(cards)]),
            "winner": winner,
        }
        if blind:
            entry["blind"] = True
        return entry


def hand_codes(mask: int) -> list[str]:
    """A hand as card codes, in index order (by suit S H D C, low to high)."""
    return [CODES[c] for c in bits(mask)]
