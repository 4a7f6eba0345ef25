"""The table server's single writer: every table's creation, events and finish waiting at one moment go
into one transaction of the `Store` (a group commit), in a thread of its own (reads of the store waiting for
the shared threads never hold up a commit), and each caller learns what refused its
own part, if anything, once all of it is durable."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from prometheus_client import Histogram

from .store import Event, Store, StoreError, TableRow, Writes


@dataclass(frozen=True)
class _Write:
    """A table's part of the next group commit: its creation, its events or its finish."""

    table_id: str
    done: asyncio.Future[StoreError | None]
    events: tuple[Event, ...] = ()
    row: TableRow | None = None
    finished: bool = False


class GroupWriter:
    """Commits every waiting write of every table together; ``seconds``: the commits' durations."""

    def __init__(self, store: Store, seconds: Histogram) -> None:
        self.store = store
        self.seconds = seconds
        self._writes: asyncio.Queue[_Write] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="troef-writer")

    async def write(
        self,
        table_id: str,
        *,
        events: tuple[Event, ...] = (),
        row: TableRow | None = None,
        finished: bool = False,
    ) -> StoreError | None:
        """Store the table's creation, events or finish in the next group commit: what refused it, if
        anything."""
        if self._task is None:  # started by the first write (tables may be made before the server starts)
            self._task = asyncio.create_task(self._run())
        done: asyncio.Future[StoreError | None] = asyncio.get_running_loop().create_future()
        self._writes.put_nowait(_Write(table_id, done, events, row, finished))
        return await done

    async def stop(self) -> None:
        """Stop writing (every write answered so far is stored)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        await asyncio.to_thread(self._thread.shutdown)  # a commit under way ends first

    async def _run(self) -> None:
        while True:
            writes = [await self._writes.get()]
            while not self._writes.empty():
                writes.append(self._writes.get_nowait())
            group = Writes(
                created=[write.row for write in writes if write.row is not None],
                appended={write.table_id: write.events for write in writes if write.events},
                finished=[write.table_id for write in writes if write.finished],
            )
            try:
                with self.seconds.time():
                    loop = asyncio.get_running_loop()
                    failed = await loop.run_in_executor(self._thread, self.store.write, group)
            except Exception as error:
                for write in writes:
                    write.done.set_exception(error)
                continue
            for write in writes:
                write.done.set_result(failed.get(write.table_id))
