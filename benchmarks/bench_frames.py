"""What the table server's state frames cost: the CPU of one version's frames for four seated humans.

A table of Rififi ``oh-hell`` (8 tricks, four human seats, each with a connection) plays 12 rounds of
random legal actions through `troef.interfaces.web.table.Table` alone (no sockets, no database). After every
version the four seats' frames are built as the server sends them, and their CPU time is summed. On a
troef that has ``Table.frame_texts`` (the shared parts encoded once) that is what is timed; on an older
one, ``json.dumps`` of each ``Table.frame`` with its ``now``, as its server did. So the same script
measures before and after:

    python benchmarks/bench_frames.py                                   # this checkout
    PYTHONPATH=<a checkout of an older troef>/src python benchmarks/bench_frames.py
"""

from __future__ import annotations

import json
import random
import time
from typing import Any, Final

from troef.interfaces.web.connection import Connection
from troef.interfaces.web.table import Outcome, Table

ROUNDS: Final = 12
SEATS: Final = 4
BODY: Final = {
    "game": "rififi",
    "rules": {"preset": "oh-hell", "tricks": 8},
    "players": SEATS,
    "rounds": 20,
    "seats": [{"kind": "human", "name": f"Player {k}"} for k in range(SEATS)],
    "away_limit": 3600,
}


def main() -> None:
    created = Table.create(BODY, now=0.0)
    table = created.table
    connections = [Connection() for _ in range(SEATS)]

    def run(outcome: Outcome) -> None:
        if outcome.events:
            table.apply(outcome.events)

    old: Any = getattr(created, "answer", None)  # older troefs made the POST answer itself
    tokens = [s["token"] for s in old["seats"]] if old is not None else list(created.tokens.values())
    for token, connection in zip(tokens, connections, strict=True):
        run(connection.receive(table, json.dumps({"type": "hello", "token": token}), now=0.0))
    reads: Any = getattr(table, "reads", table)  # older troefs kept the frames on the table itself
    texts = getattr(reads, "frame_texts", None)
    rng = random.Random(1)
    now = spent = 0.0
    versions = size = 0
    while len(table.session.match.sheet) < ROUNDS:
        now += 2
        if table.deal_due(now):
            run(table.deal(now=now))
        elif not table.session.in_play:
            for connection in connections:
                run(connection.receive(table, '{"type": "ready"}', now=now))
            continue
        else:
            seat = table.session.turn
            assert seat is not None
            view = table.session.view(seat)
            assert view is not None
            act = {"type": "act", "action": rng.choice(view["legal_actions"]), "version": table.version}
            run(connections[seat].receive(table, json.dumps(act), now=now))
        began = time.process_time()
        if texts is not None:
            frames = list(texts([(seat, None) for seat in range(SEATS)], now).values())
        else:
            frames = [
                json.dumps({**reads.frame(seat), "now": now}, separators=(",", ":")) for seat in range(SEATS)
            ]
        spent += time.process_time() - began
        versions += 1
        size += sum(map(len, frames))
    how = "frame_texts" if texts is not None else "json.dumps of each frame"
    print(
        f"{how}: {spent / versions * 1e6:.0f} us of CPU a version for {SEATS} frames of"
        f" {size / versions / SEATS:,.0f} bytes on average ({versions} versions, {ROUNDS} rounds)"
    )


if __name__ == "__main__":
    main()
