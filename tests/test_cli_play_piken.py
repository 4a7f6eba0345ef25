"""`troef play piken`: whole matches through a pipe, what the table shows, plays typed as cards or by
number, middle-card draws, refusals, and `troef replay` on a piken record."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import troef
from troef.core.match import Match
from troef.interfaces.cli.main import app

ENV: dict[str, str | None] = {
    "COLUMNS": "200",
    "NO_COLOR": "1",
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    **dict.fromkeys(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")),
}
"""A wide plain terminal; no locale, so the table speaks English."""
ANSWERS = "decline\n1\n" * 1500
"""Decline a middle card when asked, else lay the first listed play (a 'decline' in play is refused)."""
ONES = "1\n" * 3000
"""Always the first listed play: for games where the person is never asked to draw."""
LEADS = "5"
"""With seed 5 the person (seat 0) holds 7D and AC, takes both middle cards and leads with 12 cards."""


def play(*args: str, answers: str = ANSWERS) -> Result:
    """`troef play piken ARGS` with ``answers`` piped in; fail on any exception but a clean exit."""
    result = CliRunner().invoke(app, ["play", "piken", *args], input=answers, env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def first_hand(seed: int) -> list[str]:
    """The person's hand in the first game of a match with ``seed``, as the table deals it."""
    hand: list[str] = Match(troef.load_game("piken"), seed=seed).next_round().view(0)["hand"]
    return hand


