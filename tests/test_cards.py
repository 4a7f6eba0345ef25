"""Cards and `CardSet` (``notation.md``, Cards): codes, forgiving parsing, set behaviour, packs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from troef import CARDS, PACKS, Card, CardSet
from troef.core.cards import FULL_MASK, CardError, highest, mask_of, parse_card

pytestmark = pytest.mark.engine

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ALL_CODES = [r + s for s in SUITS for r in RANKS]

cards = st.integers(min_value=0, max_value=51)
masks = st.integers(min_value=0, max_value=FULL_MASK)


def expected_set(mask: int) -> frozenset[int]:
    return frozenset(i for i in range(52) if mask >> i & 1)


# Card codes


def test_there_are_52_distinct_codes() -> None:
    assert [str(c) for c in CARDS] == ALL_CODES
    assert len(set(ALL_CODES)) == 52


@pytest.mark.parametrize("code", ALL_CODES)
def test_code_round_trip(code: str) -> None:
    card = Card.parse(code)
    assert str(card) == code == card.code
    assert parse_card(str(card)) == card
    assert RANKS[card.rank] + SUITS[card.suit] == code
    assert repr(card) == f"Card({code})"
    assert CARDS[card] is card


def test_card_numbers() -> None:
    assert Card.parse("2S") == 0
    assert Card.parse("AS") == 12
    assert Card.parse("TH") == 13 + 8
    assert Card.parse("AC") == 51


@given(cards, st.sampled_from(["upper", "lower", "ten", "symbol", "space"]))
def test_forgiving_parse(card: int, spelling: str) -> None:
    code = ALL_CODES[card]
    rank, suit = code[0], code[1]
    text = {
        "upper": code,
        "lower": code.lower(),
        "ten": ("10" if rank == "T" else rank) + suit.lower(),
        "symbol": ("10" if rank == "T" else rank.lower()) + SYMBOLS[suit],
        "space": f"  {code.lower()}\t",
    }[spelling]
    assert parse_card(text) == card
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize(
    ("text", "code"),
    [("as", "AS"), ("10h", "TH"), ("10♥", "TH"), ("t♠", "TS"), ("q♦", "QD"), ("7♣", "7C"), (" kd ", "KD")],
)
def test_forgiving_examples(text: str, code: str) -> None:
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize(
    "text", ["", " ", "A", "S", "1S", "11H", "AX", "ASS", "ZZ", "10", "1♥", "A S", "??", "T10", "0S", "AS,"]
)
def test_bad_codes_raise_card_error(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)
    assert "not a card" in str(info.value)


@given(st.text(max_size=5))
def test_any_text_parses_to_a_card_or_raises_card_error(text: str) -> None:
    try:
        card = parse_card(text)
    except CardError as e:
        assert repr(text) in str(e)
    else:
        assert 0 <= card < 52
        t = text.strip().upper().replace("10", "T")
        assert t[0] == ALL_CODES[card][0]


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


# CardSet behaves like a frozenset of card numbers


@given(masks, masks)
def test_cardset_operations_match_frozenset(a: int, b: int) -> None:
    x, y = CardSet(a), CardSet(b)
    fx, fy = expected_set(a), expected_set(b)
    assert set(x | y) == fx | fy
    assert set(x & y) == fx & fy
    assert set(x - y) == fx - fy
    assert set(x ^ y) == fx ^ fy
    assert (x <= y) == (fx <= fy)
    assert (x == y) == (fx == fy)
    assert (x | y) == CardSet(fx | fy)
    assert len(x) == len(fx)
    assert bool(x) == bool(fx)


@given(masks)
def test_cardset_iteration_membership_and_text(mask: int) -> None:
    cs = CardSet(mask)
    fs = expected_set(mask)
    assert list(cs) == sorted(fs)
    assert all(isinstance(c, Card) for c in cs)
    for i in range(52):
        assert (i in cs) == (i in fs)
        assert (ALL_CODES[i] in cs) == (i in fs)
        assert (ALL_CODES[i].lower() in cs) == (i in fs)
    assert cs.codes() == [ALL_CODES[i] for i in sorted(fs)]
    assert str(cs) == " ".join(cs.codes())
    assert CardSet.parse(str(cs)) == cs
    assert CardSet.parse(", ".join(c.lower() for c in reversed(cs.codes()))) == cs
    assert CardSet(sorted(fs)) == cs
    assert CardSet(ALL_CODES[i] for i in fs) == cs
    assert cs.mask == mask
    for suit in range(4):
        assert set(cs.suit(suit)) == {c for c in fs if c // 13 == suit}


@given(masks, masks)
def test_cardset_equality_and_hash(a: int, b: int) -> None:
    assert (CardSet(a) == CardSet(b)) == (a == b)
    assert hash(CardSet(a)) == hash(CardSet(a))
    assert len({CardSet(a), CardSet(a), CardSet(b)}) == (1 if a == b else 2)
    assert CardSet(a) != a  # a CardSet is not its mask


def test_cardset_non_cards_are_not_members() -> None:
    cs = CardSet(FULL_MASK)
    assert 52 not in cs
    assert -1 not in cs
    assert None not in cs
    assert len(cs) == 52


def test_empty_cardset() -> None:
    assert list(CardSet()) == []
    assert str(CardSet()) == ""
    assert CardSet.parse("") == CardSet()
    assert not CardSet()


@pytest.mark.parametrize("bad", [-1, FULL_MASK + 1])
def test_cardset_bad_mask(bad: int) -> None:
    with pytest.raises(CardError, match="not a card mask"):
        CardSet(bad)


def test_cardset_bad_members() -> None:
    with pytest.raises(CardError, match="not a card index: 52"):
        CardSet([52])
    with pytest.raises(CardError, match="'XS'"):
        CardSet(["AS", "XS"])
    with pytest.raises(CardError, match="'1h'"):
        CardSet.parse("as 1h")


# Packs


def pack_codes(ranks: str) -> set[str]:
    return {r + s for r in ranks for s in SUITS}


@pytest.mark.parametrize(
    ("name", "codes"),
    [
        ("french52", pack_codes(RANKS)),
        ("german36", pack_codes("6789TJQKA")),
        ("piquet32", pack_codes("789TJQKA")),
        ("hoogjas31", pack_codes("789TJQKA") - {"7C"}),
    ],
)
def test_packs(name: str, codes: set[str]) -> None:
    pack = PACKS[name]
    assert set(pack.codes()) == codes
    assert len(pack) == {"french52": 52, "german36": 36, "piquet32": 32, "hoogjas31": 31}[name]


def test_packs_nest() -> None:
    assert PACKS["hoogjas31"] <= PACKS["piquet32"] <= PACKS["german36"] <= PACKS["french52"]
    assert set(PACKS) == {"french52", "german36", "piquet32", "hoogjas31"}
    assert "7C" not in PACKS["hoogjas31"] and "7D" in PACKS["hoogjas31"]
    assert "6S" in PACKS["german36"] and "6S" not in PACKS["piquet32"]
    assert "2S" not in PACKS["german36"]


def test_highest_is_the_greatest_strength_in_a_mask_and_zero_for_none() -> None:
    strength = [0] * 52
    strength[parse_card("7H")], strength[parse_card("AS")], strength[parse_card("2C")] = 9, 4, 1
    assert highest(mask_of(parse_card(c) for c in ("AS", "7H", "2C")), strength) == 9
    assert highest(mask_of([parse_card("2C")]), strength) == 1
    assert highest(0, strength) == 0
