"""Piken's combination engine (``piken.md`` 3): the ten types and their deciding cards, ties by suit,
wrapping straights, the royal flush, ``beats`` as a strict order, and the plays a hand can lay."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import troef
from piken_oracle import PACK, TYPES, judge, strength
from troef.core.cards import parse_card
from troef.games.piken.combos import (
    NO_KEY,
    TYPE_NAMES,
    beats,
    classify,
    combinations,
    deciding_card,
    play_action,
    strongest,
    type_name,
)
from troef.games.piken.order import CODE, FULL, codes, mask_of

pytestmark = pytest.mark.engine


def mask(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def judged(text: str) -> tuple[str, str] | None:
    """(type, deciding card) as the engine classifies the cards of ``text``."""
    key = classify(mask(text))
    return None if key == NO_KEY else (type_name(key), CODE[deciding_card(key)])


def test_type_names_follow_the_spec_table() -> None:
    assert TYPE_NAMES == TYPES


@pytest.mark.parametrize(
    ("cards", "kind", "deciding"),
    [
        ("8S", "single", "8S"),
        ("9C 9H", "pair", "9C"),
        ("7D 7S KH KC", "two pairs", "KC"),
        ("9C 9H 9D", "three of a kind", "9C"),
        ("9H TS JD QC KD", "straight", "KD"),
        ("7H 8C 9D TD JS", "straight", "JS"),
        ("8D 8H 8C AS AH", "full house", "8C"),
        ("7H 9H JH KH AH", "flush", "AH"),
        ("TD TH TS TC", "four of a kind", "TC"),
        ("7S 8S 9S TS JS", "straight flush", "JS"),
        ("TD JD QD KD AD", "straight flush", "AD"),
        ("TC JC QC KC AC", "royal flush", "AC"),
    ],
)
def test_every_type_and_its_deciding_card(cards: str, kind: str, deciding: str) -> None:
    assert judged(cards) == (kind, deciding) == judge(cards.split())


@pytest.mark.parametrize(
    ("cards", "deciding"),
    [
        ("JH QS KH AD 7C", "7C"),  # the rulebook's example: J Q K A 7 closes on the 7
        ("QD KS AH 7C 8H", "8H"),  # Q K A 7 8 closes on the 8
        ("KD AS 7H 8C 9D", "9D"),
        ("AD 7S 8H 9C TH", "TH"),
        ("TH JS QD KC AH", "AH"),  # the top straight that does not wrap
    ],
)
def test_straights_wrap_round_and_close_on_their_last_card_in_playing_order(
    cards: str, deciding: str
) -> None:
    assert judged(cards) == ("straight", deciding)


def test_a_wrapping_straight_flush_and_a_flush() -> None:
    assert judged("JH QH KH AH 7H") == ("straight flush", "7H")
    assert judged("QC KC AC 7C 8C") == ("straight flush", "8C")
    assert judged("7H 8H 9H TH QH") == ("flush", "QH")


@pytest.mark.parametrize(
    "cards",
    [
        "7D 8D",  # two ranks
        "7D 7H 8D",  # pair and a card
        "7D 7H 8D 9D",  # pair and two cards
        "7D 7H 7S 8D",  # three and a card
        "7D 7H 8D 8H 9D",  # two pairs and a card
        "7D 7H 7S 7C 8D",  # four and a card
        "7D 7H 7S 8D 9D",  # three and two cards
        "7D 8H 9S TC",  # four in a row is no straight
        "7D 8H 9S TC QD",  # a gap
        "7D 8H 9S JC QD",  # a gap in the middle
        "8D 9H JS QC AD",
        "7D 7H 8D 8H 9D 9H",  # six cards
        "",
    ],
)
def test_not_a_combination(cards: str) -> None:
    assert judged(cards) is None
    assert judge(cards.split()) is None


def test_the_pack_holds_every_type_in_the_numbers_counting_gives() -> None:
    counts = Counter(TYPE_NAMES[c.kind] for c in combinations(FULL))
    assert counts == {
        "single": 32,
        "pair": 8 * 6,  # C(4,2) per rank
        "two pairs": 28 * 36,  # C(8,2) ranks x 6 x 6
        "three of a kind": 8 * 4,
        "straight": 8 * 4**5 - 8 * 4,  # 8 windows, any suit per card, less the straight flushes
        "full house": 8 * 4 * 7 * 6,
        "flush": 4 * 56 - 8 * 4,  # C(8,5) per suit, less the straight flushes
        "four of a kind": 8,
        "straight flush": 8 * 4 - 1,  # less the royal flush
        "royal flush": 1,
    }


def key(text: str) -> int:
    return classify(mask(text))


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("AC", "AS"),  # same rank: the suit, clubs highest
        ("8D", "7C"),  # rank before suit
        ("9D 9C", "9H 9S"),  # pairs of one rank: the highest card, 9C above 9S
        ("7D 7C", "7H 7S"),
        ("7D 7S 8D 8C", "7H 7C 8H 8S"),  # two pairs: the highest card
        ("7D 7H 9D 9C", "8D 8H 9H 9S"),  # the highest card, not the lower pair
        ("9D 9H 9C", "9D 9H 9S"),
        ("7D 8H 9S TC JC", "7C 8D 9H TD JS"),  # straights closing on J: the suit of the J
        ("QD KD AD 7C 8C", "JH QS KH AD 7C"),  # Q K A 7 8 (closes on 8) over J Q K A 7 (closes on 7)
        ("7D 7H 7C 8D 8H", "7D 7H 7S AD AC"),  # full house: the three decides, not the pair
        ("7S 9S JS QS KS", "7C 8C 9C JC QC"),  # flushes: the highest card, KS above QC
        ("AD AH AS AC", "KD KH KS KC"),
        ("TH JS QD KC AH", "TC JC QC KC AD"),  # straights closing on an ace: AH above AD
    ],
)
def test_same_type_the_higher_deciding_card_wins(higher: str, lower: str) -> None:
    assert beats(key(higher), key(lower))
    assert not beats(key(lower), key(higher))


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("7D 7H", "AC"),  # the lowest pair beats the highest single
        ("7D 7H 8D 8H", "AD AC"),
        ("7D 7H 7S", "KS KC AD AC"),
        ("JH QS KH AD 7D", "AD AH AC"),  # the lowest straight beats the highest three
        ("7D 7H 7S 8D 8H", "TC JC QD KC AC"),
        ("7D 8D 9D JD QD", "AD AH AC KS KC"),  # any flush beats any full house
        ("7D 7H 7S 7C", "9C JC QC KC AC"),
        ("JD QD KD AD 7D", "AD AH AS AC"),  # the lowest straight flush beats four aces
    ],
)
def test_a_higher_type_wins_whatever_its_cards(higher: str, lower: str) -> None:
    assert beats(key(higher), key(lower))
    assert not beats(key(lower), key(higher))


def test_the_royal_flush_is_clubs_only_and_beats_everything() -> None:
    royal = key("TC JC QC KC AC")
    assert judged("TS JS QS KS AS") == ("straight flush", "AS")
    others = [c.key for c in combinations(FULL) if c.mask != mask("TC JC QC KC AC")]
    assert all(beats(royal, other) for other in others)
    assert max(others) == key("TS JS QS KS AS")


def test_nothing_laid_is_beaten_by_anything() -> None:
    assert all(beats(c.key, NO_KEY) for c in combinations(FULL))


def test_the_same_key_only_for_combinations_sharing_their_deciding_card() -> None:
    """Not every two combinations compare (7D 7S and 7H 7S tie), but a tie needs the same deciding
    card, so two combinations that can meet in play (no card in common) always compare."""
    assert key("7D 7S") == key("7H 7S")
    by_key: dict[int, list[int]] = {}
    for c in combinations(FULL):
        by_key.setdefault(c.key, []).append(c.mask)
    for k, masks in by_key.items():
        deciding = 1 << deciding_card(k)
        assert all(m & deciding for m in masks)


def test_a_play_is_written_lowest_rank_first_then_d_h_s_c() -> None:
    assert play_action(mask("AC 7S KD 7D 7H")).text == "play 7D 7H 7S KD AC"
    assert troef.parse_action("play ac 7s 10d 7d").text == "play 7D 7S TD AC"
    assert play_action(mask("TC JC QC KC AC")).text == "play TC JC QC KC AC"


# --------------------------------------------------------------------------- properties

combination_cards = st.sets(st.sampled_from(PACK), min_size=1, max_size=5).filter(
    lambda cards: judge(sorted(cards)) is not None
)


@settings(max_examples=400, deadline=None)
@given(st.sets(st.sampled_from(PACK), min_size=0, max_size=6))
def test_the_engine_classifies_as_the_spec_table(cards: set[str]) -> None:
    text = " ".join(cards)
    assert judged(text) == judge(sorted(cards))


@settings(max_examples=300, deadline=None)
@given(combination_cards, combination_cards, combination_cards)
def test_beats_is_a_strict_order(a: set[str], b: set[str], c: set[str]) -> None:
    ka, kb, kc = (key(" ".join(x)) for x in (a, b, c))
    assert not beats(ka, ka)  # irreflexive
    assert not (beats(ka, kb) and beats(kb, ka))  # asymmetric
    if beats(ka, kb) and beats(kb, kc):
        assert beats(ka, kc)  # transitive
    assert beats(ka, kb) == (strength(sorted(a)) > strength(sorted(b)))


@settings(max_examples=300, deadline=None)
@given(combination_cards, combination_cards)
def test_combinations_without_a_common_card_always_compare(a: set[str], b: set[str]) -> None:
    if a & b:
        return
    ka, kb = key(" ".join(a)), key(" ".join(b))
    assert beats(ka, kb) != beats(kb, ka)


def brute_force(hand: list[str]) -> set[str]:
    """Every subset of up to five cards that the spec table accepts, as a canonical ``play``."""
    found: set[str] = set()
    for size in range(1, 6):
        for subset in itertools.combinations(hand, size):
            if judge(subset) is not None:
                found.add("play " + " ".join(sorted(subset, key=PACK.index)))
    return found


@settings(max_examples=150, deadline=None)
@given(st.sets(st.sampled_from(PACK), min_size=1, max_size=12))
def test_generated_plays_are_exactly_the_valid_subsets(cards: set[str]) -> None:
    hand = sorted(cards)
    plays = combinations(mask(" ".join(hand)))
    texts = [play_action(c.mask).text for c in plays]
    assert len(set(texts)) == len(texts)
    assert set(texts) == brute_force(hand)
    assert [c.key for c in plays] == sorted(c.key for c in plays)  # weakest first
    assert all(c.key == classify(c.mask) for c in plays)


@settings(max_examples=300, deadline=None)
@given(st.sets(st.sampled_from(PACK), min_size=0, max_size=24), st.integers(0, 5))
def test_strongest_is_the_best_combination_of_at_most_so_many_cards(cards: set[str], most: int) -> None:
    m = mask(" ".join(cards))
    keys = [c.key for c in combinations(m) if c.mask.bit_count() <= most]
    assert strongest(m, most) == max(keys, default=NO_KEY)


def test_codes_and_masks_round_trip() -> None:
    assert codes(FULL) == list(PACK)
    assert mask("7D") == 1 and mask("AC") == 1 << 31
    assert mask_of([parse_card("2S")]) == -1
