"""`troef replay`: exit 0 with the result as JSON, 1 for an illegal action or mismatch, 2 for bad input."""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

import troef
from troef.core.match import Match
from troef.interfaces.cli.main import app
from troef.players import RandomBot, play_out

pytestmark = pytest.mark.engine

ENV: dict[str, str | None] = {"COLUMNS": "120", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}

ONE_CARD: dict[str, Any] = {
    "format": "troef-record/1",
    "game": "rififi",
    "rules": "standaard",
    "players": 3,
    "dealer": 0,
    "deal": {"hands": [["AS"], ["KS"], ["6H"]], "trump_card": "7S"},
    "actions": ["bid 0", "bid 0", "bid 1", "play KS", "play 6H", "play AS"],
}
"""Seat 1 leads KS, seat 2 cannot follow nor trump, seat 0's AS of trumps takes the only trick."""

TWO_CARDS: dict[str, Any] = {
    "format": "troef-record/1",
    "game": "rififi",
    "rules": "standaard",
    "players": 3,
    "dealer": 2,
    "deal": {"hands": [["KS", "AS"], ["6H", "7H"], ["6C", "7C"]], "trump_card": "6D"},
    "actions": ["bid 1", "bid 0", "bid 0"],
}

LISTED = ", ".join(troef.GAMES)
"""The registered games as an unknown game's error lists them (the test game, minitrick, too)."""


def replay_text(text: str | bytes) -> Result:
    """`troef replay -` with ``text`` on stdin; fail on any Python exception other than a clean exit."""
    result = CliRunner().invoke(app, ["replay", "-"], input=text, env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def replay_record(record: object) -> Result:
    return replay_text(json.dumps(record))


def with_changes(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**copy.deepcopy(record), **changes}


def test_a_legal_round_prints_its_result_as_json() -> None:
    result = replay_record(ONE_CARD)
    assert result.exit_code == 0
    assert result.stderr == ""
    assert json.loads(result.stdout) == {
        "over": True,
        "scores": [11, 10, 10],
        "tricks": [1, 0, 0],
        "details": {"bids": [1, 0, 0], "tricks": [1, 0, 0], "trump": "S", "trump_card": "7S", "hand_size": 1},
    }


def test_a_record_file_and_a_matching_result(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(with_changes(ONE_CARD, result={"scores": [11, 10, 10], "tricks": [1, 0, 0]})))
    result = CliRunner().invoke(app, ["replay", str(path)], env=ENV)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["scores"] == [11, 10, 10]


def test_a_played_round_replays_to_the_engines_result() -> None:
    state = troef.load_game("rififi", players=5).deal(seed=11, dealer=3)
    play_out(state, [RandomBot(s) for s in range(5)])
    result = replay_record(state.record())
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out == state.result()
    assert sum(out["tricks"]) == 7  # 36 cards, 5 players: 7 each


def test_a_partial_record_reports_whose_turn_and_the_sorted_legal_actions() -> None:
    result = replay_record(TWO_CARDS)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "over": False,
        "current_player": 0,
        "legal_actions": ["play AS", "play KS"],
        "tricks": [0, 0, 0],
    }


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (
            ["bid 0", "bid 0", "bid 1", "play AS"],
            "action 3 'play AS': seat 1: 'play AS' is not legal (AS is not in seat 1's hand); legal: play KS",
        ),
        (
            ["bid 2"],
            "action 0 'bid 2': seat 1: 'bid 2' is not legal (a bid is a number of tricks from 0 to 1); "
            "legal: bid 0, bid 1",
        ),
        (["0:bid 1"], "action 0 '0:bid 1': it is seat 1's turn, not seat 0's; legal: bid 0, bid 1"),
        (
            ["bid 0", "bid 0", "bid 1", "play KS", "play 6H", "play AS", "bid 0"],
            "action 6 'bid 0': nobody may act: the round is over: 'bid 0' is not legal (the round is over); "
            "legal: none",
        ),
        (
            ["bid ²"],
            "action 0 'bid ²': seat 1: 'bid ²' is not legal (a bid is a number of tricks from 0 to 1); "
            "legal: bid 0, bid 1",
        ),
        (
            ["bid 12345678901"],
            "action 0 'bid 12345678901': seat 1: 'bid 12345678901' is not legal "
            "('bid' takes a number of at most 9 digits, not '12345678901'…); legal: bid 0, bid 1",
        ),
    ],
)
def test_an_illegal_action_exits_1_naming_index_seat_text_and_legal_actions(
    actions: list[str], message: str
) -> None:
    result = replay_record(with_changes(ONE_CARD, actions=actions))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == f"replay failed: {message}\n"


