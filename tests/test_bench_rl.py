"""``benchmarks/bench_rl.py`` (smoke tests: no timing is asserted) and the state-direct observations it
measures: for every game `Encoder.observe` reads the round's fields instead of building a
view, and must give the very vector the view-based encoder gives, at every step of many random rounds
(``TROEF_RL_ROUNDS`` per configuration, default 100)."""

from __future__ import annotations

import importlib
import json
import os
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.slow

np = pytest.importorskip("numpy", reason="troef.interfaces.rl needs numpy: pip install 'troef[rl]'")
pytest.importorskip("pettingzoo", reason="troef.interfaces.rl needs pettingzoo: pip install 'troef[rl]'")

from test_rikken_play import blind_rik  # noqa: E402
from troef.core.cards import parse_card  # noqa: E402
from troef.core.errors import GameError  # noqa: E402
from troef.core.game import State  # noqa: E402
from troef.games import GAMES, load_game  # noqa: E402
from troef.games.rikken.rules import Rikken  # noqa: E402
from troef.interfaces.rl.encode import encoder  # noqa: E402
from troef.interfaces.rl.pettingzoo import raw_env  # noqa: E402

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
ROUNDS = int(os.environ.get("TROEF_RL_ROUNDS", "100"))
SECONDS = 0.05
DIRECT = [
    (name, preset.name, players)
    for name in ("rififi", "rikken", "hoogjassen", "piken")
    for preset in GAMES[name].presets
    for players in range(GAMES[name].min_players, GAMES[name].max_players + 1)
]


def bench() -> ModuleType:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    return importlib.import_module("bench_rl")


# --------------------------------------------------------------------------- the state-direct path


@pytest.mark.parametrize(("game", "rules", "players"), DIRECT, ids=[f"{g}-{r}-{n}" for g, r, n in DIRECT])
def test_direct_observations_are_the_view_encoding(game: str, rules: str, players: int) -> None:
    enc = encoder(game, players)
    assert enc.direct
    table = load_game(game, rules, players)
    rng = random.Random(3)
    for r in range(ROUNDS):
        state: State
        if isinstance(table, Rikken) and r % 4 == 0:
            state = table.deal(r, r % players, True)  # a round of the blind rond
        else:
            state = table.deal(r, r % players)
        while True:
            for seat in range(players):  # every seat, on turn and off, and once the round is over
                direct = enc.observe(state, seat)
                viewed = enc.encode(state.view(seat))
                assert direct.dtype == np.float32 and direct.tobytes() == viewed.tobytes(), (r, seat)
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))


def test_a_rikken_card_led_face_down_is_seen_by_the_declarer_only() -> None:
    """Random rounds never lead blind: the rikker's blind lead, set up by hand, goes through the view."""
    state = blind_rik()
    state.apply("play AS blind")
    enc, o = encoder("rikken", 4), encoder("rikken", 4).offsets
    for seat in range(4):
        direct = enc.observe(state, seat)
        assert direct.tobytes() == enc.encode(state.view(seat)).tobytes()
        trick = direct[o["trick"] : o["trick"] + 53]
        assert np.flatnonzero(trick).tolist() == ([12] if seat == 0 else [52])  # AS, or face down
        assert direct[o["played"] : o["played"] + 4 * 52].any() == (seat == 0)


def test_observe_refuses_a_spectator_a_bad_seat_and_another_game() -> None:
    state = load_game("rififi", players=4).deal(1, 0)
    enc = encoder("rififi", 4)
    with pytest.raises(ValueError, match="spectator"):
        enc.observe(state, None)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="seat"):
        enc.observe(state, 4)
    with pytest.raises(ValueError, match="rififi with 3"):
        encoder("rififi", 3).observe(state, 0)
    with pytest.raises(ValueError, match="hoogjassen"):
        encoder("hoogjassen", 4).observe(state, 0)


def test_a_long_piken_round_keeps_its_last_lays_in_the_trick_block() -> None:
    """A Piken round may see more lays than seats: ``trick`` holds the last three, in the order laid, and
    nothing is written past the block (it used to run on into ``leader``, ``tricks_won`` and on)."""
    enc, game, rng = encoder("piken", 3), load_game("piken"), random.Random(5)
    o, long_tables = enc.offsets, 0
    for r in range(60):
        state = game.deal(r, r % 3)
        while not state.is_over:
            view = state.view(state.actor)
            vector = enc.encode(view)
            assert vector[o["leader"] : o["leader"] + 3].sum() == (view["leader"] is not None)
            lays = view["table"][-3:]
            long_tables += len(view["table"]) > 3
            for k in range(3):
                block = vector[o["trick"] + 53 * k : o["trick"] + 53 * k + 52]
                cards = sorted(parse_card(c) for c in lays[k]["cards"]) if k < len(lays) else []
                assert np.flatnonzero(block).tolist() == cards
            state.apply(rng.choice(state.legal_actions()))
    assert long_tables > 0


