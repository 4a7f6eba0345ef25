"""Smoke test of the benchmark scripts: each measuring function runs briefly and gives positive figures.

No timing is asserted: only that the loops run, count rounds and actions, and report them.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import troef
from troef.players.arena import Setup, run_arena
from troef.players.levels import search_bot
from troef.players.search import SearchBot

pytestmark = pytest.mark.slow

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SECONDS = 0.05


def bench(name: str) -> ModuleType:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    return importlib.import_module(name)


def check_lines(lines: list[Any]) -> None:
    assert lines
    for line in lines:
        assert len(line.rates) == 1
        assert line.best > 0
        assert line.actions_per_round > 0


def test_rififi_measure() -> None:
    rififi, timing = bench("bench_rififi"), bench("timing")
    lines = [timing.Line("troef", "oh-hell", rififi.troef_runner({"preset": "oh-hell", "tricks": 8}))]
    pyspiel = timing.load_pyspiel()
    if pyspiel is not None:
        lines.append(
            timing.Line("OpenSpiel", "oh_hell", timing.openspiel_runner(pyspiel, rififi.OPENSPIEL_GAME))
        )
    timing.measure(lines, SECONDS, 1)
    check_lines(lines)


def test_rikken_measure() -> None:
    rikken, timing = bench("bench_rikken"), bench("timing")
    pyspiel = timing.load_pyspiel()
    lines = rikken.rikken_lines(pyspiel)
    assert len(lines) == (4 if pyspiel is not None else 2)
    timing.measure(lines, SECONDS, 1)
    check_lines(lines)
    rikken.sample(lines, pyspiel, rounds=20)
    for line in lines:
        assert 0 < line.extra["tricks_per_round"] <= 13
    assert all(value > 0 for value in rikken.ratios(lines).values())


def test_piken_bots_and_speed() -> None:
    piken = bench("bots_piken")
    game = troef.load_game("piken")
    tally = piken.versus_random(game, 6, [0], 1)
    assert len(tally.points[True]) == 6 and len(tally.points[False]) == 12
    assert tally.seats == 6 and 0 <= tally.won <= 6
    assert "1 heuristic" in tally.line("1 heuristic v 2 random")
    sizes = piken.generation(5, 1)
    assert [size for size, _, _ in sizes] == [10, 11, 12]
    assert all(micros > 0 and rate > 0 for _, micros, rate in sizes)
    rate, actions = piken.random_games(game, SECONDS, 1)
    assert rate > 0 and actions > 0


def test_piken_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench("bots_piken").main(["--games", "3", "--hands", "3", "--seconds", str(SECONDS)]) == 0
    out = capsys.readouterr().out
    assert "2 heuristic v 1 random" in out and "12 cards:" in out and "random games:" in out


@pytest.mark.parametrize("name", ["bench_rififi", "bench_rikken"])
def test_main_json(name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    module = bench(name)
    if name == "bench_rikken":
        monkeypatch.setattr(module, "SAMPLE", 10)
    assert module.main(["--seconds", str(SECONDS), "--repeats", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert all(result["rounds_per_s"] > 0 for result in figures["results"])


def test_search_measure() -> None:
    search = bench("bench_search")
    assert search.ismcts_rate("oh-hell", 40, 1) > 0
    game = troef.load_game("rikken")
    positions = [search.first_play(game, seed) for seed in (1, 2)]
    assert search.playout_rate(game, positions, 1) > 0
    assert search.world_rate(game, positions, 1) > 0
    assert search.solve_rate(positions, 4, 1) > 0
    assert search.seconds_per_move(("piken", "standaard", 3), "normal", 1, 1) > 0


def test_the_drawing_is_timed_for_every_setting(capsys: pytest.CaptureFixture[str]) -> None:
    drawing = bench("bench_drawing")
    views = drawing.positions(1, 4, 3, 1)
    assert views and all(view["phase"] == "play" for view in views)
    drawing.main(["--rounds", "1", "--tricks", "4", "--every", "3", "--worlds", "4", "--seed", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"oh-hell, 4 cards, {len(views)} positions, 4 worlds kept a move"
    assert [line.split(":")[0].strip() for line in lines[1:]] == [
        f"{n} candidates a world, bids read {reading}"
        for n in (4, 12)
        for reading in ("as the level", "softly")
    ]


def test_the_yardstick_and_the_bids_against_openspiel() -> None:
    pytest.importorskip("pyspiel")
    yardstick, bids = bench("yardstick_openspiel"), bench("bids_openspiel")
    args = argparse.Namespace(
        seed=1, tricks=3, level="heuristic", set=[], playout="", simulations=30, play_on=10, replays=1
    )
    diff, seats = yardstick.play_deal(0, args)  # it raises if the engines score apart
    assert sorted(who for who, *_ in seats) == ["openspiel"] * 4 + ["troef"] * 4  # both seatings
    assert all(points == (bid + 10 if bid == won else won) for _, bid, won, points in seats)
    mean = {
        who: statistics.fmean(p for side, *_, p in seats if side == who) for who in ("troef", "openspiel")
    }
    assert diff == pytest.approx(mean["troef"] - mean["openspiel"])
    rounds = [("troef", 1, 1, 11), ("troef", 2, 1, 1), ("troef", 0, 1, 1), ("openspiel", 0, 0, 10)]
    assert yardstick.bidding(rounds, "troef") == (
        "troef: mean bid 1.00, made 33%, over 33%, under 33%, 4.33 points a round"
    )
    deal = [("troef", 2, 2, 12), ("openspiel", 1, 0, 0), ("troef", 3, 3, 13), ("openspiel", 2, 1, 1)]
    swapped = [("openspiel", 2, 2, 12), ("troef", 1, 1, 11), ("openspiel", 2, 3, 3), ("troef", 1, 2, 2)]
    assert yardstick.same_hands([deal + swapped]) == [  # seat by seat: the same, the same, higher, lower
        "troef's bid the same on 50% of the hands: troef 11.50 points (100% made), "
        "openspiel 6.00 points (50% made)",
        "troef's bid higher on 25% of the hands: troef 13.00 points (100% made), "
        "openspiel 3.00 points (0% made)",
        "troef's bid lower on 25% of the hands: troef 2.00 points (0% made), openspiel 1.00 points (0% made)",
    ]
    assert yardstick.misses([deal + swapped]) == [  # 8 bid for 6 tricks, then 6 for 8
        "rounds whose bids add up to fewer than the tricks: 50%, 2.00 bids missed a round "
        "(troef 1.00, openspiel 1.00)",
        "rounds whose bids add up to more than the tricks: 50%, 2.00 bids missed a round "
        "(troef 0.00, openspiel 2.00)",
    ]
    changed = argparse.Namespace(level="strong", set=["worlds=4", "appraise_play=true"], playout="")
    bot = yardstick.troef_bot(changed, 3)
    assert isinstance(bot, SearchBot) and (bot.budget.worlds, bot.budget.appraise_play) == (4, True)
    level = search_bot("rififi", "strong", 3)
    assert bot.budget.iterations == level.budget.iterations and bot.playout is level.playout  # strong's
    noisy = yardstick.troef_bot(argparse.Namespace(level="strong", set=[], playout="mix:0.8"), 3)
    assert isinstance(noisy, SearchBot) and noisy.budget == level.budget
    assert noisy.playout is not level.playout
    with pytest.raises(ValueError, match=r"a search level \(normal or strong\), not 'heuristic'"):
        yardstick.troef_bot(argparse.Namespace(level="heuristic", set=["worlds=4"], playout=""), 3)
    with pytest.raises(ValueError, match="a Budget has no field 'hops'"):
        yardstick.troef_bot(argparse.Namespace(level="normal", set=["hops=1"], playout=""), 3)
    with pytest.raises(ValueError, match="--playout takes mix:P with P from 0 to 1, not 'mix:2'"):
        yardstick.troef_bot(argparse.Namespace(level="normal", set=[], playout="mix:2"), 3)
    args.bidders = ["heuristic", "random"]
    rows = bids.positions(0, args)
    assert len(rows) == yardstick.PLAYERS  # every seat bids once
    for row in rows:
        assert set(row) == {"heuristic", "random"}
        for diff, differ in row.values():
            assert differ or diff == 0.0  # the same bid as OpenSpiel's is worth the same


def test_the_yardstick_repeats_itself(tmp_path: Path) -> None:
    """Two runs of the yardstick with the same seed play every deal alike, OpenSpiel's bot included
    (before each deal got a fresh process laid out without address randomization, they parted)."""
    pytest.importorskip("pyspiel")
    yardstick = bench("yardstick_openspiel")
    command = [sys.executable, str(BENCHMARKS / "yardstick_openspiel.py"), "--deals", "2", "--tricks", "5"]
    command += ["--level", "heuristic", "--simulations", "300", "--workers", "2", "--seed", "3"]
    runs = []
    for run in ("first", "second"):
        out = tmp_path / f"{run}.json"
        done = subprocess.run([*command, "--out", str(out)], check=True, capture_output=True, timeout=300)
        if yardstick.NOT_REPEATABLE in done.stderr.decode():
            pytest.skip(yardstick.NOT_REPEATABLE)  # not Linux, or a sandbox that forbids it
        runs.append(json.loads(out.read_text()))
    assert runs[0]["seats"] == runs[1]["seats"] and runs[0]["diffs"] == runs[1]["diffs"]
    assert len(runs[0]["seats"]) == 2


def test_two_yardstick_runs_are_paired_deal_by_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pair = bench("yardstick_pair")
    seat = [["troef", 2, 2, 12], ["openspiel", 1, 0, 0]]
    runs = {"level": [1.0, -2.0, 3.0], "variant": [2.0, -2.0, 5.0, 9.0]}  # the variant ran a deal more
    for name, diffs in runs.items():
        seats = [seat if d == runs["level"][i % 3] else seat[::-1] for i, d in enumerate(diffs)]
        run = {"seed": 24, "tricks": 12, "simulations": 10_000, "diffs": diffs, "seats": seats}
        (tmp_path / f"{name}.json").write_text(json.dumps(run))
    pair.main([str(tmp_path / "level.json"), str(tmp_path / "variant.json")])
    out = capsys.readouterr().out
    assert "seed 24, 12 tricks, 3 deals: the level +0.67, the variant +1.67; the variant's gain +1.00" in out
    assert "correlation 1.00, played alike on 1 of them" in out
    (tmp_path / "other.json").write_text(json.dumps({**run, "seed": 25}))
    with pytest.raises(SystemExit):
        pair.main([str(tmp_path / "level.json"), str(tmp_path / "other.json")])
    assert "not of one seed" in capsys.readouterr().err


def test_compiled_against_pure_runs_every_measurement_in_a_subprocess() -> None:
    """``bench_compiled.py`` with this interpreter for both engines: every row is measured, the ratios
    and the targets are reported (no timing asserted), and the table prints."""
    compiled = bench("bench_compiled")
    python = ["--pure", sys.executable, "--compiled", sys.executable]
    short = ["--seconds", "0.05", "--repeats", "1", "--iterations", "20", "--no-moves"]
    args = compiled.parse_args([*python, *short])
    figures = compiled.report(compiled.drive(args), args)
    json.dumps(figures)
    rows = {row["row"]: row for row in figures["rows"]}
    for label in ("rififi oh-hell rounds/s", "rikken rounds/s", "ISMCTS iterations/s"):
        assert rows[label]["best"]["pure"] > 0
        assert rows[label]["best"]["compiled"] > 0
        assert rows[label]["compiled/pure"] > 0
    assert len(figures["targets"]) == 5
    assert {info["compiled"] for info in figures["engines"].values()} <= {True, False}
    compiled.print_report(figures)


def test_arena_runs_on_other_seeds_are_joined_deal_by_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files, results = [], []
    for seed in (1, 2):
        report = run_arena(Setup("rififi", ("heuristic", "random"), "standaard", seed=seed), 6)
        files.append(tmp_path / f"seed{seed}.json")
        files[-1].write_text(json.dumps(report.to_json()), encoding="utf-8")
        results.append(report.pairs[0])
    bench("arena_join").main([str(f) for f in files])
    mean = (sum(results[0].diffs) + sum(results[1].diffs)) / 12
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"heuristic - random: {mean:+.2f} [") and line.endswith(
        f"over 12 deals (runs: {results[0].mean_diff:+.2f}, {results[1].mean_diff:+.2f})"
    )
    other = run_arena(Setup("rififi", ("heuristic", "random"), "standaard", 3, seed=1), 2)
    files[1].write_text(json.dumps(other.to_json()), encoding="utf-8")
    with pytest.raises(SystemExit):
        bench("arena_join").main([str(f) for f in files])
    assert "not of one game, rules, number of players" in capsys.readouterr().err


def test_calibration_sets_each_prediction_beside_the_outcome(capsys: pytest.CaptureFixture[str]) -> None:
    bench("calibration_check").main(["hoogjassen", "--rounds", "2", "--seed", "0"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "hoogjassen, 4 players, 2 rounds of normal bots: prediction - outcome"
    parts = {line.split(",")[1].split()[0] for line in lines[1:]}
    assert {line.split(",")[0].strip() for line in lines[1:]} >= {"bid pass", "play"}
    assert parts <= {"declarer", "opponent", "redeal"} and parts


def test_the_steering_fit_sets_each_searched_bid_beside_the_tricks_taken(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fitting = bench("steering_fit")
    bids = fitting.round_bids({"preset": "oh-hell", "tricks": 3}, 4, 0, 0)
    assert bids and all(len(chances) == 4 and abs(sum(chances) - 1) < 1e-9 for chances, _, _ in bids)
    assert sum(won for _, _, won in bids) <= 3
    made, missed = ([1.0, 0.0, 0.0, 0.0], 0, 0), ([0.0, 0.0, 1.0, 0.0], 0, 2)
    assert fitting.fit([made] * 3 + [missed]) == (1.0, 0.0, 0.0)  # the bid made where the play-outs said
    assert fitting.fit([([0.0, 1.0, 0.0, 0.0], 0, 0)] * 3 + [([0.0, 1.0, 0.0, 0.0], 0, 1)])[1] == 0.75
    fitting.main(["--option", "tricks=2", "--rounds", "1"])
    assert capsys.readouterr().out.startswith("rififi oh-hell, 4 players, 1 rounds of normal bots: ")


def test_the_steering_fit_in_play_sets_each_move_beside_the_bid_made(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fitting = bench("steering_fit")
    moves = fitting.round_moves({"preset": "oh-hell", "tricks": 4}, 4, "normal", 0, 0)
    assert sorted(left for left, _, _ in moves) == [3, 3, 3, 3, 4, 4, 4, 4]  # every seat, beyond the last two
    assert all(len(offs) == 4 and abs(sum(offs) - 1) < 1e-9 for _, offs, _ in moves)
    made, missed = (3, [1.0, 0.0, 0.0, 0.0], True), (3, [0.0, 1.0, 0.0, 0.0], False)
    assert fitting.fit_play([made] * 3 + [missed]) == (0.0, 0.0, 0.0)  # as the greedy play-outs said
    one_off = [(12, [0.0, 1.0, 0.0, 0.0], True), (12, [0.0, 1.0, 0.0, 0.0], False)]
    assert fitting.fit_play(one_off)[1] == pytest.approx(0.05)  # a trick off with 10 left: made half the time
    assert fitting.steering_in_play((0.01, 0.05, 0.02), 12) == pytest.approx((0.9, 0.5, 0.2))
    on_it, one_off_it = [1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]
    early = [(3, on_it, True), (4, on_it, False), (12, one_off_it, True)]
    assert fitting.foresight(early, {"greedy alone": lambda _: (1.0,)}) == [
        "3 to 4 tricks left: 2 moves, 50% made; Brier: the share alone 0.250, greedy alone 0.500",
        "11 to 12 tricks left: 1 moves, 100% made; Brier: the share alone 0.000, greedy alone 1.000",
    ]
    fitting.main(["--play", "--level", "normal", "--option", "tricks=3", "--rounds", "1"])
    out = capsys.readouterr().out
    assert out.startswith("rififi oh-hell, 4 players, 1 rounds of normal bots: 4 moves in play with more")
    assert "\n  3 to 3 tricks left: 4 moves, " in out and out.count("tricks left: ") == 1


def test_a_variant_is_set_against_its_level_on_the_same_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    variant = bench("variant_arena")
    small = ["rififi", "--rules", "oh-hell", "--option", "tricks=3", "--deals", "3", "--seed", "4"]
    same, changed = tmp_path / "same.json", tmp_path / "changed.json"
    variant.main([*small, "--set", "worlds=96", "--out", str(same)])  # normal's own count: no change
    assert json.loads(same.read_text(encoding="utf-8")) == [0.0, 0.0, 0.0]
    assert "normal with worlds=96 - normal: +0.00 [+0.00, +0.00] over 3 deals" in capsys.readouterr().out
    variant.main([*small, "--set", "worlds=4", "--bidding", "mix:0.5", "--out", str(changed)])
    diffs = json.loads(changed.read_text(encoding="utf-8"))
    assert len(diffs) == 3 and any(diffs)  # four worlds a move play differently from 96
    variant.main([*small, "--set", "worlds=8", "--playout", "mix:0.8", "--against", "heuristic"])
    assert "normal with worlds=8 playout=mix:0.8 - heuristic: " in capsys.readouterr().out
    variant.main([*small, "--steering", "1,0,0", "--out", str(same)])  # random play-outs' own appraisal
    assert json.loads(same.read_text(encoding="utf-8")) == [0.0, 0.0, 0.0]
    variant.main([*small, "--steering", "1,1,1", "--out", str(changed)])  # two tricks off: made
    assert any(json.loads(changed.read_text(encoding="utf-8")))
    assert "normal with steering=1,1,1 - normal: " in capsys.readouterr().out
    wrong = {
        ("--set", "worlds=x"): "--set takes a number, true or false, not 'x'",
        ("--set", "hops=1"): "a Budget has no field 'hops'; fields: worlds, iterations",
        ("--bidding", "mix:lots"): "--bidding takes playout or mix:P with P from 0 to 1, not 'mix:lots'",
        ("--playout", "0.5"): "--playout takes mix:P with P from 0 to 1, not '0.5'",
        ("--against", "nobody"): "no 'nobody' bot for rififi",
        ("--steering", "1,0.6"): "--steering takes three chances from 0 to 1 (F0,F1,F2), for rififi",
        ("--steering", "1,2,x"): "--steering takes three chances from 0 to 1 (F0,F1,F2), for rififi",
    }
    for (flag, bad), said in wrong.items():
        with pytest.raises(SystemExit):
            variant.main([*small, flag, bad])
        assert f"error: {said}" in capsys.readouterr().err
