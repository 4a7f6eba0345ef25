"""troef's games registered with OpenSpiel (`troef.interfaces.rl.openspiel`): OpenSpiel's own checks on every
game x preset x player count, the deal as chance nodes, utility bounds, resampling, Hoogjassen's
discard picks, the oh-hell preset against C++ ``oh_hell``, and smoke runs of OpenSpiel's algorithms."""

from __future__ import annotations

import copy
import itertools
import json
import pickle
import random
import resource
import subprocess
import sys
import textwrap
from typing import Any

import pytest

pytestmark = pytest.mark.slow

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    ismcts,
    mcts,
    random_agent,
    tabular_qlearner,
)

import troef  # noqa: E402
from openspiel_bridge import (  # noqa: E402
    game_string,
    max_tricks,
    openspiel_action_text,
    to_openspiel_card,
)
from troef.core.cards import CODES  # noqa: E402
from troef.interfaces.rl import openspiel as tos  # noqa: E402
from troef.interfaces.rl.encode import encoder  # noqa: E402
from troef.interfaces.rl.games.hoogjassen import max_roem  # noqa: E402
from troef.interfaces.rl.kits import kit_of  # noqa: E402

CONFIGS = [
    (name, preset.name, n)
    for name, cls in troef.GAMES.items()
    for preset in cls.presets
    for n in range(cls.min_players, cls.max_players + 1)
]
IDS = [f"{g}-{p}-{n}p" for g, p, n in CONFIGS]
GAMES = list(troef.GAMES)
BOUND_ROUNDS = 300


def load(name: str, preset: str, players: int, **options: Any) -> Any:
    return pyspiel.load_game(tos.short_name(name), {"rules": preset, "players": players, **options})


def deal(state: Any, rng: random.Random) -> None:
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])


def walk(game: Any, rng: random.Random) -> list[Any]:
    """Every state of one random round, chance included, terminal last."""
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            deal(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


# ---------------------------------------------------------------------- registration and parameters


def test_every_game_is_registered_with_its_utility_type() -> None:
    names = pyspiel.registered_names()
    zero = pyspiel.GameType.Utility.ZERO_SUM
    general = pyspiel.GameType.Utility.GENERAL_SUM
    expected = {"rififi": general, "rikken": zero, "hoogjassen": zero, "piken": general}
    for name, utility in expected.items():
        assert f"python_troef_{name}" in names
        game = pyspiel.load_game(f"python_troef_{name}")
        assert game.get_type().utility == utility
        assert game.num_players() == troef.GAMES[name].default_players
        assert game.max_chance_outcomes() == 52
        assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert (game.utility_sum() == 0.0) == (utility == zero)


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=IDS)
def test_game_info_from_the_parameters(name: str, preset: str, players: int) -> None:
    game = load(name, preset, players)
    spiel: tos.OpenSpielGame = game
    assert game.num_players() == players
    assert spiel.troef.rules.preset.name == preset
    kit = kit_of(name)
    assert (game.min_utility(), game.max_utility()) == kit.bounds(spiel.troef)
    assert game.max_game_length() == kit.max_game_length(spiel.troef)
    assert game.observation_tensor_size() == encoder(name, players).size
    if name == "hoogjassen":  # plays, pass, bids, take-lummel, ongedraaid, trumps, then a pick per card
        assert game.num_distinct_actions() == spiel.picks + 31
        assert spiel.index.actions[spiel.picks].kind == "discard"
    else:
        assert game.num_distinct_actions() == spiel.index.size


def test_proved_bounds() -> None:
    assert load("rififi", "standaard", 4).max_utility() == 10 + 9 * 9  # exact bid of 9
    assert load("rififi", "standaard", 4).min_utility() == -9
    assert (
        load("rififi", "oh-hell", 5, tricks=7).min_utility(),
        load("rififi", "oh-hell", 5, tricks=7).max_utility(),
    ) == (0, 17)
    assert load("rikken", "kampioenschap", 4).max_utility() == 3 * 210  # 13-alleen made, from 3 opponents
    assert load("rikken", "bsg", 4).max_utility() == 3 * 150  # open-misère-praatje joint, 3 payers
    hoog = load("hoogjassen", "standaard", 4)
    assert max_roem(7) == 200 + 2 * 100 + 20 + 20
    assert hoog.max_utility() == 3 * 2 * (250 - 120 + 440)
    assert hoog.min_utility() == -3 * 2 * 500
    assert load("hoogjassen", "standaard", 4, max_bid=990).min_utility() == -3 * 2 * 990
    assert (load("piken", "standaard", 3).min_utility(), load("piken", "standaard", 3).max_utility()) == (
        0,
        32,
    )


