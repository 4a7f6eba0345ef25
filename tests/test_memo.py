"""`Memo`: one computation for the callers of a moment, kept for its age, a failure never kept."""

from __future__ import annotations

import asyncio

import pytest

from troef.interfaces.web.memo import Memo


def test_an_answer_is_shared_while_fresh_and_made_again_once_old() -> None:
    made: list[str] = []

    async def make(key: str) -> int:
        made.append(key)
        await asyncio.sleep(0.01)
        return len(made)

    async def main() -> list[int]:
        memo: Memo[str, int] = Memo(make, age=0.05, size=1)
        first = await asyncio.gather(memo.get("a"), memo.get("a"))
        again = await memo.get("a")
        await asyncio.sleep(0.06)
        old = await memo.get("a")
        other = await memo.get("b")  # size 1: "a" goes
        return [*first, again, old, other, await memo.get("a")]

    assert asyncio.run(main()) == [1, 1, 1, 2, 3, 4]
    assert made == ["a", "a", "b", "a"]


def test_a_failure_reaches_every_caller_and_is_not_kept() -> None:
    calls = 0

    async def make(key: str) -> int:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0)
        if calls == 1:
            raise ValueError("the store is away")
        return calls

    async def main() -> int:
        memo: Memo[str, int] = Memo(make, age=60, size=4)
        failed = await asyncio.gather(memo.get("a"), memo.get("a"), return_exceptions=True)
        assert [type(f) for f in failed] == [ValueError, ValueError]
        return await memo.get("a")

    assert asyncio.run(main()) == 2


def test_a_caller_cancelled_does_not_cancel_the_others() -> None:
    async def make(key: str) -> str:
        await asyncio.sleep(0.02)
        return key * 2

    async def main() -> str:
        memo: Memo[str, str] = Memo(make, age=60, size=4)
        gone = asyncio.ensure_future(memo.get("x"))
        await asyncio.sleep(0)
        gone.cancel()
        with pytest.raises(asyncio.CancelledError):
            await gone
        return await memo.get("x")

    assert asyncio.run(main()) == "xx"
