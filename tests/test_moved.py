"""The modules that moved into the layers' folders keep their old names: imports, attributes and
``python -m`` by an old name reach the very module at its new place."""

from __future__ import annotations

import importlib
import importlib.resources

import pytest

import troef
from troef.moved import MOVED, OldNames, new_name

pytestmark = pytest.mark.engine

EXTRAS = {"troef.web": "starlette", "troef.rl.train": "torch", "troef.rl": "numpy"}
"""What an interface needs beyond the engine, to be imported."""


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_name_imports_the_module_at_its_new_place(old: str) -> None:
    needs = next((extra for name, extra in EXTRAS.items() if old.startswith(name)), None)
    if needs is not None:
        pytest.importorskip(needs)
    assert importlib.import_module(old) is importlib.import_module(MOVED[old])


def test_a_module_imported_by_its_old_name_keeps_its_own_spec() -> None:
    """The import system gives a module the spec it was found by: the old name's would make a package
    look like a plain module (`importlib.resources` then refuses it)."""
    package = importlib.import_module("troef.cli")
    assert package.__spec__ is not None and package.__spec__.name == "troef.interfaces.cli"
    assert package.__spec__.submodule_search_locations
    assert importlib.resources.files("troef.interfaces.cli").joinpath("main.py").is_file()


def test_a_name_below_an_old_one_is_the_same_module() -> None:
    from troef.interfaces.cli.replay import run_replay

    assert importlib.import_module("troef.cli.replay").run_replay is run_replay
    assert new_name("troef.web.static") == "troef.interfaces.web.static"
    assert new_name("troef.games") is None and new_name("troef.webby") is None


def test_the_old_module_attributes_and_the_replay_function_live_side_by_side() -> None:
    start_state = importlib.import_module("troef.replay").start_state  # the module by its old name ...
    assert callable(troef.replay) and troef.replay.__module__ == "troef.games.replay"  # ... not this
    assert start_state is troef.games.replay.start_state
    assert troef.match.Match is troef.core.match.Match
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        troef.nothing  # noqa: B018


def test_python_dash_m_finds_a_module_by_its_old_name() -> None:
    """runpy (``python -m``) runs the code the finder gives: the module's own, from its new place."""
    code = OldNames().get_code("troef.cli.main")
    assert code is not None and code.co_filename.endswith("interfaces/cli/main.py")
    assert OldNames().get_code("troef.cli.nothing") is None
