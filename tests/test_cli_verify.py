"""`troef verify`: exit 0 with a line per round when every deal verifies, 1 naming the round and why when
one does not, 2 with one line for input that is not a match record."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import troef
from troef.core.match import Match
from troef.games.fair import FairDeal, commitment, fair_match_record
from troef.interfaces.cli.main import app
from troef.players import RandomBot, play_out

ENV: dict[str, str | None] = {"COLUMNS": "120", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}
RULES: dict[str, Any] = {"preset": "bsg", "deal": "traditional", "blind_rond": True}


@cache
def fair_match_json() -> str:
    """A 5-player Rikken match (traditional deal, blind rond) dealt from fair deals, as JSON."""
    game = troef.load_game("rikken", RULES, 5)
    rng = random.Random(7)
    match = Match(game, names=["Ann", "Bob", "Cor", "Dik", "Eva"], seed=7)
    deals: list[FairDeal] = []
    while not match.is_over:
        deals.append(FairDeal("club-17", len(match.sheet), [""] * 5, rng.randbytes(32)))  # the same every run
        for seat in rng.sample(range(5), 2):
            deals[-1].add_client_seed(seat, f"{rng.getrandbits(128):X}")
        state = deals[-1].deal(match)
        play_out(state, [RandomBot(rng.randrange(2**32)) for _ in range(5)])
        match.finish_round(state)
    return json.dumps(fair_match_record(match, deals))


def fair_record() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(fair_match_json())
    return record


def verify_text(text: str | bytes) -> Result:
    """`troef verify -` with ``text`` on stdin; fail on any Python exception other than a clean exit."""
    result = CliRunner().invoke(app, ["verify", "-"], input=text, env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def verify_record(record: object) -> Result:
    return verify_text(json.dumps(record))


def failing(record: dict[str, Any], index: int, problem: str) -> None:
    """``record`` exits 1; standard error names round ``index`` and ``problem`` on one line (which may
    add that the check stops there)."""
    result = verify_record(record)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"verify failed: round {index + 1}: {problem}")
    assert result.stderr.count("\n") == 1
    assert f"round {index + 1}: FAILS: {problem}" in result.stdout


def test_a_fair_match_verifies_round_by_round(tmp_path: Path) -> None:
    record = fair_record()
    n = len(record["rounds"])
    assert n > record["scheduled_rounds"] == 5  # closing rounds too
    result = verify_record(record)
    assert result.exit_code == 0
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        *(f"round {k + 1}: verifies" for k in range(n)),
        f"all {n} rounds verify",
    ]
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record, indent=1))
    from_file = CliRunner().invoke(app, ["verify", str(path)], env=ENV)
    assert from_file.exit_code == 0 and from_file.stdout == result.stdout
    replayed = CliRunner().invoke(app, ["replay", str(path)], env=ENV)
    assert replayed.exit_code == 0, replayed.output  # troef replay accepts the fair record


def test_one_card_swapped_between_two_hands() -> None:
    record = fair_record()
    rnd = record["rounds"][2]
    hands = rnd["deal"]["hands"]
    first, second = [seat for seat, hand in enumerate(hands) if hand][:2]  # the dealer sits out
    a, b = hands[first][0], hands[second][0]
    hands[first][0], hands[second][0] = b, a
    failing(record, 2, f"deal differs at seat {first}'s hand: the seed deals {a}, the record has {b}")


def test_a_changed_server_seed() -> None:
    record = fair_record()
    fair = record["rounds"][4]["fair"]
    fair["server_seed"] = ("1" if fair["server_seed"][0] == "0" else "0") + fair["server_seed"][1:]
    changed = commitment(bytes.fromhex(fair["server_seed"]))
    failing(
        record,
        4,
        f"commitment mismatch: the server seed's SHA-256 is {changed}, the commitment {fair['commitment']}",
    )


def test_a_changed_server_seed_with_a_matching_commitment() -> None:
    record = fair_record()
    fair = record["rounds"][0]["fair"]
    fair["server_seed"] = bytes(32).hex()
    fair["commitment"] = commitment(bytes(32))
    result = verify_record(record)
    assert result.exit_code == 1
    assert result.stderr.startswith("verify failed: round 1: deal differs at seat ")


def test_a_changed_client_seed() -> None:
    record = fair_record()
    seeds = record["rounds"][1]["fair"]["client_seeds"]
    seat = next(s for s, seed in enumerate(seeds) if seed)
    seeds[seat] = "0" if seeds[seat] != "0" else "1"
    result = verify_record(record)
    assert result.exit_code == 1
    assert result.stderr.startswith("verify failed: round 2: deal differs at seat ")


def test_a_changed_commitment() -> None:
    record = fair_record()
    fair = record["rounds"][3]["fair"]
    old = fair["commitment"]
    fair["commitment"] = old[1:] + old[0]
    expected = commitment(bytes.fromhex(fair["server_seed"]))
    failing(
        record,
        3,
        f"commitment mismatch: the server seed's SHA-256 is {expected}, the commitment {old[1:] + old[0]}",
    )


def test_a_round_without_fair_object_and_a_count_of_the_others() -> None:
    record = fair_record()
    del record["rounds"][2]["fair"]
    failing(record, 2, "it has no fair object")
    for k in (5, 6):
        record["rounds"][k]["fair"]["commitment"] = "0" * 64
    result = verify_record(record)
    assert result.exit_code == 1
    assert result.stderr == "verify failed: round 3: it has no fair object (2 more rounds fail)\n"
    assert [line for line in result.stdout.splitlines() if "FAILS" in line] == [
        "round 3: FAILS: it has no fair object",
        f"round 6: FAILS: commitment mismatch: the server seed's SHA-256 is "
        f"{commitment(bytes.fromhex(record['rounds'][5]['fair']['server_seed']))}, the commitment {'0' * 64}",
        f"round 7: FAILS: commitment mismatch: the server seed's SHA-256 is "
        f"{commitment(bytes.fromhex(record['rounds'][6]['fair']['server_seed']))}, the commitment {'0' * 64}",
    ]


def test_a_record_played_without_fair_deals_does_not_verify() -> None:
    match = Match(troef.load_game("hoogjassen", players=3), seed=2)
    state = match.next_round()
    play_out(state, [RandomBot(s) for s in range(3)])
    match.finish_round(state)
    failing(match.record(), 0, "it has no fair object")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON: "),
        ("[1, 2]", "a record is a JSON object"),
        ('{"format": "troef-match/2"}', "unknown format 'troef-match/2'; expected 'troef-match/1'"),
        ("\xff", "not JSON: "),
    ],
)
def test_input_that_is_not_json_or_not_a_match_record_exits_2(text: str, message: str) -> None:
    result = verify_text(text)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"invalid record: {message}")
    assert result.stderr.count("\n") == 1


def modified(change: str) -> dict[str, Any]:
    record = copy.deepcopy(fair_record())
    rnd = record["rounds"][1]
    if change == "round record":
        return {**rnd, "format": "troef-record/1", "game": "rikken", "rules": record["rules"], "players": 5}
    if change == "server seed":
        rnd["fair"]["server_seed"] = "not hex"
    elif change == "client seeds":
        rnd["fair"]["client_seeds"] = rnd["fair"]["client_seeds"][:4]
    elif change == "hands":
        rnd["deal"]["hands"][rnd["dealer"]] = ["AS"]
    elif change == "game":
        record["game"] = "whist"
    return record


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("round record", "troef verify checks a match record ('troef-match/1')"),
        ("server seed", "round 2: fair.server_seed must be 64 hex digits, not 'not hex'"),
        ("client seeds", "round 2: fair.client_seeds must list one string per seat (5)"),
        ("hands", "round 2: deal.hands["),
        ("game", "unknown game 'whist'"),
    ],
)
def test_a_malformed_record_exits_2_with_one_line(change: str, message: str) -> None:
    result = verify_record(modified(change))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"invalid record: {message}")
    assert result.stderr.count("\n") == 1


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["verify", str(tmp_path / "none.json")], env=ENV)
    assert result.exit_code == 2
    assert result.stderr.startswith("invalid record: cannot read ")
    assert "Traceback" not in result.output


def test_verify_is_listed_in_the_help() -> None:
    result = CliRunner().invoke(app, ["--help"], env=ENV)
    assert result.exit_code == 0
    assert "verify" in result.stdout and "dealt fairly" in result.stdout
