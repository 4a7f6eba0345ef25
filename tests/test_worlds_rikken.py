"""Rikken worlds (`players.kits.sample_world`): the called card, a blind call and a card laid face down,
voids, open hands, king calls, no call, troela, schoppen-mie's queen, five players, on scripted
rounds."""

from __future__ import annotations

import random
from unittest import mock

import pytest

import troef
import troef.players.shared.worlds
from troef.core.cards import SUIT_MASKS, CardSet, parse_card
from troef.core.tricks import hand_codes
from troef.games.rikken.state import RikkenState
from troef.players.kits import sample_world

pytestmark = pytest.mark.engine

DRAWS = 150


def mask(cards: str) -> int:
    return CardSet.parse(cards).mask


HEARTS, DIAMONDS, CLUBS = SUIT_MASKS[1:]
ACES = mask("AS AH AD AC")


def round_after(
    hands: dict[int, str],
    actions: list[str],
    preset: str = "kampioenschap",
    players: int = 4,
    dealer: int = 0,
) -> RikkenState:
    """A round whose seats in ``hands`` hold those cards (the rest dealt at random, the same every
    time), after ``actions``."""
    game = troef.load_game("rikken", preset, players)
    rest = [c for c in range(52) if not sum(mask(h) for h in hands.values()) >> c & 1]
    random.Random(5).shuffle(rest)
    dealt = [0] * players
    for s in game.seats_of(dealer):
        dealt[s] = mask(hands[s]) if s in hands else 0
        while dealt[s].bit_count() < 13:
            dealt[s] |= 1 << rest.pop()
    state = game.from_deal({"hands": [hand_codes(h) for h in dealt]}, dealer)
    for entry in actions:
        seat, text = entry.split(":", 1)
        assert state.current_player == int(seat), entry
        state.apply(text)
    assert isinstance(state, RikkenState)
    return state


def worlds(
    state: RikkenState, seat: int | None, count: int = DRAWS, replays: float = 1.1
) -> list[RikkenState]:
    """Worlds drawn from ``seat``'s view, each showing it that same view, with at most ``replays``
    replays per world on average (what is dealt directly is not left to the replay to reject)."""
    view = state.view(seat)
    rng = random.Random(7)
    out = []
    with mock.patch("troef.players.rikken.worlds.replay", wraps=troef.players.shared.worlds.replay) as replay:
        for _ in range(count):
            world = sample_world(state.game, view, rng)
            assert isinstance(world, RikkenState)
            assert world.view(seat) == view
            out.append(world)
    assert replay.call_count <= replays * count
    return out


# Seat 3 rikt with trump diamonds and calls the ace of clubs; seat 1, who holds it, leads a low club.
OPEN_CALL = {
    3: "AS AH 2C 3C 2D 3D 4D 5D 6D 7D 8D 9D TD",
    1: "AC 5C 6C 2S 3S 4S 5S 6S 2H 3H 4H 5H 6H",
    2: "7C 8C 9C 7S 8S 9S TS JS 7H 8H 9H TH JH",
    0: "TC JC QC KC 4C QS KS QH KH JD QD KD AD",
}
CALLED = ["1:pass", "2:pass", "3:bid rik", "0:pass", "3:trump D", "3:call AC"]
CLUB_LEAD = ["1:play 5C", "2:play 7C", "3:play 2C", "0:play 4C"]  # seat 2 wins
NO_DIAMONDS = [
    "2:play 7S",
    "3:play AS",
    "0:play QS",
    "1:play 2S",
    "3:play 2D",
    "0:play JD",
    "1:play 2H",
    "2:play 8H",
]


def test_the_rikker_never_holds_the_called_ace_but_a_card_of_its_suit() -> None:
    state = round_after(OPEN_CALL, CALLED)
    for seat in (0, 1, 2, None):
        holders = set()
        for world in worlds(state, seat):
            assert not world.dealt[3] >> parse_card("AC") & 1
            assert world.dealt[3] & CLUBS
            holders.add(world.partner)
        assert holders == ({1} if seat == 1 else {0, 1, 2} - {seat})


def test_who_plays_another_card_to_the_called_suit_does_not_hold_the_called_card() -> None:
    state = round_after(OPEN_CALL, CALLED + CLUB_LEAD)  # only the leader may hold back the ace
    for seat in (0, 2, None):
        assert all(world.hands[1] >> parse_card("AC") & 1 for world in worlds(state, seat))


