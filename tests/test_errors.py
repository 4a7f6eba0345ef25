"""Every error troef raises for bad input or misuse is a `TroefError` (issue 16): parse errors of
cards and actions included; misuse of a match, wrong command-line usage and asking a finished round
who acts have their own classes."""

from __future__ import annotations

import pytest

import troef
from troef.core.cards import CardSet, parse_card, suit_of
from troef.core.errors import (
    GameError,
    IllegalAction,
    MatchError,
    RecordError,
    ReplayError,
    RoundOverError,
    TroefError,
    UsageError,
)
from troef.core.match import Match
from troef.players.search import SearchBot

pytestmark = pytest.mark.engine

ERRORS = (
    troef.CardError,
    troef.ActionError,
    GameError,
    RecordError,
    IllegalAction,
    ReplayError,
    MatchError,
    RoundOverError,
    UsageError,
)
BAD_VALUES = (troef.CardError, troef.ActionError, GameError, RecordError, IllegalAction)


@pytest.mark.parametrize("error", ERRORS)
def test_every_error_is_a_troef_error_exported_by_the_package(error: type[Exception]) -> None:
    assert issubclass(error, TroefError)
    assert getattr(troef, error.__name__) is error
    assert error.__name__ in troef.__all__


@pytest.mark.parametrize("error", BAD_VALUES)
def test_bad_values_are_still_value_errors(error: type[Exception]) -> None:
    assert issubclass(error, ValueError)


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        (parse_card, "1h", "not a card: '1h'"),
        (suit_of, "X", "not a suit: 'X'"),
        (CardSet.parse, "AS ZZ", "not a card: 'ZZ'"),
        (troef.Card.parse, "", "not a card: ''"),
        (troef.parse_action, "fly", "unknown action 'fly'"),
        (troef.parse_action, "play ZZ", "in action 'play ZZ'"),
        (troef.Action, "bid", "'bid' takes one argument"),
    ],
)
def test_parse_errors_are_troef_errors(parse: object, text: str, message: str) -> None:
    assert callable(parse)
    with pytest.raises(TroefError, match=message):
        parse(text)


def test_the_actor_is_the_seat_to_act_until_the_round_is_over() -> None:
    state = troef.load_game("rififi", {"preset": "oh-hell", "tricks": 1}, 3).deal(seed=4, dealer=2)
    assert state.actor == state.current_player == 0
    while not state.is_over:
        assert state.actor == state.current_player
        state.apply(state.legal_actions()[0])
    with pytest.raises(RoundOverError, match="the round is over: nobody is to act"):
        _ = state.actor


def test_misuse_of_a_match_is_a_match_error_bad_arguments_a_game_error() -> None:
    game = troef.load_game("rififi", {"preset": "oh-hell", "tricks": 1}, 3)
    match = Match(game, seed=1, rounds=1)
    with pytest.raises(MatchError, match="the round is not over yet"):
        match.finish_round(match.next_round())
    with pytest.raises(GameError, match="at least one round"):
        Match(game, rounds=0)
    assert not issubclass(MatchError, GameError)


def test_an_unknown_search_method_is_a_game_error() -> None:
    with pytest.raises(GameError, match="search method must be one of ismcts, pimc, not 'mcts'"):
        SearchBot(method="mcts")
