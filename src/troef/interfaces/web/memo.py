"""`Memo`: an async function's answers per key, computed once for all who ask at the same moment and kept
for a short while, so that many pages polling one view cost one computation a period.

>>> import asyncio
>>> made = []
>>> async def square(n: int) -> int:
...     made.append(n)
...     await asyncio.sleep(0)
...     return n * n
>>> async def main() -> list[int]:
...     memo = Memo(square, age=60, size=8)
...     answers = await asyncio.gather(*(memo.get(3) for _ in range(5)))
...     memo.forget(3)
...     return [*answers, await memo.get(3)]
>>> asyncio.run(main()), made
([9, 9, 9, 9, 9, 9], [3, 3])
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Memo(Generic[K, V]):
    """``make(key)``'s answer, shared by the callers while it is computed and for ``age`` seconds after it
    started; at most ``size`` keys are kept (the least recently asked go). A failure is not kept."""

    def __init__(self, make: Callable[[K], Awaitable[V]], *, age: float, size: int) -> None:
        self._make = make
        self._age = age
        self._size = size
        self._kept: OrderedDict[K, tuple[float, asyncio.Future[V]]] = OrderedDict()

    async def get(self, key: K) -> V:
        now = asyncio.get_running_loop().time()
        kept = self._kept.get(key)
        if kept is None or now - kept[0] > self._age:
            kept = now, asyncio.ensure_future(self._make(key))
            kept[1].add_done_callback(lambda done: done.cancelled() or done.exception())  # (retrieved)
            self._kept[key] = kept
            while len(self._kept) > self._size:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        try:
            return await asyncio.shield(kept[1])  # one caller gone does not cancel the others' answer
        except Exception:
            if self._kept.get(key) is kept:
                del self._kept[key]
            raise

    def forget(self, key: K) -> None:
        """The next `get` of ``key`` computes afresh (its data changed)."""
        self._kept.pop(key, None)
