"""Property: every Rikken round settles to zero, in both presets, with 4 and 5 players (spec 6)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import troef

pytestmark = pytest.mark.engine


@settings(max_examples=300, deadline=None)
@given(
    preset=st.sampled_from(["kampioenschap", "bsg"]),
    players=st.sampled_from([4, 5]),
    seed=st.integers(min_value=0, max_value=2**32),
    dealer=st.integers(min_value=0, max_value=4),
)
def test_scores_are_zero_sum(preset: str, players: int, seed: int, dealer: int) -> None:
    game = troef.load_game("rikken", rules=preset, players=players)
    state = game.deal(seed=seed, dealer=dealer % players)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    scores = state.result()["scores"]
    assert len(scores) == players
    assert sum(scores) == 0
    if players == 5:
        assert scores[dealer % players] == 0  # the dealer sits out