# --------------------------------------------------------------------------- the benchmark


def line(name: str) -> Any:
    found = [x for x in bench().all_lines() if x.name == name]
    assert len(found) == 1, name
    return found[0]


def test_the_loop_observes_the_agent_to_act_and_plays_on_across_episodes() -> None:
    """`AECStepper` returns the legal actions of the agent to act, and starts the next episode itself."""
    stepper = bench().AECStepper(raw_env("rikken", "bsg", 5))
    env, rng = stepper.env, random.Random(1)
    legal = stepper.start()
    for _ in range(300):
        state = env.round_state
        assert env.agent_selection == f"player_{state.actor}"
        assert sorted(legal) == sorted(env.index.of(a) for a in state.legal_actions())
        legal = stepper.step(legal[rng.randrange(len(legal))])
    assert stepper.episodes > 1


@pytest.mark.parametrize(
    "name",
    [
        "troef raw rififi oh-hell 8 tricks 4p",
        "troef wrapped hoogjassen 3p",
        "troef wrapped piken 3p",
        "PettingZoo wrapped leduc holdem",
        "RLCard limit-holdem",
        "OpenSpiel oh_hell 8 tricks 4p",
    ],
)
def test_each_kind_of_line_measures(name: str) -> None:
    found = line(name)
    if found.make is None:
        assert "pip install" in found.skipped
        pytest.skip(found.skipped)
    figures = bench().measure(found, SECONDS)
    assert figures["rate"] > 0 and figures["steps_per_episode"] > 1


def test_a_missing_peer_is_skipped_saying_why(monkeypatch: pytest.MonkeyPatch) -> None:
    module = bench()
    real = importlib.import_module

    def without_rlcard(name: str, *args: Any) -> ModuleType:
        if name == "rlcard" or name.startswith("pettingzoo.classic"):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args)

    monkeypatch.setattr(module.importlib, "import_module", without_rlcard)
    lines = module.rlcard_lines() + module.pettingzoo_lines()
    assert len(lines) == 6 and all(x.make is None and "pip install rlcard" in x.skipped for x in lines)
    module.drive(lines, SECONDS, 1, in_process=True)  # nothing to run
    figures = module.report(lines, SECONDS, 1)
    assert all(row["skipped"] and row["steps_per_s"] is None for row in figures["lines"])
    assert figures["wrapped_over_pettingzoo"] == [] and figures["troef_over_openspiel"] is None


def test_the_report_compares_with_the_peers_and_the_targets() -> None:
    module = bench()
    lines = module.pick(module.all_lines(), "troef raw piken,troef wrapped piken,PettingZoo wrapped")
    lines = [x for x in lines if x.make is not None]
    assert {x.name for x in lines} >= {"troef raw piken 3p", "troef wrapped piken 3p"}
    module.drive(lines, SECONDS, 1, in_process=True)
    figures = module.report(lines, SECONDS, 1)
    (target,) = figures["targets"]
    assert target["line"] == "troef raw piken 3p" and target["target"] == 4000
    assert target["met"] == (target["value"] >= 4000)
    (wrapped,) = figures["wrapped_over_pettingzoo"]
    assert wrapped["line"] == "troef wrapped piken 3p"
    assert len(wrapped["over"]) == len(lines) - 2  # one ratio per PettingZoo line measured
    assert all(r > 0 for r in wrapped["over"].values())


def test_main_runs_each_measurement_in_a_subprocess(capsys: pytest.CaptureFixture[str]) -> None:
    module = bench()
    assert (
        module.main(
            ["--seconds", str(SECONDS), "--repeats", "1", "--lines", "troef raw rififi oh-hell 8", "--json"]
        )
        == 0
    )
    figures = json.loads(capsys.readouterr().out)
    (row,) = figures["lines"]
    assert row["line"] == "troef raw rififi oh-hell 8 tricks 4p" and row["steps_per_s"] > 0
    assert len(row["runs"]) == 1 and figures["versions"]["numpy"]
    assert module.main(["--quick", "--lines", "troef raw piken"]) == 0
    out = capsys.readouterr().out
    assert "troef raw piken 3p" in out and ">=  4,000" in out and "best of 2 runs of 0.3 s" in out


def test_main_refuses_unknown_lines_and_bad_options() -> None:
    module = bench()
    with pytest.raises(SystemExit, match="no line matches 'nothing'; the lines: troef raw rififi"):
        module.main(["--lines", "nothing"])
    with pytest.raises(SystemExit):
        module.main(["--seconds", "0"])