def test_options_override_the_preset() -> None:
    spiel: tos.OpenSpielGame = load("rififi", "oh-hell", 4, tricks=5)
    assert spiel.troef.rules["pack"] == "french52" and spiel.troef.rules["hook"] is True
    assert spiel.troef.hand_size == 5  # type: ignore[attr-defined]
    bsg: tos.OpenSpielGame = load("rikken", "bsg", 4)  # options at their defaults keep the preset's
    assert bsg.troef.rules["scoring"] == "bsg" and bsg.troef.rules["step_rule"] is False
    std: tos.OpenSpielGame = pyspiel.load_game("python_troef_rififi(must_trump=False,pack=french52)")
    assert std.troef.rules["must_trump"] is False and len(std.pack) == 52


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("python_troef_rififi(rules=bridge)", "no preset 'bridge'"),
        ("python_troef_rififi(players=7)", "played by 3 to 6 players"),
        ("python_troef_rififi(tricks=10)", "too many"),
        ("python_troef_rikken(scoring=nonsense)", "scoring"),
        ("python_troef_piken(players=4)", "played by 3 players"),
        ("python_troef_piken(bogus=1)", "Unknown parameter"),
    ],
)
def test_bad_parameters_are_refused_clearly(text: str, message: str) -> None:
    with pytest.raises(Exception, match=message):
        pyspiel.load_game(text)


# ---------------------------------------------------------------------- OpenSpiel's own checks


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=IDS)
def test_random_sim_test(name: str, preset: str, players: int) -> None:
    pyspiel.random_sim_test(load(name, preset, players), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=IDS)