def test_a_seat_that_did_not_follow_never_gets_that_suit() -> None:
    state = round_after(OPEN_CALL, CALLED + CLUB_LEAD + NO_DIAMONDS)
    for world in worlds(state, 0):
        assert not world.dealt[1] & DIAMONDS and not world.dealt[2] & DIAMONDS
        assert world.hands[3] & DIAMONDS == mask("3D 4D 5D 6D 7D 8D 9D TD")  # all of them
    assert all(not w.dealt[1] & DIAMONDS and not w.dealt[2] & DIAMONDS for w in worlds(state, None))


# Seat 3 holds AS and AH and no diamond: he calls the ace of diamonds blind, wins trick 1 and leads 2H
# blind; seat 0 must play the ace, seat 2 shows out of diamonds.
BLIND_CALL = {
    3: "AS AH 2S 3S 2H 3H 2C 3C 4C 5C 6C 7C 8C",
    1: "4S 5S 6S 7S 2D 3D 4D 5D 6D 7D 8D 9D TD",
    2: "8S 9S TS JS QS KS 4H 5H 6H 7H 8H 9H 9C",
    0: "TH JH QH KH TC JC QC KC AC JD QD KD AD",
}
BLIND = ["1:pass", "2:pass", "3:bid rik", "0:pass", "3:trump C", "3:call AD blind"]
BLIND += ["1:play 4S", "2:play JS", "3:play AS", "0:play TH", "3:play 2H blind"]
BLIND_TRICK = ["0:play AD", "1:play 2D", "2:play 4H"]


def test_a_blind_called_rikker_is_void_in_the_suit_and_keeps_the_card_he_laid_face_down() -> None:
    state = round_after(BLIND_CALL, BLIND)
    for seat in (0, 1, 2, None):
        assert state.view(seat)["actions"][-1] == "3:play ?? blind"
        laid = set()
        for world in worlds(state, seat, replays=4):  # the ace of hearts his, or no heart: replayed
            card = world.trick[0]
            assert world.actions[-1].blind and world.dealt[3] >> card & 1
            assert not world.dealt[3] & DIAMONDS
            laid.add(card)
        assert len(laid) > 3, "the card laid face down is any of his"
    assert {w.trick[0] for w in worlds(state, 3)} == {parse_card("2H")}


def test_a_trick_led_blind_counts_as_led_in_the_called_suit() -> None:
    state = round_after(BLIND_CALL, BLIND + BLIND_TRICK)
    for seat in (1, None):
        for world in worlds(state, seat):  # 2H shown: not void in hearts, he holds their ace
            assert not world.dealt[2] & DIAMONDS
            assert world.dealt[3] >> parse_card("AH") & 1


def test_a_blind_call_shows_in_every_other_plain_suit_its_ace_or_a_void() -> None:
    hands = {
        3: "AS 2S 3S 4S 2D 3D 4D 5D 6D 7D 8D 9D TD",
        1: "5S 6S 7S 8S 2H 3H 4H 5H 2C 3C 4C 5C 6C",
        2: "9S TS JS 6H 7H 8H 9H TH 7C 8C 9C TC JD",
        0: "QS KS JH QH KH AH QD KD AD JC QC KC AC",
    }
    actions = ["1:pass", "2:pass", "3:bid rik", "0:pass", "3:trump D", "3:call AC blind"]
    state = round_after(hands, [*actions, "1:play 5S", "2:play 9S", "3:play 2S", "0:play QS"])
    for world in worlds(state, 0):  # the ace of hearts is seat 0's: void in hearts
        assert world.dealt[3] >> parse_card("AS") & 1 and not world.dealt[3] & (HEARTS | CLUBS)
    for world in worlds(state, 1, replays=4):  # he played a spade: he holds the ace of spades
        assert world.dealt[3] >> parse_card("AS") & 1 and not world.dealt[3] & CLUBS
        assert world.dealt[3] >> parse_card("AH") & 1 or not world.dealt[3] & HEARTS


def test_a_king_call_means_the_rikker_holds_all_four_aces() -> None:
    hands = {3: "AS AH AD AC 2C 3C 2D 3D 4D 5D 6D 7D 8D"}
    state = round_after(hands, ["1:pass", "2:pass", "3:bid rik", "0:pass", "3:trump D", "3:call KC"])
    assert all(w.dealt[3] & ACES == ACES for w in worlds(state, 1))


