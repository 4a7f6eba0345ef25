"""Action notation (``notation.md``, Actions): canonical text, interning, errors, refusal by a state."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import troef
from troef import Action, IllegalAction, parse_action
from troef.core.actions import ActionError

pytestmark = pytest.mark.engine

RANKS = "23456789TJQKA"
SUITS = "SHDC"
LISTING_SUIT_ORDER = "DHSC"
CODES = [r + s for s in SUITS for r in RANKS]
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RIKKEN_BIDS = [
    "rik",
    "rik-beter",
    *(f"{n}-alleen" for n in range(8, 14)),
    *(f"{n}-alleen-beter" for n in range(8, 14)),
    "piek",
    "misere",
    "open-piek",
    "open-misere",
    "open-piek-praatje",
    "open-misere-praatje",
    "troela",
    "13-open-kapot",
    "13-open-kapot-beter",
    "slim",
]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("pass", "pass"),
        ("PASS", "pass"),
        ("bid 3", "bid 3"),
        ("bid 03", "bid 3"),
        ("bid 120", "bid 120"),
        ("bid 150 last", "bid 150 last"),
        ("BID 0150 Last", "bid 150 last"),
        ("bid rik", "bid rik"),
        ("Bid Rik-Beter", "bid rik-beter"),
        ("bid 8-alleen", "bid 8-alleen"),
        ("play AS", "play AS"),
        ("play as", "play AS"),
        ("play 10h", "play TH"),
        ("play 10♥", "play TH"),
        ("play AS blind", "play AS blind"),
        ("play qc BLIND", "play QC blind"),
        ("play KS AS 9D 9H 2C", "play 2C 9D 9H KS AS"),
        ("play 9c 9s 9h 9d", "play 9D 9H 9S 9C"),
        ("play ah kh qh jh 10h", "play TH JH QH KH AH"),
        ("trump s", "trump S"),
        ("trump ♦", "trump D"),
        ("trump H", "trump H"),
        ("call AH", "call AH"),
        ("call ah blind", "call AH blind"),
        ("choose noodrik", "choose noodrik"),
        ("choose Schoppen-Mie", "choose schoppen-mie"),
        ("choose een-of-vijf", "choose een-of-vijf"),
        ("take-lummel", "take-lummel"),
        ("ongedraaid", "ongedraaid"),
        ("discard KS 2D 9H", "discard 2D 9H KS"),
        ("discard 7c 7s 7h 7d", "discard 7D 7H 7S 7C"),
        ("draw 1", "draw 1"),
        ("draw 2", "draw 2"),
        ("decline", "decline"),
        ("  bid \t 3  ", "bid 3"),
    ],
)
def test_canonical_text(text: str, canonical: str) -> None:
    action = parse_action(text)
    assert str(action) == canonical
    assert action.text == canonical
    assert repr(action) == f"Action({canonical!r})"
    assert parse_action(canonical) is action


def test_parts() -> None:
    bid = parse_action("bid 3")
    assert (bid.kind, bid.word, bid.number, bid.cards, bid.card, bid.blind) == ("bid", "3", 3, (), -1, False)
    rik = parse_action("bid rik")
    assert (rik.kind, rik.word, rik.number) == ("bid", "rik", -1)
    play = parse_action("play 10h blind")
    assert (play.kind, play.cards, play.card, play.blind) == ("play", (13 + 8,), 13 + 8, True)
    assert not bid.last and not play.last
    last = parse_action("bid 150 last")
    assert (last.kind, last.word, last.number, last.blind, last.last) == ("bid", "150", 150, False, True)
    assert last != parse_action("bid 150")
    many = parse_action("play KS 2C")
    assert [troef.CARDS[c].code for c in many.cards] == ["2C", "KS"]
    assert parse_action("trump s").word == "S"
    assert parse_action("draw 2").number == 2


def test_interning() -> None:
    assert parse_action("play 10h") is parse_action("play TH") is parse_action("PLAY th")
    assert parse_action("bid 3") is parse_action("bid 03")
    assert parse_action("discard 2D 9H KS") is parse_action("discard ks 9h 2d")


def test_equality_with_text_and_hash() -> None:
    action = parse_action("play 10h")
    assert action == "play TH"
    assert "play TH" == action  # noqa: SIM300 (the text on the left: reflected __eq__)
    assert action != "play 10h"
    assert action != parse_action("play TS")
    assert hash(action) == hash("play TH")
    assert action in {"play TH"}
    assert "play TH" in {action}
    by_action: dict[object, int] = {parse_action("bid 1"): 1}
    assert by_action["bid 1"] == 1
    assert sorted([parse_action("bid 2"), parse_action("bid 10"), parse_action("bid 1")]) == [
        "bid 1",
        "bid 10",
        "bid 2",
    ]
    assert action != 13 + 8


# Generated actions: parse of a messy spelling gives the canonical text; parse(str(a)) is a.


def card_spelling(code: str, style: int) -> str:
    rank, suit = code[0], code[1]
    if style == 1:
        return code.lower()
    if style == 2:
        return ("10" if rank == "T" else rank) + SYMBOLS[suit]
    if style == 3:
        return ("10" if rank == "T" else rank.lower()) + suit
    return code


def listing_order(code: str) -> tuple[int, int]:
    return RANKS.index(code[0]), LISTING_SUIT_ORDER.index(code[1])


@st.composite
def actions(draw: st.DrawFn) -> tuple[str, str]:
    """(a messy spelling, the canonical text) of a random action."""
    kind = draw(
        st.sampled_from(
            [
                *("pass", "decline", "take-lummel", "ongedraaid", "bid", "choose", "draw", "trump"),
                *("bid-last", "play", "play-blind", "piken", "call", "discard"),
            ]
        )
    )
    styles = st.integers(min_value=0, max_value=3)
    keyword = draw(st.sampled_from([str.lower, str.upper, str.title]))
    sep = draw(st.sampled_from([" ", "  ", "\t"]))

    def cards(low: int, high: int) -> tuple[list[str], list[str]]:
        chosen = draw(st.lists(st.sampled_from(CODES), min_size=low, max_size=high, unique=True))
        messy = [card_spelling(c, draw(styles)) for c in chosen]
        return messy, sorted(chosen, key=listing_order)

    if kind in ("pass", "decline", "take-lummel", "ongedraaid"):
        return keyword(kind), kind
    if kind == "bid":
        word = draw(st.one_of(st.integers(0, 500).map(str), st.sampled_from(RIKKEN_BIDS)))
        return f"{keyword('bid')}{sep}{word.upper() if draw(st.booleans()) else word}", f"bid {word}"
    if kind == "bid-last":
        points = draw(st.integers(0, 990))
        return f"{keyword('bid')}{sep}{points}{sep}{keyword('last')}", f"bid {points} last"
    if kind == "choose":
        word = draw(st.sampled_from(["schoppen-mie", "een-of-vijf", "noodrik"]))
        return f"choose{sep}{word.title()}", f"choose {word}"
    if kind == "draw":
        n = draw(st.sampled_from(["1", "2"]))
        return f"draw{sep}{n}", f"draw {n}"
    if kind == "trump":
        suit = draw(st.sampled_from(SUITS))
        spelled = draw(st.sampled_from([suit, suit.lower(), SYMBOLS[suit]]))
        return f"{keyword('trump')}{sep}{spelled}", f"trump {suit}"
    if kind in ("play", "call"):
        messy, canonical = cards(1, 1)
        return f"{keyword(kind)}{sep}{messy[0]}", f"{kind} {canonical[0]}"
    if kind == "play-blind":
        messy, canonical = cards(1, 1)
        verb = draw(st.sampled_from(["play", "call"]))
        return f"{verb} {messy[0]} {keyword('blind')}", f"{verb} {canonical[0]} blind"
    if kind == "piken":
        messy, canonical = cards(1, 5)
        return "play " + sep.join(messy), "play " + " ".join(canonical)
    messy, canonical = cards(1, 4)
    return "discard " + sep.join(messy), "discard " + " ".join(canonical)


@given(actions())
def test_generated_actions_round_trip(case: tuple[str, str]) -> None:
    messy, canonical = case
    action = parse_action(messy)
    assert str(action) == canonical
    assert parse_action(str(action)) is action
    assert action == canonical and hash(action) == hash(canonical)


@given(st.text(max_size=20))
def test_any_text_is_an_action_or_an_action_error(text: str) -> None:
    try:
        action = parse_action(text)
    except ActionError as e:
        assert str(e)
    else:
        assert isinstance(action, Action)
        assert parse_action(str(action)) is action


# Malformed text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("fly", "unknown action 'fly'"),
        ("fly away", "unknown action 'fly' in 'fly away'"),
        ("bid", "'bid' takes one argument: 'bid'"),
        ("bid 1 2", "'bid' takes one argument: 'bid 1 2'"),
        ("bid 1234567890", "at most 9 digits"),
        ("bid \u0661", "'bid' takes a number in the digits 0-9, not '\\u0661'"),  # issue 32: stored as bid 1
        ("bid \uff11\uff10\uff10 last", "only a bid of points may be declared last"),
        ("draw \u0662", "'draw' takes a number in the digits 0-9"),
        ("bid rik last", "only a bid of points may be declared last: 'bid rik last'"),
        ("bid 150 last last", "'bid' takes one argument: 'bid 150 last last'"),
        ("pass last", "'pass' takes nothing more: 'pass last'"),
        ("play AS last", "not a card: 'last'"),
        ("draw", "'draw' takes one argument"),
        ("draw x", "'draw' takes a position number, not 'x'"),
        ("trump", "'trump' takes one argument"),
        ("trump X", "not a suit: 'X'"),
        ("choose", "'choose' takes one argument"),
        ("play", "'play' takes 1 to 5 cards: 'play'"),
        ("play blind", "'play' takes 1 to 5 cards"),
        ("play ZZ", "not a card: 'ZZ'"),
        ("play 1h", "not a card: '1h'"),
        ("play AS AS", "a card is named twice in 'play AS AS'"),
        ("play as AS", "a card is named twice"),
        ("play AS KS QS JS TS 9S", "'play' takes 1 to 5 cards: 'play AS KS QS JS TS 9S'"),
        ("call AS KS", "'call' takes 1 to 1 cards"),
        ("discard AS KS QS JS TS", "'discard' takes 1 to 4 cards"),
        ("pass AS", "'pass' takes nothing more: 'pass AS'"),
        ("decline 1", "'decline' takes nothing more: 'decline 1'"),
        ("take-lummel now", "'take-lummel' takes nothing more: 'take-lummel now'"),
    ],
)
def test_malformed_text(text: str, message: str) -> None:
    with pytest.raises(ActionError) as info:
        parse_action(text)
    assert message in str(info.value)


def test_not_text() -> None:
    with pytest.raises(ActionError, match="an action is text, not 5"):
        parse_action(5)


def test_action_error_is_a_value_error() -> None:
    assert issubclass(ActionError, ValueError)


# A state refuses what is not legal, naming seat and legal actions, and changes nothing


def new_state() -> troef.State:
    game = troef.load_game("rififi", "standaard", 3)
    return game.from_record(
        {
            "format": "troef-record/1",
            "game": "rififi",
            "rules": "standaard",
            "players": 3,
            "dealer": 0,
            "deal": {"hands": [["AS", "6H"], ["TS", "7H"], ["KS", "8H"]], "trump_card": "9C"},
            "actions": [],
        }
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("fly away", "unknown action 'fly'"),
        ("", "empty action"),
        ("bid 3", "a bid is a number of tricks from 0 to 2"),
        ("bid rik", "a bid is a number of tricks from 0 to 2"),
        ("bid 1 last", "a rififi bid is never declared last"),
        ("play TS", "it is time to bid"),
        ("pass", "it is time to bid"),
    ],
)
def test_illegal_text_during_bidding(text: str, reason: str) -> None:
    state = new_state()
    before = state.record()
    with pytest.raises(IllegalAction) as info:
        state.apply(text)
    error = info.value
    assert error.seat == 1
    assert error.legal == ["bid 0", "bid 1", "bid 2"]
    message = str(error)
    assert message.startswith("seat 1: ")
    assert repr(text) in message
    assert reason in message
    assert message.endswith("legal: bid 0, bid 1, bid 2")
    assert state.record() == before
    assert state.current_player == 1


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("play AS", "AS is not in seat 2's hand"),
        ("play KS", "you must follow H"),
        ("play 7H", "7H is not in seat 2's hand"),
        ("play 8H KS", "it is time to play a card"),
        ("play 8H blind", "it is time to play a card"),
        ("bid 1", "it is time to play a card"),
        ("garbage", "unknown action 'garbage'"),
    ],
)
def test_illegal_text_during_play(text: str, reason: str) -> None:
    state = new_state()
    for action in ["bid 1", "bid 0", "bid 1", "play 7H"]:
        state.apply(action)
    before = state.record()
    with pytest.raises(IllegalAction) as info:
        state.apply(text)
    assert info.value.seat == 2
    assert info.value.legal == ["play 8H"]
    assert reason in str(info.value)
    assert str(info.value).startswith("seat 2: ")
    assert str(info.value).endswith("legal: play 8H")
    assert state.record() == before
    state.apply(parse_action("play 8h"))
    assert state.current_player == 0


def test_no_action_after_the_round() -> None:
    state = new_state()
    for action in ["bid 1", "bid 0", "bid 1", "play 7H", "play 8H", "play 6H"]:
        state.apply(action)
    for action in ["play KS", "play AS", "play TS"]:
        state.apply(action)
    assert state.is_over
    before = state.record()
    with pytest.raises(IllegalAction, match="nobody may act: the round is over") as info:
        state.apply("play AS")
    assert info.value.seat is None and info.value.legal == []
    assert state.record() == before
