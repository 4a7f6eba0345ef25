"""A heuristic Hoogjassen bot: bid from expected points plus roem, discard and name trump, then play
as declarer or as one of the three opponents, who signal to each other ("tekenen", rule 7).

It sees only a seat's view.

- Bidding: for each trump, the hand's expected card points (evaluate.py) plus its roem plus what the
  lummel should add, less a margin; it bids while that covers the next legal bid.  It never declares a
  bid its last (option ``last_bid``): that only gives up raising later.
- Lummel: ongedraaid only when the hand alone covers the bid by a wide margin.  Discard: the
  combination of non-trump cards that leaves the best value (afleggers count for the declarer, so an
  unprotected ten laid back is ten points safe); trump: the suit of the best value after it.
- Declarer: draw trumps with the highest trump left, cash side winners, win point tricks cheaply,
  else give the cheapest card.
- Opponents: win cheaply when the declarer cannot beat it, "spek" (throw aces and tens) on a
  co-opponent's sure trick, give low cards to the declarer's tricks.  With ``signals`` they throw
  cards of a suit where they cannot win from high to low, of a suit where they can from low to high,
  read those orders in their co-opponents' play, lead suits where a co-opponent signalled strength and
  spek before a co-opponent who signalled that he wins the suit led.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Mapping
from typing import Any, Final

from ...core.cards import CODES, SUIT_MASKS, SUITS, bits, highest, parse_card
from ...games.hoogjassen.ranks import trick_keys
from ...games.hoogjassen.scoring import card_points
from ..shared.worlds import codes_mask, logged, off_suit, played_masks, tricks_of
from .evaluate import TEN, value

PACK: Final = sum(1 << (s * 13 + r) for s in range(4) for r in range(5, 13)) & ~(1 << (3 * 13 + 5))
BASE: Final = {3: 80, 4: 50}
"""Points a declarer takes beyond his counted winners (fitted on bot-played rounds, per table size)."""
MARGIN: Final = 10
"""Points kept in hand against bad luck when bidding."""
ONGEDRAAID_MARGIN: Final = 40
"""How far the hand alone must exceed the bid to play ongedraaid (the result is doubled)."""
LUMMEL_BONUS: Final = 8
"""What choosing from the lummel adds beyond its average points."""


class HoogjassenBot:
    """Heuristic Hoogjassen player; ``signals`` switches the opponents' signalling on or off."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, signals: bool = True) -> None:
        self.rng = random.Random(seed)
        self.signals = signals

    def act(self, view: Mapping[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        phase = view["phase"]
        hand = codes_mask(view["hand"])
        n = int(view["players"])
        if phase == "bid":
            limit = bid_limit(hand, n)
            bids = [a for a in legal if a.startswith("bid ") and a[4:].isdecimal() and int(a[4:]) <= limit]
            return bids[0] if bids else "pass"
        if phase == "lummel":
            return "ongedraaid" if plays_ongedraaid(hand, n, int(view["bid"])) else "take-lummel"
        if phase == "discard":
            chosen = {CODES[c] for c in discards_by_value(hand, n, len(view["lummel"]))[0]}
            return next(a for a in legal if a.startswith("discard ") and set(a.split()[1:]) == chosen)
        if phase == "trump":
            return f"trump {SUITS[best_trump(hand, n)]}"
        return _Play(view, hand, self.signals).choose()


@functools.lru_cache(maxsize=4096)
def bid_limit(hand: int, n: int) -> int:
    """The highest bid that the expected points plus roem of ``hand`` (with the lummel) cover."""
    lummel = PACK.bit_count() - n * hand.bit_count()
    unseen = (PACK & ~hand).bit_count()
    best = 0.0
    for t in range(4):
        points = card_points(t)
        average = (146 - sum(points[c] for c in bits(hand))) / unseen
        best = max(best, value(hand, t, n - 1) + lummel * average + LUMMEL_BONUS)
    return int(best + BASE[n] - MARGIN) // 10 * 10


def plays_ongedraaid(hand: int, n: int, bid: int) -> bool:
    """Ongedraaid only when the hand alone covers the bid by a wide margin."""
    return max(value(hand, t, n - 1) for t in range(4)) + BASE[n] - ONGEDRAAID_MARGIN >= bid


def best_trump(hand: int, n: int) -> int:
    """The suit that gives ``hand`` the best value."""
    return max(range(4), key=lambda t: value(hand, t, n - 1))


@functools.lru_cache(maxsize=4096)
def discards_by_value(hand: int, n: int, count: int) -> tuple[tuple[int, ...], ...]:
    """The discards of ``count`` cards of ``hand`` with the best trump's non-trump cards (any cards
    if there are too few), best first: by the value the hand keeps plus the points laid back."""
    trump = best_trump(hand, n)
    pool = [c for c in bits(hand) if c // 13 != trump]
    if len(pool) < count:
        pool = list(bits(hand))
    points = card_points(trump)
    return tuple(
        sorted(
            itertools.combinations(pool, count),
            key=lambda combo: (
                value(hand & ~sum(1 << c for c in combo), trump, n - 1) + sum(points[c] for c in combo)
            ),
            reverse=True,
        )
    )


class _Play:
    """One card-play decision from a seat's view."""

    def __init__(self, view: Mapping[str, Any], hand: int, signals: bool) -> None:
        self.seat = seat = int(view["seat"])
        self.n = n = int(view["players"])
        self.signals = signals
        self.declarer = int(view["declarer"])
        self.trump = SUITS.index(view["trump"])
        self.keys = trick_keys(self.trump)
        self.points = card_points(self.trump)
        self.hand = hand
        self.legal = [parse_card(a[5:]) for a in view["legal_actions"]]
        self.trick = [parse_card(c) for c in view["trick"]]
        self.leader = int(view["leader"])
        tricks = tricks_of(logged(view), n)
        played = sum(played_masks(tricks, n))
        self.void = [0] * n
        for p, _, led in off_suit(tricks):
            self.void[p] |= 1 << led
        self.sequences: dict[tuple[int, int], list[int]] = {}
        """Per (opponent, suit): the cards without points it gave to tricks it neither led nor won."""
        for trick, finished in zip(tricks, view["history"], strict=False):
            winner = int(finished["winner"])
            for p, c, _ in trick[1:]:
                if c is not None and p not in (self.declarer, winner) and not self.points[c]:
                    self.sequences.setdefault((p, c // 13), []).append(c)
        own = codes_mask(view["afleggers"]) if seat == self.declarer else 0
        self.unseen = PACK & ~hand & ~played & ~own
        self.last_trick = len(view["hand"]) == 1

    # ------------------------------------------------------------------ helpers

    def strength(self, card: int, led: int) -> int:
        return self.keys[led][card]

    def winning(self) -> tuple[int, int]:
        """The card that wins the trick so far and its seat."""
        led = self.trick[0] // 13
        i = max(range(len(self.trick)), key=lambda k: self.strength(self.trick[k], led))
        return self.trick[i], (self.leader + i) % self.n

    def top(self, card: int, led: int) -> bool:
        """No unseen card beats ``card`` in a trick led in ``led``."""
        return not any(self.strength(c, led) > self.strength(card, led) for c in bits(self.unseen))

    def later(self) -> list[int]:
        """The seats still to play to this trick after this one."""
        return [(self.seat + k) % self.n for k in range(1, self.n - len(self.trick))]

    def cheap(self, card: int) -> tuple[int, int]:
        """Order from cheapest to dearest: points, then trump-ness and rank."""
        return self.points[card], self.keys[self.trump][card]

    def signal(self, p: int, suit: int) -> int:
        """+1 when ``p`` gave two cards without points of ``suit`` low to high (he holds the suit's
        highest card), -1 high to low (he does not), 0 when unknown or no longer true: he showed out
        of the suit, or the highest card left is the bot's own."""
        seq = self.sequences.get((p, suit), [])
        if len(seq) < 2 or self.void[p] >> suit & 1 or self.holds_top(suit):
            return 0
        a, b = seq[0], seq[1]
        return 1 if self.keys[suit][a] < self.keys[suit][b] else -1

    def partners(self) -> list[int]:
        return [p for p in range(self.n) if p not in (self.seat, self.declarer)]

    def holds_top(self, suit: int) -> bool:
        """The bot holds the highest card of ``suit`` still out (trumps aside)."""
        mine = self.hand & SUIT_MASKS[suit]
        rank = self.keys[suit]
        return bool(mine) and highest(mine, rank) > highest(self.unseen & SUIT_MASKS[suit], rank)

    # ------------------------------------------------------------------ choice

    def choose(self) -> str:
        if len(self.legal) == 1:
            return "play " + CODES[self.legal[0]]
        if not self.trick:
            card = self.lead_declarer() if self.seat == self.declarer else self.lead_opponent()
        elif self.seat == self.declarer:
            card = self.follow_declarer()
        else:
            card = self.follow_opponent()
        return "play " + CODES[card]

    def lead_declarer(self) -> int:
        trump = self.trump
        trumps = [c for c in self.legal if c // 13 == trump]
        if trumps and self.unseen & SUIT_MASKS[trump]:
            best = max(trumps, key=lambda c: self.keys[trump][c])
            if self.top(best, trump):
                return best
        winners = [c for c in self.legal if c // 13 != trump and self.top(c, c // 13)]
        if winners and not self.unseen & SUIT_MASKS[trump]:
            return max(winners, key=self.cheap)
        if winners:
            return max(winners, key=lambda c: self.points[c])
        return min(self.legal, key=self.cheap)

    def follow_declarer(self) -> int:
        led = self.trick[0] // 13
        best, _ = self.winning()
        winners = [c for c in self.legal if self.strength(c, led) > self.strength(best, led)]
        if not self.later():
            if winners:
                return min(winners, key=self.cheap)
            return min(self.legal, key=self.cheap)
        safe = [c for c in winners if self.top(c, led)]
        if safe:
            return min(safe, key=self.cheap)
        return min(self.legal, key=self.cheap)

    def lead_opponent(self) -> int:
        trump = self.trump
        side = [c for c in self.legal if c // 13 != trump]
        winners = [c for c in side if self.top(c, c // 13)]
        if winners:
            return max(winners, key=lambda c: self.points[c])
        if self.signals:
            for p in self.partners():
                strong = [c for c in side if self.signal(p, c // 13) > 0]
                if strong:
                    return min(strong, key=self.cheap)
            weak = {s for p in self.partners() for s in range(4) if self.signal(p, s) < 0}
            others = [c for c in side if c // 13 not in weak]
            if others:
                side = others
        return min(side or self.legal, key=self.cheap)

    def follow_opponent(self) -> int:
        led = self.trick[0] // 13
        best, holder = self.winning()
        later = self.later()
        declarer_after = self.declarer in later
        ours = holder != self.declarer
        if ours and (not declarer_after or self.top(best, led) or self.partner_strong(led, later)):
            return self.spek(led)
        winners = [c for c in self.legal if self.strength(c, led) > self.strength(best, led)]
        if not declarer_after and winners:
            return min(winners, key=self.cheap)
        safe = [c for c in winners if self.top(c, led)]
        if safe:
            return min(safe, key=self.cheap)
        if not ours and self.partner_strong(led, later):
            return self.spek(led)
        return self.duck(led)

    def partner_strong(self, led: int, later: list[int]) -> bool:
        """A co-opponent who plays after the declarer signalled that he holds the suit led's highest
        card, and the declarer cannot trump it."""
        if not self.signals or self.declarer not in later:
            return False
        trump = self.trump
        if led != trump and not self.void[self.declarer] >> trump & 1 and self.unseen & SUIT_MASKS[trump]:
            return False
        after = later[later.index(self.declarer) + 1 :]
        return any(self.signal(p, led) > 0 for p in after)

    def spek(self, led: int) -> int:
        """Throw points on a trick the opponents win: a ten before an ace, never a trump honour for
        nothing (a trump is only thrown when that is all there is)."""
        side = [c for c in self.legal if c // 13 != self.trump or led == self.trump]
        pool = side or self.legal
        tens = [c for c in pool if c % 13 == TEN]
        if tens:
            return max(tens, key=lambda c: not self.holds_top(c // 13))
        return max(pool, key=lambda c: (self.points[c], -self.keys[self.trump][c]))

    def duck(self, led: int) -> int:
        """Give a card to a trick the opponents lose: the cheapest, in signalling order."""
        pool = [c for c in self.legal if c // 13 != self.trump or led == self.trump] or self.legal
        low = [c for c in pool if self.points[c] <= 3] or pool
        if not self.signals:
            return min(low, key=self.cheap)

        def order(c: int) -> tuple[int, int, int]:
            s = c // 13
            strong = self.holds_top(s)
            rank = self.keys[s][c]
            # cheapest first; then a weak suit, high to low, before a strong one, low to high
            return (self.points[c], 1, rank) if strong else (self.points[c], 0, -rank)

        return min(low, key=order)
