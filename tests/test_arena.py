"""`troef arena`: balanced seatings, seats that sit out, determinism, workers, the --out schema, errors."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

import troef
from test_cli import invoke
from troef.players import Bot, RandomBot, play_out
from troef.players.arena import PairResult, Setup, play_deals, run_arena
from troef.players.arena.duplicate import SittingOut, play_deal
from troef.players.arena.schedule import deal_plan, labels, pairs, seatings

pytestmark = pytest.mark.slow

TABLES = [("rififi", 3), ("rififi", 4), ("rififi", 5), ("rikken", 4), ("rikken", 5), ("hoogjassen", 3)]


@pytest.mark.parametrize(("game_name", "players"), TABLES, ids=[f"{g}-{n}p" for g, n in TABLES])
def test_each_bot_plays_every_seat_once_per_deal(game_name: str, players: int) -> None:
    game = troef.load_game(game_name, players=players)
    for dealer in range(players):
        playing = game.seats_of(dealer)
        assert len(playing) == (4 if game_name == "rikken" else players)
        replays = seatings(players, playing)
        for seat in range(players):
            sides = [replay[seat] for replay in replays]
            assert sorted(sides, key=str) == ([None, None] if seat not in playing else [0, 1])
        assert Counter(side for replay in replays for side in replay) == Counter(
            {0: len(playing), 1: len(playing), None: 2 * (players - len(playing))}
        )


def test_with_five_rikken_players_the_dealer_sits_out_of_both_means() -> None:
    game = troef.load_game("rikken", players=5)
    setup = Setup("rikken", ("heuristic", "random"), players=5, seed=3)
    for index in range(6):
        dealer = deal_plan(setup.seed, index, 5).dealer
        assert game.seats_of(dealer) == tuple(s % 5 for s in range(dealer + 1, dealer + 5))
        (deal,) = play_deal(setup, game, index)
        assert len(deal.a) == len(deal.b) == 4


def test_a_seat_that_does_not_play_never_acts_and_scores_0(game_name: str, preset: str, players: int) -> None:
    game = troef.load_game(game_name, rules=preset, players=players)
    for dealer in range(players):
        playing = game.seats_of(dealer)
        assert sorted(playing) == sorted(set(playing)) and set(playing) <= set(range(players))
        state = game.deal(seed=dealer, dealer=dealer)
        bots: list[Bot] = [RandomBot(s) if s in playing else SittingOut() for s in range(players)]
        play_out(state, bots)
        assert all(state.result()["scores"][s] == 0 for s in range(players) if s not in playing)


def test_labels_tell_a_repeated_kind_apart() -> None:
    assert labels(["heuristic", "random", "heuristic", "heuristic"]) == [
        "heuristic",
        "random",
        "heuristic#2",
        "heuristic#3",
    ]
    assert pairs(3) == [(0, 1), (0, 2), (1, 2)]


def test_deals_are_the_same_for_every_pair_and_depend_only_on_the_seed() -> None:
    assert deal_plan(1, 5, 4) == deal_plan(1, 5, 4)
    assert deal_plan(1, 5, 4) != deal_plan(2, 5, 4)
    assert deal_plan(1, 5, 4) != deal_plan(1, 6, 4)
    field = play_deals(Setup("rififi", ("random", "heuristic", "random")), 3)
    single = play_deals(Setup("rififi", ("random", "heuristic")), 3)
    assert [deal[0] for deal in field] == [deal[0] for deal in single]


def test_results_are_deterministic_under_a_seed() -> None:
    setup = Setup("rififi", ("heuristic", "random"), rules={"preset": "standaard", "tricks": 5}, seed=9)
    first = run_arena(setup, 12).to_json()
    assert first == run_arena(setup, 12).to_json()
    assert first != run_arena(Setup("rififi", setup.kinds, setup.rules, seed=10), 12).to_json()
    assert first["rules"] == {"preset": "standaard", "tricks": 5}
    assert run_arena(setup, 1).title() == "rififi standaard with tricks=5, 4 players"


def test_heuristic_beats_random_and_equal_bots_tie_exactly() -> None:
    report = run_arena(Setup("rififi", ("heuristic", "random", "heuristic"), seed=1), 40)
    beats, tie, loses = report.pairs
    assert (beats.a, beats.b, tie.b, loses.a) == ("heuristic", "random", "heuristic#2", "random")
    assert beats.ci95[0] > 0
    # same kind, same seeds per seat: both replays of a deal are the same game, seats swapped
    assert (tie.mean_diff, tie.ci95) == (0.0, (0.0, 0.0))
    assert loses.mean_diff == pytest.approx(-beats.mean_diff)
    assert min(report.ratings, key=lambda r: r.rating).bot == "random"


def test_out_file_has_exactly_the_specified_schema_and_is_the_same_for_any_workers(tmp_path: Path) -> None:
    files = [tmp_path / "one.json", tmp_path / "two.json"]
    for workers, out in zip((1, 2), files, strict=True):
        args = ["arena", "rififi", "--bots", "heuristic,random", "--deals", "10", "--seed", "4"]
        result = invoke(*args, "--workers", str(workers), "--out", str(out))
        assert result.exit_code == 0, result.output
        assert "heuristic" in result.stdout and "random" in result.stdout
    assert files[0].read_bytes() == files[1].read_bytes()
    data = json.loads(files[0].read_text(encoding="utf-8"))
    assert list(data) == ["game", "rules", "players", "deals", "bots", "pairs"]
    assert (data["game"], data["rules"], data["players"], data["deals"], data["bots"]) == (
        "rififi",
        "standaard",
        4,
        10,
        ["heuristic", "random"],
    )
    (pair,) = data["pairs"]
    assert list(pair) == ["a", "b", "mean_diff", "ci95", "deals", "diffs"]
    assert (pair["a"], pair["b"], pair["deals"], len(pair["diffs"])) == ("heuristic", "random", 10, 10)
    lo, hi = pair["ci95"]
    assert isinstance(pair["mean_diff"], float) and lo <= pair["mean_diff"] <= hi
    assert pair["mean_diff"] == pytest.approx(sum(pair["diffs"]) / 10)
    assert PairResult.from_json(pair).to_json() == pair


def test_bots_default_to_the_kinds_that_do_not_search() -> None:
    result = invoke("arena", "rikken", "--deals", "2", "--workers", "1", "--players", "5")
    assert result.exit_code == 0, result.output
    assert "rikken kampioenschap, 5 players: 2 deals x 2 seatings x 1 pair(s) = 4 rounds" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["skat"], "error: unknown game 'skat'; games: "),
        (["rififi", "--bots", "random,expert"], "error: unknown bot 'expert' for rififi; bots: random, "),
        (["rififi", "--bots", "random"], "error: an arena needs at least two bots, not 1"),
        (["rififi", "--bots", "random,,random"], "error: --bots takes bot kinds separated by commas"),
        (["rififi", "--deals", "0"], "error: deals must be at least 1, not 0"),
        (["rififi", "--workers", "0"], "error: workers must be at least 1, not 0"),
        (["rififi", "--rules", "nope"], "error: rififi has no preset 'nope'; presets: "),
        (["rififi", "-o", "tricks=99"], "error: "),
        (["rififi", "-o", "tricks"], "error: --option takes KEY=VALUE"),
        (["rififi", "--players", "9"], "error: rififi is played by 3 to 6 players, not 9"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args: list[str], message: str) -> None:
    result = invoke("arena", *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message), result.stderr
    assert result.stderr.count("\n") == 1
    assert result.stdout == ""


def test_plot_draws_the_ratings_into_a_png(tmp_path: Path) -> None:
    png = tmp_path / "ratings.png"
    result = invoke("arena", "rififi", "--deals", "4", "--workers", "1", "--plot", str(png))
    assert result.exit_code == 0, result.output
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_plot_without_matplotlib_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = invoke("arena", "rififi", "--deals", "4", "--plot", str(tmp_path / "r.png"))
    assert result.exit_code == 2
    assert result.stderr == "error: --plot needs matplotlib: pip install 'troef[plot]'\n"


def test_an_unwritable_out_file_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / ("a-folder-that-is-not-there-" * 4)  # past any terminal's width
    result = invoke("arena", "rififi", "--deals", "2", "--workers", "1", "--out", str(folder / "x.json"))
    assert result.exit_code == 2
    assert result.stderr == f"error: cannot write {folder / 'x.json'}: there is no folder {folder}\n"


@pytest.mark.parametrize("flag", ["--out", "--plot"])
def test_an_unwritable_file_is_refused_before_any_deal_is_played(tmp_path: Path, flag: str) -> None:
    """It played every deal first, then failed to write: hours lost on a long run (no report: no deal)."""
    result = invoke("arena", "rififi", "--deals", "4", "--workers", "1", flag, str(tmp_path))
    assert result.exit_code == 2
    assert result.stderr == f"error: cannot write {tmp_path}: it is a folder\n" and result.stdout == ""