def test_a_result_that_differs_from_the_engines_exits_1() -> None:
    result = replay_record(with_changes(ONE_CARD, result={"scores": [11, 10, 9]}))
    assert result.exit_code == 1
    assert (
        result.stderr
        == "replay failed: result 'scores': record says [11, 10, 9], engine computes [11, 10, 10]\n"
    )
    nested = replay_record(with_changes(ONE_CARD, result={"details": {"trump": "H"}}))
    assert nested.exit_code == 1
    assert nested.stderr == "replay failed: result 'details.trump': record says 'H', engine computes 'S'\n"


def played_match(seed: int, rounds: int) -> Match:
    match = Match(troef.load_game("rififi"), seed=seed, rounds=rounds)
    bots = [RandomBot(seed + s) for s in range(4)]
    while not match.is_over:
        state = match.next_round()
        play_out(state, bots)
        match.finish_round(state)
    return match


def test_a_match_record_replays_round_by_round_with_totals() -> None:
    match = played_match(seed=4, rounds=3)
    result = replay_record(match.record())
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["over"] is True
    assert out["totals"] == match.totals
    assert [r["details"]["hand_size"] for r in out["rounds"]] == [1, 2, 3]


def test_a_match_record_with_wrong_totals_or_an_illegal_action_exits_1() -> None:
    record = played_match(seed=4, rounds=3).record()
    totals = record["totals"]
    wrong = with_changes(record, totals=[t + 1 for t in totals])
    result = replay_record(wrong)
    assert result.exit_code == 1
    assert result.stderr == (
        f"replay failed: totals: record says {[t + 1 for t in totals]!r}, engine computes {totals!r}\n"
    )
    tampered = copy.deepcopy(record)
    tampered["rounds"][1]["actions"][0] = "bid 3"
    result = replay_record(tampered)
    assert result.exit_code == 1
    assert result.stderr.startswith("replay failed: round 2: action 0 'bid 3': seat ")
    assert result.stderr.endswith(
        "is not legal (a bid is a number of tricks from 0 to 2); legal: bid 0, bid 1, bid 2\n"
    )


def test_a_match_whose_rounds_have_different_numbers_of_players_is_invalid() -> None:
    rounds = []
    for players in (3, 4):
        state = troef.load_game("rififi", players=players).deal(seed=1)
        play_out(state, [RandomBot(s) for s in range(players)])
        rounds.append(state.record())
    result = replay_record(
        {"format": "troef-match/1", "game": "rififi", "rules": "standaard", "rounds": rounds}
    )
    assert result.exit_code == 2
    assert result.stderr == "invalid record: round 2 has 4 players, the rounds before it 3\n"


