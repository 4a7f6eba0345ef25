"""The old names of the modules that moved into the layers' folders: ``troef.cards`` is now
``troef.core.cards``, ``troef.web`` is ``troef.interfaces.web``, and so on.  Imports and attributes by an
old name give the very module at its new place, so code written against earlier troefs keeps working.

>>> import troef
>>> from troef.match import Match
>>> Match is troef.core.match.Match
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import CodeType, ModuleType
from typing import Final

MOVED: Final = {
    "troef.cards": "troef.core.cards",
    "troef.tricks": "troef.core.tricks",
    "troef.match": "troef.core.match",
    "troef.replay": "troef.games.replay",
    "troef.fair": "troef.games.fair",
    "troef.players.kit": "troef.players.shared.kit",
    "troef.players.playouts": "troef.players.shared.playouts",
    "troef.players.worlds": "troef.players.shared.worlds",
    "troef.cli": "troef.interfaces.cli",
    "troef.web": "troef.interfaces.web",
    "troef.rl.kit": "troef.interfaces.rl.shared.kit",
    "troef.rl.vector": "troef.interfaces.rl.shared.vector",
    "troef.rl.train": "troef.interfaces.rl.learned.train",
    "troef.rl": "troef.interfaces.rl",
}
"""Each moved module's old name and its new one (a name stands for everything below it too; the first
that matches wins)."""


def new_name(name: str) -> str | None:
    """The new name of the module once called ``name``; None for a module that did not move."""
    for old, new in MOVED.items():
        if name == old or name.startswith(old + "."):
            return new + name[len(old) :]
    return None


class OldNames(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds a module by its old name and gives the module imported by its new one."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        return None if new_name(fullname) is None else importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(new_name(spec.name) or spec.name)
        spec.loader_state = module.__spec__  # the import system sets the old name's spec on the module next
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module ran under its new name; it gets its own spec back (a package stays
        one, for `importlib.resources` and the imports below it)."""
        if module.__spec__ is not None and module.__spec__.loader is self:
            module.__spec__ = module.__spec__.loader_state

    def get_code(self, fullname: str) -> CodeType | None:
        """The module's code, for ``python -m`` by its old name."""
        spec = importlib.util.find_spec(new_name(fullname) or fullname)
        if spec is None or not isinstance(spec.loader, importlib.abc.InspectLoader):
            return None
        return spec.loader.get_code(spec.name)


def install() -> None:
    """Answer imports by the old names.  The modules already imported are filed under their old names at
    once, so that importing one never replaces a same-named attribute of `troef` (``troef.replay``, the
    function)."""
    for old, new in MOVED.items():
        if new in sys.modules:
            sys.modules.setdefault(old, sys.modules[new])
    if not any(isinstance(finder, OldNames) for finder in sys.meta_path):
        sys.meta_path.insert(0, OldNames())


def attribute(name: str) -> ModuleType:
    """The module once reached as ``troef.<name>``; AttributeError for any other name."""
    new = MOVED.get(f"troef.{name}")
    if new is None:
        raise AttributeError(f"module 'troef' has no attribute {name!r}")
    return importlib.import_module(new)