def test_a_whole_match_shows_draws_rounds_piles_results_and_the_sheet(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    result = play("--seed", "3", "--bot", "random", "--save", str(saved))
    assert result.exit_code == 0
    out = result.stdout
    assert out.count("10 cards each · 2 face down in the middle · dealer seat") == 3
    assert "seat 1 and seat 0 (you) hold 7♦ and A♣: each may take a middle card blind" in out
    assert "seat 0 (you) declines the middle card" in out
    assert re.search(r"^seat \d(?: \(you\))? leads the first round", out, re.M)
    assert re.search(
        r"^highest: \w[\w ]* [2-9TJQKA][SHDC].* \(seat \d(?: \(you\))?\) · still in: ", out, re.M
    )
    assert re.search(r"^piles: seat 0 \(you\) \d+ · seat 1 \d+ · seat 2 \d+", out, re.M)
    assert re.search(r"^seat \d(?: \(you\))? takes the round: \d+ cards?", out, re.M)
    assert re.search(r"^seat \d(?: \(you\))? lays [a-z ]+ .*: (stays in|drops out)$", out, re.M)
    assert out.count("the game is over") == 3
    assert len(re.findall(r"^winner: seat \d|^no winner: ", out, re.M)) == 3
    assert out.count("score sheet") == 3
    record = json.loads(saved.read_text())
    assert troef.replay(record)["totals"] == record["totals"]
    assert [r["dealer"] for r in record["rounds"]] == [0, 1, 2]
    for rnd, row in zip(
        record["rounds"], re.findall(r"^ *(\d) │ *(\d) │ *(\d) │", out, re.M)[-3:], strict=True
    ):
        assert (int(row[1]), int(row[2])) == (rnd["dealer"], rnd["result"]["details"]["first_leader"])
    assert "Final standings" in out


def test_the_person_takes_both_middle_cards_and_lays_cards_typed_in_any_order() -> None:
    hand = first_hand(int(LEADS))
    assert hand == ["7D", "7C", "9D", "TH", "TS", "JH", "JS", "JC", "QD", "AH", "AS", "AC"]
    out = play("--seed", LEADS, "--rounds", "1", "--bot", "random", answers="jc 10h 10s jh\n" + ONES).stdout
    assert "seat 0 (you) holds both 7♦ and A♣ and takes both middle cards: JH QD\n" in out
    assert "your hand: 7D 7C  9D  TH TS  JH JS JC  QD  AH AS AC\n" in out
    assert "you may lay:\n" in out
    assert re.search(r"^  full house .*  \d+\) TH TS JH JS JC", out, re.M)
    assert "seat 0 (you) lays two pairs TH TS JH JC: stays in" in out
    assert "not accepted" not in out


def test_a_listed_play_is_chosen_by_its_number() -> None:
    out = play("--seed", LEADS, "--rounds", "1", "--bot", "random", answers="1\n" + ANSWERS).stdout
    assert re.search(r"^  single +1\) 7D  2\) 7C  3\) 9D  4\) TH  5\) TS  \(\+7 more\)$", out, re.M)
    assert "seat 0 (you) lays single 7D: stays in" in out


def test_refusals_say_why() -> None:
    answers = "7d 9d\n7d 7h\n99\nplay\n7d xx\n" + ANSWERS
    out = play("--seed", LEADS, "--rounds", "1", "--bot", "random", answers=answers).stdout
    refusals = re.findall(r"^not accepted: (.*)$", out, re.M)
    shown = re.search(r"; (you may lay: single 1\) 7D .*)$", refusals[0])
    assert shown is not None
    assert refusals[:5] == [
        f"'7d 9d' is not one of your choices; {shown.group(1)}",
        f"not in your hand: 7H; {shown.group(1)}",
        f"there is no choice 99; {shown.group(1)}",
        f"'play' is not one of your choices; {shown.group(1)}",
        f"'7d xx' is not one of your choices; {shown.group(1)}",
    ]


def test_a_middle_card_is_drawn_by_its_position() -> None:
    out = play("--seed", "17", "--rounds", "1", "--bot", "random", answers="2\n" + ANSWERS).stdout
    assert "seat 0 (you) holds 7♦ or A♣: he may take a middle card blind" in out
    assert "take one blind: type 1 or 2, or decline" in out
    assert re.search(r"^seat 0 \(you\) takes the middle card at position 2: [2-9TJQKA][SHDC]", out, re.M)


def test_only_a_position_still_there_may_be_drawn() -> None:
    out = play("--seed", "3", "--rounds", "1", "--bot", "random", answers="1\n2\n" + ANSWERS).stdout
    assert "seat 1 takes the middle card at position 1" in out
    assert "take one blind: type 2, or decline" in out
    assert "not accepted: '1' is not one of your choices; take one blind: type 2, or decline\n" in out
    assert "seat 0 (you) takes the middle card at position 2" in out


def test_games_lists_piken_without_options() -> None:
    result = CliRunner().invoke(app, ["games", "piken"], env=ENV)
    assert result.exit_code == 0
    assert "Piken (piken): 3 players\n" in result.stdout
    assert "options: none, the preset fixes every rule" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "4"], "piken is played by 3 players, not 4"),
        (["--option", "x=1"], "piken has no option 'x'; options: none"),
        (["--seat", "3"], "--seat must be a seat 0..2, not 3"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(args: list[str], message: str) -> None:
    result = play(*args)
    assert result.exit_code == 2
    assert result.stderr == f"error: {message}\n"


def scenario(name: str) -> dict[str, object]:
    path = Path(__file__).parent / "scenarios" / "piken" / name
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_replay_of_a_piken_record(tmp_path: Path) -> None:
    record = scenario("5.2-a-point-per-card-and-the-details.json")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(app, ["replay", str(path)], env=ENV)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["scores"] == [11, 14, 5]
    bad = {**record, "actions": ["play 8C", "play 7D"]}  # seat 0 has 45 legal plays; 7D was removed
    path.write_text(json.dumps(bad))
    result = CliRunner().invoke(app, ["replay", str(path)], env=ENV)
    assert result.exit_code == 1
    assert result.stderr.startswith(
        "replay failed: action 1 'play 7D': seat 0: 'play 7D' is not legal (7D is not in seat 0's hand); "
    )
    listed = result.stderr.split("; legal: ")[1].split(", ")
    assert len(listed) == 41 and listed[-1] == "… and 5 more\n"
    path.write_text(json.dumps({**record, "deal": {"hands": record["deal"], "middle": []}}))
    result = CliRunner().invoke(app, ["replay", str(path)], env=ENV)
    assert result.exit_code == 2 and result.stderr.startswith("invalid record: ")
