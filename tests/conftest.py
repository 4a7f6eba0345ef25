"""Shared test set-up: every registered game x preset x player count, for the generic suites.

A test function that takes the arguments ``game_name``, ``preset`` and ``players``
is run once for every game in `troef.GAMES`, every preset of it, and its
minimum, default and maximum number of players.  A game added to the registry
is covered by the conformance and hidden-information suites without any change
to them; the test game `minitrick` is registered here, so the suites play it too.  The minimum and
maximum numbers are marked slow: ``-m "not slow"``
plays every game and preset at its default number of players.
"""

from __future__ import annotations

import pytest

import minitrick
import troef


def pytest_configure(config: pytest.Config) -> None:
    minitrick.register()  # the test game (tests/minitrick/): every suite over troef.GAMES plays it too


def variants() -> list[tuple[str, str, int]]:
    """(game, preset, players) for every registered game and preset, at min, default and max players."""
    out: list[tuple[str, str, int]] = []
    for name, cls in troef.GAMES.items():
        counts = sorted({cls.min_players, cls.default_players, cls.max_players})
        for preset in cls.presets:
            out.extend((name, preset.name, n) for n in counts)
    return out


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if {"game_name", "preset", "players"} <= set(metafunc.fixturenames):
        metafunc.parametrize(
            ("game_name", "preset", "players"),
            [
                pytest.param(
                    g,
                    p,
                    n,
                    id=f"{g}-{p}-{n}p",
                    marks=() if n == troef.GAMES[g].default_players else pytest.mark.slow,
                )
                for g, p, n in variants()
            ],
        )
