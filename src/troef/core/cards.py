"""Cards, suits, ranks, packs and `CardSet`, a set of cards on an int bitmask.

A card is an int 0..51: ``suit * 13 + rank``, suits in the order S H D C and
ranks 2 3 … T J Q K A (``rank`` 0 is the two).  Bit ``card`` of a mask is set
when the card is in the set, so hands, follow rules and legal cards are plain
int operations.  Text is always the canonical two-character code of
``notation.md``; parsing is forgiving (lower case, ``10`` for ``T``, suit symbols).
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, cast

from .errors import TroefError
from .native import python_class

SUITS: Final = "SHDC"
RANKS: Final = "23456789TJQKA"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS: Final = "♠♥♦♣"
HIDDEN: Final = "??"

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
SUIT_MASK: Final = 0x1FFF
SUIT_MASKS: Final = tuple(SUIT_MASK << (13 * s) for s in range(4))
FULL_MASK: Final = (1 << 52) - 1

_SUIT_ALIASES: Final = {**{c: i for i, c in enumerate(SUITS)}, **{c: i for i, c in enumerate(SUIT_SYMBOLS)}}
_SUIT_ALIASES.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})
# Canonical order for cards listed in one action: natural rank, then suit D H S C.
_SUIT_LISTING_ORDER: Final = {DIAMONDS: 0, HEARTS: 1, SPADES: 2, CLUBS: 3}


class CardError(TroefError, ValueError):
    """Text that is not a card code."""


@python_class  # a native (compiled) class cannot subclass int
class Card(int):
    """One card; an int 0..51 whose ``str`` is its canonical code."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        return self // 13

    @property
    def rank(self) -> int:
        return self % 13

    @property
    def code(self) -> str:
        return CODES[self]

    def __str__(self) -> str:
        return CODES[self]

    def __repr__(self) -> str:
        return f"Card({CODES[self]})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card that ``text`` names, e.g. ``AS``, ``as`` or ``10♥``."""
        return CARDS[parse_card(text)]


CODES: Final = tuple(r + s for s in SUITS for r in RANKS)
CARDS: Final = tuple(Card(i) for i in range(52))
_BY_CODE: Final = {code: i for i, code in enumerate(CODES)}


def card_index(suit: int, rank: str) -> int:
    """The card of ``suit`` and rank character ``rank``."""
    return suit * 13 + RANKS.index(rank)


def parse_card(text: str) -> int:
    """Card index of a card code; raises `CardError` with the offending text."""
    found = _BY_CODE.get(text)
    if found is not None:
        return found
    t = text.strip().upper()
    if len(t) >= 2:
        rank, suit = t[:-1], t[-1]
        if rank == "10":
            rank = "T"
        s = _SUIT_ALIASES.get(suit)
        if len(rank) == 1 and rank in RANKS and s is not None:
            return s * 13 + RANKS.index(rank)
    raise CardError(f"not a card: {text!r} (expected rank 2-9 T J Q K A and suit S H D C, e.g. 'AS', '10h')")


def suit_of(text: str) -> int:
    """Suit index of a suit letter or symbol."""
    s = _SUIT_ALIASES.get(text.strip().upper())
    if s is None:
        raise CardError(f"not a suit: {text!r} (expected S, H, D or C)")
    return s


def listing_key(card: int) -> tuple[int, int]:
    """Sort key for cards listed in one action: natural rank, then suit D H S C."""
    return card % 13, _SUIT_LISTING_ORDER[card // 13]


def bits(mask: int) -> Iterator[int]:
    """The card indices set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def highest(mask: int, strength: Sequence[int]) -> int:
    """The greatest ``strength`` of a card in ``mask`` (0 for none); a hot path of the play-outs."""
    best = 0
    while mask:
        low = mask & -mask
        s = strength[low.bit_length() - 1]
        if s > best:
            best = s
        mask ^= low
    return best


BIT: Final = tuple(1 << c for c in range(52))
_BLAKE2B: Final = hashlib.blake2b  # compiled, a constant is read without looking up the name
_FROM_BYTES: Final = int.from_bytes


def shuffled(cards: Sequence[int], seed: int | None, count: int) -> list[int]:
    """``cards`` with its first ``count`` places drawn uniformly at random, reproducibly from ``seed``.

    A partial Fisher-Yates shuffle whose choices are the mixed-radix digits of a
    512-bit BLAKE2b digest of the seed: unbiased to far below 2^-200 for any pack
    here, and much cheaper than seeding a Mersenne Twister.  ``None`` draws a fresh seed.
    """
    if seed is None:
        seed = random.getrandbits(64)
    x = _FROM_BYTES(_BLAKE2B(repr(seed).encode()).digest(), "little")  # 64 bytes, the default
    pool: list[object] = list(cards)  # compiled, swapping objects skips unboxing and boxing each card
    left = len(pool)
    start = 0
    runs, whole = _digit_runs(left, count)
    x %= whole  # the digits drawn depend only on this remainder: at most 226 of x's 512 bits (52!)
    for radix, end in runs:
        x, rest = divmod(x, radix)  # x's next digits are rest's: one division of the long x per run
        for i in range(start, end):
            m = left - i
            j = i + rest % m
            rest //= m
            pool[i], pool[j] = pool[j], pool[i]
        start = end
    return cast(list[int], pool)


@functools.cache
def _digit_runs(left: int, count: int) -> tuple[tuple[tuple[int, int], ...], int]:
    """`shuffled`'s ``count`` digits (radix ``left``, ``left - 1``, ...) in runs whose radices multiply
    to less than 2^62: per run that product and the index after it; and the product of all radices."""
    runs = []
    whole = 1
    i = 0
    while i < count:
        radix, end = 1, i
        while end < count and radix * (left - end) < 1 << 62:
            radix *= left - end
            end += 1
        runs.append((radix, end))
        whole *= radix
        i = end
    return tuple(runs), whole


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of some card indices."""
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


class CardSet:
    """An immutable set of cards stored as an int bitmask."""

    __slots__ = ("mask",)

    def __init__(self, cards: Iterable[int | str] | int = 0) -> None:
        if isinstance(cards, int):
            if not 0 <= cards <= FULL_MASK:
                raise CardError(f"not a card mask: {cards}")
            self.mask: int = cards
        else:
            self.mask = mask_of(parse_card(c) if isinstance(c, str) else _checked(c) for c in cards)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Cards separated by spaces or commas, e.g. ``"AS 10h kd"``."""
        return cls(t for t in text.replace(",", " ").split())

    def __iter__(self) -> Iterator[Card]:
        return (CARDS[i] for i in bits(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = parse_card(card)
        return isinstance(card, int) and 0 <= card < 52 and bool(self.mask >> card & 1)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def suit(self, suit: int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def codes(self) -> list[str]:
        """Canonical codes in index order (suit S H D C, rank low to high)."""
        return [CODES[i] for i in bits(self.mask)]

    def __str__(self) -> str:
        return " ".join(self.codes())

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"


def _checked(card: int) -> int:
    if not 0 <= card < 52:
        raise CardError(f"not a card index: {card}")
    return card


def _pack(ranks: str, suits: str = SUITS, without: str = "") -> CardSet:
    codes = [r + s for s in suits for r in ranks if r + s not in without.split()]
    return CardSet(codes)


PACKS: Final = {
    "french52": _pack(RANKS),
    "german36": _pack("6789TJQKA"),
    "piquet32": _pack("789TJQKA"),
    "hoogjas31": _pack("789TJQKA", without="7C"),
}
