"""The tables in memory: one lock a table while it is kept, and none left behind by a table dropped."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from test_web_table import body
from troef.interfaces.web.registry import Tables
from troef.interfaces.web.store import Store
from troef.interfaces.web.table import Table


async def loaded(table: Table) -> None:
    """Nothing to tell of a table replayed."""


def test_a_kept_table_has_one_lock_and_a_dropped_one_leaves_none(tmp_path: Path) -> None:
    """A presence change told after its table was dropped made the table a lock again, kept for good:
    600 locks in 5 minutes of a soak, one for every table that ended."""
    tables = Tables(Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}"), loaded)
    table = Table.create(body(), now=0.0).table
    tables.keep(table)
    kept = tables.lock(table.id)
    assert tables.lock(table.id) is kept
    gone = weakref.ref(kept)
    tables.forget(table.id)
    late = tables.lock(table.id)
    assert late is not tables.lock(table.id)  # nobody else changes a table no longer here
    del kept, late
    gc.collect()
    assert gone() is None
