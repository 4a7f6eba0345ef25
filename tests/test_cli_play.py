"""`troef play`: a whole match driven through a pipe, answers in every spelling, refusals and errors."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner, Result

import troef
from troef.core.match import Match
from troef.interfaces.cli.main import app
from troef.interfaces.cli.terminal import LineReader
from troef.players import bot_kinds

ENV: dict[str, str | None] = {
    "COLUMNS": "200",
    "NO_COLOR": "1",
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    **dict.fromkeys(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")),
}
"""A wide plain terminal; no locale, so the table speaks English."""
ONES = "1\n" * 1000


def play(*args: str, answers: str = ONES) -> Result:
    """`troef play rififi ARGS` with ``answers`` piped in; fail on any exception other than a clean exit."""
    result = CliRunner().invoke(app, ["play", "rififi", *args], input=answers, env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def first_card(seed: int) -> str:
    """Seat 0's only card in the first round (1 card each) of a 4-player match from ``seed``."""
    hand: list[str] = Match(troef.load_game("rififi"), seed=seed, rounds=1).next_round().view(0)["hand"]
    return hand[0]


def test_a_whole_short_match_with_score_sheet_and_standings(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    result = play("--seed", "1", "--rounds", "3", "--bot", "random", "--save", str(saved))
    assert result.exit_code == 0
    out = result.stdout
    assert [int(n) for n in re.findall(r"Round (\d) of 3", out)] == [1, 2, 3]
    assert (
        len(re.findall(r"^seat \d( \(you\))? takes the trick with [2-9TJQKA][SHDC]$", out, re.M)) == 1 + 2 + 3
    )
    assert out.count("your bid (the number of tricks") == 3
    assert out.count("your card (its number") == 1 + 2 + 3

    record = json.loads(saved.read_text())
    assert record["players"] == ["seat 0 (you)", "seat 1", "seat 2", "seat 3"]
    replayed = troef.replay(record)
    totals = replayed["totals"]
    assert totals == record["totals"]

    standings = dict(re.findall(r"^\d\. (seat \d(?: \(you\))?): (-?\d+)$", out, re.M))
    assert {label: int(total) for label, total in standings.items()} == dict(
        zip(record["players"], totals, strict=True)
    )
    best = max(totals)
    leaders = [record["players"][s] for s, t in enumerate(totals) if t == best]
    if len(leaders) == 1:
        assert f"Winner: {leaders[0]} with {best} points" in out
    else:
        assert f"Tie for first with {best} points: {', '.join(leaders)}" in out

    sheet_rows = re.findall(r"^ +(\d) │ +(\d) │(.*)$", out, re.M)
    last_sheet = sheet_rows[-3:]  # the sheet printed after round 3
    running = [0, 0, 0, 0]
    for (number, cards, cells), rnd in zip(last_sheet, replayed["rounds"], strict=True):
        details = rnd["details"]
        assert (int(number), int(cards)) == (details["hand_size"], details["hand_size"])
        running = [t + s for t, s in zip(running, rnd["scores"], strict=True)]
        expected = [
            f"{b}/{w} {p:+d} = {t}"
            for b, w, p, t in zip(details["bids"], details["tricks"], rnd["scores"], running, strict=True)
        ]
        assert [c.strip() for c in cells.split("│")] == expected


def test_the_player_sees_no_card_of_another_hand_before_it_is_played(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    result = play("--seed", "5", "--rounds", "4", "--seat", "2", "--bot", "random", "--save", str(saved))
    assert result.exit_code == 0
    sections = re.split(r"─+ Round \d of 4 ─+\n", result.stdout)[1:]
    record = json.loads(saved.read_text())
    for section, rnd in zip(sections, record["rounds"], strict=True):
        lines = [line for line in section.splitlines() if not line.startswith("your card (")]
        for owner, hand in enumerate(rnd["deal"]["hands"]):
            if owner == 2:
                continue
            for card in set(hand) - {rnd["deal"]["trump_card"]}:
                first = next(line for line in lines if re.search(rf"\b{card}\b", line))
                assert first == f"seat {owner} plays {card}", (card, first)


SPELLINGS: list[Callable[[str], str]] = [
    str.lower,
    lambda code: f"play {code}",
    lambda code: code[0] + "♠♥♦♣"["SHDC".index(code[1])],
]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_a_card_can_be_typed_as_its_code_in_any_spelling(spelling: Callable[[str], str]) -> None:
    card = first_card(1)
    result = play("--seed", "1", "--rounds", "1", "--bot", "random", answers=f"0\n{spelling(card)}\n")
    assert result.exit_code == 0
    assert f"seat 0 (you) plays {card}\n" in result.stdout
    assert "not accepted" not in result.stdout


def test_10h_means_the_ten_of_hearts() -> None:
    seed, card = next((s, c) for s in range(200) if (c := first_card(s))[0] == "T")
    typed = "10" + card[1].lower()
    result = play("--seed", str(seed), "--rounds", "1", "--bot", "random", answers=f"bid 1\n{typed}\n")
    assert result.exit_code == 0
    assert "seat 0 (you) bids 1\n" in result.stdout
    assert f"seat 0 (you) plays {card}\n" in result.stdout


def test_illegal_answers_are_refused_with_the_reason_and_the_game_goes_on() -> None:
    card = first_card(1)
    other = "AS" if card != "AS" else "KS"
    answers = f"5\n[bold]x\n0\n7\nplay {other}\n\n1\n"
    result = play("--seed", "1", "--rounds", "1", "--bot", "random", answers=answers)
    assert result.exit_code == 0
    refusals = re.findall(r"^not accepted: (.*)$", result.stdout, re.M)
    assert refusals == [
        "'5' is not one of your choices; you may bid: 0, 1",
        "'[bold]x' is not one of your choices; you may bid: 0, 1",
        f"there is no choice 7; you may play: 1) {card}",
        f"not in your hand: {other}; you may play: 1) {card}",
        f"type a choice; you may play: 1) {card}",
    ]
    assert "seat 0 (you) bids 0\n" in result.stdout
    assert f"seat 0 (you) plays {card}\n" in result.stdout
    assert "Final standings" in result.stdout


def test_help_is_shown_again_on_request() -> None:
    result = play("--seed", "1", "--rounds", "1", "--bot", "random", answers="help\n0\n1\n")
    assert result.exit_code == 0
    assert (
        result.stdout.replace("\n", " ").count("How to answer: while bidding, type the number of tricks") == 2
    )


def test_end_of_input_stops_the_match_cleanly(tmp_path: Path) -> None:
    result = play("--seed", "1", "--rounds", "2", "--bot", "random", answers="")
    assert result.exit_code == 0
    assert result.stdout.endswith("input ended: the match stops after 0 of 2 rounds\n")

    saved = tmp_path / "half.json"
    result = play("--seed", "1", "--rounds", "2", "--bot", "random", "--save", str(saved), answers="0\n1\n")
    assert result.exit_code == 0
    assert "input ended: the match stops after 1 of 2 rounds\n" in result.stdout
    assert len(troef.replay(json.loads(saved.read_text()))["rounds"]) == 1


def test_six_players_fit_in_80_columns() -> None:
    result = CliRunner().invoke(
        app,
        ["play", "rififi", "--players", "6", "--seed", "2", "--rounds", "3", "--bot", "random"],
        input=ONES,
        env={**ENV, "COLUMNS": "80"},
    )
    assert result.exit_code == 0
    assert "Final standings" in result.stdout
    assert max(len(line.rstrip()) for line in result.stdout.splitlines()) <= 80


class KeyboardInput(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_at_a_keyboard_answers_are_read_with_the_prompt_until_end_of_input(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stdin", KeyboardInput("2\n"))
    screen = io.StringIO()
    reader = LineReader(Console(file=screen))
    assert reader.interactive
    assert reader.ask(Text("your bid: ")) == "2"
    assert reader.ask(Text("your card: ")) is None
    assert screen.getvalue().startswith("your bid: ")


@pytest.mark.parametrize(
    ("args", "locale", "title", "stopped"),
    [
        (
            ["--lang", "nl"],
            None,
            "Ronde 1 van 2",
            "je hebt de tafel verlaten: de partij stopt na 1 van 2 rondes",
        ),
        (
            [],
            "de_DE.UTF-8",
            "Runde 1 von 2",
            "du hast den Tisch verlassen: die Partie endet nach 1 von 2 Runden",
        ),
        (
            ["--lang", "en"],
            "nl_NL.UTF-8",
            "Round 1 of 2",
            "you left the table: the match stops after 1 of 2 rounds",
        ),
    ],
)
def test_the_table_speaks_the_language_asked_for_else_the_locales(
    args: list[str], locale: str | None, title: str, stopped: str
) -> None:
    result = CliRunner().invoke(
        app,
        ["play", "rififi", "--seed", "1", "--rounds", "2", "--bot", "random", *args],
        input="0\n1\nquit\n",
        env={**ENV, "LANG": locale},
    )
    assert result.exit_code == 0, result.output
    assert title in result.stdout
    assert result.stdout.endswith(f"{stopped}\n")


def test_quit_leaves_the_table() -> None:
    result = play("--seed", "1", "--bot", "random", answers="quit\n")
    assert result.exit_code == 0
    assert result.stdout.endswith("you left the table: the match stops after 0 of 17 rounds\n")


def test_a_preset_with_options_and_another_seat(tmp_path: Path) -> None:
    saved = tmp_path / "oh-hell.json"
    args = ["--rules", "oh-hell", "--option", "tricks=2", "-o", "hook=false", "--players", "3", "--seat", "1"]
    result = play(*args, "--seed", "9", "--bot", "random", "--save", str(saved))
    assert result.exit_code == 0
    assert result.stdout.count("2 cards each") == 3  # fixed schedule: every player deals once
    assert "bid/taken: seat 0 " in result.stdout
    assert "seat 1 (you)" in result.stdout
    record = json.loads(saved.read_text())
    assert record["rules"] == {"preset": "oh-hell", "tricks": 2, "hook": False}
    assert troef.replay(record)["totals"] == record["totals"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "rififi is played by 3 to 6 players, not 9"),
        (["--players", "2"], "rififi is played by 3 to 6 players, not 2"),
        (["--rules", "bsg"], "rififi has no preset 'bsg'; presets: standaard, oh-hell"),
        (["--option", "tricks=99"], "option 'tricks': 99 is not allowed; expected an integer >= 0, <= 17"),
        (["--option", "tricks=-1"], "option 'tricks': -1 is not allowed; expected an integer >= 0, <= 17"),
        (
            ["--option", "tricks=10"],
            "option 'tricks': 10 is too many for 4 players with 36 cards (at most 9)",
        ),
        (["--option", "hook=maybe"], "option 'hook': 'maybe' is not allowed; expected true or false"),
        (["--option", "must_trump"], "--option takes KEY=VALUE, e.g. tricks=5, not 'must_trump'"),
        (["--option", "=1"], "--option takes KEY=VALUE, e.g. tricks=5, not '=1'"),
        (
            ["--option", "colour=red"],
            "rififi has no option 'colour'; options: pack, must_trump, scoring, schedule, tricks, hook",
        ),
        (["--seat", "4"], "--seat must be a seat 0..3, not 4"),
        (["--seat", "-1"], "--seat must be a seat 0..3, not -1"),
        (["--players", "3", "--seat", "3"], "--seat must be a seat 0..2, not 3"),
        (["--rounds", "0"], "--rounds: a match has at least one round, not 0"),
        (["--rounds", "18"], "--rounds: a rififi match of these rules has at most 17 rounds, not 18"),
        (["--lang", "fr"], "--lang must be one of en, nl, de, not 'fr'"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(args: list[str], message: str) -> None:
    result = play(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {message}\n"


def test_an_unknown_game_or_bot_exits_2() -> None:
    result = CliRunner().invoke(app, ["play", "skat"], env=ENV)
    assert result.exit_code == 2
    assert result.stderr == f"error: unknown game 'skat'; games: {', '.join(troef.GAMES)}\n"
    result = play("--bot", "genius")
    assert result.exit_code == 2
    assert result.stderr == f"error: no 'genius' bot for rififi; bots: {', '.join(bot_kinds('rififi'))}\n"


def test_the_level_chooses_the_other_players() -> None:
    result = play("--level", "genius")
    assert result.exit_code == 2
    assert result.stderr == "error: --level must be one of easy, normal, strong, not 'genius'\n"
    for level in ("easy", "normal", "strong"):  # a round of one card each
        result = play("--seed", "1", "--rounds", "1", "--level", level, answers="0\n1\n")
        assert result.exit_code == 0, result.output
        assert "Final standings" in result.stdout


def test_a_match_that_cannot_be_saved_exits_2(tmp_path: Path) -> None:
    result = play(
        "--seed", "1", "--rounds", "1", "--bot", "random", "--save", str(tmp_path), answers="0\n1\n"
    )
    assert result.exit_code == 2
    assert "Final standings" in result.stdout
    assert result.stderr == f"error: cannot save the match to {tmp_path}: Is a directory\n"
