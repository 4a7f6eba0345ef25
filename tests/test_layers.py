"""DESIGN.md's layering: the engine imports only the standard library, and never the command line."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "troef"
ENGINE = sorted(
    p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] not in ("cli", "__main__.py")
)


def imported_modules(source: str, package: tuple[str, ...]) -> set[str]:
    """Top-level names of absolute imports, and ``troef.X`` for relative ones made from ``package``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = [*base, *(node.module or "").split(".")] if node.module else list(base)
                found.add(".".join(target[:2]))
            elif node.module:
                found.add(node.module.split(".")[0])
    return found


def module_imports(path: Path) -> set[str]:
    package = path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    return imported_modules(path.read_text(encoding="utf-8"), package)


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_module_uses_only_the_standard_library(path: Path) -> None:
    outside = {
        name
        for name in module_imports(path)
        if not name.startswith("troef") and name not in sys.stdlib_module_names and name != "__future__"
    }
    assert outside == set(), f"{path.name} imports {sorted(outside)}"


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_never_imports_the_command_line(path: Path) -> None:
    assert "troef.cli" not in module_imports(path)


def test_the_checker_sees_third_party_and_cli_imports() -> None:
    source = "import rich.console\nfrom ...cli import main\nfrom .. import cards\nfrom typer import Typer\n"
    assert imported_modules(source, ("troef", "games", "rififi")) == {
        "rich",
        "troef.cli",
        "troef.games",
        "typer",
    }
