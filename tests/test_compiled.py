"""The engine compiled by mypyc or not: `troef.compiled`, ``troef --version``, and, where CI runs the
engine's tests against the compiled wheel (``TROEF_EXPECT_COMPILED=1``), that the compiled modules are what
the tests import."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import re
from importlib import metadata

import pytest
from typer.testing import CliRunner

import troef
from troef.interfaces.cli.main import app

pytestmark = pytest.mark.engine

# Modules that must be compiled in a compiled build (setup.py's ENGINE), and some that never are.
ENGINE = [
    "troef.core.cards",
    "troef.core.tricks",
    "troef.core.match",
    "troef.games.replay",
    "troef.core.actions",
    "troef.core.game",
    "troef.games.rififi.state",
    "troef.games.rikken.state",
    "troef.games.hoogjassen.state",
    "troef.games.piken.state",
    "troef.players.shared.worlds",
    "troef.players.shared.playouts",
    "troef.players.search",
    "troef.players.endgame",
    "troef.players.rififi.bot",
]
PURE = [
    "troef",
    "troef.session",
    "troef.interfaces.cli.main",
    "troef.present.base",
    "troef.players.arena.duplicate",
    "troef.core.options",
    "troef.core.views",
    "troef.games.rikken.view",
]
EXPECT_COMPILED = os.environ.get("TROEF_EXPECT_COMPILED", "") not in ("", "0")


def is_extension(module: str) -> bool:
    path = importlib.import_module(module).__file__ or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_compiled_says_whether_the_engine_modules_are_extensions() -> None:
    assert troef.compiled() is is_extension("troef.core.cards")
    assert all(is_extension(m) is troef.compiled() for m in ENGINE)
    assert not any(is_extension(m) for m in PURE)


def test_version_names_the_version_and_the_engine() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    engine = "compiled with mypyc" if troef.compiled() else "pure Python"
    assert result.output == f"troef {metadata.version('troef')} (engine: {engine})\n"
    assert re.fullmatch(r"troef \d+\.\d+\.\d+\S* \(engine: [a-zA-Z ]+\)\n", result.output)


@pytest.mark.skipif(not EXPECT_COMPILED, reason="only where CI tests the compiled wheel")
def test_the_compiled_engine_is_what_the_tests_import() -> None:
    assert troef.compiled()
    assert "site-packages" in (troef.__file__ or ""), troef.__file__


@pytest.mark.skipif(EXPECT_COMPILED, reason="the compiled wheel's own run")
def test_an_editable_install_runs_the_source() -> None:
    """The README's set-up (``pip install -e``) runs the engine from src/, so edits take effect."""
    assert not troef.compiled()


def test_cards_and_actions_behave_the_same_compiled_or_not() -> None:
    """`Card` subclasses int, so it stays an ordinary class (see `troef.core.native.python_class`);
    `Action` is interned and immutable, a native class where compiled."""
    card = troef.Card.parse("10h")
    assert isinstance(card, int) and str(card) == "TH" and card.suit == 1 and card.rank == 8
    action = troef.parse_action("play th")
    assert action is troef.Action("play TH") and action == "play TH"
    with pytest.raises(AttributeError):
        action.text = "pass"
    assert hasattr(troef.Action, "__mypyc_attrs__") is troef.compiled()  # native where compiled
    assert not hasattr(troef.Card, "__mypyc_attrs__")
    state = troef.load_game("rififi", players=4).deal(seed=3)
    copy = state.clone()
    assert copy.game is state.game and copy.phase == state.phase and copy.record() == state.record()