def test_pickle_and_serialize_round_trips(name: str, preset: str, players: int) -> None:
    game = load(name, preset, players)
    states = walk(game, random.Random(players))
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.max_utility() == game.max_utility()
    for state in [*states[:: max(1, len(states) // 6)], states[-1]]:
        for copy_ in (
            pickle.loads(pickle.dumps(state)),
            pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        ):
            assert copy_.history() == state.history()
            assert str(copy_) == str(state)
            assert copy_.is_terminal() == state.is_terminal()
            if state.is_terminal():
                assert copy_.returns() == state.returns()
            elif not state.is_chance_node():
                assert copy_.legal_actions() == state.legal_actions()
                p = state.current_player()
                assert copy_.information_state_string(p) == state.information_state_string(p)


def test_clone_copies_the_round_with_troefs_clone() -> None:
    state = load("rikken", "kampioenschap", 4).new_initial_state()
    deal(state, random.Random(3))
    twin = state.clone()
    assert twin.round is not state.round and twin.round.state is not state.round.state
    assert twin.round.state.game is state.round.state.game  # the rules are shared, not copied
    twin.apply_action(twin.legal_actions()[0])
    assert twin.history() != state.history() and len(state.round.state.actions) == 0
    assert copy.deepcopy(state.round).state.record() == state.round.state.record()


# ---------------------------------------------------------------------- the deal


def test_chance_deals_the_dealer_then_card_by_card() -> None:
    game = load("rififi", "standaard", 4)  # 36 cards, 9 each: every card dealt
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(s, 0.25) for s in range(4)]
    state.apply_action(2)
    pack = game.pack
    rng = random.Random(5)
    order = rng.sample(pack, 36)
    for i, card in enumerate(order):
        outcomes = state.chance_outcomes()
        assert [c for c, _ in outcomes] == sorted(set(pack) - set(order[:i]))
        assert all(p == pytest.approx(1 / (36 - i)) for _, p in outcomes)
        assert state.action_to_string(card) == f"deal {CODES[card]}"
        state.apply_action(card)
    assert state.current_player() == 3  # left of the dealer bids first
    record = state.round.state.record()
    for k, seat in enumerate((3, 0, 1, 2)):  # clockwise from the dealer's left
        assert sorted(record["deal"]["hands"][seat]) == sorted(CODES[c] for c in order[k::4])
    assert record["deal"]["trump_card"] == CODES[order[-1]]  # the dealer's last card is turned
    assert CODES[order[-1]] in record["deal"]["hands"][2]


@pytest.mark.parametrize(
    ("name", "preset", "players", "extra", "key"),
    [
        ("rififi", "oh-hell", 3, 1, "trump_card"),  # 51 of 52 cards dealt: one more is turned
        ("hoogjassen", "standaard", 4, 3, "lummel"),
        ("hoogjassen", "standaard", 3, 4, "lummel"),
        ("piken", "standaard", 3, 2, "middle"),
    ],
)
def test_extra_cards_are_further_chance_outcomes(
    name: str, preset: str, players: int, extra: int, key: str
) -> None:
    game = load(name, preset, players)
    state = game.new_initial_state()
    state.apply_action(0)
    cards = []
    while state.is_chance_node():
        cards.append(state.chance_outcomes()[-1][0])
        state.apply_action(cards[-1])
    assert len(cards) == len(game.pack)  # the whole pack: hands, then the extra cards
    deal_ = state.round.state.record()["deal"]
    shown = deal_[key] if isinstance(deal_[key], list) else [deal_[key]]
    extras = [CODES[c] for c in cards[-extra:]]
    assert shown == (
        sorted(extras, key=CODES.index) if key == "lummel" else extras
    )  # the lummel in card order
    assert sum(len(h) for h in deal_["hands"]) == len(cards) - extra


def test_rikken_with_five_deals_nothing_to_the_dealer() -> None:
    state = load("rikken", "kampioenschap", 5).new_initial_state()
    state.apply_action(4)
    assert len(state.chance_outcomes()) == 52
    deal(state, random.Random(1))
    hands = state.round.state.record()["deal"]["hands"]
    assert [len(h) for h in hands] == [13, 13, 13, 13, 0]
    assert state.current_player() == 0


# ---------------------------------------------------------------------- bounds and lengths


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=IDS)
def test_random_rounds_stay_within_the_bounds(name: str, preset: str, players: int) -> None:
    spiel: tos.OpenSpielGame = load(name, preset, players)
    low, high = spiel.min_utility(), spiel.max_utility()
    rng = random.Random(f"{name} {preset} {players}")
    seen_low, seen_high = high, low
    for r in range(BOUND_ROUNDS):
        state = spiel.troef.deal(rng.getrandbits(32), r % players)
        decisions = 0
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            decisions += len(action.cards) if action.kind == "discard" else 1  # a pick per card
            state.apply(action)
        scores = state.final_scores()
        assert all(low <= s <= high for s in scores), (scores, low, high, state.record())
        assert decisions <= spiel.max_game_length()
        if kit_of(name).zero_sum:
            assert sum(scores) == 0
        seen_low, seen_high = min(seen_low, *scores), max(seen_high, *scores)
    assert seen_low < seen_high  # the rounds were scored


# ---------------------------------------------------------------------- information states


@pytest.mark.parametrize(("name", "preset", "players"), CONFIGS, ids=IDS)
def test_resampled_states_keep_the_information_state(name: str, preset: str, players: int) -> None:
    game = load(name, preset, players)
    rng = random.Random(f"resample {name} {preset} {players}")
    changed = 0
    for state in walk(game, rng)[1:-1:3]:
        for player in range(players):
            other = state.resample_from_infostate(player, rng.random)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.current_player() == state.current_player()
            if player == state.current_player():
                assert other.legal_actions() == state.legal_actions()
            changed += str(other) != str(state)
    assert changed > 0  # hidden cards were really drawn again


def test_resampling_keeps_the_turned_card_with_the_dealer() -> None:
    """Rififi with every card dealt: the turned card is the dealer's last card, so every world gives
    it to the dealer until he plays it."""
    game = load("rififi", "standaard", 4)
    rng = random.Random(9)
    state = game.new_initial_state()
    deal(state, rng)
    dealer = state.round.dealer
    turned = state.round.state.record()["deal"]["trump_card"]
    for seat in range(4):
        for _ in range(10):
            world = state.resample_from_infostate(seat, rng.random).round.state.record()["deal"]
            assert world["trump_card"] == turned and turned in world["hands"][dealer]


def test_information_state_shows_no_hidden_card() -> None:
    game = load("rikken", "kampioenschap", 4)
    state = game.new_initial_state()
    deal(state, random.Random(4))
    hands = state.round.state.record()["deal"]["hands"]
    for seat in range(4):
        info = json.loads(state.information_state_string(seat))
        text = json.dumps({k: v for k, v in info.items() if k != "hand"})
        assert sorted(info["hand"]) == sorted(hands[seat])
        assert not any(f'"{c}"' in text for s in range(4) if s != seat for c in hands[s])


def test_observer_tensor_is_the_encoders() -> None:
    game = load("piken", "standaard", 3)
    for state in walk(game, random.Random(2))[::5]:
        for player in range(3):
            tensor = np.array(state.observation_tensor(player), np.float32)
            if state.round.state is None:
                assert tensor.sum() <= 11  # the cards dealt so far and the dealer
            else:
                view = state.round.state.view(player)
                assert np.array_equal(tensor, encoder("piken", 3).encode(view))
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    assert set(observer.dict) == {name for name, _ in encoder("piken", 3).layout}
    with pytest.raises(ValueError, match="one player's private"):
        game.make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
        )