def test_a_rikker_who_could_call_nobody_holds_the_other_aces() -> None:
    hands = {3: "AS AH AC 2C 3C 2D 3D 4D 5D 6D 7D 8D 9D"}
    state = round_after(hands, ["1:pass", "2:pass", "3:bid rik", "0:pass", "3:trump D"])
    assert state.phase == "play"
    assert all(w.dealt[3] & ACES == mask("AS AH AC") for w in worlds(state, 2))


def test_a_rikker_about_to_call_can_call_somebody() -> None:
    state = round_after(
        {3: "AS AD 2C 3C 2D 3D 4D 5D 6D 7D 8D 9D TD"}, ["1:pass", "2:pass", "3:bid rik-beter", "0:pass"]
    )
    assert state.phase == "call"  # not so in a world where he holds the aces of all three plain suits
    assert all(w.phase == "call" and w.dealt[3] & ACES != mask("AS AD AC") for w in worlds(state, 1, 300))


def test_troela_gives_the_bidder_three_aces_and_the_partner_the_fourth() -> None:
    hands = {1: "AS AH AD 2C 3C 2D 3D 4D 5D 6D 7D 8D 9D", 0: "AC"}
    bid = round_after(hands, ["1:bid troela"], "bsg")
    for world in worlds(bid, 2):
        assert (world.dealt[1] & ACES).bit_count() == 3
    named = round_after(hands, ["1:bid troela", "2:pass", "3:pass", "0:pass", "0:trump S"], "bsg")
    for seat in (2, 3, None):
        fourth = set()
        for world in worlds(named, seat):
            assert (world.dealt[1] & ACES).bit_count() == 3 and (world.dealt[0] & ACES).bit_count() == 1
            fourth.add(world.dealt[0] & ACES)
        assert fourth == {mask("AH"), mask("AD"), mask("AC")}  # not the ace of trumps


def test_schoppen_mie_who_does_not_follow_after_trick_three_lacks_the_queen_of_spades() -> None:
    game = troef.load_game("rikken")
    rng = random.Random(3)
    queen = parse_card("QS")
    checked = 0
    for seed in range(20):
        state = game.deal(seed, 0)
        for text in ("pass", "pass", "pass", "pass", "choose schoppen-mie"):
            state.apply(text)
        assert isinstance(state, RikkenState)
        while state.current_player is not None and checked < 5:
            state.apply(rng.choice(state.legal_actions()))
            if state.trick or len(state.history) <= 3 or any(queen in t for _, t, _ in state.history):
                continue
            leader, cards, _ = state.history[-1]
            for seat, card in zip(state.order[leader], cards, strict=True):
                if card // 13 != cards[0] // 13:
                    assert all(not w.hands[seat] >> queen & 1 for w in worlds(state, None, 30))
                    checked += 1
    assert checked >= 5


def opened(bid: str, seed: int, tricks: int) -> RikkenState:
    """A BSG round where seat 1 bids ``bid`` and the others pass, after ``tricks`` tricks."""
    state = troef.load_game("rikken", "bsg").deal(seed, 0)
    assert isinstance(state, RikkenState)
    for text in (f"bid {bid}", "pass", "pass", "pass"):
        state.apply(text)
    while len(state.history) < tricks:
        state.apply(state.legal_actions()[0])
    return state


def test_open_hands_are_kept_exactly() -> None:
    state = opened("open-misere-praatje", 4, 0)
    assert state.phase == "play"
    for world in worlds(state, None, 20):  # every hand is open: the world is the round itself
        assert world.deal_record() == state.deal_record()
    state = opened("open-piek", 0, 5)
    assert state.view(2)["open_hands"][1] is not None
    for world in worlds(state, 2, 50):
        assert world.hands[1] == state.hands[1]


def test_five_players_the_dealer_sits_out_and_the_spectator_gets_worlds_too() -> None:
    called = ["0:pass", "1:pass", "2:pass", "3:bid rik", "3:trump D", "3:call AC"]
    state = round_after(OPEN_CALL, called, players=5, dealer=4)
    deals = set()
    for world in worlds(state, None):
        assert world.dealt[4] == 0 and not world.dealt[3] >> parse_card("AC") & 1
        deals.add(world.dealt)
    assert len(deals) > DRAWS // 2


def test_a_seed_gives_the_same_world() -> None:
    state = round_after(BLIND_CALL, BLIND)
    view = state.view(1)
    first = sample_world(state.game, view, random.Random(11))
    again = sample_world(state.game, view, random.Random(11))
    assert first.deal_record() == again.deal_record() and first.actions == again.actions
    other = {repr(sample_world(state.game, view, random.Random(s)).deal_record()) for s in range(10)}
    assert len(other) > 5
