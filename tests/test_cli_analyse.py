"""`troef analyse`: per seat the points lost and the costliest moments told as the table tells them, the
analysis as JSON, a seat and a round picked; bad input answered on one line with exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from test_analysis import MISERE, PLAY, played_match
from troef.interfaces.cli.main import app

ENV: dict[str, str | None] = {"COLUMNS": "120", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


def analyse(*args: str, stdin: str | None = None) -> Result:
    """Run `troef analyse ARGS`; fail on any Python exception other than a clean exit."""
    result = CliRunner().invoke(app, ["analyse", *args], input=stdin, env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def saved(tmp_path: Path, record: dict[str, Any], name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def test_the_report_names_the_blunder_in_the_words_of_the_table(tmp_path: Path) -> None:
    result = analyse(saved(tmp_path, MISERE), "--seat", "0")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "rikken, round 1: 2 decisions weighed in 16 worlds each, those marked again in 64"
    assert (
        lines[1].startswith("seat 0: ")
        and "points lost (0 inaccuracies, 0 mistakes, 2 blunders in 2" in lines[1]
    )
    assert lines[2] == "costliest moments:"
    assert "  round 1, seat 0 plays AH: -150.0 (blunder); best: seat 0 plays 2H" in lines
    assert len(lines) == 5  # the bid and the play, both blunders


def test_every_seat_by_default_and_a_good_round_has_no_moments(tmp_path: Path) -> None:
    ducked = {**MISERE, "actions": MISERE["actions"][:2]}  # two passes, nothing to regret
    result = analyse(saved(tmp_path, ducked))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[1:3]] == ["seat 0", "seat 1"]
    assert len([line for line in lines if line.startswith("seat ")]) == 4


def test_json_on_standard_input() -> None:
    result = analyse("-", "--json", "--seat", "0", "--worlds", "4", "--seed", "3", stdin=json.dumps(MISERE))
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["format"] == "troef-analysis/1" and out["seed"] == 3 and out["effort"]["worlds"] == 4
    assert [s["seat"] for s in out["seats"]] == [0]
    blunder = out["decisions"][-1]
    assert (blunder["index"], blunder["action"], blunder["best"], blunder["loss"], blunder["mark"]) == (
        PLAY,
        "play AH",
        "play 2H",
        150.0,
        "blunder",
    )


def test_a_round_of_a_match_record(tmp_path: Path) -> None:
    result = analyse(saved(tmp_path, played_match(rounds=2)), "--round", "2", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["rounds"] == [2] and {d["round"] for d in out["decisions"]} == {2}


def test_bad_input_is_one_line_on_standard_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # short paths: the message fits on one line of the console
    path = saved(Path(), MISERE)
    illegal = saved(Path(), {**MISERE, "actions": [*MISERE["actions"][:PLAY], "play 3S"]}, "illegal.json")
    for args, message in [
        (["missing.json"], "error: invalid record: cannot read missing.json: No such file"),
        (["-"], "error: invalid record: not JSON"),
        ([path, "--seat", "4"], "error: seat must be 0..3, not 4"),
        ([path, "--round", "2"], "error: round must be 1, not 2"),
        ([illegal], "error: invalid record: action 7 'play 3S'"),
    ]:
        result = analyse(*args, stdin="{")
        assert result.exit_code == 2, (args, result.output)
        assert result.stdout == "" and result.stderr.startswith(message), (args, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1
    worlds = analyse(path, "--worlds", "0")
    assert worlds.exit_code == 2 and "--worlds" in worlds.stderr
