"""The engine compiled or not: troef's engine modules are compiled to C extensions by mypyc when troef is
installed from a wheel or with ``pip install .`` (``setup.py``), and run as plain Python otherwise.  The
same source serves both, so the engine stays stdlib-only at run time.

This module is never compiled: it gives the engine, at run time, a stand-in for mypyc's class decorator
`mypyc_attr` (``mypy_extensions`` is a build-time tool, not a dependency), while mypy and mypyc see the real
one.  Compiled, a native class's ``@mypyc_attr(...)`` is never called; as Python it changes nothing.
"""

from __future__ import annotations

import importlib.machinery
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

T = TypeVar("T", bound=type)
C = TypeVar("C")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[C], C]:
        """mypyc's class options (e.g. ``allow_interpreted_subclasses=True``); changes nothing here."""
        return _unchanged


def _unchanged(cls: C) -> C:
    return cls


def python_class(cls: T) -> T:
    """Keep ``cls`` an ordinary Python class where mypyc compiles its module.

    mypyc makes the classes of a compiled module native (C) classes, except those with a class decorator
    it does not know, like this one, which changes nothing.  A class needs it where a native class cannot
    do what it does, such as subclass a built-in like ``int`` (`Card`).  Nor may a native class derive
    from a Python class such as ``abc.ABC``: mypyc then gives it a ``__dict__`` that, on CPython 3.11,
    leaves the garbage collector a dangling pointer (a crash).  So `Game` and `State` do not derive from
    ``ABC`` (mypy still checks their ``@abstractmethod``s), and ``core/options.py``, whose `Rules` is a
    ``Mapping``, is not compiled (``setup.py``).
    """
    return cls


def compiled() -> bool:
    """Whether the engine runs compiled by mypyc (its modules are C extensions), not as Python source.

    >>> compiled() in (True, False)
    True
    """
    from . import game  # compiled in a compiled build (this module never is)

    return (game.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
