"""Hoogjassen worlds (`players.kits.sample_world`): voids, the lone trump jack, the lummel and afleggers, roem
and ongedraaid, on a scripted round."""

from __future__ import annotations

import random

import pytest

import troef
from troef.core.cards import CLUBS, SUIT_MASKS, CardSet
from troef.games.hoogjassen.rules import Hoogjassen
from troef.games.hoogjassen.state import HoogjassenState
from troef.players.kits import sample_world

pytestmark = pytest.mark.engine

HANDS = [
    "7S JH 8H AD AC KD QC",
    "9S AS QS 7H 7D 8D 8C",
    "KS 8S AH KH QH TH 9H",
    "JS TS 9D TD JD QD KC",
]
LUMMEL = "9C TC JC"
AUCTION = ["1:bid 120", "2:pass", "3:pass", "0:pass"]
DECLARE = ["1:take-lummel", "1:discard 7H 7D 8D", "1:trump S"]
TRICKS = [
    ["1:play AS", "2:play 8S", "3:play TS", "0:play 7S"],
    ["1:play 9S", "2:play KS", "3:play 9D", "0:play 8H"],  # 3 keeps back his lone trump jack
    ["1:play 8C", "2:play AH", "3:play JS", "0:play AC"],  # 2 shows out of clubs; 3 trumps, holding KC
]
DRAWS = 200


def mask(cards: str) -> int:
    return CardSet.parse(cards).mask


def round_after(actions: list[str]) -> HoogjassenState:
    """Dealer 0's scripted round (seat 1 declares, 8C-JC his run of four) after ``actions``."""
    game = troef.load_game("hoogjassen")
    state = game.from_deal({"hands": [h.split() for h in HANDS], "lummel": LUMMEL.split()}, 0)
    for entry in actions:
        seat, text = entry.split(":", 1)
        assert state.current_player == int(seat)
        state.apply(text)
    assert isinstance(state, HoogjassenState)
    return state


def worlds(state: HoogjassenState, seat: int | None, count: int = DRAWS) -> list[HoogjassenState]:
    view = state.view(seat)
    rng = random.Random(7)
    out = []
    for _ in range(count):
        world = sample_world(state.game, view, rng)
        assert isinstance(world, HoogjassenState)
        assert world.view(seat) == view
        out.append(world)
    return out


def test_a_lone_trump_jack_need_not_follow_trump() -> None:
    drawn = worlds(round_after([*AUCTION, *DECLARE, *TRICKS[0], *TRICKS[1]]), 0)
    assert all(not w.hands[3] & mask("QS") for w in drawn)
    assert any(w.hands[3] & mask("JS") for w in drawn)


def test_a_seat_that_shows_out_never_gets_the_suit_but_trumping_reveals_nothing() -> None:
    drawn = worlds(round_after([*AUCTION, *DECLARE, *TRICKS[0], *TRICKS[1], *TRICKS[2]]), 0)
    assert all(not w.hands[2] & SUIT_MASKS[CLUBS] for w in drawn)
    assert any(w.hands[3] & SUIT_MASKS[CLUBS] for w in drawn)  # KC, where it really is, now and then


def test_the_declarer_keeps_his_lummel_and_afleggers() -> None:
    drawn = worlds(round_after([*AUCTION, *DECLARE, *TRICKS[0]]), 1)
    assert {(w.lummel, w.afleggers) for w in drawn} == {(mask(LUMMEL), mask("7H 7D 8D"))}
    assert len({w.hands[2] for w in drawn}) > 1


@pytest.mark.parametrize("seat", [0, 2, None])
def test_others_deal_the_afleggers_and_the_lummel_from_the_declarers_cards(seat: int | None) -> None:
    state = round_after([*AUCTION, *DECLARE, *TRICKS[0]])
    drawn = worlds(state, seat)
    known = (state.hands[seat] if seat is not None else 0) | mask(" ".join(e.split()[-1] for e in TRICKS[0]))
    for w in drawn:
        assert w.afleggers.bit_count() == 3 and not w.afleggers & known
        assert w.lummel & ~(w.hands[1] | w.afleggers | mask("AS")) == 0  # taken into his hand
    assert len({w.afleggers for w in drawn}) > 1 and len({w.lummel for w in drawn}) > 1


@pytest.mark.parametrize("seat", [0, 2, 3, None])
def test_others_give_the_declarer_exactly_his_roem(seat: int | None) -> None:
    drawn = worlds(round_after([*AUCTION, *DECLARE]), seat)
    run = mask("8C 9C TC JC")
    for w in drawn:
        assert w.hands[1] & run == run
        assert not w.hands[1] & mask("QC")  # it would make the run longer
        assert [r.name for r in w.roem] == ["run of 4 in C"]


def test_no_stuk_rules_out_the_other_card() -> None:
    """The declarer led the trump queen without stuk: he never held the trump king."""
    state = round_after([*AUCTION, *DECLARE, "1:play QS"])
    assert not state.stuk
    assert all(not w.hands[1] & mask("KS") for w in worlds(state, 0))


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seat", [0, 1, None])
def test_ongedraaid_keeps_the_lummel_hidden_and_whole(players: int, seat: int | None) -> None:
    game = troef.load_game("hoogjassen", players=players)
    assert isinstance(game, Hoogjassen)
    state = game.deal(5, 0)
    for text in [f"bid {game.min_bid}", *["pass"] * (players - 1), "ongedraaid", "trump D"]:
        state.apply(text)
    assert isinstance(state, HoogjassenState) and state.declarer == 1
    drawn = worlds(state, seat, 60)
    own = state.hands[seat] if seat is not None else 0
    for w in drawn:
        assert w.lummel.bit_count() == game.lummel_size and not w.lummel & own
        assert not w.afleggers
    assert len({w.lummel for w in drawn}) > 1


def test_worlds_depend_only_on_the_seed() -> None:
    view = round_after([*AUCTION, *DECLARE, *TRICKS[0]]).view(2)
    game = troef.load_game("hoogjassen")
    first = [sample_world(game, view, random.Random(3)).deal_record() for _ in range(2)]
    other = sample_world(game, view, random.Random(4)).deal_record()
    assert first[0] == first[1] != other
