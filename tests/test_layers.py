"""DESIGN.md's layering: data flows one way, core -> games (rules) -> players and present -> session ->
interfaces (cli, web, rl); nothing imports an interface, and everything below the interfaces imports only
the standard library.  The tree shows the layers: each is one folder (the session one module), with no
import cycle between them, and troef's own plugins are declared where this test reads them."""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Callable
from graphlib import CycleError, TopologicalSorter
from pathlib import Path
from typing import Final

import pytest

from troef.games import plugins
from troef.players import PLUGIN_GROUP

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "troef"
MODULES = sorted(PACKAGE.rglob("*.py"))

LAYERS: Final = {
    "core": ("troef.core",),
    "games": ("troef.games",),
    "players": ("troef.players",),
    "analysis": ("troef.analysis",),
    "present": ("troef.present",),
    "session": ("troef.session",),
    "cli": ("troef.interfaces.cli", "troef.__main__"),
    "web": ("troef.interfaces.web",),
    "rl": ("troef.interfaces.rl",),
    "package": ("troef",),
}
"""Each layer's modules (a name stands for the module and everything below it): one folder each, but for
the session (one module) and ``python -m troef``'s door, which must sit at the root."""
ALLOWED: Final = {
    "core": {"core"},
    "games": {"core", "games"},
    "players": {"core", "games", "players"},
    "analysis": {"core", "games", "players", "analysis"},
    "present": {"core", "games", "present"},
    "session": {"core", "games", "players", "present", "session"},
    "cli": {"core", "games", "players", "analysis", "present", "session", "cli", "web"},
    "web": {"core", "games", "players", "analysis", "present", "session", "web"},
    "rl": {"core", "games", "players", "present", "session", "rl"},
    "package": {"core", "games", "package"},
}
"""What each layer may import: the layers below it and itself; `troef/__init__.py` is the library's
front door over the rules, and the command line may start the web interface (`troef serve`, importing it
only when it runs, since the server is an extra)."""
INTERFACES: Final = frozenset({"cli", "web", "rl"})
PLUGINS: Final = {PLUGIN_GROUP: "players", plugins.PLUGIN_GROUP: "games"}
"""The entry-point groups troef reads, and the layer that loads each: a plugin builds on that layer."""
PYPROJECT: Final = PACKAGE.parent.parent / "pyproject.toml"


def layer_of(module: str) -> str:
    """The layer of a dotted module name inside troef (the longest matching prefix wins)."""
    best = max(
        (
            prefix
            for prefixes in LAYERS.values()
            for prefix in prefixes
            if module == prefix or module.startswith(prefix + ".")
        ),
        key=len,
    )
    return next(name for name, prefixes in LAYERS.items() if best in prefixes)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(source: str, package: tuple[str, ...], run_time: bool = False) -> set[str]:
    """Dotted names of the modules ``source`` imports (relative ones resolved from ``package``); for an
    ``from X import name``, both ``X`` and ``X.name`` (the name may be a module).  ``run_time``: leave out
    the imports under ``if TYPE_CHECKING:``, which only the type checker (and mypyc) reads."""
    found: set[str] = set()
    tree = ast.parse(source)
    if run_time:
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and ast.unparse(node.test) in (
                "TYPE_CHECKING",
                "typing.TYPE_CHECKING",
            ):
                node.body = [ast.Pass()]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level + 1])
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names if alias.name != "*")
    return found


def package_of(path: Path) -> tuple[str, ...]:
    name = module_name(path)
    return tuple(name.split(".")) if path.name == "__init__.py" else tuple(name.split(".")[:-1])


def wrong_imports(name: str, package: tuple[str, ...], source: str) -> set[str]:
    """The troef modules that module ``name`` imports from a layer it may not import."""
    allowed = ALLOWED[layer_of(name)]
    found = imported_modules(source, package)
    return {m for m in found if m.split(".")[0] == "troef" and layer_of(m) not in allowed}


def test_every_module_belongs_to_a_layer() -> None:
    for path in MODULES:
        assert layer_of(module_name(path)) in ALLOWED


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_imports_only_its_own_layer_and_those_below(path: Path) -> None:
    wrong = wrong_imports(module_name(path), package_of(path), path.read_text(encoding="utf-8"))
    assert wrong == set(), f"{module_name(path)} ({layer_of(module_name(path))}) imports {sorted(wrong)}"


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if layer_of(module_name(p)) not in INTERFACES],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_below_the_interfaces_only_the_standard_library(path: Path) -> None:
    outside = {
        m.split(".")[0]
        for m in imported_modules(path.read_text(encoding="utf-8"), package_of(path), run_time=True)
        if m.split(".")[0] not in ("troef", "__future__") and m.split(".")[0] not in sys.stdlib_module_names
    }
    assert outside == set(), f"{module_name(path)} imports {sorted(outside)}"


