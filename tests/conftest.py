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

from collections import Counter

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test has a node id of its own: pytest-xdist's ``--dist loadfile`` (the README's test command)
    keeps one test of each id and drops the rest without a word.  Under pytest 9 Schemathesis gives every
    API operation's test (``tests/test_web_openapi.py``) the test function's id, so each gets its
    operation as its parameter; any other ids shared stop the run."""
    for item in items:
        label = getattr(item, "operation_label", None)
        if isinstance(label, str) and not item.nodeid.endswith(f"[{label}]"):
            item._id = item._id.with_params(label)
    shared = [nodeid for nodeid, count in Counter(item.nodeid for item in items).items() if count > 1]
    if shared:
        raise pytest.UsageError(f"tests that share a node id (only one of each would run): {shared[:5]}")
