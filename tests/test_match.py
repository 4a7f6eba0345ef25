"""`troef.core.match.Match`: dealer rotation, schedules, the score sheet, totals, records and errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

import troef
from troef.core.match import Match, SheetRow
from troef.players import RandomBot, play_out

pytestmark = pytest.mark.engine


def play_match(match: Match, seed: int = 0) -> list[SheetRow]:
    """Play every round of ``match`` with random bots; the sheet rows as they were entered."""
    n = match.game.players
    rows: list[SheetRow] = []
    while not match.is_over:
        dealer = match.dealer
        state = match.next_round()
        assert state.dealer == dealer
        play_out(state, [RandomBot(seed * 100 + len(rows) * 10 + s) for s in range(n)])
        rows.append(match.finish_round(state))
    return rows


def up_down(m: int) -> list[int]:
    return [*range(1, m + 1), *range(m - 1, 0, -1)]


# --------------------------------------------------------------------------- dealer and schedule


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_dealer_moves_clockwise_from_the_given_first_dealer(players: int) -> None:
    game = troef.load_game("rififi", "standaard", players)
    for first in range(players):
        match = Match(game, seed=1, first_dealer=first, rounds=players + 2)
        assert match.first_dealer == first
        rows = play_match(match)
        assert [r.dealer for r in rows] == [(first + i) % players for i in range(players + 2)]
        assert [r.index for r in rows] == list(range(players + 2))
        for row, rec in zip(rows, match.records, strict=True):
            assert rec["dealer"] == row.dealer


def test_first_dealer_is_drawn_from_the_seed() -> None:
    game = troef.load_game("rififi", "standaard", 4)
    firsts = [Match(game, seed=s).first_dealer for s in range(60)]
    assert firsts == [Match(game, seed=s).first_dealer for s in range(60)], "the seed fixes the first dealer"
    assert set(firsts) == {0, 1, 2, 3}, "every seat can deal first"
    assert all(Match(game, seed=s, first_dealer=2).first_dealer == 2 for s in range(10))


def test_same_seed_same_match() -> None:
    game = troef.load_game("rififi", "standaard", 3)
    a, b, c = Match(game, seed=9), Match(game, seed=9), Match(game, seed=10)
    play_match(a)
    play_match(b)
    play_match(c)
    assert [r["deal"] for r in a.records] == [r["deal"] for r in b.records]
    assert [r["deal"] for r in a.records] != [r["deal"] for r in c.records]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rififi_up_down_schedule(players: int) -> None:
    """rififi.md 1.3: 1, 2, … m … 2, 1 cards, m = 36 // players, 2m - 1 rounds."""
    game = troef.load_game("rififi", "standaard", players)
    m = 36 // players
    match = Match(game, seed=players)
    assert match.rounds == 2 * m - 1 == game.match_rounds()
    rows = play_match(match, players)
    assert [r.details["hand_size"] for r in rows] == up_down(m)
    assert [len(r["deal"]["hands"][0]) for r in match.records] == up_down(m)
    assert [sum(r.result["tricks"]) for r in rows] == up_down(m)


@pytest.mark.parametrize(
    ("rules", "players", "size"),
    [
        ({"preset": "oh-hell", "tricks": 5}, 4, 5),
        ({"preset": "oh-hell", "tricks": 1}, 3, 1),
        ("oh-hell", 4, 13),  # tricks 0: the most possible, 52 // 4
        ("oh-hell", 5, 10),
        ({"preset": "standaard", "schedule": "fixed", "tricks": 7}, 5, 7),
        ({"preset": "standaard", "schedule": "fixed"}, 6, 6),
    ],
)
def test_fixed_schedule(rules: str | dict[str, Any], players: int, size: int) -> None:
    """rififi.md 6: a fixed schedule deals the same number of cards every round, one round per player."""
    game = troef.load_game("rififi", rules, players)
    match = Match(game, seed=3, first_dealer=0)
    assert match.rounds == players
    rows = play_match(match)
    assert [r.details["hand_size"] for r in rows] == [size] * players
    assert [r.dealer for r in rows] == list(range(players))


def test_rounds_can_be_fewer_than_the_schedule() -> None:
    game = troef.load_game("rififi", "standaard", 4)
    match = Match(game, seed=2, rounds=3)
    rows = play_match(match)
    assert len(rows) == 3 and match.is_over
    assert [r.details["hand_size"] for r in rows] == [1, 2, 3]


# --------------------------------------------------------------------------- score sheet