# ---------------------------------------------------------------------- Hoogjassen's discard picks


def to_discard(players: int, seed: int) -> Any:
    """A Hoogjassen round where the declarer has just taken the lummel."""
    rng = random.Random(seed)
    while True:
        state = load("hoogjassen", "standaard", players).new_initial_state()
        deal(state, rng)
        while not state.is_terminal() and state.round.state.phase != "discard":
            texts = {state.action_to_string(a): a for a in state.legal_actions()}
            state.apply_action(texts.get("take-lummel", rng.choice(list(texts.values()))))
        if not state.is_terminal():
            return state


@pytest.mark.parametrize("players", [3, 4])
def test_discard_is_single_card_picks_in_card_order(players: int) -> None:
    state = to_discard(players, players)
    game = state.get_game()
    size = game.discard
    seat = state.current_player()
    hand = sorted(json.loads(state.information_state_string(seat))["hand"], key=CODES.index)
    assert len(hand) == game.troef.hand_size + size
    legal = state.legal_actions()
    assert [state.action_to_string(a) for a in legal] == [f"pick {c}" for c in hand[: len(hand) - size + 1]]
    others = [s for s in range(players) if s != seat]
    picked = []
    for k in range(size):
        legal = state.legal_actions()
        assert legal == sorted(legal) and all(a >= game.picks for a in legal)
        choice = legal[1] if k < size - 1 and len(legal) > 1 else legal[0]
        picked.append(state.action_to_string(choice).split()[1])
        state.apply_action(choice)
        if k < size - 1:
            mine = json.loads(state.information_state_string(seat))
            assert mine["picked"] == picked and mine["picks"] == k + 1
            observer = game.make_py_observer()
            observer.set_from(state, seat)
            afleggers = observer.dict["afleggers"]
            assert sorted(np.flatnonzero(afleggers)) == [CODES.index(c) for c in picked]
            for s in others:
                theirs = json.loads(state.information_state_string(s))
                assert theirs["picks"] == k + 1 and "picked" not in theirs
                observer.set_from(state, s)
                assert not observer.dict["afleggers"].any()
                resampled = state.resample_from_infostate(s, random.Random(k).random)
                assert resampled.information_state_string(s) == state.information_state_string(s)
    troef_state = state.round.state
    assert troef_state.phase == "trump"
    assert troef_state.actions[-1].kind == "discard"
    assert sorted(troef_state.actions[-1].cards) == [CODES.index(c) for c in picked]
    assert all(CODES.index(a) < CODES.index(b) for a, b in itertools.pairwise(picked))


