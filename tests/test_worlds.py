"""Worlds (`players.kits.sample_world`) for every game, preset and number of players: a world drawn from a
seat's view shows that seat exactly the same view, and it varies the cards the seat cannot see."""

from __future__ import annotations

import random

import pytest

import troef
from troef.core.cards import parse_card
from troef.core.game import Game, State
from troef.core.tricks import follow_else_must_trump, follow_or_trump_any_time
from troef.players import make_bot
from troef.players.kits import sample_world
from troef.players.shared.worlds import Place, deal_hidden, forbidden_by_plays, logged, tricks_of

pytestmark = pytest.mark.engine

ROUNDS = 6
DRAWS = 3


def heuristic_round(game: Game, seed: int) -> list[State]:
    """The states of a round the heuristic bots play, one per action."""
    state = game.deal(seed, seed % game.players)
    bots = [make_bot(game.name, "heuristic", seed * 10 + s) for s in range(game.players)]
    states = []
    while (seat := state.current_player) is not None:
        states.append(state.clone())
        state.apply(bots[seat].act(state.view(seat)))
    states.append(state)
    return states


def test_a_world_shows_the_seat_the_same_view(game_name: str, preset: str, players: int) -> None:
    game = troef.load_game(game_name, preset, players)
    rng = random.Random(1)
    varied = 0
    for seed in range(ROUNDS):
        for state in heuristic_round(game, seed)[::3]:
            for seat in [state.current_player, rng.randrange(players), None]:
                view = state.view(seat)
                deals = set()
                for _ in range(DRAWS):
                    world = sample_world(game, view, rng)
                    assert world.view(seat) == view
                    deals.add(repr(world.deal_record()))
                varied += len(deals) > 1
    assert varied > ROUNDS, "worlds hardly ever differ: hidden cards are not being dealt at random"


def test_a_world_never_depends_on_the_hidden_cards(game_name: str, preset: str, players: int) -> None:
    """Two rounds that differ only in what seat 0 cannot see give it the same worlds from one seed."""
    game = troef.load_game(game_name, preset, players)
    state = heuristic_round(game, 3)[len(heuristic_round(game, 3)) // 2]
    view = state.view(0)
    first = sample_world(game, view, random.Random(9)).deal_record()
    again = sample_world(game, dict(view), random.Random(9)).deal_record()
    assert first == again


def test_deal_hidden_respects_room_and_what_is_allowed() -> None:
    rng = random.Random(0)
    pool = (1 << 12) - 1
    places = [Place(4, 0b1111), Place(4, pool), Place(4, pool & ~0b1111)]
    for _ in range(200):
        got = deal_hidden(pool, places, rng)
        assert got is not None
        assert got[0] == 0b1111  # the only place that may hold the four low cards
        assert [g.bit_count() for g in got] == [4, 4, 4]
        assert got[0] | got[1] | got[2] == pool


def test_deal_hidden_without_constraints_is_uniform() -> None:
    rng = random.Random(0)
    pool = 0b1111
    counts = [0, 0]
    for _ in range(4000):
        got = deal_hidden(pool, [Place(1, pool), Place(3, pool)], rng)
        assert got is not None
        counts[0] += got[0] == 0b0001
    assert 850 < counts[0] < 1150  # one card in four


def test_deal_hidden_says_when_stuck() -> None:
    assert deal_hidden(0b11, [Place(2, 0b01), Place(0, 0b11)], random.Random(0)) is None


def test_not_following_rules_out_the_led_suit_and_must_trump_the_trumps() -> None:
    ks, qs, ah, seven_d = map(parse_card, ("KS", "QS", "AH", "7D"))
    pool = (1 << 52) - 1
    tricks = tricks_of([(0, "play KS"), (1, "play 7D")], 2)
    out = forbidden_by_plays(tricks, follow_else_must_trump, 1, 0, pool & ~(1 << ks), 2)
    assert out[0] == 0
    assert out[1] >> qs & 1 and out[1] >> ah & 1  # void in spades, and no trump (hearts) either
    assert not out[1] >> (seven_d + 1) & 1  # another diamond is possible


def test_a_lone_trump_jack_need_not_follow_a_trump_lead() -> None:
    jh, th = map(parse_card, ("JH", "TH"))
    pool = (1 << 52) - 1
    tricks = tricks_of(logged({"actions": ["0:play TH", "1:play 7S"]}), 2)
    out = forbidden_by_plays(tricks, follow_or_trump_any_time, 1, 1 << jh, pool, 2)
    assert not out[1] >> jh & 1  # the exempt jack may still be there
    assert out[1] >> (th + 2) & 1  # but no other trump (the queen)


@pytest.mark.parametrize("game_name", sorted(troef.GAMES))
def test_a_view_no_deal_fits_is_an_error(game_name: str) -> None:
    game = troef.load_game(game_name)
    view = game.deal(1, 0).view(0)
    bad = {**view, "actions": ["1:play AS", "1:play AS"] if game_name != "piken" else ["1:draw 9"]}
    with pytest.raises(troef.GameError, match="no deal fits the view of seat 0"):
        sample_world(game, bad, random.Random(0))
