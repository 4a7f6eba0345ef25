"""`troef play hoogjassen`: whole matches through a pipe, what the table shows, discards, refusals, errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import troef
from troef.interfaces.cli.main import app

ENV: dict[str, str | None] = {
    "COLUMNS": "200",
    "NO_COLOR": "1",
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    **dict.fromkeys(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")),
}
"""A wide plain terminal; no locale, so the table speaks English."""
ONES = "1\n" * 3000
DECLARE = "500\n1\n"
"""Bid 500 and take the lummel: with seed 2 (4 players) the person speaks first and declares."""


def play(*args: str, answers: str = ONES) -> Result:
    """`troef play hoogjassen ARGS` with ``answers`` piped in; fail on any exception but a clean exit."""
    result = CliRunner().invoke(app, ["play", "hoogjassen", *args], input=answers, env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize("players", ["3", "4"])
def test_a_whole_short_match_shows_bid_roem_contract_trump_points_money_and_pot(
    players: str, tmp_path: Path
) -> None:
    saved = tmp_path / "match.json"
    result = play(
        "--players", players, "--seed", "2", "--rounds", "3", "--bot", "random", "--save", str(saved)
    )
    assert result.exit_code == 0
    out = result.stdout
    cards, lummel = {"3": (9, 4), "4": (7, 3)}[players]
    assert out.count(f"{cards} cards each · the lummel: {lummel} cards face down · dealer seat") == 3
    record = json.loads(saved.read_text())
    assert troef.replay(record)["totals"] == record["totals"]
    played = [r for r in record["rounds"] if not r["result"]["details"].get("redeal")]
    assert played
    assert len(re.findall(r"^seat \d(?: \(you\))? is the declarer with \d+$", out, re.M)) == len(played)
    assert len(re.findall(r"^seat \d(?: \(you\))? names trump \S \w+$", out, re.M)) == len(played)
    assert re.search(r"^roem: ", out, re.M)
    assert re.search(
        r"bid \d+ · (?:ongedraaid: the round counts double · )?trump \S \w+ · roem \d+ · contract", out
    )
    # rule 5a: no running count of card points; a trick's points only once the round is over
    assert "card points in tricks" not in out
    assert len(re.findall(r"takes the trick with \w\w \(\d+ points?\)$", out, re.M)) == len(played)
    assert len(re.findall(r"^r = -?\d+: ", out, re.M)) == len(played)
    assert len(re.findall(r"^money: seat 0 \(you\) [+-]€\d+\.\d\d", out, re.M)) == len(played)
    assert len(re.findall(r"^pot: [+-]\d+ stakes? · the (?:pot holds|€\d+\.\d\d left)", out, re.M)) == len(
        played
    )
    assert out.count("score sheet") == 3
    footers = re.findall(r"│ money +│ +([+-])€(\d+)\.(\d\d) │ +([+-])€(\d+)\.(\d\d) │", out)
    assert len(footers) == 3
    money = record["money"]
    assert sum(money) == 0 and troef.replay(record)["money"] == money  # the pot is shared at the end
    assert [
        int(f"{sign}{euros}{cents}") for sign, euros, cents in [footers[-1][:3], footers[-1][3:]]
    ] == money[:2]
    for rnd, row in zip(record["rounds"], re.findall(r"^ *(\d) │ *(\d) │", out, re.M)[-3:], strict=True):
        assert int(row[1]) == rnd["dealer"]
    assert "Final standings" in out


def test_the_next_dealer_is_the_last_declarer() -> None:
    out = play("--seed", "2", "--rounds", "2", "--bot", "random", answers=DECLARE + "1 2 3\n" + ONES).stdout
    assert "seat 0 (you) is the declarer with 500" in out
    assert (
        out.split("Round 2 of 2")[1]
        .split("\n")[1]
        .startswith("7 cards each · the lummel: 3 cards face down · dealer seat 0 (you)")
    )


@pytest.mark.parametrize("discard", ["1 2 3", "discard AS 9s kh", "9s as KH"])
def test_the_declarer_lays_back_cards_by_number_or_by_code(discard: str) -> None:
    result = play("--seed", "2", "--rounds", "1", "--bot", "random", answers=DECLARE + discard + "\n" + ONES)
    out = result.stdout
    assert "seat 0 (you) takes the lummel: " in out
    assert "your hand: 1) AS  2) 9S  3) KH  4) JH" in out
    assert "seat 0 (you) lays back 9S KH AS\n" in out
    assert "not accepted" not in out
    assert "Final standings" in out


def test_memory_aids_show_the_card_points_as_the_round_goes() -> None:
    answers = DECLARE + "1 2 3\n" + ONES
    out = play(
        "--seed", "2", "--rounds", "1", "--bot", "random", "--option", "memory_aids=true", answers=answers
    )
    assert re.search(
        r"^card points in tricks: seat 0 \(you\) \d+ · the others \d+ \(\+ your afleggers \d+\)$",
        out.stdout,
        re.M,
    )
    assert len(re.findall(r"takes the trick with \w\w \(\d+ points?\)$", out.stdout, re.M)) == 7


def test_a_bid_declared_last_is_typed_and_shown() -> None:
    answers = "500 last\n1\n1 2 3\n" + ONES
    out = play(
        "--seed", "7", "--rounds", "1", "--bot", "random", "--option", "last_bid=true", answers=answers
    )
    assert "your bid (its number in the list, the points like 150 or 150 last, or 'pass'): " in out.stdout
    assert "your last bid (één keer twintig): 7) 460  8) 470  9) 480  10) 490  11) 500\n" in out.stdout
    assert "seat 0 (you) bids 500 as a last bid\n" in out.stdout
    assert "seat 0 (you) is the declarer with 500" in out.stdout
    assert "not accepted" not in out.stdout


def test_an_illegal_discard_is_refused_with_the_reason() -> None:
    answers = DECLARE + "1 2\n7c 8c 9c\n1 99 2\n1 1 2\n1 2 3\n" + ONES
    result = play("--seed", "2", "--rounds", "1", "--bot", "random", answers=answers)
    refusals = re.findall(r"^not accepted: (.*)$", result.stdout, re.M)
    shown = "lay back 3 cards: their numbers (e.g. 1 4 6) or the cards (e.g. 7h 8s td)"
    assert refusals == [
        f"'1 2' is not one of your choices; {shown}",
        f"not in your hand: 7C 9C; {shown}",
        f"there is no card 99; type numbers from 1 to 10; {shown}",
        f"'1 1 2' is not one of your choices; {shown}",
    ]
    assert "seat 0 (you) lays back 9S KH AS\n" in result.stdout


def test_a_bid_is_typed_as_its_points() -> None:
    result = play("--players", "3", "--seed", "5", "--rounds", "1", "--bot", "random", answers="180\n" + ONES)
    assert "auction: you speak first" in result.stdout
    assert "seat 0 (you) bids 180\n" in result.stdout
    assert "not accepted" not in result.stdout


def test_end_of_input_stops_the_match_cleanly() -> None:
    result = play("--seed", "1", "--rounds", "2", answers="")
    assert result.exit_code == 0
    assert result.stdout.endswith("input ended: the match stops after 0 of 2 rounds\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "hoogjassen is played by 3 to 4 players, not 5"),
        (["--option", "pot=maybe"], "option 'pot': 'maybe' is not allowed; expected true or false"),
        (["--players", "3", "--seat", "3"], "--seat must be a seat 0..2, not 3"),
        (["--rounds", "0"], "--rounds: a match has at least one round, not 0"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(args: list[str], message: str) -> None:
    result = play(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {message}\n"
