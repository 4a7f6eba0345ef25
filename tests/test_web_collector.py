"""The server's collector (`troef.interfaces.web.serve`): the youngest generation is collected by time, so
that under load its collections stay small instead of coming seldom and walking everything since."""

from __future__ import annotations

import asyncio
import gc

import pytest

from troef.interfaces.web import serve


def test_the_youngest_generation_is_collected_every_quarter_second(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "YOUNG_EVERY", 0.01)
    thresholds = gc.get_threshold()
    gc.set_threshold(10**9, 10**9, 10**9)  # the collector's own collections never come meanwhile
    try:
        before = gc.get_stats()[0]["collections"]

        async def run() -> None:
            collecting = asyncio.create_task(serve._collect_young())
            await asyncio.sleep(0.2)
            collecting.cancel()

        asyncio.run(run())
        assert gc.get_stats()[0]["collections"] - before >= 5
    finally:
        gc.set_threshold(*thresholds)
