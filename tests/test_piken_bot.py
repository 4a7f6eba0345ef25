"""The heuristic Piken bot: legal, reproducible, sensible in set positions, better than random."""

from __future__ import annotations

import random
import statistics

import pytest

import troef
from test_piken_rules import BASE, GAME, start
from troef.core.game import State
from troef.players import RandomBot, bot_kinds, make_bot, play_out
from troef.players.piken.bot import PikenBot

pytestmark = [pytest.mark.engine, pytest.mark.slow]

ROYAL = [BASE[0], BASE[1], "7D AC TC JC QC KC JS QS KS AS"]
"""Seat 2 holds 7D and AC, takes AH and 8C from the middle and leads; he has the royal flush."""


def act(state: State, seed: int = 0) -> str:
    seat = state.current_player
    assert seat is not None
    return PikenBot(seed).act(state.view(seat))


def test_registered_as_the_piken_heuristic() -> None:
    assert bot_kinds("piken") == ["random", "heuristic", "normal", "strong", "pimc", "ismcts"]
    assert isinstance(make_bot("piken", "heuristic", 1), PikenBot)


def test_only_legal_actions() -> None:
    game = troef.load_game("piken")
    rng = random.Random(5)
    for _ in range(60):
        state = game.deal(seed=rng.randrange(2**32), dealer=rng.randrange(3))
        bots = [PikenBot(rng.randrange(99)) if rng.random() < 0.7 else RandomBot(1) for _ in range(3)]
        while (seat := state.current_player) is not None:
            view = state.view(seat)
            action = bots[seat].act(view)
            assert action in view["legal_actions"]
            state.apply(action)


def game_actions(seed: int) -> list[str]:
    state = troef.load_game("piken").deal(seed=seed, dealer=1)
    play_out(state, [PikenBot(seed + s) for s in range(3)])
    actions: list[str] = state.record()["actions"]
    return actions


def test_deterministic_under_a_seed() -> None:
    for seed in range(5):
        assert game_actions(seed) == game_actions(seed)


def test_always_draws_a_middle_card() -> None:
    state = start([BASE[0], BASE[1], "AH AC TC JC QC KC JS QS KS AS"], "7D 8C", 0)
    assert act(state) in ("draw 1", "draw 2")


def test_drops_out_with_its_least_useful_card() -> None:
    # the pair 8H 8S is highest; KD AD TS cannot beat it: the ten goes, the king and ace stay
    assert act(start(BASE, "7D AC", 2, GAME[:11])) == "play TS"


def test_keeps_the_royal_flush_when_leading_and_takes_a_big_pot_with_it() -> None:
    lead = act(start(ROYAL, "AH 8C", 0))
    assert len(lead.split()) == 2, "leads a single card, not the royal flush"
    pot = start(ROYAL, "AH 8C", 0, ["play 8C", "play 8D 9D TD JD QD", "play 9H TH JH QH KH"])
    assert act(pot) == "play TC JC QC KC AC"


def test_beats_a_low_single_cheaply() -> None:
    # seat 0 faces 8C with 8D 9D TD JD QD 7H 7S 7C 8H 8S: a single above 8C, no combination broken
    assert act(start(BASE, "7D AC", 2, GAME[:1])) == "play 9D"


def test_beats_random_in_a_quick_sample() -> None:
    game = troef.load_game("piken")
    rng = random.Random(11)
    diffs: list[float] = []
    for i in range(60):
        seat = i % 3
        bots = [PikenBot(i) if s == seat else RandomBot(rng.randrange(2**32)) for s in range(3)]
        state = game.deal(seed=rng.randrange(2**63), dealer=(i // 3) % 3)
        play_out(state, bots)
        scores = state.result()["scores"]
        diffs.append(scores[seat] - statistics.fmean(scores[s] for s in range(3) if s != seat))
    assert statistics.fmean(diffs) > 5, "the heuristic seat should take clearly more cards"
