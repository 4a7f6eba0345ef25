"""Game plugins (`troef.games.plugins`): a game an installed distribution names in the entry point group
``troef.games`` is registered once per process (the test game, minitrick, as such a plugin)."""

from __future__ import annotations

from pathlib import Path

import pytest

import minitrick
from troef.games import plugins
from troef.games.plugins import load_plugins


def test_an_installed_game_plugin_is_registered_once_per_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    monkeypatch.setattr(minitrick, "register", lambda: calls.append("registered"))
    monkeypatch.setattr(plugins, "_loaded", set())
    assert load_plugins() == [] and calls == []
    for folder in minitrick.plugin_path(tmp_path):
        monkeypatch.syspath_prepend(folder)
    assert load_plugins() == ["minitrick"] and calls == ["registered"]
    assert load_plugins() == [] and calls == ["registered"]
