"""troef.interfaces.rl.pettingzoo: PettingZoo's own checks (api_test, seed_test, render_test), a pickle round
trip, and what api_test skips for dict observations: the mask equals the legal actions at every step of many
random rounds, determinism (also of reset() without a seed), and no warnings but PettingZoo's two for
dict observations.  ``TROEF_RL_ROUNDS`` sets the random rounds per configuration (default 250; the
issue's full check is ``TROEF_RL_ROUNDS=1000 pytest tests/test_rl_pettingzoo.py``)."""

from __future__ import annotations

import functools
import os
import pickle
import random
import warnings
from typing import Any

import pytest

pytestmark = pytest.mark.slow

np = pytest.importorskip("numpy", reason="troef.interfaces.rl needs numpy: pip install 'troef[rl]'")
pytest.importorskip("pettingzoo", reason="troef.interfaces.rl needs pettingzoo: pip install 'troef[rl]'")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from troef.games import GAMES  # noqa: E402
from troef.interfaces.rl.pettingzoo import env, raw_env, reward_scale  # noqa: E402

ROUNDS = int(os.environ.get("TROEF_RL_ROUNDS", "250"))
CONFIGS = [
    (name, preset.name, players)
    for name, cls in GAMES.items()
    for preset in cls.presets
    for players in range(cls.min_players, cls.max_players + 1)
]
IDS = [f"{g}-{p}-{n}" for g, p, n in CONFIGS]
DICT_WARNINGS = {
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
}
"""The two warnings PettingZoo's api_test always gives for a Dict observation space."""


def random_episode(e: Any, rng: random.Random) -> list[Any]:
    """Play ``e`` (already reset) to the end with random legal actions; what each step observed."""
    trail: list[Any] = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        trail.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(np.int64(legal[rng.randrange(len(legal))]))
    return trail


@pytest.mark.parametrize(("game", "rules", "players"), CONFIGS, ids=IDS)
def test_pettingzoo_api_seed_and_render_tests_pass(game: str, rules: str, players: int) -> None:
    make = functools.partial(env, game, rules=rules, players=players)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(), num_cycles=300)
    assert {str(w.message) for w in caught} <= DICT_WARNINGS
    seed_test(make, num_cycles=100)
    render_test(make, {"ansi": lambda text: isinstance(text, str) and len(text) > 0})


@pytest.mark.parametrize(("game", "rules", "players"), CONFIGS, ids=IDS)
def test_the_mask_is_the_legal_actions_at_every_step(game: str, rules: str, players: int) -> None:
    e = raw_env(game, rules=rules, players=players)
    rng = random.Random(7)
    n = e.game.players
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for r in range(ROUNDS):
            e.reset(seed=r)
            steps = 0
            while not e.round_state.is_over:
                seat = e.round_state.actor
                agent = e.agent_selection
                assert agent == f"player_{seat}"
                obs = e.observe(agent)
                legal = sorted(e.index.of(a) for a in e.round_state.legal_actions())
                assert np.flatnonzero(obs["action_mask"]).tolist() == legal
                assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
                other = f"player_{(seat + 1 + steps) % n}"
                if other != agent:  # off turn: a valid observation, an all-zero mask
                    off = e.observe(other)
                    assert not off["action_mask"].any()
                    assert e.observation_space(other).contains(off)
                assert e.observation_space(agent).contains(obs)
                e.step(np.int32(legal[rng.randrange(len(legal))]))
                steps += 1
            assert all(e.terminations.values()) and not any(e.truncations.values())
            scores = e.round_state.result()["scores"]
            assert [e.rewards[a] for a in e.possible_agents] == [s / e.scale for s in scores]
            for a in e.possible_agents:  # observe stays valid once the round is over
                assert not e.observe(a)["action_mask"].any()


@pytest.mark.parametrize(("game", "rules", "players"), CONFIGS, ids=IDS)
def test_episodes_are_deterministic_and_pickle(game: str, rules: str, players: int) -> None:
    def run(e: Any) -> list[Any]:
        e.reset(seed=11)
        trail = random_episode(e, random.Random(3))
        for k in range(3):  # reset() without a seed goes on with the seeded stream
            e.reset()
            trail += random_episode(e, random.Random(k))
        return trail

    first = run(env(game, rules=rules, players=players))
    assert run(env(game, rules=rules, players=players)) == first
    e = env(game, rules=rules, players=players)
    e.reset(seed=5)
    copy = pickle.loads(pickle.dumps(e))
    assert random_episode(copy, random.Random(1)) == random_episode(e, random.Random(1))


def test_spaces_are_the_same_objects_and_the_scale_bounds_rififi() -> None:
    e = env("rififi", rules="oh-hell", players=3)
    e.reset(seed=0)
    assert e.observation_space("player_0") is e.observation_space("player_0")
    assert e.action_space("player_1") is e.action_space("player_1")
    raw = raw_env("rififi", players=4)
    assert reward_scale(raw.game) == 10 + 9 * 9  # 36 cards, 9 a hand: an exact 9 scores 10 + 81
    assert raw_env("rififi", rules="oh-hell", players=4, tricks=5).game.rules["tricks"] == 5


def test_illegal_actions_end_the_round_in_the_wrapped_env() -> None:
    e = env("piken")
    e.reset(seed=2)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)
    assert all(e.terminations.values()) and e.rewards[e.possible_agents[0]] in (-1, 0)


def test_the_raw_env_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("rififi", render_mode="rgb_array")
    e = raw_env("rififi")
    with pytest.raises(RuntimeError, match="reset"):
        e.observe("player_0")
    e.reset(seed=1, options={"dealer": 2})
    assert e.round_state.dealer == 2