# ---------------------------------------------------------------------- against C++ oh_hell


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_oh_hell_preset_matches_cpp_oh_hell(players: int) -> None:
    rng = random.Random(f"oh_hell {players}")
    for _ in range(25):
        tricks = rng.randint(1, max_tricks(players))
        cpp = pyspiel.load_game(game_string(players, tricks)).new_initial_state()
        ours = load("rififi", "oh-hell", players, tricks=tricks).new_initial_state()
        cpp.apply_action(tricks)
        dealer = rng.randrange(players)
        cpp.apply_action(dealer)
        ours.apply_action(dealer)
        dealt = rng.sample(range(52), players * tricks + 1)
        for card in dealt:  # the i-th card to player i % players, then the trump card
            cpp.apply_action(to_openspiel_card(card))
        for i in range(players * tricks):  # ours: clockwise from the dealer's left
            seat, j = (dealer + 1 + i) % players, i // players
            ours.apply_action(dealt[j * players + seat])
        ours.apply_action(dealt[-1])
        assert not cpp.is_chance_node() and not ours.is_chance_node()
        while not cpp.is_terminal():
            assert ours.current_player() == cpp.current_player()
            theirs = sorted(openspiel_action_text(a) for a in cpp.legal_actions())
            assert sorted(ours.action_to_string(a) for a in ours.legal_actions()) == theirs
            text = rng.choice(theirs)
            cpp.apply_action(next(a for a in cpp.legal_actions() if openspiel_action_text(a) == text))
            ours.apply_action(ours.get_game().action_id(text))
        assert ours.is_terminal()
        assert ours.returns() == cpp.returns()


# ---------------------------------------------------------------------- OpenSpiel's algorithms


@pytest.mark.parametrize("name", GAMES)
def test_python_ismcts_plays_a_round(name: str) -> None:
    game = pyspiel.load_game(tos.short_name(name))
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 3, random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            deal(state, random.Random(moves))
            continue
        action = bot.step(state) if state.current_player() == 0 else rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert game.min_utility() <= min(state.returns()) <= max(state.returns()) <= game.max_utility()


@pytest.mark.parametrize("name", GAMES)
def test_rl_environment_with_tabular_and_random_agents(name: str) -> None:
    """The numpy path NFSP and A2C would take (they need torch or jax): `rl_environment` over the
    observation tensor, a tabular Q-learner and random agents."""
    game = pyspiel.load_game(tos.short_name(name))
    env = rl_environment.Environment(game, seed=0)
    actions = env.action_spec()["num_actions"]
    n = game.num_players()
    agents = [
        tabular_qlearner.QLearner(0, actions),
        *(random_agent.RandomAgent(p, actions) for p in range(1, n)),
    ]
    for _ in range(2):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            legal = step.observations["legal_actions"][player]
            assert legal == env.get_state.legal_actions()
            assert len(step.observations["info_state"][player]) == encoder(name, n).size
            step = env.step([agents[player].step(step).action])
        for agent in agents:
            agent.step(step)
        assert step.rewards == env.get_state.returns()


def agents_for(kind: str, env: Any) -> list[Any]:
    """Small NFSP or A2C agents (OpenSpiel's PyTorch ones) for every seat of ``env``; skips the test
    without torch (and dm-tree, which NFSP needs)."""
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    seats = range(env.num_players)
    if kind == "nfsp":
        nfsp = pytest.importorskip("open_spiel.python.pytorch.nfsp")
        return [
            nfsp.NFSP(
                p, size, actions, [16], 200, 0.1, batch_size=8, min_buffer_size_to_learn=8, learn_every=4
            )
            for p in seats
        ]
    policy_gradient = pytest.importorskip("open_spiel.python.pytorch.policy_gradient")
    return [
        policy_gradient.PolicyGradient(
            p, size, actions, loss_str="a2c", hidden_layers_sizes=(16,), batch_size=2
        )
        for p in seats
    ]


