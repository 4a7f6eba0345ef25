"""The learned Rififi bot (`troef.interfaces.rl.learned`): the shipped weights load and play legal moves in
every preset and number of players, the numpy network equals a reference computation, the bot is found
through the ``troef.bots`` entry point (make_bot, bot_kinds, the arena, the server's bot list), bad
input gives troef errors; docs/rl.md's PettingZoo learner runs; with torch, a tiny training run writes a
loadable file."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.slow

np = pytest.importorskip("numpy", reason="the learned bot needs numpy: pip install 'troef[rl]'")

import troef  # noqa: E402
from test_benchmarks import bench  # noqa: E402
from test_cli import invoke  # noqa: E402
from test_cli_play import play  # noqa: E402
from test_search import play_legally  # noqa: E402
from troef.core.errors import GameError, TroefError  # noqa: E402
from troef.games.rififi import Rififi  # noqa: E402
from troef.interfaces.rl.learned import PLUGIN  # noqa: E402
from troef.interfaces.rl.learned.bot import WEIGHTS_FILE, LearnedBot, network  # noqa: E402
from troef.interfaces.rl.learned.features import ACTIONS, PLAYERS, card_order, inputs, switches  # noqa: E402
from troef.interfaces.rl.learned.network import WEIGHTS, load  # noqa: E402
from troef.players import bot_kinds, make_bot, play_out, plugins  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rl.md"
PRESETS = ("standaard", "oh-hell")


def test_the_shipped_weights_are_small_and_say_how_they_were_made() -> None:
    assert WEIGHTS_FILE.stat().st_size <= 5 * 2**20
    net = network()
    meta = net.meta
    made_by = ("python -m troef.rl.train", "python -m troef.interfaces.rl.learned.train")  # then, now
    assert meta["command"].startswith(tuple(f"{command} rififi --seed " for command in made_by))
    assert f"--seed {meta['seed']}" in meta["command"]
    assert meta["torch"].startswith("2.13.0")
    assert net.layout() == inputs(4).layout
    assert json.loads(meta["trained"])["rounds"] > 0
    assert net.w1o.shape == (inputs(4).size, net.b1.size) and net.w1a.shape == (ACTIONS, net.b1.size)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", PLAYERS)
def test_learned_seats_play_only_legal_actions(preset: str, players: int) -> None:
    game = Rififi(preset, players)
    rng = random.Random(players)
    for i in range(12):
        kinds = ["learned", "learned", "random", "heuristic", "learned", "random"][:players]
        rng.shuffle(kinds)
        bots = [make_bot("rififi", k, rng.randrange(2**32)) for k in kinds]
        hand = None if i % 2 else rng.randint(1, game.max_hand)
        play_legally(game.deal(seed=rng.randrange(2**32), dealer=i % players, hand_size=hand), bots)


def test_custom_rules_are_played_too() -> None:
    game = troef.load_game("rififi", rules={"preset": "oh-hell", "must_trump": True, "tricks": 5})
    state = game.deal(seed=2, dealer=1)
    play_out(state, [make_bot("rififi", "learned", s) for s in range(4)])
    assert state.is_over


def reference_values(net: Any, observation: Any, actions: Any) -> list[float]:
    """The network's formula, one action at a time in plain Python."""
    out = []
    for row in actions:
        h1 = [
            max(
                0.0,
                sum(observation[i] * net.w1o[i, j] for i in np.flatnonzero(observation))
                + net.b1[j]
                + sum(row[i] * net.w1a[i, j] for i in np.flatnonzero(row)),
            )
            for j in range(net.b1.size)
        ]
        h2 = [
            max(0.0, sum(h1[i] * net.w2[i, j] for i in range(len(h1))) + net.b2[j])
            for j in range(net.b2.size)
        ]
        out.append(sum(h * w for h, w in zip(h2, net.w3, strict=True)) + float(net.b3[0]))
    return out


def test_the_numpy_forward_pass_equals_the_formula() -> None:
    net = network()
    state = troef.load_game("rififi", rules="oh-hell").deal(seed=5, dealer=0)
    for _ in range(6):  # into the play
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    assert seat is not None
    inp, rules = inputs(4), switches("oh-hell", 4)
    vector = inp.encoder.encode(state.view(seat))
    observation, trump = inp.observation(vector, rules)
    ids = [inp.index.of(a.text) for a in state.legal_actions()]
    rows = inp.actions(vector, rules, trump, ids)
    assert np.allclose(net.values(observation, rows), reference_values(net, observation, rows), atol=1e-4)


