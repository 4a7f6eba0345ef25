"""troef.interfaces.rl's encoders and action indices: sizes, ranges, the index enumerated from the rules with
index -> text -> index round trips, per-action features, and an observation that depends on the seat's
view only (other seats' hidden cards do not change it)."""

from __future__ import annotations

import copy
import math
import random
from typing import Any

import pytest

pytestmark = pytest.mark.slow

np = pytest.importorskip("numpy", reason="troef.interfaces.rl needs numpy: pip install 'troef[rl]'")

from troef.core.actions import parse_action  # noqa: E402
from troef.core.cards import parse_card  # noqa: E402
from troef.games import GAMES, load_game  # noqa: E402
from troef.interfaces.rl.actions import FEATURES, action_index  # noqa: E402
from troef.interfaces.rl.encode import encoder  # noqa: E402

COUNTS = [(name, n) for name, cls in GAMES.items() for n in range(cls.min_players, cls.max_players + 1)]
CONFIGS = [
    (name, preset.name, n)
    for name, cls in GAMES.items()
    for preset in cls.presets
    for n in range(cls.min_players, cls.max_players + 1)
]


@pytest.mark.parametrize(("game", "players"), COUNTS, ids=[f"{g}-{n}" for g, n in COUNTS])
def test_index_text_index_round_trips(game: str, players: int) -> None:
    ix = action_index(game, players)
    assert action_index(game, players) is ix
    for i, text in enumerate(ix.texts):
        assert ix.of(text) == i and ix.text(np.int64(i)) == text
        assert parse_action(text).text == text  # canonical notation
    with pytest.raises(IndexError):
        ix.text(ix.size)
    feats = ix.features()
    assert feats.shape == (ix.size, FEATURES) and feats.dtype == np.float32
    assert feats.min() >= 0 and feats.max() <= 1
    assert len({row.tobytes() for row in feats}) == ix.size  # every action has its own features


def test_the_index_sizes_follow_from_the_rules() -> None:
    assert action_index("rififi", 3).size == 52 + 18 and action_index("rififi", 6).size == 52 + 9
    assert action_index("rikken", 4).size == action_index("rikken", 5).size == 52 * 2 + 8 + 4 + 4 + 3 + 1 + 24
    low4, low3 = (990 - 120) // 10 + 1, (990 - 170) // 10 + 1
    assert action_index("hoogjassen", 4).size == 31 + 1 + 2 * low4 + 2 + 4 + math.comb(31, 3)
    assert action_index("hoogjassen", 3).size == 31 + 1 + 2 * low3 + 2 + 4 + math.comb(31, 4)
    hoogjassen = action_index("hoogjassen", 4)
    last = hoogjassen.of("bid 150 last")
    assert last == hoogjassen.of("bid 150") + low4 and hoogjassen.texts[last + 1] == "bid 160 last"
    rows = hoogjassen.features()[[hoogjassen.of("bid 150"), last]]
    assert (rows[1] - rows[0]).tolist() == [0.0] * (FEATURES - 1) + [1.0]  # the last feature block
    assert action_index("piken", 3).size == 3 + 10856
    piken = action_index("piken").features()
    row = piken[action_index("piken").of("play 7D 7H 7S 7C")]  # four of a kind decided by 7C
    assert row[52 + 11 + 1 + 1 + 4 + 7] == 1 and row[52 + 11 + 1 + 1 + 4 + 10 + parse_card("7C")] == 1


@pytest.mark.parametrize(("game", "rules", "players"), CONFIGS, ids=[f"{g}-{r}-{n}" for g, r, n in CONFIGS])
def test_observations_are_unit_float32_and_every_legal_action_is_indexed(
    game: str, rules: str, players: int
) -> None:
    g = load_game(game, rules, players)
    enc, ix = encoder(game, players), action_index(game, players)
    assert sum(size for _, size in enc.layout) == enc.size
    for seed in range(15):
        state, rng = g.deal(seed, seed % players), random.Random(seed)
        while True:
            for seat in range(players):
                obs = enc.encode(state.view(seat))
                assert obs.dtype == np.float32 and obs.shape == (enc.size,)
                assert obs.min() >= 0 and obs.max() <= 1
            if state.is_over:
                break
            legal = state.legal_actions()
            assert all(a.text in ix.index for a in legal)
            state.apply(rng.choice(legal))


def _swapped(deal: dict[str, Any], a: int, b: int, i: int, j: int) -> dict[str, Any]:
    new = copy.deepcopy(deal)
    new["hands"][a][i], new["hands"][b][j] = deal["hands"][b][j], deal["hands"][a][i]
    return new


@pytest.mark.parametrize(("game", "rules", "players"), CONFIGS, ids=[f"{g}-{r}-{n}" for g, r, n in CONFIGS])
def test_other_seats_hidden_cards_do_not_change_an_observation(game: str, rules: str, players: int) -> None:
    """Swap cards between two other seats' hands: where the seat's view is the same, so is its vector;
    and the seats whose hands changed see a different vector."""
    g = load_game(game, rules, players)
    enc = encoder(game, players)
    compared = 0
    for seed in range(6):
        state = g.deal(seed, 0)
        deal = state.deal_record()
        seat, a, b = 0, 1, 2
        for i in range(len(deal["hands"][a])):
            other = g.from_deal(_swapped(deal, a, b, i, 0), 0)
            if other.view(seat) != state.view(seat):
                continue  # the swap changed something public (a turned card, who may draw)
            first, second = state.clone(), other
            rng = random.Random(seed)
            while not first.is_over:
                if first.view(seat) == second.view(seat):
                    assert np.array_equal(enc.encode(first.view(seat)), enc.encode(second.view(seat)))
                    compared += 1
                action = rng.choice(first.legal_actions())
                if action not in second.legal_actions():
                    break
                first.apply(action)
                second.apply(action)
            assert not np.array_equal(enc.encode(state.view(a)), enc.encode(other.view(a)))
            break
    assert compared > 0


def test_the_encoder_refuses_a_spectator_and_another_game() -> None:
    state = load_game("rififi").deal(1)
    with pytest.raises(ValueError, match="spectator"):
        encoder("rififi", 4).encode(state.view(None))
    with pytest.raises(ValueError, match="encoder is for"):
        encoder("rififi", 3).encode(state.view(0))


def test_a_bid_declared_last_is_indexed_and_puts_its_bidder_out() -> None:
    game = load_game("hoogjassen", {"preset": "standaard", "last_bid": True}, 4)
    enc, ix = encoder("hoogjassen", 4), action_index("hoogjassen", 4)
    state = game.deal(3, 3)  # seat 0 speaks first
    assert {a.text for a in state.legal_actions()} <= set(ix.index)
    state.apply("bid 120")
    state.apply("bid 130 last")
    auction = enc.offsets["auction"]
    for action in [None, "bid 140"]:
        if action:
            state.apply(action)
        for me in range(4):
            obs = enc.encode(state.view(me))
            assert np.array_equal(obs, enc.observe(state, me))
            seat0, seat1 = auction + 3 * ((0 - me) % 4), auction + 3 * ((1 - me) % 4)
            assert obs[seat0 : seat0 + 2].tolist() == [1.0, 0.0]  # spoke, still in
            assert obs[seat1 : seat1 + 2].tolist() == [1.0, 1.0]  # spoke, out: his bid was his last
    rng = random.Random(4)
    for seed in range(20):
        state = game.deal(seed, seed % 4)
        while not state.is_over:
            legal = state.legal_actions()
            assert all(a.text in ix.index for a in legal)
            state.apply(rng.choice(legal))
