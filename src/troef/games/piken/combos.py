"""Piken's combinations (``piken.md`` 3): the ten types, their deciding card, ``beats``, and every
combination a hand can lay.

A combination is a mask of Piken indices (``order.py``).  Its *key* is ``type * 32 + deciding card``:
one combination beats another exactly when its key is higher (a higher type, or the same type and
a higher deciding card).  Two different combinations can share a key (7D 7S and 7H 7S are both the
pair decided by 7S), but never two that could meet in play: they would share their deciding card.
"""

from __future__ import annotations

import functools
import itertools
from typing import Final, NamedTuple

from ...core.actions import Action, make
from ...core.cards import bits
from .order import CARD_OF, PIKEN_SUITS, SUIT_MASKS, highest

SINGLE, PAIR, TWO_PAIRS, THREE, STRAIGHT, FULL_HOUSE, FLUSH, FOUR, STRAIGHT_FLUSH, ROYAL_FLUSH = range(10)
TYPE_NAMES: Final = (
    "single",
    "pair",
    "two pairs",
    "three of a kind",
    "straight",
    "full house",
    "flush",
    "four of a kind",
    "straight flush",
    "royal flush",
)
MAX_CARDS: Final = 5
NO_KEY: Final = -1
"""The key of something that is not a combination."""

CLOSING_RANK: Final = {sum(1 << (top - k) % 8 for k in range(5)): top for top in range(8)}
"""Rank mask (bit r: rank r present) of each straight -> its closing rank.  The ranks wrap round,
7 after A, so there are eight: 7-J closes on J, … T-A on A, J Q K A 7 on 7, Q K A 7 8 on 8, …, A 7 8 9 T
on T."""
ACE: Final = 7
CLUBS: Final = PIKEN_SUITS.index("C")


class Combination(NamedTuple):
    """A valid combination: its comparison key and its cards."""

    key: int
    mask: int

    @property
    def kind(self) -> int:
        return kind_of(self.key)


def key(kind: int, deciding: int) -> int:
    return kind << 5 | deciding


def kind_of(key: int) -> int:
    """The type of a key, an index in `TYPE_NAMES`."""
    return key >> 5


def deciding_card(key: int) -> int:
    """The card that decides a combination of this key (Piken index)."""
    return key & 31


def type_name(key: int) -> str:
    return TYPE_NAMES[kind_of(key)]


def beats(a: int, b: int) -> bool:
    """Whether the combination with key ``a`` beats the one with key ``b`` (``NO_KEY``: nothing laid)."""
    return a > b


def rank_mask(mask: int) -> int:
    """Bit r set when the mask holds a card of rank r."""
    return sum(1 << r for r in range(8) if mask >> 4 * r & 15)


def classify(mask: int) -> int:
    """The key of the combination ``mask``, or `NO_KEY` if its cards form none of the ten types."""
    n = mask.bit_count()
    if not 1 <= n <= MAX_CARDS:
        return NO_KEY
    top = highest(mask)
    counts = sorted((c for r in range(8) if (c := (mask >> 4 * r & 15).bit_count())), reverse=True)
    if counts == [n]:
        return key((SINGLE, PAIR, THREE, FOUR)[n - 1], top)
    if counts == [2, 2]:
        return key(TWO_PAIRS, top)
    if counts == [3, 2]:
        three = next(r for r in range(8) if (mask >> 4 * r & 15).bit_count() == 3)
        return key(FULL_HOUSE, highest(mask & 15 << 4 * three))
    if n < MAX_CARDS or len(counts) < MAX_CARDS:
        return NO_KEY
    flush = any(mask & suit == mask for suit in SUIT_MASKS)
    closing = CLOSING_RANK.get(rank_mask(mask))
    if closing is None:
        return key(FLUSH, top) if flush else NO_KEY
    card = highest(mask & 15 << 4 * closing)
    if not flush:
        return key(STRAIGHT, card)
    return key(ROYAL_FLUSH if closing == ACE and card & 3 == CLUBS else STRAIGHT_FLUSH, card)


_SUBSETS: Final = tuple(
    tuple(tuple(s for s in range(16) if s & nibble == s and s.bit_count() == k) for k in range(5))
    for nibble in range(16)
)
"""Per nibble (the suits of one rank in a hand), its sub-nibbles of each size 0..4."""


