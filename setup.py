"""Builds troef, with its engine compiled by mypyc where that works (pyproject.toml holds the metadata).

A wheel (``pip wheel .``, ``python -m build``) or a plain install (``pip install .``) compiles the engine's
modules (`ENGINE`) to C extensions; the same ``.py`` files ship beside them.  An editable install
(``pip install -e .``) stays pure Python, so edits take effect.  Without a working C compiler, or without
mypyc, the build says so and falls back to pure Python; ``TROEF_PURE=1`` asks for pure Python.
``troef --version`` tells which engine an installation runs.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
# The engine: cards, tricks, the core protocol and the match, every game's rules and state, and the players
# layer (heuristics, world sampling, play-outs, search, endgames).  The interfaces (cli, web, present,
# session, fair deals) and the arena stay Python: they spend their time elsewhere.  So do the packages'
# __init__ modules (registries and re-exports): mypyc would give a compiled package a wrong __path__ when
# its shared library sits inside troef/.
ENGINE = ("core", "games", "players")
# Never compiled: the arena; native.py, which stands in for mypy_extensions at run time; options.py, whose
# `Rules` derives from the Mapping ABC (see native.py's `python_class`); and the views' TypedDicts, whose
# annotations tests and tools read (a compiled module's are strings it cannot resolve).
PURE = (
    "players/arena/*",
    "core/native.py",
    "core/options.py",
    "core/views.py",
    "games/*/view.py",
    "games/fair.py",
)
# setup.py commands that build no extension: metadata, source distributions and editable installs.
NO_BUILD = {"egg_info", "dist_info", "sdist", "editable_wheel", "develop", "--version", "--name"}


def say(text: str) -> None:
    print(f"troef: {text}", file=sys.stderr, flush=True)


def engine_files() -> list[str]:
    root = SRC / "troef"
    files: list[Path] = []
    for entry in ENGINE:
        path = root / entry
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return [
        str(f.relative_to(HERE))
        for f in files
        if f.name != "__init__.py" and not any(f.relative_to(root).match(p) for p in PURE)
    ]


def compiler_works() -> bool:
    """Whether the C compiler that would build the extensions compiles a file that includes Python.h."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler: Any = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("#include <Python.h>\nint troef_probe(void) { return 0; }\n")
        try:
            compiler.compile([str(source)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]])
        except Exception as e:  # CompileError, a missing compiler (DistutilsExecError, OSError), ...
            say(f"no working C compiler ({type(e).__name__}: {e})".strip())
            return False
    return True


def compiled_extensions() -> list[Extension]:
    """The engine's extension modules, or none (pure Python) where they cannot or should not be built."""
    if len(sys.argv) < 2 or NO_BUILD.intersection(sys.argv[1:]):
        return []  # metadata or an editable install: nothing to compile
    if os.environ.get("TROEF_PURE", "") not in ("", "0"):
        say("TROEF_PURE is set: building the pure-Python engine")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as e:
        say(f"WARNING: mypyc is not available ({e}): building the pure-Python engine")
        return []
    if not compiler_works():
        say("WARNING: building the pure-Python engine (it runs the same, only slower)")
        return []
    say("compiling the engine with mypyc")
    # One shared library, troef/engine__mypyc, holds the compiled modules; each module's own extension
    # is a small stub that loads it.
    try:
        extensions: list[Extension] = mypycify(
            engine_files(), opt_level="3", debug_level="0", group_name="troef.engine"
        )
    except (Exception, SystemExit) as e:  # mypyc reports errors in the source by exiting
        say(f"WARNING: mypyc could not compile the engine ({type(e).__name__}: {e})")
        say("WARNING: building the pure-Python engine (it runs the same, only slower)")
        return []
    return extensions


class BuildExt(build_ext):
    """Builds the compiled engine; if compiling fails, says so and leaves the pure-Python engine."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:
            say(f"WARNING: compiling the engine failed ({type(e).__name__}: {e})")
            say("WARNING: building the pure-Python engine (it runs the same, only slower)")
            for ext in self.extensions:  # no half-built engine: the .py files are there
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []


def clear_stale_builds() -> None:
    """setuptools packs whatever an earlier build left in build/lib*: compiled modules there would end up
    in a pure build, or stale ones in a compiled build."""
    if len(sys.argv) > 1 and not NO_BUILD.intersection(sys.argv[1:]):
        for old in (HERE / "build").glob("lib.*"):
            shutil.rmtree(old, ignore_errors=True)


os.chdir(HERE)  # mypyc takes paths relative to the project
clear_stale_builds()
setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": BuildExt})