def hands(*hands: object) -> dict[str, Any]:
    return {"hands": list(hands), "trump_card": "7S"}


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("nonsense", "not JSON: Expecting value: line 1 column 1 (char 0)"),
        ("", "not JSON: Expecting value: line 1 column 1 (char 0)"),
        (
            '{"format": "troef-record/1",',
            "not JSON: Expecting property name enclosed in double quotes: line 1 column 29 (char 28)",
        ),
        (
            "[" * 100_000,
            "not JSON: maximum recursion depth exceeded while decoding a JSON array from a unicode string",
        ),
        (b"\xff\xff\xff", "not JSON: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"),
        ("[1, 2]", "a record is a JSON object"),
        ('"troef-record/1"', "a record is a JSON object"),
        ("null", "a record is a JSON object"),
        ("{}", "unknown format None; expected 'troef-record/1' or 'troef-match/1'"),
    ],
)
def test_input_that_is_not_a_json_object_exits_2(text: str | bytes, reason: str) -> None:
    result = replay_text(text)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"invalid record: {reason}\n"


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"game": "skat"}, f"unknown game 'skat'; games: {LISTED}"),
        ({"game": None}, f"unknown game None; games: {LISTED}"),
        ({"rules": "bsg"}, "rififi has no preset 'bsg'; presets: standaard, oh-hell"),
        (
            {"rules": {"preset": "standaard", "colour": 1}},
            "rififi has no option 'colour'; options: pack, must_trump, scoring, schedule, tricks, hook",
        ),
        ({"rules": {"hook": "yes"}}, "option 'hook': 'yes' is not allowed; expected true or false"),
        ({"rules": 7}, "rules must be a preset name or an object, not 7"),
        ({"players": 9}, "rififi is played by 3 to 6 players, not 9"),
        ({"players": "3"}, "rififi is played by 3 to 6 players, not '3'"),
        ({"dealer": 3}, "dealer must be a seat 0..2, not 3"),
        ({"dealer": True}, "dealer must be a seat 0..2, not True"),
        ({"deal": None}, "record has no 'deal' object"),
        ({"deal": hands(["AS"], ["KS"])}, "deal.hands must list 3 hands"),
        ({"deal": {"hands": "AS KS 6H"}}, "deal.hands must list 3 hands"),
        ({"deal": hands(["AS"], ["KS"], "6H")}, "deal.hands[2] must be a list of card codes"),
        ({"deal": hands(["AS"], ["KS"], [6])}, "deal.hands[2] must be a list of card codes"),
        (
            {"deal": hands(["AS"], ["KS"], ["ZZ"])},
            "not a card: 'ZZ' (expected rank 2-9 T J Q K A and suit S H D C, e.g. 'AS', '10h')",
        ),
        ({"deal": hands(["AS"], ["KS"], ["2H"])}, "2H in deal.hands[2] is not in the german36 pack"),
        ({"deal": hands(["AS"], ["KS"], ["AS"])}, "AS is dealt twice"),
        (
            {"deal": hands(["AS"], ["KS"], ["6H", "7H"])},
            "every hand must hold the same number of cards, 1..12",
        ),
        ({"deal": hands([], [], [])}, "every hand must hold the same number of cards, 1..12"),
        (
            {"deal": {"hands": [["AS"], ["KS"], ["6H"]], "trump_card": "KS"}},
            "trump_card KS is also dealt to a hand",
        ),
        (
            {"deal": {"hands": [["AS"], ["KS"], ["6H"]], "trump_card": 7}},
            "trump_card must be a card code or null, not 7",
        ),
        ({"actions": "bid 0"}, "actions must be a list of strings"),
        ({"actions": [0, 1]}, "actions must be a list of strings"),
        ({"actions": {"0": "bid 0"}}, "actions must be a list of strings"),
        ({"result": [11, 10, 10]}, "result must be an object"),
        (
            {"format": "troef-record/2"},
            "unknown format 'troef-record/2'; expected 'troef-record/1' or 'troef-match/1'",
        ),
    ],
)
def test_a_record_that_is_not_valid_exits_2_with_a_one_line_reason(
    changes: dict[str, Any], reason: str
) -> None:
    result = replay_record(with_changes(ONE_CARD, **changes))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"invalid record: {reason}\n"


@pytest.mark.parametrize(
    ("match", "reason"),
    [
        ({"rounds": []}, "a match record has a non-empty list 'rounds'"),
        ({"rounds": "r"}, "a match record has a non-empty list 'rounds'"),
        ({"rounds": [1]}, "round 1 is not an object"),
        ({"rounds": [{}]}, "record has no 'deal' object"),
        (
            {"game": "skat", "rounds": [{k: v for k, v in ONE_CARD.items() if k != "game"}]},
            f"unknown game 'skat'; games: {LISTED}",
        ),
    ],
)
def test_a_match_record_that_is_not_valid_exits_2(match: dict[str, Any], reason: str) -> None:
    result = replay_record({"format": "troef-match/1", "game": "rififi", "rules": "standaard", **match})
    assert result.exit_code == 2
    assert result.stderr == f"invalid record: {reason}\n"


def test_a_file_that_cannot_be_read_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    result = CliRunner().invoke(app, ["replay", str(missing)], env=ENV)
    assert result.exit_code == 2
    assert result.stderr == f"invalid record: cannot read {missing}: No such file or directory\n"
    result = CliRunner().invoke(app, ["replay", str(tmp_path)], env=ENV)
    assert result.exit_code == 2
    assert result.stderr == f"invalid record: cannot read {tmp_path}: Is a directory\n"


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 60)
    | st.sampled_from(["AS", "6H", "bid 0", "play KS", "x", ""]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["hands", "preset", "a"]), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(
    path=st.lists(
        st.sampled_from(
            [
                "format",
                "game",
                "rules",
                "players",
                "dealer",
                "deal",
                "hands",
                "trump_card",
                "actions",
                "result",
                0,
                1,
                2,
                5,
            ]
        ),
        min_size=1,
        max_size=3,
    ),
    value=JSON,
)
def test_any_mangled_record_exits_0_1_or_2_with_one_line_and_no_traceback(
    path: list[str | int], value: object
) -> None:
    record: Any = copy.deepcopy(TWO_CARDS)
    record["deal"]["hands"][1].append("9S")  # sometimes a bad deal, sometimes not
    node = record
    for key in path[:-1]:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    with contextlib.suppress(IndexError, TypeError):
        node[path[-1]] = value
    result = replay_record(record)
    assert result.exit_code in (0, 1, 2)
    if result.exit_code:
        assert result.stdout == ""
        assert result.stderr.count("\n") == 1
    else:
        assert json.loads(result.stdout)["over"] in (True, False)
