"""`troef play rikken`: whole matches through a pipe, what the table shows (and hides), refusals, errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import troef
from troef.core.actions import parse_action
from troef.interfaces.cli.main import app
from troef.present import PRESENTERS, Seen
from troef.present.model import plain

ENV: dict[str, str | None] = {
    "COLUMNS": "200",
    "NO_COLOR": "1",
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    **dict.fromkeys(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")),
}
"""A wide plain terminal; no locale, so the table speaks English."""
ONES = "1\n" * 3000


def play(*args: str, answers: str = ONES) -> Result:
    """`troef play rikken ARGS` with ``answers`` piped in; fail on any exception other than a clean exit."""
    result = CliRunner().invoke(app, ["play", "rikken", *args], input=answers, env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.mark.parametrize(
    "args",
    [
        ["--rules", "kampioenschap", "--seed", "4"],
        ["--rules", "bsg", "--seed", "5", "--seat", "3"],
        ["--players", "5", "--seed", "2"],
        ["--players", "5", "--rules", "bsg", "--seed", "7", "--seat", "4"],
    ],
)
def test_a_whole_short_match_with_results_score_sheet_and_standings(args: list[str], tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    result = play(*args, "--rounds", "3", "--bot", "random", "--save", str(saved))
    assert result.exit_code == 0
    out = result.stdout
    assert [int(n) for n in re.findall(r"Round (\d) of 3", out)] == [1, 2, 3]
    assert len(re.findall(r"^the auction is over: |^everybody passed: seat \d", out, re.M)) == 3
    assert len(re.findall(r"^result: .*\npoints: ", out, re.M)) == 3
    assert out.count("score sheet") == 3
    assert "Final standings" in out
    record = json.loads(saved.read_text())
    assert troef.replay(record)["totals"] == record["totals"]
    standings = dict(re.findall(r"^\d\. (seat \d(?: \(you\))?): (-?\d+)$", out, re.M))
    assert {label: int(total) for label, total in standings.items()} == dict(
        zip(record["players"], record["totals"], strict=True)
    )
    if "--players" in args:
        dealers = [rnd["dealer"] for rnd in record["rounds"]]
        for dealer in dealers:
            assert f"seat {dealer} sits out" in out or f"dealer seat {dealer} (you)" in out
        last_row = re.findall(r"^ *3 │ *(\d) │.*$", out, re.M)[-1]
        assert int(last_row) == dealers[-1]


def test_the_contract_trump_and_called_card_are_on_screen_and_the_partner_only_once_the_card_falls() -> None:
    out = play("--seed", "21", "--bot", "random").stdout
    called = re.search(r"^seat (\d) calls ([2-9TJQKA][SHDC])$", out, re.M)
    assert called is not None
    rikker, card = called.groups()
    fallen = re.search(rf"^seat (\d) plays {card}$", out[called.end() :], re.M)
    assert fallen is not None
    partner = fallen.group(1)
    before = out[called.end() : called.end() + fallen.start()]
    assert re.search(
        rf"^contract rik\S* · by seat {rikker} · needs 8 tricks · trump \S \w+ · called {card}"
        r" · partner unknown$",
        before,
        re.M,
    )
    assert f"seat {partner}" in before  # the partner is at the table ...
    assert "partner seat" not in before and "'s partner" not in before  # ... but not shown as the partner
    assert "sides: not known until the partner shows" in before
    after = out[called.end() + fallen.start() :]
    assert f"{card} is out: seat {partner} is seat {rikker}'s partner" in after
    assert re.search(rf"· called {card} · partner seat {partner}$", after, re.M)


def test_the_partner_who_holds_the_called_card_is_told_so() -> None:
    out = play("--seed", "7", "--bot", "random").stdout
    called = re.search(r"^seat \d calls ([2-9TJQKA][SHDC])$", out, re.M)
    assert called is not None
    assert f"partner: you (you hold {called.group(1)})" in out


def test_illegal_answers_are_refused_with_the_reason_and_the_game_goes_on() -> None:
    result = play("--seed", "4", "--rounds", "1", "--bot", "random", answers="bid slim\nAS\n99\nrik\n" + ONES)
    assert result.exit_code == 0
    refusals = re.findall(r"^not accepted: (.*)$", result.stdout, re.M)
    shown = "you may: 1) pass  2) misère  3) open-misère"
    assert refusals[:4] == [
        f"'bid slim' is not one of your choices; {shown}",
        f"'AS' is not one of your choices; {shown}",
        f"there is no choice 99; {shown}",
        f"'rik' is not one of your choices; {shown}",
    ]
    assert len(refusals) == 4
    assert "seat 0 (you) passes\n" in result.stdout
    assert "Final standings" in result.stdout


def test_a_bid_can_be_typed_as_its_name() -> None:
    result = play("--seed", "4", "--rounds", "1", "--bot", "random", answers="Misere\n" + ONES)
    assert "seat 0 (you) bids misère\n" in result.stdout
    assert "not accepted" not in result.stdout


def test_end_of_input_stops_the_match_cleanly() -> None:
    result = play("--seed", "1", "--players", "5", answers="")
    assert result.exit_code == 0
    assert result.stdout.endswith("input ended: the match stops after 0 of 5 rounds\n")


def test_a_card_led_blind_stays_hidden_until_its_trick_is_done() -> None:
    presenter, seen = PRESENTERS["rikken"], Seen(troef.load_game("rikken"), 0)
    action = parse_action("play 7S blind")
    assert plain(presenter.described(seen, 2, action, {})) == "seat 2 leads a card face down (blind)"
    assert plain(presenter.described(seen, 0, action, {})) == "seat 0 (you) plays 7S blind"
    view = {"phase": "play", "leader": 2, "trick": ["??", "5S"], "trick_seats": [2, 3], "history": []}
    trick = presenter.trick(seen, view)
    assert trick is not None and plain(trick["line"]) == "trick 1: seat 2 ?? · seat 3 5S"
    assert trick["cards"][0]["card"]["name"] == "a card face down"
    done = {"leader": 2, "cards": ["7S", "5S", "AS", "2S"], "seats": [2, 3, 0, 1], "winner": 0, "blind": True}
    assert (
        plain(presenter.trick_taken(seen, done, view))
        == "seat 0 (you) takes the trick with AS (led blind: 7S)"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "6"], "rikken is played by 4 to 5 players, not 6"),
        (
            ["--rules", "nope"],
            "rikken has no preset 'nope'; presets: kampioenschap, kampioenschap-online, bsg",
        ),
        (
            ["--option", "ladder=foo"],
            "option 'ladder': 'foo' is not allowed; expected one of kampioenschap, bsg",
        ),
        (["--option", "troela=maybe"], "option 'troela': 'maybe' is not allowed; expected true or false"),
        (["--players", "5", "--seat", "5"], "--seat must be a seat 0..4, not 5"),
        (["--rounds", "0"], "--rounds: a match has at least one round, not 0"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(args: list[str], message: str) -> None:
    result = play(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {message}\n"


def test_blind_rond_closing_rounds_are_announced() -> None:
    result = play(
        "--rules", "bsg", "--option", "blind_rond=true", "--seed", "3", "--rounds", "1", "--bot", "random"
    )
    assert result.exit_code == 0
    out = result.stdout
    assert "Round 1 of 1" in out and "Round 2 of 1" not in out
    closing = re.findall(r"Closing round (\d+)", out)
    assert closing[:2] == ["1", "2"]
    first = re.search(
        r"dealer seat (\d).*blind rond: seat (\d) must bid rik or misère, the others only misère", out
    )
    assert first is not None and int(first[2]) == (int(first[1]) + 1) % 4
    assert "Final standings" in out
