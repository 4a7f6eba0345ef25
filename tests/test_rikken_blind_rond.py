"""Rikken's B "blind rond" (rikken.md section 7, option ``blind_rond``): the blind auction, scoring,
the closing rounds of a match and the record flag."""

from __future__ import annotations

import json
from typing import Any

import pytest

import troef
from troef.core.game import State
from troef.core.match import Match
from troef.games.replay import replay, replay_match
from troef.players import RandomBot, play_out

pytestmark = pytest.mark.engine

BSG = {"preset": "bsg", "blind_rond": True}
K = {"preset": "kampioenschap", "blind_rond": True}


def blind_round(rules: object, players: int = 4, seed: int = 1, dealer: int = 3) -> State:
    game = troef.load_game("rikken", rules, players)
    return game.deal_closing_round(seed, dealer, 0)


def legal(state: State) -> list[str]:
    return sorted(a.text for a in state.legal_actions())


def after(state: State, *actions: str) -> State:
    for a in actions:
        state.apply(a)
    return state


@pytest.mark.parametrize("preset", ["kampioenschap", "bsg"])
def test_option_is_off_in_both_presets(preset: str) -> None:
    game = troef.load_game("rikken", preset)
    assert game.rules["blind_rond"] is False
    assert game.closing_dealer(0, []) is None


@pytest.mark.parametrize("rules", [BSG, K])
@pytest.mark.parametrize(("players", "dealer"), [(4, 3), (4, 0), (5, 2)])
def test_first_seat_must_bid_rik_or_misere(rules: object, players: int, dealer: int) -> None:
    state = blind_round(rules, players, dealer=dealer)
    first = (dealer + 1) % players
    assert state.current_player == first
    assert legal(state) == ["bid misere", "bid rik"]
    assert state.view(first)["blind_rond"] is True
    for text in ("pass", "bid piek", "bid rik-beter"):
        with pytest.raises(troef.IllegalAction, match="blind rond: the first player must bid rik or misère"):
            state.apply(text)


@pytest.mark.parametrize("rules", [BSG, K])
def test_others_may_only_bid_misere(rules: object) -> None:
    state = after(blind_round(rules), "bid rik")
    assert state.current_player == 1
    assert legal(state) == ["bid misere", "pass"]
    for text in ("bid rik-beter", "bid 8-alleen", "bid open-misere", "bid piek"):
        with pytest.raises(troef.IllegalAction, match="blind rond: only misère may be bid"):
            state.apply(text)
    after(state, "bid misere")
    assert legal(state) == ["bid misere", "pass"], "several may play misère"
    after(state, "pass", "pass")
    assert state.current_player == 0 and legal(state) == ["bid misere", "pass"], "the overbid opener"
    after(state, "pass")
    assert state.phase == "play" and state.result()["over"] is False
    assert state.view(None)["contract"] == "misere" and state.view(None)["contract_players"] == [1]


@pytest.mark.parametrize("rules", [BSG, K])
@pytest.mark.parametrize("opening", ["bid rik", "bid misere"])
def test_three_misere_force_the_fourth(rules: object, opening: str) -> None:
    """Also under kampioenschap, whose ``forced_fourth`` is off."""
    state = after(blind_round(rules), opening, "bid misere", "bid misere")
    if opening == "bid rik":
        after(state, "bid misere")
    forced = 0 if opening == "bid rik" else 3
    assert state.current_player == forced
    assert legal(state) == ["bid misere"]
    with pytest.raises(troef.IllegalAction, match="the fourth must join"):
        state.apply("pass")
    after(state, "bid misere")
    assert sorted(state.view(None)["contract_players"]) == [0, 1, 2, 3]


def test_rik_unopposed_names_trump_and_calls() -> None:
    state = after(blind_round(BSG), "bid rik", "pass", "pass", "pass")
    assert state.phase == "trump" and state.current_player == 0
    assert state.view(None)["contract"] == "rik"


def test_ordinary_rounds_are_not_blind() -> None:
    game = troef.load_game("rikken", BSG)
    state = game.deal_round(1, 3, 0)
    assert "pass" in legal(state)
    assert "blind_rond" not in state.record()["deal"]
    assert state.result()["over"] is False