@functools.lru_cache(maxsize=4096)
def combinations(hand: int) -> tuple[Combination, ...]:
    """Every combination in ``hand``, weakest first (by key, then mask)."""
    found = [Combination(SINGLE << 5 | p, 1 << p) for p in bits(hand)]
    groups = [[s << 4 * r for s in _SUBSETS[hand >> 4 * r & 15][k]] for r in range(8) for k in range(5)]
    pairs = [(r, groups[5 * r + 2]) for r in range(8) if groups[5 * r + 2]]
    for r, same in pairs:
        found += (Combination(PAIR << 5 | m.bit_length() - 1, m) for m in same)
        found += (Combination(THREE << 5 | m.bit_length() - 1, m) for m in groups[5 * r + 3])
        found += (Combination(FOUR << 5 | m.bit_length() - 1, m) for m in groups[5 * r + 4])
    for i, (_, high) in enumerate(pairs):
        for _, low in pairs[:i]:
            found += (Combination(TWO_PAIRS << 5 | b.bit_length() - 1, a | b) for a in low for b in high)
    for r, _ in pairs:
        for t in groups[5 * r + 3]:
            deciding = FULL_HOUSE << 5 | t.bit_length() - 1
            found += (Combination(deciding, t | p) for other, same in pairs if other != r for p in same)
    found += _straights([groups[5 * r + 1] for r in range(8)])
    found += _flushes(hand)
    return tuple(sorted(found))


def _straights(singles_by_rank: list[list[int]]) -> list[Combination]:
    """Every straight, straight flush and royal flush: one card of each of five wrapping ranks."""
    out: list[Combination] = []
    for top in range(8):
        singles = [singles_by_rank[(top - 4 + k) % 8] for k in range(5)]
        if not all(singles):
            continue
        for cards in itertools.product(*singles):
            mask = sum(cards)
            card = highest(cards[4])
            if not any(mask & suit == mask for suit in SUIT_MASKS):
                out.append(Combination(key(STRAIGHT, card), mask))
            elif top == ACE and card & 3 == CLUBS:
                out.append(Combination(key(ROYAL_FLUSH, card), mask))
            else:
                out.append(Combination(key(STRAIGHT_FLUSH, card), mask))
    return out


def _flushes(hand: int) -> list[Combination]:
    """Every flush that is not a straight flush: five cards of one suit."""
    out: list[Combination] = []
    for suit in SUIT_MASKS:
        cards = [1 << p for p in bits(hand & suit)]
        for five in itertools.combinations(cards, MAX_CARDS):
            mask = sum(five)
            if rank_mask(mask) not in CLOSING_RANK:
                out.append(Combination(key(FLUSH, highest(mask)), mask))
    return out


@functools.lru_cache(maxsize=16384)
def play_action(mask: int) -> Action:
    """The ``play`` action that lays the cards of ``mask``."""
    return make("play", cards=tuple(CARD_OF[p] for p in bits(mask)))


@functools.lru_cache(maxsize=16384)
def strongest(mask: int, max_cards: int = MAX_CARDS) -> int:
    """The key of the strongest combination of at most ``max_cards`` cards in ``mask`` (`NO_KEY` if
    none): the highest type present, with its highest deciding card."""
    if not mask or max_cards < 1:
        return NO_KEY
    nibbles = [mask >> 4 * r & 15 for r in range(8)]
    ranks = [r for r in range(8) if nibbles[r]]
    sizes = [nibble.bit_count() for nibble in nibbles]
    pairs = [r for r in ranks if sizes[r] >= 2]
    threes = [r for r in ranks if sizes[r] >= 3]
    top_of = [highest(nibble << 4 * r) for r, nibble in enumerate(nibbles)]
    found = NO_KEY
    if max_cards >= 5:
        for top in range(7, -1, -1):
            window = [(top - k) % 8 for k in range(5)]
            common = functools.reduce(lambda acc, r: acc & nibbles[r], window, 15)
            if common:
                suit = common.bit_length() - 1
                royal = top == ACE and suit == CLUBS
                found = max(found, key(ROYAL_FLUSH if royal else STRAIGHT_FLUSH, 4 * top + suit))
        if found != NO_KEY:
            return found
    if max_cards >= 4 and any(size == 4 for size in sizes):
        return key(FOUR, top_of[max(r for r in ranks if sizes[r] == 4)])
    if max_cards >= 5:
        flushes = [highest(mask & suit) for suit in SUIT_MASKS if (mask & suit).bit_count() >= 5]
        if flushes:
            return key(FLUSH, max(flushes))
        full = [r for r in threes if any(p != r for p in pairs)]
        if full:
            return key(FULL_HOUSE, top_of[max(full)])
        closing = [top for top in range(8) if all(nibbles[(top - k) % 8] for k in range(5))]
        if closing:
            return key(STRAIGHT, max(top_of[top] for top in closing))
    if max_cards >= 3 and threes:
        return key(THREE, top_of[max(threes)])
    if max_cards >= 4 and len(pairs) >= 2:
        return key(TWO_PAIRS, top_of[max(pairs)])
    if max_cards >= 2 and pairs:
        return key(PAIR, top_of[max(pairs)])
    return key(SINGLE, highest(mask))
