"""The `troef` command: help, `troef games`, `python -m troef`."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from typer.testing import CliRunner, Result

import troef
from troef.interfaces.cli.main import app
from troef.present.base import CardOrder

ENV: dict[str, str | None] = {"COLUMNS": "120", "NO_COLOR": "1", "FORCE_COLOR": None, "TTY_COMPATIBLE": None}


def invoke(*args: str) -> Result:
    """Run `troef ARGS`; fail on any Python exception other than a clean exit."""
    result = CliRunner().invoke(app, list(args), env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def test_no_command_prints_help() -> None:
    result = invoke()
    for command in ("replay", "games", "play"):
        assert re.search(rf"^\W*{command}\s", result.output, re.MULTILINE), result.output
    assert "Usage: troef" in result.output


def test_help_names_a_value_type_only_where_an_option_takes_a_value() -> None:
    """On/off flags show no ``<bool>`` (typer's boxed help did), options with a value show its type."""
    for command in ("serve", "play", "arena", "replay"):
        result = invoke(command, "--help")
        assert result.exit_code == 0 and "<bool>" not in result.output, result.output
    serve = invoke("serve", "--help").output
    assert re.search(r"^  --no-browser +do not open a browser$", serve, re.M)
    assert re.search(r"^  --port <int> +the port to listen on", serve, re.M)


def test_games_lists_rififi_with_players_presets_and_descriptions() -> None:
    result = invoke("games")
    assert result.exit_code == 0
    assert "Rififi (rififi): 3 to 6 players, default 4" in result.stdout
    for preset in troef.GAMES["rififi"].presets:
        described = f"{preset.label} — {preset.description[:40]}"
        assert re.search(rf"{re.escape(preset.name)}\s+│ {re.escape(described)}", result.stdout)
    for option in troef.GAMES["rififi"].options:
        described = f"{option.label} — {option.description[:30]}"
        assert re.search(rf"^{option.name}\s+{re.escape(described)}", result.stdout, re.MULTILINE)
    assert re.search(r"^\s+up-down: up and down *$", result.stdout, re.MULTILINE)


def test_games_speaks_the_language_asked_for_with_the_names_to_type() -> None:
    result = invoke("games", "hoogjassen", "--lang", "nl")
    assert result.exit_code == 0
    assert "Hoogjassen (hoogjassen): 3 tot 4 spelers, standaard 4" in result.stdout
    assert re.search(r"^dealer_rule\s+Volgende deler — wie de volgende ronde deelt", result.stdout, re.M)
    assert re.search(r"^\s+rotate: de volgende speler met de klok mee *$", result.stdout, re.MULTILINE)
    assert re.search(r"^ max_bid +│ geheel getal 170\.\.990 +│ 500 ", result.stdout, re.MULTILINE)
    assert "Next dealer" not in result.stdout and "what the options mean" not in result.stdout
    bad = invoke("games", "--lang", "fr")
    assert bad.exit_code == 2 and "--lang must be one of en, nl, de" in bad.stderr


def option_rows(text: str) -> dict[str, list[str]]:
    """The rows of the options table: option name -> its cells."""
    rows: dict[str, list[str]] = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.split("│")]
        if len(cells) == 5:
            rows[cells[0]] = cells[1:]
    return rows


def test_games_shows_every_option_value_of_each_preset() -> None:
    rows = option_rows(invoke("games", "rififi").stdout)
    assert rows["pack"] == ["german36 | french52", "german36", "german36", "french52"]
    assert rows["must_trump"] == ["true | false", "true", "true", "false"]
    assert rows["scoring"] == ["rififi | tricks-plus-10", "rififi", "rififi", "tricks-plus-10"]
    assert rows["schedule"] == ["up-down | fixed", "up-down", "up-down", "fixed"]
    assert rows["tricks"] == ["integer 0..17", "0", "0", "0"]
    assert rows["hook"] == ["true | false", "false", "false", "true"]
    standaard = troef.load_game("rififi", rules="standaard").rules
    assert {k: v[2] for k, v in rows.items()} == {
        k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in standaard.items()
    }


def test_games_unknown_game_is_an_error() -> None:
    result = invoke("games", "skat")
    assert result.exit_code == 2
    games = (
        "rififi, rikken, hoogjassen, piken, minitrick"  # minitrick: the tests' own game (tests/minitrick/)
    )
    assert result.stderr == f"error: unknown game 'skat'; games: {games}\n"


def test_python_m_troef_runs_the_command_in_a_pipe_without_colour_codes() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run(
        [sys.executable, "-m", "troef", "games"], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Rififi (rififi)" in done.stdout
    assert "\x1b[" not in done.stdout


def test_hands_are_sorted_by_each_games_rank_order() -> None:
    hoogjassen = troef.load_game("hoogjassen")
    hearts = ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]
    assert CardOrder(hoogjassen, "H").sort(hearts) == ["JH", "9H", "AH", "KH", "QH", "TH", "8H", "7H"]
    assert CardOrder(hoogjassen, "S").sort(hearts) == ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H"]
    assert CardOrder(troef.load_game("rififi"), "S").sort(["KH", "TH", "AH"]) == ["AH", "TH", "KH"]
    assert CardOrder(troef.load_game("rikken"), None).sort(["TH", "KH", "2H"]) == ["KH", "TH", "2H"]
