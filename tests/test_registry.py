"""One registration point per game per layer: every game registered for its rules (`troef.GAMES`) has a
player kit (`troef.players.KITS`) and a presenter (`troef.present.PRESENTERS`), and nothing is registered
in a layer for a game the rules do not know."""

from __future__ import annotations

import pytest

import troef
from troef.players import KITS, PlayerKit, bot_kinds, make_bot
from troef.present import PRESENTERS, Presenter

pytestmark = pytest.mark.engine


def test_every_game_has_rules_players_and_a_presentation() -> None:
    assert set(KITS) == set(troef.GAMES) == set(PRESENTERS)


def test_each_registration_is_for_its_own_game() -> None:
    for name, cls in troef.GAMES.items():
        assert cls.name == name
        assert isinstance(KITS[name], PlayerKit) and KITS[name].game == name
        assert isinstance(PRESENTERS[name], Presenter)


def test_a_kit_gives_every_bot_kind_of_its_game() -> None:
    for name, cls in troef.GAMES.items():
        state = troef.load_game(name).deal(seed=1, dealer=0)
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        for kind in ("random", "heuristic"):
            assert kind in bot_kinds(name)
            assert make_bot(name, kind, 3).act(view) in view["legal_actions"], (name, kind, cls.title)