def test_imports_for_the_type_checker_only_are_not_run_time_imports() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import mypy_extensions\nimport json\n"
    assert "mypy_extensions" in imported_modules(source, ("troef",))
    assert imported_modules(source, ("troef",), run_time=True) == {"typing", "typing.TYPE_CHECKING", "json"}


def test_the_checker_resolves_relative_imports_and_sees_third_party_ones() -> None:
    source = "import rich.console\nfrom ...interfaces.cli import main\nfrom .. import cards\nimport typer\n"
    found = imported_modules(source, ("troef", "games", "rififi"))
    assert {
        "rich.console",
        "troef.interfaces.cli",
        "troef.interfaces.cli.main",
        "troef.games",
        "troef.games.cards",
        "typer",
    } <= found
    assert layer_of("troef.interfaces.cli.main") == "cli" and layer_of("troef.games.rififi.state") == "games"
    assert layer_of("troef.core.cards") == "core" and layer_of("troef") == "package"


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("troef.games.rififi.rules", "from ...players.rififi.worlds import sample_world"),
        ("troef.present.table", "from ..session import Session"),
        ("troef.session", "from .cli.table import make_table"),
        ("troef.players.search", "import troef.present"),
        ("troef.core.game", "from ..games import load_game"),
        ("troef.interfaces.web.app", "from ..cli.main import app"),
        ("troef.core.cards", "from ..games import GAMES"),
    ],
)
def test_the_checker_catches_an_import_against_the_flow(name: str, source: str) -> None:
    package = tuple(name.split(".")[:-1])
    assert wrong_imports(name, package, source) != set()
    assert wrong_imports(name, package, "from troef.core.errors import TroefError") == set()


def test_each_layer_is_one_folder_of_the_tree() -> None:
    for layer, prefixes in LAYERS.items():
        for prefix in prefixes:
            path = PACKAGE.parent.joinpath(*prefix.split("."))
            assert path.is_dir() or path.with_suffix(".py").is_file(), f"{layer}: no {prefix} in the tree"
    folders = [prefix for prefixes in LAYERS.values() for prefix in prefixes if prefix != "troef"]
    assert not [(a, b) for a in folders for b in folders if b.startswith(a + ".")], "a layer inside another"


def node_of(module: str) -> str:
    """The folder of a troef module (relative to src/troef), or the module itself where it sits at root."""
    names = {module_name(path): path for path in MODULES}
    while module not in names:  # ``from .x import name``: the longest prefix that is a module
        module = module.rpartition(".")[0]
    path = names[module]
    folder = path.parent.relative_to(PACKAGE)
    return module if folder == Path() and path.name != "__init__.py" else str(folder)


def import_graph(node: Callable[[str], str]) -> dict[str, set[str]]:
    """Who imports whom at run time (the type checker's imports aside), between ``node``s of modules."""
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        here = node(module_name(path))
        imported = imported_modules(path.read_text(encoding="utf-8"), package_of(path), run_time=True)
        there = {node(m) for m in imported if m.split(".")[0] == "troef"}
        graph.setdefault(here, set()).update(there - {here})
    return graph


@pytest.mark.parametrize("node", [layer_of, node_of], ids=["layers", "folders"])
def test_no_import_cycle_between_folders(node: Callable[[str], str]) -> None:
    try:
        order = list(TopologicalSorter(import_graph(node)).static_order())
    except CycleError as cycle:
        pytest.fail(f"an import cycle: {' -> '.join(cycle.args[1])}")
    assert len(order) > 8


def test_troefs_own_plugins_are_declared_and_build_on_the_layer_that_loads_them() -> None:
    """The learned bot reaches the players layer as a plugin, declared in pyproject.toml: the players
    layer never imports it; the plugin imports the players layer's protocol, as any plugin would."""
    declared = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["entry-points"]
    assert declared == {"troef.bots": {"learned": "troef.interfaces.rl.learned:PLUGIN"}}
    for group, entries in declared.items():
        loader = PLUGINS[group]
        for target in entries.values():
            module = target.partition(":")[0]
            assert PACKAGE.parent.joinpath(*module.split(".")).is_dir()
            assert loader in ALLOWED[layer_of(module)], f"{module} may not build on {loader}"
            assert layer_of(module) not in ALLOWED[loader], f"{loader} could import {module} itself"
