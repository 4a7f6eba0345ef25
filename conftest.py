"""pytest's settings for the whole repository.  `troef.interfaces.rl.learned.train` imports torch
(``troef[train]``), which the test extra does not install: without torch, its module is left out of the
doctest collection (it has no doctests; ``tests/test_rl_learned.py`` skips its training test)."""

from __future__ import annotations

from importlib.util import find_spec

collect_ignore: list[str] = (
    [] if find_spec("torch") is not None else ["src/troef/interfaces/rl/learned/train.py"]
)
