"""The shared trick engine (``troef.core.tricks``): follow policies, rank power, trick winner, `TrickState`.

DESIGN.md principle 6: Rikken, Hoogjassen and Rififi differ only in the follow
policy, the rank order and scoring.  The policies are tested directly on hand
masks, by hand-picked cases with the exact answer and exhaustively against a
card-by-card reading of the rules (``rififi.md`` 3.2, ``hoogjassen.md`` 5,
Rikken/oh-hell "follow suit, else anything").
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import troef
from troef.core.cards import CODES, SUIT_MASKS, CardSet, parse_card
from troef.core.tricks import (
    FOLLOW_RULES,
    follow_else_any,
    follow_else_must_trump,
    follow_or_trump_any_time,
    hand_codes,
    rank_power,
    trick_winner,
    winner_keys,
)

pytestmark = pytest.mark.engine

S, H, D, C = range(4)
NO_TRUMP = -1


def m(text: str) -> int:
    """Mask of space-separated card codes."""
    return CardSet.parse(text).mask


def jack(suit: int) -> int:
    """Mask of the jack of ``suit`` (Hoogjassen's exempt trump jack), 0 for no trump."""
    return m("J" + "SHDC"[suit]) if suit >= 0 else 0


def test_the_three_policies_are_registered() -> None:
    assert dict(FOLLOW_RULES) == {
        "follow-else-any": follow_else_any,
        "follow-else-must-trump": follow_else_must_trump,
        "follow-or-trump-any-time": follow_or_trump_any_time,
    }


# --------------------------------------------------------------------------- hand-picked cases

# (hand, led, trump, exempt, playable)
ELSE_ANY: list[tuple[str, int, int, str, str]] = [
    ("AS 7S KH 9D", S, H, "", "AS 7S"),  # can follow: only the led suit
    ("AS 7S KH 9D", C, H, "", "AS 7S KH 9D"),  # void: anything, no duty to trump
    ("AS 7S KH 9D", H, H, "", "KH"),  # trump led: follow it
    ("AS 7S KH 9D", D, NO_TRUMP, "", "9D"),
    ("AS 7S KH 9D", C, NO_TRUMP, "", "AS 7S KH 9D"),
    ("KH", S, H, "", "KH"),  # a lone card is always playable
]

MUST_TRUMP: list[tuple[str, int, int, str, str]] = [
    ("AS 7S KH 9D", S, H, "", "AS 7S"),  # can follow: must, trumping is not allowed
    ("AS 7S KH 9D", C, H, "", "KH"),  # void: must trump
    ("AS 7S KH QH 9D", C, H, "", "KH QH"),  # any trump, no duty to overtrump
    ("AS 7S KH 9D", C, D, "", "9D"),
    ("AS 7S KH", C, D, "", "AS 7S KH"),  # void in led suit and in trump: anything
    ("AS 7S KH 9D", C, NO_TRUMP, "", "AS 7S KH 9D"),  # no trump: anything
    ("AS 7S KH 9D", H, H, "", "KH"),  # trump led: follow with trump
    ("AS 7S 9D", H, H, "", "AS 7S 9D"),  # trump led, no trump: anything
]

ANY_TIME: list[tuple[str, int, int, str, str]] = [
    # trump led (hoogjassen 5.1)
    ("9H 7H AS 8D", H, H, "JH", "9H 7H"),  # must play a trump
    ("JH 9H AS 8D", H, H, "JH", "JH 9H"),  # jack plus other trumps: a trump, the jack too
    ("JH AS 8D", H, H, "JH", "JH AS 8D"),  # the jack is the only trump: anything
    ("JH", H, H, "JH", "JH"),
    ("AS 8D KC", H, H, "JH", "AS 8D KC"),  # no trump: anything
    ("JH AS 8D", H, H, "", "JH"),  # no exemption given: the jack must be played
    ("JS 9H AS", H, H, "JH", "9H"),  # a jack of another suit is no trump jack
    # other suit led (hoogjassen 5.2)
    ("AS 7S 9H 8D", S, H, "JH", "AS 7S 9H"),  # follow or trump at will, not the other suit
    ("AS 7S JH 8D", S, H, "JH", "AS 7S JH"),  # the lone trump jack may trump as well
    ("AS 7S 8D", S, H, "JH", "AS 7S"),  # no trump: follow
    ("9H 8D KC", S, H, "JH", "9H 8D KC"),  # void: any card, no duty to trump
    ("8D KC", S, H, "JH", "8D KC"),
    # no trump suit
    ("AS 7S 9H 8D", S, NO_TRUMP, "", "AS 7S"),
    ("9H 8D", S, NO_TRUMP, "", "9H 8D"),
]


@pytest.mark.parametrize(("hand", "led", "trump", "exempt", "want"), ELSE_ANY)
def test_follow_else_any(hand: str, led: int, trump: int, exempt: str, want: str) -> None:
    assert follow_else_any(m(hand), led, trump, m(exempt)) == m(want)


@pytest.mark.parametrize(("hand", "led", "trump", "exempt", "want"), MUST_TRUMP)
def test_follow_else_must_trump(hand: str, led: int, trump: int, exempt: str, want: str) -> None:
    assert follow_else_must_trump(m(hand), led, trump, m(exempt)) == m(want)


@pytest.mark.parametrize(("hand", "led", "trump", "exempt", "want"), ANY_TIME)
def test_follow_or_trump_any_time(hand: str, led: int, trump: int, exempt: str, want: str) -> None:
    got = follow_or_trump_any_time(m(hand), led, trump, m(exempt))
    assert CardSet(got) == CardSet(m(want))


# --------------------------------------------------------------------------- exhaustive, card by card

UNIVERSE = CardSet.parse("JS AS 7S JH 9H AH JD KD JC 6C")
"""Ten cards, a jack and one or two others per suit: every hand of them is tried."""


def reference(policy: str, hand: list[int], led: int, trump: int, exempt: int) -> set[int]:
    """The rules read card by card: may this card be played?"""

    def suit(c: int) -> int:
        return c // 13

    has_led = any(suit(c) == led for c in hand)
    trumps = [c for c in hand if trump >= 0 and suit(c) == trump]
    if policy == "follow-else-any":
        return {c for c in hand if suit(c) == led} if has_led else set(hand)
    if policy == "follow-else-must-trump":
        if has_led:
            return {c for c in hand if suit(c) == led}
        return set(trumps) if trumps else set(hand)
    assert policy == "follow-or-trump-any-time"
    if trump >= 0 and led == trump:
        if any(not exempt >> c & 1 for c in trumps):
            return set(trumps)
        return set(hand)
    if has_led:
        return {c for c in hand if suit(c) == led or c in trumps}
    return set(hand)


@pytest.mark.parametrize("policy", sorted(FOLLOW_RULES))
def test_policies_exhaustively(policy: str) -> None:
    rule = FOLLOW_RULES[policy]
    cards = list(UNIVERSE)
    checked = 0
    for size in range(len(cards) + 1):
        for combo in itertools.combinations(cards, size):
            hand = [int(c) for c in combo]
            mask = sum(1 << c for c in hand)
            for led in range(4):
                for trump in (NO_TRUMP, S, H, D, C):
                    for exempt in {0, jack(trump)}:
                        want = reference(policy, hand, led, trump, exempt)
                        got = rule(mask, led, trump, exempt)
                        assert CardSet(got) == CardSet(want), (
                            f"{policy}: hand {hand_codes(mask)} led {'SHDC'[led]} trump {trump}"
                        )
                        checked += 1
    assert checked == 2**10 * 4 * (1 + 4 * 2)


# --------------------------------------------------------------------------- properties

hands = st.integers(min_value=0, max_value=(1 << 52) - 1)
suits = st.integers(min_value=0, max_value=3)
trumps = st.integers(min_value=-1, max_value=3)


@given(hands, suits, trumps, st.booleans())
def test_policies_play_from_the_hand(hand: int, led: int, trump: int, exempt_jack: bool) -> None:
    exempt = jack(trump) if exempt_jack else 0
    for rule in FOLLOW_RULES.values():
        got = rule(hand, led, trump, exempt)
        assert got & ~hand == 0, "a playable card must be in the hand"
        assert (got != 0) == (hand != 0), "a non-empty hand always has a playable card"
        # a policy answers with whole suits of the hand, or the whole hand
        for s in range(4):
            assert got & SUIT_MASKS[s] in (0, hand & SUIT_MASKS[s])


@given(hands, suits, trumps, st.booleans())
def test_policies_relate(hand: int, led: int, trump: int, exempt_jack: bool) -> None:
    """must-trump only narrows follow-else-any; trump-any-time only widens it; they agree when you can follow
    a non-trump suit, and all three agree without a trump suit."""
    exempt = jack(trump) if exempt_jack else 0
    any_ = follow_else_any(hand, led, trump, exempt)
    must = follow_else_must_trump(hand, led, trump, exempt)
    free = follow_or_trump_any_time(hand, led, trump, exempt)
    assert must & ~any_ == 0
    assert any_ & ~free == 0
    follow = hand & SUIT_MASKS[led]
    if follow:
        assert any_ == must == follow
    if trump == NO_TRUMP:
        assert any_ == must == free
    if trump >= 0 and led == trump and not exempt:
        assert free == any_


# --------------------------------------------------------------------------- rank power and winner

GERMAN = rank_power("ATKQJ9876")
FRENCH = rank_power("AKQJT98765432")


def test_rank_power() -> None:
    assert [GERMAN[parse_card(r + "S")] for r in "ATKQJ9876"] == [9, 8, 7, 6, 5, 4, 3, 2, 1]
    assert [GERMAN[parse_card(r + "C")] for r in "2345"] == [0, 0, 0, 0]  # not in the pack
    assert [FRENCH[parse_card(r + "H")] for r in "AKQJT98765432"] == list(range(13, 0, -1))
    assert len(GERMAN) == len(FRENCH) == 52
    for c in range(52):  # the same in every suit
        assert GERMAN[c] == GERMAN[c % 13] and FRENCH[c] == FRENCH[c % 13]


def winner(cards: str, power: tuple[int, ...], trump: int) -> str:
    played = [parse_card(c) for c in cards.split()]
    return CODES[played[trick_winner(played, winner_keys(power, trump))]]


@pytest.mark.parametrize(
    ("cards", "power", "trump", "want"),
    [
        ("KS TS", GERMAN, H, "TS"),  # german36: the ten beats the king
        ("TS KS", FRENCH, H, "KS"),  # french52: the king beats the ten
        ("9S AS 6S", GERMAN, D, "AS"),
        ("2S 3S", FRENCH, NO_TRUMP, "3S"),
        ("AS 6H", GERMAN, H, "6H"),  # the lowest trump beats the led suit
        ("AS 6H 7H", GERMAN, H, "7H"),  # the highest trump wins
        ("7H AS AH", GERMAN, H, "AH"),  # trump led
        ("6S AD KC", GERMAN, H, "6S"),  # off-suit cards never win
        ("6S AD KC", GERMAN, NO_TRUMP, "6S"),
        ("6S AH 7S", GERMAN, NO_TRUMP, "7S"),  # no trump: highest of the led suit
        ("QD JD TD", FRENCH, S, "QD"),
        ("QD JD TD 2S", FRENCH, S, "2S"),
        ("8C 9C", GERMAN, C, "9C"),
    ],
)
def test_trick_winner(cards: str, power: tuple[int, ...], trump: int, want: str) -> None:
    assert winner(cards, power, trump) == want


def test_trick_winner_with_a_trump_order() -> None:
    """Hoogjassen ranks trumps J 9 A K Q T 8 7 and other suits A K Q J T 9 8 7 (hoogjassen.md 2):
    a game builds one power table per trump suit."""
    trump = H
    plain = rank_power("AKQJT987")
    high = rank_power("J9AKQT87")
    power = tuple(high[c] if c // 13 == trump else plain[c] for c in range(52))
    assert winner("AH 9H JH", power, trump) == "JH"
    assert winner("AH 9H", power, trump) == "9H"
    assert winner("AS JS TS", power, trump) == "AS"
    assert winner("JS AS 7H", power, trump) == "7H"


@given(st.permutations(range(52)), st.integers(min_value=1, max_value=6), trumps, st.booleans())
def test_trick_winner_property(order: list[int], size: int, trump: int, french: bool) -> None:
    cards = order[:size]
    power = FRENCH if french else GERMAN
    i = trick_winner(cards, winner_keys(power, trump))
    assert 0 <= i < size
    won = cards[i]
    played_trumps = [c for c in cards if c // 13 == trump]
    if played_trumps:
        assert won in played_trumps and power[won] == max(power[c] for c in played_trumps)
    else:
        led = [c for c in cards if c // 13 == cards[0] // 13]
        assert won in led and power[won] == max(power[c] for c in led)


# --------------------------------------------------------------------------- TrickState, through Rififi


def rififi_state() -> troef.State:
    """Three players, two cards each, hearts trump; seat 0 deals, seat 1 leads."""
    game = troef.load_game("rififi", "standaard", players=3)
    deal = {"hands": [["AS", "7H"], ["KS", "9D"], ["6D", "TC"]], "trump_card": "8H"}
    state = game.from_record({"game": "rififi", "players": 3, "dealer": 0, "deal": deal})
    for bid in ("bid 1", "bid 0", "bid 1"):
        state.apply(bid)
    return state


def test_trick_state_plays_and_records_tricks() -> None:
    state = rififi_state()
    assert state.current_player == 1
    assert [a.text for a in state.legal_actions()] == ["play KS", "play 9D"]
    state.apply("play KS")
    # seat 2 has neither spades nor hearts: anything; seat 0 must follow spades
    assert sorted(a.text for a in state.legal_actions()) == ["play 6D", "play TC"]
    state.apply("play 6D")
    assert [a.text for a in state.legal_actions()] == ["play AS"]
    view = state.view(None)
    assert view["trick"] == ["KS", "6D"] and view["leader"] == 1
    state.apply("play AS")
    view = state.view(None)
    assert view["trick"] == [] and view["leader"] == 0
    assert view["history"] == [{"leader": 1, "cards": ["KS", "6D", "AS"], "seats": [1, 2, 0], "winner": 0}]
    assert view["last_trick"] == view["history"][-1] and view["trick_seats"] == []
    assert view["tricks"] == [1, 0, 0]
    # seat 0 leads the 7H; seat 1 cannot follow hearts and has no trump: 9D; seat 2 likewise
    state.apply("play 7H")
    state.apply("play 9D")
    assert state.view(2)["legal_actions"] == ["play TC"]
    state.apply("play TC")
    result = state.result()
    assert result["over"] is True
    assert result["tricks"] == [2, 0, 0]
    assert result["details"]["bids"] == [1, 1, 0]
    assert result["scores"] == [-1, -1, 10]


def test_trick_state_explains_refusals() -> None:
    state = rififi_state()
    with pytest.raises(troef.IllegalAction, match=r"AS is not in seat 1's hand"):
        state.apply("play AS")
    state.apply("play KS")
    state.apply("play TC")  # seat 2: void in spades and trumps
    with pytest.raises(troef.IllegalAction, match=r"seat 0: 'play 7H' is not legal \(you must follow S\)"):
        state.apply("play 7H")


def test_must_trump_is_explained() -> None:
    game = troef.load_game("rififi", "standaard", players=3)
    deal = {"hands": [["AS", "7H"], ["KS", "9D"], ["6D", "TH"]], "trump_card": "8H"}
    state = game.from_record({"game": "rififi", "players": 3, "dealer": 0, "deal": deal})
    for bid in ("bid 1", "bid 0", "bid 1"):
        state.apply(bid)
    state.apply("play KS")
    assert [a.text for a in state.legal_actions()] == ["play TH"]
    with pytest.raises(troef.IllegalAction, match=r"cannot follow S and must play a trump \(H\)"):
        state.apply("play 6D")


def test_hand_codes_in_index_order() -> None:
    assert hand_codes(m("AC 2S KH TS")) == ["2S", "TS", "KH", "AC"]
    assert hand_codes(0) == []