@pytest.mark.parametrize(("preset", "players"), [("standaard", 3), ("standaard", 5), ("oh-hell", 4)])
def test_score_sheet_and_totals(preset: str, players: int) -> None:
    game = troef.load_game("rififi", preset, players)
    match = Match(game, names=[f"p{i}" for i in range(players)], seed=11)
    assert match.totals == [0] * players
    running = [0] * players
    rows = play_match(match, 11)
    assert match.sheet == rows
    for row, rec in zip(rows, match.records, strict=True):
        scores = row.scores
        assert len(scores) == players
        running = [t + s for t, s in zip(running, scores, strict=True)]
        assert row.totals == tuple(running)
        assert row.result == rec["result"]
        assert row.result["over"] is True
        details = row.details
        assert len(details["bids"]) == players and len(details["tricks"]) == players
        assert sum(details["tricks"]) == details["hand_size"]
        assert details["tricks"] == row.result["tricks"]
        # the Spielbogen: bid, tricks and points per player per round
        for seat in range(players):
            bid, took = details["bids"][seat], details["tricks"][seat]
            if preset == "standaard":
                assert scores[seat] == (10 + bid * bid if bid == took else -abs(bid - took))
            else:
                assert scores[seat] == took + (10 if bid == took else 0)
    assert match.totals == running
    assert match.totals == [sum(r.scores[s] for r in rows) for s in range(players)]
    best = max(match.totals)
    assert match.leaders() == [s for s in range(players) if match.totals[s] == best]


def test_leaders_with_a_tie() -> None:
    game = troef.load_game("rififi", "standaard", 4)
    match = Match(game, seed=0)
    assert match.leaders() == [0, 1, 2, 3]  # nobody has scored yet
    match.totals = [12, -3, 12, 7]
    assert match.leaders() == [0, 2]
    match.totals = [-1, -3, -2, -5]
    assert match.leaders() == [0]


def test_sheet_row_properties() -> None:
    row = SheetRow(0, 1, {"over": True, "scores": [1, 2, 3], "details": {"bids": [0, 1, 2]}}, (1, 2, 3))
    assert row.scores == [1, 2, 3]
    assert row.details == {"bids": [0, 1, 2]}
    assert SheetRow(0, 1, {"over": True, "scores": [0]}, (0,)).details == {}


# --------------------------------------------------------------------------- match record


@pytest.mark.parametrize(("preset", "players"), [("standaard", 4), ("oh-hell", 3)])
def test_match_record_replays(preset: str, players: int) -> None:
    game = troef.load_game("rififi", preset, players)
    names = ["Anna", "Bert", "Cees", "Dirk"][:players]
    match = Match(game, names=names, seed=5)
    rows = play_match(match, 5)
    record = match.record()
    assert record["format"] == "troef-match/1"
    assert record["game"] == "rififi"
    assert record["rules"] == preset
    assert record["players"] == names
    assert record["totals"] == match.totals
    assert len(record["rounds"]) == len(rows) == match.rounds
    for i, rnd in enumerate(record["rounds"]):
        assert rnd["format"] == "troef-record/1"
        assert rnd["dealer"] == rows[i].dealer
        assert rnd["result"] == rows[i].result
    loaded = json.loads(json.dumps(record))
    result = troef.replay(loaded)
    assert result["over"] is True
    assert result["totals"] == match.totals
    assert result["rounds"] == [r.result for r in rows]
    # a changed total is caught
    with pytest.raises(troef.ReplayError, match="totals"):
        troef.replay({**loaded, "totals": [t + 1 for t in match.totals]})
    # a changed round result is caught, naming the round
    bad = json.loads(json.dumps(record))
    bad["rounds"][1]["result"]["scores"][0] += 1
    with pytest.raises(troef.ReplayError, match=r"^round 2: "):
        troef.replay(bad)


def test_a_match_for_money_records_and_checks_each_players_money() -> None:
    """Hoogjassen 6.5: the record's ``money`` (cents, the pot included) replays and is checked; during the
    match the pot holds the stakes, at the end it is shared; a record without ``money`` (made before it)
    replays; a game without money has none."""
    rififi = Match(troef.load_game("rififi"), seed=1)
    assert rififi.money() is None and "money" not in rififi.record()
    game = troef.load_game("hoogjassen", {"preset": "standaard", "pot_stake_cents": 250}, 4)
    match = Match(game, seed=4, rounds=3)
    assert match.money() == ((-250,) * 4, 1000, 0)
    play_match(match, 4)
    record = json.loads(json.dumps(match.record()))
    money = match.money()
    assert money is not None and record["money"] == list(money.players)
    assert money.pot == 0 and sum(money.players) == 0  # the pot is shared, the money zero-sum
    assert troef.replay(record)["money"] == record["money"]
    with pytest.raises(troef.ReplayError, match="money"):
        troef.replay({**record, "money": [m + 1 for m in record["money"]]})
    older = {key: value for key, value in record.items() if key != "money"}
    assert troef.replay(older)["money"] == record["money"]
    early = {"format": "troef-match/1", "game": "hoogjassen", "rules": record["rules"], "scheduled_rounds": 3}
    early["rounds"] = record["rounds"][:2]  # two of three rounds: the pot is not shared yet
    during = game.match_money([r["result"] for r in early["rounds"]], match.first_dealer, over=False)
    assert during is not None and during.pot > 0 and during.shared == 0
    assert troef.replay(early)["money"] == list(during.players) and -sum(during.players) == during.pot


