"""`troef.analysis`: decisions weighed from the seat's view only, marked by their exact cost on constructed
rounds; forced moves never weighed; the same seed, the same analysis; and, slow, rounds the strong bot
played analysed as better than the heuristic's in every game."""

from __future__ import annotations

import copy
import importlib
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import troef
from troef.analysis import MARKS, Analysis, Decision, Effort, analyse, round_records, thresholds_of
from troef.core.errors import GameError, RecordError, ReplayError
from troef.core.match import Match
from troef.games.replay import split_seat, start_state
from troef.players import KITS, make_bot, play_out

ANALYSED = ["hoogjassen", "piken", "rififi", "rikken"]
"""The games whose player kits declare their marks."""

HEARTS = ["2H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]


def suit(code: str) -> list[str]:
    """The 3 to the ace of a suit."""
    return [rank + code for rank in "3456789TJQKA"]


MISERE: dict[str, Any] = {
    "format": "troef-record/1",
    "game": "rikken",
    "rules": "kampioenschap",
    "players": 4,
    "dealer": 0,
    "deal": {
        "hands": [[*HEARTS, "2S", "2D", "2C"], ["3H", *suit("S")], ["4H", *suit("D")], ["5H", *suit("C")]]
    },
    "actions": ["pass", "pass", "pass", "bid misere", "play 3H", "play 4H", "play 5H", "play AH"],
}
"""Seat 0 plays misère with ten hearts and the three lowest other cards; the others hold one heart each,
so after the first trick nobody else has a heart.  On that trick, last to play after 3H 4H 5H, seat 0 ducks
with 2H and then can never take a trick (it follows with its twos or throws hearts): the misère is made in
every world, +25 from each of three.  It plays AH instead and loses it at once: -75.  Seats 2 and 3 had one
heart each: their plays were forced."""
PLAY = 7
"""The index of seat 0's blunder."""


def played_round(game_name: str, seed: int) -> dict[str, Any]:
    """A round of ``game_name`` the heuristic bots played."""
    game = troef.load_game(game_name)
    state = game.deal(seed=seed, dealer=seed % game.players)
    play_out(state, [make_bot(game_name, "heuristic", seed * 10 + s) for s in range(game.players)])
    return state.record()


def played_match(rounds: int) -> dict[str, Any]:
    """A rififi match of the first ``rounds`` rounds (one card each, then two, ...), heuristic bots."""
    match = Match(troef.load_game("rififi"), seed=3, rounds=rounds)
    bots = [make_bot("rififi", "heuristic", s) for s in range(4)]
    while not match.is_over:
        state = match.next_round()
        play_out(state, bots)
        match.finish_round(state)
    return match.record()


def decision_at(analysis: Analysis, index: int, round_number: int = 1) -> Decision:
    return next(d for d in analysis.decisions if d.index == index and d.round == round_number)


# ------------------------------------------------------------------ exact costs on constructed rounds


def test_a_losing_play_is_marked_a_blunder_with_its_exact_cost() -> None:
    found = analyse(MISERE, seat=0)
    blunder = decision_at(found, PLAY)
    assert (blunder.seat, blunder.phase, blunder.action, blunder.best) == (0, "play", "play AH", "play 2H")
    assert blunder.values["play AH"] == -75.0 and blunder.values["play 2H"] == 75.0
    assert all(v == -75.0 for a, v in blunder.values.items() if a != "play 2H")
    assert len(blunder.values) == len(HEARTS)  # every heart was legal, every one weighed
    assert blunder.loss == 150.0 and blunder.mark == "blunder"
    (summary,) = found.summaries
    assert summary.seat == 0 and summary.marks["blunder"] >= 1
    assert blunder in summary.costliest and summary.lost >= 150.0


def test_the_best_play_costs_nothing() -> None:
    ducked = {**MISERE, "actions": [*MISERE["actions"][:PLAY], "play 2H"]}  # the round goes on: no result yet
    decision = decision_at(analyse(ducked, seat=0), PLAY)
    assert (decision.action, decision.best, decision.loss, decision.mark) == ("play 2H", "play 2H", 0.0, None)


def test_forced_moves_are_never_weighed() -> None:
    found = analyse(MISERE)
    assert [d.index for d in found.decisions] == [0, 1, 2, 3, 4, PLAY]  # not 5 (4H) nor 6 (5H): forced
    assert all(len(d.values) >= 2 for d in found.decisions)
    assert all(m.index != PLAY or m.seat == 0 for m in found.costliest)


def test_a_bad_bid_on_a_hand_is_judged_from_the_hand() -> None:
    """Seat 0's misère with ten hearts to the ace: any game in hearts is worth far more."""
    bid = decision_at(analyse(MISERE, seat=0), 3)
    assert bid.phase == "bid" and bid.action == "bid misere" and bid.best != "bid misere"
    assert bid.values[bid.best] > 100 and bid.mark == "blunder"


# ------------------------------------------------------------------ hidden information


def test_permuting_what_seat_0_could_not_see_changes_nothing() -> None:
    """The other seats' cards that seat 0 never saw, dealt differently among them (each keeps its heart, so
    the record stays legal and seat 0 sees the same round): the same analysis, bid values and all."""
    rng = random.Random(5)
    unseen = [card for hand in MISERE["deal"]["hands"][1:] for card in hand[1:]]
    rng.shuffle(unseen)
    other = copy.deepcopy(MISERE)
    for seat in (1, 2, 3):
        other["deal"]["hands"][seat][1:] = unseen[12 * (seat - 1) : 12 * seat]
    assert other["deal"] != MISERE["deal"]
    assert analyse(other, seat=0).decisions == analyse(MISERE, seat=0).decisions


def cards_of(text: str) -> set[str]:
    return {word for word in text.split()[1:] if len(word) == 2 and word[0] in "23456789TJQKA"}


def reshuffled(record: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """``record`` with the cards the other seats were dealt and had not played (nor shown face up: a trump
    card turned) dealt anew among them, each in the place of another."""
    used = set().union(*(cards_of(split_seat(a)[1]) for a in record["actions"]))
    used.add(record["deal"].get("trump_card"))
    out = copy.deepcopy(record)
    places = [(s, i) for s, hand in enumerate(out["deal"]["hands"]) for i, c in enumerate(hand) if s != seat]
    places = [(s, i) for s, i in places if out["deal"]["hands"][s][i] not in used]
    cards = [out["deal"]["hands"][s][i] for s, i in places]
    rng.shuffle(cards)
    for (s, i), card in zip(places, cards, strict=True):
        out["deal"]["hands"][s][i] = card
    return out


def seat_views(record: dict[str, Any], seat: int) -> list[Mapping[str, Any]]:
    """The seat's views at each of its turns."""
    state = start_state(record)
    views = []
    for entry in record["actions"]:
        if state.current_player == seat:
            views.append(state.view(seat))
        state.apply(split_seat(entry)[1])
    return views


@pytest.mark.parametrize("game_name", ANALYSED)
def test_hidden_cards_dealt_otherwise_do_not_change_a_seats_analysis(game_name: str) -> None:
    """A round cut after a seat's third decision (or its last), the cards it could not see (held by the
    others, unplayed) dealt otherwise wherever the round stays legal and the seat's views stay the same:
    its analysis is the same."""
    record = played_round(game_name, seed=11)
    state, seat = start_state(record), 1
    turns = []
    for i, entry in enumerate(record["actions"]):
        if state.current_player == seat and len(state.legal_actions()) > 1:
            turns.append(i)
        state.apply(split_seat(entry)[1])
    cut = {**record, "actions": record["actions"][: turns[:3][-1] + 1]}
    cut.pop("result")
    rng = random.Random(1)
    for _ in range(200):
        other = reshuffled(cut, seat, rng)
        try:
            views = seat_views(other, seat)
        except troef.IllegalAction:
            continue
        if other["deal"] != cut["deal"] and views == seat_views(cut, seat):
            break
    else:
        pytest.fail("no other legal deal of the unseen cards")
    assert analyse(other, seat=seat).decisions == analyse(cut, seat=seat).decisions


# ------------------------------------------------------------------ seeds, selection, progress, JSON


def test_the_same_seed_gives_the_same_analysis_and_another_seed_other_worlds() -> None:
    first = analyse(MISERE, seat=0, seed=1)
    assert analyse(MISERE, seat=0, seed=1) == first
    again = analyse(MISERE, seat=0, seed=2)
    assert decision_at(again, 3).values != decision_at(first, 3).values
    assert decision_at(again, PLAY) == decision_at(first, PLAY)  # certain either way


def test_a_match_record_is_analysed_by_round_and_seat() -> None:
    record = played_match(rounds=2)
    everything = analyse(record)
    assert everything.rounds == [1, 2] and everything.seats == [0, 1, 2, 3]
    assert {d.round for d in everything.decisions} == {1, 2}
    second = analyse(record, seat=2, round_number=2)
    assert second.rounds == [2] and second.seats == [2]
    assert second.decisions == [d for d in everything.decisions if d.round == 2 and d.seat == 2]
    assert len(round_records(record)) == 2


def test_progress_is_told_after_every_decision() -> None:
    told: list[tuple[int, int]] = []
    found = analyse(MISERE, progress=lambda done, total: told.append((done, total)))
    assert told == [(i, 6) for i in range(1, 7)] and len(found.decisions) == 6


def test_the_json_structure() -> None:
    found = analyse(MISERE, seat=0, effort=Effort(worlds=8, second_look=16))
    out = json.loads(json.dumps(found.to_json()))
    assert out["format"] == "troef-analysis/1"
    assert (out["game"], out["rules"], out["players"], out["rounds"], out["seed"]) == (
        "rikken",
        "kampioenschap",
        4,
        [1],
        0,
    )
    assert out["effort"] == {"worlds": 8, "second_look": 16, "inference": 2, "endgame": 8}
    assert out["thresholds"] == {"inaccuracy": 15, "mistake": 30, "blunder": 60}
    (seat,) = out["seats"]
    assert set(seat) == {"seat", "decisions", "marks", "lost", "costliest"} and seat["decisions"] == 2
    assert list(seat["marks"]) == list(MARKS)
    blunder = out["decisions"][-1]
    assert blunder == {
        "round": 1,
        "index": PLAY,
        "seat": 0,
        "phase": "play",
        "action": "play AH",
        "best": "play 2H",
        "values": {f"play {c}": 75.0 if c == "2H" else -75.0 for c in HEARTS},
        "loss": 150.0,
        "mark": "blunder",
    }
    assert blunder in out["costliest"] and blunder in seat["costliest"]


# ------------------------------------------------------------------ thresholds and bad input


def test_every_game_has_rising_thresholds() -> None:
    assert all(KITS[game].marks is not None for game in ANALYSED)
    for limits in map(thresholds_of, ANALYSED):
        assert 0 < limits.inaccuracy < limits.mistake < limits.blunder
        assert limits.mark(limits.inaccuracy - 0.01) is None
        assert [
            limits.mark(limits.inaccuracy),
            limits.mark(limits.mistake),
            limits.mark(limits.blunder),
        ] == list(MARKS)


@pytest.mark.parametrize(
    ("seat", "round_number", "message"),
    [
        (4, None, "seat must be 0..3, not 4"),
        (-1, None, "seat must be 0..3"),
        (None, 2, "round must be 1, not 2"),
    ],
)
def test_a_seat_or_round_the_record_does_not_have(
    seat: int | None, round_number: int | None, message: str
) -> None:
    with pytest.raises(GameError, match=message):
        analyse(MISERE, seat=seat, round_number=round_number)


def test_records_that_do_not_replay_and_games_without_players() -> None:
    with pytest.raises(RecordError):
        analyse({"format": "troef-record/1", "game": "rikken"})
    with pytest.raises(ReplayError, match="action 7"):
        analyse({**MISERE, "actions": [*MISERE["actions"][:PLAY], "play 3S"]})
    state = troef.load_game("minitrick").deal(seed=1)
    with pytest.raises(GameError, match="no analysis for game 'minitrick'"):
        analyse(state.record())


def test_an_effort_needs_worlds() -> None:
    with pytest.raises(ValueError, match="worlds"):
        Effort(worlds=0)


# ------------------------------------------------------------------ strong against easy


BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.mark.slow
def test_rounds_the_strong_bot_played_have_fewer_and_smaller_mistakes() -> None:
    """benchmarks/analysis_check.py with 2 deals per game (its default is 100), in 2 processes."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    check = importlib.import_module("analysis_check")
    for game_name, tallies in check.compare(ANALYSED, 2, seed=1, effort=Effort(), workers=2).items():
        assert tallies["strong"].beats(tallies["heuristic"]), (game_name, tallies)
