"""Piken worlds (`players.kits.sample_world`): the middle cards drawn blind, the removed cards, where 7D and
AC were dealt and who leads, on scripted deals of the four middle-card cases."""

from __future__ import annotations

import random

import pytest

import troef
from troef.games.piken.order import CODE, parse_mask
from troef.games.piken.state import PikenState
from troef.players.kits import sample_world

pytestmark = pytest.mark.engine

PLAIN = "8D 9D TD JD QD 7H 7S 7C 8H 8S"
"""Seat 0's hand in every deal: never 7D or AC."""
TWO_HOLDERS = [PLAIN, "7D 9H TH JH QH KH KD AD 9S 9C", "AC AH 8C TC JC QC KC JS QS KS"], "TS AS"
ONE_HOLDER = [PLAIN, "TS 9H TH JH QH KH KD AD 9S 9C", "AC AH 8C TC JC QC KC JS QS KS"], "7D AS"
BOTH_HELD = [PLAIN, "TS 9H TH JH QH KH KD AD 9S 9C", "AC 7D 8C TC JC QC KC JS QS KS"], "AH AS"
BOTH_IN_MIDDLE = [PLAIN, "TS 9H TH JH QH KH KD AD 9S 9C", "AH AS 8C TC JC QC KC JS QS KS"], "7D AC"
DRAWS = 150


def game_after(deal: tuple[list[str], str], actions: list[str]) -> PikenState:
    """Dealer 0's game of ``deal`` (hands, middle) after ``actions`` (``"seat:text"``)."""
    hands, middle = deal
    state = troef.load_game("piken").from_deal(
        {"hands": [h.split() for h in hands], "middle": middle.split()}, 0
    )
    for entry in actions:
        seat, text = entry.split(":", 1)
        assert state.current_player == int(seat)
        state.apply(text)
    assert isinstance(state, PikenState)
    return state


def worlds(state: PikenState, seat: int | None) -> list[PikenState]:
    view = state.view(seat)
    rng = random.Random(11)
    out = []
    for _ in range(DRAWS):
        world = sample_world(state.game, view, rng)
        assert isinstance(world, PikenState)
        assert world.view(seat) == view
        out.append(world)
    return out


def cards(codes: str) -> int:
    return parse_mask(codes.split())


SPECIALS = cards("7D AC")


def test_a_drawer_keeps_the_card_it_drew_and_the_others_vary_it() -> None:
    state = game_after(TWO_HOLDERS, ["1:draw 2", "2:draw 1", "0:play 7H", "1:play AS"])
    assert state.first == 0
    assert {CODE[w.middle[1]] for w in worlds(state, 1)} == {"AS"}
    assert {CODE[w.middle[0]] for w in worlds(state, 2)} == {"TS"}
    drawn = worlds(state, 0)
    assert len({w.middle[1] for w in drawn}) > 1 and len({w.middle[0] for w in drawn}) > 1
    for w in drawn:
        assert not (1 << w.middle[0] | 1 << w.middle[1]) & SPECIALS  # the drawn cards are plain
        assert w.dealt[1] & SPECIALS and w.dealt[2] & SPECIALS  # one of 7D and AC each


def test_the_special_card_lies_with_the_other_entitled_seat() -> None:
    state = game_after(TWO_HOLDERS, ["1:draw 2"])
    for w in worlds(state, 1):
        assert w.dealt[2] & SPECIALS == cards("AC")
        assert not w.dealt[0] & SPECIALS


@pytest.mark.parametrize("seat", [0, 1, None])
def test_a_plain_draw_removes_the_special_card(seat: int | None) -> None:
    state = game_after(ONE_HOLDER, ["2:draw 2", "2:play AH"])
    drawn = worlds(state, seat)
    for w in drawn:
        assert w.removed.bit_count() == 1 and w.removed & SPECIALS
        assert w.dealt[2] & SPECIALS == SPECIALS & ~w.removed
    assert len({w.removed for w in drawn}) == 2  # 7D or AC: which one seat 2 holds is hidden


def test_drawing_the_special_card_takes_both() -> None:
    state = game_after(ONE_HOLDER, ["2:draw 1"])
    for w in worlds(state, 0):
        assert 1 << w.middle[0] & SPECIALS and not 1 << w.middle[1] & SPECIALS  # drawn at position 1
        assert w.hands[2] & SPECIALS == SPECIALS


@pytest.mark.parametrize("seat", [0, 2, None])
def test_when_nobody_draws_the_first_leader_had_as_or_it_was_removed(seat: int | None) -> None:
    state = game_after(ONE_HOLDER, ["2:decline"])
    assert state.first == 1 and state.removed.bit_count() == 2  # AS removed: the dealer's left leads
    drawn = worlds(state, seat)
    aces = cards("AS")
    for w in drawn:
        assert not w.dealt[2] & aces and (w.dealt[1] | w.removed) & aces
    assert any(w.removed & aces for w in drawn) and any(w.dealt[1] & aces for w in drawn)


def test_both_in_the_middle_are_removed() -> None:
    state = game_after(BOTH_IN_MIDDLE, [])
    assert state.first == 2  # AS
    for w in worlds(state, 0):
        assert w.removed == SPECIALS and w.dealt[2] & cards("AS")


def test_one_seat_with_both_takes_two_plain_cards_of_its_own() -> None:
    state = game_after(BOTH_HELD, ["2:play 7D"])
    drawn = worlds(state, 1)
    for w in drawn:
        assert w.dealt[2] & SPECIALS == SPECIALS
        assert w.drawn[2] & ~SPECIALS == w.drawn[2] and w.drawn[2].bit_count() == 2
    assert len({w.middle for w in drawn}) > 2


def test_the_end_shows_the_removed_cards() -> None:
    state = game_after(ONE_HOLDER, ["2:draw 2"])
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    for w in worlds(state, 0):
        assert w.removed == state.removed


def test_worlds_depend_only_on_the_seed() -> None:
    view = game_after(TWO_HOLDERS, ["1:draw 2", "2:draw 1", "0:play 7H"]).view(0)
    game = troef.load_game("piken")
    first = [sample_world(game, view, random.Random(3)).deal_record() for _ in range(2)]
    other = sample_world(game, view, random.Random(4)).deal_record()
    assert first[0] == first[1] != other