def test_record_of_an_unfinished_match() -> None:
    game = troef.load_game("rififi", "standaard", 3)
    match = Match(game, seed=8)
    assert match.record()["rounds"] == [] and match.record()["totals"] == [0, 0, 0]
    state = match.next_round()
    play_out(state, [RandomBot(s) for s in range(3)])
    match.finish_round(state)
    record = match.record()
    assert len(record["rounds"]) == 1
    assert troef.replay(record)["totals"] == match.totals
    assert not match.is_over


def test_default_names() -> None:
    match = Match(troef.load_game("rififi", players=5), seed=1)
    assert match.names == ["seat 0", "seat 1", "seat 2", "seat 3", "seat 4"]
    assert match.record()["players"] == match.names


# --------------------------------------------------------------------------- errors


def test_next_round_after_the_end() -> None:
    match = Match(troef.load_game("rififi", "standaard", 3), seed=1, rounds=2)
    play_match(match)
    assert match.is_over
    with pytest.raises(troef.MatchError, match="the match is over"):
        match.next_round()


def test_finish_an_unfinished_round() -> None:
    match = Match(troef.load_game("rififi", "standaard", 3), seed=1)
    state = match.next_round()
    with pytest.raises(troef.MatchError, match="the round is not over yet"):
        match.finish_round(state)
    state.apply(state.legal_actions()[0])
    with pytest.raises(troef.MatchError, match="the round is not over yet"):
        match.finish_round(state)
    assert match.sheet == [] and match.totals == [0, 0, 0]


@pytest.mark.parametrize("names", [[], ["a", "b"], ["a", "b", "c", "d", "e"]])
def test_wrong_number_of_names(names: list[str]) -> None:
    game = troef.load_game("rififi", "standaard", 4)
    with pytest.raises(troef.GameError, match=rf"4 players need 4 names, not {len(names)}"):
        Match(game, names=names)


@pytest.mark.parametrize("first", [-1, 4, 17])
def test_bad_first_dealer(first: int) -> None:
    with pytest.raises(troef.GameError, match=r"dealer must be a seat 0\.\.3"):
        Match(troef.load_game("rififi", "standaard", 4), first_dealer=first)


@pytest.mark.parametrize("rounds", [0, -2])
def test_bad_number_of_rounds(rounds: int) -> None:
    with pytest.raises(troef.GameError, match="at least one round"):
        Match(troef.load_game("rififi", "standaard", 4), rounds=rounds)


def test_more_rounds_than_the_schedule_is_a_clear_error() -> None:
    game = troef.load_game("rififi", "standaard", 4)  # up-down: 17 rounds
    with pytest.raises(troef.GameError, match="at most 17 rounds, not 18"):
        Match(game, seed=1, rounds=18)


def test_a_fixed_schedule_plays_any_number_of_rounds() -> None:
    game = troef.load_game("rififi", {"preset": "oh-hell", "tricks": 3}, 4)
    match = Match(game, seed=1, rounds=6)
    play_match(match)
    assert [row.details["hand_size"] for row in match.sheet] == [3] * 6


def test_only_the_round_just_dealt_is_entered_once() -> None:
    match = Match(troef.load_game("rififi", "standaard", 4), seed=2)
    state = match.next_round()
    play_out(state, [RandomBot(seat) for seat in range(4)])
    match.finish_round(state)
    with pytest.raises(troef.MatchError, match="only the round this match dealt last"):
        match.finish_round(state)
    stranger = troef.load_game("rififi", "standaard", 4).deal(seed=1)
    play_out(stranger, [RandomBot(seat) for seat in range(4)])
    with pytest.raises(troef.MatchError, match="only the round this match dealt last"):
        match.finish_round(stranger)
    assert len(match.sheet) == 1