def test_the_inputs_put_trump_first_and_pad_the_seats() -> None:
    state = troef.load_game("rififi", players=3).deal(seed=3, dealer=0)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    inp = inputs(3)
    observation, trump = inp.observation(inp.encoder.encode(view), switches("standaard", 3))
    assert trump == "SHDC".index(view["trump"])
    order = card_order(trump)
    assert sorted(troef.core.cards.CODES[order[i]] for i in np.flatnonzero(observation[:52])) == sorted(
        view["hand"]
    )
    assert {c // 13 for c in order[:13]} == {trump}
    assert all(inputs(n).size == inp.size and inputs(n).layout == inp.layout for n in PLAYERS)
    offsets = dict(
        zip([name for name, _ in inp.layout], np.cumsum([0] + [s for _, s in inp.layout]), strict=False)
    )
    assert observation[offsets["to_act"] : offsets["to_act"] + 6].tolist() == [1, 0, 0, 0, 0, 0]
    assert observation[offsets["players"] : offsets["players"] + 4].tolist() == [1, 0, 0, 0]


def test_the_observation_and_a_view_give_the_same_inputs() -> None:
    game = troef.load_game("rififi", rules="oh-hell", players=5)
    state = game.deal(seed=9, dealer=2)
    inp, rules = inputs(5), switches("oh-hell", 5)
    while (seat := state.current_player) is not None:
        fast = inp.observation(inp.encoder.observe(state, seat), rules)[0]
        slow = inp.observation(inp.encoder.encode(state.view(seat)), rules)[0]
        assert np.array_equal(fast, slow)
        state.apply(random.Random(seat).choice(state.legal_actions()))


def test_found_through_the_entry_point_for_rififi_only() -> None:
    assert plugins()["learned"] is PLUGIN
    assert bot_kinds("rififi")[-1] == "learned"
    assert all("learned" not in bot_kinds(g) for g in ("rikken", "hoogjassen", "piken"))
    assert isinstance(make_bot("rififi", "learned", 1), LearnedBot)
    assert make_bot("rififi", "learned", 1).name == "learned"


def test_bad_input_gives_troef_errors() -> None:
    with pytest.raises(GameError, match="no learned bot for rikken; it plays rififi"):
        make_bot("rikken", "learned", 1)
    bot = make_bot("rififi", "learned", 1)
    state = troef.load_game("rikken").deal(seed=1, dealer=0)
    seat = state.current_player
    assert seat is not None
    with pytest.raises(TroefError, match="the learned bot plays rififi, not rikken"):
        bot.act(state.view(seat))


def test_a_broken_weights_file_is_a_troef_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a weights file")
    with pytest.raises(GameError, match="cannot load the learned bot's weights"):
        load(bad)
    with pytest.raises(GameError, match="cannot load"):
        load(tmp_path / "missing.npz")


def test_without_numpy_it_is_not_offered_and_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import troef.interfaces.rl.learned as learned

    monkeypatch.setattr(learned, "find_spec", lambda name: None)
    assert PLUGIN.games == frozenset()
    monkeypatch.setitem(__import__("sys").modules, "troef.interfaces.rl.learned.bot", None)
    with pytest.raises(GameError, match=re.escape("the learned bot needs numpy: pip install 'troef[rl]'")):
        make_bot("rififi", "learned", 1)


def test_the_arena_plays_it_and_leaves_it_out_by_default() -> None:
    result = invoke("arena", "rififi", "--bots", "learned,random", "--deals", "4", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert re.search(r"learned\s+│\s+random\s+│\s+[+-]\d+\.\d\d", result.stdout)
    default = invoke("arena", "rififi", "--deals", "2", "--workers", "1")
    assert "learned" not in default.stdout and "heuristic" in default.stdout


def test_troef_play_takes_learned_opponents() -> None:
    result = play("--bot", "learned", "--seed", "1", "--rounds", "2")
    assert result.exit_code == 0 and "Round 2 of 2" in result.stdout


def test_the_server_offers_it() -> None:
    seats = pytest.importorskip("troef.interfaces.web.seats", reason="the server needs troef[server]")
    assert seats.bot_kind("rififi", "learned") == "learned"


def test_the_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    bench("bots_learned").main(["--deals", "3", "--preset", "oh-hell", "--rounds", "2"])
    out = capsys.readouterr().out
    assert re.search(r"learned bot: \d+\.\d\d ms a move", out)
    assert re.search(r"learned - heuristic +[+-]\d+\.\d\d  95% CI", out)


def pettingzoo_example() -> str:
    """The code of docs/rl.md's PettingZoo learner."""
    text = DOCS.read_text(encoding="utf-8")
    start = text.index("### A learner on the PettingZoo environment")
    block = re.search(r"```python\n(.*?)```", text[start:], re.S)
    assert block is not None
    return block.group(1)


def test_the_pettingzoo_learner_in_the_docs_runs() -> None:
    pytest.importorskip("pettingzoo")
    code = pettingzoo_example()
    sizes = "EPISODES, TESTS, EPSILON, STEP = 3000, 300, 0.1, 0.02"
    assert sizes in code
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code.replace(sizes, "EPISODES, TESTS, EPSILON, STEP = 20, 10, 0.1, 0.02"), {"__name__": "docs"})
    assert re.fullmatch(r"learner [+-]\d\.\d{3}, random [+-]\d\.\d{3} a round .*\n", out.getvalue())


def test_a_tiny_training_run_writes_a_loadable_file(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    from troef.interfaces.rl.learned import train

    out = tmp_path / "tiny.npz"
    train.main(["rififi", "--seed", "3", "--rounds", "24", "--batch-rounds", "12", "--out", str(out)])
    net = load(out)
    assert (
        net.meta["command"]
        == "python -m troef.interfaces.rl.learned.train rififi --seed 3 --rounds 24 --batch-rounds 12 --out "
        + str(out)
    )
    assert json.loads(net.meta["trained"])["rounds"] == 24
    state = troef.load_game("rififi").deal(seed=1, dealer=0)
    play_out(state, [LearnedBot(s, net) for s in range(4)])
    assert state.is_over
    again = tmp_path / "again.npz"
    train.main(["rififi", "--seed", "3", "--rounds", "24", "--batch-rounds", "12", "--out", str(again)])
    assert all(np.array_equal(getattr(net, w), getattr(load(again), w)) for w in WEIGHTS)
