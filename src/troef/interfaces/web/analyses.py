"""Round analyses at the table server: ``GET /api/tables/{id}/rounds/{k}/analysis`` weighs every decision
of a finished round (`troef.analysis`) in the bots' search processes, after every bot's move
(`BotRunner.analyse`). A table's rounds are analysed one at a time and each once (the answer is kept); an
address may start `PER_HOUR` analyses an hour. A round still in play is never analysed: only the sheet's
rounds are."""

from __future__ import annotations

import asyncio
import json
from collections import Counter, OrderedDict
from collections.abc import Mapping
from typing import Any, Final

from ...present import Seen
from .bots import BotRunner
from .limits import Window
from .seats import NoSuchTable, TooMany
from .table import Table

PER_HOUR: Final = 20
"""Analyses an address may start an hour (one already made costs nothing)."""
KEPT: Final = 256
"""Analysed rounds kept (the least recently asked go)."""


class Analyses:
    """The analyses of the tables' finished rounds, thought in ``bots``' processes."""

    def __init__(self, bots: BotRunner, per_hour: int = PER_HOUR) -> None:
        self.bots = bots
        self._started = Window(per_hour, 3600.0)
        self._kept: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._tables: dict[str, asyncio.Lock] = {}
        self._asking: Counter[str] = Counter()

    async def of(self, table: Table, index: int, lang: str, address: str) -> dict[str, Any]:
        """Round ``index`` (from 0) of ``table`` analysed, told in ``lang``: `NoSuchTable` (404) for a round
        not finished, `TooMany` (429) when ``address`` has started its analyses of the hour."""
        sheet = table.session.match.sheet
        if not 0 <= index < len(sheet):
            raise NoSuchTable(f"round {index} of table {table.id} is not finished")
        key = table.id, index
        lock = self._tables.setdefault(table.id, asyncio.Lock())
        self._asking[table.id] += 1
        try:
            async with lock:  # one analysis at a time per table
                raw = self._kept.get(key)
                if raw is None:
                    if not self._started.allow(address):
                        raise TooMany(
                            f"at most {self._started.limit} round analyses an hour from one address"
                        )
                    record = table.session.match.records[index]
                    raw = self._kept[key] = json.loads(await self.bots.analyse(record))
                    while len(self._kept) > KEPT:
                        self._kept.popitem(last=False)
                self._kept.move_to_end(key)
        finally:
            self._asking[table.id] -= 1
            if not self._asking[table.id]:
                del self._asking[table.id], self._tables[table.id]
        return told(table, index, raw, lang)


def told(table: Table, index: int, raw: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """An analysis as the replay page shows it: per seat the points lost and the marks, and each marked
    moment with the step of the replay that shows it, the actions as the table lists them."""
    presenter = table.reads.models.presenter
    seen = Seen(table.game, None, lang, *table.reads.names())
    costliest = {(d["index"], d["seat"]) for d in raw["costliest"]}
    return {
        "round": index,
        "format": raw["format"],
        "thresholds": raw["thresholds"],
        "seats": [
            {"seat": s["seat"], "label": seen.labels[s["seat"]], "marks": s["marks"], "lost": s["lost"]}
            for s in raw["seats"]
        ],
        "moments": [
            {
                "step": d["index"] + 1,
                "seat": d["seat"],
                "label": seen.labels[d["seat"]],
                "action": presenter.choice(seen, d["action"]),
                "best": presenter.choice(seen, d["best"]),
                "loss": d["loss"],
                "mark": d["mark"],
                "costliest": (d["index"], d["seat"]) in costliest,
            }
            for d in raw["decisions"]
            if d["mark"]
        ],
    }