@pytest.mark.parametrize("kind", ["nfsp", "a2c"])
@pytest.mark.parametrize("name", GAMES)
def test_nfsp_and_a2c_train_on_every_game(name: str, kind: str) -> None:
    """OpenSpiel's NFSP and A2C exist only for PyTorch and JAX: this runs where torch is installed."""
    env = rl_environment.Environment(pyspiel.load_game(tos.short_name(name)), seed=1)
    agents = agents_for(kind, env)
    for _ in range(4):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            action = agents[player].step(step).action
            assert action in step.observations["legal_actions"][player]
            step = env.step([action])
        for agent in agents:
            agent.step(step)
        assert step.rewards == env.get_state.returns()


def test_training_example() -> None:
    """The example of ``docs/rl.md`` with half the rounds: Python ISMCTS must score more than a random
    player on the same deals.  The bot draws its worlds from the seeded ``rng`` here (the example
    lets ISMCTS use a fresh sampler per world, so its figures vary a little from run to run)."""
    game = pyspiel.load_game("python_troef_rififi", {"players": 3, "tricks": 3})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=50, random_state=rng)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))

    def play(deal_seed: int, seat_of_bot: int, use_bot: bool) -> float:
        chance = np.random.RandomState(deal_seed)  # the same deals with and without the bot
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chance.choice(outcomes, p=probs))
            elif use_bot and state.current_player() == seat_of_bot:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        return float(state.returns()[seat_of_bot])

    searched = np.mean([play(r, r % 3, True) for r in range(30)])
    randomly = np.mean([play(r, r % 3, False) for r in range(30)])
    assert searched > randomly + 1, (searched, randomly)


CPP_ISMCTS = textwrap.dedent(
    """
    import sys, pyspiel, troef.interfaces.rl.openspiel
    state = pyspiel.load_game("python_troef_rififi").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    bot = pyspiel.ISMCTSBot(0, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 10)
    if sys.argv[1] == "policy":
        try:
            bot.step_with_policy(state)
        except pyspiel.SpielError as e:
            print(e)
    else:
        bot.step(state)
    """
)


def _no_core_dump() -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


@pytest.mark.parametrize("call", ["policy", "step"])
def test_cpp_ismcts_bot_cannot_play_a_python_game(call: str) -> None:
    """C++ ISMCTSBot resamples with C++'s ``ResampleFromInfostate``, which a Python state does not
    provide: ``step_with_policy`` raises, and ``step`` crashes the interpreter (run apart here)."""
    done = subprocess.run(
        [sys.executable, "-c", CPP_ISMCTS, call],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_no_core_dump,
    )
    if call == "policy":
        assert done.returncode == 0 and "ResampleFromInfostate() not implemented" in done.stdout
    else:
        assert done.returncode < 0  # killed by a signal


def test_cpp_random_bot_steps_a_python_game() -> None:
    state = pyspiel.load_game("python_troef_rikken").new_initial_state()
    deal(state, random.Random(0))
    bot = pyspiel.make_uniform_random_bot(state.current_player(), 7)
    assert bot.step(state) in state.legal_actions()


def test_impossible_actions_are_refused_clearly() -> None:
    state = load("rififi", "standaard", 4).new_initial_state()
    with pytest.raises(ValueError, match="chance outcome 4 is not possible"):
        state.apply_action(4)  # a dealer of four players is seat 0..3
    state.apply_action(0)
    state.apply_action(12)  # AS
    with pytest.raises(ValueError, match="chance outcome 12 is not possible"):
        state.apply_action(12)  # dealt twice
    with pytest.raises(ValueError, match="chance outcome 0 is not possible"):
        state.apply_action(0)  # 2S is not in the 36-card pack
    deal(state, random.Random(0))
    with pytest.raises(troef.IllegalAction, match="it is time to bid"):
        state.apply_action(state.get_game().action_id("play AS"))
    assert state.legal_actions((state.current_player() + 1) % 4) == []
    picking = to_discard(4, 1)
    with pytest.raises(ValueError, match="not a card the declarer may pick"):
        picking.apply_action(picking.get_game().action_id("pass"))