@pytest.mark.parametrize("rules", [BSG, K])
@pytest.mark.parametrize("opening", ["bid rik", "bid misere"])
def test_blind_rik_and_misere_score_as_usual(rules: dict[str, Any], opening: str) -> None:
    """A blind round scores exactly as an ordinary round with the same cards and actions."""
    for seed in range(5):
        state = after(blind_round(rules, seed=seed), opening, "pass", "pass", "pass")
        play_out(state, [RandomBot(seed * 4 + s) for s in range(4)])
        record = state.record()
        ordinary = {**record, "deal": {"hands": record["deal"]["hands"]}, "result": None}
        plain = replay(ordinary)
        result = state.result()
        assert result["details"]["blind_rond"] is True and plain["details"]["blind_rond"] is False
        assert result["scores"] == plain["scores"] and result["tricks"] == plain["tricks"]
        assert sum(result["scores"]) == 0
        assert result["details"]["contract"] == opening.split()[1]


@pytest.mark.parametrize("rules", [BSG, K])
def test_record_replays_standalone(rules: object) -> None:
    state = blind_round(rules, seed=7)
    play_out(state, [RandomBot(s) for s in range(4)])
    record = json.loads(json.dumps(state.record()))
    assert record["deal"]["blind_rond"] is True
    assert replay(record) == state.result()
    fresh = troef.load_game("rikken", rules).from_record(record)
    assert legal(fresh) == ["bid misere", "bid rik"]


@pytest.mark.parametrize("rules", ["bsg", "kampioenschap"])
def test_flag_needs_the_option(rules: str) -> None:
    state = blind_round({"preset": rules, "blind_rond": True})
    record = {**state.record(), "rules": rules}
    with pytest.raises(troef.RecordError, match="needs the option blind_rond"):
        replay(record)


@pytest.mark.parametrize("flag", [1, "true", None])
def test_flag_must_be_a_bool(flag: object) -> None:
    record = blind_round(BSG).record()
    record["deal"]["blind_rond"] = flag
    with pytest.raises(troef.RecordError, match=r"deal\.blind_rond must be true or false"):
        replay(record)


def play_match(match: Match, seed: int) -> None:
    n = match.game.players
    while not match.is_over:
        state = match.next_round()
        assert state.dealer == match.dealer
        play_out(state, [RandomBot(seed * 1000 + len(match.sheet) * 10 + s) for s in range(n)])
        match.finish_round(state)


@pytest.mark.parametrize("rules", [BSG, K])
@pytest.mark.parametrize(("players", "rounds", "first"), [(4, None, 2), (4, 1, 0), (5, 2, 4)])
def test_match_ends_with_the_blind_rond(rules: object, players: int, rounds: int | None, first: int) -> None:
    for seed in range(3):
        match = Match(troef.load_game("rikken", rules, players), seed=seed, first_dealer=first, rounds=rounds)
        play_match(match, seed)
        scheduled = match.rounds
        sheet = match.sheet
        assert [r.dealer for r in sheet[:scheduled]] == [(first + i) % players for i in range(scheduled)]
        assert not any(r.details["blind_rond"] for r in sheet[:scheduled])
        closing = sheet[scheduled:]
        assert all(r.details["blind_rond"] for r in closing)
        assert all(rec["deal"]["blind_rond"] for rec in match.records[scheduled:])
        # the deal stays after a misère (the same player opens again) and moves on after a rik
        dealer = (first + scheduled) % players
        for row in closing:
            assert row.dealer == dealer
            assert row.details["contract"] in ("rik", "misere")
            if row.details["contract"] == "rik":
                assert row.details["declarer"] == (dealer + 1) % players
                dealer = (dealer + 1) % players
        openers = [(r.dealer + 1) % players for r in closing if r.details["contract"] == "rik"]
        assert sorted(openers) == list(range(players)), "every player rikked once from the first seat"
        assert closing[-1].details["contract"] == "rik"
        with pytest.raises(troef.MatchError, match="the match is over"):
            match.next_round()
        result = replay_match(json.loads(json.dumps(match.record())))
        assert result["over"] and result["totals"] == match.totals


def test_match_without_the_option_has_no_closing_rounds() -> None:
    match = Match(troef.load_game("rikken", "bsg"), seed=3)
    play_match(match, 3)
    assert len(match.sheet) == match.rounds == 4
