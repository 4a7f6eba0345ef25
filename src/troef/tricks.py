"""What trick-taking games share: follow/trump rules, trick winner, the trick in play and history.

Rififi, Rikken and Hoogjassen differ only in which `FollowRule` they use, the
rank order of their cards and their scoring; everything else lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from .cards import CODES, RANKS, SUIT_MASKS, SUITS, bits
from .core.game import State

FollowRule = Callable[[int, int, int, int], int]
"""``rule(hand, led_suit, trump_suit, exempt) -> mask of playable cards`` (trump -1: no trump)."""


def follow_else_any(hand: int, led: int, trump: int, exempt: int) -> int:
    """Follow suit if you can, otherwise play any card (Rikken; OpenSpiel's oh_hell)."""
    return hand & SUIT_MASKS[led] or hand


def follow_else_must_trump(hand: int, led: int, trump: int, exempt: int) -> int:
    """Follow suit; if you cannot, play a trump if you have one; otherwise any card (Rififi)."""
    follow = hand & SUIT_MASKS[led]
    if follow:
        return follow
    if trump >= 0:
        return hand & SUIT_MASKS[trump] or hand
    return hand


def follow_or_trump_any_time(hand: int, led: int, trump: int, exempt: int) -> int:
    """Hoogjassen: trump led, play a trump (a lone ``exempt`` trump jack need not); other suit led,
    follow or trump at will, and play anything when you cannot follow."""
    trumps = hand & SUIT_MASKS[trump] if trump >= 0 else 0
    if led == trump:
        return trumps if trumps & ~exempt else hand
    follow = hand & SUIT_MASKS[led]
    return follow | trumps if follow else hand


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


def trick_winner(cards: Sequence[int], power: Sequence[int], trump: int) -> int:
    """Index in ``cards`` (play order) of the winner: highest trump, else highest card of the led suit."""
    led = cards[0] // 13
    best, best_key = 0, -1
    for i, c in enumerate(cards):
        suit = c // 13
        if suit == trump:
            key = power[c] + 1000
        elif suit == led:
            key = power[c]
        else:
            continue
        if key > best_key:
            best, best_key = i, key
    return best


class TrickState(State):
    """A round whose play phase is tricks: hands, the trick on the table, history and tricks won."""

    n: int
    hands: list[int]
    trump: int
    power: tuple[int, ...]
    follow: FollowRule
    exempt: int
    leader: int
    trick: list[int]
    history: list[tuple[int, tuple[int, ...], int]]
    won: list[int]

    def start_play(self, leader: int) -> None:
        self.leader = leader
        self.trick = []
        self.history = []
        self.won = [0] * self.n

    def copy_play(self, other: TrickState) -> None:
        """Copy the play fields of ``other`` into this clone."""
        self.hands = other.hands[:]
        self.leader = other.leader
        self.trick = other.trick[:]
        self.history = other.history[:]
        self.won = other.won[:]

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def playable(self, seat: int) -> int:
        """Mask of the cards ``seat`` may play to the current trick."""
        hand = self.hands[seat]
        if not self.trick:
            return hand
        return self.follow(hand, self.trick[0] // 13, self.trump, self.exempt)

    def play_card(self, card: int) -> bool:
        """Play ``card`` for the seat to play; True when it completed a trick."""
        seat = (self.leader + len(self.trick)) % self.n
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append(card)
        if len(trick) < self.n:
            return False
        winner = (self.leader + trick_winner(trick, self.power, self.trump)) % self.n
        self.history.append((self.leader, tuple(trick), winner))
        self.won[winner] += 1
        self.leader = winner
        self.trick = []
        return True

    def play_reason(self, card: int) -> str:
        """Why ``card`` may not be played now, in words."""
        seat = self.to_play
        if not self.hands[seat] >> card & 1:
            return f"{CODES[card]} is not in seat {seat}'s hand"
        led = self.trick[0] // 13
        if self.hands[seat] & SUIT_MASKS[led]:
            return f"you must follow {SUITS[led]}"
        if self.trump >= 0 and self.hands[seat] & SUIT_MASKS[self.trump]:
            return f"you cannot follow {SUITS[led]} and must play a trump ({SUITS[self.trump]})"
        return "not allowed by the follow rules"

    def trick_view(self) -> dict[str, Any]:
        """The public part of play: trick on the table, finished tricks and tricks won."""
        return {
            "leader": self.leader,
            "trick": [CODES[c] for c in self.trick],
            "history": [
                {"leader": lead, "cards": [CODES[c] for c in cards], "winner": winner}
                for lead, cards, winner in self.history
            ],
            "tricks": self.won[:],
        }


def hand_codes(mask: int) -> list[str]:
    """A hand as card codes, in index order (by suit S H D C, low to high)."""
    return [CODES[c] for c in bits(mask)]
