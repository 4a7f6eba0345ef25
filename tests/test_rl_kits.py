"""The RL layer's kits (`troef.interfaces.rl.kits`): one per game, and a clear error for a game without a kit
or a kit missing a part."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy", reason="troef.interfaces.rl needs numpy: pip install 'troef[rl]'")
pytest.importorskip("pettingzoo", reason="troef.interfaces.rl needs pettingzoo: pip install 'troef[rl]'")

import troef
from troef.games import load_game
from troef.interfaces.rl import kits
from troef.interfaces.rl.actions import action_index
from troef.interfaces.rl.encode import Encoder
from troef.interfaces.rl.pettingzoo import reward_scale
from troef.interfaces.rl.shared.kit import RLKit


def test_every_game_has_a_kit() -> None:
    assert set(kits.KITS) == set(troef.GAMES)
    assert all(kits.kit_of(name).game == name for name in troef.GAMES)


def test_a_game_without_a_kit_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(kits.KITS, "piken")
    with pytest.raises(troef.GameError, match="no RL kit for game 'piken'"):
        Encoder("piken", 3)
    with pytest.raises(troef.GameError, match="'piken'"):
        reward_scale(load_game("piken"))


def test_a_kit_missing_parts_names_the_game_and_the_parts() -> None:
    with pytest.raises(TypeError, match=r"the RL kit of skat lacks max_hand, actions, .*max_game_length"):
        RLKit(game="skat", phases=("play", "over"))
    with pytest.raises(TypeError, match="a Rikken kit part was given"):
        kits.kit_of("rikken").bounds(load_game("piken"))


def test_the_feature_kinds_cover_every_indexed_action() -> None:
    used = {a.kind for name in troef.GAMES for a in action_index(name).actions}
    assert used == set(kits.KINDS)
